"""First Strike: a model that charged an enemy and fights it makes one of its attacks before
the rest of the melee, and its damage lands first. A model with it that was charged makes one
of its Defensive Strikes first instead, against the charger. Either counts against the model's
normal attacks or Defensive Strikes.

Step 2 (``before_strikes``). Every strike made before the fight for one charge (this rule's,
Quick Strike's, Pike's) goes into a single group, so they are rolled together and their damage
is applied together: both sides strike at the same time when both have such a rule. Not used by
a model that took Frenzy attacks or strikes, nor on a fight flagged ``reach`` (an attack from
the Reach position, or a strike back at one).

The helpers below are shared with Quick Strike and Pike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10.abilities.frenzy import frenzy_taken
from game.rulesets.skirmish_d10.melee import Attack, Fight, Melee, effective_ma
from game.rulesets.skirmish_d10.rules import SpecialRule, register, rules_for


@dataclass(slots=True)
class ChargeStrikes:
    """The strikes made before the fight, grouped by charge (attacker, target)."""

    groups: dict[tuple[str, str], list[Attack]] = field(default_factory=dict)


def charge_group(melee: Melee, fight: Fight) -> list[Attack]:
    """The group of strikes made before the fight for this charge (created on first use)."""
    groups = melee.rule_state(ChargeStrikes).groups
    key = (fight.attacker, fight.target)
    if key not in groups:
        groups[key] = []
        melee.prestrikes.append(groups[key])
    return groups[key]


def ds_left(melee: Melee, d: Model) -> int:
    """Defensive Strikes ``d`` still has to spend, counting those already queued first."""
    queued = sum(1 for g in melee.prestrikes for a in g if a.attacker == d.name and a.kind != "attack")
    pool = effective_ma(d) - melee.ds_spent.get(d.name, 0) - queued
    for rule in rules_for(d.rules):
        pool = rule.ds_pool(melee, d, pool)
    return pool


def strike_first(melee: Melee, fight: Fight, rule: str, label: str) -> Step:
    """The charger's one attack before the fight (First Strike, Quick Strike)."""
    if fight.reach:
        yield ev.RuleApplied(rule, fight.attacker, "cannot be used from the Reach position",
                             fight.target)
        return
    if frenzy_taken(melee, fight.attacker):
        yield ev.RuleApplied(rule, fight.attacker, "cannot be used with Frenzy", fight.target)
        return
    group = charge_group(melee, fight)
    if any(a.kind == "attack" for a in group):
        return
    group.insert(0, Attack(fight.attacker, fight.target, "attack", fight, label, 1,
                           first_strike=True))


def defend_first(melee: Melee, fight: Fight, defender: Model, rule: str) -> Step:
    """A Defensive First Strike of the charged ``defender`` at the charger (First Strike,
    Pike). Whether it may strike back at all (Shock, Reach) is checked when it is rolled."""
    if frenzy_taken(melee, defender.name):
        yield ev.RuleApplied(rule, defender.name, "cannot be used with Frenzy", fight.attacker)
        return
    group = charge_group(melee, fight)
    if any(a.kind != "attack" for a in group) or ds_left(melee, defender) <= 0:
        return
    group.append(Attack(defender.name, fight.attacker, "defensive", None,
                        "defensive_first_strike", 1, first_strike=True))


@register
class FirstStrike(SpecialRule):
    name = "First Strike"
    summary = ("Charging, one of its attacks lands before the melee; charged, one Defensive "
               "Strike does.")
    description = ("When it charged the enemy it fights, one of its attacks is rolled before "
                   "the rest of the melee and its damage lands first. When it was charged, one "
                   "of its Defensive Strikes goes first instead, at the charger. If both sides "
                   "strike first, they strike at the same time. Not with Frenzy, and not from "
                   "the Reach position.")

    def before_strikes(self, melee: Melee, model: Model) -> Step:
        for f in melee.fights_by(model.name):
            if f.charged:
                yield from strike_first(melee, f, self.name, "first_strike")
        for f in melee.fights_against(model.name):
            if not f.charged:
                continue
            if f.reach:
                yield ev.RuleApplied(self.name, model.name,
                                     "cannot strike first at an attacker in the Reach position",
                                     f.attacker)
                continue
            yield from defend_first(melee, f, melee.model(model.name), self.name)

"""Disable: a model hit by the Disable model becomes Disabled at once (-1 MA, so one attack
and one Defensive Strike fewer, until the end of its next activation; see the condition). A
model hit again while already Disabled keeps the later of the two ends.

Because it happens the moment the hit lands, a model hit by the attacks of a Disable model's
Fight Action (step 3, or a strike before the fight) rolls one Defensive Strike fewer in step 4
of that same melee. A hit from a Defensive Strike disables the attacker too, which then lasts
through its next activation; a Defensive First Strike (step 2) that hits even costs the charger
one of its attacks of step 3, the condition being in force at once.

Other rules may switch the effect off (Trample): a hit does not disable when its fight has
``data["no_disable"]`` set, or when the pair ``(attacker, target)`` is in the melee's
``rule_state(DisableOff).pairs`` (both names are those of the hit: for a Defensive Strike the
attacker is the striking defender).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import Step
from game.rulesets.common.flow import activation, alternating
from game.rulesets.skirmish_d10 import conditions as C
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.rules import SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Hit, Melee

#: the key of a fight's data by which other rules switch Disable off for the whole fight
NO_DISABLE = "no_disable"


@dataclass(slots=True)
class DisableOff:
    """A melee's hits that cannot Disable: (attacker, target) pairs other rules name."""

    pairs: set[tuple[str, str]] = field(default_factory=set)


def disable_switched_off(melee: Melee, hit: Hit) -> bool:
    atk = hit.attack
    if atk.fight is not None and atk.fight.data.get(NO_DISABLE):
        return True
    return (atk.attacker, atk.target) in melee.rule_state(DisableOff).pairs


def _renew(melee: Melee, by: str, name: str) -> Step:
    """A model already Disabled since before its own current activation would lose the
    condition when this activation ends; hit again now, it stays Disabled until the end of its
    next one. In any other case the end does not move, and nothing changes."""
    s = melee.state
    t = s.models[name]
    since = t.conditions["disabled"].get("activation", 0)
    act = activation(s)
    if act is None or t.unit != act.unit or since >= alternating(s).activation_started_at:
        return
    yield ev.RuleApplied("Disable", by, f'keeps "{name}" Disabled through its next activation',
                         name)
    yield ev.ConditionAdded(name, "disabled", "Disable",
                            (("activation", s.events_applied), ("turn", s.turn)))


@register
class Disable(SpecialRule):
    name = "Disable"
    summary = ("A model it hits is Disabled at once: one attack and one Defensive Strike "
               "fewer.")
    description = ("Any model it hits becomes Disabled straight away (-1 MA until the end of "
                   "that model's next activation), so the effect can already cost it a "
                   "Defensive Strike in the same melee. Hit again while Disabled, it stays "
                   "Disabled until the later end.")

    def on_hit(self, melee: Melee, hit: Hit, role: str) -> Step:
        atk = hit.attack
        if role != "attacker" or atk.target == atk.attacker:
            return
        t = melee.model(atk.target)
        if not alive(t):
            return
        if disable_switched_off(melee, hit):
            yield ev.RuleApplied("Disable", atk.attacker,
                                 f'cannot Disable "{t.name}" with this hit', t.name)
            return
        if "disabled" in t.conditions:
            yield from _renew(melee, atk.attacker, t.name)
            return
        yield from C.add(melee.ctx, t.name, "disabled", "Disable")
        if atk.kind == "attack":
            yield ev.RuleApplied("Disable", atk.attacker,
                                 f'leaves "{t.name}" one Defensive Strike fewer in this melee',
                                 t.name)

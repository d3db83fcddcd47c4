"""Life Seize: when the model destroys an enemy in a melee (attacking or striking back), it may
try, as a Free Action, to drain it: d10 plus the victim's number of damage tracks, 10 or more,
heals the model 1 point of damage. Zombies cannot be drained. Each destroyed enemy can be
drained once, by one model. A Life Seize model that was itself destroyed in the melee may still
try, and a success keeps it on its last damage track.

Hook ``after_fight`` (step 6, before destroyed models leave the table). A model "destroys" an
enemy when it did damage to it in this melee and the enemy is destroyed; when several Life
Seize models did, the one whose damage finished it tries, else the first to have damaged it.
Used whenever it can help (no decision); not rolled by a model with no damage to heal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10.checks import d10_check, tracks
from game.rulesets.skirmish_d10.melee import Melee
from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, has_rule, register


@dataclass(slots=True)
class Drained:
    """The destroyed enemies already drained in this melee."""

    victims: set[str] = field(default_factory=set)


LIFE_SEIZE_TARGET = 10


def _may_seize(m: Model) -> bool:
    return m.on_table and m.damage > 0 and has_rule(m, "Life Seize")


def seizer(melee: Melee, victim: str) -> str | None:
    """The Life Seize model entitled to drain ``victim``, if any."""
    v = melee.model(victim)
    dealt = [by for t, by, kept, _src in melee.damage_done if t == victim and kept > 0 and by]
    ok = [n for n in dict.fromkeys(dealt)
          if melee.model(n).side != v.side and _may_seize(melee.model(n))]
    if not ok:
        return None
    last = melee.destroyed_by.get(victim)
    return last if last in ok else ok[0]


@register
class LifeSeize(SpecialRule):
    name = "Life Seize"
    summary = "After it destroys an enemy it may drain it to heal 1 damage."
    description = ("When it destroys an enemy in a melee it rolls a d10 and adds the victim's "
                   "number of damage tracks: 10 or more heals it 1 point of damage. This is a "
                   "free action. Zombies cannot be drained, and each destroyed enemy can be "
                   "drained only once.")

    def after_fight(self, melee: Melee, model: Model) -> Step:
        done = melee.rule_state(Drained).victims
        for victim in list(melee.destroyed):
            v = melee.model(victim)
            if victim in done or v.damage < tracks(v) or seizer(melee, victim) != model.name:
                continue
            done.add(victim)
            if v.has_keyword("zombie"):
                yield ev.RuleApplied(self.name, model.name, "cannot drain a Zombie", victim)
                continue
            yield ev.ActionTaken(model.name, "life_seize", victim, free=True)
            ok, _ = yield from d10_check(
                melee.ctx, "life_seize", model.name, [Mod("the victim's DT", tracks(v))],
                LIFE_SEIZE_TARGET, against=victim, yes="drained", no="failed",
            )
            if not ok:
                continue
            model = melee.model(model.name)
            was_down = model.damage >= tracks(model)
            yield ev.Healed(model.name, 1, "Life Seize")
            if was_down and model.name in melee.destroyed:
                melee.destroyed.remove(model.name)
                yield ev.RuleApplied(self.name, model.name, "stays on its last damage track")
            model = melee.model(model.name)
            if model.damage == 0:
                return

"""Vicious: a model the Vicious model damages must pass a Discipline Check or become Shaken.

A damaged model takes at most one such check per activation, however many points it lost and
however many Vicious models damaged it: the check leaves a flag on the damaged model that lasts
until the activation ends. The checks are taken in step 5, after all the damage of the melee
(strikes before the fight included) and its Tough rolls. Damage from Defensive Strikes counts
too. A model destroyed by the damage takes no check, nor does one that is already Shaken
(the check could change nothing); the flag is set anyway.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10 import conditions as C
from game.rulesets.skirmish_d10.checks import alive, discipline_check
from game.rulesets.skirmish_d10.rules import SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Melee

#: the flag on a damaged model that has taken its check this activation
FLAG = "vicious check taken"


@register
class Vicious(SpecialRule):
    name = "Vicious"
    summary = "A model it damages must pass a Discipline Check or be Shaken."
    description = ("Any model it damages, Defensive Strikes included, takes a Discipline Check "
                   "after the melee's damage and becomes Shaken if it fails; at most one such "
                   "check per model in an activation.")

    def after_damage(self, melee: Melee, model: Model) -> Step:
        for target, by, kept, _source in list(melee.damage_done):
            if by != model.name or kept <= 0 or target == model.name:
                continue
            t = melee.model(target)
            if not alive(t) or t.flag(FLAG):
                continue
            yield ev.FlagSet(target, FLAG, "activation")
            if "shaken" in t.conditions:
                yield ev.RuleApplied("Vicious", model.name,
                                     f'spares "{target}" the check: it is Shaken already', target)
                continue
            yield ev.RuleApplied("Vicious", model.name,
                                 f'makes "{target}" take a Discipline Check', target)
            ok = yield from discipline_check(melee.ctx, t, "Vicious")
            if not ok:
                yield from C.add(melee.ctx, target, "shaken", "Vicious")

"""Poison: an enemy model that takes damage from the Poison model becomes Poisoned (see the
condition: a roll at the end of each of its activations, 1 damage or the poison ends).
Models with the Zombie keyword are immune.

Applied in step 5 of the melee, after all the damage (strikes before the fight included) and
its Tough rolls, from any damage the model did: attacks, Defensive Strikes, extra points. A
model the damage destroyed gets nothing, and a model already Poisoned stays as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10 import conditions as C
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.rules import SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Melee

#: keyword of the models poison cannot touch
IMMUNE_KEYWORD = "zombie"


@register
class Poison(SpecialRule):
    name = "Poison"
    summary = "Enemies it damages become Poisoned."
    description = ("Any enemy that takes damage from it becomes Poisoned, unless the damage "
                   "destroyed it. Zombies are immune. A Poisoned model rolls at the end of "
                   "each of its activations and loses a damage track until the poison wears "
                   "off.")

    def after_damage(self, melee: Melee, model: Model) -> Step:
        done: set[str] = set()
        for target, by, kept, _source in list(melee.damage_done):
            if by != model.name or kept <= 0 or target in done:
                continue
            done.add(target)
            t = melee.model(target)
            if t.side == model.side or not alive(t) or "poisoned" in t.conditions:
                continue
            if t.has_keyword(IMMUNE_KEYWORD):
                yield ev.RuleApplied("Poison", model.name,
                                     f'cannot poison "{target}", a Zombie', target)
                continue
            yield from C.add(melee.ctx, target, "poisoned", "Poison")

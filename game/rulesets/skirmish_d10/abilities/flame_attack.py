"""Flame Attack: every model the Flame Attack model hits (attacks and Defensive Strikes,
friend or foe) becomes Burning (see the condition: 1 damage at the start of each of its
activations, then a roll to put the fire out).

Applied in step 5 of the melee, after the damage: a model the damage destroyed does not catch
fire, and a model already Burning stays as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10 import conditions as C
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.rules import SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Melee


@register
class FlameAttack(SpecialRule):
    name = "Flame Attack"
    summary = "Every model it hits, friend or foe, catches fire (Burning)."
    description = ("Any model it hits with an attack or a Defensive Strike becomes Burning "
                   "once the melee's damage is done, unless that damage destroyed it. Burning "
                   "models lose 1 damage track each time they activate until the fire goes "
                   "out.")

    def after_damage(self, melee: Melee, model: Model) -> Step:
        for h in list(melee.hits):
            target = h.attack.target
            if h.attack.attacker != model.name or target == model.name:
                continue
            t = melee.model(target)
            if alive(t) and "burning" not in t.conditions:
                yield from C.add(melee.ctx, target, "burning", "Flame Attack")

"""Mighty: every hit of the model, Defensive Strikes included, does 2 points of damage instead
of 1. The extra points of other rules (Cleave, Critical) are added on top: a Mighty hit that
also cleaves does 3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import Step
from game.rulesets.skirmish_d10.rules import SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Hit, Melee


@register
class Mighty(SpecialRule):
    name = "Mighty"
    summary = "Every hit it lands does 2 damage instead of 1."
    description = ("Each of its hits, Defensive Strikes included, does 2 points of damage. "
                   "Extra damage from Cleave or Critical comes on top.")

    def hit_damage(self, melee: Melee, hit: Hit) -> int:
        return 1

    def on_hit(self, melee: Melee, hit: Hit, role: str) -> Step:
        if role == "attacker":
            yield ev.RuleApplied("Mighty", hit.attack.attacker,
                                 f"hits for {hit.damage} points of damage", hit.attack.target)

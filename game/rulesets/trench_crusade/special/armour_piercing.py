"""ARMOUR PIERCING: the weapon lowers the target's Armour by 1 on its Injury Rolls."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.rulesets.common.rules import Mod
from game.rulesets.trench_crusade import constants as K
from game.rulesets.trench_crusade.rules import TrenchRule, register


@register
class ArmourPiercing(TrenchRule):
    """The target's Armour counts 1 less (never below 0) on this weapon's Injury Rolls."""

    name = "ARMOUR PIERCING"
    applies_to = "weapon"
    summary = "Weapon keyword: the target's Armour counts 1 less against its Injury Rolls."
    description = ("Injury Rolls from this weapon's attacks count the target's Armour as one "
                   "point weaker (an unarmoured target gains nothing from it). Together with "
                   "the other negative modifiers it can take off at most 3.")

    def injury_modifiers(self, target: Any, weapon: Any, armour: int) -> Iterable[Mod]:
        if armour:
            return (Mod("ARMOUR PIERCING", min(K.ARMOUR_PIERCING, -armour)),)
        return ()

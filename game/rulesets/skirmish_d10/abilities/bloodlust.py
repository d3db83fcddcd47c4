"""Bloodlust: the model's Attack Checks, its Defensive Strikes included, get +1 MAV against a
model that is already damaged (no longer on its first damage track). A target with the
Construct or Undead keyword never gives the bonus.

Whether the target is damaged is judged when the die is rolled: damage waiting for step 5 of
the melee does not count yet, damage already applied (strikes before the fight, an earlier
activation) does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Attack, Melee

#: keywords of models the bonus is never taken against
IMMUNE_KEYWORDS = ("construct", "undead")


@register
class Bloodlust(SpecialRule):
    name = "Bloodlust"
    summary = "+1 MAV against an enemy that is already wounded."
    description = ("Its Attack Checks, Defensive Strikes included, get +1 MAV against an enemy "
                   "that has already lost at least one damage track. Constructs and Undead "
                   "never give the bonus. Damage still waiting to be applied in the current "
                   "melee does not count yet.")

    def attack_mods(self, melee: Melee, atk: Attack, role: str) -> Iterable[Mod]:
        if role != "attacker":
            return ()
        t = melee.model(atk.target)
        if t.damage <= 0 or any(t.has_keyword(k) for k in IMMUNE_KEYWORDS):
            return ()
        return (Mod("Bloodlust", 1),)

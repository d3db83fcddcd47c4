"""Rage: +1 MAV on the model's first Attack Check against a model it charged this activation.

"First" means the first Attack Check this model rolls against that enemy in the melee: a
First Strike made on the charge is that first attack, and a re-roll of it (Weaponmaster) keeps
the bonus, being the same attack.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Attack, Melee


@register
class Rage(SpecialRule):
    name = "Rage"
    summary = "+1 MAV on its first attack against the model it charged."
    description = ("Its first Attack Check against a model it charged this activation gets +1 "
                   "MAV (a re-roll of that attack keeps the bonus).")

    def attack_mods(self, melee: Melee, atk: Attack, role: str) -> Iterable[Mod]:
        if role != "attacker" or atk.kind != "attack":
            return ()
        if not melee.charged(atk.attacker, atk.target):
            return ()
        if melee.attack_counts.get((atk.attacker, atk.target), 0) > 0:
            return ()
        return (Mod("Rage", 1),)

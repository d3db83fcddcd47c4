"""Vengeful: once an attack of an enemy's Fight Action has hit the model, its Defensive
Strikes against that enemy get +1 MAV.

Defensive Strikes come in step 4, after every attack of step 3 (and every strike before the
fight), so any hit of the attacker's fight counts. The bonus is +1 however many times it was
hit, and only against the attacker whose Fight Action hit it: the text ties the bonus to "that
Action", and each Fight Action of the Contact Zone is one attacker's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Attack, Melee


@register
class Vengeful(SpecialRule):
    name = "Vengeful"
    summary = "Strikes back with +1 MAV at an enemy whose attack hit it."
    description = ("Once an attack of an enemy's Fight Action has hit it, its Defensive "
                   "Strikes against that enemy get +1 MAV.")

    def attack_mods(self, melee: Melee, atk: Attack, role: str) -> Iterable[Mod]:
        if role != "attacker" or atk.kind != "defensive":
            return ()
        for h in melee.hits:
            a = h.attack
            if a.kind == "attack" and a.attacker == atk.target and a.target == atk.attacker:
                return (Mod("Vengeful", 1),)
        return ()

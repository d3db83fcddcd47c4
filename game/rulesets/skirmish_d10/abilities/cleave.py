"""Cleave: a hit whose Attack Check total beats the defender's DV by 3 or more does one more
point of damage. It counts on every hit the model lands, Defensive Strikes included, and adds
to the other extra points of the hit (Mighty, Critical).

A natural 10 that hits with a total below DV has a negative margin: no extra point.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import Step
from game.rulesets.skirmish_d10.rules import SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Hit, Melee

#: how far the total must be above DV
CLEAVE_MARGIN = 3


@register
class Cleave(SpecialRule):
    name = "Cleave"
    summary = "A hit that beats the target's DV by 3 or more does 1 more damage."
    description = ("Each hit whose Attack Check total is at least 3 over the defender's DV "
                   "does one extra point of damage, Defensive Strikes included. It adds to "
                   "other extra damage such as Mighty and Critical.")

    def hit_damage(self, melee: Melee, hit: Hit) -> int:
        return 1 if hit.margin >= CLEAVE_MARGIN else 0

    def on_hit(self, melee: Melee, hit: Hit, role: str) -> Step:
        if role == "attacker" and self.hit_damage(melee, hit):
            yield ev.RuleApplied("Cleave", hit.attack.attacker,
                                 f"beats DV {hit.dv} by {hit.margin}: 1 more point of damage",
                                 hit.attack.target)

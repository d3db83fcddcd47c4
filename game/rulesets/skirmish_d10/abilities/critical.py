"""Critical: a hit on a natural 10 does one more point of damage. When the model took the Focus
action this activation, a natural 9 that hits counts as well, for the attacks of its Fight
Action (Focus helps those only); Defensive Strikes keep the natural 10 alone.

The extra point adds to the other extra points of the hit (Mighty, Cleave).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import Step
from game.rulesets.skirmish_d10 import constants as K
from game.rulesets.skirmish_d10.rules import SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Hit, Melee

#: the lowest natural face that is critical after a Focus
FOCUSED_CRITICAL = 9


@register
class Critical(SpecialRule):
    name = "Critical"
    summary = "A natural 10 that hits does 1 more damage (a 9 too after Focus)."
    description = ("A hit rolled as a natural 10 does one extra point of damage. If the model "
                   "took the Focus action this activation, a natural 9 that hits does too, for "
                   "the attacks of its Fight Action (not its Defensive Strikes).")

    def hit_damage(self, melee: Melee, hit: Hit) -> int:
        lowest = K.NATURAL_HIT
        atk = hit.attack
        if atk.kind == "attack" and melee.focused(melee.model(atk.attacker)):
            lowest = FOCUSED_CRITICAL
        return 1 if hit.natural >= lowest else 0

    def on_hit(self, melee: Melee, hit: Hit, role: str) -> Step:
        if role == "attacker" and self.hit_damage(melee, hit):
            yield ev.RuleApplied("Critical", hit.attack.attacker,
                                 f"rolled a natural {hit.natural}: 1 more point of damage",
                                 hit.attack.target)

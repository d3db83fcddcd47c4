"""RISKY: a failed Success Roll with this weapon ends the model's activation."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from typing import Any

from game.core import events as ev
from game.core.ruleset import Step
from game.rulesets.trench_crusade.rules import TrenchRule, register


@register
class Risky(TrenchRule):
    """When an attack with this weapon fails its Success Roll, the activation ends."""

    name = "RISKY"
    applies_to = "weapon"
    summary = "Weapon keyword: a failed attack with it ends the model's activation."
    description = ("If a melee attack with this weapon fails its Success Roll, the model's "
                   "activation ends at once: its remaining attacks are lost.")

    def after_attack(self, ctx: Context, attacker: str, weapon: Any, outcome: str) -> Step:
        if outcome != "failure":
            return None
        yield ev.RuleApplied("RISKY", attacker, f"misses with its {weapon.name}: the activation ends")
        return "end"

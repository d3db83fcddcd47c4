"""Elven Reflexes: +1 Initiative (to 10 at most) in the first round of a combat."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.core.state import GameState
from game.rulesets.common.rules import Mod
from game.rulesets.old_world.rules import OldWorldRule, register


@register
class ElvenReflexes(OldWorldRule):
    name = "Elven Reflexes"
    summary = "+1 Initiative in the first round of a combat (10 at most)."
    description = ("In the first round of any combat the model's Initiative goes up by 1, to "
                   "10 at most. Only the model that has the rule gains it, not its mount.")

    def initiative_mods(self, state: GameState, combat: Any, unit: str, enemy: str) -> Iterable[Mod]:
        from game.rulesets.rank_and_flank.combat import first_round

        return (Mod("Elven Reflexes", 1),) if first_round(state, unit, enemy) else ()

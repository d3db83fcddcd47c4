"""Hatred (X): in the first round of a combat, failed to-hit rolls against hated enemies are
re-rolled."""

from __future__ import annotations

from typing import Any

from game.core.state import GameState
from game.rulesets.old_world.rules import OldWorldRule, register


def hated(param: str | None, s: GameState, enemy: str) -> bool:
    """Whether ``enemy`` is one of the foes named in brackets: "all enemies" (or nothing)
    names them all; otherwise a name matches the enemy unit's keywords, its name or its id."""
    words = (param or "all enemies").strip().lower()
    if words in ("all enemies", "all", "everyone", "any"):
        return True
    unit = s.units[enemy]
    model = s.models[unit.models[0]]
    names = {k.lower() for k in model.keywords} | {unit.display.lower(), enemy.lower()}
    return any(w.strip() in names for w in words.split(","))


@register
class Hatred(OldWorldRule):
    name = "Hatred"
    takes_param = True
    param_optional = True
    summary = "Re-rolls failed hits against hated foes in the first round of a combat."
    description = ("In the first round of a combat against a hated enemy, the unit re-rolls "
                   "every to-hit roll that failed (headless play always takes the re-roll). The "
                   "hated foes are named in brackets: \"all enemies\" hates everyone; another "
                   "name matches an enemy unit's keywords or name.")

    def reroll_failed_hits(self, state: GameState, combat: Any, unit: str, enemy: str) -> bool:
        from game.rulesets.rank_and_flank.combat import first_round

        return first_round(state, unit, enemy) and hated(self.param, state, enemy)

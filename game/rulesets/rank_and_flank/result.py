"""The combat result of a round, what the rank-and-flank rulesets share: each side's score item
by item (worked out by the ruleset), the winner (the higher total; a side with no unit left in
the combat loses whatever the score), the ``combat_result`` event, and which facings of the
enemy each side fights (for flank and rear bonuses)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context


from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.combat import Combat, engaged_with
from game.rulesets.rank_and_flank.events import CombatResult
from game.rulesets.rank_and_flank.flow import other_side
from game.rulesets.rank_and_flank.units import on_table

Scores = dict[int, dict[str, int]]


def present(s: GameState, combat: Combat, side: int) -> list[str]:
    """The side's units of the combat still on the table."""
    return [u for u in combat.side(s, side) if on_table(s, u)]


def totalled(scores: Scores) -> Scores:
    for side in (1, 2):
        scores[side]["total"] = sum(v for k, v in scores[side].items() if k != "total")
    return scores


def winner_of(s: GameState, combat: Combat, scores: Scores) -> int | None:
    left = {side: bool(present(s, combat, side)) for side in (1, 2)}
    if left[1] != left[2]:
        return 1 if left[1] else 2
    if scores[1]["total"] == scores[2]["total"]:
        return None
    return 1 if scores[1]["total"] > scores[2]["total"] else 2


def work_out(ctx: Context, combat: Combat, scores: Scores) -> Step:
    """Announce the combat result; returns (winner or None, the difference)."""
    winner = winner_of(ctx.state, combat, scores)
    diff = abs(scores[1]["total"] - scores[2]["total"])
    yield CombatResult(combat.ids(), {str(k): v for k, v in scores.items()}, winner)
    return winner, diff


def facings_fought(s: GameState, combat: Combat, side: int) -> list[set[str]]:
    """For each enemy unit of the combat on the table, the facings of it that ``side``'s units
    are engaged with."""
    mine = present(s, combat, side)
    out = []
    for e in present(s, combat, other_side(side)):
        out.append({space.facing_touched_by(s, e, u) or "front"
                    for u in mine if u in engaged_with(s, e)})
    return out


__all__ = ["Scores", "facings_fought", "present", "totalled", "winner_of", "work_out"]

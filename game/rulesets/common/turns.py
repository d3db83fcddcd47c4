"""Game turns, the one engine under both flows: the first game turn starts with the game, a
game turn ends (``TurnEnded``), the game ends when a side is gone or the turn limit is
reached, and the next game turn starts. Conditions are kept here too, with the moments the
flows announce (:mod:`game.rulesets.common.conditions`).

What happens inside a game turn is the flow's declared shape:
:class:`~game.rulesets.common.flow.AlternatingActivations` (the sides take turns activating
one unit at a time) or :class:`~game.rulesets.rank_and_flank.flow.PhasedRuleset` (each side
has a player turn of declared phases). Each calls :meth:`GameTurns.end_game_turn` when its
game turn is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Mapping

from game.core import events as ev
from game.core.ruleset import ConditionInfo, Ruleset, Step
from game.core.state import GameState
from game.rulesets.common.conditions import Conditions


class GameTurns(Ruleset):
    """Game turns and the end of the game, for a flow to subclass."""

    #: the ruleset's conditions: what each does at the flow's moments and when it ends
    condition_registry = Conditions()

    def conditions(self) -> Mapping[str, ConditionInfo]:
        return self.condition_registry.infos()

    def start(self, ctx: Context) -> Step:
        yield ev.TurnStarted(1)

    def end_game_turn(self, ctx: Context) -> Step:
        """The game turn is over: the game ends if a side is gone or it was the last turn,
        otherwise the next game turn starts."""
        turn = ctx.state.turn
        yield ev.TurnEnded(turn)
        yield from self.check_winner(ctx)
        if ctx.state.game_over:
            return
        limit = ctx.state.max_turns
        if limit is not None and turn >= limit:
            yield ev.GameEnded(*self.final_result(ctx.state, turn))
            return
        yield ev.TurnStarted(turn + 1)

    def check_winner(self, ctx: Context) -> Step:
        """End the game when a side has nothing left in it."""
        raise NotImplementedError

    def final_result(self, s: GameState, turn: int) -> tuple[int | str | None, str]:
        """The winner (or "draw") and the reason, when the last game turn ``turn`` is over."""
        raise NotImplementedError

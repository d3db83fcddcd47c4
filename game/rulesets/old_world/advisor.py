"""What the ai, the odds and the simulations are told of a OldWorld game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.core.commands import Command
from game.core.ruleset import (
    Advisor,
    Candidate,
    PoolOdds,
    Threat,
)
from game.core.state import GameState
from game.rulesets.old_world import shooting

if TYPE_CHECKING:
    from game.rulesets.old_world.ruleset import OldWorld  # noqa: F401

class OldWorldAdvisor(Advisor["OldWorld"]):
    """What the ai, the odds and the simulations are told of the OldWorld rule system (see :class:`~game.core.ruleset.Advisor`)."""

    def exact_pools(self, state: GameState, cmd: Command) -> PoolOdds | None:
        """A ``shoot`` order in the Shooting phase comes down to one pool of shots per group
        of shooters when nothing else in the turn can touch the two units."""
        got: PoolOdds | None = shooting.pool_odds(state, cmd)
        return got

    def candidates(self, state: GameState, side: int, rng: random.Random,
                   widen: int = 0) -> list[Candidate]:
        from game.rulesets.old_world import ai

        return ai.candidates(state, side, rng, widen)

    def lookahead(self, state: GameState, side: int) -> Command | None:
        from game.rulesets.old_world import ai
        from game.rulesets.rank_and_flank.ai import first_shot

        return first_shot(ai.OFFER, state, side)

    def unit_worth(self, state: GameState, unit: str) -> float:
        from game.rulesets.old_world import ai

        return ai.unit_worth(state, unit, self.ruleset.strength)

    def side_scores(self, state: GameState) -> tuple[float, float] | None:
        from game.rulesets.rank_and_flank.ai import side_scores

        return side_scores(self.ruleset.victory_points(state))

    def score_to_win(self, state: GameState) -> float:
        from game.rulesets.rank_and_flank.ai import POINTS

        return self.ruleset.victory_margin(state) / POINTS

    def threats(self, state: GameState, side: int) -> list[Threat] | None:
        from game.rulesets.old_world import ai

        return ai.threats(state, side)

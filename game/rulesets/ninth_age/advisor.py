"""What the ai, the odds and the simulations are told of a NinthAge game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.core.commands import Command
from game.core.ruleset import (
    Candidate,
    PoolOdds,
    Threat,
)
from game.core.state import GameState
from game.rulesets.ninth_age import shooting
from game.rulesets.rank_and_flank.advisor import RankAndFlankAdvisor

if TYPE_CHECKING:
    from game.rulesets.ninth_age.ruleset import NinthAge  # noqa: F401

class NinthAgeAdvisor(RankAndFlankAdvisor["NinthAge"]):
    """What the ai, the odds and the simulations are told of the NinthAge rule system (see :class:`~game.core.ruleset.Advisor`)."""

    def exact_pools(self, state: GameState, cmd: Command) -> PoolOdds | None:
        """A ``shoot`` order in the Shooting phase comes down to one pool of shots per group
        of shooters when nothing else in the turn can touch the two units."""
        got: PoolOdds | None = shooting.pool_odds(state, cmd)
        return got

    def candidates(self, state: GameState, side: int, rng: random.Random,
                   widen: int = 0) -> list[Candidate]:
        from game.rulesets.ninth_age import ai

        return ai.candidates(state, side, rng, widen)

    def lookahead(self, state: GameState, side: int) -> Command | None:
        from game.rulesets.ninth_age import ai
        from game.rulesets.rank_and_flank.ai import first_shot

        return first_shot(ai.OFFER, state, side)

    def unit_worth(self, state: GameState, unit: str) -> float:
        from game.rulesets.ninth_age import ai

        return ai.unit_worth(state, unit, self.ruleset.strength)

    def threats(self, state: GameState, side: int) -> list[Threat] | None:
        from game.rulesets.ninth_age import ai

        return ai.threats(state, side)

"""What the ai, the odds and the simulations are told of a TrenchCrusade game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.core.ruleset import (
    Candidate,
)
from game.core.state import GameState
from game.rulesets.common.advisor import AlternatingAdvisor
from game.rulesets.trench_crusade import melee as _melee  # noqa: F401 - registers "fight"
from game.rulesets.trench_crusade import movement as _movement  # noqa: F401 - registers moves

if TYPE_CHECKING:
    from game.rulesets.trench_crusade.ruleset import TrenchCrusade  # noqa: F401

class TrenchCrusadeAdvisor(AlternatingAdvisor["TrenchCrusade"]):
    """What the ai, the odds and the simulations are told of the TrenchCrusade rule system (see :class:`~game.core.ruleset.Advisor`)."""

    def candidates(self, state: GameState, side: int, rng: random.Random,
                   widen: int = 0) -> list[Candidate]:
        from game.rulesets.trench_crusade import ai

        return ai.candidates(state, side, rng, widen)

    def unit_worth(self, state: GameState, unit: str) -> float:
        from game.rulesets.trench_crusade import ai

        return ai.unit_worth(state, unit)

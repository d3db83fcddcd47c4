"""What the ai, the odds and the simulations are told of a SkirmishD10 game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.core.commands import Command
from game.core.ruleset import (
    Candidate,
    PoolOdds,
)
from game.core.state import GameState
from game.rulesets.common.advisor import AlternatingAdvisor

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.ruleset import SkirmishD10  # noqa: F401

class SkirmishD10Advisor(AlternatingAdvisor["SkirmishD10"]):
    """What the ai, the odds and the simulations are told of the SkirmishD10 rule system (see :class:`~game.core.ruleset.Advisor`)."""

    def candidates(self, state: GameState, side: int, rng: random.Random,
                   widen: int = 0) -> list[Candidate]:
        from game.rulesets.skirmish_d10 import ai

        return ai.candidates(state, side, rng, widen)

    def unit_worth(self, state: GameState, unit: str) -> float:
        from game.rulesets.skirmish_d10 import ai

        return ai.unit_worth(state, unit)

    def unit_damage(self, state: GameState, unit: str) -> int:
        models = state.models
        return sum(min(m.damage, m.stat("DT", 0)) for m in (models[n] for n in state.units[unit].models))

    def exact_pools(self, state: GameState, cmd: Command,
                    alone: bool = False) -> PoolOdds | None:
        from game.rulesets.skirmish_d10 import ai

        return ai.exact_pools(state, cmd)

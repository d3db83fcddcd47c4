"""What the AI, the odds and the simulations are told of a rank-and-flank game, the same way
for old-world and ninth-age: each ruleset names its own AI and shooting modules, and this
asks them (see docs/dev/architecture.md)."""

from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

from game.core.commands import Command
from game.core.ruleset import Advisor, Candidate, PoolOdds, Threat
from game.core.state import GameState

if TYPE_CHECKING:
    from game.rulesets.rank_and_flank.flow import PhasedRuleset  # noqa: F401

P = TypeVar("P", bound="PhasedRuleset")


class RankAndFlankAdvisor(Advisor[P]):
    """The advice both rank-and-flank rulesets give (see :class:`~game.core.ruleset.Advisor`).
    A ruleset's advisor names its own modules: ``ai_module`` (``candidates``, ``OFFER``,
    ``unit_worth``, ``threats``) and ``shooting_module`` (``pool_odds``). They are imported
    when first asked, as they import the ruleset itself."""

    ai_module = ""
    shooting_module = ""

    def _ai(self) -> ModuleType:
        return importlib.import_module(self.ai_module)

    def exact_pools(self, state: GameState, cmd: Command) -> PoolOdds | None:
        """A ``shoot`` order in the Shooting phase comes down to one pool of shots per group
        of shooters when nothing else in the turn can touch the two units."""
        got: PoolOdds | None = importlib.import_module(self.shooting_module).pool_odds(state, cmd)
        return got

    def candidates(self, state: GameState, side: int, rng: random.Random,
                   widen: int = 0) -> list[Candidate]:
        got: list[Candidate] = self._ai().candidates(state, side, rng, widen)
        return got

    def lookahead(self, state: GameState, side: int) -> Command | None:
        from game.rulesets.rank_and_flank.ai import first_shot

        return first_shot(self._ai().OFFER, state, side)

    def unit_worth(self, state: GameState, unit: str) -> float:
        got: float = self._ai().unit_worth(state, unit, self.ruleset.strength)
        return got

    def threats(self, state: GameState, side: int) -> list[Threat] | None:
        got: list[Threat] | None = self._ai().threats(state, side)
        return got

    def side_scores(self, state: GameState) -> tuple[float, float] | None:
        from game.rulesets.rank_and_flank.ai import side_scores

        return side_scores(self.ruleset.victory_points(state))

    def score_to_win(self, state: GameState) -> float:
        from game.rulesets.rank_and_flank.ai import POINTS

        return self.ruleset.victory_margin(state) / POINTS

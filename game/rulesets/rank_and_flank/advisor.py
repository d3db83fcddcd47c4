"""What the AI, the odds and the simulations are told of a rank-and-flank game, the same way
for old-world and ninth-age: each ruleset names its own AI and shooting modules, and this
asks them (see docs/dev/architecture.md)."""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING, TypeVar

from game.core.commands import Command
from game.core.ruleset import Advisor, Candidate, PoolOdds, Threat
from game.core.state import GameState

if TYPE_CHECKING:
    from game.rulesets.rank_and_flank.ai import Offer
    from game.rulesets.rank_and_flank.flow import PhasedRuleset  # noqa: F401

P = TypeVar("P", bound="PhasedRuleset")


class RankAndFlankAdvisor(Advisor[P]):
    """The advice both rank-and-flank rulesets give (see :class:`~game.core.ruleset.Advisor`).
    A ruleset's advisor names its own modules: ``ai_module`` (its ``OFFER``: what the shared
    AI code of :mod:`game.rulesets.rank_and_flank.ai` needs of the ruleset) and
    ``shooting_module`` (``pool_odds``). They are imported
    when first asked, as they import the ruleset itself."""

    ai_module = ""
    shooting_module = ""

    def _offer(self) -> Offer:
        got: Offer = importlib.import_module(self.ai_module).OFFER
        return got

    def exact_pools(self, state: GameState, cmd: Command,
                    alone: bool = False) -> PoolOdds | None:
        """A ``shoot`` order in the Shooting phase comes down to one pool of shots per group
        of shooters when nothing else in the turn can touch the two units (``alone``:
        whatever else could)."""
        got: PoolOdds | None = importlib.import_module(self.shooting_module).pool_odds(
            state, cmd, alone)
        return got

    def candidates(self, state: GameState, side: int, rng: random.Random,
                   widen: int = 0) -> list[Candidate]:
        from game.rulesets.rank_and_flank.ai import candidates

        return candidates(self._offer(), state, side, rng, widen)

    def lookahead(self, state: GameState, side: int) -> Command | None:
        from game.rulesets.rank_and_flank.ai import first_shot

        return first_shot(self._offer(), state, side)

    def unit_worth(self, state: GameState, unit: str) -> float:
        from game.rulesets.rank_and_flank.ai import unit_worth

        return unit_worth(self._offer(), state, unit, self.ruleset.strength)

    def threats(self, state: GameState, side: int, shots: bool = True) -> list[Threat] | None:
        from game.rulesets.rank_and_flank.ai import threats

        return threats(self._offer(), state, side, shots)

    def side_scores(self, state: GameState) -> tuple[float, float] | None:
        from game.rulesets.rank_and_flank.ai import side_scores

        return side_scores(self.ruleset.victory_points(state))

    def unit_scores(self, state: GameState, unit: str) -> float:
        from game.rulesets.rank_and_flank import victory as V
        from game.rulesets.rank_and_flank.ai import POINTS

        return V.gives(state, unit, self.ruleset.victory, self.ruleset.strength) / POINTS

    def score_to_win(self, state: GameState) -> float:
        from game.rulesets.rank_and_flank.ai import POINTS

        return self.ruleset.victory_margin(state) / POINTS

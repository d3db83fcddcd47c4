"""What the AI is told of a rank-and-flank game that old-world and ninth-age tell alike: the
victory points as the score that decides it and the margin that wins (see
docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from game.core.ruleset import Advisor
from game.core.state import GameState

if TYPE_CHECKING:
    from game.rulesets.rank_and_flank.flow import PhasedRuleset  # noqa: F401

P = TypeVar("P", bound="PhasedRuleset")


class RankAndFlankAdvisor(Advisor[P]):
    """The advice both rank-and-flank rulesets give the same way (see
    :class:`~game.core.ruleset.Advisor`); each ruleset's own advisor adds the rest."""

    def side_scores(self, state: GameState) -> tuple[float, float] | None:
        from game.rulesets.rank_and_flank.ai import side_scores

        return side_scores(self.ruleset.victory_points(state))

    def score_to_win(self, state: GameState) -> float:
        from game.rulesets.rank_and_flank.ai import POINTS

        return self.ruleset.victory_margin(state) / POINTS

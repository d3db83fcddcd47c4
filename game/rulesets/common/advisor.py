"""What the ai, the odds and the simulations are told of a AlternatingActivations game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from game.core.ruleset import Advisor
from game.core.state import GameState

if TYPE_CHECKING:
    from game.rulesets.common.flow import AlternatingActivations  # noqa: F401

AR = TypeVar("AR", bound="AlternatingActivations")


class AlternatingAdvisor(Advisor[AR]):
    """What the ai, the odds and the simulations are told of the AlternatingActivations rule system (see :class:`~game.core.ruleset.Advisor`)."""

    def side_scores(self, state: GameState) -> tuple[float, float] | None:
        """The scores of :meth:`final_score` as they stand now."""
        try:
            _, one, two = self.ruleset.final_score(state)
        except NotImplementedError:
            return None
        return float(one), float(two)

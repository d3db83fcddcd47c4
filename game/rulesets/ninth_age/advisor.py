"""What the AI, the odds and the simulations are told of a NinthAge game: its facet of the ruleset,
asking its own AI and shooting modules (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.rank_and_flank.advisor import RankAndFlankAdvisor

if TYPE_CHECKING:
    from game.rulesets.ninth_age.ruleset import NinthAge  # noqa: F401


class NinthAgeAdvisor(RankAndFlankAdvisor["NinthAge"]):
    """What the AI, the odds and the simulations are told of the NinthAge rule system (see
    :class:`~game.core.ruleset.Advisor`)."""

    ai_module = "game.rulesets.ninth_age.ai"
    shooting_module = "game.rulesets.ninth_age.shooting"

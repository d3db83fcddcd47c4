"""What the AI, the odds and the simulations are told of a OldWorld game: its facet of the ruleset,
asking its own AI and shooting modules (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.rank_and_flank.advisor import RankAndFlankAdvisor

if TYPE_CHECKING:
    from game.rulesets.old_world.ruleset import OldWorld  # noqa: F401


class OldWorldAdvisor(RankAndFlankAdvisor["OldWorld"]):
    """What the AI, the odds and the simulations are told of the OldWorld rule system (see
    :class:`~game.core.ruleset.Advisor`)."""

    ai_module = "game.rulesets.old_world.ai"
    shooting_module = "game.rulesets.old_world.shooting"

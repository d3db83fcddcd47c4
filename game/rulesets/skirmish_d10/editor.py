"""What the scenario editor offers of a SkirmishD10 game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.ruleset import EditorSchema
from game.rulesets.skirmish_d10 import constants as K

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.ruleset import SkirmishD10  # noqa: F401

class SkirmishD10Editor(EditorSchema["SkirmishD10"]):
    """What the scenario editor offers of the SkirmishD10 rule system (see :class:`~game.core.ruleset.EditorSchema`)."""

    def keyword_names(self) -> tuple[str, ...]:
        return tuple(sorted(k.capitalize() for k in K.KEYWORDS))

    def profile_lists(self) -> tuple[str, ...]:
        return ("rules", "keywords")  # (no weapons: MAV and MA are the model's)

    def starting_unit(self) -> dict[str, Any]:
        return {"base": "standard",
                "stats": {"MOV": 5, "MAV": 3, "MA": 1, "DV": 8, "DIS": 5, "DT": 1}}

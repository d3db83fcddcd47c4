"""What the scenario editor offers of a OldWorld game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.ruleset import (
    EditorSchema,
    UnitField,
)
from game.rulesets.old_world import constants as K
from game.rulesets.old_world.ruleset import UNIT_FIELDS

if TYPE_CHECKING:
    from game.rulesets.old_world.ruleset import OldWorld  # noqa: F401

class OldWorldEditor(EditorSchema["OldWorld"]):
    """What the scenario editor offers of the OldWorld rule system (see :class:`~game.core.ruleset.EditorSchema`)."""

    formations = True

    def unit_fields(self) -> tuple[UnitField, ...]:
        return UNIT_FIELDS

    def weapon_names(self) -> tuple[str, ...]:
        return tuple(K.WEAPONS)

    def starting_unit(self) -> dict[str, Any]:
        return {"base": "25x25", "models": 10, "files": 5, "troop_type": "regular infantry",
                "stats": {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1,
                          "Ld": 7},
                "weapons": ["hand weapon", "shield"], "rules": ["Close Order"]}

"""What the scenario editor offers of a NinthAge game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.ruleset import (
    EditorSchema,
    UnitField,
)
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age.ruleset import UNIT_FIELDS

if TYPE_CHECKING:
    from game.rulesets.ninth_age.ruleset import NinthAge  # noqa: F401

class NinthAgeEditor(EditorSchema["NinthAge"]):
    """What the scenario editor offers of the NinthAge rule system (see :class:`~game.core.ruleset.EditorSchema`)."""

    formations = True

    def unit_fields(self) -> tuple[UnitField, ...]:
        return UNIT_FIELDS

    def weapon_names(self) -> tuple[str, ...]:
        return tuple(K.WEAPONS)

    def starting_unit(self) -> dict[str, Any]:
        return {"base": "20x20", "models": 10, "files": 5, "troop_type": "infantry",
                "stats": {"Adv": 4, "Mar": 8, "Dis": 7, "HP": 1, "Def": 3, "Res": 3, "Arm": 0,
                          "Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 3},
                "weapons": ["shield"]}

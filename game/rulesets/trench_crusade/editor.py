"""What the scenario editor offers of a TrenchCrusade game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.ruleset import EditorSchema
from game.rulesets.trench_crusade import constants as K
from game.rulesets.trench_crusade import melee as _melee  # noqa: F401 - registers "fight"
from game.rulesets.trench_crusade import movement as _movement  # noqa: F401 - registers moves

if TYPE_CHECKING:
    from game.rulesets.trench_crusade.ruleset import TrenchCrusade  # noqa: F401

class TrenchCrusadeEditor(EditorSchema["TrenchCrusade"]):
    """What the scenario editor offers of the TrenchCrusade rule system (see :class:`~game.core.ruleset.EditorSchema`)."""

    def keyword_names(self) -> tuple[str, ...]:
        return tuple(sorted(K.MODEL_KEYWORDS))

    def starting_unit(self) -> dict[str, Any]:
        return {"base": K.DEFAULT_BASE,
                "stats": {"Movement": 6, "Melee": 0, "Ranged": 0, "Armour": 0},
                "weapons": [{"name": "Trench Knife", "type": "melee"}]}

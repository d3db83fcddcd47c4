"""Events of the rank-and-flank rulesets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core import events as ev


@ev.event_type("combat_result")
@dataclass(frozen=True, slots=True)
class CombatResult(ev.Event):
    """The result of a round of combat: the units in it, each side's score item by item
    (``{"1": {"wounds": 3, "ranks": 2, ..., "total": 6}, "2": {...}}``) and the winning side
    (None: a draw)."""

    units: tuple[str, ...]
    scores: Any
    winner: int | None

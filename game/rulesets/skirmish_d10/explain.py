"""Log lines for skirmish-d10 events (the shared wording, with skirmish terms)."""

from __future__ import annotations

from game.core import events as ev
from game.core.log import describe as shared
from game.core.state import GameState


def describe(state: GameState, e: ev.Event) -> str | None:
    if isinstance(e, ev.DamageTaken):
        by = f" from {e.by}" if e.by else ""
        n = "track" if e.amount == 1 else "tracks"
        return f"{e.model} loses {e.amount} damage {n} ({e.source}{by})"
    if isinstance(e, ev.DiceRolled) and e.purpose in DV_ROLLS:
        line = shared(e) or ""
        return line.replace(f" against {e.target} ", f" against DV {e.target} ", 1)
    return shared(e)


#: rolls whose target number is the defender's DV
DV_ROLLS = {"attack", "defensive_strike", "first_strike", "defensive_first_strike",
            "quick_strike"}

"""Log lines for trench-crusade events (the shared wording, with the game's own terms)."""

from __future__ import annotations

from game.core import events as ev
from game.core.log import describe as shared
from game.core.state import GameState

OUTCOMES = {
    "failure": "Failure", "success": "Success", "critical": "Critical Success",
    "no_effect": "No Effect", "minor_hit": "Minor Hit", "down": "Down",
    "out_of_action": "Out of Action",
}
MARKERS = {"blood_markers": "Blood Marker", "blessing_markers": "Blessing Marker"}


def describe(state: GameState, e: ev.Event) -> str | None:
    if isinstance(e, ev.DiceRolled):
        line = shared(e) or ""
        word = OUTCOMES.get(e.outcome)
        if word:
            line = line[: len(line) - len(e.outcome)] + word
        if e.purpose == "diving_charge":
            line = line.replace("diving charge ", "diving charge (Risky Success Roll) ", 1)
        return line
    if isinstance(e, ev.CounterChanged) and e.counter in MARKERS:
        word = MARKERS[e.counter] + ("" if abs(e.delta) == 1 else "s")
        if e.delta > 0:
            return f"{e.model} gains {e.delta} {word} ({e.reason})"
        return f"{e.model}: {-e.delta} {word} {e.reason}"
    if isinstance(e, ev.StatusChanged):
        words = {"down": "is Down", "out_of_action": "is Out of Action", "active": "stands up"}
        if e.status in words:
            return f"{e.model} {words[e.status]} ({e.reason})"
    if isinstance(e, ev.ModelMoved):
        verb = {"move": "moves", "charge": "charges", "diving_charge": "makes a Diving Charge"}
        return (f'{e.model} {verb.get(e.reason, e.reason)} {e.distance:.2f}" to '
                f"({e.x:.2f}, {e.y:.2f})")
    if isinstance(e, ev.ActionTaken):
        target = f" {e.target}" if e.target else ""
        return f"{e.model}: {e.action.replace('_', ' ')}{target}"
    if isinstance(e, ev.FlagSet):
        return None
    return shared(e)

"""Log lines for skirmish-d10 events (the shared wording, with skirmish terms)."""

from __future__ import annotations

from game.core import events as ev
from game.core.log import describe as shared
from game.core.log import name_of, player_text, words
from game.core.state import GameState

#: rolls whose target number is the defender's DV
DV_ROLLS = {"attack", "defensive_strike", "first_strike", "defensive_first_strike",
            "quick_strike"}

#: the free attacks Special Abilities grant (``fight:<kind>`` actions), as players name them
FREE_ATTACKS = {
    "swift": "a Swift Attack", "rush": "a Rush Attack", "rampage": "a Rampage attack",
    "trample": "Trample", "reach": "a Fight from the Reach position",
}

VERBS = {"move": "moves", "charge": "runs", "break away": "breaks away",
         "trample": "tramples", "rampage": "rampages into contact"}
#: the actions as sentences (None: the move that follows says it)
ACTIONS = {"move": None, "charge": "charges", "fight": "fights", "focus": "focuses",
           "inspire": "inspires the friends around it", "pass": "passes",
           "rampage_move": None, "rampage": None}


def describe(state: GameState, e: ev.Event) -> str | None:
    n = lambda key: name_of(state, key)  # noqa: E731
    if isinstance(e, ev.DamageTaken):
        by = f" by {n(e.by)}" if e.by and e.by != e.model else ""
        what = "track" if e.amount == 1 else "tracks"
        return f"{n(e.model)} loses {e.amount} damage {what} ({words(e.source)}{by})"
    if isinstance(e, ev.DiceRolled) and e.purpose in DV_ROLLS:
        line = shared(e, state) or ""
        return line.replace(f" against {e.target}:", f" against DV {e.target}:", 1)
    if isinstance(e, ev.ActionTaken) and e.action.startswith("fight:"):
        kind = e.action.split(":", 1)[1]
        what = FREE_ATTACKS.get(kind, f"a {words(kind)} attack")
        target = f" at {n(e.target)}" if e.target else ""
        return f"{n(e.model)}: {what}{target}{' (a free action)' if e.free else ''}"
    if isinstance(e, ev.ActionTaken) and e.action in ACTIONS:
        verb = ACTIONS[e.action]
        if verb is None:
            return None
        target = f" {n(e.target)}" if e.target else ""
        return f"{n(e.model)} {verb}{target}{' (a free action)' if e.free else ''}"
    if isinstance(e, ev.ModelMoved):
        verb = VERBS.get(e.reason, words(e.reason))
        into = " into base contact" if e.reason == "charge" else ""
        return f'{n(e.model)} {verb} {e.distance:.1f}"{into}'
    if isinstance(e, ev.StatusChanged) and e.status == "destroyed":
        return f"{n(e.model)} is destroyed ({player_text(state, words(e.reason))})"
    return shared(e, state)

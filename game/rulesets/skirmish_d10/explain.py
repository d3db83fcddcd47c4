"""Log lines for skirmish-d10 events (the shared wording, with skirmish terms)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import events as ev
from game.core.log import describe as shared
from game.core.log import name_of, player_text, words
from game.core.ruleset import HITS, SAVES, TESTS, RollCount, count_each, sum_roll_problem
from game.core.state import GameState
from game.rulesets.skirmish_d10 import constants as K

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
    def n(key: str | None) -> str:
        return name_of(state, key)

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


def roll_count(roll: Mapping[str, Any]) -> RollCount | None:
    """The successes of a saved skirmish-d10 roll: an Attack Check or a Defensive Strike hits
    on a natural 10 or when the die and its modifiers reach the DV; a Tough roll saves and a
    Discipline Check passes when they reach their target. None for other rolls."""
    purpose, faces, target = roll["purpose"], roll["faces"], roll["target"]
    if target is None or len(faces) != 1 or not 1 <= faces[0] <= K.DIE:
        return None
    mod = sum(v for _, v in roll["modifiers"])
    if purpose in DV_ROLLS:
        return count_each(HITS, faces, K.DIE,
                          lambda f: f >= K.NATURAL_HIT or f + mod >= target)
    if purpose == "tough":
        kind = SAVES
    elif purpose.startswith("discipline_check"):
        kind = TESTS
    else:
        return None
    return count_each(kind, faces, K.DIE, lambda f: f + mod >= target)


def roll_problem(roll: Mapping[str, Any]) -> str | None:
    """What cannot be right in a saved skirmish-d10 roll: the usual arithmetic, and an Attack
    Check whose hit or miss does not follow from its numbers (:func:`roll_count`)."""
    problem = sum_roll_problem(roll)
    if problem or roll["purpose"] not in DV_ROLLS or roll["outcome"] not in ("hit", "miss"):
        return problem
    counted = roll_count(roll)
    if counted is not None and (roll["outcome"] == "hit") != bool(counted.got):
        word = "a hit" if counted.got else "a miss"
        return (f"a d10 showing {roll['faces'][0]} with a total of {roll['total']} against DV "
                f"{roll['target']} is {word}, not a {roll['outcome']}")
    return None

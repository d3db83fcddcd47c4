"""Log lines for trench-crusade events (the shared wording, with the game's own terms)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import events as ev
from game.core.log import describe as shared
from game.core.log import name_of, player_text, words
from game.core.ruleset import HITS, TESTS, RollCount, count_together
from game.core.state import GameState
from game.rulesets.trench_crusade import constants as K
from game.rulesets.trench_crusade.rolls import keep

OUTCOMES = {
    "failure": "Failure", "success": "Success", "critical": "Critical Success",
    "no_effect": "No Effect", "minor_hit": "Minor Hit", "down": "Down",
    "out_of_action": "Out of Action",
}
MARKERS = {"blood_markers": "Blood Marker", "blessing_markers": "Blessing Marker"}
#: the actions as sentences (None: what follows says it)
ACTIONS = {"move": None, "stand_up": None, "charge": "charges",
           "diving_charge": "makes a Diving Charge at", "fight": "fights", "pass": "passes"}


def describe(state: GameState, e: ev.Event) -> str | None:
    def n(key: str | None) -> str:
        return name_of(state, key)

    if isinstance(e, ev.DiceRolled):
        line = shared(e, state) or ""
        word = OUTCOMES.get(e.outcome)
        if word:
            line = line[: len(line) - len(words(e.outcome))] + word
        if e.purpose == "diving_charge":
            line = line.replace("diving charge", "diving charge (Risky Success Roll)", 1)
        return line
    if isinstance(e, ev.CounterChanged) and e.counter in MARKERS:
        word = MARKERS[e.counter] + ("" if abs(e.delta) == 1 else "s")
        if e.delta > 0:
            return f"{n(e.model)} gains {e.delta} {word} ({player_text(state, e.reason)})"
        return f"{n(e.model)}: {-e.delta} {word} {player_text(state, e.reason)}"
    if isinstance(e, ev.StatusChanged):
        if e.status == "active":
            return f"{n(e.model)} stands up (Movement halved this activation)"
        states = {"down": "is Down", "out_of_action": "is Out of Action"}
        if e.status in states:
            return f"{n(e.model)} {states[e.status]} ({player_text(state, e.reason)})"
    if isinstance(e, ev.ModelMoved):
        verb = {"move": "moves", "charge": "runs", "diving_charge": "leaps"}
        into = {"charge": " into contact", "diving_charge": " down onto its target"}
        around = " (around what was in the way)" if e.via else ""
        return (f'{n(e.model)} {verb.get(e.reason, words(e.reason))} {e.distance:.1f}"'
                f'{into.get(e.reason, "")}{around}')
    if isinstance(e, ev.ActionTaken):
        if e.action in ACTIONS:
            sentence = ACTIONS[e.action]
            if sentence is None:
                return None
            return f"{n(e.model)} {sentence}{' ' + n(e.target) if e.target else ''}"
        target = f" at {n(e.target)}" if e.target else ""
        return f"{n(e.model)}: {words(e.action).capitalize()}{target}"
    if isinstance(e, ev.FlagSet):
        return None
    return shared(e, state)


#: Success Rolls, and what their success is
SUCCESS_ROLLS = {"success_roll": HITS, "diving_charge": TESTS}


def _succeeds(faces: tuple[int, ...], count: int, net: int, target: int) -> bool:
    return sum(keep(faces, count, net)) >= target


def roll_count(roll: Mapping[str, Any]) -> RollCount | None:
    """The success of a saved Success Roll (an attack's, or a Diving Charge's): the dice kept
    (the highest with bonus dice, the lowest with penalty dice) reach its target; its chance
    with the same bonus and penalty dice. None for other rolls (an injury is not a success
    or a failure)."""
    kind = SUCCESS_ROLLS.get(roll["purpose"])
    faces, target = roll["faces"], roll["target"]
    if kind is None or target is None or any(not 1 <= f <= K.DIE for f in faces):
        return None
    net = sum(v for _, v in roll.get("dice_modifiers", ()))
    count = len(faces) - abs(net)
    if count < 1:
        return None
    return count_together(kind, faces, K.DIE, _succeeds, count, net, target)

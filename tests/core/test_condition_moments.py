"""The flows announce their moments where the rules put them: re-running every fixed game and
walking its events one by one, no condition outlives the moment its declared ending names (Disrupted the Combat
phase, Stupid and Incorporeal the start of their side's next player turn, Disabled its next
activation, Inspired the game turn)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.core import events as ev
from game.core import replay
from game.core.engine import Engine
from game.core.ruleset import get_ruleset
from game.core.state import apply
from game.rulesets.common.conditions import (
    ACTIVATION_END,
    GAME_TURN_END,
    PHASE_END,
    PLAYER_TURN_START,
    Conditions,
    Moment,
)
from game.rulesets.common.flow import alternating

GAMES = sorted((Path(__file__).parent.parent / "fixed_games").glob("*.jsonl"))


def _overdue(registry: Conditions, held: dict[str, dict[str, dict[str, Any]]],
             moment: Moment) -> list[tuple[str, str]]:
    out = []
    for who, conds in held.items():
        for name, data in conds.items():
            ends = registry[name].ends if name in registry else None
            if ends is not None and ends.due(moment, data):
                out.append((who, name))
    return out


@pytest.mark.parametrize("path", GAMES, ids=[g.stem for g in GAMES])
def test_no_condition_outlives_its_moment(path):
    save = replay.read_save(path)
    engine = Engine(save.scenario, seed=save.seed)  # the engine's own events, not the file's
    for cmd in replay.commands_of(save):
        engine.execute(cmd)
    ruleset = get_ruleset(save.scenario.ruleset)
    registry: Conditions = ruleset.condition_registry  # type: ignore[attr-defined]
    state = ruleset.initial_state(save.scenario, save.seed)
    checked = 0
    turn_start: tuple[int, set[tuple[str, str]]] | None = None  # (side, what must lapse)
    for e in engine.log:
        d = ev.event_to_dict(e, 0)
        t = d["type"]
        moment, held = None, {}
        if t == "phase_ended":
            moment = Moment(PHASE_END, d["phase"])
            held = {u: r.conditions for u, r in state.units.items()}
            if turn_start is not None:  # the first phase is over: the lapses are behind us
                assert not turn_start[1], f"{sorted(turn_start[1])} outlived the turn's start"
                turn_start = None
        elif t == "turn_ended" and hasattr(state.flow, "activation_started_at"):
            moment = Moment(GAME_TURN_END)
            held = {n: m.conditions for n, m in state.models.items() if m.on_table}
        elif t == "activation_ended":
            moment = Moment(ACTIVATION_END, since=alternating(state).activation_started_at)
            held = {n: state.models[n].conditions for n in state.units[d["unit"]].models
                    if state.models[n].on_table}
        elif t == "player_turn_started":
            due = Moment(PLAYER_TURN_START)
            turn_start = (d["side"], {
                (u, c) for u, r in state.units.items() if r.side == d["side"]
                for c, data in r.conditions.items()
                if c in registry and registry[c].ends is not None
                and registry[c].ends.due(due, data)})
        elif t == "unit_condition_removed" and turn_start is not None:
            turn_start[1].discard((d["unit"], d["condition"]))
        if moment is not None:
            assert not _overdue(registry, held, moment), f"{t} at event {state.events_applied}"
            checked += 1
        apply(state, e)
    assert checked > 0

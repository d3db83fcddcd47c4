"""Builders for trench-crusade test scenarios (models, weapons, terrain) on top of
tests/support.py."""

from __future__ import annotations

from typing import Any

from game.core import events as ev
from game.core.engine import Context, Engine
from game.core.scenario import check_scenario
from tests.support import scenario

R25 = 25.0 / 25.4  # diameter of a 25 mm base in inches
STATS = {"Movement": 6, "Melee": 0, "Ranged": 0, "Armour": 0}
CLUB = {"name": "Club", "type": "melee"}


def model(uid: str, side: int, x: float, y: float, stats: dict[str, Any] | None = None,
          weapons: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    """A trench-crusade model on a 25 mm round base armed with a plain Club."""
    st = dict(STATS)
    st.update(stats or {})
    u: dict[str, Any] = {"id": uid, "side": side, "x": x, "y": y, "base": "r25", "stats": st,
                         "weapons": [dict(CLUB)] if weapons is None else weapons}
    u.update(extra)
    return u


def game(units: list[dict[str, Any]], orders: list[dict[str, Any]] = (), dice: list[int] | None = None,
         terrain: list[dict[str, Any]] = (), **top: Any) -> dict[str, Any]:
    return scenario(units, list(orders), dice=dice, ruleset="trench-crusade",
                    terrain=list(terrain), **top)


def rect(tid: str, kind: str, x0: float, y0: float, x1: float, y1: float, height: float) -> dict[str, Any]:
    return {"id": tid, "kind": kind, "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
            "height": height}


def duel(dice: list[int], a: dict[str, Any] | None = None, b: dict[str, Any] | None = None,
         orders: list[dict[str, Any]] | None = None, terrain: list[dict[str, Any]] = (),
         gap: float = 0.0) -> dict[str, Any]:
    """"a" (side 1) in base contact with "b" (side 2), or ``gap`` inches apart; "a" fights."""
    ua = model("a", 1, 12, 12 + R25 + gap, **(a or {}))
    ub = model("b", 2, 12, 12, **(b or {}))
    return game([ua, ub], orders or [{"unit": "a", "do": "fight", "target": "b"}], dice, terrain)


def counter(engine: Engine, name: str, key: str = "blood_markers") -> int:
    return engine.state.models[name].counters.get(key, 0)


def status(engine: Engine, name: str) -> str:
    return engine.state.models[name].status


def drive(engine: Engine, step: Any, answers: list[Any] = ()) -> Any:
    """Run a ruleset step generator on the engine's live state (applying its events, answering
    its questions from ``answers`` then by default) and return its result."""
    from game.core.state import apply

    pending = list(answers)
    send = None
    while True:
        try:
            item = step.send(send)
        except StopIteration as stop:
            return stop.value
        send = None
        if isinstance(item, ev.Event):
            apply(engine.state, item)
            engine.log.append(item)
        else:
            send = pending.pop(0) if pending else item.default


def engine_for(data: dict[str, Any], seed: int = 1) -> tuple[Engine, Context]:
    eng = Engine(check_scenario(data, "test"), seed=seed)
    return eng, Context(eng)

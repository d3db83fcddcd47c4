"""Helpers for scenario tests: build a scenario as a dict, run its orders exactly as
``play --headless`` does, and look at the result."""

from __future__ import annotations

from typing import Any

from game.core import events as ev
from game.core.commands import command_from_dict
from game.core.engine import Engine
from game.core.scenario import check_scenario
from game.headless import result_json

DEFAULT_STATS = {"MOV": 5, "MAV": 4, "MA": 2, "DV": 9, "DIS": 5, "DT": 3}


def unit(uid: str, side: int, x: float, y: float, facing: float = 0.0, **extra: Any) -> dict[str, Any]:
    """A skirmish-d10 unit; ``stats`` entries given override the defaults above."""
    stats = dict(DEFAULT_STATS)
    stats.update(extra.pop("stats", {}))
    u: dict[str, Any] = {"id": uid, "side": side, "x": x, "y": y, "facing": facing,
                         "base": extra.pop("base", "standard"), "stats": stats}
    u.update(extra)
    return u


def scenario(units: list[dict[str, Any]], orders: list[dict[str, Any]] = (), dice: list[int] | None = None,
             ruleset: str = "skirmish-d10", **top: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"format": 1, "name": "test", "ruleset": ruleset,
                            "table": {"width": 24.0, "height": 24.0}, "units": units,
                            "orders": list(orders)}
    if dice is not None:
        data["dice"] = list(dice)
    data.update(top)
    return data


def run(data: dict[str, Any], seed: int = 1, finish: bool = True) -> Engine:
    """Carry out the scenario's orders like headless play: a refused order fails the test."""
    sc = check_scenario(data, "test")
    engine = Engine(sc, seed=seed)
    for i, raw in enumerate(sc.orders):
        cmd = command_from_dict(raw)
        out = engine.run_order(cmd)
        assert out.ok, f"orders[{i}] {raw} refused: {out.refusal}"
    if finish:
        engine.finish()
    return engine


def refusal(data: dict[str, Any], seed: int = 1) -> str:
    """Run the orders; the last one must be refused. Returns the refusal text."""
    sc = check_scenario(data, "test")
    engine = Engine(sc, seed=seed)
    *head, last = sc.orders
    for raw in head:
        out = engine.run_order(command_from_dict(raw))
        assert out.ok, f"{raw} refused: {out.refusal}"
    out = engine.run_order(command_from_dict(last))
    assert not out.ok, f"{last} was not refused"
    return str(out.refusal)


def rolls(engine: Engine, purpose: str | None = None) -> list[ev.DiceRolled]:
    return [e for e in engine.log if isinstance(e, ev.DiceRolled)
            and (purpose is None or e.purpose == purpose)]


def events(engine: Engine, cls: type) -> list[Any]:
    return [e for e in engine.log if isinstance(e, cls)]


def damage(engine: Engine, name: str) -> int:
    return engine.state.models[name].damage


def result(engine: Engine) -> dict[str, Any]:
    return result_json(engine)


def b2b_pair(gap: float = 0.0) -> tuple[float, float]:
    """y positions of two standard bases facing each other in B2B (centres 25 mm apart)."""
    return 10.0, 10.0 + 25.0 / 25.4 + gap


#: a plain two-model skirmish-d10 scenario in file form (orc at y 12, elf at y 6, no orders)
SKIRMISH_TOML = """
format = 1
name = "t"
ruleset = "skirmish-d10"
[table]
width = 24.0
height = 24.0
[[units]]
id = "orc"
side = 1
x = 12.0
y = 12.0
stats = { MOV = 5, MAV = 4, MA = 2, DV = 9, DIS = 5, DT = 3 }
[[units]]
id = "elf"
side = 2
x = 12.0
y = 6.0
facing = 180.0
stats = { MOV = 5, MAV = 4, MA = 2, DV = 9, DIS = 5, DT = 3 }
"""


def play_file(tmp_path: Any, text: str, name: str = "x.toml", extra: tuple[str, ...] = ()) -> tuple[int, Any]:
    """Write a scenario file and run `play --headless --json --save` on it, as a player would.
    Returns the exit status and the save path (which must not exist after bad input)."""
    from game.cli import main

    p = tmp_path / name
    p.write_text(text)
    save = tmp_path / "saves" / "out.jsonl"
    code = main(["play", str(p), "--headless", "--json", "--save", str(save), *extra])
    return code, save

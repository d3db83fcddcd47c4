"""Helpers for old-world scenario tests: units in formation, placed facing each other."""

from __future__ import annotations

from typing import Any

from game.rulesets.rank_and_flank.layout import ranks_of
from tests.support import scenario as base_scenario

BASE_IN = 25 / 25.4  # a 25 mm base in inches
STATS = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}


def block(uid: str, side: int, x: float, y: float, facing: float = 0.0, models: int = 10,
          files: int = 5, **extra: Any) -> dict[str, Any]:
    """A unit of regular infantry on 25 mm bases; ``stats`` entries override the defaults."""
    stats = dict(STATS)
    stats.update(extra.pop("stats", {}))
    u: dict[str, Any] = {"id": uid, "side": side, "name": extra.pop("name", uid.capitalize()),
                         "x": x, "y": y, "facing": facing, "base": extra.pop("base", "25x25"),
                         "models": models, "files": files,
                         "troop_type": extra.pop("troop_type", "regular infantry"), "stats": stats}
    u.update(extra)
    return u


def depth(unit: dict[str, Any]) -> float:
    """Depth of the unit's Unit Boundary in inches."""
    d = float(unit.get("base", "25x25").split("x")[1]) / 25.4
    return ranks_of(unit["models"], unit["files"]) * d


def facing_off(a: dict[str, Any], b: dict[str, Any], gap: float = 0.0) -> list[dict[str, Any]]:
    """Put ``b`` in front of ``a`` (a faces up the table, b down), ``gap`` inches apart:
    0 means engaged at the start."""
    a["facing"], b["facing"] = 0.0, 180.0
    b["x"] = a["x"]
    b["y"] = a["y"] - depth(a) / 2 - depth(b) / 2 - gap
    return [a, b]


def ow(units: list[dict[str, Any]], orders: list[dict[str, Any]] = (), dice: list[int] | None = None,
       **top: Any) -> dict[str, Any]:
    top.setdefault("table", {"width": 48.0, "height": 48.0})
    return base_scenario(units, orders, dice, ruleset="old-world", **top)


def ld_tests(engine: Any, test: str) -> list[Any]:
    """The Leadership rolls of one kind of test (``fear``, ``terror``, ``stupidity``,
    ``rally``, ``march``, ``restraint``): ``leadership`` rolls the log then names."""
    from game.core import events as ev
    from game.rulesets.old_world.units import TESTS

    log = engine.log
    return [e for i, e in enumerate(log) if isinstance(e, ev.DiceRolled)
            and e.purpose == "leadership" and i + 1 < len(log)
            and isinstance(log[i + 1], ev.RuleApplied) and log[i + 1].rule == TESTS[test]]

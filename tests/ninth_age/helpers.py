"""Helpers for ninth-age scenario tests: units in formation, placed facing each other."""

from __future__ import annotations

from typing import Any

from game.rulesets.rank_and_flank.layout import ranks_of
from tests.support import scenario as base_scenario

BASE_IN = 25 / 25.4  # a 25 mm base in inches
STATS = {"Adv": 4, "Mar": 8, "Dis": 7, "HP": 1, "Def": 3, "Res": 3, "Arm": 0,
         "Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 3}
GLOBAL_DEF = ("Adv", "Mar", "Dis", "HP", "Def", "Res", "Arm")


def block(uid: str, side: int, x: float, y: float, facing: float = 0.0, models: int = 10,
          files: int = 5, **extra: Any) -> dict[str, Any]:
    """A unit of infantry on 25 mm bases; ``stats`` entries override the defaults. With
    ``parts``, the stats keep only the Global and Defensive profiles."""
    stats = dict(STATS)
    if "parts" in extra:
        stats = {k: v for k, v in stats.items() if k in GLOBAL_DEF}
    stats.update(extra.pop("stats", {}))
    u: dict[str, Any] = {"id": uid, "side": side, "name": extra.pop("name", uid.capitalize()),
                         "x": x, "y": y, "facing": facing, "base": extra.pop("base", "25x25"),
                         "models": models, "files": files,
                         "troop_type": extra.pop("troop_type", "infantry"), "stats": stats}
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


def na(units: list[dict[str, Any]], orders: list[dict[str, Any]] = (), dice: list[int] | None = None,
       **top: Any) -> dict[str, Any]:
    top.setdefault("table", {"width": 48.0, "height": 48.0})
    return base_scenario(units, orders, dice, ruleset="ninth-age", **top)


def engaged(a_kw: dict[str, Any] | None = None, b_kw: dict[str, Any] | None = None,
            dice: list[int] | None = None, orders: list[dict[str, Any]] = (), gap: float = 0.0,
            **top: Any) -> dict[str, Any]:
    """``a`` (side 1) at the bottom facing up, ``b`` (side 2) in front of it."""
    a = block("a", 1, 24, 30, **(a_kw or {}))
    b = block("b", 2, 24, 0, **(b_kw or {}))
    return na(facing_off(a, b, gap=gap), orders=list(orders), dice=dice, **top)

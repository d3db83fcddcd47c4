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


def steps(eng: Any) -> list[str]:
    """The Initiative Steps announced, in order."""
    from game.core import events as ev
    from tests.support import events

    return [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Initiative"]


def score(eng: Any, side: int, i: int = 0) -> dict[str, int]:
    """Side ``side``'s items of the ``i``-th combat result."""
    from game.rulesets.rank_and_flank.events import CombatResult
    from tests.support import events

    return events(eng, CombatResult)[i].scores[str(side)]


def applied(eng: Any, rule: str) -> list[str]:
    """The details of the rule_applied events of ``rule``."""
    from game.core import events as ev
    from tests.support import events

    return [e.detail for e in events(eng, ev.RuleApplied) if e.rule == rule]


CHARGE = {"unit": "a", "do": "charge", "target": "b"}


def chariot(impact: str = "D3", **extra: Any) -> dict[str, Any]:
    """A war chariot: an Inanimate chassis with Impact Hits, a crew (Agi 4) and a Harnessed
    steed (Agi 3), Large, on a 50 x 100 mm base."""
    parts = [
        {"name": "chassis", "stats": {"Att": 0, "Off": 0, "Str": 5, "AP": 2, "Agi": 0},
         "rules": ["Inanimate", f"Impact Hits ({impact})"]},
        {"name": "crew", "stats": {"Att": 1, "Off": 4, "Str": 3, "AP": 0, "Agi": 4}},
        {"name": "steed", "stats": {"Att": 1, "Off": 3, "Str": 4, "AP": 0, "Agi": 3},
         "rules": ["Harnessed"]},
    ]
    u: dict[str, Any] = {"models": 1, "files": 1, "base": "50x100", "troop_type": "construct",
                         "height": "large", "parts": parts,
                         "stats": {"Adv": 8, "Mar": 8, "Dis": 8, "HP": 4, "Def": 4, "Res": 4, "Arm": 2}}
    u.update(extra)
    return u


def monster(rules: list[str], **extra: Any) -> dict[str, Any]:
    """A one-part Gigantic monster on a 50 x 50 mm base: Att 2, Off 4, Str 5, AP 2, Agi 4."""
    stats = {"HP": 6, "Res": 5, "Def": 4, "Arm": 3, "Att": 2, "Off": 4, "Str": 5, "AP": 2,
             "Agi": 4, "Dis": 8}
    stats.update(extra.pop("stats", {}))
    u: dict[str, Any] = {"models": 1, "files": 1, "base": "50x50", "troop_type": "beast",
                         "height": "gigantic", "rules": rules, "stats": stats}
    u.update(extra)
    return u


#: from the Charge Phase to the start of the Melee Phase (where a combat's decisions come)
TO_MELEE = [{"do": "next_phase"}] * 4

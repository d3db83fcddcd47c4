"""Scenario files (TOML or JSON): reading and checking them against the format described in
``docs/scenario-format.md``.

Every problem raises :class:`~game.core.errors.ScenarioError` with one line that names the
file, the unit or order, and the field, e.g.
``maps/x.toml: units[2] "elf": stats.DV must be an integer from 1 to 20, got "six"``.
Indexes in messages count from 0, as in the file's arrays.
"""

from __future__ import annotations

import datetime
import json
import math
import re
import reprlib
import tomllib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.errors import ScenarioError
from game.core.files import MAX_SCENARIO_BYTES, FileProblem, read_limited
from game.core.state import Terrain

if TYPE_CHECKING:
    from game.core.ruleset import Ruleset

FORMAT_VERSION = 1
TOP_KEYS = {
    "format", "name", "ruleset", "seed", "dice", "first_side", "turns", "table", "terrain",
    "units", "orders", "description", "deployment",
}
DEPLOYMENT_KEYS = {"side", "x", "y", "width", "height"}
TERRAIN_KEYS = {"id", "kind", "polygon", "height", "name"}
TERRAIN_KINDS = ("obstacle", "impassable", "area", "elevation")
UNIT_KEYS = {
    "id", "side", "name", "x", "y", "facing", "base", "models", "files", "positions", "stats",
    "rules", "keywords", "weapons",
}
#: keys of units in formation, taken by the rulesets that list them in ``unit_keys``
FORMATION_KEYS = {"troop_type", "armour", "command", "joins", "parts", "height", "points"}
ID_RE = re.compile(r"[A-Za-z0-9_-]+")  # matched with fullmatch: no trailing newline slips by
#: whole numbers anywhere in a scenario: what a save (64-bit JSON integers) can hold
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
#: terrain corners lie within this many inches of the origin (tables are at most 1000 wide)
MAX_COORD = 10_000
#: tables and lists inside one another, at most (the contract needs 5 at the deepest)
MAX_NESTING = 12


@dataclass(slots=True)
class UnitSpec:
    """A unit as the scenario gives it, checked and with defaults filled in."""

    id: str
    side: int
    name: str
    base: str
    stats: dict[str, Any]
    rules: list[str]
    keywords: list[str]
    weapons: list[Any]
    placements: list[tuple[float, float, float]]  # x, y, facing of each model
    files: int | None = None
    #: the unit's own table as the file gives it (the ruleset reads its own keys from it)
    raw: dict[str, Any] = field(default_factory=dict)
    #: the unit this one joins at the start (a character placed in it), or None
    joins: str | None = None

    def model_names(self) -> list[str]:
        if len(self.placements) == 1:
            return [self.id]
        return [f"{self.id}.{i}" for i in range(1, len(self.placements) + 1)]


@dataclass(slots=True)
class Scenario:
    path: str
    raw: dict[str, Any]
    name: str
    ruleset: str
    seed: int | None
    dice: list[int] | None
    first_side: int
    turns: int | None
    table: tuple[float, float]
    terrain: tuple[Terrain, ...]
    units: list[UnitSpec]
    orders: list[dict[str, Any]] = field(default_factory=list)
    #: the deployment zones: (side, x, y, width, height) in inches, x and y the top-left corner
    deployment: tuple[tuple[int, float, float, float, float], ...] = ()

    def unit_displays(self) -> dict[str, str]:
        """The name players read for each unit, by id: its own name, numbered in the
        scenario's order where several units share it ("Ghoul 1", "Ghoul 2")."""
        return dict(zip((u.id for u in self.units), numbered([u.name for u in self.units])))

    def without_orders(self) -> dict[str, Any]:
        """The raw scenario minus its orders: what a save embeds."""
        return {k: v for k, v in self.raw.items() if k != "orders"}


def numbered(names: Sequence[str]) -> list[str]:
    """``names`` as players read them: each name given more than once numbered in order
    ("Ghoul 1", "Ghoul 2"), the others as they are."""
    shared = Counter(names)
    seen: Counter[str] = Counter()
    out = []
    for n in names:
        seen[n] += 1
        out.append(n if shared[n] == 1 else f"{n} {seen[n]}")
    return out


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict, _SHORT.maxstring, _SHORT.maxlong = 3, 6, 4, 40, 30


def show_value(v: Any) -> str:
    """A value as it reads in a message: short, one line, whatever its size or depth."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "null"
    if isinstance(v, str):
        return json.dumps(v if len(v) <= 60 else v[:57] + "...")
    if isinstance(v, int) and abs(v) >= 10**30:
        return f"a whole number of {len(str(abs(v)))} digits"
    if isinstance(v, datetime.date | datetime.time):
        return v.isoformat()
    if isinstance(v, dict):
        return "a table" if v else "an empty table"
    return _SHORT.repr(v)


def _number(v: Any) -> bool:
    if isinstance(v, float):
        return math.isfinite(v)
    return isinstance(v, int) and not isinstance(v, bool)  # (however large: no float() here)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class _Checker:
    def __init__(self, path: str, data: Any = None) -> None:
        self.path = path
        self.data = data

    def fail(self, where: str, msg: str) -> ScenarioError:
        prefix = f"{self.path}: {where}: " if where else f"{self.path}: "
        return ScenarioError(prefix + msg)


def read_file(path: str | Path) -> dict[str, Any]:
    """Read and parse a scenario file (at most :data:`MAX_SCENARIO_BYTES`)."""
    name = str(path)
    try:
        data = read_limited(path, MAX_SCENARIO_BYTES, "a scenario file")
    except FileProblem as exc:
        raise ScenarioError(f"{name}: {exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(f"{name}: not a text file (not UTF-8)") from None
    return parse_text(text.removeprefix("\ufeff"), name)


def parse_text(text: str, name: str) -> dict[str, Any]:
    if name.lower().endswith(".jsonl"):
        # (a save that did not read as one comes here: say so, not that it is bad TOML)
        raise ScenarioError(f"{name}: not a Contact Zone save: its first line is not a save's "
                            "header (the file may be cut short or damaged); nothing was changed")
    kind = "JSON" if name.lower().endswith(".json") else "TOML"
    try:
        if kind == "JSON":
            data = json.loads(text)
        else:
            data = tomllib.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(
            f"{name}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ScenarioError(
            f"{name}: not usable {kind}: lists or tables nested far too deep to read "
            f"(a scenario needs no more than {MAX_NESTING} levels)"
        ) from None
    except ValueError as exc:  # Python's cap on the digits of a whole number
        if "digits" not in str(exc):
            raise ScenarioError(f"{name}: not valid {kind}") from None
        raise ScenarioError(
            f"{name}: not usable {kind}: a number with thousands of digits (whole numbers "
            f"must lie between {INT_MIN} and {INT_MAX})"
        ) from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{name}: the file must hold a table of keys, not {_kind(data)}")
    return data


def _kind(v: Any) -> str:
    if isinstance(v, list):
        return "a list"
    if isinstance(v, str):
        return "a string"
    if v is None:
        return "null"
    if isinstance(v, bool | int | float):
        return "a number" if not isinstance(v, bool) else "true or false"
    return "a value"


def field_name(path: tuple[Any, ...]) -> str:
    """``weapons[0].attacks`` for the path ("weapons", 0, "attacks")."""
    out = ""
    for p in path:
        if isinstance(p, int):
            out += f"[{p}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", p):
            out += f".{p}" if out else p
        else:
            out += f"[{show_value(p)}]"
    return out


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")  # no key has a line break or a control character


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def bad_value(data: Any) -> tuple[tuple[Any, ...], str] | None:
    """The first value anywhere in ``data`` (whatever its key) that a save cannot hold or a
    message cannot show, as (path, what is wrong): whole numbers beyond 64 bits, numbers that
    are not finite, text that is not valid Unicode, dates and times, tables and lists more
    than :data:`MAX_NESTING` deep. None when all is well."""
    stack: list[tuple[Any, tuple[Any, ...], int]] = [(data, (), 0)]
    while stack:
        v, path, depth = stack.pop()
        if isinstance(v, dict | list):
            if depth > MAX_NESTING:
                return path, (f"lies more than {MAX_NESTING} levels deep (lists and tables "
                              f"inside one another)")
            items = v.items() if isinstance(v, dict) else enumerate(v)
            for k, x in items:
                if isinstance(k, str) and (_has_surrogate(k) or _CONTROL.search(k)):
                    return path, f"has a key that is not a plain name: {show_value(k)}"
                stack.append((x, (*path, k), depth + 1))
        elif isinstance(v, bool) or v is None:
            continue
        elif isinstance(v, int):
            if not INT_MIN <= v <= INT_MAX:
                return path, (f"is {show_value(v)}, beyond the whole numbers a scenario can "
                              f"hold ({INT_MIN} to {INT_MAX})")
        elif isinstance(v, float):
            if not math.isfinite(v):
                return path, f"is {show_value(v)}, not a finite number"
        elif isinstance(v, str):
            if _has_surrogate(v):
                return path, f"is not valid Unicode text: {show_value(v)}"
        else:
            return path, f"is a date or time ({show_value(v)}), which no scenario field takes"
    return None


def check_values(c: _Checker, data: dict[str, Any]) -> None:
    """:func:`bad_value` over a whole scenario, the failure naming the field under its unit,
    terrain piece or order."""
    got = bad_value(data)
    if got is not None:
        raise _value_fail(c, *got)


def _value_fail(c: _Checker, path: tuple[Any, ...], msg: str) -> ScenarioError:
    """A failure at ``path``: under ``units[i] "id"`` (or terrain, orders) when it is inside one."""
    where, rest = "", path
    if len(path) >= 2 and path[0] in ("units", "terrain", "orders") and isinstance(path[1], int):
        where = f"{path[0]}[{path[1]}]"
        item = c.data.get(path[0], [])[path[1]] if isinstance(c.data, dict) else None
        ident = item.get("id") if isinstance(item, dict) and path[0] != "orders" else None
        if isinstance(ident, str) and ID_RE.fullmatch(ident):
            where += f' "{ident}"'
        rest = path[2:]
    name = field_name(rest)
    if not name:
        return c.fail(where, msg)
    return c.fail(where, f"{name} {msg}")


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file."""
    return check_scenario(read_file(path), str(path))


def load_scenario_text(text: str, name: str = "scenario.toml") -> Scenario:
    return check_scenario(parse_text(text, name), name)


def check_scenario(data: dict[str, Any], path: str) -> Scenario:
    """Check a parsed scenario against the contract and the ruleset it names."""
    c = _Checker(path, data)
    if not isinstance(data, dict):
        raise c.fail("", f"the scenario must be a table of keys, not {_kind(data)}")
    for check in _HEAD_CHECKS:
        check(c, data)
    ruleset = _check_ruleset(c, data)
    _check_description(c, data)
    _check_dice(c, data, ruleset)
    _check_first_side(c, data, ruleset.sides)
    _check_turns(c, data)
    tw, th = _check_table(c, data)
    deployment = _check_deployment(c, data, tw, th, ruleset.sides)
    check_values(c, data)
    terrain = _check_terrain(c, data.get("terrain", []), tw, th)
    units = _check_units(c, data.get("units"), ruleset, tw, th)
    orders = _check_orders(c, data)
    sc = _scenario(path, data, ruleset, (tw, th), terrain, units, orders, deployment)
    _check_placement(c, sc, ruleset)
    try:
        ruleset.check_scenario(sc)
    except ValueError as exc:
        raise ScenarioError(f"{path}: {exc}") from None
    return sc


def _scenario(path: str, data: dict[str, Any], ruleset: Ruleset, table: tuple[float, float],
              terrain: tuple[Terrain, ...], units: list[UnitSpec], orders: list[dict[str, Any]],
              deployment: tuple[tuple[int, float, float, float, float], ...]) -> Scenario:
    dice = data.get("dice")
    return Scenario(
        path=path,
        raw=data,
        name=data["name"],
        ruleset=ruleset.id,
        seed=data.get("seed"),
        dice=list(dice) if dice is not None else None,
        first_side=data.get("first_side", 1),
        turns=data.get("turns"),
        table=table,
        terrain=terrain,
        units=units,
        orders=list(orders),
        deployment=deployment,
    )


# --- the scenario's own keys, one check each (in the order a file is checked) -------------------


def _check_keys(c: _Checker, data: dict[str, Any]) -> None:
    for key in data:
        if key not in TOP_KEYS:
            raise c.fail("", f"unknown key {key!r} (known: {', '.join(sorted(TOP_KEYS))})")
    for key in ("format", "name", "ruleset"):
        if key not in data:
            raise c.fail("", f"missing required key {key!r}")


def _check_seed(c: _Checker, data: dict[str, Any]) -> None:
    seed = data.get("seed")
    if seed is not None and (not _int(seed) or not 0 <= seed <= INT_MAX):
        raise c.fail("seed", f"must be a whole number from 0 to {INT_MAX}, got {show_value(seed)}")


def _check_format(c: _Checker, data: dict[str, Any]) -> None:
    if data["format"] != FORMAT_VERSION or not _int(data["format"]):
        raise c.fail("format", f"must be {FORMAT_VERSION}, got {show_value(data['format'])}")


def _check_name(c: _Checker, data: dict[str, Any]) -> None:
    name = data["name"]
    if not isinstance(name, str) or not name.strip():
        raise c.fail("name", f"must be a non-empty string, got {show_value(name)}")


_HEAD_CHECKS = (_check_keys, _check_seed, _check_format, _check_name)


def _check_ruleset(c: _Checker, data: dict[str, Any]) -> Ruleset:
    from game.core.ruleset import get_ruleset, known_rulesets

    rid = data["ruleset"]
    if not isinstance(rid, str) or rid not in known_rulesets():
        raise c.fail(
            "ruleset", f"unknown ruleset {show_value(rid)} (known: {', '.join(known_rulesets())})"
        )
    try:
        return get_ruleset(rid)
    except NotImplementedError:
        raise c.fail("ruleset", f'"{rid}" is planned but not available yet') from None


def _check_description(c: _Checker, data: dict[str, Any]) -> None:
    description = data.get("description", "")
    if not isinstance(description, str):
        raise c.fail("description", f"must be a string, got {show_value(description)}")


def _check_dice(c: _Checker, data: dict[str, Any], ruleset: Ruleset) -> None:
    dice = data.get("dice")
    if dice is None:
        return
    if not isinstance(dice, list):
        raise c.fail("dice", f"must be a list of die results, got {show_value(dice)}")
    top = ruleset.die_sides
    for i, d in enumerate(dice):
        if not _int(d) or not 1 <= d <= top:
            raise c.fail(
                f"dice[{i}]",
                f"must be a die result, a whole number from 1 to {top} for {ruleset.id}, "
                f"got {show_value(d)}",
            )


def sides_text(sides: Sequence[int]) -> str:
    return " or ".join(str(x) for x in sides) if len(sides) <= 2 else (
        ", ".join(str(x) for x in sides[:-1]) + f" or {sides[-1]}")


def _check_first_side(c: _Checker, data: dict[str, Any], sides: Sequence[int]) -> None:
    first_side = data.get("first_side", sides[0])
    if not _int(first_side) or first_side not in sides:
        raise c.fail("first_side", f"must be {sides_text(sides)}, got {show_value(first_side)}")


def _check_turns(c: _Checker, data: dict[str, Any]) -> None:
    turns = data.get("turns")
    if turns is not None and (not _int(turns) or not 1 <= turns <= 1000):
        raise c.fail("turns", f"must be a whole number of game turns from 1 to 1000, got {show_value(turns)}")


def _check_table(c: _Checker, data: dict[str, Any]) -> tuple[float, float]:
    table = data.get("table", {"width": 48.0, "height": 48.0})
    if not isinstance(table, dict):
        raise c.fail("table", f"must be a table with width and height, got {show_value(table)}")
    for key in table:
        if key not in ("width", "height"):
            raise c.fail("table", f"unknown key {key!r} (known: height, width)")
    dims = []
    for key in ("width", "height"):
        if key not in table:
            raise c.fail("table", f"missing required key {key!r}")
        v = table[key]
        if not _number(v) or not 1 <= v <= 1000:
            raise c.fail(f"table.{key}", f"must be a number of inches from 1 to 1000, got {show_value(v)}")
        dims.append(float(v))
    return dims[0], dims[1]


def _check_deployment(c: _Checker, data: dict[str, Any], tw: float, th: float,
                      sides: Sequence[int]
                      ) -> tuple[tuple[int, float, float, float, float], ...]:
    """Deployment zones: rectangles on the table where each side sets up (a guide for the
    players and the editor; the rules do not check them)."""
    items = data.get("deployment", [])
    if not isinstance(items, list):
        raise c.fail("deployment", f"must be a list of zone tables, got {show_value(items)}")
    return tuple(_check_zone(c, i, z, tw, th, sides) for i, z in enumerate(items))


def _check_zone(c: _Checker, i: int, z: Any, tw: float, th: float, sides: Sequence[int]
                ) -> tuple[int, float, float, float, float]:
    where = f"deployment[{i}]"
    if not isinstance(z, dict):
        raise c.fail(where, f"must be a table, got {show_value(z)}")
    for key in z:
        if key not in DEPLOYMENT_KEYS:
            raise c.fail(where, f"unknown key {key!r} (known: {', '.join(sorted(DEPLOYMENT_KEYS))})")
    for key in ("side", "x", "y", "width", "height"):
        if key not in z:
            raise c.fail(where, f"missing required key {key!r}")
    side = z["side"]
    if not _int(side) or side not in sides:
        raise c.fail(where, f"side must be {sides_text(sides)}, got {show_value(side)}")
    vals = []
    for key in ("x", "y", "width", "height"):
        v = z[key]
        low = 0 if key in ("x", "y") else 0.1
        if not _number(v) or not low <= v <= 1000:
            raise c.fail(where, f"{key} must be a number of inches from {low:g} to 1000, got {show_value(v)}")
        vals.append(float(v))
    x, y, w, h = vals
    if x + w > tw + 1e-6 or y + h > th + 1e-6:
        raise c.fail(where, f"the zone from x {x:g}, y {y:g}, {w:g} by {h:g} inches, goes past "
                            f"the table's edge ({tw:g} x {th:g} inches)")
    return side, x, y, w, h


def _check_orders(c: _Checker, data: dict[str, Any]) -> list[dict[str, Any]]:
    orders = data.get("orders", [])
    if not isinstance(orders, list):
        raise c.fail("orders", f"must be a list of order tables, got {show_value(orders)}")
    for i, o in enumerate(orders):
        if not isinstance(o, dict):
            raise c.fail(f"orders[{i}]", f"must be a table, got {show_value(o)}")
    return list(orders)


# --- every problem at once (the scenario editor) --------------------------------------------


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a scenario, in the words loading the file would use
    (``message``: the whole line, file name first), and what it is about: ``part`` is ""
    (the scenario's own keys), "table", "deployment", "terrain", "units" or "orders";
    ``index`` the item of that list (None for the scenario's own keys); ``key`` the field
    at fault as the message names it ("stats.DV", "polygon", "name"), or "" when the
    message names none; ``reason`` the message without the file and the item (what shows
    next to the field)."""

    message: str
    part: str = ""
    index: int | None = None
    key: str = ""
    reason: str = ""


@dataclass(slots=True)
class Review:
    """Every problem of a scenario, and a :class:`Scenario` of the parts that passed (the
    units and terrain whose own checks pass, placed or not), or None when the scenario's own
    keys are too broken to tell the ruleset or the table."""

    problems: list[Problem]
    partial: Scenario | None


_WHERE = re.compile(r'^(units|terrain|deployment|orders)\[(\d+)\](?: "[^"]*")?: (.*)$', re.S)
_KEY_AT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+|\[\d+\])*)\b")


def problem_of(path: str, message: str) -> Problem:
    """A :class:`Problem` from a loading message: the item it names, and the key at fault
    when the reason starts with one (``stats.DV must be ...``)."""
    text = message[len(path) + 2:] if message.startswith(path + ": ") else message
    m = _WHERE.match(text)
    if m is None:
        head, sep, tail = text.partition(": ")
        if sep and re.fullmatch(r"[a-z_]+(?:\.[a-z_]+|\[\d+\])*", head):
            return Problem(message, "table" if head.startswith("table") else "", None, head, tail)
        return Problem(message, "", None, "", text)
    part, index, rest = m.group(1), int(m.group(2)), m.group(3)
    key = ""
    k = _KEY_AT.match(rest)
    if k is not None and k.group(1).split(".")[0].split("[")[0] in (
            UNIT_KEYS | FORMATION_KEYS | TERRAIN_KEYS | DEPLOYMENT_KEYS):
        key = k.group(1)
    return Problem(message, part, index, key, rest)


def review_scenario(data: dict[str, Any], path: str,
                    substitute: Any = None) -> Review:
    """Every problem of ``data``, item by item, with the same checks and messages as
    :func:`check_scenario` (which stops at the first), and a partial :class:`Scenario` for
    showing what can be shown. ``substitute(i, unit)``, when given, offers a stand-in table
    for a unit that fails its own checks (drawn in its place; its problem stays listed)."""
    c = _Checker(path, data)
    problems: list[Problem] = []

    def attempt(fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except ScenarioError as exc:
            problems.append(problem_of(path, str(exc)))
            return None

    if not isinstance(data, dict):
        return Review([problem_of(path, str(c.fail("", "the scenario must be a table of keys")))], None)
    attempt(_check_keys, c, data)
    if problems:
        return Review(problems, None)
    for check in (_check_seed, _check_format, _check_name, _check_description, _check_turns):
        attempt(check, c, data)
    ruleset = attempt(_check_ruleset, c, data)
    if ruleset is not None:
        attempt(_check_first_side, c, data, ruleset.sides)
    table = attempt(_check_table, c, data)
    if ruleset is None or table is None:
        return Review(problems, None)
    attempt(_check_dice, c, data, ruleset)
    tw, th = table
    zones = data.get("deployment", [])
    deployment = []
    if not isinstance(zones, list):
        attempt(_check_deployment, c, data, tw, th, ruleset.sides)
        zones = []
    for i, z in enumerate(zones):
        got = attempt(_check_zone, c, i, z, tw, th, ruleset.sides)
        if got is not None:
            deployment.append(got)
    for key, value in data.items():
        if key in ("terrain", "units"):
            continue
        bad = bad_value(value)
        if bad is not None:
            problems.append(problem_of(path, str(_value_fail(c, (key, *bad[0]), bad[1]))))
    terrain = []
    pieces = data.get("terrain", [])
    if not isinstance(pieces, list):
        attempt(_check_terrain, c, pieces, tw, th)
        pieces = []
    seen: set[str] = set()
    for i, t in enumerate(pieces):
        bad = bad_value(t)
        if bad is not None:
            problems.append(problem_of(path, str(_value_fail(c, ("terrain", i, *bad[0]), bad[1]))))
            continue
        got = attempt(_check_piece, c, i, t, seen)
        if got is not None:
            terrain.append(got)
    units: list[UnitSpec] = []
    items = data.get("units")
    if not isinstance(items, list) or not items:
        attempt(_check_units, c, items, ruleset, tw, th)
        items = items if isinstance(items, list) else []
    taken: set[str] = set()
    for i, u in enumerate(items):
        bad = bad_value(u)
        spec = None
        if bad is not None:
            problems.append(problem_of(path, str(_value_fail(c, ("units", i, *bad[0]), bad[1]))))
        else:
            spec = attempt(_check_unit, c, i, u, ruleset, set(taken))
        if spec is None and substitute is not None and isinstance(u, dict):
            stand_in = substitute(i, u)
            if stand_in is not None and bad_value(stand_in) is None:
                try:
                    spec = _check_unit(c, i, stand_in, ruleset, set(taken))
                except ScenarioError:
                    spec = None
        if spec is not None:
            taken.add(spec.id)
            units.append(spec)
    attempt(_check_orders, c, data)
    sc = _scenario(path, data, ruleset, (tw, th), tuple(terrain), units, [], tuple(deployment))
    placement = [problem_of(path, str(exc)) for exc in _placement_problems(c, sc, ruleset)]
    problems += placement
    if not problems:
        try:
            ruleset.check_scenario(sc)
        except ValueError as exc:
            problems.append(problem_of(path, f"{path}: {exc}"))
    # a unit that cannot be placed (a character joining no unit) is not shown
    unplaced = {p.index for p in placement
                if p.part == "units" and p.index is not None and "joins" in p.reason}
    if unplaced:
        ids = {items[i].get("id") for i in unplaced if isinstance(items[i], dict)}
        sc.units = [u for u in sc.units if u.id not in ids]
    return Review(problems, sc)


def _check_terrain(c: _Checker, items: Any, tw: float, th: float) -> tuple[Terrain, ...]:
    if not isinstance(items, list):
        raise c.fail("terrain", f"must be a list of terrain tables, got {show_value(items)}")
    seen: set[str] = set()
    return tuple(_check_piece(c, i, t, seen) for i, t in enumerate(items))


def _check_piece(c: _Checker, i: int, t: Any, seen: set[str]) -> Terrain:
    """One terrain piece (``seen``: the ids of the pieces before it; its own is added)."""
    where = f"terrain[{i}]"
    if not isinstance(t, dict):
        raise c.fail(where, f"must be a table, got {show_value(t)}")
    tid = t.get("id")
    if not isinstance(tid, str) or not ID_RE.fullmatch(tid):
        raise c.fail(where, "id must be a string of letters, digits, - and _" + ("" if "id" in t else " (missing)"))
    where = f'terrain[{i}] "{tid}"'
    if tid in seen:
        raise c.fail(where, "id is used twice")
    seen.add(tid)
    for key in t:
        if key not in TERRAIN_KEYS:
            raise c.fail(where, f"unknown key {key!r} (known: {', '.join(sorted(TERRAIN_KEYS))})")
    tname = t.get("name", tid)
    if not isinstance(tname, str):
        raise c.fail(where, f"name must be a string, got {show_value(tname)}")
    kind = t.get("kind")
    if kind not in TERRAIN_KINDS:
        raise c.fail(where, f"kind must be one of {', '.join(TERRAIN_KINDS)}, got {show_value(kind)}")
    poly = t.get("polygon")
    if not isinstance(poly, list) or len(poly) < 3:
        raise c.fail(where, "polygon must be a list of at least 3 [x, y] points in inches")
    pts = []
    for j, p in enumerate(poly):
        if not (isinstance(p, list) and len(p) == 2
                and all(_number(v) and abs(v) <= MAX_COORD for v in p)):
            raise c.fail(
                where, f"polygon[{j}] must be an [x, y] pair of numbers of inches from "
                f"-{MAX_COORD} to {MAX_COORD}, got {show_value(p)}"
            )
        pts.append((float(p[0]), float(p[1])))
    height = t.get("height", 0.0)
    if not _number(height) or not 0 <= height <= 100:
        raise c.fail(where, f"height must be a number of inches from 0 to 100, got {show_value(height)}")
    from shapely.geometry import Polygon

    shp = Polygon(pts)
    if not shp.is_valid or shp.area <= 0:
        raise c.fail(where, "polygon crosses itself or has no area")
    tname = t.get("name", "")
    if not isinstance(tname, str):
        raise c.fail(where, f"name must be a string, got {show_value(tname)}")
    return Terrain(tid, kind, tuple(pts), float(height), tname.strip())


def _check_units(c: _Checker, items: Any, ruleset: Ruleset, tw: float, th: float) -> list[UnitSpec]:
    if items is None:
        raise c.fail("", "missing required key 'units'")
    if not isinstance(items, list) or not items:
        raise c.fail("units", "must be a non-empty list of unit tables")
    seen: set[str] = set()
    return [_check_unit(c, i, u, ruleset, seen) for i, u in enumerate(items)]


def _check_unit(c: _Checker, i: int, u: Any, ruleset: Ruleset, seen: set[str]) -> UnitSpec:
    """One unit (``seen``: the ids of the units before it; its own is added)."""
    where = f"units[{i}]"
    if not isinstance(u, dict):
        raise c.fail(where, f"must be a table, got {show_value(u)}")
    uid = u.get("id")
    if "id" not in u:
        raise c.fail(where, "missing required key 'id'")
    if not isinstance(uid, str) or not ID_RE.fullmatch(uid):
        raise c.fail(where, f"id must be letters, digits, - and _, got {show_value(uid)}")
    where = f'units[{i}] "{uid}"'
    if uid in seen:
        raise c.fail(where, "id is used by another unit")
    seen.add(uid)
    for key in u:
        if key not in UNIT_KEYS and key not in ruleset.unit_keys:
            known = ", ".join(sorted(UNIT_KEYS | ruleset.unit_keys))
            raise c.fail(where, f"unknown key {key!r} (known: {known})")
    side = u.get("side")
    if "side" not in u:
        raise c.fail(where, "missing required key 'side'")
    if not _int(side) or side not in ruleset.sides:
        raise c.fail(where, f"side must be {sides_text(ruleset.sides)}, got {show_value(side)}")
    name = u.get("name", uid)
    if not isinstance(name, str):
        raise c.fail(where, f"name must be a string, got {show_value(name)}")
    base = u.get("base", ruleset.default_base)
    if not isinstance(base, str):
        raise c.fail(where, f"base must be a string, got {show_value(base)}")
    facing = u.get("facing", 0.0)
    if not _number(facing):
        raise c.fail(where, f"facing must be a number of degrees, got {show_value(facing)}")
    models = u.get("models", 1)
    if not _int(models) or not 1 <= models <= 200:
        raise c.fail(where, f"models must be a whole number from 1 to 200, got {show_value(models)}")
    files = u.get("files")
    if files is not None and (not _int(files) or not 1 <= files <= 50):
        raise c.fail(where, f"files must be a whole number from 1 to 50, got {show_value(files)}")
    for key in ("rules", "keywords", "weapons"):
        v = u.get(key, [])
        if not isinstance(v, list):
            raise c.fail(where, f"{key} must be a list, got {show_value(v)}")
        if key != "weapons":
            for j, r in enumerate(v):
                if not isinstance(r, str) or not r.strip():
                    raise c.fail(where, f"{key}[{j}] must be a non-empty string, got {show_value(r)}")
    if "stats" not in u:
        raise c.fail(where, "missing required key 'stats'")
    if not isinstance(u["stats"], dict):
        raise c.fail(where, f"stats must be a table, got {show_value(u['stats'])}")
    joins = u.get("joins")
    if joins is not None and (not isinstance(joins, str) or not ID_RE.fullmatch(joins)):
        raise c.fail(where, f"joins must be the id of another unit, got {show_value(joins)}")
    if joins is not None:  # placed inside the unit it joins: no place of its own
        placements = [(float("nan"), float("nan"), float(facing))] * models
    else:
        placements = _placements(c, where, u, models, files, float(facing), base, ruleset)
    try:
        ruleset.check_unit(u, where)
    except ValueError as exc:
        raise c.fail(where, str(exc)) from None
    return UnitSpec(
        id=uid,
        side=side,
        name=name,
        base=base,
        stats=dict(u["stats"]),
        rules=list(u.get("rules", [])),
        keywords=list(u.get("keywords", [])),
        weapons=list(u.get("weapons", [])),
        placements=placements,
        files=files,
        raw=u,
        joins=joins,
    )


def _placements(
    c: _Checker, where: str, u: dict[str, Any], models: int, files: int | None, facing: float,
    base: str, ruleset: Ruleset,
) -> list[tuple[float, float, float]]:
    positions = u.get("positions")
    if positions is not None:
        if not isinstance(positions, list) or not positions:
            raise c.fail(where, "positions must be a list of [x, y] or [x, y, facing]")
        if "models" in u and models != len(positions):
            raise c.fail(where, f"positions has {len(positions)} entries but models is {models}")
        out = []
        for j, p in enumerate(positions):
            if not (isinstance(p, list) and len(p) in (2, 3) and all(_number(v) for v in p)):
                raise c.fail(where, f"positions[{j}] must be [x, y] or [x, y, facing], got {show_value(p)}")
            out.append((float(p[0]), float(p[1]), float(p[2]) if len(p) == 3 else facing))
        return out
    for key in ("x", "y"):
        if key not in u:
            raise c.fail(where, f"missing required key {key!r} (or 'positions')")
        if not _number(u[key]):
            raise c.fail(where, f"{key} must be a number of inches, got {show_value(u[key])}")
    x, y = float(u["x"]), float(u["y"])
    if models == 1:
        return [(x, y, facing)]
    try:
        laid: list[tuple[float, float, float]] | None = ruleset.formation_placements(
            u, x, y, facing)
    except ValueError as exc:
        raise c.fail(where, str(exc)) from None
    if laid is not None:
        return laid
    # A formation: ranks of `files` models side by side, centred on (x, y), the first rank
    # in front, bases touching.
    from game.geometry.bases import parse_base

    try:
        shape = parse_base(base, ruleset.base_sizes)
    except ValueError as exc:
        raise c.fail(where, str(exc)) from None
    per_rank = files or models
    ranks = math.ceil(models / per_rank)
    rad = math.radians(facing)
    fx, fy = math.sin(rad), -math.cos(rad)  # forward
    rx, ry = math.cos(rad), math.sin(rad)  # to the right
    out = []
    for k in range(models):
        rank, file = divmod(k, per_rank)
        across = (file - (per_rank - 1) / 2) * shape.width
        back = (rank - (ranks - 1) / 2) * shape.depth
        out.append((x + across * rx - back * fx, y + across * ry - back * fy, facing))
    return out


def _check_placement(c: _Checker, sc: Scenario, ruleset: Ruleset) -> None:
    for problem in _placement_problems(c, sc, ruleset):
        raise problem


def _placement_problems(c: _Checker, sc: Scenario, ruleset: Ruleset) -> Iterator[ScenarioError]:
    """Every base that joins no unit it may, is off the table, overlaps another base or stands
    in blocking terrain, in that order (the first is what loading the file says)."""
    from shapely.geometry import Polygon

    from game.geometry.bases import footprint, parse_base
    from game.geometry.contact import ContactIndex, overlaps

    tw, th = sc.table
    keyed = []
    ids = {u.id: u for u in sc.units}
    where_of = {id(u): f'units[{i}] "{u.id}"' for i, u in enumerate(sc.units)}
    if isinstance(sc.raw.get("units"), list):  # the index in the file, when units were left out
        index = {u.get("id"): i for i, u in enumerate(sc.raw["units"]) if isinstance(u, dict)}
        where_of = {id(u): f'units[{index.get(u.id, i)}] "{u.id}"' for i, u in enumerate(sc.units)}
    for u in sc.units:
        where = where_of[id(u)]
        if u.joins is not None:
            host = ids.get(u.joins)
            if host is None:
                yield c.fail(where, f'joins "{u.joins}", but there is no unit with that id')
            elif host.id == u.id or host.joins is not None:
                yield c.fail(where, f'joins "{u.joins}", which is itself joining a unit')
            elif host.side != u.side:
                yield c.fail(where, f'joins "{u.joins}" of side {host.side}, an enemy unit')
            continue  # placed by the ruleset inside the unit it joins
        try:
            shape = parse_base(u.base, ruleset.base_sizes)
        except ValueError as exc:
            yield c.fail(where, str(exc))
            continue
        for name, (x, y, f) in zip(u.model_names(), u.placements):
            poly = footprint(shape, x, y, f)
            minx, miny, maxx, maxy = poly.bounds
            eps = 1e-6
            if minx < -eps or miny < -eps or maxx > tw + eps or maxy > th + eps:
                who = "" if name == u.id else f" (model {name})"
                yield c.fail(
                    where,
                    f"the base{who} at x {x:g}, y {y:g} is off the table "
                    f"({tw:g} x {th:g} inches)",
                )
                break
            keyed.append((name, poly, where))
    contact = ContactIndex([(k, p) for k, p, _ in keyed])
    wheres = {k: w for k, _, w in keyed}
    polys = {k: p for k, p, _ in keyed}
    said: set[str] = set()  # a unit's first overlapping base is enough to name
    for k, p, w in keyed:
        for other in contact.overlapping(p, exclude=(k,)):
            if w not in said:
                said.add(w)
                yield c.fail(w, f'the base of "{k}" overlaps the base of "{other}" ({wheres[other]})')
            break
    for t in sc.terrain:
        if t.kind not in ("obstacle", "impassable"):
            continue
        tp = Polygon(t.polygon)
        said = set()
        for k, p in polys.items():
            if wheres[k] not in said and overlaps(p, tp):
                said.add(wheres[k])
                yield c.fail(wheres[k], f'the base of "{k}" stands inside terrain "{t.id}" ({t.kind})')

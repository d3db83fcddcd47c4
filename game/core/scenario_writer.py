"""Writing a scenario back to TOML: what the scenario editor saves.

The file reads like the shipped maps: the battle's own keys first, then ``[table]``, the
deployment zones, the terrain, the units and the orders, each block's keys in the order a
person writes them (``id``, ``side``, ``name``, where it stands, its base, its profile...).
Every value is written exactly (whole numbers stay whole, decimals keep their digits), so
reading the file gives back the same table of keys: :func:`scenario_toml` and
:func:`game.core.scenario.parse_text` are inverses for any scenario that loads.
"""

from __future__ import annotations

import json
import re
from typing import Any

#: the battle's own keys, in the order they are written (before any table)
TOP_ORDER = ("format", "name", "ruleset", "description", "seed", "first_side", "turns", "dice")
#: the lists of tables, in the order they are written
BLOCKS = ("deployment", "terrain", "units", "orders")
KEY_ORDER = {
    "table": ("width", "height"),
    "deployment": ("side", "x", "y", "width", "height"),
    "terrain": ("id", "name", "kind", "polygon", "height"),
    "units": ("id", "side", "name", "joins", "x", "y", "facing", "positions", "base", "models",
              "files", "troop_type", "height", "stats", "parts", "armour", "weapons", "rules",
              "keywords", "command"),
    "orders": ("unit", "do", "target", "to", "facing", "path", "answer"),
}
#: a list written on one line up to this many characters, else one item per line
LINE = 96

_BARE = re.compile(r"[A-Za-z0-9_-]+")


def key_text(key: str) -> str:
    return key if _BARE.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    # JSON's escapes are TOML's, except that TOML also wants DEL escaped
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def value_text(v: Any) -> str:
    """One value as TOML, on one line (lists and tables inline)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        text = repr(v)
        if text in ("inf", "-inf", "nan"):
            raise ValueError(f"{text} cannot be written in a scenario")
        return text
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(value_text(x) for x in v) + "]"
    if isinstance(v, dict):
        items = [f"{key_text(k)} = {value_text(x)}" for k, x in v.items() if x is not None]
        return "{ " + ", ".join(items) + " }" if items else "{}"
    raise ValueError(f"a {type(v).__name__} cannot be written in a scenario")


def _assignment(key: str, v: Any, indent: str = "") -> str:
    """``key = value``; a list too long for one line gets one item per line."""
    head = f"{indent}{key_text(key)} = "
    one = head + value_text(v)
    if not isinstance(v, list | tuple) or len(one) <= LINE or len(v) < 2:
        return one
    lines = [head + "["]
    lines += [f"{indent}  {value_text(x)}," for x in v]
    lines.append(f"{indent}]")
    return "\n".join(lines)


def ordered(table: dict[str, Any], order: tuple[str, ...]) -> list[tuple[str, Any]]:
    """The items of ``table``: the keys of ``order`` first, in that order, then the others
    in the order they came."""
    first = [(k, table[k]) for k in order if k in table]
    return first + [(k, v) for k, v in table.items() if k not in order]


def scenario_toml(data: dict[str, Any]) -> str:
    """The scenario ``data`` (a table of keys as :func:`game.core.scenario.parse_text` gives
    it) as the text of a TOML file. Keys whose value is None are left out."""
    out: list[str] = []
    later = {"table", *BLOCKS}
    for key, v in ordered(data, TOP_ORDER):
        if v is None or key in later and _block(key, v):
            continue
        out.append(_assignment(key, v))
    table = data.get("table")
    if isinstance(table, dict):
        out.append("")
        out.append("[table]")
        out += [_assignment(k, v) for k, v in ordered(table, KEY_ORDER["table"]) if v is not None]
    for block in BLOCKS:
        items = data.get(block)
        if not isinstance(items, list) or not _block(block, items):
            continue
        for item in items:
            out.append("")
            out.append(f"[[{block}]]")
            out += [_assignment(k, v) for k, v in ordered(item, KEY_ORDER[block]) if v is not None]
    return "\n".join(out).lstrip("\n") + "\n"


def _block(key: str, v: Any) -> bool:
    """Whether ``v`` is written as TOML tables of their own (``[table]``, ``[[units]]``)
    rather than inline: a table, or a non-empty list of tables."""
    if key == "table":
        return isinstance(v, dict)
    return (key in BLOCKS and isinstance(v, list) and bool(v)
            and all(isinstance(x, dict) for x in v))

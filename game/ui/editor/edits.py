"""The edits the scenario editor makes, each one an undo step of :class:`EditDoc` with a name
a player reads in the status line ("Undone: move Dreadspears"). No pygame here.

Where a unit stands: a unit in formation (a ruleset with ``formations``), or a unit given by
``x`` and ``y``, moves and turns as one block; a unit of several models placed freely
(``positions``) moves and turns model by model. Places of units are written rounded to a
hundredth of an inch, corners of terrain and zones to a tenth, facings to a tenth of a degree
(always from 0 to 360), so that the file stays easy to read.
"""

from __future__ import annotations

import copy
from typing import Any

from game.ui.editor.document import EditDoc, slug, tidy

#: kinds of terrain in the order the editor offers them
KINDS = ("obstacle", "impassable", "area", "elevation")


def facing_value(f: float) -> float:
    return tidy(f % 360.0, 1) % 360.0


def unit_name(u: Any) -> str:
    if not isinstance(u, dict):
        return "a unit"
    name = u.get("name", u.get("id"))
    return name if isinstance(name, str) and name.strip() else "a unit"


def new_id(doc: EditDoc, name: str, part: str = "units") -> str:
    """A free id made from ``name``: "spears", then "spears-2", "spears-3"..."""
    items = {"units": doc.units(), "terrain": doc.terrain()}[part]
    taken = {x.get("id") for x in items if isinstance(x, dict)}
    base = slug(name)
    if base not in taken:
        return base
    k = 2
    while f"{base}-{k}" in taken:
        k += 1
    return f"{base}-{k}"


# --- units ------------------------------------------------------------------------------------


def place_unit(doc: EditDoc, unit: dict[str, Any], side: int, x: float, y: float,
               facing: float | None = None) -> int:
    """Put a new unit (a profile's table: no id, side or place) on the table, facing the
    enemy's edge unless told: side 1 up the table, side 2 down. Returns its index."""
    name = unit_name(unit) if "name" in unit else "unit"
    out: dict[str, Any] = {"id": new_id(doc, name), "side": side}
    if "name" in unit:
        out["name"] = unit["name"]
    f = facing if facing is not None else (0.0 if side == 1 else 180.0)
    out.update(x=tidy(x), y=tidy(y), facing=facing_value(f))
    out.update({k: copy.deepcopy(v) for k, v in unit.items()
                if k not in ("id", "side", "name", "x", "y", "facing", "positions", "joins")})

    def add(data: dict[str, Any]) -> int:
        data.setdefault("units", []).append(out)
        return len(data["units"]) - 1

    return int(doc.change(f"place {unit_name(out)}", add))


def is_block(doc: EditDoc, u: dict[str, Any]) -> bool:
    """Whether the unit moves and turns as one block (not model by model)."""
    return doc.ruleset.editor.formations or "positions" not in u


def set_place(doc: EditDoc, i: int, x: float, y: float, model: int | None = None,
              merge: Any = None) -> None:
    """Where unit ``i`` (or, for models placed freely, its model ``model``) stands."""
    u = doc.units()[i]

    def go(data: dict[str, Any]) -> None:
        unit = data["units"][i]
        if not is_block(doc, unit) and model is not None:
            p = list(unit["positions"][model])
            p[0], p[1] = tidy(x), tidy(y)
            unit["positions"][model] = p
        else:
            unit["x"], unit["y"] = tidy(x), tidy(y)

    doc.change(f"move {unit_name(u)}", go, merge)


def set_facing(doc: EditDoc, i: int, facing: float, model: int | None = None,
               merge: Any = None) -> None:
    u = doc.units()[i]

    def go(data: dict[str, Any]) -> None:
        unit = data["units"][i]
        if not is_block(doc, unit) and model is not None:
            p = list(unit["positions"][model])
            unit["positions"][model] = [p[0], p[1], facing_value(facing)]
        else:
            unit["facing"] = facing_value(facing)

    doc.change(f"turn {unit_name(u)}", go, merge)


def set_unit_value(doc: EditDoc, i: int, path: tuple[str, ...], value: Any,
                   merge: Any = None) -> None:
    """Set the key at ``path`` in unit ``i`` (``("stats", "DV")``); None removes it."""
    u = doc.units()[i]

    def go(data: dict[str, Any]) -> None:
        table = data["units"][i]
        for k in path[:-1]:
            if not isinstance(table.get(k), dict):
                table[k] = {}
            table = table[k]
        if value is None:
            table.pop(path[-1], None)
        else:
            table[path[-1]] = value

    doc.change(f"change {'.'.join(path).replace('_', ' ')} of {unit_name(u)}", go, merge)


def rename_unit(doc: EditDoc, i: int, new: str, merge: Any = None) -> None:
    """A new id for unit ``i``; the characters that join it and the scripted orders that name
    it (or its models) follow."""
    old = doc.units()[i].get("id")

    def go(data: dict[str, Any]) -> None:
        data["units"][i]["id"] = new
        if not isinstance(old, str) or not old:
            return
        for other in data["units"]:
            if isinstance(other, dict) and other.get("joins") == old:
                other["joins"] = new
        for order in data.get("orders", []) if isinstance(data.get("orders"), list) else []:
            for key in ("unit", "target"):
                v = order.get(key) if isinstance(order, dict) else None
                if isinstance(v, str) and (v == old or v.startswith(old + ".")):
                    order[key] = new + v[len(old):]

    doc.change(f"rename {unit_name(doc.units()[i])}", go, merge)


def duplicate_unit(doc: EditDoc, i: int, dx: float, dy: float) -> int:
    """A copy of unit ``i`` with an id of its own, ``dx``, ``dy`` inches away."""
    u = copy.deepcopy(doc.units()[i])
    u["id"] = new_id(doc, u.get("name") or u.get("id") or "unit")
    if isinstance(u.get("positions"), list):
        u["positions"] = [[tidy(p[0] + dx), tidy(p[1] + dy), *p[2:]] for p in u["positions"]]
    elif "joins" not in u:
        u["x"], u["y"] = tidy(float(u.get("x", 0)) + dx), tidy(float(u.get("y", 0)) + dy)

    def add(data: dict[str, Any]) -> int:
        data["units"].insert(i + 1, u)
        return i + 1

    return int(doc.change(f"duplicate {unit_name(u)}", add))


def delete_unit(doc: EditDoc, i: int) -> None:
    """Take unit ``i`` off the table; characters that joined it stay where it stood."""
    u = doc.units()[i]
    uid = u.get("id")

    def go(data: dict[str, Any]) -> None:
        gone = data["units"].pop(i)
        for other in data["units"]:
            if isinstance(other, dict) and other.get("joins") == uid:
                del other["joins"]
                other.setdefault("x", gone.get("x", 0.0))
                other.setdefault("y", gone.get("y", 0.0))
                other.setdefault("facing", gone.get("facing", 0.0))

    doc.change(f"delete {unit_name(u)}", go)


def set_joins(doc: EditDoc, i: int, host: str | None, x: float, y: float) -> None:
    """A character joins ``host`` (its place is then the unit's), or leaves it to stand at
    ``x``, ``y``."""
    u = doc.units()[i]

    def go(data: dict[str, Any]) -> None:
        unit = data["units"][i]
        if host is None:
            unit.pop("joins", None)
            unit["x"], unit["y"] = tidy(x), tidy(y)
            unit.setdefault("facing", 0.0)
        else:
            unit["joins"] = host
            for k in ("x", "y", "positions"):
                unit.pop(k, None)

    doc.change(f"{'join' if host else 'detach'} {unit_name(u)}", go)


# --- terrain ----------------------------------------------------------------------------------


def add_terrain(doc: EditDoc, kind: str, polygon: list[tuple[float, float]],
                height: float = 0.0) -> int:
    piece = {"id": new_id(doc, kind, "terrain"), "kind": kind,
             "polygon": [[tidy(x, 1), tidy(y, 1)] for x, y in polygon], "height": height}

    def add(data: dict[str, Any]) -> int:
        data.setdefault("terrain", []).append(piece)
        return len(data["terrain"]) - 1

    return int(doc.change(f"draw {kind}", add))


def piece_name(t: Any) -> str:
    if not isinstance(t, dict):
        return "terrain"
    return str(t.get("name") or t.get("id") or "terrain")


def set_polygon(doc: EditDoc, i: int, polygon: list[list[float]], label: str,
                merge: Any = None) -> None:
    t = doc.terrain()[i]

    def go(data: dict[str, Any]) -> None:
        data["terrain"][i]["polygon"] = [[tidy(x, 1), tidy(y, 1)] for x, y in polygon]

    doc.change(f"{label} {piece_name(t)}", go, merge)


def set_terrain_value(doc: EditDoc, i: int, key: str, value: Any, merge: Any = None) -> None:
    t = doc.terrain()[i]

    def go(data: dict[str, Any]) -> None:
        if value is None:
            data["terrain"][i].pop(key, None)
        else:
            data["terrain"][i][key] = value

    doc.change(f"change the {key} of {piece_name(t)}", go, merge)


def delete_terrain(doc: EditDoc, i: int) -> None:
    t = doc.terrain()[i]

    def go(data: dict[str, Any]) -> None:
        data["terrain"].pop(i)
        if not data["terrain"]:
            del data["terrain"]

    doc.change(f"delete {piece_name(t)}", go)


# --- deployment zones -------------------------------------------------------------------------


def add_zone(doc: EditDoc, side: int, x0: float, y0: float, x1: float, y1: float) -> int:
    zone = zone_table(side, x0, y0, x1, y1)

    def add(data: dict[str, Any]) -> int:
        data.setdefault("deployment", []).append(zone)
        return len(data["deployment"]) - 1

    return int(doc.change(f"draw side {side}'s deployment zone", add))


def zone_table(side: int, x0: float, y0: float, x1: float, y1: float) -> dict[str, Any]:
    x, y = min(x0, x1), min(y0, y1)
    return {"side": side, "x": tidy(x, 1), "y": tidy(y, 1), "width": tidy(abs(x1 - x0), 1),
            "height": tidy(abs(y1 - y0), 1)}


def set_zone(doc: EditDoc, i: int, zone: dict[str, Any], merge: Any = None) -> None:
    def go(data: dict[str, Any]) -> None:
        data["deployment"][i] = zone

    doc.change(f"change side {zone.get('side')}'s deployment zone", go, merge)


def delete_zone(doc: EditDoc, i: int) -> None:
    z = doc.zones()[i]

    def go(data: dict[str, Any]) -> None:
        data["deployment"].pop(i)
        if not data["deployment"]:
            del data["deployment"]

    doc.change(f"delete side {z.get('side')}'s deployment zone", go)


# --- the battle's own keys --------------------------------------------------------------------


def set_top(doc: EditDoc, key: str, value: Any, merge: Any = None) -> None:
    """A key of the battle (``name``, ``turns``...) or of its table (``table.width``); None
    removes an optional one."""
    words = {"first_side": "the side that goes first", "table.width": "the table's width",
             "table.height": "the table's height"}

    def go(data: dict[str, Any]) -> None:
        table, k = data, key
        if key.startswith("table."):
            table, k = data.setdefault("table", {}), key.split(".", 1)[1]
        if value is None:
            table.pop(k, None)
        else:
            table[k] = value

    doc.change(f"change {words.get(key, 'the ' + key)}", go, merge)

"""Units in formation over a game state: their models on the table, the characters that joined
them, and the state changes that keep every model where its unit's formation puts it.

A joined character is a unit of its own whose one model stands in the front rank of the unit
it joined (its ``joined`` flag names that unit): the two move, fight and take tests together,
and the layout puts the characters in the middle of the front rank.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from game.core import events as ev
from game.core.state import (
    OFF_TABLE,
    Formation,
    GameState,
    Handler,
    Model,
    Unit,
    move_model,
    replace_model,
    replace_unit,
)
from game.geometry.bases import parse_base
from game.rulesets.rank_and_flank import layout

#: the status of a model removed as a casualty; of a unit whose models are all gone, or that
#: was caught fleeing; and of one that ran off the table
CASUALTY, DESTROYED, FLED = "destroyed", "destroyed", "fled"
#: the statuses of units in formation that are no longer on the table
OFF_TABLE_STATUSES = frozenset({DESTROYED, FLED})


@lru_cache(maxsize=256)
def base_inches(base: str) -> tuple[float, float]:
    """A model's base (frontage, depth) in inches."""
    shape = parse_base(base, {})
    return shape.width, shape.depth


def alive(s: GameState, unit: str) -> list[Model]:
    """The unit's own models still on the table, in their numbered order (a list kept while
    the models and units stand as they are: do not change it)."""
    key = ("alive", unit)
    got = s.placed.get(key)
    if got is None:
        models = s.models
        got = s.placed[key] = [m for n in s.units[unit].models
                                if (m := models[n]).status not in OFF_TABLE]  # (on_table)
    return got


def joined_to(s: GameState, unit: str) -> str | None:
    """The unit ``unit`` (a character) has joined, if any."""
    got = s.units[unit].flags.get("joined")  # (Unit.flag inlined: this is called a lot)
    if got is None:
        return None
    host = got[1]
    return host if isinstance(host, str) else None


def characters_in(s: GameState, unit: str) -> list[str]:
    """The characters standing in ``unit`` (joined and still on the table)."""
    joined = s.placed.get("joined")
    if joined is None:
        joined = {}
        for u, rec in s.units.items():
            host = rec.flag("joined")
            if isinstance(host, str) and rec.on_table and alive(s, u):
                joined.setdefault(host, []).append(u)
        s.placed["joined"] = joined
    got: list[str] = joined.get(unit, [])
    return got


def block_models(s: GameState, unit: str) -> list[Model]:
    """Every model standing in the unit's formation: the characters, then its own (a list
    kept while the models and units stand as they are: do not change it)."""
    key = ("block", unit)
    got: list[Model] | None = s.placed.get(key)
    if got is None:
        chars = characters_in(s, unit)
        got = [m for c in chars for m in alive(s, c)] + alive(s, unit) if chars else alive(s, unit)
        s.placed[key] = got
    return got


def in_formation(s: GameState, unit: str) -> int:
    return len(block_models(s, unit))


def lead(s: GameState, unit: str) -> Model:
    """A model of the unit to read its profile from (the first on the table, or the first)."""
    got = alive(s, unit)
    return got[0] if got else s.models[s.units[unit].models[0]]


def host(s: GameState, unit: str) -> str:
    """The unit whose formation ``unit`` stands in: the unit a character joined, or itself."""
    return joined_to(s, unit) or unit


def members(s: GameState, unit: str) -> list[str]:
    """The unit and the characters in it (for a character: its unit first)."""
    h = host(s, unit)
    return [h, *characters_in(s, h)]


def on_table(s: GameState, unit: str) -> bool:
    """Still in the game with models on the table."""
    return s.units[unit].on_table and bool(alive(s, unit))


def name(s: GameState, unit: str) -> str:
    """The unit's name as players read it."""
    return s.units[unit].display or unit


def files_ranks(s: GameState, unit: str) -> tuple[int, int]:
    """Files and ranks of the unit's formation now (characters included)."""
    key = ("files_ranks", unit)
    got: tuple[int, int] | None = s.placed.get(key)
    if got is None:
        h = host(s, unit)
        f = formation_of(s, h)
        n = len(block_models(s, h))
        files = max(1, min(f.files, n)) if n else f.files
        got = s.placed[key] = (files, layout.ranks_of(n, files))
    return got


def rank_sizes(s: GameState, unit: str) -> list[int]:
    """Models in each rank of the unit's formation, front first."""
    files, ranks = files_ranks(s, unit)
    n = len(block_models(s, host(s, unit)))
    return [min(files, n - r * files) for r in range(ranks)]


def formation_of(s: GameState, unit: str) -> Formation:
    u = s.units[unit]
    host = joined_to(s, unit)
    if host is not None and s.units[host].formation is not None:
        f = s.units[host].formation
    else:
        f = u.formation
    assert f is not None, f'unit "{unit}" has no formation'
    return f


# --- laying the models out -----------------------------------------------------------------------


def _character_slots(files: int, count: int, chars: int) -> list[int]:
    """Indexes (in slot order) of the front-rank slots the characters take: the middle ones."""
    width = min(files, count)
    start = max(0, (width - chars) // 2)
    return list(range(start, min(width, start + chars)))


def relayout(s: GameState, unit: str, leaving: tuple[str, ...] = ()) -> None:
    """Put every model of ``unit``'s formation (its characters included) where the formation
    says, the models in ``leaving`` left out (they are about to be removed)."""
    u = s.units[unit]
    f = u.formation
    if f is None:
        return
    chars = [m for m in block_models(s, unit) if m.unit != unit and m.name not in leaving]
    own = [m for m in alive(s, unit) if m.name not in leaving]
    everyone = chars + own
    if not everyone:
        return
    w, d = base_inches(own[0].base if own else chars[0].base)
    count = len(everyone)
    places = layout.positions(f, count, w, d)
    char_slots = _character_slots(f.files, count, len(chars))
    order: list[Model] = []
    it_chars, it_own = iter(chars), iter(own)
    for i in range(count):
        order.append(next(it_chars) if i in char_slots else next(it_own))
    facing = f.facing
    for m, (x, y) in zip(order, places):
        if m.x != x or m.y != y or m.facing != facing:
            move_model(s, m.name, x, y, facing)
    # what was worked out from where the unit stood is stale (a set-up lays units out by
    # hand, outside any event)
    s.placed.clear()
    s.derived.clear()


def _unit_moved(s: GameState, e: Any) -> None:
    # (this runs before the core's part, which sets the same formation)
    replace_unit(s, e.unit, formation=Formation(e.x, e.y, e.facing, e.files))
    relayout(s, e.unit)


def _casualties(s: GameState, e: Any) -> None:
    """Casualties leave the rear rank: the front edge stays, the formation loses depth (and
    width, once a single rank is left)."""
    unit = s.units[e.unit]
    host = joined_to(s, e.unit) or e.unit
    f = s.units[host].formation
    if f is None:
        return
    before = in_formation(s, host)
    after = before - sum(1 for n in e.models if s.models[n].on_table)
    d = base_inches(s.models[unit.models[0]].base)[1]
    if after > 0:
        replace_unit(s, host, formation=layout.recentre_for(f, before, after, d))
        relayout(s, host, leaving=tuple(e.models))
    for name in e.models:  # (the models leave the table: removed as casualties)
        replace_model(s, name, status=CASUALTY)


REDUCERS: Mapping[type[ev.Event], Handler] = {
    ev.UnitMoved: _unit_moved,
    ev.CasualtiesRemoved: _casualties,
}


def unit_result(s: GameState, unit: str) -> dict[str, Any]:
    """The contract's result of a unit in formation (the ruleset adds ``wounds_taken``)."""
    u: Unit = s.units[unit]
    f = formation_of(s, unit) if (u.formation is not None or joined_to(s, unit)) else None
    n = len(alive(s, unit))
    block = in_formation(s, joined_to(s, unit) or unit) if f is not None else n
    files = min(f.files, block) if f is not None and block else (f.files if f else 0)
    return {
        "side": u.side,
        "status": u.status,
        "models_left": n,
        "x": round(f.x, 4) if f else None,
        "y": round(f.y, 4) if f else None,
        "facing": round(f.facing % 360, 4) % 360 if f else None,  # 359.99999 is 0, not 360
        "files": files,
        "ranks": layout.ranks_of(block, files) if block else 0,
        "conditions": sorted(u.conditions),
    }

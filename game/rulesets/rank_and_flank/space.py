"""The table as the rank-and-flank rulesets see it: Unit Boundaries, which units touch and on
which facing, which models are in base contact, arcs, and where units end their charges,
flights, pursuits and moves. Shapely rectangles over the state's formations.

Facings are named ``front``, ``left``, ``right``, ``rear`` as the unit sees them; arcs are the
four quarters around a unit cut by lines from its corners at 45 degrees to its sides.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import lru_cache
from typing import Any, TypeVar

import numpy as np
import shapely
from shapely.geometry import Polygon, box

from game.core import measure
from game.core.state import Formation, GameState
from game.geometry.contact import CONTACT_TOL, distance, distances, in_contact
from game.geometry.formation import Block, contact_facing, touched_facing
from game.geometry.formation_moves import Surroundings
from game.rulesets.common.table import Table, terrain_outline
from game.rulesets.rank_and_flank import layout
from game.rulesets.rank_and_flank.units import base_inches, block_models, formation_of, joined_to

FACINGS = ("front", "right", "rear", "left")
#: how far round the unit each facing's outward direction is, clockwise from its front
FACING_TURN = {"front": 0.0, "right": 90.0, "rear": 180.0, "left": 270.0}


def _vec(facing: float) -> tuple[float, float]:
    rad = math.radians(facing)
    return math.sin(rad), -math.cos(rad)


def host_of(s: GameState, unit: str) -> str:
    return joined_to(s, unit) or unit


def dims(s: GameState, unit: str, count: int | None = None, files: int | None = None
         ) -> tuple[float, float]:
    """Width and depth of the unit's Unit Boundary (in inches)."""
    host = host_of(s, unit)
    f = formation_of(s, host)
    n = len(block_models(s, host)) if count is None else count
    files = f.files if files is None else files
    files = max(1, min(files, n)) if n else max(1, files)
    w, d = unit_base(s, host)
    return files * w, layout.ranks_of(n, files) * d


def unit_base(s: GameState, unit: str) -> tuple[float, float]:
    u = s.units[unit]
    return base_inches(s.models[u.models[0]].base)


#: a rectangle by value: centre x, y, facing, width, depth (geometry results are cached on it)
RectKey = tuple[float, float, float, float, float]


@lru_cache(maxsize=8192)
def rect_of(key: RectKey) -> Polygon:
    x, y, facing, width, depth = key
    if not facing % 360:
        return box(x - width / 2, y - depth / 2, x + width / 2, y + depth / 2)
    # the box turned about its centre as shapely's rotate turns it (clockwise on the table)
    rad = math.radians(facing)
    c, s_ = math.cos(rad), math.sin(rad)
    hw, hd = width / 2, depth / 2
    return Polygon([(x + c * dx - s_ * dy, y + s_ * dx + c * dy)
                    for dx, dy in ((hw, -hd), (hw, hd), (-hw, hd), (-hw, -hd))])


def rect(f: Formation, width: float, depth: float) -> Polygon:
    """The rectangle ``width`` by ``depth`` centred on ``f``, turned to its facing."""
    return rect_of((f.x, f.y, f.facing, width, depth))


def unit_key(s: GameState, unit: str) -> RectKey:
    """The unit's Unit Boundary as a rectangle key."""
    key = ("rect", unit)
    got: RectKey | None = s.placed.get(key)
    if got is None:
        host = host_of(s, unit)
        width, depth = dims(s, host)
        f = formation_of(s, host)
        got = s.placed[key] = (f.x, f.y, f.facing, width, depth)
    return got


def boundary(s: GameState, unit: str) -> Polygon:
    """The Unit Boundary of ``unit`` (of the unit it joined, for a character)."""
    return rect_of(unit_key(s, unit))


def within(s: GameState, unit: str, where: Any, inches: float) -> bool:
    """Whether the Unit Boundary of ``unit`` stands within ``inches`` of ``where`` (a shapely
    geometry: another unit's outline, where it stood), as the rules measure a distance they
    name (:func:`game.core.measure.within`)."""
    return measure.within(float(boundary(s, unit).distance(where)), inches)


def _block(key: RectKey) -> Block:
    """A rectangle key as a geometry :class:`Block` of one model filling it (same outline,
    sides and arcs)."""
    x, y, facing, width, depth = key
    return Block(float(x), float(y), float(facing), 1, 1, float(width), float(depth))


# Every question of touching is the geometry's (game/geometry/contact.py, formation.py): one
# definition, the contact tolerance either way. Answers are cached on where the units stand.


@lru_cache(maxsize=65536)
def rects_touch(a: RectKey, b: RectKey) -> bool:
    """Whether two rectangles touch: within the contact tolerance and not overlapping."""
    return in_contact(rect_of(a), rect_of(b))


@lru_cache(maxsize=65536)
def rects_distance(a: RectKey, b: RectKey) -> float:
    return distance(rect_of(a), rect_of(b))


def corners(f: Formation, width: float, depth: float) -> dict[str, tuple[float, float]]:
    """front-left, front-right, rear-right, rear-left as the unit sees them."""
    fx, fy = _vec(f.facing)
    rx, ry = _vec(f.facing + 90)
    hw, hd = width / 2, depth / 2
    return {
        "front-left": (f.x + hd * fx - hw * rx, f.y + hd * fy - hw * ry),
        "front-right": (f.x + hd * fx + hw * rx, f.y + hd * fy + hw * ry),
        "rear-right": (f.x - hd * fx + hw * rx, f.y - hd * fy + hw * ry),
        "rear-left": (f.x - hd * fx - hw * rx, f.y - hd * fy - hw * ry),
    }


def facing_touched_by(s: GameState, unit: str, other: str) -> str | None:
    """Which facing of ``unit`` the unit ``other`` touches (cached on where both stand): the
    side touched along a stretch, else (corner contact) the arc ``other``'s centre is in."""
    return _facing_between(unit_key(s, unit), unit_key(s, other))


def corner_contact(s: GameState, unit: str, other: str) -> bool:
    """Whether the two units touch at a corner only (no stretch of a side against the other)."""
    return _corner_only(unit_key(s, unit), unit_key(s, other))


@lru_cache(maxsize=16384)
def _corner_only(a: RectKey, b: RectKey) -> bool:
    return rects_touch(a, b) and touched_facing(_block(a), _block(b)) is None


@lru_cache(maxsize=16384)
def _facing_between(a: RectKey, b: RectKey) -> str | None:
    return contact_facing(_block(a), _block(b))


def model_keys(s: GameState, unit: str) -> dict[str, RectKey]:
    """Every model in the unit's formation (its characters included) as a rectangle key."""
    host = host_of(s, unit)
    out = {}
    for m in block_models(s, host):
        w, d = base_inches(m.base)
        out[m.name] = (m.x, m.y, m.facing, w, d)
    return out


def model_gaps(s: GameState, unit: str, enemy: str) -> dict[str, float]:
    """How far each model of ``unit``'s formation (its characters included) stands from
    ``enemy``'s Unit Boundary: :func:`~game.geometry.contact.distance` for all of them at once
    (cached on where both stand)."""
    key = ("model_gaps", unit, enemy)
    got: dict[str, float] | None = s.placed.get(key)
    if got is None:
        keys = model_keys(s, unit)
        other = unit_key(s, enemy)
        known = _GAPS.get
        gaps = [known((k, other)) for k in keys.values()]
        if None in gaps:  # those not met before, in one call
            new = [k for k, g in zip(keys.values(), gaps, strict=True) if g is None]
            found = distances(rects_of(np.asarray(new, dtype=float).reshape(-1, 5)),
                              rect_of(other)).tolist()
            if len(_GAPS) > _GAPS_HELD:
                _GAPS.clear()
            _GAPS.update(((k, other), g) for k, g in zip(new, found, strict=True))
            gaps = [known((k, other)) for k in keys.values()]
        got = {}
        for k, g in zip(keys, gaps, strict=True):
            assert g is not None  # (every gap is known now)
            got[k] = g
        s.placed[key] = got
    return got


#: the distance from a model's base to a Unit Boundary, by where both stand (a value never goes
#: stale: the key is the geometry). Rounds of a combat, and the tries of a search, ask again and
#: again for the same front ranks, which stand still while the rear ranks fall.
_GAPS: dict[tuple[RectKey, RectKey], float] = {}
_GAPS_HELD = 65536


def rects_of(keys: np.ndarray) -> np.ndarray:
    """The rectangles of many keys (an (n, 5) array) at once, as :func:`rect_of` makes each."""
    x, y, facing, width, depth = keys.T
    rad = np.radians(facing)
    c, s_ = np.cos(rad), np.sin(rad)
    hw, hd = width / 2, depth / 2
    corners = [(hw, -hd), (hw, hd), (-hw, hd), (-hw, -hd)]
    xs = np.stack([x + c * dx - s_ * dy for dx, dy in corners], axis=1)
    ys = np.stack([y + s_ * dx + c * dy for dx, dy in corners], axis=1)
    got: np.ndarray = shapely.polygons(np.stack([xs, ys], axis=2))
    return got


def model_polygons(s: GameState, unit: str) -> dict[str, Polygon]:
    """The bases of every model in the unit's formation (its characters included)."""
    return {n: rect_of(k) for n, k in model_keys(s, unit).items()}


def models_touching(s: GameState, unit: str, other: Polygon) -> list[str]:
    """Models of ``unit``'s formation whose bases touch ``other`` (corners count)."""
    return [n for n, p in model_polygons(s, unit).items() if p.distance(other) <= CONTACT_TOL]


def rank_and_file(s: GameState, unit: str) -> dict[str, tuple[int, int]]:
    """Each model of the unit's formation: its rank (0 front) and its place in the rank (0 at
    the left as the unit sees it), from where it stands."""
    host = host_of(s, unit)
    f = formation_of(s, host)
    w, d = unit_base(s, host)
    width, depth = dims(s, host)
    fx, fy = _vec(f.facing)
    rx, ry = _vec(f.facing + 90)
    out = {}
    for m in block_models(s, host):
        dx, dy = m.x - f.x, m.y - f.y
        ahead, right = dx * fx + dy * fy, dx * rx + dy * ry
        rank = math.floor((depth / 2 - ahead) / d + 1e-6)
        file = math.floor((right + width / 2) / w + 1e-6)
        out[m.name] = (rank, file)
    return out


# --- moving units --------------------------------------------------------------------------------


# --- the formation library's view (game/geometry/formation*.py) ----------------------------------


def block_of(s: GameState, unit: str) -> Block:
    """The unit's formation as a geometry :class:`Block` (its characters counted)."""
    host = host_of(s, unit)
    f = formation_of(s, host)
    n = max(1, len(block_models(s, host)))
    w, d = unit_base(s, host)
    return Block(f.x, f.y, f.facing, max(1, min(f.files, n)), n, w, d)


def formation_of_block(b: Block) -> Formation:
    return Formation(b.x, b.y, b.facing % 360, b.files)


def surroundings(s: GameState, mover: str, leave_out: Iterable[str] = ()) -> Surroundings:
    """Everything a moving unit may run into: the other units on the table (friends and
    enemies, by id, with their names) and terrain that stops movement."""
    side = s.units[mover].side
    friends: dict[str, Polygon] = {}
    enemies: dict[str, Polygon] = {}
    for k, poly in other_boundaries(s, exclude=(mover, *leave_out)).items():
        (friends if s.units[k].side == side else enemies)[k] = poly
    names = {k: s.units[k].display or k for k in (*friends, *enemies)}
    names.update({t.id: t.name for t in s.terrain if t.name})  # (terrain by its own name)
    return Surroundings(friends=friends, enemies=enemies,
                        impassable=blocking_terrain(s, ("impassable", "obstacle")),
                        table=s.table, names=names)


def surroundings_key(s: GameState, mover: str, leave_out: Iterable[str] = ()) -> Hashable:
    """A value that stands for :func:`surroundings` ``(s, mover, leave_out)``: the same value,
    the same surroundings (every other unit by id, whether a friend, its name and where it
    stands; the terrain; the table). Answers worked out from the surroundings are kept by it."""
    side = s.units[mover].side
    units = s.units
    return (tuple((k, units[k].side == side, units[k].display, unit_key(s, k))
                  for k in other_units(s, (mover, *leave_out))), s.terrain, s.table)


T = TypeVar("T")

#: answers of pure geometry by the values they are worked out from (:func:`kept`)
_KEPT: dict[Hashable, Any] = {}
_KEPT_HELD = 8192


def kept(key: Hashable, work: Callable[[], T]) -> T:
    """``work()``, kept by ``key``: for a geometric answer (a charge path, a flee, a pursuit)
    that depends only on what ``key`` holds by value (blocks, distances, a
    :func:`surroundings_key`...), so a kept answer never goes stale, whatever state, fork or
    undo asks. The odds and the AI try the same moves from the same spots over and over, and
    finding a path costs far more than looking it up."""
    got = _KEPT.get(key, _KEPT)
    if got is _KEPT:
        got = work()
        if len(_KEPT) >= _KEPT_HELD:
            _KEPT.clear()
        _KEPT[key] = got
    return got  # type: ignore[no-any-return]


def sight_walls(s: GameState, viewer: str, target: str) -> list[Polygon]:
    """What blocks a unit's sight of another: taller terrain and the units in between."""
    walls: list[Polygon] = [terrain_outline(t.polygon) for t in s.terrain
                            if t.kind in ("obstacle", "impassable") and t.height > 1.0]
    walls += list(other_boundaries(s, exclude=(viewer, target)).values())
    return walls


def within_table(poly: Polygon, table: tuple[float, float], tol: float = 1e-6) -> bool:
    minx, miny, maxx, maxy = poly.bounds
    return bool(minx >= -tol and miny >= -tol and maxx <= table[0] + tol
                and maxy <= table[1] + tol)


def other_boundaries(s: GameState, exclude: Iterable[str] = ()) -> dict[str, Polygon]:
    """The boundaries of every other unit on the table (characters in units are part of their
    unit's boundary)."""
    return {uid: boundary(s, uid) for uid in other_units(s, exclude)}


def other_units(s: GameState, exclude: Iterable[str]) -> list[str]:
    """The units on the table in formation, other than ``exclude`` (and the units they joined
    or that joined them); characters in units are part of their unit."""
    skip = {host_of(s, u) for u in exclude}
    return [uid for uid, u in s.units.items()
            if uid not in skip and u.on_table and u.formation is not None
            and joined_to(s, uid) is None]


def blocking_terrain(s: GameState, kinds: Sequence[str] = ("impassable", "obstacle")) -> dict[str, Polygon]:
    """The outlines of the terrain pieces of ``kinds``, by id."""
    return Table.obstacles(s, tuple(kinds))


__all__ = [
    "FACINGS", "FACING_TURN", "RectKey", "block_of", "blocking_terrain", "boundary", "corners",
    "dims", "facing_touched_by", "formation_of_block", "host_of", "kept", "model_gaps", "model_keys",
    "model_polygons", "other_units", "rects_of",
    "models_touching", "other_boundaries", "rank_and_file", "rect", "rect_of", "rects_distance",
    "rects_touch", "sight_walls", "surroundings", "surroundings_key", "unit_base", "unit_key",
    "within", "within_table",
]

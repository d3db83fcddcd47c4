"""The table as the rank-and-flank rulesets see it: Unit Boundaries, which units touch and on
which facing, which models are in base contact, arcs, and where units end their charges,
flights, pursuits and moves. Shapely rectangles over the state's formations.

Facings are named ``front``, ``left``, ``right``, ``rear`` as the unit sees them; arcs are the
four quarters around a unit cut by lines from its corners at 45 degrees to its sides.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

from shapely.affinity import rotate, translate
from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

from game.core.state import Formation, GameState
from game.geometry.contact import CONTACT_TOL
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
    r = box(x - width / 2, y - depth / 2, x + width / 2, y + depth / 2)
    return rotate(r, facing, origin=(x, y)) if facing % 360 else r


def rect(f: Formation, width: float, depth: float) -> Polygon:
    """The rectangle ``width`` by ``depth`` centred on ``f``, turned to its facing."""
    return rect_of((f.x, f.y, f.facing, width, depth))


def unit_key(s: GameState, unit: str) -> RectKey:
    """The unit's Unit Boundary as a rectangle key."""
    key = ("rect", unit)
    got: RectKey | None = s.derived.get(key)
    if got is None:
        host = host_of(s, unit)
        width, depth = dims(s, host)
        f = formation_of(s, host)
        got = s.derived[key] = (f.x, f.y, f.facing, width, depth)
    return got


def boundary(s: GameState, unit: str) -> Polygon:
    """The Unit Boundary of ``unit`` (of the unit it joined, for a character)."""
    return rect_of(unit_key(s, unit))


@lru_cache(maxsize=65536)
def rects_touch(a: RectKey, b: RectKey, tol: float = CONTACT_TOL) -> bool:
    """Whether two rectangles touch (within ``tol``) without overlapping."""
    pa, pb = rect_of(a), rect_of(b)
    return pa.distance(pb) <= tol and pa.intersection(pb).area < 1e-6


@lru_cache(maxsize=65536)
def rects_distance(a: RectKey, b: RectKey) -> float:
    return float(rect_of(a).distance(rect_of(b)))


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


def edges(s: GameState, unit: str) -> dict[str, LineString]:
    """The four facings of the unit as segments."""
    host = host_of(s, unit)
    width, depth = dims(s, host)
    c = corners(formation_of(s, host), width, depth)
    return {
        "front": LineString([c["front-left"], c["front-right"]]),
        "right": LineString([c["front-right"], c["rear-right"]]),
        "rear": LineString([c["rear-right"], c["rear-left"]]),
        "left": LineString([c["rear-left"], c["front-left"]]),
    }


def arc_of_point(s: GameState, unit: str, p: tuple[float, float]) -> str:
    """The arc of ``unit`` that holds point ``p``: front, right, rear or left (lines from the
    corners at 45 degrees to the sides bound the arcs)."""
    host = host_of(s, unit)
    f = formation_of(s, host)
    width, depth = dims(s, host)
    fx, fy = _vec(f.facing)
    rx, ry = _vec(f.facing + 90)
    dx, dy = p[0] - f.x, p[1] - f.y
    ahead, right = dx * fx + dy * fy, dx * rx + dy * ry
    # Past each corner the arc boundary runs at 45 degrees: compare the excess over the
    # half-sides.
    fwd = ahead - depth / 2
    back = -ahead - depth / 2
    side_r = right - width / 2
    side_l = -right - width / 2
    best = max((fwd, "front"), (side_r, "right"), (back, "rear"), (side_l, "left"))
    return best[1]


def touching(a: Polygon, b: Polygon, tol: float = CONTACT_TOL) -> bool:
    return a.distance(b) <= tol and a.intersection(b).area < 1e-6


def gap(a: Polygon, b: Polygon) -> float:
    return float(a.distance(b))


def touched_facing(s: GameState, unit: str, other: Polygon) -> str | None:
    """Which facing of ``unit`` the polygon ``other`` touches: the side along which they touch
    the longest; for a touch at a corner only, the arc that holds the other's centre."""
    if boundary(s, unit).distance(other) > CONTACT_TOL:
        return None
    near = other.buffer(CONTACT_TOL * 2)
    best, length = None, 0.0
    for name, seg in edges(s, unit).items():
        got = seg.intersection(near).length
        if got > length + 1e-9:
            best, length = name, got
    if best is not None and length > CONTACT_TOL * 5:
        return best
    c = other.centroid
    return arc_of_point(s, unit, (c.x, c.y))


def facing_touched_by(s: GameState, unit: str, other: str) -> str | None:
    """Which facing of ``unit`` the unit ``other`` touches (cached on where both stand)."""
    return _facing_between(unit_key(s, unit), unit_key(s, other))


@lru_cache(maxsize=16384)
def _facing_between(a: RectKey, b: RectKey) -> str | None:
    x, y, facing, width, depth = a
    f = Formation(x, y, facing, 1)
    pa, pb = rect_of(a), rect_of(b)
    if pa.distance(pb) > CONTACT_TOL:
        return None
    c = corners(f, width, depth)
    sides = {
        "front": LineString([c["front-left"], c["front-right"]]),
        "right": LineString([c["front-right"], c["rear-right"]]),
        "rear": LineString([c["rear-right"], c["rear-left"]]),
        "left": LineString([c["rear-left"], c["front-left"]]),
    }
    near = pb.buffer(CONTACT_TOL * 2)
    best, length = None, 0.0
    for name, seg in sides.items():
        got = seg.intersection(near).length
        if got > length + 1e-9:
            best, length = name, got
    if best is not None and length > CONTACT_TOL * 5:
        return best
    cx, cy = pb.centroid.x, pb.centroid.y
    fx, fy = _vec(facing)
    rx, ry = _vec(facing + 90)
    dx, dy = cx - x, cy - y
    ahead, right = dx * fx + dy * fy, dx * rx + dy * ry
    return max((ahead - depth / 2, "front"), (right - width / 2, "right"),
               (-ahead - depth / 2, "rear"), (-right - width / 2, "left"))[1]


def model_keys(s: GameState, unit: str) -> dict[str, RectKey]:
    """Every model in the unit's formation (its characters included) as a rectangle key."""
    host = host_of(s, unit)
    out = {}
    for m in block_models(s, host):
        w, d = base_inches(m.base)
        out[m.name] = (m.x, m.y, m.facing, w, d)
    return out


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


def shifted(f: Formation, forward: float, right: float = 0.0, facing: float | None = None,
            files: int | None = None) -> Formation:
    fx, fy = _vec(f.facing)
    rx, ry = _vec(f.facing + 90)
    return Formation(f.x + forward * fx + right * rx, f.y + forward * fy + right * ry,
                     (f.facing if facing is None else facing) % 360,
                     f.files if files is None else files)


def facing_toward(x0: float, y0: float, x1: float, y1: float) -> float:
    return math.degrees(math.atan2(x1 - x0, -(y1 - y0))) % 360


def wheel(f: Formation, width: float, depth: float, degrees: float) -> tuple[Formation, float]:
    """Wheel by ``degrees`` (+ clockwise) about the front corner on the inside of the turn;
    returns the new formation and the distance the outer front corner travels."""
    c = corners(f, width, depth)
    pivot = c["front-right"] if degrees > 0 else c["front-left"]
    rad = math.radians(degrees)
    dx, dy = f.x - pivot[0], f.y - pivot[1]
    cos, sin = math.cos(rad), math.sin(rad)
    nx = pivot[0] + dx * cos - dy * sin
    ny = pivot[1] + dx * sin + dy * cos
    return Formation(nx, ny, (f.facing + degrees) % 360, f.files), abs(rad) * width


def flush_against(s: GameState, charger: str, target: str, facing: str) -> Formation:
    """Where ``charger`` ends a charge into ``target``'s ``facing``: turned to face straight
    into that side, its front edge flush against it ("closing the door"), slid along the side
    from where its front is now to touch as much of it as possible."""
    edge = edges(s, target)[facing]
    (ax, ay), (bx, by) = edge.coords[0], edge.coords[1]
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    tf = formation_of(s, host_of(s, target))
    into = (tf.facing + FACING_TURN[facing] + 180) % 360  # the charger faces into the side
    width, depth = dims(s, charger)
    cf = formation_of(s, host_of(s, charger))
    fc = point_along((cf.x, cf.y), cf.facing, depth / 2)  # its front edge's middle, now
    t = (fc[0] - ax) * ux + (fc[1] - ay) * uy
    if width <= length:
        t = min(max(t, width / 2), length - width / 2)
    else:
        t = length / 2
    px, py = ax + t * ux, ay + t * uy
    back = point_along((px, py), into, -depth / 2)
    return Formation(back[0], back[1], into, cf.files)


def within_table(poly: Polygon, table: tuple[float, float], tol: float = 1e-6) -> bool:
    minx, miny, maxx, maxy = poly.bounds
    return minx >= -tol and miny >= -tol and maxx <= table[0] + tol and maxy <= table[1] + tol


def other_boundaries(s: GameState, exclude: Iterable[str] = ()) -> dict[str, Polygon]:
    """The boundaries of every other unit on the table (characters in units are part of their
    unit's boundary)."""
    skip = {host_of(s, u) for u in exclude}
    out = {}
    for uid, u in s.units.items():
        if uid in skip or not u.on_table or joined_to(s, uid) is not None:
            continue
        if u.formation is None:
            continue
        out[uid] = boundary(s, uid)
    return out


def blocking_terrain(s: GameState, kinds: Sequence[str] = ("impassable", "obstacle")) -> dict[str, Polygon]:
    return {t.id: Polygon(t.polygon) for t in s.terrain if t.kind in kinds}


def swept(polys: Sequence[Polygon]) -> Polygon:
    """The area a moving boundary covers: the union of the hulls of consecutive positions."""
    if len(polys) == 1:
        return polys[0]
    parts = [unary_union([a, b]).convex_hull for a, b in zip(polys, polys[1:])]
    out = unary_union(parts)
    return out if isinstance(out, Polygon) else out.convex_hull


def straight_path(f: Formation, width: float, depth: float, forward: float, right: float = 0.0
                  ) -> tuple[Formation, Polygon]:
    """Where a straight move ends and the area the boundary sweeps on the way."""
    end = shifted(f, forward, right)
    return end, swept([rect(f, width, depth), rect(end, width, depth)])


def point_along(p: tuple[float, float], facing: float, dist: float) -> tuple[float, float]:
    fx, fy = _vec(facing)
    return p[0] + dist * fx, p[1] + dist * fy


def centre(poly: Polygon) -> tuple[float, float]:
    c = poly.centroid
    return c.x, c.y


__all__ = [
    "FACINGS", "FACING_TURN", "LineString", "Point", "arc_of_point", "blocking_terrain",
    "boundary", "centre", "corners", "dims", "edges", "facing_toward", "gap", "host_of",
    "model_polygons", "models_touching", "other_boundaries", "point_along", "rank_and_file",
    "rect", "shifted", "straight_path", "swept", "touched_facing", "touching", "translate",
    "unit_base", "wheel", "within_table",
]

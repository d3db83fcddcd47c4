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

from shapely.affinity import rotate
from shapely.geometry import LineString, Polygon, box

from game.core.state import Formation, GameState
from game.geometry.contact import CONTACT_TOL
from game.geometry.formation import Block
from game.geometry.formation_moves import Surroundings
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
    near = _near(a, b, tol)
    if near is False:
        return False
    if near and _separation(a, b) >= -1e-9:  # (any overlap is a sliver far under 1e-6 sq in)
        return True
    pa, pb = rect_of(a), rect_of(b)
    return pa.distance(pb) <= tol and pa.intersection(pb).area < 1e-6


# --- quick answers by plain arithmetic -------------------------------------------------------
# Shapely measures exactly but slowly; most questions about two rectangles are far from their
# limits, and bounds worked out by hand settle them. Only when a bound comes within
# _BOUND_MARGIN of a limit is shapely asked, so every answer is the one shapely would give.

#: a rectangle's centre, the cosine and sine of its turn, and its half width and half depth
_Frame = tuple[float, float, float, float, float, float]


def _frame(r: RectKey) -> _Frame:
    x, y, facing, width, depth = r
    rad = math.radians(facing)
    return x, y, math.cos(rad), math.sin(rad), width / 2, depth / 2


def _local(px: float, py: float, fr: _Frame) -> tuple[float, float]:
    """A table point in the rectangle's own frame (as :func:`rect_of` turns it)."""
    dx, dy = px - fr[0], py - fr[1]
    return fr[2] * dx + fr[3] * dy, -fr[3] * dx + fr[2] * dy


def _frame_corners(fr: _Frame) -> list[tuple[float, float]]:
    x, y, c, s, hw, hd = fr
    return [(x + c * ox - s * oy, y + s * ox + c * oy)
            for ox, oy in ((-hw, -hd), (hw, -hd), (hw, hd), (-hw, hd))]


def _frame_distance(px: float, py: float, fr: _Frame) -> float:
    lx, ly = _local(px, py, fr)
    ax, ay = abs(lx) - fr[4], abs(ly) - fr[5]
    return math.hypot(ax if ax > 0.0 else 0.0, ay if ay > 0.0 else 0.0)


def _separation(a: RectKey, b: RectKey) -> float:
    """The widest gap between the two rectangles' shadows on their four side directions: a
    lower bound of their distance when positive; when negative, how deep they overlap at
    least (their overlap fits in a band that wide)."""
    fa, fb = _frame(a), _frame(b)
    best = -math.inf
    for fr in (fa, fb):
        for ux, uy in ((fr[2], fr[3]), (-fr[3], fr[2])):
            reach = 0.0
            for g in (fa, fb):
                reach += g[4] * abs(g[2] * ux + g[3] * uy) + g[5] * abs(-g[3] * ux + g[2] * uy)
            gap = abs((fa[0] - fb[0]) * ux + (fa[1] - fb[1]) * uy) - reach
            best = max(best, gap)
    return best


def _near(a: RectKey, b: RectKey, tol: float) -> bool | None:
    """Whether the rectangles are within ``tol`` of each other when the bounds say so
    clearly, else None."""
    if _separation(a, b) > tol + _BOUND_MARGIN:
        return False
    fa, fb = _frame(a), _frame(b)
    upper = min(min(_frame_distance(px, py, fb) for px, py in _frame_corners(fa)),
                min(_frame_distance(px, py, fa) for px, py in _frame_corners(fb)))
    if upper < tol - _BOUND_MARGIN:
        return True
    return None


def _clip(p: tuple[float, float], q: tuple[float, float], hx: float, hy: float) -> float:
    """Length of segment p-q (in a rectangle's frame) inside |x| <= hx, |y| <= hy."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for start, d, h in ((p[0], dx, hx), (p[1], dy, hy)):
        if abs(d) < 1e-15:
            if abs(start) > h:
                return 0.0
            continue
        ta, tb = (-h - start) / d, (h - start) / d
        if ta > tb:
            ta, tb = tb, ta
        t0, t1 = max(t0, ta), min(t1, tb)
        if t0 >= t1:
            return 0.0
    return (t1 - t0) * math.hypot(dx, dy)


def _stretch_bounds(p: tuple[float, float], q: tuple[float, float], fr: _Frame, grow: float
                    ) -> tuple[float, float]:
    """Bounds of the length of segment p-q (table points) inside the rectangle buffered by
    ``grow``: the rectangle grown with square corners holds the buffer, the rectangle grown
    along one axis only is inside it."""
    lp, lq = _local(p[0], p[1], fr), _local(q[0], q[1], fr)
    hw, hd = fr[4], fr[5]
    upper = _clip(lp, lq, hw + grow, hd + grow)
    lower = max(_clip(lp, lq, hw + grow, hd), _clip(lp, lq, hw, hd + grow))
    return lower, upper


#: the quick answer could not settle it
_UNSURE = "unsure"


@lru_cache(maxsize=65536)
def rects_distance(a: RectKey, b: RectKey) -> float:
    return float(rect_of(a).distance(rect_of(b)))


def _point_rect_distance(px: float, py: float, c: float, s: float, r: RectKey) -> float:
    """How far a point is from the rectangle ``r`` turned by the angle of cosine ``c`` and
    sine ``s`` (as :func:`rect_of` turns it)."""
    x, y, _facing, width, depth = r
    dx, dy = px - x, py - y
    ax = abs(c * dx + s * dy) - width / 2
    ay = abs(-s * dx + c * dy) - depth / 2
    return math.hypot(ax if ax > 0.0 else 0.0, ay if ay > 0.0 else 0.0)


#: how far the quick bounds of :func:`rects_within` must clear the limit to be trusted (far more
#: than their rounding errors; anything closer is measured exactly)
_BOUND_MARGIN = 1e-7


@lru_cache(maxsize=65536)
def rects_within(a: RectKey, b: RectKey, limit: float) -> bool:
    """Whether ``rects_distance(a, b) <= limit``: decided by plain arithmetic when the
    distance is clearly under or over the limit (the distance from ``b`` of ``a``'s corners
    bounds it from above, that of its centre less its half diagonal from below), else
    measured exactly."""
    ax, ay, afacing, aw, ad = a
    rad = math.radians(b[2])
    bc, bs = math.cos(rad), math.sin(rad)
    centre = _point_rect_distance(ax, ay, bc, bs, b)
    hw, hd = aw / 2, ad / 2
    if centre - math.hypot(hw, hd) > limit + _BOUND_MARGIN:
        return False
    rad = math.radians(afacing)
    c, s = math.cos(rad), math.sin(rad)
    near = min(_point_rect_distance(ax + c * ox - s * oy, ay + s * ox + c * oy, bc, bs, b)
               for ox, oy in ((-hw, -hd), (hw, -hd), (hw, hd), (-hw, hd)))
    if near < limit - _BOUND_MARGIN:
        return True
    return rects_distance(a, b) <= limit


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
    """Which facing of ``unit`` the unit ``other`` touches (cached on where both stand)."""
    return _facing_between(unit_key(s, unit), unit_key(s, other))


def corner_contact(s: GameState, unit: str, other: str) -> bool:
    """Whether the two units touch at a corner only (no stretch of a side against the other)."""
    return _corner_only(unit_key(s, unit), unit_key(s, other))


def _corner_only_quick(a: RectKey, b: RectKey) -> bool | None:
    near = _near(a, b, CONTACT_TOL)
    if near is not True:
        return near
    fb = _frame(b)
    c = _frame_corners(_frame(a))
    lower = upper = 0.0
    for i in range(4):
        lo, hi = _stretch_bounds(c[i], c[(i + 1) % 4], fb, CONTACT_TOL * 2)
        lower += lo
        upper += hi
    if lower > CONTACT_TOL * 10 + _BOUND_MARGIN:
        return False
    if upper < CONTACT_TOL * 10 - _BOUND_MARGIN:
        return True
    return None


@lru_cache(maxsize=16384)
def _corner_only(a: RectKey, b: RectKey) -> bool:
    quick = _corner_only_quick(a, b)
    if quick is not None:
        return quick
    pa, pb = rect_of(a), rect_of(b)
    if pa.distance(pb) > CONTACT_TOL:
        return False
    near = pb.buffer(CONTACT_TOL * 2)
    return pa.exterior.intersection(near).length <= CONTACT_TOL * 10


def _facing_quick(a: RectKey, b: RectKey) -> str | None:
    near = _near(a, b, CONTACT_TOL)
    if near is False:
        return None
    if near is None:
        return _UNSURE
    x, y, facing, width, depth = a
    c = corners(Formation(x, y, facing, 1), width, depth)
    fb = _frame(b)
    bounds = [
        ("front", _stretch_bounds(c["front-left"], c["front-right"], fb, CONTACT_TOL * 2)),
        ("right", _stretch_bounds(c["front-right"], c["rear-right"], fb, CONTACT_TOL * 2)),
        ("rear", _stretch_bounds(c["rear-right"], c["rear-left"], fb, CONTACT_TOL * 2)),
        ("left", _stretch_bounds(c["rear-left"], c["front-left"], fb, CONTACT_TOL * 2)),
    ]
    name, (low, _) = max(bounds, key=lambda nb: nb[1][0])
    if low <= CONTACT_TOL * 5 + _BOUND_MARGIN:
        return _UNSURE
    if any(hi + 1e-9 + _BOUND_MARGIN >= low for n, (_, hi) in bounds if n != name):
        return _UNSURE
    return name  # the longest stretch by a clear margin (what the exact scan picks)


@lru_cache(maxsize=16384)
def _facing_between(a: RectKey, b: RectKey) -> str | None:
    quick = _facing_quick(a, b)
    if quick != _UNSURE:
        return quick
    return _facing_exact(a, b)


def _facing_exact(a: RectKey, b: RectKey) -> str | None:
    """The facing of ``a`` that ``b`` touches, measured with shapely: the side with the
    longest stretch along ``b``, else (a corner) the side ``b``'s centre lies beyond."""
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
    return Surroundings(friends=friends, enemies=enemies,
                        impassable=blocking_terrain(s, ("impassable", "obstacle")),
                        table=s.table, names=names)


def sight_walls(s: GameState, viewer: str, target: str) -> list[Polygon]:
    """What blocks a unit's sight of another: taller terrain and the units in between."""
    walls: list[Polygon] = [Polygon(t.polygon) for t in s.terrain
                            if t.kind in ("obstacle", "impassable") and t.height > 1.0]
    walls += list(other_boundaries(s, exclude=(viewer, target)).values())
    return walls


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


__all__ = [
    "FACINGS", "FACING_TURN", "RectKey", "block_of", "blocking_terrain", "boundary", "corners",
    "dims", "facing_touched_by", "formation_of_block", "host_of", "model_keys", "model_polygons",
    "models_touching", "other_boundaries", "rank_and_file", "rect", "rect_of", "rects_distance",
    "rects_touch", "rects_within", "sight_walls", "surroundings", "unit_base", "unit_key", "within_table",
]

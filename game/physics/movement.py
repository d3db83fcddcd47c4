"""Straight moves and charges of one base among other bases and terrain.

The functions here answer questions for the rules engine and never change what they are
given.  Each call builds a small pymunk space holding only the bases and terrain pieces near
the path, and sweeps the moving base through it; shapely then checks the answer against the
definitions of :mod:`game.geometry.contact` (and does the work itself if pymunk disagrees).

How the sweep works.  A base moving in a straight line without turning covers the convex
hull of its footprints at the start and at the current point (for a round base: a
"stadium", a segment with the base's radius).  That area only grows as the move goes on, so
"does the swept area come within ``g`` of something" flips from no to yes exactly once, at
the first position where the base is ``g`` away from it; a bisection on the travelled
distance finds that position.  pymunk answers each step: the swept area is a pymunk shape
with a rounding radius of ``g`` (pymunk reports shapes that touch or overlap it).  Ray
casts (``Space.segment_query``) are not used: with a radius they are unreliable.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pymunk
import shapely
from shapely import Polygon

from game.geometry.bases import (
    CONTACT_TOL,
    BaseShape,
    facing_vector,
    footprint,
)
from game.geometry.contact import (
    ContactIndex,
    circle_of,
    convex_parts,
    distance,
    overlaps,
)

__all__ = [
    "ChargePlan",
    "MoveCheck",
    "check_straight_move",
    "first_contact_along",
    "separation_ok",
]

TARGET_GAP = CONTACT_TOL / 4.0
"""Gap (inches) left between a base and what it stops against: inside (0, CONTACT_TOL/2]."""

DISTANCE_SLACK = 1e-6
"""A move may exceed its allowance by this much (inches) without being refused."""

_STEP = 1e-6  # bisection resolution on the travelled distance, inches
_PEN_EPS = 1e-9  # penetration pymunk must report before a contact counts as an overlap
_EDGE_EPS = 1e-9  # slack on the table edges


@dataclass(frozen=True)
class MoveCheck:
    """Answer to "may this base move there?".

    ``reason`` explains a refusal in words for the player, ``blocker`` names the base or
    terrain piece that stops it (if one does) and ``distance`` is how far the centre moves.
    """

    ok: bool
    reason: str = ""
    blocker: str | None = None
    distance: float = 0.0


@dataclass(frozen=True)
class ChargePlan:
    """Where and how a charging base ends up, or why it cannot charge.

    ``x``, ``y`` and ``facing`` are the charger's final centre and facing and ``distance``
    how far its centre moves (along ``via`` when the route is not straight).  On a refusal,
    ``reason`` explains it for the player.  Planned by :func:`game.physics.charge.plan_charge`.
    """

    ok: bool
    reason: str = ""
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0
    distance: float = 0.0
    via: tuple[tuple[float, float], ...] = ()  # corners of a route that is not straight


# --------------------------------------------------------------------------- wording


def _fmt_inches(value: float, other: float | None = None) -> str:
    """A length for a message: one decimal, more if needed to differ from ``other``."""
    for digits in (1, 2, 3, 4, 6):
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
        if other is None or value == other:
            return text
        if text != f"{other:.{digits}f}".rstrip("0").rstrip("."):
            return text
    return repr(value)


# --------------------------------------------------------------------------- scene


@dataclass(frozen=True)
class _Thing:
    """Something a moving base can run into."""

    key: str
    poly: Polygon
    terrain: bool
    circle: tuple[float, float, float] | None

    @property
    def label(self) -> str:
        return f'terrain "{self.key}"' if self.terrain else f'"{self.key}"'


class _Catalog:
    """The bases and obstacles of one call, with their bounding boxes."""

    def __init__(
        self,
        others: Mapping[str, Polygon],
        obstacles: Mapping[str, Polygon],
        skip: Collection[str] = (),
    ) -> None:
        self.entries = [(k, p, False) for k, p in others.items() if k not in skip]
        self.entries += [(k, p, True) for k, p in obstacles.items() if k not in skip]
        if self.entries:
            arr = np.empty(len(self.entries), dtype=object)
            arr[:] = [e[1] for e in self.entries]
            self.bounds = shapely.bounds(arr)
        else:
            self.bounds = np.zeros((0, 4))
        self._things: dict[int, _Thing] = {}

    def near(self, box: tuple[float, float, float, float]) -> list[_Thing]:
        """Things whose bounding boxes meet ``box`` (minx, miny, maxx, maxy): bases first,
        each group in input order."""
        b = self.bounds
        hit = (b[:, 0] <= box[2]) & (b[:, 2] >= box[0]) & (b[:, 1] <= box[3]) & (b[:, 3] >= box[1])
        out = []
        for i in np.flatnonzero(hit).tolist():
            thing = self._things.get(i)
            if thing is None:
                key, poly, terrain = self.entries[i]
                thing = _Thing(key, poly, terrain, None if terrain else circle_of(poly))
                self._things[i] = thing
            out.append(thing)
        return out


def _convex_pieces(poly: Polygon) -> list[list[tuple[float, float]]]:
    """The polygon as convex pieces (:func:`~game.geometry.contact.convex_parts`), for pymunk."""
    return [[(float(x), float(y)) for x, y in part.tolist()] for part in convex_parts(poly)]


class _Sweep:
    """One footprint moving in a straight line from ``start`` along unit vector ``u``."""

    def __init__(
        self, shape: BaseShape, start: tuple[float, float], facing: float, u: tuple[float, float]
    ) -> None:
        self.shape = shape
        self.x0, self.y0 = float(start[0]), float(start[1])
        self.facing = facing
        self.ux, self.uy = u
        self.fp0 = footprint(shape, self.x0, self.y0, facing)
        self.verts0 = np.asarray(self.fp0.exterior.coords)[:-1]
        self.round = shape.kind == "round"
        self.radius = shape.width / 2.0

    def point(self, s: float) -> tuple[float, float]:
        return self.x0 + s * self.ux, self.y0 + s * self.uy

    def at(self, s: float) -> Polygon:
        """Footprint after moving ``s`` inches."""
        x, y = self.point(s)
        return footprint(self.shape, x, y, self.facing)

    def hull(self, s: float) -> Polygon:
        """Area covered by the footprint over the first ``s`` inches."""
        if s <= 0.0:
            return self.fp0
        moved = self.verts0 + np.array([s * self.ux, s * self.uy])
        return shapely.multipoints(np.concatenate([self.verts0, moved])).convex_hull

    def box(self, s: float, pad: float) -> tuple[float, float, float, float]:
        minx, miny, maxx, maxy = self.fp0.bounds
        dx, dy = s * self.ux, s * self.uy
        return (
            minx + min(dx, 0.0) - pad,
            miny + min(dy, 0.0) - pad,
            maxx + max(dx, 0.0) + pad,
            maxy + max(dy, 0.0) + pad,
        )

    # ----- exact (shapely / circle) tests used to validate pymunk and as a fallback

    def _centre_path_distance(self, s: float, cx: float, cy: float) -> float:
        """Distance from (cx, cy) to the segment travelled by the centre."""
        px, py = cx - self.x0, cy - self.y0
        t = min(max(px * self.ux + py * self.uy, 0.0), s)
        return math.hypot(px - t * self.ux, py - t * self.uy)

    def swept_within(self, s: float, thing: _Thing, gap: float) -> bool:
        """Does the area swept over ``s`` inches come within ``gap`` of ``thing``?"""
        if self.round and thing.circle is not None:
            cx, cy, r = thing.circle
            return self._centre_path_distance(s, cx, cy) - self.radius - r <= gap
        return bool(shapely.dwithin(self.hull(s), thing.poly, gap))

    def swept_overlaps(self, s: float, thing: _Thing) -> bool:
        """Does the area swept over ``s`` inches overlap ``thing`` (see ``overlaps``)?"""
        if self.round and thing.circle is not None:
            cx, cy, r = thing.circle
            d = self._centre_path_distance(s, cx, cy)
            return self.radius + r - d > CONTACT_TOL
        return overlaps(self.hull(s), thing.poly)


class _PymunkScene:
    """A pymunk space holding some things, queried with the swept area of a base."""

    def __init__(self, sweep: _Sweep, things: Sequence[_Thing]) -> None:
        self.sweep = sweep
        self.things = list(things)
        self.space = pymunk.Space()
        self.owner: dict[pymunk.Shape, int] = {}
        static = self.space.static_body
        for idx, thing in enumerate(self.things):
            shapes: list[pymunk.Shape] = []
            if thing.circle is not None:
                cx, cy, r = thing.circle
                shapes.append(pymunk.Circle(static, r, offset=(cx, cy)))
            else:
                shapes.extend(pymunk.Poly(static, piece) for piece in _convex_pieces(thing.poly))
            for shp in shapes:
                self.owner[shp] = idx
                self.space.add(shp)
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)

    def _query_shape(self, s: float, radius: float) -> pymunk.Shape:
        sw = self.sweep
        if sw.round:
            a = (sw.x0, sw.y0)
            b = sw.point(max(s, 1e-12))
            return pymunk.Segment(self.body, a, b, sw.radius + radius)
        moved = sw.verts0 + np.array([s * sw.ux, s * sw.uy])
        verts = np.concatenate([sw.verts0, moved]).tolist()
        return pymunk.Poly(self.body, verts, radius=radius)

    def within(self, s: float, gap: float) -> set[int]:
        """Things the area swept over ``s`` inches comes within ``gap`` of."""
        found = self.space.shape_query(self._query_shape(s, gap))
        return {self.owner[info.shape] for info in found if info.shape in self.owner}

    def penetrating(self, s: float) -> set[int]:
        """Things the area swept over ``s`` inches overlaps by more than a hair."""
        out: set[int] = set()
        for info in self.space.shape_query(self._query_shape(s, 0.0)):
            points = info.contact_point_set.points
            # The sign of pymunk's contact distance depends on the pair of shape types.
            if points and max(abs(p.distance) for p in points) > _PEN_EPS:
                owner = self.owner.get(info.shape)
                if owner is not None:
                    out.add(owner)
        return out


def _bisect_first(
    hits: Callable[[float], set[int]], s_max: float, lo: float = 0.0
) -> tuple[float, set[int]] | None:
    """Smallest travel (within _STEP) at which ``hits`` becomes non-empty.

    ``hits`` must be monotone (once non-empty, it stays so) and empty at ``lo``.  Returns
    the last travel known to be clear and what is hit just beyond it, or None if nothing is
    hit by ``s_max``.
    """
    if s_max <= 0.0:
        return None
    top = hits(s_max)
    if not top:
        return None
    lo = min(max(lo, 0.0), s_max)
    hi, hi_hits = s_max, top
    while hi - lo > _STEP:
        mid = 0.5 * (lo + hi)
        found = hits(mid)
        if found:
            hi, hi_hits = mid, found
        else:
            lo = mid
    return lo, hi_hits


def _first_touch(
    sweep: _Sweep, things: Sequence[_Thing], s_max: float, use_pymunk: bool = True
) -> tuple[float, _Thing] | None:
    """First thing the moving base touches within ``s_max``, and how far it gets.

    Things farther than TARGET_GAP at the start stop the base TARGET_GAP away from them.
    Things already that close stop it only if the move pushes into them, and then as soon
    as it would overlap them.
    """
    far: list[_Thing] = []
    near: list[_Thing] = []
    closest = math.inf
    for thing in things:
        gap0 = distance(sweep.fp0, thing.poly)
        if gap0 <= TARGET_GAP:
            near.append(thing)
        else:
            far.append(thing)
            closest = min(closest, gap0)
    best: tuple[float, _Thing] | None = None
    for group, mode in ((far, "far"), (near, "near")):
        if not group:
            continue
        hits: Callable[[float], set[int]]
        if use_pymunk:
            scene = _PymunkScene(sweep, group)
            if mode == "far":

                def hits(s: float, scene: _PymunkScene = scene) -> set[int]:
                    return scene.within(s, TARGET_GAP)

            else:
                hits = scene.penetrating
        else:
            if mode == "far":

                def hits(s: float, group: list[_Thing] = group) -> set[int]:
                    return {i for i, t in enumerate(group) if sweep.swept_within(s, t, TARGET_GAP)}

            else:

                def hits(s: float, group: list[_Thing] = group) -> set[int]:
                    return {i for i, t in enumerate(group) if sweep.swept_overlaps(s, t)}

        # Nothing can come closer by more than the distance travelled.
        safe = closest - TARGET_GAP - 1e-9 if mode == "far" else 0.0
        found = _bisect_first(hits, s_max, lo=safe)
        if found is None:
            continue
        s, idxs = found
        here = sweep.at(s)
        thing = min((group[i] for i in idxs), key=lambda t: distance(here, t.poly))
        if best is None or s < best[0]:
            best = (s, thing)
    return best


def _touch_is_valid(
    sweep: _Sweep, result: tuple[float, _Thing] | None, things: Sequence[_Thing], s_max: float
) -> bool:
    """Check a _first_touch answer against the shapely definitions."""
    if result is None:
        end = sweep.hull(s_max)
        return not any(
            sweep.swept_within(s_max, t, TARGET_GAP)
            for t in things
            if distance(sweep.fp0, t.poly) > TARGET_GAP
        ) and not any(overlaps(end, t.poly) for t in things)
    s, thing = result
    here = sweep.at(s)
    gap = distance(here, thing.poly)
    if gap > CONTACT_TOL / 2.0:
        return False
    if gap <= 0.0 and distance(sweep.fp0, thing.poly) > TARGET_GAP:
        return False
    return not any(sweep.swept_overlaps(s, t) for t in things)


def _first_touch_checked(
    sweep: _Sweep, things: Sequence[_Thing], s_max: float
) -> tuple[float, _Thing] | None:
    result = _first_touch(sweep, things, s_max, use_pymunk=True)
    if _touch_is_valid(sweep, result, things, s_max):
        return result
    return _first_touch(sweep, things, s_max, use_pymunk=False)


def _first_overlap(sweep: _Sweep, blocking: Sequence[_Thing], s_max: float) -> _Thing:
    """Of things known to overlap the swept area, the one the base runs into first."""
    if len(blocking) == 1:
        return blocking[0]
    for use_pymunk in (True, False):
        if use_pymunk:
            scene = _PymunkScene(sweep, blocking)
            hits = scene.penetrating
        else:

            def hits(s: float) -> set[int]:
                return {i for i, t in enumerate(blocking) if sweep.swept_overlaps(s, t)}

        at_start = hits(0.0)
        found = (0.0, at_start) if at_start else _bisect_first(hits, s_max)
        if found is not None:
            s, idxs = found
            here = sweep.at(s)
            return min((blocking[i] for i in sorted(idxs)), key=lambda t: distance(here, t.poly))
    return blocking[0]


def _on_table(poly: Polygon, table: tuple[float, float]) -> bool:
    minx, miny, maxx, maxy = poly.bounds
    w, h = table
    return bool(
        minx >= -_EDGE_EPS
        and miny >= -_EDGE_EPS
        and maxx <= w + _EDGE_EPS
        and maxy <= h + _EDGE_EPS
    )


# --------------------------------------------------------------------------- public


def check_straight_move(
    shape: BaseShape,
    start: tuple[float, float],
    end: tuple[float, float],
    facing: float,
    others: Mapping[str, Polygon],
    obstacles: Mapping[str, Polygon],
    table: tuple[float, float],
    max_distance: float | None = None,
    may_touch: Collection[str] = (),
) -> MoveCheck:
    """May a base slide straight from ``start`` to ``end`` keeping ``facing``?

    Refused, in this order of checks, when the move is longer than ``max_distance`` (plus
    :data:`DISTANCE_SLACK`), when the footprint at ``end`` is not wholly on the table
    ``[0, w] x [0, h]``, or when the area the base sweeps overlaps another base or an
    obstacle (touching or passing within CONTACT_TOL is fine).  For a blocked path,
    ``blocker`` is the base or obstacle the base would run into first.

    ``others`` are the other bases' footprints (not the mover's own) and ``obstacles`` the
    terrain pieces that block movement.  Keys listed in ``may_touch`` (bases or obstacles)
    are left out of the path check altogether: the base may pass over or end on them.
    """
    sx, sy = float(start[0]), float(start[1])
    ex, ey = float(end[0]), float(end[1])
    dist = math.hypot(ex - sx, ey - sy)
    if max_distance is not None and dist > max_distance + DISTANCE_SLACK:
        return MoveCheck(
            False,
            f'the move is {_fmt_inches(dist, max_distance)}" but MOV is '
            f'{_fmt_inches(max_distance)}"',
            None,
            dist,
        )
    end_fp = footprint(shape, ex, ey, facing)
    if not _on_table(end_fp, table):
        return MoveCheck(False, "the end point is off the table", None, dist)
    u = ((ex - sx) / dist, (ey - sy) / dist) if dist > 0.0 else (0.0, 0.0)
    sweep = _Sweep(shape, (sx, sy), facing, u)
    things = _Catalog(others, obstacles, may_touch).near(sweep.box(dist, CONTACT_TOL))
    blocking = [t for t in things if sweep.swept_overlaps(dist, t)]
    if blocking:
        first = _first_overlap(sweep, blocking, dist)
        return MoveCheck(False, f"the path crosses {first.label}", first.key, dist)
    return MoveCheck(True, "", None, dist)


def first_contact_along(
    shape: BaseShape,
    start: tuple[float, float],
    direction_deg: float,
    facing: float,
    others: Mapping[str, Polygon],
    obstacles: Mapping[str, Polygon],
    max_distance: float,
) -> tuple[float, str | None]:
    """How far a base can slide from ``start`` along ``direction_deg`` before touching.

    The base keeps ``facing``; ``direction_deg`` uses the same convention as a facing.  The
    answer is (distance, key of the base or obstacle it touches) or (max_distance, None)
    when nothing is touched within ``max_distance``.  At the returned distance the base is
    within CONTACT_TOL / 2 of what it touches (about CONTACT_TOL / 4 away) and overlaps
    nothing.  Something it already touches at the start only stops it if the move pushes
    into it (then the answer is about 0); moving away from or along it is free.
    """
    u = facing_vector(direction_deg)
    sweep = _Sweep(shape, start, facing, u)
    s_max = max(float(max_distance), 0.0)
    things = _Catalog(others, obstacles).near(sweep.box(s_max, CONTACT_TOL))
    result = _first_touch_checked(sweep, things, s_max)
    if result is None:
        return s_max, None
    return result[0], result[1].key


def separation_ok(polys: Mapping[str, Polygon]) -> list[tuple[str, str]]:
    """Pairs of footprints whose interiors overlap (empty when every base stands clear).

    Meant for checking a scenario's set-up ("overlapping bases").  Pairs keep the order of
    ``polys``.
    """
    return ContactIndex(list(polys.items())).overlapping_pairs()

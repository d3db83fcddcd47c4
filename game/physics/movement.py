"""Straight moves and charges of one base among other bases and terrain.

The functions here answer questions for the rules engine and never change what they are
given.  Every move that can collide (sliding until the first touch, checking that a path
crosses nothing, charging into contact) is swept by pymunk, here and only here: each call
builds a small pymunk space holding the bases and terrain pieces near the path and queries
it with the area the moving base covers.  What touching and overlapping mean is
:mod:`game.geometry.contact`'s (:data:`CONTACT_TOL`, depth), and the space is built to
measure exactly what those definitions measure: a round base is a circle there as here, a
terrain piece that is not convex counts as its convex parts (:func:`convex_parts`) in both,
and a distance is the edge-to-edge distance, a depth the shortest move that parts the two.

How the sweep works.  A base moving in a straight line without turning covers the convex
hull of its footprints at the start and at the current point (for a round base: a
"stadium", a segment with the base's radius).  That area only grows as the move goes on, so
its distance to anything only shrinks and its depth into anything only grows: "is something
hit by now" flips from no to yes exactly once, and a bisection on the travelled distance
finds where.  pymunk measures each step: the swept area is a pymunk shape with a rounding
radius, and pymunk reports the shapes within that radius of it with their signed distances.
Ray casts (``Space.segment_query``) are not used: with a radius they are unreliable.

Why the answer keeps the promise of :func:`first_contact_along` by construction.  The
bisection answers the last travel it knows clear (measured there, or short of the nearest
thing by more than TARGET_GAP as measured at the start), never a guess between two steps.
There the swept area is more than :data:`TARGET_GAP` from everything it did not touch at the
start (so the base overlaps none of it), and reaches no deeper than at the start (plus
``_PEN_EPS``) into what it touched there.  What it touches was within ``TARGET_GAP`` of the
area swept ``_STEP`` further on, so it is within ``TARGET_GAP + _STEP`` of the base: under
``CONTACT_TOL / 2`` with room to spare.  pymunk's distances for these shapes agree with the
definitions to about 1e-12", against margins of ``CONTACT_TOL / 4``, once two of its habits
are kept out of the way: a polygon corner on the line of its neighbours can make it miss an
overlap (:func:`_hull` leaves such corners out), and two shapes whose bounding boxes share
their centre give it no direction to search (:meth:`_Scene.gaps` measures again a hair
aside).  ``bench/probe_sweeps.py`` checks the promises with the definitions over as many
random set-ups as asked for.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import pymunk
import shapely
from pymunk.autogeometry import to_convex_hull
from shapely import Polygon

from game.geometry.bases import BaseShape, facing_vector, footprint
from game.geometry.contact import (
    CONTACT_TOL,
    ContactIndex,
    circle_of,
    convex_parts,
    distance,
)

__all__ = [
    "ChargePlan",
    "MoveCheck",
    "Stop",
    "clear_along",
    "slide_outline",
    "check_straight_move",
    "first_contact_along",
    "separation_ok",
]

TARGET_GAP = CONTACT_TOL / 4.0
"""Gap (inches) left between a base and what it stops against: inside (0, CONTACT_TOL/2],
far enough inside that the bisection's step (``_STEP``) cannot take it out."""

DISTANCE_SLACK = 1e-6
"""A move may exceed its allowance by this much (inches) without being refused."""

_STEP = 1e-6  # bisection resolution on the travelled distance, inches
_PEN_EPS = 1e-9  # how much deeper than at the start a base may reach into what it touched
_HULL_TOL = 1e-10  # inches a corner may be off the line of its neighbours and be left out
#: the sine of the angle below which a base's side counts as lying along its move: pymunk
#: mis-measures a swept area with a corner a hair off the line of its neighbours (a side a
#: few billionths of a radian off the move; the area this leaves out is at most this times
#: the length of the move, a hundred-thousandth of an inch over 100")
_ALONG = 1e-7
_STILL = 1e-9  # inches of travel below which the swept area is the start footprint
_NUDGE = 1e-10  # inches a sweep is moved by when pymunk cannot measure it where it is
_EDGE_EPS = 1e-9  # slack on the table edges
_ALIGN = 1e-7  # inches a pair of nearest points may lie off the direction pymunk answers
_SOLVE_EPS = 1e-12  # inches: an outline's slide is solved when a Newton step is this short
_SOLVE_STEPS = 60  # Newton steps at most (a few are the rule: one where sides meet flat)
_GAP_EPS = 1e-9  # inches an outline may come nearer than its gap before it counts as within
_NOISE = 1e-10  # inches by which pymunk's measures of one distance (reached across different
# widths) may differ


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
                # an outline the definitions measure as a circle is a circle here too
                thing = _Thing(key, poly, terrain, circle_of(poly))
                self._things[i] = thing
            out.append(thing)
        return out


def _hull(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull of ``points`` for a pymunk polygon, without a corner that lies within
    ``_HULL_TOL`` of the line through its neighbours: pymunk looks for contact points along
    the sides next to the nearest corner, and beside such a corner it may find none (and
    miss an overlap altogether)."""
    ring = to_convex_hull(list(points), _HULL_TOL)
    return [(float(p.x), float(p.y)) for p in ring[:-1]]


_PIECES: weakref.WeakKeyDictionary[Polygon, list[list[tuple[float, float]]]] = (
    weakref.WeakKeyDictionary()
)


def _convex_pieces(poly: Polygon) -> list[list[tuple[float, float]]]:
    """The polygon as convex pieces (:func:`~game.geometry.contact.convex_parts`), for pymunk.

    Outlines are immutable: the pieces are worked out once per outline object."""
    got = _PIECES.get(poly)
    if got is None:
        got = _PIECES[poly] = [_hull([(float(x), float(y)) for x, y in part.tolist()])
                               for part in convex_parts(poly)]
    return got


def _swept_layout(pts: Sequence[tuple[float, float]], ux: float, uy: float) -> list[tuple[int, bool]]:
    """The corners of a convex outline swept along (ux, uy), in order round the swept area:
    (corner, carried along or not) (see :meth:`_Sweep.corners`)."""
    n = len(pts)
    area2 = sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1]
                for i in range(n))
    turn = 1.0 if area2 > 0.0 else -1.0
    faces: list[int] = []  # per side (corner i to i + 1): 1 toward the move, -1 away, 0 along
    for i in range(n):
        ex, ey = pts[(i + 1) % n][0] - pts[i][0], pts[(i + 1) % n][1] - pts[i][1]
        length = math.hypot(ex, ey)
        d = turn * (ey * ux - ex * uy) / length if length > 0.0 else 0.0
        faces.append(1 if d > _ALONG else -1 if d < -_ALONG else 0)
    out: list[tuple[int, bool]] = []
    for i in range(n):
        before, after = faces[i - 1], faces[i]
        stays, carried = before < 0 or after < 0, before > 0 or after > 0
        if stays and carried:
            out += [(i, False), (i, True)] if before < 0 else [(i, True), (i, False)]
        elif stays or carried:
            out.append((i, carried))
    return out if len(out) >= 3 else [(i, False) for i in range(n)]


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
        self._start_corners: list[tuple[float, float]] = [
            (float(x), float(y)) for x, y in self.verts0.tolist()
        ]
        self._layout: list[tuple[int, bool]] | None = None

    def corners(self, s: float) -> list[tuple[float, float]]:
        """Corners of the area a rectangular base sweeps over the first ``s`` inches.

        Walking round the footprint, a corner stays where it started when a side next to it
        faces away from the move, and is carried ``s`` inches along when a side next to it
        faces the move (both, for the two corners where the sides turn from one to the
        other).  Sides along the move (within ``_ALONG``) face neither way, so
        their corners are never repeated on the line of their neighbours (pymunk could miss
        an overlap beside such a corner, see :func:`_hull`).  Below ``_STILL`` inches the
        start footprint stands for the swept area (it is less than that smaller), so that
        pymunk is never given sides shorter than that.
        """
        if s < _STILL:
            return self._start_corners
        if self._layout is None:
            self._layout = _swept_layout(self._start_corners, self.ux, self.uy)
        dx, dy = s * self.ux, s * self.uy
        pts = self._start_corners
        return [(pts[i][0] + dx, pts[i][1] + dy) if ahead else pts[i] for i, ahead in self._layout]

    def point(self, s: float) -> tuple[float, float]:
        return self.x0 + s * self.ux, self.y0 + s * self.uy

    def at(self, s: float) -> Polygon:
        """Footprint after moving ``s`` inches."""
        x, y = self.point(s)
        return footprint(self.shape, x, y, self.facing)

    def box(self, s: float, pad: float) -> tuple[float, float, float, float]:
        minx, miny, maxx, maxy = self.fp0.bounds
        dx, dy = s * self.ux, s * self.uy
        return (
            minx + min(dx, 0.0) - pad,
            miny + min(dy, 0.0) - pad,
            maxx + max(dx, 0.0) + pad,
            maxy + max(dy, 0.0) + pad,
        )


_Gap = tuple[int, int, float, tuple[float, float]]
"""What :meth:`_Scene.outline_gaps` measures of one piece: thing, piece, distance, normal."""


class _Scene:
    """A pymunk space holding some things, measured from the area a base sweeps.

    Round bases are circles (as :mod:`game.geometry.contact` measures them), other outlines
    their convex parts; the moving base is a segment with its radius when round, else the
    convex hull of its corners at the start and after ``s`` inches.  Without a sweep the
    scene measures a convex outline moved along a line (:meth:`outline_gaps`).
    """

    def __init__(self, sweep: _Sweep | None, things: Sequence[_Thing]) -> None:
        self.sweep = sweep
        self.things = list(things)
        self.space = pymunk.Space()
        self.owner: dict[pymunk.Shape, int] = {}
        self.piece: dict[pymunk.Shape, int] = {}  # each shape's place in the space
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
                self.piece[shp] = len(self.piece)
                self.space.add(shp)
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)

    def _query_shape(self, s: float, radius: float, nudge: float = 0.0) -> pymunk.Shape:
        sw = self.sweep
        assert sw is not None
        if sw.round:
            a = (sw.x0 + nudge, sw.y0 + 2.0 * nudge)
            b = sw.point(max(s, 1e-12))
            return pymunk.Segment(self.body, a, (b[0] + nudge, b[1] + 2.0 * nudge),
                                  sw.radius + radius)
        corners = sw.corners(s)
        if nudge:
            corners = [(x + nudge, y + 2.0 * nudge) for x, y in corners]
        return pymunk.Poly(self.body, corners, radius=radius)

    def gaps(self, s: float, reach: float) -> dict[int, float]:
        """Things the area swept over the first ``s`` inches comes within ``reach`` of, each
        with its distance to that area (see :func:`~game.geometry.contact.gap`): the
        edge-to-edge distance, or minus the depth when they reach into each other."""
        out: dict[int, float] = {}
        for owner, _, d, _ in self._pieces(lambda nudge: self._query_shape(s, reach, nudge), reach):
            if d < out.get(owner, math.inf):
                out[owner] = d
        return out

    def outline_gaps(
        self, corners: Sequence[tuple[float, float]], reach: float
    ) -> list[_Gap]:
        """The pieces a convex outline (corners as :func:`_hull` gives them) comes within
        ``reach`` of: (thing, piece, signed distance as in :meth:`gaps`, unit normal from the
        outline toward the piece), one entry per piece of each thing."""
        def query(nudge: float) -> pymunk.Shape:
            pts = [(x + nudge, y + 2.0 * nudge) for x, y in corners] if nudge else corners
            return pymunk.Poly(self.body, pts, radius=reach)
        return self._pieces(query, reach)

    def _pieces(
        self, query: Callable[[float], pymunk.Shape], reach: float
    ) -> list[_Gap]:
        for attempt in range(4):
            got = self._measure(query(attempt * _NUDGE), reach)
            if got is not None:
                return got
        raise RuntimeError("pymunk could not measure a sweep")  # pragma: no cover

    def _measure(
        self, query: pymunk.Shape, reach: float
    ) -> list[_Gap] | None:
        """The distances of :meth:`outline_gaps`, or None when pymunk could not tell one.

        pymunk starts its search for the nearest points from the line between the centres of
        the two shapes' bounding boxes; when those coincide (a base swept exactly across the
        middle of another) it answers an overlap without a direction, and the query is made
        again moved by ``_NUDGE``.  So it is when two sides lie on one line, end to end with
        a gap between them (a unit slid along the flank of one it was flush with): pymunk
        then takes the line's normal for the direction and measures the gap as nothing.  Its
        pairs of nearest points lie along the direction it answers whenever that direction
        is right, so a pair that does not (by more than ``_ALIGN``) is such a case.
        """
        out: list[_Gap] = []
        for info in self.space.shape_query(query):
            owner = self.owner.get(info.shape)
            if owner is None:
                continue
            points = info.contact_point_set
            normal = points.normal
            if normal.length < 0.5:
                return None
            best = math.inf
            for p in points.points:
                # measured from the points, not ``p.distance``: pymunk flips that one's sign
                # for some pairs of shape types; the query shape is ``reach`` fatter
                apart = p.point_b - p.point_a
                if abs(apart.cross(normal)) > _ALIGN:
                    return None
                best = min(best, apart.dot(normal) + reach)
            if best < math.inf:
                out.append((owner, self.piece[info.shape], best,
                            (float(normal.x), float(normal.y))))
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


def _nearest(sweep: _Sweep, s: float, things: Collection[_Thing]) -> _Thing:
    """Of things hit at about the same travel, the one nearest the base after ``s`` inches
    (the first given of those as near)."""
    here = sweep.at(s)
    return min(things, key=lambda t: distance(here, t.poly))


def _first_touch(sweep: _Sweep, things: Sequence[_Thing], s_max: float) -> tuple[float, _Thing] | None:
    """First thing the moving base touches within ``s_max``, and how far it gets.

    Things farther than CONTACT_TOL at the start stop the base TARGET_GAP away from them.
    Things it already touches stop it only if the move pushes into them, and then as soon
    as it would reach deeper into them than it does at the start.
    """
    if not things or s_max <= 0.0:
        return None
    scene = _Scene(sweep, things)
    # What the base touches at the start (see game.geometry.contact: within CONTACT_TOL);
    # then how far the rest stands, for those within reach (anything farther cannot be
    # touched).  Only things farther than CONTACT_TOL stop it TARGET_GAP away, so a base
    # sliding along one it stopped against before is never on the edge between the two.
    near = {i: min(g, 0.0) - _PEN_EPS
            for i, g in scene.gaps(0.0, CONTACT_TOL).items() if g <= CONTACT_TOL}
    far = {i: g for i, g in scene.gaps(0.0, s_max + TARGET_GAP).items() if i not in near}

    def far_hits(s: float) -> set[int]:
        return {i for i, g in scene.gaps(s, TARGET_GAP).items() if i in far and g <= TARGET_GAP}

    def near_hits(s: float) -> set[int]:
        return {i for i, g in scene.gaps(s, 0.0).items() if i in near and g < near[i]}

    best: tuple[float, _Thing] | None = None
    if far:
        # Nothing can come closer by more than the distance travelled.
        safe = min(far.values()) - TARGET_GAP - 1e-9
        found = _bisect_first(far_hits, s_max, lo=safe)
        if found is not None:
            s, idxs = found
            best = (s, _nearest(sweep, s, [scene.things[i] for i in sorted(idxs)]))
    if near:
        found = _bisect_first(near_hits, s_max)
        if found is not None and (best is None or found[0] < best[0]):
            s, idxs = found
            best = (s, _nearest(sweep, s, [scene.things[i] for i in sorted(idxs)]))
    return best


def _crossed(scene: _Scene, s_max: float) -> list[int]:
    """The things the area swept over ``s_max`` inches overlaps (reaches more than
    CONTACT_TOL into, see :func:`~game.geometry.contact.overlaps`), in the scene's order."""
    return sorted(i for i, g in scene.gaps(s_max, 0.0).items() if g < -CONTACT_TOL)


def _first_crossed(scene: _Scene, crossed: list[int], s_max: float) -> _Thing:
    """Of the things the path crosses, the one the base runs into first: the first it
    pushes deeper into than it stands at the start."""
    if len(crossed) == 1:
        return scene.things[crossed[0]]
    start = scene.gaps(0.0, 0.0)
    limit = {i: min(start.get(i, 0.0), 0.0) - _PEN_EPS for i in crossed}

    def hits(s: float) -> set[int]:
        return {i for i, g in scene.gaps(s, 0.0).items() if i in limit and g < limit[i]}

    found = _bisect_first(hits, s_max)
    if found is None:  # it overlapped them all as deep at the start already
        return scene.things[crossed[0]]
    assert scene.sweep is not None
    return _nearest(scene.sweep, found[0], [scene.things[i] for i in sorted(found[1])])


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
    if things:
        scene = _Scene(sweep, things)
        crossed = _crossed(scene, dist)
        if crossed:
            first = _first_crossed(scene, crossed, dist)
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
    nothing.  Something it already touches at the start (see
    :func:`~game.geometry.contact.in_contact`) only stops it if the move pushes into it, and
    then where the two meet (at once if they already do); moving away from or along it is
    free.  (A base that starts overlapping something, as no legal position does, may so
    move out of it, but not deeper into it.)
    """
    u = facing_vector(direction_deg)
    sweep = _Sweep(shape, start, facing, u)
    s_max = max(float(max_distance), 0.0)
    things = _Catalog(others, obstacles).near(sweep.box(s_max, CONTACT_TOL))
    result = _first_touch(sweep, things, s_max)
    if result is None:
        return s_max, None
    return result[0], result[1].key


def separation_ok(polys: Mapping[str, Polygon]) -> list[tuple[str, str]]:
    """Pairs of footprints whose interiors overlap (empty when every base stands clear).

    Meant for checking a scenario's set-up ("overlapping bases").  Pairs keep the order of
    ``polys``.
    """
    return ContactIndex(list(polys.items())).overlapping_pairs()


# --------------------------------------------------------------------------- outlines


@dataclass(frozen=True)
class Stop:
    """Something a sliding outline must keep ``gap`` inches from (0: it may touch it)."""

    key: str
    outline: Polygon
    gap: float = 0.0


def _outline_scene(
    corners: Sequence[tuple[float, float]], stops: Sequence[Stop]
) -> tuple[list[tuple[float, float]], _Scene]:
    things = [_Thing(st.key, st.outline, False, circle_of(st.outline)) for st in stops]
    return _hull([(float(x), float(y)) for x, y in corners]), _Scene(None, things)


def _moved(pts: Sequence[tuple[float, float]], dx: float, dy: float) -> list[tuple[float, float]]:
    return [(x + dx, y + dy) for x, y in pts]


def slide_outline(
    corners: Sequence[tuple[float, float]],
    direction: tuple[float, float],
    limit: float,
    stops: Sequence[Stop],
) -> tuple[float, str | None]:
    """How far a convex outline slides along the unit vector ``direction`` (no turning), up
    to ``limit``, before it comes within its gap of one of ``stops``.

    Something already nearer than its gap (or touching, or overlapping) stops the slide only
    if the slide brings it nearer still, and then at once.  Exact, unlike
    :func:`first_contact_along`: the outline stops on the gap itself, at contact for a gap of
    0 (within ``_GAP_EPS``, so it may reach that far in).  Returns (distance, key of what
    stopped it), or (limit, None).

    How.  The signed distance between two convex shapes, one of them moved along a line, is
    a convex function of the travel; its slope is minus the direction along the normal
    pymunk measures.  A Newton step on that function from the near side therefore never
    passes its first root, and from the smallest such step over every piece the outline
    moves on until a step is shorter than ``_SOLVE_EPS`` (one step when sides meet flat, a
    few when a corner meets a corner).  Pieces farther than the rest of the slide plus the
    largest gap cannot be reached and are not measured.
    """
    limit = max(float(limit), 0.0)
    if not stops or limit == 0.0:
        return limit, None
    ux, uy = float(direction[0]), float(direction[1])
    pts, scene = _outline_scene(corners, stops)
    widest = max(max(st.gap for st in stops), 0.0) + 1e-6
    gaps = scene.outline_gaps(pts, limit + widest)
    start: dict[int, float] = {}
    for owner, _, d, _ in gaps:
        start[owner] = min(start.get(owner, math.inf), d)
    tau = {i: min(stops[i].gap, d) - _GAP_EPS for i, d in start.items()}
    s = 0.0
    for _ in range(_SOLVE_STEPS):
        steps: dict[int, float] = {}
        for owner, _, d, (nx, ny) in gaps:
            rate = ux * nx + uy * ny
            if rate > 0.0 and owner in tau:  # (out of reach at the start: out of reach)
                steps[owner] = min(steps.get(owner, math.inf), s + (d - tau[owner]) / rate)
        nxt = min(steps.values(), default=math.inf)
        if nxt >= limit:
            return limit, None
        nxt = max(nxt, 0.0)
        done = abs(nxt - s) <= _SOLVE_EPS
        s = nxt
        if done:
            break
        gaps = scene.outline_gaps(_moved(pts, s * ux, s * uy), limit - s + widest)
    # of things stopping the outline at the same travel, the first given
    who = min(i for i, t in steps.items() if t <= s + _SOLVE_EPS)
    return s, stops[who].key


def clear_along(
    corners: Sequence[tuple[float, float]],
    direction: tuple[float, float],
    start: float,
    stops: Sequence[Stop],
) -> float:
    """The first travel from ``start`` on, along the unit vector ``direction``, at which the
    outline is nowhere nearer than its gap to one of ``stops`` (a negative gap: reaches no
    deeper than that into it).

    From a travel where it is too near some pieces, the outline jumps to where the last of
    them lets it go (the far end of the travels too near it, a single stretch since the
    distance is convex in the travel), found by Newton steps back from beyond the piece,
    which never pass that end; then it looks again, at the pieces it has not yet got clear
    of (never nearer again, by the same convexity).
    """
    ux, uy = float(direction[0]), float(direction[1])
    t = float(start)
    if not stops:
        return t
    pts, scene = _outline_scene(corners, stops)
    proj = [x * ux + y * uy for x, y in pts]
    widest = max(max(st.gap for st in stops), 0.0) + 1e-6
    left: set[int] = set()  # pieces the outline has got clear of for good
    while True:
        here = _moved(pts, t * ux, t * uy)
        near = [(owner, piece) for owner, piece, d, _ in scene.outline_gaps(here, widest)
                if d < stops[owner].gap - _GAP_EPS - _NOISE and piece not in left]
        if not near:
            return t
        t = max(_last_near(scene, pts, (ux, uy), t, min(proj), owner, piece,
                           stops[owner].gap - _GAP_EPS)
                for owner, piece in near)
        left.update(piece for _, piece in near)


def _last_near(
    scene: _Scene,
    pts: Sequence[tuple[float, float]],
    u: tuple[float, float],
    t: float,
    back: float,
    owner: int,
    piece: int,
    g: float,
) -> float:
    """The travel at which the outline, too near a piece at travel ``t``, gets ``g`` from it
    for good (``back`` is how far along ``u`` the outline's hindmost corner starts)."""
    ux, uy = u
    x0, y0, x1, y1 = (float(v) for v in scene.things[owner].poly.bounds)
    ahead = max(x0 * ux, x1 * ux) + max(y0 * uy, y1 * uy)
    s = max(t, ahead - back + max(g, 0.0) + 1e-6)  # wholly beyond the piece, farther than g
    # at first farther than any two points of the outline and the piece can be apart, then
    # just beyond the distance last measured (nearer than that the steps do not go): pymunk
    # measures less closely across a wider reach
    here = _moved(pts, s * ux, s * uy)
    reach = math.hypot(x1 - x0, y1 - y0) + math.hypot(here[0][0] - x0, here[0][1] - y0) + max(
        math.hypot(x - pts[0][0], y - pts[0][1]) for x, y in pts) + abs(g) + 1.0
    for _ in range(_SOLVE_STEPS):
        here = _moved(pts, s * ux, s * uy)
        got = [(d, n) for o, p, d, n in scene.outline_gaps(here, reach) if p == piece]
        if not got:  # pragma: no cover - the reach covers the farthest points of both
            raise RuntimeError("an outline lost sight of what it measured")
        d, (nx, ny) = got[0]
        reach = max(d, 0.0) + 1e-6
        slope = -(ux * nx + uy * ny)
        if slope <= 0.0:
            return s
        nxt = max(s - (d - g) / slope, t)
        if abs(nxt - s) <= _SOLVE_EPS:
            return nxt
        s = nxt
    return s

"""Touching, overlapping and distance between outlines: the one definition of contact.

Definitions (all lengths in inches):

* the **distance** between two outlines is the edge-to-edge distance, 0 when they meet;
* their **depth** is how far they reach into each other: the shortest move of one that leaves
  the interiors apart (0 when the interiors do not meet).  For convex outlines (every base
  and every Unit Boundary) it is measured exactly on the separating axes; an outline that is
  not convex (a terrain piece) counts as its convex parts (:func:`convex_parts`), and its
  depth is that of the part reached deepest;
* two outlines **overlap** when their depth is more than :data:`CONTACT_TOL`;
* two outlines are in **contact** (base-to-base contact, two Unit Boundaries touching) when
  they are within ``tol`` (:data:`CONTACT_TOL` by default) of each other and do not overlap.

So a unit placed flush against another, or left a millionth of an inch into it by rounding,
touches it, and one pressed more than 0.01" into it overlaps: the same tolerance either way,
whatever the length of the sides that meet.  Every question of the rules about touching
(engaged, who fights, where a move into contact ends) asks :func:`in_contact` or
:func:`gap`.

Round bases are polygons with many vertices (see :mod:`game.geometry.bases`).  The functions
here recognise such outlines (:func:`circle_of`) and measure them from the circle itself:
centre distance against the radii for two round bases, the signed distance from the centre
to the other outline against the radius for a round base and anything else.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np
import shapely
from shapely import LineString, Polygon

from .bases import CONTACT_TOL, ROUND_SEGMENTS, SIDES, BaseShape, footprint, side_segments

__all__ = [
    "CONTACT_TOL",
    "ContactIndex",
    "Ring",
    "circle_of",
    "contact_side",
    "convex_parts",
    "depth",
    "distance",
    "distances",
    "gap",
    "in_contact",
    "is_convex",
    "overlaps",
    "ring_depth",
]

_TIE_EPS = 1e-9  # lengths (inches) closer than this are level when choosing a contact side

# Largest gap between a polygon of ROUND_SEGMENTS vertices on a circle and the circle,
# as a fraction of the radius.
_ROUND_SAGITTA = 1.0 - math.cos(math.pi / ROUND_SEGMENTS)

K = TypeVar("K", bound=Hashable)


# --------------------------------------------------------------------------- circles


def _regular_ring_check(xy: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For rings (n, m, 2) of m distinct vertices: centres, radii and a 'regular' mask."""
    centre = xy.mean(axis=1)
    radii = np.hypot(xy[..., 0] - centre[:, None, 0], xy[..., 1] - centre[:, None, 1])
    r = radii.mean(axis=1)
    edges = np.diff(np.concatenate([xy, xy[:, :1]], axis=1), axis=1)
    lengths = np.hypot(edges[..., 0], edges[..., 1])
    scale = np.maximum(r, 1e-12)
    regular = (
        (r > 0.0)
        & (np.ptp(radii, axis=1) <= 1e-9 * np.maximum(scale, 1.0))
        & (np.ptp(lengths, axis=1) <= 1e-9 * np.maximum(scale, 1.0))
    )
    return centre, r, regular


def circle_of(poly: Polygon) -> tuple[float, float, float] | None:
    """(cx, cy, r) if ``poly`` is the outline of a round base, else None.

    A round base outline is recognised as a polygon without holes of exactly
    :data:`~game.geometry.bases.ROUND_SEGMENTS` vertices, all at the same distance from their
    mean and evenly spaced.
    """
    if not isinstance(poly, Polygon) or shapely.get_num_coordinates(poly) != ROUND_SEGMENTS + 1:
        return None  # (most outlines are told apart by this alone)
    return _shape(poly).circle


def _find_circle(poly: Polygon) -> tuple[float, float, float] | None:
    if shapely.get_num_coordinates(poly) != ROUND_SEGMENTS + 1:
        return None
    if shapely.get_num_interior_rings(poly) != 0:
        return None
    xy = shapely.get_coordinates(poly)[:-1][None, :, :]
    centre, r, regular = _regular_ring_check(xy)
    if not regular[0]:
        return None
    return float(centre[0, 0]), float(centre[0, 1]), float(r[0])


def _circle_gap(a: Polygon, b: Polygon) -> float | None:
    """Edge distance between ``a`` and ``b`` measured from their circles, if either is a
    round base (negative when they overlap, -inf when a centre is inside the other outline);
    None when neither is round."""
    ca = circle_of(a)
    cb = circle_of(b)
    if ca is None and cb is None:
        return None
    if ca is not None and cb is not None:
        return math.hypot(ca[0] - cb[0], ca[1] - cb[1]) - ca[2] - cb[2]
    (cx, cy, r), other = (ca, b) if ca is not None else (cb, a)  # type: ignore[misc]
    d = float(other.distance(shapely.Point(cx, cy)))
    return d - r if d > 0.0 else -math.inf


# --------------------------------------------------------------------------- convex parts

#: a convex ring: its vertices (k, 2) in positive shoelace order, without the closing point
Ring = np.ndarray

#: a convex ring for plain arithmetic: its vertices, the unit normals of its sides, its box
_Plain = tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...],
               tuple[float, float, float, float]]


@dataclass(frozen=True, slots=True)
class _ShapeInfo:
    """What the definitions read of an outline, worked out once per outline object."""

    circle: tuple[float, float, float] | None
    parts: tuple[Ring, ...]
    plain: tuple[_Plain, ...]


#: outlines are immutable: what was worked out of one lives as long as it does
_SHAPES: weakref.WeakKeyDictionary[Polygon, _ShapeInfo] = weakref.WeakKeyDictionary()


def _shape(poly: Polygon) -> _ShapeInfo:
    got = _SHAPES.get(poly)
    if got is None:
        parts = _convex_parts(poly)
        plain = tuple(_plain(p) for p in parts)
        circle = _find_circle(poly) if isinstance(poly, Polygon) and not poly.is_empty else None
        got = _SHAPES[poly] = _ShapeInfo(circle, parts, plain)
    return got


def _plain(ring: Ring) -> _Plain:
    verts = tuple((float(x), float(y)) for x, y in ring.tolist())
    xs, ys = [v[0] for v in verts], [v[1] for v in verts]
    return verts, tuple(_axes(verts)), (min(xs), min(ys), max(xs), max(ys))


def _positive(ring: np.ndarray) -> Ring:
    """The ring in positive shoelace order (clockwise on the table, where y runs down)."""
    pts = ring.tolist()
    n = len(pts)
    area2 = sum(pts[i][0] * pts[(i + 1) % n][1] - pts[(i + 1) % n][0] * pts[i][1]
                for i in range(n))
    return ring if area2 > 0.0 else ring[::-1].copy()


def _small_convex(ring: np.ndarray) -> bool:
    """:func:`is_convex` in plain arithmetic, for the few vertices of a base or boundary."""
    pts = ring.tolist()
    n = len(pts)
    if n < 3:
        return False
    pos = neg = False
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        if cross > 1e-12:
            pos = True
        elif cross < -1e-12:
            neg = True
    return not (pos and neg)


def is_convex(ring: np.ndarray) -> bool:
    """Whether a ring of vertices (k, 2), without its closing point, turns one way only."""
    if len(ring) < 3:
        return False
    e = np.roll(ring, -1, axis=0) - ring
    nxt = np.roll(e, -1, axis=0)
    cross = e[:, 0] * nxt[:, 1] - e[:, 1] * nxt[:, 0]
    big = np.abs(cross) > 1e-12
    return not (np.any(cross[big] > 0.0) and np.any(cross[big] < 0.0))


def convex_parts(poly: Polygon) -> tuple[Ring, ...]:
    """Convex rings covering an outline: itself when convex and without holes, else the
    triangles of its constrained Delaunay triangulation (each part of a multi-polygon in
    turn).  Worked out once per outline."""
    return _shape(poly).parts


def _convex_parts(poly: Polygon) -> tuple[Ring, ...]:
    out: list[Ring] = []
    for g in getattr(poly, "geoms", (poly,)):
        if g.is_empty or g.geom_type != "Polygon":
            continue
        ring = np.asarray(g.exterior.coords)[:-1]
        if not len(g.interiors) and (_small_convex(ring) if len(ring) <= 8 else is_convex(ring)):
            out.append(_positive(ring))
            continue
        for tri in shapely.constrained_delaunay_triangles(g).geoms:
            if tri.area > 0.0:
                out.append(_positive(np.asarray(tri.exterior.coords)[:-1]))
    return tuple(out)


# --------------------------------------------------------------------------- depth


def _axes(ring: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    out = []
    n = len(ring)
    for i in range(n):
        ax, ay = ring[i]
        bx, by = ring[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        length = math.hypot(ex, ey)
        if length > 0.0:
            out.append((-ey / length, ex / length))
    return out


def ring_depth(a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]]) -> float:
    """Depth of two convex rings (see the module's definitions): the smallest push along a
    normal of their sides that parts their shadows on it, 0 when one of those normals
    separates them.  Plain arithmetic, for the few vertices of bases and boundaries."""
    return _sat(tuple(a), tuple(_axes(a)) + tuple(_axes(b)), tuple(b))


def _sat(a: Sequence[tuple[float, float]], axes: Sequence[tuple[float, float]],
         b: Sequence[tuple[float, float]]) -> float:
    best = math.inf
    for nx, ny in axes:
        on_a = [nx * x + ny * y for x, y in a]
        on_b = [nx * x + ny * y for x, y in b]
        # the push along this normal that parts their shadows on it
        over = min(max(on_a) - min(on_b), max(on_b) - min(on_a))
        if over <= 0.0:
            return 0.0
        if over < best:
            best = over
    return best


def _plain_depth(p: _Plain, q: _Plain) -> float:
    (pa, pax, pbox), (qa, qax, qbox) = p, q
    if pbox[0] >= qbox[2] or qbox[0] >= pbox[2] or pbox[1] >= qbox[3] or qbox[1] >= pbox[3]:
        return 0.0
    return _sat(pa, pax + qax, qa)


def _circle_ring_depth(cx: float, cy: float, r: float, ring: Sequence[tuple[float, float]]) -> float:
    """Depth of a disc and a convex ring: the radius less the signed distance from the centre
    to the ring (negative inside)."""
    n = len(ring)
    near = math.inf
    inside = True
    for i in range(n):
        ax, ay = ring[i]
        bx, by = ring[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        length2 = ex * ex + ey * ey
        t = ((cx - ax) * ex + (cy - ay) * ey) / length2 if length2 > 0.0 else 0.0
        t = min(max(t, 0.0), 1.0)
        near = min(near, math.hypot(ax + t * ex - cx, ay + t * ey - cy))
        if ex * (cy - ay) - ey * (cx - ax) < 0.0:  # right of a side of a positive ring: outside
            inside = False
    signed = -near if inside else near
    return max(0.0, r - signed)


def depth(a: Polygon, b: Polygon) -> float:
    """How far two outlines reach into each other, in inches (0 when apart or only touching).

    Exact for convex outlines (the shortest move that parts them); for an outline that is not
    convex, the depth of its convex part reached deepest.  Round bases are measured as circles.
    """
    ca = circle_of(a)
    cb = circle_of(b)
    if ca is not None and cb is not None:
        d = math.hypot(ca[0] - cb[0], ca[1] - cb[1])
        return max(0.0, ca[2] + cb[2] - d)
    if ca is not None or cb is not None:
        (cx, cy, r), other = (ca, b) if ca is not None else (cb, a)  # type: ignore[misc]
        return max((_circle_ring_depth(cx, cy, r, p[0]) for p in _shape(other).plain),
                   default=0.0)
    pa, pb = _shape(a).plain, _shape(b).plain
    return max((_plain_depth(p, q) for p in pa for q in pb), default=0.0)


def overlaps(a: Polygon, b: Polygon) -> bool:
    """True when the outlines reach more than :data:`CONTACT_TOL` into each other."""
    return depth(a, b) > CONTACT_TOL


def distance(a: Polygon, b: Polygon) -> float:
    """Edge-to-edge distance in inches; 0 when the outlines touch or overlap.

    Measured from the true circle of a round base.
    """
    circle_gap = _circle_gap(a, b)
    if circle_gap is not None:
        return max(0.0, circle_gap)
    return float(a.distance(b))


def distances(outlines: np.ndarray, other: Polygon) -> np.ndarray:
    """:func:`distance` from each of many outlines (an array of polygons, none of them a round
    base) to ``other`` (not a round base either), in one call."""
    got: np.ndarray = shapely.distance(outlines, other)
    return got


def gap(a: Polygon, b: Polygon) -> float:
    """The distance between two outlines, or minus their depth when they reach into each
    other: one signed number, within ``CONTACT_TOL`` of 0 either way when they touch."""
    d = depth(a, b)
    return -d if d > 0.0 else distance(a, b)


def in_contact(a: Polygon, b: Polygon, tol: float = CONTACT_TOL) -> bool:
    """Base-to-base contact: outlines within ``tol`` and not overlapping (see the module)."""
    circle_gap = _circle_gap(a, b)
    if circle_gap is not None:
        if circle_gap > tol:
            return False
    elif not shapely.dwithin(a, b, tol):
        return False
    return not overlaps(a, b)


def _quadrant(relative: float) -> str:
    """Side name of a direction given relative to the facing, in degrees."""
    rel = relative % 360.0
    for edge in (45.0, 135.0, 225.0, 315.0):
        if abs(rel - edge) < 1e-7:  # on a boundary up to rounding: treat as exactly on it
            rel = edge
    if rel <= 45.0 or rel >= 315.0:
        return "front"
    if 135.0 <= rel <= 225.0:
        return "back"
    return "right" if rel < 180.0 else "left"


def contact_side(
    shape: BaseShape,
    x: float,
    y: float,
    facing: float,
    other: Polygon,
    tol: float = CONTACT_TOL,
) -> str | None:
    """Which side of this base (at x, y, facing) is in contact with ``other``.

    Returns "front", "right", "back" or "left", or None when the two are not in B2B.

    For a rect base, a side counts when its segment is within ``tol`` of ``other``.  When
    several sides count (corners meeting), the side with the longest stretch lying within
    ``tol`` of ``other`` wins, then the side whose midpoint is nearer to ``other``, then
    (an exact tie, such as a corner meeting a corner at 45 degrees) the first of front,
    right, back, left.

    A round base has no sides: the answer is the quadrant (front, right, back, left, each
    90 degrees wide and centred on its direction) of the direction from the centre to the
    nearest point of ``other``; at exactly 45 degrees off the facing the front or back wins.
    """
    own = footprint(shape, x, y, facing)
    if not in_contact(own, other, tol):
        return None
    circle = circle_of(other)
    if shape.kind == "round":
        if circle is not None:
            px, py = circle[0], circle[1]
        else:
            centre = shapely.Point(x, y)
            if other.contains(centre):
                return None
            px, py = shapely.shortest_line(centre, other).coords[1]
        dx, dy = px - x, py - y
        if dx == 0.0 and dy == 0.0:
            return None
        bearing = math.degrees(math.atan2(dx, -dy))
        return _quadrant(bearing - facing)
    segments = side_segments(shape, x, y, facing)
    measures = {name: _side_contact(segments[name], other, circle, tol) for name in SIDES}
    qualifying = [name for name in SIDES if measures[name] is not None]
    if len(qualifying) <= 1:
        return qualifying[0] if qualifying else None
    shared = {name: measures[name][0] for name in qualifying}  # type: ignore[index]
    longest = max(shared.values())
    qualifying = [name for name in qualifying if shared[name] >= longest - _TIE_EPS]
    if len(qualifying) == 1:
        return qualifying[0]
    mid = {name: measures[name][1] for name in qualifying}  # type: ignore[index]
    nearest = min(mid.values())
    # Still level (a corner meeting a corner square on): the first in SIDES order.
    return next(name for name in qualifying if mid[name] <= nearest + _TIE_EPS)


def _side_contact(
    seg: LineString, other: Polygon, circle: tuple[float, float, float] | None, tol: float
) -> tuple[float, float] | None:
    """For a side within ``tol`` of ``other``: (length of it within ``tol`` of ``other``,
    distance from its midpoint to ``other``); None for a side farther away.

    A round ``other`` is measured from its circle.
    """
    (ax, ay), (bx, by) = seg.coords
    mx, my = (ax + bx) / 2.0, (ay + by) / 2.0
    if circle is None:
        if not shapely.dwithin(seg, other, tol):
            return None
        shared = seg.intersection(other.buffer(tol)).length
        return shared, float(shapely.Point(mx, my).distance(other))
    cx, cy, r = circle
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = ((cx - ax) * dx + (cy - ay) * dy) / length2 if length2 > 0.0 else 0.0
    t = min(max(t, 0.0), 1.0)
    near = math.hypot(ax + t * dx - cx, ay + t * dy - cy)
    if near - r > tol:
        return None
    # the part of the side inside the disc of radius r + tol
    reach = r + tol
    fx, fy = ax - cx, ay - cy
    qa = length2
    qb = 2.0 * (fx * dx + fy * dy)
    qc = fx * fx + fy * fy - reach * reach
    disc = max(qb * qb - 4.0 * qa * qc, 0.0)
    root = math.sqrt(disc)
    t0 = max((-qb - root) / (2.0 * qa), 0.0)
    t1 = min((-qb + root) / (2.0 * qa), 1.0)
    shared = max(t1 - t0, 0.0) * math.sqrt(length2)
    return shared, max(math.hypot(mx - cx, my - cy) - r, 0.0)


# --------------------------------------------------------------------------- index

_KIND_QUAD = 0
_KIND_ROUND = 1
_KIND_OTHER = 2


def _point_segment_distance(
    px: np.ndarray, py: np.ndarray, ax: np.ndarray, ay: np.ndarray, ex: np.ndarray, ey: np.ndarray
) -> np.ndarray:
    """Distance from points (px, py) to segments from (ax, ay) along (ex, ey), broadcast."""
    dx = px - ax
    dy = py - ay
    ee = ex * ex + ey * ey
    t = np.clip((dx * ex + dy * ey) / np.where(ee > 0.0, ee, 1.0), 0.0, 1.0)
    dx = dx - t * ex
    dy = dy - t * ey
    dist: np.ndarray = np.sqrt(dx * dx + dy * dy)
    return dist


def _quad_gap_depth(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Edge distance and separating-axis overlap depth of convex quadrilaterals (P, 4, 2):
    :func:`ring_depth` for many pairs at once, with numpy.

    The depth is the smallest overlap of the two shapes' projections on their edge normals:
    positive exactly when the interiors meet.  For shapes that do not overlap the distance is
    the smallest vertex-to-edge distance either way, which is exact for convex outlines.
    Arrays are laid out with the small axes first so that numpy works along the pairs.
    """
    ax, ay = np.ascontiguousarray(a[:, :, 0].T), np.ascontiguousarray(a[:, :, 1].T)
    bx, by = np.ascontiguousarray(b[:, :, 0].T), np.ascontiguousarray(b[:, :, 1].T)
    eax, eay = np.roll(ax, -1, axis=0) - ax, np.roll(ay, -1, axis=0) - ay
    ebx, eby = np.roll(bx, -1, axis=0) - bx, np.roll(by, -1, axis=0) - by
    nx = -np.concatenate([eay, eby])  # (8, P)
    ny = np.concatenate([eax, ebx])
    norm = np.sqrt(nx * nx + ny * ny)
    nx = nx / norm
    ny = ny / norm
    pa = nx[:, None, :] * ax[None, :, :] + ny[:, None, :] * ay[None, :, :]  # (8, 4, P)
    pb = nx[:, None, :] * bx[None, :, :] + ny[:, None, :] * by[None, :, :]
    depth = np.minimum(
        pa.max(axis=1) - pb.min(axis=1), pb.max(axis=1) - pa.min(axis=1)
    ).min(axis=0)
    d_ab = _point_segment_distance(
        ax[:, None, :], ay[:, None, :], bx[None, :, :], by[None, :, :], ebx[None], eby[None]
    )
    d_ba = _point_segment_distance(
        bx[:, None, :], by[:, None, :], ax[None, :, :], ay[None, :, :], eax[None], eay[None]
    )
    gap = np.minimum(d_ab.min(axis=(0, 1)), d_ba.min(axis=(0, 1)))
    return np.where(depth > 0.0, 0.0, gap), depth


def _circle_quad_gap(centre: np.ndarray, r: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Signed gap from circles (P, 2), (P,) to convex quadrilaterals (P, 4, 2): the signed
    distance from the centre (negative inside) less the radius, so minus the depth when they
    overlap."""
    qx, qy = np.ascontiguousarray(quad[:, :, 0].T), np.ascontiguousarray(quad[:, :, 1].T)
    ex, ey = np.roll(qx, -1, axis=0) - qx, np.roll(qy, -1, axis=0) - qy
    cx, cy = centre[:, 0][None, :], centre[:, 1][None, :]
    dist = _point_segment_distance(cx, cy, qx, qy, ex, ey).min(axis=0)
    cross = ex * (cy - qy) - ey * (cx - qx)
    inside = np.all(cross >= 0.0, axis=0) | np.all(cross <= 0.0, axis=0)
    signed: np.ndarray = np.where(inside, -dist, dist) - r
    return signed


class ContactIndex(Generic[K]):
    """A spatial index of footprints answering contact questions for many bases at once.

    Built from (key, polygon) pairs; keys must be unique and hashable.  Results list keys in
    the order the footprints were given.  Candidates come from a :class:`shapely.STRtree`
    of the footprints; rectangles and round bases are then measured with numpy, all pairs at
    once, and any other outline with shapely.  The answers agree with :func:`in_contact`,
    :func:`overlaps` and :func:`distance` applied pair by pair.
    """

    def __init__(self, items: Iterable[tuple[K, Polygon]]) -> None:
        keys: list[K] = []
        geoms: list[Polygon] = []
        for key, geom in items:
            keys.append(key)
            geoms.append(geom)
        if len(set(keys)) != len(keys):
            raise ValueError("ContactIndex keys must be unique")
        self._keys = keys
        self._pos = {key: i for i, key in enumerate(keys)}
        self._geoms = np.empty(len(geoms), dtype=object)
        self._geoms[:] = geoms
        self._tree = shapely.STRtree(self._geoms)
        self._classified = False

    # ----------------------------------------------------------------- helpers

    def __len__(self) -> int:
        return len(self._keys)

    @property
    def keys(self) -> list[K]:
        """Keys in input order."""
        return list(self._keys)

    def geometry(self, key: K) -> Polygon:
        """The footprint stored under ``key``."""
        return self._geoms[self._pos[key]]

    def _classify(self) -> None:
        """Sort footprints into convex quadrilaterals, round bases and other outlines."""
        if self._classified:
            return
        geoms = self._geoms
        n = len(geoms)
        kind = np.full(n, _KIND_OTHER, dtype=np.int8)
        quads = np.zeros((n, 4, 2))
        centres = np.zeros((n, 2))
        radii = np.zeros(n)
        diam = np.zeros(n)
        bounds = np.zeros((n, 4))
        if n:
            bounds = shapely.bounds(geoms)
            is_poly = shapely.get_type_id(geoms) == 3
            ncoords = shapely.get_num_coordinates(geoms)
            holes = np.zeros(n, dtype=int)
            holes[is_poly] = shapely.get_num_interior_rings(geoms[is_poly])
            simple = is_poly & (holes == 0)
            q_idx = np.flatnonzero(simple & (ncoords == 5))
            if q_idx.size:
                xy = shapely.get_coordinates(geoms[q_idx]).reshape(-1, 5, 2)[:, :4]
                e = np.roll(xy, -1, axis=1) - xy
                nxt = np.roll(e, -1, axis=1)
                cross = e[:, :, 0] * nxt[:, :, 1] - e[:, :, 1] * nxt[:, :, 0]
                convex = np.all(cross > 0.0, axis=1) | np.all(cross < 0.0, axis=1)
                good = q_idx[convex]
                kind[good] = _KIND_QUAD
                quads[good] = xy[convex]
                d1 = np.hypot(*(xy[:, 2] - xy[:, 0]).T)
                d2 = np.hypot(*(xy[:, 3] - xy[:, 1]).T)
                diam[good] = np.maximum(d1, d2)[convex]
            r_idx = np.flatnonzero(simple & (ncoords == ROUND_SEGMENTS + 1))
            if r_idx.size:
                xy = shapely.get_coordinates(geoms[r_idx]).reshape(-1, ROUND_SEGMENTS + 1, 2)
                c, r, regular = _regular_ring_check(xy[:, :-1])
                good = r_idx[regular]
                kind[good] = _KIND_ROUND
                centres[good] = c[regular]
                radii[good] = r[regular]
                diam[good] = 2.0 * r[regular]
        self._kind = kind
        self._quads = quads
        self._centres = centres
        self._radii = radii
        self._diam = diam
        self._bounds = bounds
        # A circle reaches beyond its polygon by at most r * sagitta.
        self._round_pad = (
            float(radii.max()) * _ROUND_SAGITTA + 1e-9 if np.any(kind == _KIND_ROUND) else 0.0
        )
        self._classified = True

    def _pad_for(self, geom: Polygon) -> float:
        """How much farther than the polygons round bases may reach toward ``geom``."""
        self._classify()
        circle = circle_of(geom)
        extra = _ROUND_SAGITTA * circle[2] + 1e-9 if circle is not None else 0.0
        return self._round_pad + extra

    def _candidates(self, reach: float) -> tuple[np.ndarray, np.ndarray]:
        """Pairs i < j whose bounding boxes, grown by ``reach``, meet."""
        self._classify()
        if len(self._keys) < 2:
            empty = np.zeros(0, dtype=np.intp)
            return empty, empty
        b = self._bounds
        boxes = shapely.box(b[:, 0] - reach, b[:, 1] - reach, b[:, 2] + reach, b[:, 3] + reach)
        i, j = self._tree.query(boxes)
        keep = i < j
        return i[keep], j[keep]

    def _measure(self, i: np.ndarray, j: np.ndarray, tol: float) -> tuple[np.ndarray, np.ndarray]:
        """Edge gaps of pairs (i, j) and which of them overlap (see :func:`overlaps`).

        Gaps beyond ``tol`` are only guaranteed to be beyond ``tol`` (they may be inf).
        """
        kind = self._kind
        geoms = self._geoms
        m = i.shape[0]
        gap = np.full(m, np.inf)
        deep = np.zeros(m)
        ki, kj = kind[i], kind[j]
        rr = (ki == _KIND_ROUND) & (kj == _KIND_ROUND)
        qq = (ki == _KIND_QUAD) & (kj == _KIND_QUAD)
        qr = ((ki == _KIND_QUAD) & (kj == _KIND_ROUND)) | ((ki == _KIND_ROUND) & (kj == _KIND_QUAD))
        other = ~(rr | qq | qr)

        if np.any(rr):
            ii, jj = i[rr], j[rr]
            d = np.hypot(*(self._centres[ii] - self._centres[jj]).T)
            gap[rr] = d - self._radii[ii] - self._radii[jj]
            deep[rr] = np.maximum(-gap[rr], 0.0)

        if np.any(qq):
            ii, jj = i[qq], j[qq]
            g, sat = _quad_gap_depth(self._quads[ii], self._quads[jj])
            gap[qq] = g
            deep[qq] = np.maximum(sat, 0.0)

        if np.any(qr):
            ii, jj = i[qr], j[qr]
            round_first = kind[ii] == _KIND_ROUND
            ci = np.where(round_first, ii, jj)
            qi = np.where(round_first, jj, ii)
            g = _circle_quad_gap(self._centres[ci], self._radii[ci], self._quads[qi])
            gap[qr] = g
            deep[qr] = np.maximum(-g, 0.0)

        if np.any(other):
            for k in np.flatnonzero(other).tolist():
                gap[k] = distance(geoms[i[k]], geoms[j[k]])
                if gap[k] <= tol:
                    deep[k] = depth(geoms[i[k]], geoms[j[k]])
        return gap, deep > CONTACT_TOL

    # ----------------------------------------------------------------- queries

    def pairs(self, tol: float = CONTACT_TOL) -> list[tuple[K, K]]:
        """Every pair of footprints in B2B, each pair once, keys in input order.

        Pairs are sorted by the position of their first key, then of their second.
        """
        self._classify()
        i, j = self._candidates(tol + 2.0 * self._round_pad)
        if i.size == 0:
            return []
        gap, overlap = self._measure(i, j, tol)
        keep = (gap <= tol) & ~overlap
        i, j = i[keep], j[keep]
        order = np.lexsort((j, i))
        keys = self._keys
        return [(keys[a], keys[b]) for a, b in zip(i[order].tolist(), j[order].tolist())]

    def overlapping_pairs(self) -> list[tuple[K, K]]:
        """Every pair of footprints whose interiors overlap (see :func:`overlaps`)."""
        self._classify()
        i, j = self._candidates(2.0 * self._round_pad)
        if i.size == 0:
            return []
        _, overlap = self._measure(i, j, 0.0)
        i, j = i[overlap], j[overlap]
        order = np.lexsort((j, i))
        keys = self._keys
        return [(keys[a], keys[b]) for a, b in zip(i[order].tolist(), j[order].tolist())]

    def touching(self, key: K, tol: float = CONTACT_TOL) -> list[K]:
        """Keys of the footprints in B2B with the one stored under ``key``."""
        me = self._pos[key]
        geom = self._geoms[me]
        cand = self._tree.query(geom, predicate="dwithin", distance=tol + self._pad_for(geom))
        cand = np.sort(cand[cand != me])
        if cand.size == 0:
            return []
        gap, overlap = self._measure(np.full(cand.shape, me), cand, tol)
        return [self._keys[c] for c in cand[(gap <= tol) & ~overlap].tolist()]

    def within(self, key_or_polygon: K | Polygon, dist: float) -> list[K]:
        """Keys whose edge distance (see :func:`distance`) to a footprint is at most ``dist``.

        Given a key, that footprint itself is left out of the answer.
        """
        self._classify()
        if isinstance(key_or_polygon, shapely.Geometry):
            geom = key_or_polygon
            me = -1
        else:
            me = self._pos[key_or_polygon]
            geom = self._geoms[me]
        cand = self._tree.query(geom, predicate="dwithin", distance=dist + self._pad_for(geom))
        cand = np.sort(cand[cand != me])
        if me >= 0:
            if cand.size == 0:
                return []
            gap, _ = self._measure(np.full(cand.shape, me), cand, dist)
            return [self._keys[c] for c in cand[np.maximum(gap, 0.0) <= dist].tolist()]
        return [self._keys[c] for c in cand.tolist() if distance(geom, self._geoms[c]) <= dist]

    def overlapping(self, polygon: Polygon, exclude: Iterable[K] = ()) -> list[K]:
        """Keys of the footprints whose interiors overlap ``polygon``, minus ``exclude``."""
        skip = set(exclude)
        cand = np.sort(
            self._tree.query(polygon, predicate="dwithin", distance=self._pad_for(polygon))
        )
        return [
            self._keys[c]
            for c in cand.tolist()
            if self._keys[c] not in skip and overlaps(polygon, self._geoms[c])
        ]

    def nearest(self, point_xy: Sequence[float], exclude: Iterable[K] = ()) -> K | None:
        """Key of the footprint nearest to a point (0 inside), or None if none is left.

        Ties go to the footprint given first.
        """
        skip = set(exclude)
        if not self._keys:
            return None
        point = shapely.Point(float(point_xy[0]), float(point_xy[1]))
        dist = shapely.distance(self._geoms, point)
        if skip:
            mask = np.fromiter((k in skip for k in self._keys), dtype=bool, count=len(self._keys))
            dist = np.where(mask, np.inf, dist)
        best = int(np.argmin(dist))
        if not np.isfinite(dist[best]):
            return None
        return self._keys[best]

"""Base-to-base contact, overlap and distance between footprints.

Definitions (all lengths in inches):

* two outlines are in **B2B** (base-to-base contact) when they are within ``tol``
  (:data:`~game.geometry.bases.CONTACT_TOL` by default) of each other and do not overlap;
* two footprints **overlap** when their interiors share more than :data:`AREA_EPS` square
  inches, so that rounding noise along a shared edge never counts as an overlap.

Round bases are polygons with many vertices (see :mod:`game.geometry.bases`).  When *both*
footprints are such polygons, the functions here recognise them and answer from the circles
themselves (centre distance against the radii), which removes the small error of the polygon
approximation.  A round base against a rectangle is handled with the polygon.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from typing import Generic, TypeVar

import numpy as np
import shapely
from shapely import Polygon

from .bases import CONTACT_TOL, ROUND_SEGMENTS, SIDES, BaseShape, footprint, side_segments

__all__ = [
    "AREA_EPS",
    "ContactIndex",
    "circle_of",
    "contact_side",
    "distance",
    "in_contact",
    "lens_area",
    "overlaps",
]

AREA_EPS = 1e-6
"""Interiors sharing at most this many square inches do not count as overlapping."""

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
    if not isinstance(poly, Polygon) or poly.is_empty:
        return None
    if shapely.get_num_coordinates(poly) != ROUND_SEGMENTS + 1:
        return None
    if shapely.get_num_interior_rings(poly) != 0:
        return None
    xy = shapely.get_coordinates(poly)[:-1][None, :, :]
    centre, r, regular = _regular_ring_check(xy)
    if not regular[0]:
        return None
    return float(centre[0, 0]), float(centre[0, 1]), float(r[0])


def lens_area(d: float | np.ndarray, r1: float | np.ndarray, r2: float | np.ndarray) -> np.ndarray:
    """Area shared by two discs of radii r1 and r2 with centres ``d`` apart (vectorised)."""
    d = np.asarray(d, dtype=float)
    r1 = np.asarray(r1, dtype=float)
    r2 = np.asarray(r2, dtype=float)
    out = np.zeros(np.broadcast(d, r1, r2).shape)
    d, r1, r2 = np.broadcast_arrays(d, r1, r2)
    inside = d <= np.abs(r1 - r2)
    out[inside] = np.pi * np.minimum(r1, r2)[inside] ** 2
    part = (~inside) & (d < r1 + r2)
    if np.any(part):
        dd, a, b = d[part], r1[part], r2[part]
        ca = np.clip((dd * dd + a * a - b * b) / (2.0 * dd * a), -1.0, 1.0)
        cb = np.clip((dd * dd + b * b - a * a) / (2.0 * dd * b), -1.0, 1.0)
        k = (-dd + a + b) * (dd + a - b) * (dd - a + b) * (dd + a + b)
        out[part] = (
            a * a * np.arccos(ca) + b * b * np.arccos(cb) - 0.5 * np.sqrt(np.maximum(k, 0.0))
        )
    return out


def _circle_pair(a: Polygon, b: Polygon) -> tuple[float, float, float] | None:
    """(centre distance, r_a, r_b) when both footprints are round bases, else None."""
    ca = circle_of(a)
    if ca is None:
        return None
    cb = circle_of(b)
    if cb is None:
        return None
    d = math.hypot(ca[0] - cb[0], ca[1] - cb[1])
    return d, ca[2], cb[2]


# --------------------------------------------------------------------------- pairs


def overlaps(a: Polygon, b: Polygon) -> bool:
    """True when the interiors of ``a`` and ``b`` share more than :data:`AREA_EPS` sq in."""
    pair = _circle_pair(a, b)
    if pair is not None:
        d, ra, rb = pair
        return bool(lens_area(np.array(d), np.array(ra), np.array(rb)) > AREA_EPS)
    if not a.intersects(b):
        return False
    return bool(a.intersection(b).area > AREA_EPS)


def distance(a: Polygon, b: Polygon) -> float:
    """Edge-to-edge distance in inches; 0 when the outlines touch or overlap."""
    pair = _circle_pair(a, b)
    if pair is not None:
        d, ra, rb = pair
        return max(0.0, d - ra - rb)
    return float(a.distance(b))


def in_contact(a: Polygon, b: Polygon, tol: float = CONTACT_TOL) -> bool:
    """Base-to-base contact: outlines within ``tol`` and interiors not overlapping."""
    pair = _circle_pair(a, b)
    if pair is not None:
        d, ra, rb = pair
        if d - ra - rb > tol:
            return False
        return not bool(lens_area(np.array(d), np.array(ra), np.array(rb)) > AREA_EPS)
    if not shapely.dwithin(a, b, tol):
        return False
    return not overlaps(a, b)


def _quadrant(relative: float) -> str:
    """Side name of a direction given relative to the facing, in degrees."""
    rel = relative % 360.0
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
    ``tol`` of ``other`` wins, then the side whose midpoint is nearer to ``other``.

    A round base has no sides: the answer is the quadrant (front, right, back, left, each
    90 degrees wide and centred on its direction) of the direction from the centre to the
    nearest point of ``other``; at exactly 45 degrees off the facing the front or back wins.
    """
    own = footprint(shape, x, y, facing)
    if not in_contact(own, other, tol):
        return None
    if shape.kind == "round":
        centre = shapely.Point(x, y)
        if other.contains(centre):
            return None
        near = shapely.shortest_line(centre, other)
        px, py = near.coords[1]
        dx, dy = px - x, py - y
        if dx == 0.0 and dy == 0.0:
            return None
        bearing = math.degrees(math.atan2(dx, -dy))
        return _quadrant(bearing - facing)
    segments = side_segments(shape, x, y, facing)
    qualifying = [name for name in SIDES if shapely.dwithin(segments[name], other, tol)]
    if not qualifying:
        return None
    if len(qualifying) == 1:
        return qualifying[0]
    zone = other.buffer(tol)
    best: tuple[float, float] | None = None
    best_name: str | None = None
    for name in qualifying:
        seg = segments[name]
        shared = seg.intersection(zone).length
        mid = seg.interpolate(0.5, normalized=True)
        mid_dist = mid.distance(other)
        # Longer shared length first (1e-9 in noise), then the nearer midpoint.
        rank = (-round(shared, 9), mid_dist)
        if best is None or rank < best:
            best = rank
            best_name = name
    return best_name


# --------------------------------------------------------------------------- index

_KIND_QUAD = 0
_KIND_ROUND = 1
_KIND_OTHER = 2


def _point_segment_distance(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance from points p (..., 2) to segments a-b (..., 2), broadcasting."""
    ab = b - a
    ap = p - a
    denom = np.einsum("...k,...k->...", ab, ab)
    t = np.einsum("...k,...k->...", ap, ab) / np.where(denom > 0.0, denom, 1.0)
    t = np.clip(t, 0.0, 1.0)
    closest = a + t[..., None] * ab
    diff = p - closest
    return np.hypot(diff[..., 0], diff[..., 1])


class ContactIndex(Generic[K]):
    """A spatial index of footprints answering contact questions for many bases at once.

    Built from (key, polygon) pairs; keys must be unique and hashable.  Results list keys in
    the order the footprints were given.  Backed by :class:`shapely.STRtree`.
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
        """Sort footprints into convex quadrilaterals, round bases and other polygons."""
        if self._classified:
            return
        geoms = self._geoms
        n = len(geoms)
        kind = np.full(n, _KIND_OTHER, dtype=np.int8)
        quads = np.zeros((n, 4, 2))
        centres = np.zeros((n, 2))
        radii = np.zeros(n)
        diam = np.zeros(n)
        if n:
            is_poly = shapely.get_type_id(geoms) == 3
            ncoords = shapely.get_num_coordinates(geoms)
            holes = np.zeros(n, dtype=int)
            holes[is_poly] = shapely.get_num_interior_rings(geoms[is_poly])
            simple = is_poly & (holes == 0)
            q_idx = np.flatnonzero(simple & (ncoords == 5))
            if q_idx.size:
                xy = shapely.get_coordinates(geoms[q_idx]).reshape(-1, 5, 2)[:, :4]
                e = np.roll(xy, -1, axis=1) - xy
                cross = (
                    e[:, :, 0] * np.roll(e, -1, axis=1)[:, :, 1]
                    - e[:, :, 1] * np.roll(e, -1, axis=1)[:, :, 0]
                )
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
        self._round_pad = (
            2.0 * float(radii.max()) * _ROUND_SAGITTA + 1e-9 if np.any(kind == _KIND_ROUND) else 0.0
        )
        self._classified = True

    def _contact_mask(self, i: np.ndarray, j: np.ndarray, tol: float) -> np.ndarray:
        """For candidate pairs (already within tol + pad), which are in B2B."""
        kind = self._kind
        geoms = self._geoms
        ki = kind[i]
        kj = kind[j]
        rr = (ki == _KIND_ROUND) & (kj == _KIND_ROUND)
        qq = (ki == _KIND_QUAD) & (kj == _KIND_QUAD)
        qr = ((ki == _KIND_QUAD) & (kj == _KIND_ROUND)) | ((ki == _KIND_ROUND) & (kj == _KIND_QUAD))
        within = np.ones(i.shape[0], dtype=bool)
        maybe_overlap = np.zeros(i.shape[0], dtype=bool)
        overlap = np.zeros(i.shape[0], dtype=bool)

        # round-round: exact circles
        if np.any(rr):
            ii, jj = i[rr], j[rr]
            d = np.hypot(*(self._centres[ii] - self._centres[jj]).T)
            ra, rb = self._radii[ii], self._radii[jj]
            within[rr] = d - ra - rb <= tol
            overlap[rr] = lens_area(d, ra, rb) > AREA_EPS

        # pairs involving polygons: the tree was queried with a pad for round bases
        poly_pairs = ~rr
        if self._round_pad > 0.0 and np.any(poly_pairs):
            within[poly_pairs] = shapely.dwithin(geoms[i[poly_pairs]], geoms[j[poly_pairs]], tol)

        # quad-quad: separating axes; area <= depth * smaller diameter
        sel = qq & within
        if np.any(sel):
            a = self._quads[i[sel]]
            b = self._quads[j[sel]]
            axes = np.concatenate([np.roll(a, -1, axis=1) - a, np.roll(b, -1, axis=1) - b], axis=1)
            normals = np.stack([-axes[..., 1], axes[..., 0]], axis=-1)
            normals /= np.hypot(normals[..., 0], normals[..., 1])[..., None]
            pa = np.einsum("pak,pvk->pav", normals, a)
            pb = np.einsum("pak,pvk->pav", normals, b)
            depth = (
                np.minimum(pa.max(axis=2), pb.max(axis=2))
                - np.maximum(pa.min(axis=2), pb.min(axis=2))
            ).min(axis=1)
            bound = depth * np.minimum(self._diam[i[sel]], self._diam[j[sel]])
            maybe_overlap[sel] = bound > AREA_EPS

        # quad-round: the circle contains its polygon, bound the cap the quad can cut off
        sel = qr & within
        if np.any(sel):
            ii, jj = i[sel], j[sel]
            round_first = kind[ii] == _KIND_ROUND
            ci = np.where(round_first, ii, jj)
            qi = np.where(round_first, jj, ii)
            quad = self._quads[qi]
            centre = self._centres[ci]
            r = self._radii[ci]
            nxt = np.roll(quad, -1, axis=1)
            dist = _point_segment_distance(centre[:, None, :], quad, nxt).min(axis=1)
            edge = nxt - quad
            rel = centre[:, None, :] - quad
            cross = edge[..., 0] * rel[..., 1] - edge[..., 1] * rel[..., 0]
            inside = np.all(cross >= 0.0, axis=1) | np.all(cross <= 0.0, axis=1)
            depth = np.where(inside, np.inf, r - dist)
            bound = depth * np.minimum(2.0 * r, self._diam[qi])
            maybe_overlap[sel] = bound > AREA_EPS

        # anything else: exact area
        other = ~(rr | qq | qr) & within
        maybe_overlap |= other

        check = np.flatnonzero(maybe_overlap)
        if check.size:
            area = shapely.area(shapely.intersection(geoms[i[check]], geoms[j[check]]))
            overlap[check] = area > AREA_EPS
        return within & ~overlap

    def _pairs_within(self, tol: float) -> tuple[np.ndarray, np.ndarray]:
        self._classify()
        if len(self._keys) < 2:
            empty = np.zeros(0, dtype=np.intp)
            return empty, empty
        query = self._tree.query(self._geoms, predicate="dwithin", distance=tol + self._round_pad)
        i, j = query[0], query[1]
        keep = i < j
        return i[keep], j[keep]

    # ----------------------------------------------------------------- queries

    def pairs(self, tol: float = CONTACT_TOL) -> list[tuple[K, K]]:
        """Every pair of footprints in B2B, each pair once, keys in input order.

        Pairs are sorted by the position of their first key, then of their second.
        """
        i, j = self._pairs_within(tol)
        if i.size == 0:
            return []
        mask = self._contact_mask(i, j, tol)
        i, j = i[mask], j[mask]
        order = np.lexsort((j, i))
        keys = self._keys
        return [(keys[a], keys[b]) for a, b in zip(i[order].tolist(), j[order].tolist())]

    def overlapping_pairs(self) -> list[tuple[K, K]]:
        """Every pair of footprints whose interiors overlap (see :func:`overlaps`)."""
        self._classify()
        if len(self._keys) < 2:
            return []
        query = self._tree.query(self._geoms, predicate="intersects")
        keep = query[0] < query[1]
        i, j = query[0][keep], query[1][keep]
        found = [
            (int(a), int(b))
            for a, b in zip(i.tolist(), j.tolist())
            if overlaps(self._geoms[a], self._geoms[b])
        ]
        found.sort()
        return [(self._keys[a], self._keys[b]) for a, b in found]

    def touching(self, key: K, tol: float = CONTACT_TOL) -> list[K]:
        """Keys of the footprints in B2B with the one stored under ``key``."""
        self._classify()
        me = self._pos[key]
        geom = self._geoms[me]
        cand = self._tree.query(geom, predicate="dwithin", distance=tol + self._round_pad)
        cand = np.sort(cand[cand != me])
        return [self._keys[c] for c in cand.tolist() if in_contact(geom, self._geoms[c], tol)]

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
        cand = self._tree.query(geom, predicate="dwithin", distance=dist + self._round_pad)
        cand = np.sort(cand[cand != me])
        return [self._keys[c] for c in cand.tolist() if distance(geom, self._geoms[c]) <= dist]

    def overlapping(self, polygon: Polygon, exclude: Iterable[K] = ()) -> list[K]:
        """Keys of the footprints whose interiors overlap ``polygon``, minus ``exclude``."""
        skip = set(exclude)
        cand = np.sort(self._tree.query(polygon, predicate="intersects"))
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

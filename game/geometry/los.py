"""Line of sight and obstacles between bases.

Line of sight here is the "any line from base to base" kind: two bases see each other when
at least one straight segment from a point of one to a point of the other does not pass
through the interior of a blocker.  Grazing a blocker's edge or corner does not block.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely import Polygon

from .bases import CONTACT_TOL
from .contact import convex_parts, overlaps

__all__ = ["between", "crossings", "front_arc_mask", "line_of_sight", "sample_points", "touching"]

_MAX_OUTLINE_SAMPLES = 16


def sample_points(poly: Polygon) -> np.ndarray:
    """The points of a base used as ends of sight lines, as an (n, 2) array.

    For an outline of at most 16 vertices (rect bases, most terrain): every vertex, the
    midpoint of every edge and the centroid.  For finer outlines (round bases): 16 points
    evenly spaced along the outline plus the centroid.  The centroid comes first.
    """
    ring = np.asarray(poly.exterior.coords)[:-1]
    centroid = np.asarray(poly.centroid.coords)[0]
    if len(ring) <= _MAX_OUTLINE_SAMPLES:
        mids = (ring + np.roll(ring, -1, axis=0)) / 2.0
        outline = np.concatenate([ring, mids])
    else:
        fractions = np.arange(2 * _MAX_OUTLINE_SAMPLES) / (2 * _MAX_OUTLINE_SAMPLES)
        pts = shapely.line_interpolate_point(poly.exterior, fractions, normalized=True)
        outline = shapely.get_coordinates(pts)
    return np.concatenate([centroid[None, :], outline])


def line_of_sight(a: Polygon, b: Polygon, blockers: Sequence[Polygon]) -> bool:
    """True when some straight line from a point of ``a`` to a point of ``b`` is clear.

    A line is clear when its interior meets no blocker's interior; running along or touching a
    blocker's outline is clear.  Approximation: only lines between the sample points of
    :func:`sample_points` are tried (for a rect base 9 points, so 81 lines between two rect
    bases), so a sight line squeezing through a gap that none of these lines uses is missed;
    that errs toward "blocked" and never reports sight that does not exist.
    """
    if not blockers:
        return True
    blocker_arr = np.empty(len(blockers), dtype=object)
    blocker_arr[:] = list(blockers)
    pa = sample_points(a)
    pb = sample_points(b)
    # The centre-to-centre line alone settles most cases.
    first = shapely.linestrings([pa[0], pb[0]])
    if not _blocked(np.array([first], dtype=object), blocker_arr)[0]:
        return True
    starts = np.repeat(pa, len(pb), axis=0)
    ends = np.tile(pb, (len(pa), 1))
    lines = shapely.linestrings(np.stack([starts, ends], axis=1))
    return bool(np.any(~_blocked(lines, blocker_arr)))


def _blocked(lines: np.ndarray, blockers: np.ndarray) -> np.ndarray:
    """For each line, whether its interior crosses the interior of any blocker."""
    tree = shapely.STRtree(blockers)
    line_idx, blocker_idx = tree.query(lines, predicate="intersects")
    out = np.zeros(len(lines), dtype=bool)
    if line_idx.size:
        crosses = shapely.relate_pattern(lines[line_idx], blockers[blocker_idx], "T********")
        out[line_idx[crosses]] = True
    return out


def between(a: Polygon, b: Polygon, obstacle: Polygon) -> bool:
    """True when ``obstacle`` lies between the two bases.

    "Between" means the obstacle shares area with the convex hull of both bases once the
    bases themselves are taken out of it (the space a straight push from one to the other
    would cross).  An obstacle that reaches no more than the contact tolerance into that space
    (see :func:`~game.geometry.contact.overlaps`) does not count.
    """
    both = shapely.union(a, b)
    gap_region = shapely.difference(both.convex_hull, both)
    if gap_region.is_empty:
        return False
    return overlaps(gap_region, obstacle)


def touching(a: Polygon, obstacle: Polygon, tol: float = CONTACT_TOL) -> bool:
    """True when the outline of ``a`` is within ``tol`` of ``obstacle`` (or overlaps it)."""
    return bool(shapely.dwithin(a, obstacle, tol))


def crossings(starts: np.ndarray, ends: np.ndarray, screens: Sequence[Polygon]) -> np.ndarray:
    """Which screens each sight line crosses: a bool array of shape (lines, screens).

    Line ``i`` runs from ``starts[i]`` to ``ends[i]`` (two (n, 2) arrays); it crosses a screen
    when its inside meets the screen's inside, as for :func:`line_of_sight` (grazing an outline
    or a corner does not count; a line that starts or ends inside a screen crosses it).  Worked
    out on the screens' convex parts (:func:`~game.geometry.contact.convex_parts`) by
    separating axes, all lines at once.
    """
    a = np.asarray(starts, dtype=float).reshape(-1, 2)
    b = np.asarray(ends, dtype=float).reshape(-1, 2)
    out = np.zeros((len(a), len(screens)), dtype=bool)
    if not len(a) or not screens:
        return out
    d = b - a
    length = np.hypot(d[:, 0], d[:, 1])
    point = length < 1e-12
    safe = np.where(point, 1.0, length)
    normal = np.stack([-d[:, 1] / safe, d[:, 0] / safe], axis=1)  # (lines, 2), unit
    lo_x, hi_x = np.minimum(a[:, 0], b[:, 0]), np.maximum(a[:, 0], b[:, 0])
    lo_y, hi_y = np.minimum(a[:, 1], b[:, 1]), np.maximum(a[:, 1], b[:, 1])
    eps = 1e-9
    for k, poly in enumerate(screens):
        parts = convex_parts(poly)
        for ring in parts:
            minx, miny = ring.min(axis=0)
            maxx, maxy = ring.max(axis=0)
            near = ~((hi_x <= minx + eps) | (lo_x >= maxx - eps)
                     | (hi_y <= miny + eps) | (lo_y >= maxy - eps) | out[:, k])
            idx = np.nonzero(near)[0]
            if not idx.size:
                continue
            pa, pb = a[idx], b[idx]
            apart = np.zeros(idx.size, dtype=bool)
            edges = np.roll(ring, -1, axis=0) - ring
            for ex, ey in edges:
                size = math.hypot(ex, ey)
                if size <= 0.0:
                    continue
                nx, ny = -ey / size, ex / size
                proj = ring[:, 0] * nx + ring[:, 1] * ny
                lo, hi = proj.min(), proj.max()
                sa, sb = pa[:, 0] * nx + pa[:, 1] * ny, pb[:, 0] * nx + pb[:, 1] * ny
                apart |= (np.maximum(sa, sb) <= lo + eps) | (np.minimum(sa, sb) >= hi - eps)
            n = normal[idx]
            across = ring @ n.T  # (vertices, lines)
            mid = np.einsum("ij,ij->i", pa, n)
            line_apart = (across.max(axis=0) <= mid + eps) | (across.min(axis=0) >= mid - eps)
            apart |= line_apart & ~point[idx]
            out[idx[~apart], k] = True
        if len(parts) > 1:  # a line that runs along a seam between two parts grazes both
            for p, q in _seams(parts):
                e = q - p
                size = math.hypot(e[0], e[1])
                tx, ty = e[0] / size, e[1] / size
                ra, rb = a - p, b - p
                on = ((np.abs(ra[:, 0] * -ty + ra[:, 1] * tx) <= eps)
                      & (np.abs(rb[:, 0] * -ty + rb[:, 1] * tx) <= eps))
                sa, sb = ra[:, 0] * tx + ra[:, 1] * ty, rb[:, 0] * tx + rb[:, 1] * ty
                shared = np.minimum(np.maximum(sa, sb), size) - np.maximum(np.minimum(sa, sb), 0.0)
                out[on & (shared > eps), k] = True
    return out


def _seams(parts: Sequence[np.ndarray]) -> list[tuple[np.ndarray, np.ndarray]]:
    """The edges two convex parts of one outline share: inside the outline, not on it."""
    seen: dict[tuple[tuple[float, float], tuple[float, float]], int] = {}
    for ring in parts:
        for i in range(len(ring)):
            u = (float(ring[i][0]), float(ring[i][1]))
            v = (float(ring[(i + 1) % len(ring)][0]), float(ring[(i + 1) % len(ring)][1]))
            key = (u, v) if u <= v else (v, u)
            seen[key] = seen.get(key, 0) + 1
    return [(np.array(u), np.array(v)) for (u, v), n in seen.items() if n > 1]


def front_arc_mask(
    centre: Sequence[float], facing: float, width: float, depth: float, points: np.ndarray
) -> np.ndarray:
    """Which ``points`` ((n, 2) array) lie in the front arc of a rectangle ``width`` x
    ``depth`` centred on ``centre`` and facing ``facing``: ahead of its front edge and within
    the lines drawn from its front corners at 45 degrees (see
    :func:`game.geometry.formation.arc_of_point`; a point on those lines counts)."""
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    rad = np.radians(facing)
    fx, fy = np.sin(rad), -np.cos(rad)
    dx, dy = pts[:, 0] - centre[0], pts[:, 1] - centre[1]
    along = dx * fx + dy * fy
    across = -dx * fy + dy * fx
    out: np.ndarray = (along >= 0.0) & (along - depth / 2.0 >= np.abs(across) - width / 2.0 - 1e-9)
    return out

"""Line of sight and obstacles between bases.

Line of sight here is the "any line from base to base" kind: two bases see each other when
at least one straight segment from a point of one to a point of the other does not pass
through the interior of a blocker.  Grazing a blocker's edge or corner does not block.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import shapely
from shapely import Polygon

from .bases import CONTACT_TOL
from .contact import overlaps

__all__ = ["between", "line_of_sight", "sample_points", "touching"]

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

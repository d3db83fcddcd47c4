"""Reach positions: one base touching a second base on one side, a third base touching the
second on the opposite side, straight across from the first.

Definitions (lengths in inches, bases as in :mod:`game.geometry.bases`):

* Which side of a base another base touches is :func:`~game.geometry.contact.contact_side`.
* The **stretch** of a contact on a side is the part of that side's segment lying within
  ``CONTACT_TOL`` of the other outline.  Its **inner part** is what is left of it once
  ``CONTACT_TOL`` is cut off at both ends of the side; it counts when it is longer than
  :data:`MIN_STRETCH`.  A base meeting the side only at a corner of the middle base has no
  inner part: corner-to-corner contact is on no side.
* Two bases ``near`` and ``far`` are **directly opposite** across a rectangular base ``mid``
  when ``near`` touches one side of ``mid``, ``far`` touches the opposite side (front/back or
  left/right), both inner parts count, and measured along those two parallel sides
  the two inner parts overlap (a shared point is enough): some straight line square to the
  two sides runs through ``mid`` from the one contact to the other.
* For a round ``mid`` (no sides), ``near`` and ``far`` are directly opposite when the
  directions from its centre to the nearest points of the two outlines differ by at least
  :data:`ROUND_OPPOSITE_DEG` degrees.

:func:`reach_through` adds what the Reach ability asks of the three: ``near`` in B2B with
``mid``, ``mid`` in B2B with ``far``, ``near`` not in B2B with ``far``, and directly opposite.
The Base Size comparison is the ruleset's business (named sizes), not geometry's.
"""

from __future__ import annotations

import math

import shapely
from shapely import Polygon

from .bases import CONTACT_TOL, BaseShape, footprint, side_segments
from .contact import contact_side, in_contact

__all__ = [
    "MIN_STRETCH",
    "OPPOSITE",
    "ROUND_OPPOSITE_DEG",
    "contact_stretch",
    "directly_opposite",
    "reach_through",
]

OPPOSITE: dict[str, str] = {"front": "back", "back": "front", "left": "right", "right": "left"}
"""The side across the base from each side."""

ROUND_OPPOSITE_DEG = 135.0
"""Smallest angle between the two contact directions around a round middle base."""

MIN_STRETCH = 1e-6
"""Shortest inner part of a contact (inches) that puts a base on a side."""


def contact_stretch(
    shape: BaseShape,
    x: float,
    y: float,
    facing: float,
    side: str,
    other: Polygon,
    tol: float = CONTACT_TOL,
) -> tuple[float, float] | None:
    """The inner part of the contact of ``other`` with ``side`` of a rect base, as an interval
    of distances from the side's first corner (sides run clockwise: the front from the
    front-left corner to the front-right one).  None when it does not count."""
    seg = side_segments(shape, x, y, facing)[side]
    (ax, ay), (bx, by) = seg.coords
    length = math.hypot(bx - ax, by - ay)
    near = seg.intersection(other.buffer(tol, quad_segs=4))
    if near.is_empty:
        return None
    ux, uy = (bx - ax) / length, (by - ay) / length
    ts = [(px - ax) * ux + (py - ay) * uy for px, py in shapely.get_coordinates(near)]
    lo, hi = max(min(ts), tol), min(max(ts), length - tol)
    if hi - lo <= MIN_STRETCH:
        return None
    return lo, hi


def directly_opposite(
    mid_shape: BaseShape,
    mx: float,
    my: float,
    mfacing: float,
    near: Polygon,
    far: Polygon,
    tol: float = CONTACT_TOL,
) -> str | None:
    """The side of ``mid`` that ``near`` touches when ``near`` and ``far`` are directly
    opposite across ``mid`` (see the module docstring), else None."""
    s_near = contact_side(mid_shape, mx, my, mfacing, near, tol)
    s_far = contact_side(mid_shape, mx, my, mfacing, far, tol)
    if s_near is None or s_far is None:
        return None
    if mid_shape.is_round:
        a = _bearing(mx, my, near)
        b = _bearing(mx, my, far)
        diff = abs((a - b + 180.0) % 360.0 - 180.0)
        return s_near if diff >= ROUND_OPPOSITE_DEG - 1e-9 else None
    if OPPOSITE[s_near] != s_far:
        return None
    i_near = contact_stretch(mid_shape, mx, my, mfacing, s_near, near, tol)
    i_far = contact_stretch(mid_shape, mx, my, mfacing, s_far, far, tol)
    if i_near is None or i_far is None:
        return None
    # Opposite sides run in opposite directions and have the same length: a point t along
    # the far side is straight across from the point length - t of the near side.
    length = mid_shape.width if s_near in ("front", "back") else mid_shape.depth
    far_lo, far_hi = length - i_far[1], length - i_far[0]
    if max(i_near[0], far_lo) <= min(i_near[1], far_hi) + 1e-9:
        return s_near
    return None


def reach_through(
    near: Polygon,
    mid_shape: BaseShape,
    mx: float,
    my: float,
    mfacing: float,
    far: Polygon,
    tol: float = CONTACT_TOL,
) -> str | None:
    """Whether a base ``near`` reaches ``far`` across the base ``mid``: ``near`` in B2B with
    ``mid``, ``mid`` in B2B with ``far``, ``near`` not in B2B with ``far``, and the two
    directly opposite across ``mid``.  Returns the side of ``mid`` that ``near`` touches, or
    None."""
    mid = footprint(mid_shape, mx, my, mfacing)
    if not (in_contact(near, mid, tol) and in_contact(mid, far, tol)):
        return None
    if in_contact(near, far, tol):
        return None
    return directly_opposite(mid_shape, mx, my, mfacing, near, far, tol)


def _bearing(cx: float, cy: float, other: Polygon) -> float:
    """Facing-style direction (degrees clockwise from up) from (cx, cy) to ``other``."""
    line = shapely.shortest_line(shapely.Point(cx, cy), other)
    px, py = line.coords[1]
    return math.degrees(math.atan2(px - cx, -(py - cy)))

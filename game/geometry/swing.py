"""Base sides and corners for attacks that sweep a whole side (Swing-Through).

Corners of a rect base are named ``front-left``, ``front-right``, ``back-right`` and
``back-left``; each side runs clockwise between two of them (the front from front-left to
front-right, the right from front-right to back-right, and so on), so each side has exactly
two corners, its ends.  A round base has no corners: its "corners" are the points of its
circle 45 degrees either side of the front and of the back, which are where the quadrants
of :func:`~game.geometry.contact.contact_side` meet.

The bases **on a side** are those in B2B whose :func:`~game.geometry.contact.contact_side`
is that side.  Seen from a corner, the **strike order** of some bases is by the distance from
the corner point to each base's outline, nearest first (the base "closest to the starting
point"); equal distances (within 1e-9 inch) keep the order the bases were given in.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

import shapely
from shapely import Polygon

from .bases import CONTACT_TOL, SIDES, BaseShape, footprint
from .contact import contact_side, in_contact

__all__ = ["CORNERS", "SIDE_CORNERS", "corner_points", "on_side", "strike_order"]

K = TypeVar("K", bound=Hashable)

CORNERS: tuple[str, str, str, str] = ("front-left", "front-right", "back-right", "back-left")
"""Corner names, clockwise from the front-left (the vertex order of a rect footprint)."""

SIDE_CORNERS: dict[str, tuple[str, str]] = {
    side: (CORNERS[i], CORNERS[(i + 1) % 4]) for i, side in enumerate(SIDES)
}
"""The two corners at the ends of each side, in clockwise order."""

# direction of each corner of a round base relative to its facing, degrees clockwise
_ROUND_CORNER_DEG = {
    "front-left": -45.0,
    "front-right": 45.0,
    "back-right": 135.0,
    "back-left": 225.0,
}


def corner_points(
    shape: BaseShape, x: float, y: float, facing: float
) -> dict[str, tuple[float, float]]:
    """Where the four corners of a base are on the table."""
    if shape.is_round:
        out = {}
        for name, rel in _ROUND_CORNER_DEG.items():
            a = math.radians(facing + rel)
            out[name] = (x + shape.radius * math.sin(a), y - shape.radius * math.cos(a))
        return out
    coords = list(footprint(shape, x, y, facing).exterior.coords)[:4]
    return {name: (float(px), float(py)) for name, (px, py) in zip(CORNERS, coords)}


def on_side(
    shape: BaseShape,
    x: float,
    y: float,
    facing: float,
    side: str,
    others: Mapping[K, Polygon],
    tol: float = CONTACT_TOL,
) -> list[K]:
    """Keys of the bases in B2B with ``side`` of this base, in the order given."""
    own = footprint(shape, x, y, facing)
    out = []
    for key, poly in others.items():
        if in_contact(own, poly, tol) and contact_side(shape, x, y, facing, poly, tol) == side:
            out.append(key)
    return out


def strike_order(
    shape: BaseShape,
    x: float,
    y: float,
    facing: float,
    corner: str,
    keys: Iterable[K],
    others: Mapping[K, Polygon],
) -> list[K]:
    """``keys`` sorted by the distance from ``corner`` of this base to each outline."""
    cx, cy = corner_points(shape, x, y, facing)[corner]
    pt = shapely.Point(cx, cy)
    listed = list(keys)
    dist = {k: float(pt.distance(others[k])) for k in listed}
    order = sorted(range(len(listed)), key=lambda i: (round(dist[listed[i]], 9), i))
    return [listed[i] for i in order]

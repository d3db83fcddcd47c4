"""A straight move through other bases (Trample): which bases it runs over, in what order, and
whether each is crossed side to side rather than clipped at a corner.

Definitions (lengths in inches; a base moves without turning along ``u``, the unit vector of
the direction one of its sides faces):

* The **path** is the area the moving footprint covers from start to end (the convex hull of
  the start and end footprints).  A base is **on the path** when it overlaps the path (reaches
  more than the contact tolerance into it: :func:`~game.geometry.contact.overlaps`).
* The **band** of the moving base is the interval of positions across the move (along the
  normal of ``u``) that its footprint covers.  Every straight line parallel to ``u`` inside the
  band is a line some point of the moving base travels along.
* A rectangular base on the path is **crossed side to side** when some line parallel to ``u``,
  inside the band by more than ``CONTACT_TOL``, goes into it through one side and out through
  the opposite side (front/back or left/right of that base).  A line that goes in through one
  side and out through an adjacent one cuts a corner off; if every line of the band that meets
  the base does that, the base is only **clipped**.  A base turned 45 degrees to the move can
  never be crossed side to side.  Across the band, the sides a line meets change only at the
  positions of the base's corners, so each stretch between two corners is tested once, on its
  middle line.
* **Trampling order**: by the distance moved when the footprint first overlaps each base
  (exact, from rays cast along ``u`` from the corners of both outlines); ties go from the
  left of the move to the right.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import LineString, Polygon

from .bases import CONTACT_TOL, SIDES, BaseShape, facing_vector, footprint
from .contact import overlaps

__all__ = [
    "DIRECTION_DEG",
    "TramplePlan",
    "crossed_side_to_side",
    "entry_distance",
    "leading_sides",
    "plan_trample",
]

DIRECTION_DEG: dict[str, float] = {"front": 0.0, "right": 90.0, "back": 180.0, "left": 270.0}
"""The direction each side of a base faces, relative to the base's facing."""

_EDGE_EPS = 1e-9


@dataclass(frozen=True)
class TramplePlan:
    """Where a trampling base ends and what it runs over, or why it cannot.

    ``trampled`` lists the bases crossed, in trampling order; ``blocker`` names what stops a
    refused move, if something does.
    """

    ok: bool
    reason: str = ""
    x: float = 0.0
    y: float = 0.0
    distance: float = 0.0
    trampled: tuple[str, ...] = ()
    blocker: str | None = None


def leading_sides(shape: BaseShape) -> tuple[str, ...]:
    """The sides a base may move straight out of: every side of a square base, only the
    shorter sides of an oblong one (a cavalry base moves to its front or back, never to a long
    flank), none for a round base (it has no flat side)."""
    if shape.is_round:
        return ()
    if abs(shape.width - shape.depth) <= 1e-9:
        return SIDES
    if shape.width < shape.depth:
        return ("front", "back")
    return ("right", "left")


def _normal(u: tuple[float, float]) -> tuple[float, float]:
    """The unit vector 90 degrees clockwise from ``u``: the mover's right (y grows down)."""
    return -u[1], u[0]


def _band(poly: Polygon, n: tuple[float, float]) -> tuple[float, float]:
    xy = shapely.get_coordinates(poly)
    c = xy[:, 0] * n[0] + xy[:, 1] * n[1]
    return float(c.min()), float(c.max())


def crossed_side_to_side(
    mover: Polygon, u: tuple[float, float], base: Polygon, tol: float = CONTACT_TOL
) -> bool:
    """Whether a footprint moving along ``u`` crosses ``base`` from one side to the opposite
    side (see the module docstring).  ``base`` must be a quadrilateral."""
    ring = shapely.get_coordinates(base)[:-1]
    if len(ring) != 4:
        return False
    n = _normal(u)
    b_lo, b_hi = _band(mover, n)
    offsets = sorted({round(float(px * n[0] + py * n[1]), 12) for px, py in ring})
    edges = [LineString([ring[i], ring[(i + 1) % 4]]) for i in range(4)]
    along = [float(px * u[0] + py * u[1]) for px, py in ring]
    span = max(along) - min(along) + 2.0
    start_t = min(along) - 1.0
    for lo, hi in zip(offsets, offsets[1:]):
        if min(hi, b_hi) - max(lo, b_lo) <= tol:
            continue
        mid = 0.5 * (lo + hi)
        p0 = (mid * n[0] + start_t * u[0], mid * n[1] + start_t * u[1])
        line = LineString([p0, (p0[0] + span * u[0], p0[1] + span * u[1])])
        hits = []
        for i, edge in enumerate(edges):
            got = line.intersection(edge)
            if got.is_empty:
                continue
            px, py = shapely.get_coordinates(got)[0]
            hits.append((float(px * u[0] + py * u[1]), i))
        if len(hits) != 2:
            continue
        hits.sort()
        if (hits[0][1] - hits[1][1]) % 4 == 2:
            return True
    return False


def entry_distance(
    mover: Polygon, u: tuple[float, float], base: Polygon, reach: float
) -> float | None:
    """How far ``mover`` travels along ``u`` before its outline first meets ``base`` (None
    when it does not within ``reach``).  Exact for convex outlines."""
    best: float | None = None
    ux, uy = u
    for poly, other, sign in ((mover, base, 1.0), (base, mover, -1.0)):
        for px, py in shapely.get_coordinates(poly)[:-1]:
            ray = LineString([(px, py), (px + sign * reach * ux, py + sign * reach * uy)])
            got = ray.intersection(other)
            if got.is_empty:
                continue
            pts = shapely.get_coordinates(got)
            d = float(np.min(sign * ((pts[:, 0] - px) * ux + (pts[:, 1] - py) * uy)))
            if best is None or d < best:
                best = d
    return best


def _on_table(poly: Polygon, table: tuple[float, float]) -> bool:
    minx, miny, maxx, maxy = (float(v) for v in poly.bounds)
    return (
        minx >= -_EDGE_EPS
        and miny >= -_EDGE_EPS
        and maxx <= table[0] + _EDGE_EPS
        and maxy <= table[1] + _EDGE_EPS
    )


def plan_trample(
    shape: BaseShape,
    start: tuple[float, float],
    facing: float,
    side: str,
    distance: float,
    bases: Mapping[str, Polygon],
    may_trample: Collection[str],
    obstacles: Mapping[str, Polygon],
    table: tuple[float, float],
    max_distance: float | None = None,
) -> TramplePlan:
    """Plan a trample: the base keeps its facing and moves ``distance`` inches straight out of
    its ``side``.

    ``bases`` are the other bases' footprints; those in ``may_trample`` may be run over, any
    other base on the path blocks it, and so does any obstacle.  Refused (in this order) for a
    side that may not lead (see :func:`leading_sides`), a distance that is not positive or
    beyond ``max_distance``, an end off the table, a base or obstacle in the way, a base that
    would only be clipped at a corner, an end position overlapping a base (no room to stop),
    or a path that runs over nothing.
    """
    if side not in DIRECTION_DEG:
        return TramplePlan(False, f'"{side}" is not a side (front, right, back or left)')
    if side not in leading_sides(shape):
        why = (
            "a round base has no flat side to lead with"
            if shape.is_round
            else f"the {side} is a long side of this base"
        )
        return TramplePlan(False, why)
    if not (distance > 0.0) or not math.isfinite(distance):
        return TramplePlan(False, "the distance must be more than 0")
    if max_distance is not None and distance > max_distance + 1e-6:
        return TramplePlan(False, f'{distance:g}" is beyond MOV {max_distance:g}"')
    u = facing_vector(facing + DIRECTION_DEG[side])
    sx, sy = float(start[0]), float(start[1])
    ex, ey = sx + distance * u[0], sy + distance * u[1]
    t0 = footprint(shape, sx, sy, facing)
    t1 = footprint(shape, ex, ey, facing)
    if not _on_table(t1, table):
        return TramplePlan(False, "the end point is off the table", ex, ey, distance)
    path = shapely.union(t0, t1).convex_hull
    for key, poly in obstacles.items():
        if overlaps(path, poly):
            return TramplePlan(
                False, f'the path crosses terrain "{key}"', ex, ey, distance, blocker=key
            )
    n = _normal(u)
    found: list[tuple[float, float, str]] = []
    for key, poly in bases.items():
        if not overlaps(path, poly):
            continue
        if key not in may_trample:
            return TramplePlan(
                False,
                f'the path crosses "{key}", which cannot be trampled',
                ex,
                ey,
                distance,
                blocker=key,
            )
        if not crossed_side_to_side(t0, u, poly):
            return TramplePlan(
                False,
                f'the path only clips a corner of "{key}": a trampled base must be '
                f"entered by one side and left by the opposite one",
                ex,
                ey,
                distance,
                blocker=key,
            )
        entry = entry_distance(t0, u, poly, distance + 10.0)
        lateral = _band(poly, n)[0]
        found.append((0.0 if entry is None else entry, lateral, key))
    for key, poly in bases.items():
        if overlaps(t1, poly):
            return TramplePlan(
                False,
                f'no room to stop: the base would end on "{key}"',
                ex,
                ey,
                distance,
                blocker=key,
            )
    if not found:
        return TramplePlan(False, "the path runs over no model", ex, ey, distance)
    found.sort(key=lambda f: (round(f[0], 9), round(f[1], 9), f[2]))
    return TramplePlan(True, "", ex, ey, distance, tuple(k for _, _, k in found))

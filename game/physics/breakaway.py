"""Breaking away from a base in contact: a straight move that ends some distance from it.

A **break-away** from base ``D`` is a straight move, keeping the facing, of at most ``mov``
inches, that ends with an edge-to-edge distance of at least ``min_away`` inches from ``D``,
not in B2B with any base listed as an enemy, wholly on the table and overlapping nothing.  A
ground move may not pass through other bases or obstacles on the way (touching is fine, so
sliding off a base it touches is allowed); a flying move ignores both on the way and only
needs room where it stops.

The **default** break-away point goes straight away from ``D`` (from D's centre through the
mover's centre) as far as the move can legally go, up to ``mov``.  If nothing legal lies that
way, directions turned 15, 30, ... degrees either side are tried in turn (the one turned
clockwise first), never toward ``D``'s half.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping

from shapely import Polygon

from game.geometry.bases import CONTACT_TOL, BaseShape, facing_toward, facing_vector, footprint
from game.geometry.contact import distance, in_contact

from .movement import DISTANCE_SLACK, check_straight_move, first_contact_along

__all__ = ["check_break_away", "default_break_away"]

TURN_STEP = 15.0
"""Degrees between the directions tried for a default break-away."""

_BACKOFF = 0.05  # inches between the distances tried along one direction


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def check_break_away(
    shape: BaseShape,
    start: tuple[float, float],
    end: tuple[float, float],
    facing: float,
    away_from: Polygon,
    min_away: float,
    mov: float,
    others: Mapping[str, Polygon],
    obstacles: Mapping[str, Polygon],
    table: tuple[float, float],
    enemies: Collection[str] = (),
    flying: bool = False,
) -> str | None:
    """What is wrong with breaking away to ``end`` (see the module docstring), or None."""
    sx, sy = float(start[0]), float(start[1])
    ex, ey = float(end[0]), float(end[1])
    dist = math.hypot(ex - sx, ey - sy)
    if dist > mov + DISTANCE_SLACK:
        return f'the move is {_fmt(dist)}" but MOV is {_fmt(mov)}"'
    if flying:
        chk = check_straight_move(shape, (ex, ey), (ex, ey), facing, others, obstacles, table)
    else:
        chk = check_straight_move(shape, (sx, sy), (ex, ey), facing, others, obstacles, table)
    if not chk.ok:
        return chk.reason
    end_fp = footprint(shape, ex, ey, facing)
    gap = distance(end_fp, away_from)
    if gap < min_away - 1e-6:
        return (
            f'it must end at least {_fmt(min_away)}" away from the model it attacked '
            f'(it would be {_fmt(gap)}")'
        )
    for key in enemies:
        poly = others.get(key)
        if poly is not None and in_contact(end_fp, poly):
            return f'it may not end in base contact with "{key}"'
    return None


def _table_limit(poly: Polygon, u: tuple[float, float], table: tuple[float, float]) -> float:
    minx, miny, maxx, maxy = poly.bounds
    lim = math.inf
    for lo, hi, size, du in ((minx, maxx, table[0], u[0]), (miny, maxy, table[1], u[1])):
        if du > 1e-12:
            lim = min(lim, (size - hi) / du)
        elif du < -1e-12:
            lim = min(lim, lo / -du)
    return max(0.0, lim)


def default_break_away(
    shape: BaseShape,
    start: tuple[float, float],
    facing: float,
    away_from: Polygon,
    min_away: float,
    mov: float,
    others: Mapping[str, Polygon],
    obstacles: Mapping[str, Polygon],
    table: tuple[float, float],
    enemies: Collection[str] = (),
    flying: bool = False,
) -> tuple[float, float] | None:
    """The default break-away point (see the module docstring), or None when no direction
    allows one."""
    sx, sy = float(start[0]), float(start[1])
    c = away_from.centroid
    straight = facing_toward(c.x, c.y, sx, sy)
    turns = [0.0]
    k = 1
    while k * TURN_STEP < 90.0 - 1e-9:
        turns += [k * TURN_STEP, -k * TURN_STEP]
        k += 1
    here = footprint(shape, sx, sy, facing)
    for turn in turns:
        direction = straight + turn
        u = facing_vector(direction)
        reach = min(mov, _table_limit(here, u, table))
        if not flying:
            blocked, _ = first_contact_along(
                shape, (sx, sy), direction, facing, others, obstacles, reach
            )
            reach = min(reach, blocked)
        d = reach
        while d >= min_away - 1e-9 and d > 0.0:
            end = (sx + d * u[0], sy + d * u[1])
            if (
                check_break_away(
                    shape,
                    (sx, sy),
                    end,
                    facing,
                    away_from,
                    min_away,
                    mov,
                    others,
                    obstacles,
                    table,
                    enemies,
                    flying,
                )
                is None
            ):
                return end
            d = d - 2.0 * CONTACT_TOL if d == reach else d - _BACKOFF
    return None

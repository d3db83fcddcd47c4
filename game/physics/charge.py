"""Charges: where a charging base ends in base contact with its target, and how it gets there.

A charge ends *flush* with the side of the target it touches, as players place a charger: a
square or oblong base faces the side square on, its front edge against it; against a round
base it faces the centre. The end places are tried in turn (:func:`contact_poses`): on each
side of the target, the place straight across from the charger, then places further along
the sides; around a round base, the point facing the charger, then points further round.
Last comes the old way, straight at the target's centre until the bases touch wherever they
do, so that a charge which could touch the target at all is never lost to the alignment.
The first place within reach that the charger can get to wins.

``straight = True`` (the default): the charger turns to its final facing and slides there in
one straight line that crosses no base and no obstacle. ``straight = False`` (a ruleset whose
charges take the shortest route): when no straight line is clear, the shortest way around
what is in the way is found on a visibility graph of the bases and obstacles grown by the
charger's half diagonal, and every leg is then checked exactly (the base keeps its final
facing along the way); the plan's ``via`` lists the corners of that route.
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Callable, Mapping
from typing import ParamSpec

import numpy as np
import shapely
from shapely import Polygon

from game.geometry.bases import CONTACT_TOL, BaseShape, facing_toward, facing_vector, footprint
from game.geometry.contact import circle_of, in_contact, overlaps
from game.physics.movement import (
    DISTANCE_SLACK,
    TARGET_GAP,
    ChargePlan,
    _Catalog,
    _crossed,
    _first_touch,
    _fmt_inches,
    _on_table,
    _Scene,
    _Sweep,
    _Thing,
    check_straight_move,
)

__all__ = ["contact_poses", "plan_charge"]

SLIDE_STEPS = 6  # places tried along each side of a rectangular target, each way
ROUND_STEP = 10.0  # degrees between the places tried around a round target
ROUND_TRIES = 18  # places tried each way around a round target
GRAPH_MARGIN = 1e-3  # inches kept clear of grown blockers by the route graph


def _half_sizes(shape: BaseShape) -> tuple[float, float]:
    """Half the frontage and half the depth of the charger's base."""
    if shape.is_round:
        return shape.radius, shape.radius
    return shape.width / 2.0, shape.depth / 2.0


def _facing_of(vx: float, vy: float) -> float:
    """The facing of direction (vx, vy) (0 up, clockwise)."""
    return facing_toward(0.0, 0.0, vx, vy)


def contact_poses(
    shape: BaseShape, start: tuple[float, float], target: Polygon
) -> list[tuple[float, float, float, float]]:
    """Places ``(distance from start, x, y, facing)`` where the charger stands flush with
    ``target`` (about :data:`TARGET_GAP` away), in the order they are tried: first the best
    place on each side (straight across from the charger, wholly against the side when it is
    long enough) nearest first, then the places further along the sides, nearest first."""
    sx, sy = float(start[0]), float(start[1])
    hw, hd = _half_sizes(shape)
    out: list[tuple[int, float, float, float, float]] = []
    circle = circle_of(target)
    if circle is not None:
        cx, cy, r = circle
        bearing = math.atan2(sy - cy, sx - cx)
        reach = r + hd + TARGET_GAP
        for k in range(-ROUND_TRIES, ROUND_TRIES + 1):
            a = bearing + math.radians(k * ROUND_STEP)
            x, y = cx + reach * math.cos(a), cy + reach * math.sin(a)
            out.append((int(k != 0), math.hypot(x - sx, y - sy), x, y,
                        facing_toward(x, y, cx, cy)))
    else:
        pts = np.asarray(target.exterior.coords)[:-1]
        centre = pts.mean(axis=0)
        n = len(pts)
        for i in range(n):
            a, b = pts[i], pts[(i + 1) % n]
            side = b - a
            length = float(np.hypot(*side))
            if length < 1e-9:
                continue
            u = side / length
            normal = np.array([u[1], -u[0]])
            mid = (a + b) / 2.0
            if float(np.dot(mid - centre, normal)) < 0:
                normal = -normal
            facing = _facing_of(-normal[0], -normal[1])
            # slide along the side: wholly against it when it is long enough, else centred;
            # at most so far that the bases still touch along their edges
            inner = max(length / 2.0 - hw, 0.0)
            outer = length / 2.0 + hw - max(0.05, 0.2 * min(hw, length / 2.0))
            if shape.is_round:
                outer = inner = max(length / 2.0 - 1e-3, 0.0)
            along = float(np.dot(np.array([sx, sy]) - mid, u))
            best = min(max(along, -inner), inner)
            offsets = {round(best, 9)}
            for k in range(1, SLIDE_STEPS + 1):
                step = outer * k / SLIDE_STEPS
                offsets.update({round(min(best + step, outer), 9), round(max(best - step, -outer), 9)})
            for t in offsets:
                p = mid + u * t + normal * (hd + TARGET_GAP)
                x, y = float(p[0]), float(p[1])
                out.append((int(t != round(best, 9)), math.hypot(x - sx, y - sy), x, y, facing))
    out.sort(key=lambda c: (c[0], c[1]))
    return [c[1:] for c in out]


P = ParamSpec("P")

#: the most charge plans kept (:func:`plan_charge`), and the most outlines they may hold in
#: all (a plan among 2,000 models holds 2,000); then they are forgotten all at once
PLANS_KEPT = 4096
OUTLINES_KEPT = 200_000

#: the charge plans made: by their arguments, a mapping of outlines by the outlines' identities
#: (shapely hashes an outline by its coordinates, dear with many models); each plan keeps the
#: outlines it was made from, so no other outline takes their identities while it is kept.
#: Outlines are immutable, and `footprint` keeps one for each place a base stood lately.
_PLANS: dict[tuple[object, ...], tuple[ChargePlan, tuple[object, ...]]] = {}
_held = 0  # the outlines the kept plans hold


def _by_identity(value: object) -> object:
    return (tuple((k, id(v)) for k, v in value.items()) if isinstance(value, Mapping)
            else value)


def _planned_once(plan: Callable[P, ChargePlan]) -> Callable[P, ChargePlan]:
    """``plan`` made once for the same arguments (:data:`_PLANS`)."""
    @functools.wraps(plan)
    def kept(*args: P.args, **kwargs: P.kwargs) -> ChargePlan:
        key = (tuple(_by_identity(a) for a in args),
               tuple((k, _by_identity(v)) for k, v in kwargs.items()))
        got = _PLANS.get(key)
        if got is None:
            global _held
            held = tuple(tuple(v.values()) for v in (*args, *kwargs.values())
                         if isinstance(v, Mapping))
            size = sum(len(h) for h in held)
            if len(_PLANS) >= PLANS_KEPT or _held + size > OUTLINES_KEPT:
                _PLANS.clear()
                _held = 0
            _held += size
            got = _PLANS[key] = (plan(*args, **kwargs), held)
        return got[0]
    return kept


@_planned_once
def plan_charge(
    shape: BaseShape,
    start: tuple[float, float],
    target_key: str,
    others: Mapping[str, Polygon],
    target_center: tuple[float, float],
    obstacles: Mapping[str, Polygon],
    table: tuple[float, float],
    max_distance: float | None,
    straight: bool = True,
) -> ChargePlan:
    """Plan a charge into base contact with ``others[target_key]``, ending flush with the side
    it touches (see the module). Refused when no place against the target can be reached
    (the reason names what is in the way of the nearest one), or when the nearest place that
    can be reached is beyond ``max_distance`` (None: no limit). A charger already in base
    contact once turned to face the target stays where it is (distance 0).

    A plan is made once for the same arguments and kept: the charge order, the AI's candidates
    and every try of a charge ask for it again from the same places, and planning is dear."""
    if target_key not in others:
        return ChargePlan(False, f'there is no model "{target_key}" to charge')
    sx, sy = float(start[0]), float(start[1])
    tx, ty = float(target_center[0]), float(target_center[1])
    target = others[target_key]
    catalog = _Catalog(others, obstacles)
    fac0 = facing_toward(sx, sy, tx, ty)
    turned = footprint(shape, sx, sy, fac0)
    blocker = next((t for t in catalog.near(turned.bounds) if overlaps(turned, t.poly)), None)
    if in_contact(turned, target) and blocker is None:
        if not _on_table(turned, table):
            return ChargePlan(False, "the end point is off the table", sx, sy, fac0)
        return ChargePlan(True, "", sx, sy, fac0, 0.0)

    # the places flush with the target, then (if none of those will do) straight at its
    # centre until the bases touch, wherever they touch
    poses = contact_poses(shape, (sx, sy), target)
    head_on = _head_on(shape, (sx, sy), fac0, (tx, ty), target)
    if head_on is not None:
        poses.append(head_on)
    if max_distance is not None:
        limit = max_distance + CONTACT_TOL - TARGET_GAP - 1e-4
        near = [p for p in poses if p[0] <= limit]
        if not near:
            d, _, _, fac = min(poses, key=lambda p: p[0])
            return ChargePlan(
                False,
                f'the target is {_fmt_inches(d, max_distance)}" away, beyond MOV '
                f'{_fmt_inches(max_distance)}"', sx, sy, fac, d,
            )
    else:
        near = poses
    first_problem = ""
    legal: list[tuple[float, float, float, float]] = []
    for d, x, y, fac in near:
        end = footprint(shape, x, y, fac)
        problem = _end_problem(end, target, target_key, catalog, table)
        if problem is None:
            if _clear(shape, (sx, sy), (x, y), fac, catalog):
                return _within_reach(shape, (sx, sy), (d, x, y, fac), target, max_distance)
            legal.append((d, x, y, fac))
            if not first_problem:  # worded for the nearest place only
                chk = check_straight_move(shape, (sx, sy), (x, y), fac, others, obstacles, table)
                problem = _blocked(chk.reason)
                here = footprint(shape, sx, sy, fac)
                for thing in catalog.near(here.bounds):
                    if overlaps(here, thing.poly):
                        problem = f'turning to face "{target_key}" would overlap {thing.label}'
                        break
        if not first_problem:
            first_problem = problem or ""
    if straight or not legal:
        return ChargePlan(False, first_problem or f'"{target_key}" cannot be reached', sx, sy, fac0)
    route = _route(shape, (sx, sy), target_key, others, obstacles, table, legal, max_distance)
    if route is None:
        return ChargePlan(False, first_problem, sx, sy, fac0)
    length, points, fac = route
    x, y = points[-1]
    if max_distance is not None and length > max_distance + DISTANCE_SLACK:
        return ChargePlan(
            False,
            f'the target is {_fmt_inches(length, max_distance)}" away by the way around, beyond '
            f'MOV {_fmt_inches(max_distance)}"', sx, sy, fac, length,
        )
    return ChargePlan(True, "", x, y, fac, length, tuple(points[1:-1]))


def _head_on(
    shape: BaseShape, start: tuple[float, float], facing: float, centre: tuple[float, float],
    target: Polygon,
) -> tuple[float, float, float, float] | None:
    """Facing the target's centre, how far the charger slides toward it before the bases
    touch: (distance, x, y, facing), or None if they never do."""
    sweep = _Sweep(shape, start, facing, facing_vector(facing))
    thing = _Thing("target", target, False, circle_of(target))
    gap = math.hypot(centre[0] - start[0], centre[1] - start[1])
    touch = _first_touch(sweep, [thing], gap)
    if touch is None:
        return None
    x, y = sweep.point(touch[0])
    return touch[0], x, y, facing


def _clear(shape: BaseShape, start: tuple[float, float], end: tuple[float, float],
           facing: float, catalog: _Catalog) -> bool:
    """Whether the base, turned to ``facing`` where it stands, slides straight to ``end``
    without overlapping anything (what :func:`check_straight_move` says, on the catalog
    already built, without naming the blocker)."""
    dist = math.hypot(end[0] - start[0], end[1] - start[1])
    u = ((end[0] - start[0]) / dist, (end[1] - start[1]) / dist) if dist > 0 else (0.0, 0.0)
    sweep = _Sweep(shape, start, facing, u)
    things = catalog.near(sweep.box(dist, CONTACT_TOL))
    return not things or not _crossed(_Scene(sweep, things), dist)


def _blocked(reason: str) -> str:
    """A straight move's refusal as a charge's: "terrain "hedge" is in the way"."""
    prefix = "the path crosses "
    if reason.startswith(prefix):
        what = reason[len(prefix):]
        return f"{what} is in the way"
    return reason


def _end_problem(end: Polygon, target: Polygon, target_key: str, catalog: _Catalog,
                 table: tuple[float, float]) -> str | None:
    if not _on_table(end, table):
        return "the end point is off the table"
    for thing in catalog.near(end.bounds):
        if overlaps(end, thing.poly):
            return f"there is no room beside it: {thing.label} is in the way"
    if not in_contact(end, target):  # pragma: no cover - the places are built in contact
        return f'"{target_key}" cannot be reached'
    return None


def _within_reach(
    shape: BaseShape, start: tuple[float, float], pose: tuple[float, float, float, float],
    target: Polygon, max_distance: float | None,
) -> ChargePlan:
    d, x, y, fac = pose
    sx, sy = start
    if max_distance is None or d <= max_distance + DISTANCE_SLACK:
        return ChargePlan(True, "", x, y, fac, d)
    if d <= max_distance + CONTACT_TOL - TARGET_GAP - 1e-4:
        # It aims to stop TARGET_GAP short, but stopping at MOV already leaves the bases within
        # the contact tolerance: that is a charge into contact all the same.
        k = max_distance / d
        mx, my = sx + (x - sx) * k, sy + (y - sy) * k
        if in_contact(footprint(shape, mx, my, fac), target):
            return ChargePlan(True, "", mx, my, fac, max_distance)
    return ChargePlan(
        False,
        f'the target is {_fmt_inches(d, max_distance)}" away, beyond MOV '
        f'{_fmt_inches(max_distance)}"', sx, sy, fac, d,
    )


# --- the way around ------------------------------------------------------------------------


def _grown(poly: Polygon, by: float) -> Polygon:
    circle = circle_of(poly)
    if circle is not None:
        cx, cy, r = circle
        return shapely.Point(cx, cy).buffer(r + by, quad_segs=2)
    return poly.buffer(by, quad_segs=2, join_style="mitre", mitre_limit=2.0)


def _route(
    shape: BaseShape, start: tuple[float, float], target_key: str,
    others: Mapping[str, Polygon], obstacles: Mapping[str, Polygon], table: tuple[float, float],
    ends: list[tuple[float, float, float, float]], max_distance: float | None,
) -> tuple[float, list[tuple[float, float]], float] | None:
    """The shortest route from ``start`` to one of the places ``ends`` (each leg checked
    exactly), as (length, points from start to end, facing), or None."""
    hw, hd = _half_sizes(shape)
    grow = math.hypot(hw, hd) + TARGET_GAP
    sx, sy = start
    direct = min(d for d, *_ in ends)
    reach = (max_distance + 1.0) if max_distance is not None else 2.0 * direct + 12.0
    blockers: list[tuple[str, Polygon, Polygon]] = []  # key, grown, grown a hair less
    for key, poly in [*((k, p) for k, p in others.items()), *obstacles.items()]:
        g = _grown(poly, grow)
        blockers.append((key, g, g.buffer(-GRAPH_MARGIN)))
    w, h = table
    nodes: list[tuple[float, float]] = [(sx, sy)]
    for key, g, _ in blockers:
        if key == target_key:
            continue
        for px, py in list(g.exterior.coords)[:-1]:
            if not (hw <= px <= w - hw and hw <= py <= h - hw):
                continue
            if math.hypot(px - sx, py - sy) > reach:
                continue
            if any(shrunk.contains(shapely.Point(px, py)) for _, _, shrunk in blockers):
                continue  # inside another grown blocker: no way through there
            nodes.append((float(px), float(py)))
    first_end = len(nodes)
    for _, x, y, _ in ends:
        nodes.append((x, y))
    n = len(nodes)
    pts = np.asarray(nodes)
    # every pair's segment against every grown blocker (the target's only for legs that do
    # not end against it)
    ii, jj = np.triu_indices(n, 1)
    lines = shapely.linestrings(np.stack([pts[ii], pts[jj]], axis=1))
    free = np.ones(len(ii), dtype=bool)
    ends_leg = jj >= first_end
    points = shapely.points(pts)
    for key, _, shrunk in blockers:
        hit = shapely.intersects(lines, shrunk)
        if key == target_key:
            hit &= ~ends_leg
        # a base or obstacle the charger already stands near (or the place it stops beside)
        # does not close the legs from (or to) there: the exact check judges those
        inside = shapely.contains(shrunk, points)
        hit &= ~(inside[ii] | inside[jj])
        free &= ~hit
    free &= ~((ii >= first_end) & (jj >= first_end))
    lengths = np.hypot(*(pts[jj] - pts[ii]).T)
    adj: list[list[tuple[int, float]]] = [[] for _ in range(n)]
    for a, b, ok, length in zip(ii.tolist(), jj.tolist(), free.tolist(), lengths.tolist()):
        if ok:
            adj[a].append((b, length))
            adj[b].append((a, length))
    # Dijkstra from the start; try the ends nearest by route first, checking each leg exactly
    dist = [math.inf] * n
    prev = [-1] * n
    dist[0] = 0.0
    heap = [(0.0, 0)]
    while heap:
        d, a = heapq.heappop(heap)
        if d > dist[a]:
            continue
        for b, length in adj[a]:
            if b >= first_end and a >= first_end:
                continue
            nd = d + length
            if nd < dist[b]:
                dist[b], prev[b] = nd, a
                if b < first_end:
                    heapq.heappush(heap, (nd, b))
    order = sorted(range(first_end, n), key=lambda k: dist[k])
    for k in order:
        if not math.isfinite(dist[k]):
            break
        path = [k]
        while path[-1] != 0:
            path.append(prev[path[-1]])
        path.reverse()
        points = [nodes[i] for i in path]
        fac = ends[k - first_end][3]
        if all(check_straight_move(shape, points[i], points[i + 1], fac, others, obstacles,
                                   table).ok for i in range(len(points) - 1)):
            length = sum(math.hypot(points[i + 1][0] - points[i][0], points[i + 1][1] - points[i][1])
                         for i in range(len(points) - 1))
            return length, points, fac
    return None

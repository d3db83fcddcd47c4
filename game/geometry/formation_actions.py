"""Charges, failed charges, flee, pursuit, give ground, follow up and sight for formations.

All the moves here are geometry only; the rules engine rolls the dice and passes distances.
Other units and impassable terrain come in a
:class:`~game.geometry.formation_moves.Surroundings` (leave the moving unit itself out, or
name it in ``ignore``).

Readings (see ``docs/dev/formations.md``):

* **Charge position.**  The charger ends with its front edge flush on the charged facing,
  facing straight into it, slid along that facing to the spot that gives the longest contact
  and, among those, is nearest to where it would naturally arrive (the point of the facing
  nearest the centre of its front edge now).  Spots where it would overlap another unit are
  skipped; it may be pushed along until only :data:`~game.geometry.formation.MIN_STRETCH`
  of contact remains.
* **Charge distances.**  ``gap_distance`` is the shortest distance from the charger's
  boundary to the charged facing (what a player measures); ``path_length`` is what a charge
  move of one wheel spends: ``forward L1``, ``wheel`` to face the facing (its outer-corner
  arc), ``forward L2`` until the front edge meets the facing's line, with L1 as small as
  possible while contact is made.  The final slide along the facing ("closing the door") is
  free.  A ruleset compares ``path_length`` with the charge range; ``math.inf`` means no
  single-wheel path reaches.
* **Failed charge.**  The charger wheels (cost: outer-corner arc) until its front-edge centre
  points at the target's centre, then moves straight forward with what is left, stopping
  ``gap`` short of enemies (the target included), on touching friends or impassable terrain,
  or at the table edge.
* **Flee.**  Pivot about the centre to face directly away from a point (the centre of the
  unit fled from), move straight ahead.  Ending on top of a unit, or within ``gap`` of an
  enemy, it carries on straight until clear.  Any part touching or crossing the table edge
  means it left the table.  Units and impassable terrain its path overlapped are reported.
* **Pursuit.**  Pivot about the centre to face the pursued unit's centre and move straight;
  touching the pursued unit (within the contact tolerance) catches it and the pursuer stops
  there.  Touching another unit or impassable terrain stops it; touching the table edge
  takes it off the table.
* **Give ground.**  Straight away from the enemies in contact without turning: the sum of
  the directions away from each facing they touch (corner contact: the facing of the arc
  their centre is in).  It stops on touching a unit or impassable terrain, ``gap`` short of
  other enemies, or at the table edge.
* **Follow up.**  Straight forward until back in contact with the unit that gave ground.
* **Line of sight.**  From points along the front edge of the viewer to points of the part
  of the target inside its front arc; a line is blocked when it crosses the inside of a
  blocker (other units, terrain chosen by :func:`sight_blockers`).  Only lines between those
  sample points are tried.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import LineString, Polygon

from game.physics.movement import Stop, slide_outline

from .bases import CONTACT_TOL, facing_toward
from .contact import overlaps
from .formation import (
    MIN_STRETCH,
    Block,
    Facing,
    Point,
    arc_of_point,
    arc_polygon,
    contact_facing,
    facing_for_charge,
    facing_name,
    outline,
)
from .formation_moves import (
    TABLE_EDGE,
    MovePlan,
    Segment,
    Surroundings,
    _edge_travel,
    _unit,
    plan_move,
)

__all__ = [
    "ChargePlan",
    "FailedCharge",
    "FleeResult",
    "FollowUpResult",
    "GiveGroundResult",
    "PursuitResult",
    "TerrainPiece",
    "charge_position",
    "failed_charge_position",
    "close_up_shift",
    "flee_move",
    "models_passing_through",
    "follow_up",
    "give_ground",
    "pursue_move",
    "sight_blockers",
    "unit_line_of_sight",
]

_EPS = 1e-9

# The facing a charger takes against each facing of the target, relative to the target.
_FACE_INTO = {"front": 180.0, "right": 270.0, "rear": 0.0, "left": 90.0}


def _wrap180(degrees: float) -> float:
    """The same turn brought into (-180, 180]."""
    d = math.fmod(degrees, 360.0)
    if d <= -180.0:
        d += 360.0
    elif d > 180.0:
        d -= 360.0
    return d


def _centre_of(unit: Block | Polygon | Sequence[float]) -> Point:
    if isinstance(unit, Block):
        return unit.centre
    if isinstance(unit, Polygon):
        c = unit.centroid
        return (float(c.x), float(c.y))
    return (float(unit[0]), float(unit[1]))


def _dot(a: Point, b: Point) -> float:
    return a[0] * b[0] + a[1] * b[1]


def _surroundings(s: Surroundings | None) -> Surroundings:
    return s if s is not None else Surroundings()


# --------------------------------------------------------------------------- charges


@dataclass(frozen=True)
class ChargePlan:
    """Where a charge ends and what it takes.

    ``facing``: the target's facing charged; ``block``: where the charger ends (even when the
    charge is refused, the spot it aimed for); ``contact``: length of its front edge against
    the facing; ``gap_distance`` and ``path_length``: see the module notes; ``wheel`` and
    ``advance``: the single wheel (degrees) and the straight move after it up to contact,
    which together cost ``path_length``; ``path``: the whole move as segments, the free
    alignment included (empty when no single-wheel path reaches); ``reason``: why the charge
    cannot be made as planned (no room, path blocked), in a player's words, or None.
    """

    facing: Facing
    block: Block
    contact: float
    gap_distance: float
    path_length: float
    wheel: float
    advance: float
    path: MovePlan
    reason: str | None


def _overlap_len(s: float, half_t: float, half_c: float) -> float:
    return max(0.0, min(s + half_c, half_t) - max(s - half_c, -half_t))


def _free_spots(
    lo: float, hi: float, blocked: Sequence[tuple[float, float]]
) -> list[tuple[float, float]]:
    """[lo, hi] minus the open intervals ``blocked``, as closed intervals."""
    spots = [(lo, hi)]
    for a, b in blocked:
        nxt = []
        for x0, x1 in spots:
            if b <= x0 or a >= x1:
                nxt.append((x0, x1))
                continue
            if a > x0:
                nxt.append((x0, a))
            if b < x1:
                nxt.append((b, x1))
        spots = nxt
    return spots


def charge_position(
    charger: Block,
    target: Block,
    facing: str | None = None,
    surroundings: Surroundings | None = None,
    *,
    target_key: str | None = None,
    ignore: Collection[str] = (),
    min_contact: float = MIN_STRETCH,
) -> ChargePlan:
    """Where ``charger`` ends when it charges one facing of ``target`` (a :class:`ChargePlan`).

    ``facing`` defaults to :func:`~game.geometry.formation.facing_for_charge`.  Units in
    ``surroundings`` (other than ``target_key`` and ``ignore``) must not be overlapped by the
    final spot or along the path; the path must end on the table.
    """
    face: Facing = facing_for_charge(target, charger) if facing is None else facing  # type: ignore[assignment]
    if face not in _FACE_INTO:
        raise ValueError(f"unknown facing {facing!r}: use front, right, rear or left")
    env = _surroundings(surroundings)
    skip = set(ignore) | ({target_key} if target_key else set())
    label = env.label(target_key) if target_key else "the target"

    p, q = target.edge(face)
    length_t = math.dist(p, q)
    t_hat = ((q[0] - p[0]) / length_t, (q[1] - p[1]) / length_t)
    mid = ((p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0)
    n = target.normal(face)
    final_facing = target.facing + _FACE_INTO[face]
    wc, dc = charger.width, charger.depth
    half_t, half_c = length_t / 2.0, wc / 2.0

    c0 = charger.front_centre
    s0 = min(max(_dot((c0[0] - mid[0], c0[1] - mid[1]), t_hat), -half_t), half_t)
    reach = half_t + half_c - min_contact

    # Spots along the facing where another unit would be in the way.
    blocked: list[tuple[float, float]] = []
    if len(env.keys):
        span = reach + wc + 1.0
        band = Polygon(
            [
                (mid[0] + a * t_hat[0] + h * n[0], mid[1] + a * t_hat[1] + h * n[1])
                for a, h in ((-span, 0.0), (span, 0.0), (span, dc), (-span, dc))
            ]
        )
        for key in env.overlapping([band], skip):
            shared = shapely.intersection(band, env.polygon(key))
            xy = shapely.get_coordinates(shared)
            proj = (xy[:, 0] - mid[0]) * t_hat[0] + (xy[:, 1] - mid[1]) * t_hat[1]
            blocked.append((float(proj.min()) - half_c + _EPS, float(proj.max()) + half_c - _EPS))
    best: tuple[float, float, float] | None = None  # (-overlap, distance from s0, s)
    plateau = abs(half_t - half_c)
    preferred = min(max(s0, -plateau), plateau)
    for lo, hi in _free_spots(-reach, reach, blocked):
        s = min(max(preferred, lo), hi)
        key3 = (-_overlap_len(s, half_t, half_c), abs(s - s0), s)
        if best is None or key3[:2] < best[:2]:
            best = key3
    reason: str | None = None
    if best is None:
        s_final = preferred
        reason = f"there is no room to charge the {facing_name(face)} of {label}"
    else:
        s_final = best[2]
    front = (mid[0] + s_final * t_hat[0], mid[1] + s_final * t_hat[1])
    placed = Block(
        charger.x, charger.y, final_facing, charger.files, charger.models,
        charger.base_w, charger.base_d,
    ).with_front_centre(front)  # fmt: skip
    contact = _overlap_len(s_final, half_t, half_c)
    gap_distance = float(charger.polygon.distance(LineString([p, q])))

    # The charge move: one wheel, straight on until contact, then the free alignment.
    facet = _Facet(mid, t_hat, n, half_t, final_facing)
    found = _best_single_wheel(charger, target, facet, min_contact)
    if found is None:
        path = plan_move(charger, [])
        path_length = math.inf
        wheel = advance = 0.0
        reason = reason or (
            f"no charge path with a single wheel reaches the {facing_name(face)} of {label}"
        )
    else:
        wheel, advance, touch = found
        path_length = charger.width * math.radians(abs(wheel)) + advance
        segs: list[Segment] = []
        if wheel:
            segs.append(Segment("wheel", wheel))
        if advance > 1e-12:
            segs.append(Segment("forward", advance))
        reached = plan_move(charger, segs).end
        close = _wrap180(final_facing - reached.facing)
        if abs(close) > 1e-12:
            # Close the door: turn about the point where the two units touch.
            closing = Segment("wheel", close, pivot=touch)
            segs.append(closing)
            reached = plan_move(reached, [closing]).end
        along, across = reached.local(placed.centre)
        if abs(along) > 1e-12:
            segs.append(Segment("forward" if along > 0.0 else "backward", abs(along)))
        if abs(across) > 1e-12:
            segs.append(Segment("sideways", across))
        path = plan_move(charger, segs)
        if reason is None and surroundings is not None:
            reason = env.check(path, gap=0.0, ignore=skip, charging=True)
            if reason is not None:
                reason = reason.replace("the path runs", "the charge path runs").replace(
                    "the move ends", "the charge ends"
                )
    return ChargePlan(
        face, placed, contact, gap_distance, path_length, wheel, advance, path, reason
    )


_COARSE = np.linspace(-180.0, 180.0, 721)


@dataclass(frozen=True)
class _Facet:
    """The charged facing: its middle, unit vectors along it and out of it, half length,
    and the facing the charger takes against it."""

    mid: Point
    along: Point
    out: Point
    half: float
    facing: float


def _best_single_wheel(
    charger: Block, target: Block, facet: _Facet, min_contact: float
) -> tuple[float, float, Point] | None:
    """(wheel degrees, inches straight on, contact point) of the cheapest wheel-then-advance
    path that touches the charged facing and, once the door is closed about the contact
    point, overlaps it by at least ``min_contact``; cost = outer-corner arc + advance.

    Searched on a half-degree grid, then refined twice around the best angle found; wheels
    that would sweep into the target are left out.  None when no wheel will do.
    """
    ring = np.asarray(target.corners, dtype=float)
    best: tuple[float, float, Point] | None = None
    best_cost = math.inf
    for width in (None, 0.75, 0.01):
        if width is None:
            grid = _COARSE
        elif best is None:
            return None
        else:
            grid = np.clip(best[0] + np.linspace(-width, width, 151), -180.0, 180.0)
        dist, px, py, ok = _landings(charger, ring, facet, grid, min_contact)
        cost = np.where(ok, charger.width * np.radians(np.abs(grid)) + dist, np.inf)
        for i in np.argsort(cost, kind="stable")[:8].tolist():
            if not math.isfinite(float(cost[i])) or float(cost[i]) >= best_cost - 1e-12:
                break
            beta = float(grid[i])
            if beta and _wheel_hits(charger, target, beta):
                continue
            best = (beta, float(dist[i]), (float(px[i]), float(py[i])))
            best_cost = float(cost[i])
            break
    if best is not None and abs(best[0]) < 1e-9:
        best = (0.0, best[1], best[2])
    return best


def _wheel_hits(charger: Block, target: Block, beta: float) -> bool:
    """True when wheeling ``beta`` degrees would sweep into the target."""
    step = plan_move(charger, [Segment("wheel", beta)]).steps[0]
    poly = target.polygon
    return any(overlaps(p, poly) for p in step.parts)


def _landings(
    charger: Block, target: np.ndarray, facet: _Facet, betas: np.ndarray, min_contact: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For each wheel angle: how far the wheeled charger must advance to touch the target,
    the contact point, and whether that contact is its front edge on the charged facing and
    closing the door there leaves at least ``min_contact`` of contact.  Vectorised."""
    n = len(betas)
    corners = np.asarray(charger.corners, dtype=float)  # (4, 2)
    pivots = np.where((betas > 0.0)[:, None], corners[1], corners[0])  # (B, 2)
    rad = np.radians(betas)
    s, c = np.sin(rad)[:, None], np.cos(rad)[:, None]
    rel = corners[None, :, :] - pivots[:, None, :]
    moved = (
        np.stack([rel[..., 0] * c - rel[..., 1] * s, rel[..., 0] * s + rel[..., 1] * c], axis=-1)
        + pivots[:, None, :]
    )  # (B, 4, 2)
    heading = np.radians(charger.facing + betas)
    u = np.stack([np.sin(heading), -np.cos(heading)], axis=-1)  # (B, 2)
    m = len(target)
    t_edges = np.roll(target, -1, axis=0) - target
    # The charger's two front corners running into the target's sides: (B, 2, m).
    ta, _ = _ray_hits(
        moved[:, :2, None, :], u[:, None, None, :], target[None, None], t_edges[None, None]
    )
    # The target's corners running backwards into the charger's front edge: (B, m).
    front = (moved[:, 1] - moved[:, 0])[:, None, :]
    tb, sb = _ray_hits(
        np.broadcast_to(target[None, :, :], (n, m, 2)), -u[:, None, :], moved[:, None, 0], front
    )
    flat = np.concatenate([ta.reshape(n, -1), tb], axis=1)  # (B, 2m + m)
    pick = np.argmin(flat, axis=1)
    dist = flat[np.arange(n), pick]
    from_corner = pick < 2 * m
    corner_k = np.where(from_corner, pick // m, 0)
    vertex_j = np.where(from_corner, 0, pick - 2 * m)
    half_w = charger.width / 2.0
    across = np.where(
        from_corner,
        np.where(corner_k == 0, -half_w, half_w),
        -half_w + np.clip(sb[np.arange(n), vertex_j], 0.0, 1.0) * charger.width,
    )
    safe = np.where(np.isfinite(dist), dist, 0.0)
    hit_corner = moved[np.arange(n), corner_k] + safe[:, None] * u
    point = np.where(from_corner[:, None], hit_corner, target[vertex_j])
    rx = point[:, 0] - facet.mid[0]
    ry = point[:, 1] - facet.mid[1]
    along = rx * facet.along[0] + ry * facet.along[1]
    height = rx * facet.out[0] + ry * facet.out[1]
    final_right = Block(0.0, 0.0, facet.facing, 1, 1, 1.0, 1.0).right
    land = along - across * (facet.along[0] * final_right[0] + facet.along[1] * final_right[1])
    shared = np.minimum(land + half_w, facet.half) - np.maximum(land - half_w, -facet.half)
    ok = (
        np.isfinite(dist)
        & (np.abs(height) <= 1e-6)
        & (np.abs(along) <= facet.half + 1e-6)
        & (shared >= min_contact - 1e-9)
    )
    return dist, point[:, 0], point[:, 1], ok


def _ray_hits(
    p: np.ndarray, u: np.ndarray, a: np.ndarray, e: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Distance along rays p + t u (t >= 0) to segments a + s e (0 <= s <= 1), broadcast,
    inf where a ray misses (parallel rays miss); and the segment parameter s."""
    ux, uy = u[..., 0], u[..., 1]
    ex, ey = e[..., 0], e[..., 1]
    wx, wy = a[..., 0] - p[..., 0], a[..., 1] - p[..., 1]
    den = ux * ey - uy * ex
    safe = np.where(np.abs(den) > 1e-15, den, 1.0)
    t = (wx * ey - wy * ex) / safe
    sp = (wx * uy - wy * ux) / safe
    ok = (np.abs(den) > 1e-15) & (t >= -1e-9) & (sp >= -1e-12) & (sp <= 1.0 + 1e-12)
    dist: np.ndarray = np.where(ok, np.maximum(t, 0.0), np.inf)
    return dist, sp


@dataclass(frozen=True)
class FailedCharge:
    """Where a failed charge ends: the block, the path taken, inches used, what stopped it."""

    block: Block
    path: MovePlan
    moved: float
    stopped_by: str | None


def failed_charge_position(
    charger: Block,
    target: Block | Polygon,
    distance: float,
    surroundings: Surroundings | None = None,
    *,
    gap: float = 1.0,
    friend_gap: float = 0.0,
    ignore: Collection[str] = (),
) -> FailedCharge:
    """The charger's move toward its target after a failed charge (see the module notes).

    ``surroundings`` should hold the target as an enemy; without surroundings the target
    alone is used.  The wheel's arc counts toward ``distance``; a wheel that would bring the
    unit within ``gap`` of an enemy, onto a friend or terrain, or off the table, is cut
    short and the unit does not go on.
    """
    env = surroundings if surroundings is not None else Surroundings(
        enemies={"target": outline(target)}
    )  # fmt: skip
    aim = _centre_of(target)
    budget = max(0.0, float(distance))
    delta = 0.0
    for _ in range(12):
        b = _wheeled(charger, delta)
        want = facing_toward(*b.front_centre, *aim)
        delta = _wrap180(delta + _wrap180(want - b.facing))
    if abs(delta) < 1e-9:
        delta = 0.0
    arc = charger.width * math.radians(abs(delta))
    if arc > budget:
        delta = math.copysign(math.degrees(budget / charger.width), delta)
        arc = budget

    def ok(fraction: float) -> bool:
        plan = plan_move(charger, [Segment("wheel", delta * fraction)])
        if env.in_the_way(plan, ignore) is not None or not env.on_table(plan.end):
            return False
        for part in plan.parts:
            near = env.nearest_enemy(part, gap, ignore)
            if near is not None and near[1] < min(gap, _start_gap(env, charger, near[0])) - _EPS:
                return False
        return True

    stopped: str | None = None
    fraction = 1.0
    if delta and not ok(1.0):
        lo, hi = 0.0, 1.0
        for _ in range(40):
            mid = (lo + hi) / 2.0
            lo, hi = (mid, hi) if ok(mid) else (lo, mid)
        fraction = lo
        stopped = "wheel"
    segs = [Segment("wheel", delta * fraction)] if delta else []
    wheeled = _wheeled(charger, delta * fraction)
    moved = charger.width * math.radians(abs(delta * fraction))
    if stopped is None:
        left = max(0.0, budget - arc)
        go, who = env.travel(
            wheeled, wheeled.forward, left, gap=gap, friend_gap=friend_gap, ignore=ignore
        )
        stopped = who
        if go > 0.0:
            segs.append(Segment("forward", go))
        moved += go
    else:
        stopped = _wheel_blocker(env, charger, delta, fraction, gap, ignore)
    path = plan_move(charger, segs)
    return FailedCharge(path.end, path, moved, stopped)


def _wheeled(block: Block, delta: float) -> Block:
    if not delta:
        return block
    pivot = block.corners[1] if delta > 0.0 else block.corners[0]
    return block.rotated(pivot, delta)


def _start_gap(env: Surroundings, block: Block, key: str) -> float:
    return float(block.polygon.distance(env.polygon(key)))


def _wheel_blocker(
    env: Surroundings, block: Block, delta: float, fraction: float, gap: float,
    ignore: Collection[str],
) -> str | None:  # fmt: skip
    """What stopped a wheel cut short at ``fraction``: the thing just past that point."""
    plan = plan_move(block, [Segment("wheel", delta * min(1.0, fraction + 1e-6))])
    hit = env.in_the_way(plan, ignore)
    if hit is not None:
        return hit
    if not env.on_table(plan.end):
        return TABLE_EDGE
    for part in plan.parts:
        near = env.nearest_enemy(part, gap, ignore)
        if near is not None:
            return near[0]
    return None


# --------------------------------------------------------------------------- flee, pursue


@dataclass(frozen=True)
class FleeResult:
    """A flee move: where the unit ends (where it touched the edge, if it left the table),
    its facing after the pivot, inches moved, inches carried on past the roll to end clear,
    whether it left the table, and the units and impassable terrain its path overlapped."""

    block: Block
    facing: float
    moved: float
    carried_on: float
    left_table: bool
    passed_through: tuple[str, ...]


def close_up_shift(before: Block, after: Block, facing: str, other: Block) -> Point:
    """How far ``other`` must move (without turning) to be back in contact with a unit that
    lost models: ``before`` and ``after`` are the unit's formation either side of the loss and
    ``facing`` the side of it ``other`` touched.

    ``other`` follows that side where it went (a rear rank removed takes the rear forward) and
    slides along it, as little as it can, to touch as much of it as it did before, or the whole
    side when the side is now shorter than that: so the same facings stay in contact and the
    models that fought there fight on."""
    (p0, p1), (q0, q1) = before.edge(facing), after.edge(facing)
    nx, ny = after.normal(facing)
    tx, ty = q1[0] - q0[0], q1[1] - q0[1]
    length = math.hypot(tx, ty)
    tx, ty = tx / length, ty / length
    # how far the side moved along its outward normal
    push = (q0[0] - p0[0]) * nx + (q0[1] - p0[1]) * ny

    def along(pt: Sequence[float]) -> float:
        return pt[0] * tx + pt[1] * ty

    b0, b1 = sorted((along(p0), along(p1)))
    a0, a1 = sorted((along(q0), along(q1)))
    m = [along(c) for c in other.corners]
    m0, m1 = min(m), max(m)

    def shared(shift: float) -> float:
        return min(m1 + shift, a1) - max(m0 + shift, a0)

    want = min(max(0.0, min(m1, b1) - max(m0, b0)), a1 - a0)
    slide = 0.0
    if shared(0.0) < want - _EPS:
        options = [a0 + want - m1, a1 - want - m0]
        slide = min((o for o in options if shared(o) >= want - 1e-9), key=abs, default=0.0)
    return push * nx + slide * tx, push * ny + slide * ty


def models_passing_through(start: Block, end: Block, other: Block | Polygon) -> list[int]:
    """Models (1-based) whose bases, moving straight from where they stand in ``start`` to
    where they stand in ``end`` (the same formation moved without turning), pass over
    ``other``: their swept area overlaps it."""
    poly = outline(other)
    out = []
    for i, (a, b) in enumerate(zip(start.model_polygons(), end.model_polygons(), strict=True)):
        swept = shapely.convex_hull(shapely.union(a, b))
        if overlaps(swept, poly):
            out.append(i + 1)
    return out


def _pivot_toward(block: Block, facing: float) -> Block:
    return Block(block.x, block.y, facing, block.files, block.models, block.base_w, block.base_d)


def flee_move(
    block: Block,
    away_from: Sequence[float] | Block | Polygon,
    distance: float,
    surroundings: Surroundings | None = None,
    *,
    gap: float = 1.0,
    ignore: Collection[str] = (),
) -> FleeResult:
    """Pivot to face directly away from a point (or a unit's centre) and flee straight ahead."""
    env = _surroundings(surroundings)
    src = _centre_of(away_from)
    facing = block.facing if src == block.centre else facing_toward(*src, *block.centre)
    pivoted = _pivot_toward(block, facing)
    u = pivoted.forward
    roll = max(0.0, float(distance))
    go = env.clear_beyond(pivoted, u, roll, gap=gap, ignore=ignore)
    left = False
    if env.table is not None:
        edge = 0.0 if not env.on_table(pivoted) else _edge_travel(pivoted, u[0], u[1], env.table)
        if edge <= go + _EPS:
            left, go = True, edge
    end = pivoted.advanced(go)
    swept = shapely.convex_hull(
        shapely.multipoints(np.vstack([np.asarray(pivoted.corners), np.asarray(end.corners)]))
    )
    hits = env.overlapping([swept], ignore)
    start = pivoted.polygon
    hits.sort(key=lambda k: float(start.distance(env.polygon(k))))
    return FleeResult(end, pivoted.facing, go, max(0.0, go - roll) if not left else 0.0, left,
                      tuple(hits))  # fmt: skip


@dataclass(frozen=True)
class PursuitResult:
    """A pursuit move: where the pursuer ends, its facing, inches moved, whether it caught the
    pursued unit, what else stopped it (a key or TABLE_EDGE), and whether it left the table."""

    block: Block
    facing: float
    moved: float
    caught: bool
    stopped_by: str | None
    left_table: bool


def _contact_along(
    block: Block, other: Block | Polygon, u: Point, tol: float, limit: float
) -> float:  # fmt: skip
    """Distance along u, up to ``limit``, at which the block first comes within ``tol`` of
    ``other`` (inf if not by then); 0 when it already is. The one sweep of
    :func:`game.physics.movement.slide_outline` answers."""
    d0 = float(block.polygon.distance(outline(other)))
    if d0 <= tol:
        return 0.0
    got, who = slide_outline(block.corners, u, limit, [Stop("target", outline(other), tol)])
    return got if who is not None else math.inf


def pursue_move(
    block: Block,
    target: Block | Polygon | Sequence[float],
    distance: float,
    surroundings: Surroundings | None = None,
    *,
    target_key: str | None = None,
    ignore: Collection[str] = (),
    tol: float = CONTACT_TOL,
) -> PursuitResult:
    """Pivot to face the pursued unit's centre and move straight at it (see module notes).

    ``target`` may be a point (nothing to catch then).  ``target_key`` names the pursued unit
    in ``surroundings`` so that it does not count as an obstacle.
    """
    env = _surroundings(surroundings)
    aim = _centre_of(target)
    facing = block.facing if aim == block.centre else facing_toward(*block.centre, *aim)
    pivoted = _pivot_toward(block, facing)
    u = pivoted.forward
    roll = max(0.0, float(distance))
    skip = set(ignore) | ({target_key} if target_key else set())
    go, who = env.travel(pivoted, u, roll, gap=0.0, friend_gap=0.0, ignore=skip)
    caught = False
    if isinstance(target, Block | Polygon):
        t_c = _contact_along(pivoted, target, u, tol, go + 2 * _EPS)
        if t_c <= go + _EPS:
            caught, go, who = True, t_c, None
    left = who == TABLE_EDGE
    return PursuitResult(pivoted.advanced(go), pivoted.facing, go, caught, who, left)


@dataclass(frozen=True)
class GiveGroundResult:
    """A give-ground move: where the unit ends, inches moved, what stopped it (a key,
    TABLE_EDGE or None), and the direction it moved in (a unit vector, (0, 0) if none)."""

    block: Block
    moved: float
    stopped_by: str | None
    direction: Point


def give_ground(
    block: Block,
    away_from: Block | Polygon | Iterable[Block | Polygon],
    distance: float = 2.0,
    surroundings: Surroundings | None = None,
    *,
    gap: float = 1.0,
    ignore: Collection[str] = (),
) -> GiveGroundResult:
    """Move straight back from the enemies in contact, without turning (see module notes).

    Put the keys of ``away_from`` in ``ignore`` when they are in ``surroundings``.
    """
    env = _surroundings(surroundings)
    enemies = [away_from] if isinstance(away_from, Block | Polygon) else list(away_from)
    dx = dy = 0.0
    for enemy in enemies:
        face = contact_facing(block, enemy)
        if face is None:
            face = arc_of_point(block, _centre_of(enemy))
        nx, ny = block.normal(face)
        dx, dy = dx - nx, dy - ny
    if math.hypot(dx, dy) < 1e-9:
        return GiveGroundResult(block, 0.0, None, (0.0, 0.0))
    u = _unit((dx, dy))
    go, who = env.travel(block, u, distance, gap=gap, friend_gap=0.0, ignore=ignore)
    end = Block(block.x + go * u[0], block.y + go * u[1], block.facing, block.files,
                block.models, block.base_w, block.base_d)  # fmt: skip
    return GiveGroundResult(end, go, who, u)


@dataclass(frozen=True)
class FollowUpResult:
    """A follow-up move: where the unit ends, inches moved, whether it is back in contact,
    and what stopped it short (a key, TABLE_EDGE or None)."""

    block: Block
    moved: float
    contact: bool
    stopped_by: str | None


def follow_up(
    block: Block,
    target: Block | Polygon,
    surroundings: Surroundings | None = None,
    *,
    target_key: str | None = None,
    max_distance: float | None = None,
    ignore: Collection[str] = (),
) -> FollowUpResult:
    """Move straight forward back into contact with ``target`` (see module notes).

    When straight ahead never meets the target (or not within ``max_distance``) the unit
    does not move and ``contact`` is False.
    """
    env = _surroundings(surroundings)
    u = block.forward
    far = 1e4 if max_distance is None else max_distance + 2 * _EPS  # (beyond: never met)
    reach = _contact_along(block, target, u, 0.0, far)
    if math.isinf(reach) or (max_distance is not None and reach > max_distance + _EPS):
        return FollowUpResult(block, 0.0, False, None)
    skip = set(ignore) | ({target_key} if target_key else set())
    go, who = env.travel(block, u, reach, gap=0.0, friend_gap=0.0, ignore=skip)
    contact = go >= reach - _EPS
    return FollowUpResult(block.advanced(go), go, contact, None if contact else who)


# --------------------------------------------------------------------------- sight


@dataclass(frozen=True)
class TerrainPiece:
    """A piece of terrain for sight: its key, outline, kind (obstacle, impassable, area,
    elevation) and height in inches."""

    key: str
    polygon: Polygon
    kind: str
    height: float


def sight_blockers(
    terrain: Iterable[TerrainPiece],
    see_over: float = 0.0,
    kinds: Collection[str] = ("obstacle", "impassable"),
) -> list[Polygon]:
    """Outlines of the terrain that blocks sight: of one of ``kinds`` and taller than
    ``see_over`` inches."""
    return [t.polygon for t in terrain if t.kind in kinds and t.height > see_over]


def unit_line_of_sight(
    viewer: Block,
    target: Block | Polygon,
    blockers: Iterable[Block | Polygon] = (),
    *,
    arc_only: bool = True,
    spacing: float = 1.0,
) -> bool:
    """True when the viewer's front edge sees some of the target (see module notes).

    Sight lines start at the front corners, the front-rank models' front corners and
    their middles; they end at the corners of the target's part inside the front arc (the
    whole target when ``arc_only`` is False), at points every ``spacing`` inches along its
    outline, and at a point inside it.  A line crossing the inside of any blocker is blocked;
    grazing an outline is not.
    """
    poly = outline(target)
    if arc_only:
        xy = shapely.get_coordinates(poly)
        reach = float(np.max(np.hypot(xy[:, 0] - viewer.x, xy[:, 1] - viewer.y))) + 1.0
        arc = arc_polygon(viewer, "front", reach)
        if not overlaps(poly, arc):
            return False
        poly = shapely.intersection(poly, arc)
    walls = [outline(b) for b in blockers]
    half = viewer.width / 2.0
    eyes = np.asarray(
        [viewer.to_table(viewer.depth / 2.0, -half + i * viewer.base_w / 2.0)
         for i in range(2 * viewer.files + 1)]
    )  # fmt: skip
    ends = _outline_points(poly, spacing)
    if not walls:
        return True
    arr = np.empty(len(walls), dtype=object)
    arr[:] = walls
    tree = shapely.STRtree(arr)
    # The middle-to-inside line settles most cases.
    first = shapely.linestrings([eyes[len(eyes) // 2], ends[0]])
    if not _blocked(np.asarray([first], dtype=object), arr, tree)[0]:
        return True
    starts = np.repeat(eyes, len(ends), axis=0)
    stops = np.tile(ends, (len(eyes), 1))
    lines = shapely.linestrings(np.stack([starts, stops], axis=1))
    return bool(np.any(~_blocked(lines, arr, tree)))


def _outline_points(poly: Polygon, spacing: float) -> np.ndarray:
    """A point inside, every vertex, and points every ``spacing`` along the outline(s)."""
    inside = poly.representative_point()
    pts = [np.asarray([[inside.x, inside.y]])]
    geoms = list(poly.geoms) if hasattr(poly, "geoms") else [poly]
    for g in geoms:
        if g.is_empty or g.area <= 0.0:
            continue
        ring = g.exterior
        pts.append(np.asarray(ring.coords)[:-1])
        n = max(1, int(ring.length / spacing))
        marks = shapely.line_interpolate_point(ring, np.arange(n) / n, normalized=True)
        pts.append(shapely.get_coordinates(marks))
    return np.vstack(pts)


def _blocked(lines: np.ndarray, walls: np.ndarray, tree: shapely.STRtree) -> np.ndarray:
    """For each line, whether its inside crosses the inside of any wall."""
    li, wi = tree.query(lines, predicate="intersects")
    out = np.zeros(len(lines), dtype=bool)
    if li.size:
        crosses = shapely.relate_pattern(lines[li], walls[wi], "T********")
        out[li[crosses]] = True
    return out

"""Sampled places to move to, for the candidate commands a ruleset offers the AI
(:meth:`game.core.ruleset.Ruleset.candidates`). Pure geometry over the state: nothing here
decides whether a move is allowed (the AI tries each one on a copy of the engine, and the
rules refuse what they forbid).

The points: toward each of the nearest enemies (stopping short of them), just out of the
nearest enemy's reach, away from it, behind the nearest pieces of cover (on the far side from
that enemy), and ``widen`` more at random within reach (progressive widening: the AI asks for
more of them when it has time).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from shapely import LineString, Polygon

from game.core.commands import Order
from game.core.ruleset import Candidate, SampledCandidates, answer_candidates
from game.core.spatial import nearest_distances
from game.core.state import GameState, Model
from game.geometry.bases import facing_toward
from game.rulesets.common.flow import Activation, activation, alternating, units_to_activate

END_ACTIVATION = Candidate(Order("end_activation"), "end")

#: shorter moves are not worth offering
MIN_MOVE = 0.5


@dataclass(frozen=True, slots=True)
class MovePoint:
    x: float
    y: float
    facing: float
    note: str  # "toward Elf Blademaster", "into cover", "away from Orc"...
    target: str | None = None  # the enemy the move is about
    goes_at: bool = False  # the move goes at that enemy (Candidate.goes_at)


#: the most units whose commands are offered at once: in a bigger battle, those nearest to an
#: enemy and :data:`AT_RANDOM` more at random (offering all of 1,000 units' commands took two
#: minutes, and trying them all far longer)
MAX_UNITS = 12
AT_RANDOM = 3


def who_acts(state: GameState, side: int, rng: random.Random
             ) -> tuple[list[Candidate], list[str], Activation | None, int]:
    """Where an alternating ruleset's candidates for ``side`` start: the candidates so far (the
    answers to a pending decision, or ending the activation in progress), the units whose
    commands to offer (none: the candidates so far are all there is; at most
    :data:`MAX_UNITS`), the activation in progress, and how many units could act now (more
    than those offered in a big battle: see :func:`offered`)."""
    if state.game_over:
        return [], [], None, 0
    if state.pending is not None:
        return answer_candidates(state.pending), [], None, 0
    act = activation(state)
    if act is not None:
        units = [act.unit] if act.side == side else []
        return [END_ACTIVATION], units, act, len(units)
    if alternating(state).next_side == side:
        ready = units_to_activate(state, side)
        return [], _some(state, side, ready, rng), None, len(ready)
    return [], [], None, 0


def offered(cands: list[Candidate], units: list[str], of: int) -> list[Candidate]:
    """The candidates as a ruleset returns them: marked as a sample when they are those of
    fewer units than could act."""
    return SampledCandidates(cands, len(units), of) if len(units) < of else cands


def _some(state: GameState, side: int, ready: list[str], rng: random.Random) -> list[str]:
    """``ready`` when there are at most :data:`MAX_UNITS`; else those whose nearest model is
    nearest to an enemy, and :data:`AT_RANDOM` more at random, in ``ready``'s order."""
    if len(ready) <= MAX_UNITS:
        return ready
    s = state
    mine = [(u, m) for u in ready for m in (s.models[n] for n in s.units[u].models) if m.on_table]
    foes = [(m.x, m.y) for m in s.models.values() if m.side != side and m.on_table]
    near: dict[str, float] = {}
    for (u, _), d in zip(mine, nearest_distances([(m.x, m.y) for _, m in mine], foes)):
        near[u] = min(d, near.get(u, math.inf))
    rank = sorted(range(len(ready)), key=lambda i: (near.get(ready[i], math.inf), i))
    keep = rank[:MAX_UNITS - AT_RANDOM]
    keep += rng.sample(rank[MAX_UNITS - AT_RANDOM:], AT_RANDOM)
    return [ready[i] for i in sorted(keep)]


def radius(table: object, m: Model) -> float:
    """About half the width of ``m``'s base, in inches."""
    key = (id(table), m.base, m.facing)
    got = _RADIUS.get(key)
    if got is None:
        poly = table.poly(m)  # type: ignore[attr-defined]
        minx, miny, maxx, maxy = poly.bounds
        if len(_RADIUS) > 4096:
            _RADIUS.clear()
        got = _RADIUS[key] = max(maxx - minx, maxy - miny) / 2.0
    return got


#: :func:`radius` by table, base and facing (the same wherever the base stands)
_RADIUS: dict[tuple[int, str, float], float] = {}


def centre_distance(a: Model, b: Model) -> float:
    return math.hypot(b.x - a.x, b.y - a.y)


def _clip(state: GameState, x: float, y: float, r: float) -> tuple[float, float]:
    w, h = state.table
    return min(max(x, r + 0.05), w - r - 0.05), min(max(y, r + 0.05), h - r - 0.05)


def _along(m: Model, to: tuple[float, float], dist: float) -> tuple[float, float]:
    dx, dy = to[0] - m.x, to[1] - m.y
    n = math.hypot(dx, dy)
    if n < 1e-9:
        return m.x, m.y
    return m.x + dx / n * dist, m.y + dy / n * dist


def move_points(
    state: GameState,
    m: Model,
    reach: float,
    enemies: list[Model],
    table: object,
    rng: random.Random,
    widen: int = 0,
    keep_off: float = 0.1,
    threat: Callable[[Model], float] | None = None,
    nearest: int = 3,
    routes: int = 2,
) -> list[MovePoint]:
    """Places ``m`` might move to with a move of at most ``reach`` inches. ``keep_off``: the
    gap to keep between bases when moving toward an enemy (a move may not end in contact, or
    within 1"); ``threat(enemy)``: how far that enemy can reach (charge range), to stop just
    outside it. A negative ``widen`` asks for no points at all. ``routes``: for that many of the nearest enemies, when something stands in
    the straight way to them, a point along the shortest way around it (so that a model behind
    a wall does not stay there)."""
    if reach <= 0 or widen < 0:
        return []
    reach *= 0.999  # (the points are rounded: a move of exactly the reach could come out longer)
    r = radius(table, m)
    out: list[MovePoint] = []
    foes = sorted(enemies, key=lambda e: centre_distance(m, e))[:nearest]

    def add(x: float, y: float, note: str, target: str | None, face: Model | None,
            goes_at: bool = False) -> None:
        x, y = _clip(state, x, y, r)
        if math.hypot(x - m.x, y - m.y) < MIN_MOVE:
            return
        facing = facing_toward(x, y, face.x, face.y) if face is not None else m.facing
        out.append(MovePoint(round(x, 4), round(y, 4), round(facing % 360, 4), note, target,
                             goes_at))

    for e in foes:
        gap = centre_distance(m, e) - r - radius(table, e) - keep_off - 0.05
        d = min(reach, gap)
        if d > 0.05:
            x, y = _along(m, (e.x, e.y), d)
            add(x, y, f"toward {e.display or e.name}", e.name, e, True)
    if foes:
        e = foes[0]
        name = e.display or e.name
        if threat is not None:
            far = threat(e) + r + radius(table, e) + 0.5  # just beyond its reach
            d = centre_distance(m, e) - far
            if 0.05 < d <= reach:
                x, y = _along(m, (e.x, e.y), d)
                add(x, y, f"to just outside the reach of {name}", e.name, e)
        dx, dy = m.x - e.x, m.y - e.y
        n = math.hypot(dx, dy) or 1.0
        add(m.x + dx / n * reach, m.y + dy / n * reach, f"away from {name}", e.name, e)
        # round terrain or other models in the way: toward the enemy at an angle
        gap = centre_distance(m, e) - r - radius(table, e) - keep_off - 0.05
        d = min(reach, gap)
        if d > MIN_MOVE:
            for turn in (-40.0, 40.0, -75.0, 75.0):
                a = math.atan2(-dx, -dy) + math.radians(turn)
                add(m.x + math.sin(a) * d, m.y + math.cos(a) * d, f"toward {name}, round the side",
                    e.name, e, True)
        for t in _cover_near(state, m, reach + 2.0)[:2]:
            cx, cy, half = t
            ex, ey = cx - e.x, cy - e.y
            en = math.hypot(ex, ey) or 1.0
            x, y = cx + ex / en * (half + r + 0.3), cy + ey / en * (half + r + 0.3)
            if math.hypot(x - m.x, y - m.y) > reach:
                x, y = _along(m, (x, y), reach)
            add(x, y, "into cover", e.name, e)
    for e in foes[:routes]:
        for x, y in _round_the_way(state, m, e, reach, table):
            add(x, y, f"toward {e.display or e.name}, round what is in the way", e.name, e,
                True)
    for _ in range(widen):
        ang = rng.uniform(0, 2 * math.pi)
        d = reach * rng.uniform(0.3, 1.0)
        face = foes[0] if foes else None
        add(m.x + math.sin(ang) * d, m.y - math.cos(ang) * d, "to a new position",
            face.name if face is not None else None, face)
    return out


def _cover_near(state: GameState, m: Model, within: float) -> list[tuple[float, float, float]]:
    """Obstacles (centre x, y and half their size) whose centre is within ``within`` inches."""
    got = []
    for t in state.terrain:
        if t.kind not in ("obstacle", "area", "elevation"):
            continue
        xs = [p[0] for p in t.polygon]
        ys = [p[1] for p in t.polygon]
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        d = math.hypot(cx - m.x, cy - m.y)
        if d <= within:
            half = min(max(xs) - min(xs), max(ys) - min(ys)) / 2.0
            got.append((d, cx, cy, half))
    got.sort()
    return [(cx, cy, half) for _, cx, cy, half in got]


#: the terrain grown by a base's half width, per (terrain, half width): the same few pieces
#: for a whole game
_GROWN: dict[tuple[object, ...], tuple[list[Polygon], list[Polygon]]] = {}


def _grown(state: GameState, table: object, r: float) -> tuple[list[Polygon], list[Polygon]]:
    """The pieces of terrain that stop a move, grown by ``r`` (what a centre must keep out
    of) and by a little more (whose corners a way round goes by). ``r`` is taken to the
    thousandth of an inch it is kept by, so the answer never depends on which nearly equal
    width asked first."""
    r = round(r, 3)
    key = (r, tuple((t.id, t.kind, tuple(map(tuple, t.polygon))) for t in state.terrain))
    got = _GROWN.get(key)
    if got is None:
        if len(_GROWN) > 64:
            _GROWN.clear()
        polys = list(table.obstacles(state).values())  # type: ignore[attr-defined]
        got = _GROWN[key] = ([p.buffer(r, join_style="mitre") for p in polys],
                             [p.buffer(r + 0.2, join_style="mitre") for p in polys])
    return got


def _round_the_way(state: GameState, m: Model, e: Model, reach: float,
                   table: object) -> list[tuple[float, float]]:
    """When terrain stands in the straight way from ``m`` to ``e``, the first leg of the way
    round it, by each of the two nearest corners of what is in the way (grown by ``m``'s half
    width) that ``m`` can go straight to: the corner, or the point ``reach`` along the way to
    it when the corner is further. Other models are left out."""
    keep, corners = _grown(state, table, radius(table, m))
    if not keep:
        return []
    line = LineString([(m.x, m.y), (e.x, e.y)])
    blocking = [i for i, g in enumerate(keep) if g.intersects(line)]
    if not blocking:
        return []
    ways: list[tuple[float, float, float]] = []
    for i in blocking:
        for cx, cy in list(corners[i].exterior.coords)[:-1]:
            leg = LineString([(m.x, m.y), (cx, cy)])
            if any(g.intersects(leg) for g in keep):
                continue
            cost = math.hypot(cx - m.x, cy - m.y) + math.hypot(e.x - cx, e.y - cy)
            ways.append((cost, cx, cy))
    ways.sort()
    out = []
    for _, cx, cy in ways[:2]:
        d = math.hypot(cx - m.x, cy - m.y)
        out.append((cx, cy) if d <= reach else _along(m, (cx, cy), reach))
    return out

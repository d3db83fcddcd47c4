"""The table as trench-crusade reads it: the level a model stands on, climbs and drops along a
straight path, melee reach (1" measured in three dimensions), line of sight and the Defended
Obstacle penalty. Geometry comes from ``game.geometry``; nothing here changes the state."""

from __future__ import annotations

import math
from functools import lru_cache

import shapely
from shapely.geometry import LineString, Point, Polygon

from game.core import measure
from game.core.state import GameState, Model, Terrain
from game.geometry.bases import CONTACT_TOL
from game.geometry.contact import overlaps
from game.geometry.los import between, line_of_sight, touching
from game.rulesets.common.kept import per_game
from game.rulesets.common.table import Place, Table, place_of
from game.rulesets.trench_crusade import constants as K

TABLE = Table({})

#: terrain kinds that can hold a model above the table
LEVEL_KINDS = ("elevation",)
#: terrain kinds that stop movement (the scenario contract) and can make a Defended Obstacle
SOLID_KINDS = ("obstacle", "impassable")


@lru_cache(maxsize=1024)
def _poly(points: tuple[tuple[float, float], ...]) -> Polygon:
    return Polygon(points)


def poly(t: Terrain) -> Polygon:
    return _poly(t.polygon)


def level_at(state: GameState, x: float, y: float) -> float:
    """The height of the surface under a point: the highest elevation piece that holds it
    (its outline included), or 0 for the table itself."""
    seen = per_game(state.terrain, "levels")  # (asked at every reach, attack and try)
    got: float | None = seen.get((x, y))
    if got is None:
        p = Point(x, y)
        best = 0.0
        for t in state.terrain:
            if t.kind in LEVEL_KINDS and t.height > best and poly(t).covers(p):
                best = t.height
        got = seen[x, y] = best
    return got


def level(state: GameState, m: Model) -> float:
    """The level a model stands on (the surface under the centre of its base)."""
    return level_at(state, m.x, m.y)


def path_levels(state: GameState, start: tuple[float, float], end: tuple[float, float]) -> list[float]:
    """The levels met in order along a straight path, consecutive repeats merged."""
    line = LineString([start, end])
    cuts = {0.0, 1.0}
    if line.length > 0:
        for t in state.terrain:
            if t.kind not in LEVEL_KINDS:
                continue
            hit = line.intersection(poly(t).exterior)
            for pt in shapely.get_coordinates(hit):
                cuts.add(min(1.0, max(0.0, line.project(Point(pt)) / line.length)))
    marks = sorted(cuts)
    samples = [start]
    for a, b in zip(marks, marks[1:]):
        if b - a > 1e-9:
            pt = line.interpolate((a + b) / 2, normalized=True)
            samples.append((pt.x, pt.y))
    samples.append(end)
    out: list[float] = []
    for x, y in samples:
        h = level_at(state, x, y)
        if not out or abs(out[-1] - h) > 1e-9:
            out.append(h)
    return out


def climbs_and_drops(levels: list[float]) -> tuple[float, list[float]]:
    """Inches climbed in all, and each drop (jump down) in order."""
    climb = 0.0
    drops: list[float] = []
    for a, b in zip(levels, levels[1:]):
        if b > a:
            climb += b - a
        else:
            drops.append(round(a - b, 6))
    return round(climb, 6), drops


def reach(state: GameState, a: Model, b: Model) -> float:
    """The distance between two bases: the gap across the table combined with the difference
    of their levels."""
    sa, sb = TABLE.shape(a), TABLE.shape(b)
    if sa.is_round and sb.is_round:  # the circles themselves, without building outlines
        flat = max(0.0, math.hypot(a.x - b.x, a.y - b.y) - sa.radius - sb.radius)
    else:
        flat = TABLE.distance(a, b)
    rise = level(state, a) - level(state, b)
    return math.hypot(flat, rise)


def within(state: GameState, a: Model, b: Model, inches: float = K.MELEE_RANGE) -> bool:
    return measure.within(reach(state, a, b), inches)


def enemies_within(state: GameState, m: Model, inches: float = K.MELEE_RANGE) -> list[Model]:
    """Enemies on the table (Down ones too) within ``inches`` of ``m``, in model order."""
    return [o for o in state.models.values()
            if o.side != m.side and o.on_table and within(state, m, o, inches)]


def sight_blockers(state: GameState, a: Model, b: Model) -> list[Polygon]:
    """Terrain that can hide ``b`` from ``a``: pieces taller than 1" above the higher of the
    two levels, leaving out any piece either base stands in or on."""
    top = max(level(state, a), level(state, b)) + K.LOS_BLOCKING_HEIGHT
    pa, pb = TABLE.poly(a), TABLE.poly(b)
    out = []
    for t in state.terrain:
        if t.height <= top + 1e-9:
            continue
        tp = poly(t)
        if overlaps(tp, pa) or overlaps(tp, pb):
            continue
        out.append(tp)
    return out


def in_sight(state: GameState, a: Model, b: Model) -> bool:
    """Line of sight: some straight line from a point of one base to a point of the other
    crosses no blocking terrain."""
    seen = per_game(state.terrain, "sight")  # (asked at every attack and try)
    key = (place_of(a), place_of(b))
    got: bool | None = seen.get(key)
    if got is None:
        got = seen[key] = line_of_sight(TABLE.poly(a), TABLE.poly(b), sight_blockers(state, a, b))
    return got


def defended_obstacle(state: GameState, attacker: Model, target: Model) -> str | None:
    """The id of the obstacle that defends ``target`` against ``attacker``, or None: the
    target is not Down, and touches an obstacle at least 1/2" high lying between the two."""
    if target.status == "down":
        return None
    at, to = place_of(attacker), place_of(target)
    for t in state.terrain:
        if t.kind not in SOLID_KINDS or t.height < K.COVER_HEIGHT - 1e-9:
            continue
        if _defends(at, to, t.polygon):
            return t.id
    return None


@lru_cache(maxsize=65536)
def _defends(attacker: Place, target: Place, obstacle: tuple[tuple[float, float], ...]) -> bool:
    """Whether the obstacle of outline ``obstacle`` touches a base standing at ``target`` and
    lies between it and one at ``attacker``. Remembered by where the two stand: every attack
    asks it, the AI's tries ask it again and again from the same few places, and the shape
    "between" is measured on (the space between two round bases) is dear to work out."""
    pt, tp = TABLE.poly_at(target), _poly(obstacle)
    return touching(pt, tp, CONTACT_TOL) and between(TABLE.poly_at(attacker), pt, tp)

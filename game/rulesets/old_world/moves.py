"""Moves the rules make a unit do: fleeing (a Break, a flee reaction, a failed Rally), falling
back in good order, giving ground, following up and pursuing."""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Polygon

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Formation, GameState
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import units as U
from game.rulesets.rank_and_flank import space

STEP = 0.05  # inches: how finely a blocked move is searched


def _others(s: GameState, unit: str, ignore: tuple[str, ...] = ()) -> dict[str, Polygon]:
    return {k: v for k, v in space.other_boundaries(s, exclude=(unit, *ignore)).items()}


def _place(s: GameState, unit: str, f: Formation) -> Polygon:
    width, depth = space.dims(s, unit)
    return space.rect(f, width, depth)


def _gone_off(s: GameState, poly: Polygon) -> bool:
    return not space.within_table(poly, s.table)


def _roll_2d6(ctx: Any, purpose: str) -> tuple[int, int]:
    return ctx.roll(K.DIE, purpose), ctx.roll(K.DIE, purpose)


def flee(ctx: Any, unit: str, away_from: str | None, kind: str) -> Step:
    """Flee (``kind``: ``break``, ``reaction``, ``rally_failed``) or fall back in good order
    (``fall_back``): turn to face directly away from ``away_from``'s centre (a unit that
    failed to rally runs on the way it faces), then move the roll straight ahead: 2D6, the
    higher die only for a fall back. Off the table: the unit has fled. Returns how far the
    centre moved (x, y)."""
    s = ctx.state
    f = U_formation(s, unit)
    faces = _roll_2d6(ctx, "flee")
    dist = max(faces) if kind == "fall_back" else sum(faces)
    kept = (max(faces),) if kind == "fall_back" else faces
    yield ev.DiceRolled("flee", unit, "2d6", faces, kept, (), dist, None, f'{dist}"', away_from)
    facing = f.facing
    if away_from is not None and kind != "rally_failed":
        cx, cy = space.centre(space.boundary(s, away_from))
        if (cx, cy) != (f.x, f.y):
            facing = space.facing_toward(cx, cy, f.x, f.y)
    pivoted = Formation(f.x, f.y, facing, f.files)
    end = space.shifted(pivoted, dist)
    others = _others(s, unit)
    poly = _place(s, unit, end)
    extra = 0.0
    while not _gone_off(s, poly) and any(poly.intersects(o) and poly.intersection(o).area > 1e-6
                                          for o in others.values()) and extra < 48:
        extra += STEP * 4
        end = space.shifted(pivoted, dist + extra)
        poly = _place(s, unit, end)
    word = {"fall_back": "falls back", "break": "flees", "reaction": "flees",
            "rally_failed": "flees on"}[kind]
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, dist + extra,
                       "fall back" if kind == "fall_back" else "flee")
    if _gone_off(s, poly):
        yield ev.UnitStatusChanged(unit, "fled", f"{word} off the table")
    elif kind == "fall_back":
        yield ev.RuleApplied("Fall back in good order", unit, "rallies at the end of its move")
    elif s.units[unit].status != "fleeing":
        yield ev.UnitStatusChanged(unit, "fleeing", "broke" if kind == "break" else "fled from a charge")
    return end.x - f.x, end.y - f.y


def U_formation(s: GameState, unit: str) -> Formation:
    from game.rulesets.rank_and_flank.units import formation_of

    return formation_of(s, unit)


def _away_vector(s: GameState, unit: str, enemies: list[str]) -> tuple[float, float]:
    """The way to move straight away from the enemies touching ``unit``: back from a front
    contact, forward from a rear one, sideways from a flank, added up for several."""
    f = U_formation(s, unit)
    vx = vy = 0.0
    for e in enemies:
        facing = space.facing_touched_by(s, unit, e) or "front"
        away = f.facing + space.FACING_TURN[facing] + 180
        rad = math.radians(away)
        vx += math.sin(rad)
        vy -= math.cos(rad)
    n = math.hypot(vx, vy)
    if n < 1e-9:
        rad = math.radians(f.facing + 180)
        return math.sin(rad), -math.cos(rad)
    return vx / n, vy / n


def _free(poly: Polygon, blockers: list[Polygon]) -> bool:
    return not any(poly.intersects(o) and poly.intersection(o).area > 1e-6 for o in blockers)


def give_ground(ctx: Any, unit: str, enemies: list[str]) -> Step:
    """Move 2" straight away from the enemies it fought, without turning; stop on touching
    another unit or impassable terrain. Off the table: destroyed. Returns the move (x, y)."""
    s = ctx.state
    f = U_formation(s, unit)
    vx, vy = _away_vector(s, unit, enemies)
    blockers = [*_others(s, unit, tuple(enemies)).values(),
                *space.blocking_terrain(s, ("impassable",)).values()]

    def at(d: float) -> Polygon:
        return _place(s, unit, Formation(f.x + vx * d, f.y + vy * d, f.facing, f.files))

    dist = K.GIVE_GROUND
    if not _free(at(dist), blockers):
        lo, hi = 0.0, dist  # lo is free, hi is not: find how far it gets
        for _ in range(20):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if _free(at(mid), blockers) else (lo, mid)
        dist = lo
    end = Formation(f.x + vx * dist, f.y + vy * dist, f.facing, f.files)
    if dist < 1e-6:
        yield ev.RuleApplied("Give ground", unit, "has nowhere to go: it stays locked in combat")
        return 0.0, 0.0
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, dist, "give ground")
    if _gone_off(s, _place(s, unit, end)):
        yield ev.UnitStatusChanged(unit, "destroyed", "gave ground off the table")
    return end.x - f.x, end.y - f.y


def follow_up(ctx: Any, winner: str, loser: str, moved: Any) -> Step:
    """The winner moves after a unit that gave ground, back into contact with it."""
    s = ctx.state
    if not moved or moved == (0.0, 0.0):
        return
    f = U_formation(s, winner)
    dx, dy = moved
    end = Formation(f.x + dx, f.y + dy, f.facing, f.files)
    poly = _place(s, winner, end)
    if any(poly.intersects(o) and poly.intersection(o).area > 1e-6
           for k, o in _others(s, winner, (loser,)).items()):
        yield ev.RuleApplied("Follow up", winner, "cannot follow up: the way is blocked")
        return
    yield ev.UnitMoved(winner, end.x, end.y, end.facing, end.files, math.hypot(dx, dy), "follow up")


def pursue(ctx: Any, winner: str, target: str) -> Step:
    """The winner turns to face the beaten unit and moves 2D6 toward it: a fleeing unit it
    reaches is destroyed; one that fell back in good order is caught and the fight goes on."""
    s = ctx.state
    f = U_formation(s, winner)
    faces = _roll_2d6(ctx, "pursuit")
    dist = sum(faces)
    yield ev.DiceRolled("pursuit", winner, "2d6", faces, faces, (), dist, None, f'{dist}"', target)
    tf = U_formation(s, target)
    facing = space.facing_toward(f.x, f.y, tf.x, tf.y)
    pivoted = Formation(f.x, f.y, facing, f.files)
    caught = None
    goal = space.boundary(s, target) if U.on_table(s, target) else None
    others = _others(s, winner, (target,))
    travelled = 0.0
    end = pivoted
    while travelled < dist - 1e-9:
        nxt = min(dist, travelled + STEP * 2)
        cand = space.shifted(pivoted, nxt)
        poly = _place(s, winner, cand)
        if goal is not None and poly.distance(goal) <= 0.01:
            caught = target
            end = cand
            travelled = nxt
            break
        if _gone_off(s, poly) or any(poly.intersects(o) and poly.intersection(o).area > 1e-6
                                     for o in others.values()):
            break
        end, travelled = cand, nxt
    yield ev.UnitMoved(winner, end.x, end.y, end.facing, end.files, travelled, "pursuit")
    if caught is None:
        return
    s = ctx.state
    if s.units[target].status == "fleeing":
        yield ev.UnitStatusChanged(target, "destroyed", f"caught fleeing by {U.name(s, winner)}",
                                   winner)
    else:
        yield ev.RuleApplied("Pursuit", winner, f"catches {U.name(s, target)}: the fight goes on",
                             target)
        yield ev.UnitFlagSet(winner, "engaged_at", "game", s.events_applied)

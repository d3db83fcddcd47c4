"""Move, Charge and the Diving Charge, with climbing, jumping down and falling.

A move goes in a straight line. Its cost is the distance across the table plus every inch
climbed; jumping down costs nothing, but a drop of 3" or more is a fall (an Injury Roll with
+1 INJURY DICE for every full 3"). A Charge takes the shortest route into base contact, ending
flush with the target: straight when it can, held by an obstacle within 1" of the target (a
fight across a barricade), or around bases and obstacles in the way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

from game.core import events as ev
from game.core.commands import Order
from game.core.errors import NOT_NOW
from game.core.ruleset import Step
from game.core.state import GameState, Model
from game.geometry.bases import facing_toward
from game.physics.charge import plan_charge
from game.physics.movement import check_straight_move, first_contact_along
from game.rulesets.common.basics import order_point
from game.rulesets.trench_crusade import constants as K
from game.rulesets.trench_crusade.actions import (
    Moment,
    action,
    check_movement_left,
    enemy,
    inches,
    refuse,
)
from game.rulesets.trench_crusade.injuries import falling_roll
from game.rulesets.trench_crusade.rules import RULES, model_rules
from game.rulesets.trench_crusade.terrain import (
    TABLE,
    climbs_and_drops,
    enemies_within,
    level,
    path_levels,
    within,
)


@dataclass(frozen=True, slots=True)
class Path:
    x: float
    y: float
    facing: float
    distance: float  # across the table
    climb: float
    drops: tuple[float, ...]
    via: tuple[tuple[float, float], ...] = ()  # corners of a charge's way around

    @property
    def cost(self) -> float:
        return self.distance + self.climb

    @property
    def falls(self) -> tuple[float, ...]:
        return tuple(d for d in self.drops if d >= K.FALL_HEIGHT - K.EPS)


def _path(state: GameState, m: Model, to: tuple[float, float], facing: float, dist: float,
          via: tuple[tuple[float, float], ...] = ()) -> Path:
    points = [(m.x, m.y), *via, to]
    levels: list[float] = []
    for a, b in zip(points, points[1:]):
        for h in path_levels(state, a, b):
            if not levels or abs(levels[-1] - h) > 1e-9:
                levels.append(h)
    climb, drops = climbs_and_drops(levels)
    return Path(to[0], to[1], facing % 360, dist, climb, tuple(drops), tuple(via))


def falls_on_the_way(state: GameState, m: Model, to: tuple[float, float]) -> tuple[float, ...]:
    """The falls (drops of 3" or more) a straight move of ``m`` to ``to`` would take."""
    return _path(state, m, to, m.facing, 0.0).falls


def _cost_text(p: Path) -> str:
    if p.climb:
        return f'{inches(p.cost)}" ({inches(p.distance)}" across and {inches(p.climb)}" climbing)'
    return f'{inches(p.cost)}"'


def _at(state: GameState, m: Model, x: float, y: float, facing: float) -> tuple[GameState, Model]:
    moved = dataclasses.replace(m, x=x, y=y, facing=facing)
    after = state.copy()
    after.models[m.name] = moved
    return after, moved


def _check_stands(m: Model, now: Moment) -> None:
    if not now.starting and m.status == "down":  # pragma: no cover - its activation ended
        raise refuse("down", f'"{m.name}" is Down', NOT_NOW)


@action("move", keys=("to", "facing"))
class Move:
    """Move up to Movement. A model that began its activation within 1" of enemies must end
    still within 1" of each of them; any other model may not end within 1" of an enemy."""

    @staticmethod
    def plan(ctx: Context, m: Model, cmd: Order, now: Moment) -> Path:
        s = ctx.state
        check_movement_left(m, now)
        _check_stands(m, now)
        to = order_point(cmd, "to")
        facing = cmd.arg("facing", m.facing)
        if not isinstance(facing, int | float) or isinstance(facing, bool) or not math.isfinite(facing):
            raise refuse("bad_order", f'"facing" must be a number of degrees, got {facing!r}')
        shape = TABLE.shape(m)
        others = TABLE.others(s, exclude=[m.name])
        obstacles = TABLE.obstacles(s)
        chk = check_straight_move(shape, (m.x, m.y), to, m.facing, others, obstacles, s.table)
        if not chk.ok:
            raise refuse("illegal_move", f'"{m.name}" cannot move there: {chk.reason}')
        facing = float(facing) % 360
        if facing != m.facing:
            end = check_straight_move(shape, to, to, facing, others, obstacles, s.table)
            if not end.ok:
                raise refuse("illegal_move", f'"{m.name}" cannot stop there: {end.reason}')
        path = _path(s, m, to, facing, chk.distance)
        if path.cost > now.movement + K.EPS:
            raise refuse(
                "too_far",
                f'"{m.name}" cannot move there: the move costs {_cost_text(path)} but its '
                f'Movement is {inches(now.movement)}"',
            )
        after, moved = _at(s, m, to[0], to[1], facing)
        if now.engaged:
            for name in now.engaged:
                o = after.models[name]
                if o.on_table and not within(after, moved, o):
                    raise refuse(
                        "leaves_melee",
                        f'"{m.name}" began its activation in melee and must stay within 1" of "{name}"',
                    )
        else:
            close = enemies_within(after, moved)
            if close:
                raise refuse(
                    "ends_in_melee",
                    f'"{m.name}" may not end a Move within 1" of "{close[0].name}" (Charge instead)',
                )
        return path

    @staticmethod
    def run(ctx: Context, name: str, path: Path) -> Step:
        yield ev.ActionTaken(name, "move")
        yield ev.ModelMoved(name, path.x, path.y, path.facing, round(path.distance, 4), "move")
        for drop in path.falls:
            if not ctx.state.models[name].on_table or ctx.state.game_over:
                break
            yield from falling_roll(ctx, name, drop)


@dataclass(frozen=True, slots=True)
class ChargePlan:
    target: str
    path: Path
    order: Order


@action("charge", keys=("target",))
class Charge:
    """Charge an enemy: straight at it, up to Movement, ending in base contact (or held by an
    obstacle within 1" of it). Rules may check the order and act once the charge has moved
    (the Diving Charge every model may make, with ``dive = true``)."""

    @staticmethod
    def plan(ctx: Context, m: Model, cmd: Order, now: Moment) -> ChargePlan:
        s = ctx.state
        check_movement_left(m, now)
        _check_stands(m, now)
        t = enemy(s, m, cmd.arg("target"), "charge")
        close = enemies_within(s, m)
        if close:
            raise refuse(
                "in_melee", f'"{m.name}" is already within 1" of "{close[0].name}": Fight instead', NOT_NOW)
        path = charge_path(s, m, t, now.movement)
        drop = max(path.falls, default=0.0)
        for rule in RULES.hooked(model_rules(m), "check_charge"):
            rule.check_charge(s, m, t, cmd, drop)
        return ChargePlan(t.name, path, cmd)

    @staticmethod
    def run(ctx: Context, name: str, plan: ChargePlan) -> Step:
        p = plan.path
        kind = "diving_charge" if plan.order.arg("dive", False) else "charge"
        yield ev.ActionTaken(name, kind, plan.target)
        yield ev.ModelMoved(name, p.x, p.y, p.facing, round(p.distance, 4), kind, p.via)
        for rule in RULES.hooked(model_rules(ctx.state.models[name]), "after_charge"):
            got = yield from rule.after_charge(ctx, name, plan.target, plan.order, p.falls)
            if got == "end":
                return "risky_failure"
            if got is not None:
                return None
        for drop in p.falls:
            if not ctx.state.models[name].on_table or ctx.state.game_over:
                break
            yield from falling_roll(ctx, name, drop)
        return None


def charge_path(s: GameState, m: Model, t: Model, movement: float) -> Path:
    """The way ``m``'s charge at ``t`` would go with ``movement`` inches of Movement left (the
    charge bonus added here), refused as the Charge order refuses it when it cannot get there
    or would not end where the two can fight."""
    reach = movement + K.CHARGE_BONUS
    path = _charge_path(s, m, t, reach)
    if path.cost > reach + K.EPS:
        raise refuse(
            "too_far",
            f'"{m.name}" cannot reach "{t.name}": the charge costs {_cost_text(path)} but '
            f'its Movement is {inches(reach)}"',
        )
    after, moved = _at(s, m, path.x, path.y, path.facing)
    if not within(after, moved, after.models[t.name]):
        # (flush in plan with a model on another level: a roof's edge, 3" up, is not a
        # place to fight from, and a charge that cannot be fought is no charge)
        up = level(after, after.models[t.name]) - level(after, moved)
        raise refuse(
            "out_of_reach",
            f'"{m.name}" cannot charge "{t.name}": its charge would end {inches(abs(up))}" '
            f'{"below" if up > 0 else "above"} it, out of reach: a charge ends where the '
            "two can fight"
            if abs(up) > K.EPS else
            f'"{m.name}" cannot charge "{t.name}": its charge would not end within reach of it',
        )
    return path


def _charge_path(s: GameState, m: Model, t: Model, reach: float) -> Path:
    """A charge goes by the shortest route into base contact (``CHARGES_STRAIGHT`` off): a
    straight line when one is clear, else held by an obstacle within 1" of the target (a
    fight across a barricade) when it meets one on the way, else around what is in the way.
    ``reach``: the Movement it has, to give up early on a target that is too far whatever the
    way (the cost, climbs included, is checked by the caller)."""
    shape = TABLE.shape(m)
    others = TABLE.others(s, exclude=[m.name])
    obstacles = TABLE.obstacles(s)
    plan = plan_charge(shape, (m.x, m.y), t.name, others, (t.x, t.y), obstacles, s.table, reach,
                       straight=K.CHARGES_STRAIGHT)
    if plan.ok and not plan.via:
        return _path(s, m, (plan.x, plan.y), plan.facing, plan.distance)
    held = _held_by_obstacle(s, m, t, shape, others, obstacles)
    if held is not None:
        return held
    if plan.ok:  # around what is in the way
        return _path(s, m, (plan.x, plan.y), plan.facing, plan.distance, plan.via)
    if plan.distance > reach:  # too far, even in a straight line or by the way around
        return _path(s, m, (plan.x, plan.y), plan.facing, plan.distance, plan.via)
    raise refuse("illegal_charge", f'"{m.name}" cannot charge "{t.name}": {plan.reason}')


def _held_by_obstacle(s: GameState, m: Model, t: Model, shape: Any, others: Any,
                      obstacles: Any) -> Path | None:
    """Straight at the target, stopped by an obstacle within 1" of it (or None)."""
    fac = facing_toward(m.x, m.y, t.x, t.y)
    gap = math.hypot(t.x - m.x, t.y - m.y)
    dist, key = first_contact_along(shape, (m.x, m.y), fac, fac, others, obstacles, gap)
    if key is not None and key in obstacles and key not in others:
        rad = math.radians(fac)
        x, y = m.x + dist * math.sin(rad), m.y - dist * math.cos(rad)
        after, moved = _at(s, m, x, y, fac)
        end = check_straight_move(shape, (x, y), (x, y), fac, TABLE.others(after, exclude=[m.name]),
                                  obstacles, s.table)
        if end.ok and within(after, moved, after.models[t.name]):
            return _path(s, m, (x, y), fac, dist)
    return None


@action("stand_up")
class StandUp:
    """A Down model stands up as its activation starts (it does so anyway at any first order);
    this order activates it and does nothing more."""

    @staticmethod
    def plan(ctx: Context, m: Model, cmd: Order, now: Moment) -> None:
        if not (now.starting and m.status == "down"):
            raise refuse("not_down", f'"{m.name}" is not Down: there is nothing to stand up from', NOT_NOW)

    @staticmethod
    def run(ctx: Context, name: str, plan: None) -> Step:
        return
        yield


@action("pass")
class Pass:
    """The model does nothing more: its activation ends."""

    @staticmethod
    def plan(ctx: Context, m: Model, cmd: Order, now: Moment) -> None:
        return None

    @staticmethod
    def run(ctx: Context, name: str, plan: None) -> Step:
        yield ev.ActionTaken(name, "pass")
        return "end"

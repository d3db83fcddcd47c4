"""What the window needs of a rank-and-flank ruleset: orders from clicks (units, move paths,
reforms), the Unit Boundaries to draw, ghosts of moves and charges, the charge zone.

Clicks become orders as a wargamer moves a block: a click ahead of the unit wheels it to face
the place and moves its front edge up to it; a click behind moves it straight back, a click
beside it sideways; the Reform button turns it to face the place clicked, the same number of
models wide. Drags too: a front corner's handle swings the block about its other front corner
(a wheel) and on, so the corner comes to the pointer; the block itself slides straight ahead,
back or sideways. Every gesture is turned into the contract's path segments.
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import box

from game.core import events as ev
from game.core.commands import Order
from game.core.ruleset import ENEMY, FACING, POINT, ChargeZone, Handle, Outline, UIAction
from game.core.state import GameState
from game.geometry import formation as geo
from game.geometry import formation_actions as actions
from game.geometry.formation import Block
from game.geometry.formation_moves import apply_segment, plan_move
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.units import joined_to

#: the average of the higher of two dice
AVERAGE_HIGHER_D6 = 161 / 36


def unit_of(state: GameState, model: str) -> str:
    """The unit that takes orders for a model: its own, or the one its character joined."""
    unit = state.models[model].unit if model in state.models else model
    return joined_to(state, unit) or unit


def outline_of(state: GameState, unit: str, block: Block | None = None) -> Outline:
    b = block or space.block_of(state, unit)
    u = state.units[unit]
    return Outline(unit, u.side, u.display or unit, tuple(b.corners))  # type: ignore[arg-type]


def outlines(state: GameState) -> tuple[Outline, ...]:
    out = []
    for uid, u in state.units.items():
        if u.formation is None or not u.on_table or joined_to(state, uid):
            continue
        if not any(state.models[n].on_table for n in u.models):
            continue
        out.append(outline_of(state, uid))
    return tuple(out)


def outline_after(state: GameState, event: ev.Event) -> Outline | None:
    if not isinstance(event, ev.UnitMoved) or event.unit not in state.units:
        return None
    b = space.block_of(state, event.unit)
    moved = Block(event.x, event.y, event.facing, max(1, min(event.files, b.models)), b.models,
                  b.base_w, b.base_d)
    return outline_of(state, event.unit, moved)


def move_path(block: Block, point: tuple[float, float]) -> list[list[Any]]:
    """The segments that bring the unit where a click at ``point`` asks: ahead, a wheel to face
    it and a move of the front edge up to it; behind, straight back; beside, sideways."""
    arc = geo.arc_of_point(block, point)
    along, across = block.local(point)
    if arc == "front":
        turn = math.degrees(math.atan2(across, along - block.depth / 2))
        path: list[list[Any]] = []
        b = block
        if abs(turn) >= 0.5:
            turn = round(turn, 1)
            path.append(["wheel", turn])
            b = apply_segment(block, ["wheel", turn])
        a2, _ = b.local(point)
        ahead = round(max(0.0, a2 - b.depth / 2), 2)
        if ahead > 0:
            path.append(["forward", ahead])
        return path or [["forward", 0.0]]
    if arc == "rear":
        return [["backward", round(max(0.0, -along), 2)]]
    return [["sideways", round(across, 2)]]


def ui_order(state: GameState, action: UIAction, actor: str, target: str | None,
             point: tuple[float, float] | None, face: bool) -> Order:
    unit = unit_of(state, actor)
    if action.needs == ENEMY and target is not None:
        return Order(action.do, unit, (("target", unit_of(state, target)), *action.args))
    if action.needs in (POINT, FACING) and point is not None:
        block = space.block_of(state, unit)
        if action.needs == FACING:
            facing = round(math.degrees(math.atan2(point[0] - block.x, -(point[1] - block.y))) % 360, 1)
            return Order(action.do, unit, (("path", (("reform", block.files, facing),)),
                                           *action.args))
        return Order(action.do, unit, (("path", tuple(tuple(seg) for seg in move_path(block, point))),
                                       *action.args))
    return Order(action.do, unit, action.args)


def handles(state: GameState, actor: str) -> tuple[Handle, ...]:
    """The wheel handles of the actor's unit: its two front corners."""
    unit = unit_of(state, actor)
    if unit not in state.units or state.units[unit].formation is None:
        return ()
    left, right = space.block_of(state, unit).corners[:2]
    return (Handle("wheel-left", *left, "wheel"), Handle("wheel-right", *right, "wheel"))


def drag_order(state: GameState, action: UIAction, actor: str, handle: str,
               start: tuple[float, float], point: tuple[float, float]) -> Order | None:
    """The move a drag makes: a front corner's handle wheels the block about its other front
    corner (only forward), then moves it on so that the corner comes to the pointer; the block
    itself (``body``) slides the way the pointer went most: ahead, back or sideways."""
    unit = unit_of(state, actor)
    block = space.block_of(state, unit)
    path: list[list[Any]]
    if handle in ("wheel-left", "wheel-right"):
        left, right = block.corners[:2]
        grab, pivot = (left, right) if handle == "wheel-left" else (right, left)
        ux, uy = grab[0] - pivot[0], grab[1] - pivot[1]
        vx, vy = point[0] - pivot[0], point[1] - pivot[1]
        turn = math.degrees(math.atan2(ux * vy - uy * vx, ux * vx + uy * vy))  # + clockwise
        reach = math.hypot(vx, vy)
        ahead = math.sqrt(max(0.0, reach * reach - block.width ** 2))
        lead = math.degrees(math.atan2(ahead, block.width))  # (the corner's way past the arc)
        wheel = max(0.0, turn - lead) if handle == "wheel-left" else min(0.0, turn + lead)
        path = []
        if abs(wheel) >= 0.3:
            path.append(["wheel", round(wheel, 1)])
        if ahead >= 0.01:
            path.append(["forward", round(ahead, 2)])
    elif handle == "body":
        along, across = block.local(point)
        along0, across0 = block.local(start)
        along, across = along - along0, across - across0
        if abs(along) >= abs(across):
            path = [["forward" if along >= 0 else "backward", round(abs(along), 2)]]
        else:
            path = [["sideways", round(across, 2)]]
    else:
        return None
    if not path or all(seg[1] == 0 for seg in path):
        return None
    return Order(action.do, unit, (("path", tuple(tuple(seg) for seg in path)), *action.args))


def bumps(state: GameState, order: Order, gap: float) -> tuple[str, ...]:
    """The units and terrain pieces (ids) a move's path runs into, and the enemy it would end
    closer to than ``gap`` (the ruleset's: how near an enemy unit a move may end)."""
    path = order.arg("path")
    if order.unit not in state.units or not isinstance(path, list | tuple):
        return ()
    try:
        plan = plan_move(space.block_of(state, order.unit), [list(seg) for seg in path])
    except (ValueError, TypeError):
        return ()
    env = space.surroundings(state, order.unit)
    out = [k for k in (env.in_the_way(plan),) if k is not None]
    near = env.nearest_enemy(plan.end, gap)
    if near is not None and near[0] not in out:
        out.append(near[0])
    return tuple(out)


def path_words(order: Order) -> str:
    """A move's path in words: 'wheel 24° right, forward 3.1"'."""
    path = order.arg("path")
    if not isinstance(path, list | tuple):
        return ""
    out = []
    for seg in path:
        kind, *args = seg
        if kind == "wheel":
            out.append(f"wheel {abs(args[0]):.0f}° {'right' if args[0] > 0 else 'left'}")
        elif kind == "sideways":
            out.append(f'{abs(args[0]):.1f}" to the {"right" if args[0] > 0 else "left"}')
        elif kind == "turn":
            out.append("about turn" if abs(args[0]) == 180 else
                       f"turn {'right' if args[0] > 0 else 'left'}")
        elif kind == "reform":
            out.append(f"reform {args[0]} wide")
        else:
            out.append(f'{kind} {args[0]:.1f}"')
    return ", ".join(out)


def charge_zone(state: GameState, actor: str, movement: int, table: tuple[float, float]) -> ChargeZone:
    unit = unit_of(state, actor)
    block = space.block_of(state, unit)
    reach = movement + 6.0
    arc = geo.arc_polygon(block, "front", reach + block.depth)
    arc = arc.intersection(box(0, 0, table[0], table[1]))
    coords = tuple(arc.exterior.coords) if hasattr(arc, "exterior") else ()
    return ChargeZone(unit, coords, reach, movement + AVERAGE_HIGHER_D6)


def charge_end(state: GameState, actor: str, target: str) -> Outline | None:
    unit, foe = unit_of(state, actor), unit_of(state, target)
    if state.units[unit].side == state.units[foe].side:
        return None
    plan = actions.charge_position(space.block_of(state, unit), space.block_of(state, foe), None,
                                   space.surroundings(state, unit), target_key=foe)
    if plan.reason is not None:
        return None
    return outline_of(state, unit, plan.block)


def order_outline(state: GameState, order: Order) -> Outline | None:
    """Where a move order's path would put its unit, allowed or not."""
    path = order.arg("path")
    if order.unit not in state.units or not isinstance(path, list | tuple):
        return None
    try:
        plan = plan_move(space.block_of(state, order.unit), [list(seg) for seg in path])
    except (ValueError, TypeError):
        return None
    return outline_of(state, order.unit, plan.end)

"""What the window needs of a rank-and-flank ruleset: orders from clicks (units, move paths,
reforms), the Unit Boundaries to draw, ghosts of moves and charges, the charge zone.

Clicks become orders as a wargamer moves a block: a click ahead of the unit wheels it to face
the place and moves its front edge up to it; a click behind moves it straight back, a click
beside it sideways; the Reform button turns it to face the place clicked, the same number of
models wide.
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import box

from game.core import events as ev
from game.core.commands import Order
from game.core.ruleset import ENEMY, FACING, POINT, ChargeZone, Outline, UIAction
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

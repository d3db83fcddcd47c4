"""The ``move`` order of units in formation, what the rank-and-flank rulesets share: a path of
the contract's segments (forward, backward, sideways, wheel, turn, reform) checked and laid out
on the table, and the checks a move must pass (on the table, through no unit or impassable
terrain unless it passes over them, ending clear of enemies). What a move costs and what a
march is are each ruleset's own.
"""

from __future__ import annotations

import math
from typing import Any

from game.core.errors import Refused
from game.core.state import GameState
from game.geometry.formation_moves import MovePlan, Surroundings, plan_move
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.units import name

SEGMENTS = ("forward", "backward", "sideways", "wheel", "turn", "reform")

Path = list[tuple[str, tuple[Any, ...]]]


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def parse_path(path: Any) -> Path:
    """The ``path`` of a move order checked; refused (``bad_order``) naming the segment."""
    if not isinstance(path, list | tuple) or not path:
        raise Refused("bad_order", '"move" needs a "path": a list of segments like ["forward", 3.0]')
    out = []
    for i, seg in enumerate(path):
        where = f"path[{i}]"
        if not isinstance(seg, list | tuple) or not seg or not isinstance(seg[0], str):
            raise Refused("bad_order", f'{where} must be a segment like ["forward", 3.0], got {seg!r}')
        kind, args = seg[0].strip().lower(), tuple(seg[1:])
        if kind not in SEGMENTS:
            raise Refused("bad_order", f'{where}: unknown segment "{seg[0]}" (known: {", ".join(SEGMENTS)})')
        if kind == "reform":
            if len(args) != 2 or not isinstance(args[0], int) or isinstance(args[0], bool) \
                    or not _number(args[1]) or args[0] < 1:
                raise Refused("bad_order", f'{where}: "reform" takes a number of files and a '
                              "facing in degrees, like [\"reform\", 5, 90.0]")
        elif kind == "turn":
            if len(args) != 1 or args[0] not in (90, -90, 180, -180):
                raise Refused("bad_order", f'{where}: "turn" takes 90, -90 or 180')
        else:
            if len(args) != 1 or not _number(args[0]):
                raise Refused("bad_order", f'{where}: "{kind}" takes one number, got {list(args)!r}')
            if kind in ("forward", "backward") and args[0] < 0:
                raise Refused("bad_order", f'{where}: "{kind}" takes a distance of 0 or more')
            if kind == "wheel" and not -360 < args[0] < 360:
                raise Refused("bad_order", f"{where}: a wheel turns less than a full circle")
        out.append((kind, args))
    return out


def lay_out(s: GameState, unit: str, path: Path) -> MovePlan:
    """The move on the table (refused when the formation cannot make it)."""
    try:
        return plan_move(space.block_of(s, unit), [[k, *args] for k, args in path])
    except ValueError as exc:
        raise Refused("illegal_move", f"{name(s, unit)} cannot move so: {exc}") from None


def route_problem(env: Surroundings, got: MovePlan, gap: float, over: bool = False) -> str | None:
    """Why the move may not be made, or None. A unit that passes over others (flying) is only
    checked where it ends: on the table, on nothing, ``gap`` or more from enemies."""
    problem = env.check(got, gap=gap)
    if problem and over:
        problem = env.check(plan_move(got.end, []), gap=gap)
        if not problem and env.overlapping([got.end.polygon]):
            problem = "it would end on top of another unit or impassable terrain"
    return problem


__all__ = ["SEGMENTS", "Path", "lay_out", "parse_path", "route_problem"]

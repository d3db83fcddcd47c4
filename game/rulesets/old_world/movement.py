"""The ``move`` order of old-world: a unit's move as segments (forward, backward, sideways,
wheel, turn, reform), its cost against the Movement allowance, marching, and the checks a move
must pass (on the table, through no unit or impassable terrain, ending 1" or more from enemies).

Costs: forward the distance; backward and sideways twice the distance (the half rate); a wheel
the arc its outer front corner travels; a 90-degree turn a quarter of M, a 180-degree turn half
of it; a reform the whole move (it must be the only segment). A march (``march = true``) doubles
the allowance, allows only forward moves and wheels, and needs a Leadership test first when an
enemy unit is within 8".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from typing import Any

from game.core import events as ev
from game.core.commands import Order
from game.core.errors import NOT_NOW, Refused
from game.core.ruleset import Step
from game.core.state import GameState
from game.geometry.formation_moves import MovePlan
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import units as U
from game.rulesets.old_world.charges import movement_of
from game.rulesets.rank_and_flank import movement as RM
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.combat import is_engaged


def plan(s: GameState, unit: str, path: list[tuple[str, tuple[Any, ...]]], allowance: float,
         march: bool) -> tuple[MovePlan, float]:
    """The move on paper and what it costs. Refused when a segment may not be used."""
    if any(k == "reform" for k, _ in path) and len(path) > 1:
        raise Refused("illegal_move", "a reform is the whole move: give it alone")
    for kind, _ in path:
        if march and kind not in ("forward", "wheel"):
            raise Refused("illegal_move", f'a marching unit may only move forward and wheel, not "{kind}"')
    got = RM.lay_out(s, unit, path)
    cost = got.cost(per_inch={"backward": 2.0, "sideways": 2.0, "turn": 0.0, "reform": 0.0},
                    fixed={"turn": 0.0 if march else allowance / 4})
    for step in got.steps:  # a 180-degree turn costs two quarters
        if step.segment.kind == "turn" and abs(step.segment.amount) == 180 and not march:
            cost += allowance / 4
    if path[0][0] == "reform":
        cost = max(cost, allowance)
    return got, cost


def check_can_move(s: GameState, unit: str) -> None:
    rec = s.units[unit]
    name = U.name(s, unit)
    if U.host(s, unit) != unit:
        raise Refused("joined", f"{name} is with {U.name(s, U.host(s, unit))}: order the unit to move", NOT_NOW)
    if rec.status != "active":
        raise Refused("fleeing", f"{name} is {rec.status} and cannot move", NOT_NOW)
    if "stupid" in rec.conditions:
        raise Refused("stupid", f"{name} is Stupid this turn and cannot move", NOT_NOW)
    if is_engaged(s, unit):
        raise Refused("engaged", f"{name} is in combat and cannot move", NOT_NOW)
    if rec.flag("charge_declared"):
        raise Refused("charged", f"{name} declared a charge this turn and cannot move as well", NOT_NOW)
    if rec.flag("moved"):
        raise Refused("moved", f"{name} has already moved this turn", NOT_NOW)


def move(ctx: Context, cmd: Order) -> Step:
    s = ctx.state
    unit = cmd.unit
    assert unit is not None
    check_can_move(s, unit)
    march = cmd.arg("march", False)
    if not isinstance(march, bool):
        raise Refused("bad_order", f'"march" must be true or false, got {march!r}')
    path = RM.parse_path(cmd.arg("path"))
    m = movement_of(s, unit)
    fly = any(r.fly(s, s.units[unit]) for r in U.rules(s, unit))
    if march and U.has(s, unit, "no_march") and not fly:
        raise Refused("no_march", f"{U.name(s, unit)} may not march")
    allowance = float(m * (2 if march else 1))
    got, cost = plan(s, unit, path, float(m), march)
    if cost > allowance + 1e-6:
        raise Refused("too_far", f'the move costs {cost:.2f}" but {U.name(s, unit)} may move '
                      f'{allowance:g}"' + (" marching" if march else ""))
    env = space.surroundings(s, unit)
    # a flying unit passes over what is in the way; only the end counts
    problem = RM.route_problem(env, got, K.UNIT_GAP, over=fly)
    if problem:
        raise Refused("illegal_move", f"{U.name(s, unit)} cannot move there: {problem}")
    end = space.formation_of_block(got.end)
    yield ev.ActionTaken(unit, "march" if march else "move")
    if march and not fly:
        near = [k for k, o in space.other_boundaries(s, exclude=(unit,)).items()
                if s.units[k].side != s.units[unit].side and s.units[k].status == "active"
                and space.boundary(s, unit).distance(o) <= K.MARCH_TEST_RANGE]
        if near:
            ok = yield from U.leadership_test(ctx, unit, "march",
                                              f"to march with {U.name(s, near[0])} within 8\"")
            if not ok and cost > m + 1e-6:
                yield ev.UnitFlagSet(unit, "moved", "player_turn", "stayed")
                yield ev.RuleApplied("March", unit, "fails to march: it stays where it is")
                return
    reason = "reform" if path[0][0] == "reform" else "march" if march else "move"
    # (the flag says how: a unit that marched may not shoot, one that moved shoots at -1)
    yield ev.UnitFlagSet(unit, "moved", "player_turn", reason)
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, round(cost, 4), reason)

"""The ``move`` order of ninth-age: Advance moves, March moves and Reforms.

- An Advance move goes one way: forward up to Adv with any wheels (a wheel costs the arc its
  outer front corner travels), or backward, or sideways, each inch of those costing two (so at
  most Adv / 2).
- A March move (``march = true``) goes forward up to Mar, wheels allowed. A unit with a
  non-fleeing enemy unit within 8" takes a Discipline test first: on a failure it makes the
  move as an Advance move if it is short enough, and otherwise stays where it is.
- A Reform (``turn`` or ``reform``) is the whole move, given alone; the unit turns or takes its
  new formation about its centre.

A move must end on the table, on no unit or impassable terrain, and 1" or more from enemy units;
it may not pass through units or impassable terrain, unless the unit flies or has Sweeping
Attack (then only where it ends counts). After an Advance or March move, rules that act on the
move act (Sweeping Attack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context


from game.core import events as ev
from game.core.commands import Order
from game.core.errors import NOT_NOW, Refused
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import units as U
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import movement as RM
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.combat import is_engaged


def rates(s: GameState, unit: str) -> tuple[int, int, bool]:
    """(Advance, March, flies): the lowest of the unit and its characters; Fly (X, Y) values
    when every one of them flies."""
    flies = all(any(r.passes_over() for r in U.rules(s, u)) for u in U.members(s, unit))
    fly = [f for u in U.members(s, unit) for r in U.rules(s, u) if (f := r.fly())]
    adv = min(U.stat(s, u, "Adv") for u in U.members(s, unit))
    mar = min(U.stat(s, u, "Mar") for u in U.members(s, unit))
    if fly and len(fly) >= len(U.members(s, unit)):
        adv, mar = min(f[0] for f in fly), min(f[1] for f in fly)
    return adv, mar, flies


def check_can_move(s: GameState, unit: str) -> None:
    rec = s.units[unit]
    name = U.name(s, unit)
    if U.host(s, unit) != unit:
        raise Refused("joined", f"{name} is with {U.name(s, U.host(s, unit))}: order the unit to move", NOT_NOW)
    if rec.status != "active":
        raise Refused("fleeing", f"{name} is {rec.status} and cannot move", NOT_NOW)
    if rec.flag("rallied"):
        raise Refused("shaken", f"{name} rallied this turn: it is Shaken and cannot move", NOT_NOW)
    if is_engaged(s, unit):
        raise Refused("engaged", f"{name} is in combat and cannot move", NOT_NOW)
    if rec.flag("charge_declared"):
        raise Refused("charged", f"{name} declared a charge this turn and cannot move as well", NOT_NOW)
    if rec.flag("moved"):
        raise Refused("moved", f"{name} has already moved this turn", NOT_NOW)


def kind_of(path: RM.Path, march: bool) -> str:
    """``advance``, ``march`` or ``reform``; refused when the segments do not make one move."""
    kinds = {k for k, _ in path}
    if kinds & {"turn", "reform"}:
        if len(path) > 1:
            raise Refused("illegal_move", "a reform (turn or reform) is the whole move: give it alone")
        if march:
            raise Refused("illegal_move", "a reform cannot be a march")
        return "reform"
    if march:
        bad = kinds - {"forward", "wheel"}
        if bad:
            raise Refused("illegal_move", f'a March move goes forward, with wheels, not "{sorted(bad)[0]}"')
        return "march"
    for way in ("backward", "sideways"):
        if way in kinds and kinds != {way}:
            raise Refused("illegal_move", f"an Advance move goes one way: forward (with wheels), "
                          f"backward or sideways, not {way} with something else")
    return "advance"


def move(ctx: Context, cmd: Order) -> Step:
    s = ctx.state
    unit = cmd.unit
    assert unit is not None
    check_can_move(s, unit)
    march = cmd.arg("march", False)
    if not isinstance(march, bool):
        raise Refused("bad_order", f'"march" must be true or false, got {march!r}')
    path = RM.parse_path(cmd.arg("path"))
    kind = kind_of(path, march)
    adv, mar, flies = rates(s, unit)
    got = RM.lay_out(s, unit, path)
    cost = got.cost(per_inch={"backward": 2.0, "sideways": 2.0, "turn": 0.0, "reform": 0.0})
    allowance = float(mar if march else adv)
    if cost > allowance + 1e-6:
        raise Refused("too_far", f'the move costs {cost:.2f}" but {U.name(s, unit)} may move '
                      f'{allowance:g}"' + (" marching" if march else ""))
    env = space.surroundings(s, unit)
    over = flies and kind != "reform"
    problem = RM.route_problem(env, got, K.UNIT_GAP, over)
    if problem:
        raise Refused("illegal_move", f"{U.name(s, unit)} cannot move there: {problem}")
    end = space.formation_of_block(got.end)
    yield ev.ActionTaken(unit, kind)
    if march:
        side = s.units[unit].side
        near = [k for k, o in space.other_boundaries(s, exclude=(unit,)).items()
                if s.units[k].side != side and s.units[k].status == "active"
                and space.boundary(s, unit).distance(o) <= K.MARCH_TEST_RANGE]
        if near:
            ok = yield from U.discipline_test(
                ctx, unit, "discipline", f'the March Test with {U.name(s, near[0])} within 8"',
                "March Test")
            if not ok:
                if cost > adv + 1e-6:
                    yield ev.UnitFlagSet(unit, "moved", "player_turn", "stayed")
                    yield ev.RuleApplied("March", unit, "fails to march: it stays where it is")
                    return
                yield ev.RuleApplied("March", unit, "fails to march: it makes the move as an "
                                     "Advance move")
                kind = "advance"
    # (the flag says how: a March or a Reform stops the unit shooting, an Advance costs -1)
    yield ev.UnitFlagSet(unit, "moved", "player_turn", kind)
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, round(cost, 4), kind)
    if kind in ("advance", "march"):
        for _, r in U.hooked(ctx.state, unit, "after_move"):
            if ctx.state.game_over or not U.on_table(ctx.state, unit):
                return
            yield from r.after_move(ctx, unit, got, kind == "march")
        yield from F.phased(ctx).check_winner(ctx)


__all__ = ["check_can_move", "kind_of", "move", "rates"]

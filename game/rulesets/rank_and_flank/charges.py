"""Charges of units in formation, what the rank-and-flank rulesets share: the front arc, line of
sight and the facing a charge goes into at declaration; then, once the charges are declared,
each charger moving in the order declared. Contact brings the charger flush against the facing
it charged ("closing the door"); a charge that falls short moves part of the way toward the
target; a charge at a unit that fled runs it down or moves on.

The ruleset rolls the charge range (:class:`ChargeRoll`: old-world M + the higher of 2D6,
ninth-age 2D6 + Adv) and may act when a charge is resolved (First Charge).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import dataclasses
import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from game.core import events as ev
from game.core import measure
from game.core.commands import Order
from game.core.decisions import Ask
from game.core.errors import Refused
from game.core.log import show_inches
from game.core.ruleset import Step
from game.core.state import GameState
from game.geometry import formation
from game.geometry import formation_actions as actions
from game.geometry.contact import CONTACT_TOL
from game.geometry.formation_moves import Surroundings
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.units import host, name, on_table
from game.rulesets.rank_and_flank.victory import TAKEN

#: a charge reaches when the gap is within its reach and the contact tolerance (a unit that far
#: away would touch): placing units by hand leaves crumbs of floating point
CLOSE_ENOUGH = CONTACT_TOL

def charge_plan(s: GameState, unit: str, target: str, facing: str | None,
                around: str = "all", here: formation.Block | None = None) -> actions.ChargePlan:
    """:func:`~game.geometry.formation_actions.charge_position` of ``unit`` (or the block
    ``here``) against ``target``, in the way of: ``"all"`` the other units, terrain and the
    table edge; ``"terrain"`` terrain and the table edge; ``"table"`` the table edge alone
    (kept by value: :func:`~game.rulesets.rank_and_flank.space.kept`)."""
    here = space.block_of(s, unit) if here is None else here
    there = space.block_of(s, target)

    def work() -> actions.ChargePlan:
        if around == "all":
            env = space.surroundings(s, unit)
        elif around == "terrain":
            env = Surroundings(impassable=space.blocking_terrain(s, ("impassable", "obstacle")),
                               table=s.table)
        else:
            env = Surroundings(table=s.table)
        return actions.charge_position(here, there, facing, env, target_key=target)

    where: Hashable = (space.surroundings_key(s, unit) if around == "all"
                       else (s.terrain, s.table) if around == "terrain" else s.table)
    return space.kept(("charge", here, there, facing, target, around, where), work)


def in_front_arc(s: GameState, unit: str, target: str) -> bool:
    """Whether any part of the target's Unit Boundary lies in the unit's front arc."""
    return formation.in_front_arc(space.block_of(s, unit), space.block_of(s, target))


def line_of_sight(s: GameState, unit: str, target: str) -> bool:
    """Some part of the target (in the front arc) can be seen from the unit's front edge:
    taller terrain and the other units block sight."""
    return actions.unit_line_of_sight(space.block_of(s, unit), space.block_of(s, target),
                                      space.sight_walls(s, unit, target))


def charge_facing(s: GameState, charger: str, target: str) -> str:
    """The facing of the target the charge goes into: the target's arc holding most of the
    charger's front-rank models (by their centres); a tie goes to the arc least good for the
    charger (front, then flank, then rear)."""
    return formation.facing_for_charge(space.block_of(s, target), space.block_of(s, charger),
                                       by="models")


def gap(s: GameState, unit: str, target: str) -> float:
    """The distance between two Unit Boundaries."""
    return space.rects_distance(space.unit_key(s, unit), space.unit_key(s, target))


#: a move shorter than this is no move: the log says why the unit stayed instead
MOVED = 0.005


def stopped_why(env: Surroundings, key: str | None, otherwise: str) -> str:
    """Why a move stopped, as a player reads it: what was in the way, or ``otherwise``."""
    from game.geometry.formation_moves import TABLE_EDGE

    if key == TABLE_EDGE:
        return "the table's edge is in the way"
    if key is not None and env.kind(key) == "enemy":
        return f'it would come within 1" of {env.label(key)}'
    if key is not None:
        return f"{env.label(key)} is in the way"
    return otherwise


def _never(s: GameState, unit: str) -> bool:
    return False


Flies = Callable[[GameState, str], bool]


Sees = Callable[[GameState, str, str], bool]


def unit_and_enemy(s: GameState, cmd: Order, verb: str, to_verb: str, joined: str) -> tuple[str, str]:
    """The unit an order of ``verb`` (``charge``, ``shoot``) is for and its ``target``, an enemy
    unit on the table (a character's unit when the target names one); refused when the unit is
    a character in a unit (``joined`` says what to do instead) or the target is no such
    enemy."""
    unit = cmd.unit
    assert unit is not None
    if host(s, unit) != unit:
        raise Refused("joined", f"{name(s, unit)} is with {name(s, host(s, unit))}: {joined}")
    target = cmd.arg("target")
    if not isinstance(target, str) or target not in s.units:
        raise Refused("unknown_unit", f'there is no unit "{target}" {to_verb}' if isinstance(target, str)
                      else f'"{verb}" needs the id of an enemy unit as "target", got {target!r}')
    target = host(s, target)
    trec = s.units[target]
    if trec.side == s.units[unit].side:
        raise Refused("friendly_target", f"{name(s, target)} is on your side")
    if not on_table(s, target) or trec.formation is None:
        raise Refused("target_gone", f"{name(s, target)} is {trec.status}")
    return unit, target


def check_declaration(s: GameState, cmd: Order, furthest: Callable[[GameState, str], tuple[int, str]],
                      may_charge: Callable[[GameState, str], None],
                      flies: Flies = _never, sees: Sees = line_of_sight) -> tuple[str, str]:
    """Refuse a charge that may not be declared (``Refused`` with the reason); returns
    (charger, target). ``may_charge`` refuses what the ruleset's own states forbid (a unit
    that rallied, is Stupid, has moved...); ``furthest`` gives the farthest a charge of the
    unit can reach and how that is made up ("M 4 + 6"); a unit that does not fly (``flies``)
    may not charge a target that terrain leaves no way to reach."""
    unit, target = unit_and_enemy(s, cmd, "charge", "to charge", "order the unit to charge")
    rec = s.units[unit]
    if rec.status != "active":
        raise Refused("fleeing", f"{name(s, unit)} is {rec.status} and cannot charge")
    may_charge(s, unit)
    if not in_front_arc(s, unit, target):
        raise Refused("not_in_arc", f"{name(s, target)} is not in the front arc of {name(s, unit)}")
    reach, how = furthest(s, unit)
    distance = gap(s, unit, target)
    if not measure.within(distance, reach):
        raise Refused("out_of_range", f'{name(s, target)} is {distance:.1f}" away: beyond the '
                      f'{reach}" a charge of {name(s, unit)} can reach ({how})')
    if not sees(s, unit, target):
        raise Refused("no_line_of_sight", f"{name(s, unit)} cannot see {name(s, target)}")
    if not flies(s, unit):  # terrain that leaves no way in makes the charge impossible
        plan = charge_plan(s, unit, target, None, "terrain")
        if plan.reason is not None:
            raise Refused("no_way", f"{name(s, unit)} has no way to reach {name(s, target)}: "
                          f"{plan.reason}")
    return unit, target


def announce(ctx: Context, unit: str, target: str) -> Step:
    """Record a declared charge (its target, the facing it goes into and its place in the
    order the charges move) and say so. Returns the facing."""
    s = ctx.state
    facing = charge_facing(s, unit, target)
    count = sum(1 for u in s.units.values() if u.flag("charge_declared"))
    yield ev.ActionTaken(unit, "charge", target)
    yield ev.UnitFlagSet(unit, "charge_declared", "player_turn", (target, facing, count + 1))
    yield ev.RuleApplied("Charge", unit, f"declares a charge into the {facing} of "
                         f"{name(s, target)}", target)
    return facing


#: what the log says of each charge reaction
REACTION_WORDS = {"hold": "holds", "flee": "flees", "stand_and_shoot": "stands and shoots"}

React = Callable[[Any, str, str], Step]


def react(ctx: Context, unit: str, target: str, forced: str | None, options: tuple[str, ...],
          shoot: React, run: React, flee_again: bool = False) -> Step:
    """The charged unit's reaction: ``forced`` when a rule forces it (said in the log), else
    the decision ``charge_reaction`` among ``options`` (default ``hold``; no question when
    holding is all it can do). Stand and Shoot calls ``shoot(ctx, target, charger)``; a flee
    calls ``run(ctx, target, charger)``; a unit that already fled this phase flees again only
    with ``flee_again`` (else it stays put)."""
    s = ctx.state
    if forced is None:
        if len(options) > 1:
            answer = yield Ask("charge_reaction",
                               f"{name(s, unit)} charges {name(s, target)}: how does it react?",
                               options, "hold", side=s.units[target].side)
        else:
            answer = "hold"
    else:
        answer = forced
        why = "must" if forced == "flee" else "can only"
        yield ev.RuleApplied("Charge reaction", target, f"{why} {forced}", unit)
    yield ev.UnitFlagSet(unit, "charge_reaction", "player_turn", answer)
    yield ev.RuleApplied("Charge reaction", target, REACTION_WORDS[answer], unit)
    if answer == "stand_and_shoot":
        yield from shoot(ctx, target, unit)
    if answer == "flee" and ctx.state.units[target].status != "fled":
        if ctx.state.units[target].flag("fled_this_phase") and not flee_again:
            yield ev.RuleApplied("Flee", target, "has already fled this phase: it stays put")
        else:
            yield ev.UnitFlagSet(target, "fled_this_phase", "phase", True)
            yield from run(ctx, target, unit)
    return answer


def declared(s: GameState) -> list[str]:
    """Units that declared a charge this turn and have not moved it yet, in declared order."""
    got = [(u.flag("charge_declared")[2], uid) for uid, u in s.units.items()
           if u.flag("charge_declared") and not u.flag("charge_moved")]
    return [uid for _, uid in sorted(got)]


@dataclass(frozen=True, slots=True)
class ChargeRoll:
    """A charger's roll: the dice thrown and kept, what is added (``("Movement", 4)``), the
    charge range in inches and how far a charge that falls short moves."""

    faces: tuple[int, ...]
    kept: tuple[int, ...]
    mods: tuple[tuple[str, int], ...]
    reach: int
    short: int
    die: str = "2d6"


RollCharge = Callable[[Any, str], ChargeRoll]
Resolved = Callable[[Any, str, str, bool], Step]


def _nothing(ctx: Context, unit: str, target: str, contact: bool) -> Step:
    yield from ()


def move_chargers(ctx: Context, roll: RollCharge, resolved: Resolved = _nothing,
                  flies: Flies = _never, miss_fails: bool = False) -> Step:
    """Move every declared charge, in the order declared (``miss_fails``: see
    :func:`run_down`)."""
    for unit in declared(ctx.state):
        if ctx.state.game_over:
            return
        yield from move_charger(ctx, unit, roll, resolved, flies, miss_fails)


def move_charger(ctx: Context, unit: str, roll: RollCharge, resolved: Resolved = _nothing,
                 flies: Flies = _never, miss_fails: bool = False) -> Step:
    """Roll the charge range and move: into contact flush with the facing charged when the gap
    is within range and there is room (a flying charger passes over what is in the way, only
    where it lands must be clear); otherwise a failed charge, or a blocked one when it would
    reach but cannot get in. A charger whose target fled runs it down (see :func:`run_down`).
    ``resolved`` hears whether contact was made."""
    s = ctx.state
    rec = s.units[unit]
    target, facing, _ = rec.flag("charge_declared")
    yield ev.UnitFlagSet(unit, "charge_moved", "player_turn", True)
    if not on_table(s, unit):
        return
    if rec.flag("charge_failed"):
        yield from resolved(ctx, unit, target, False)
        return
    got = roll(ctx, unit)
    reach = got.reach
    trec = s.units[target]
    running_down = trec.status in ("fleeing", "fled") or rec.flag("charge_reaction") == "flee"
    here = space.block_of(s, unit)
    plan = None
    if on_table(s, target) and not running_down:
        if flies(s, unit):  # over units and terrain: only where it lands must be clear
            plan = charge_plan(s, unit, target, facing, "table", here)
            env = space.surroundings(s, unit)
            if plan.reason is None and env.overlapping([plan.block.polygon], ignore=(target,)):
                plan = dataclasses.replace(plan, reason="there is no room to land against it")
        else:
            plan = charge_plan(s, unit, target, facing, "all", here)
        distance = plan.gap_distance
    elif on_table(s, target):
        distance = here.polygon.distance(space.block_of(s, target).polygon)
    else:
        distance = math.inf
    blocked = plan is not None and plan.reason is not None and distance <= reach + CLOSE_ENOUGH
    ok = distance <= reach + CLOSE_ENOUGH and not blocked
    pursuit = _pursuit(s, unit, target, reach) if running_down else None
    if pursuit is not None:  # the word says whether the run-down catches, not the gap alone
        ok = pursuit.caught
    word = "reaches" if ok else "blocked" if blocked else "falls short"
    yield ev.DiceRolled("charge_range", unit, got.die, got.faces, got.kept, got.mods, reach,
                        None if distance == math.inf else max(0, math.ceil(distance - CLOSE_ENOUGH)),
                        word, target if on_table(s, target) else None)
    if running_down:
        assert pursuit is not None
        yield from run_down(ctx, unit, target, pursuit, resolved,
                            got.short if miss_fails else None)
        return
    if not ok:
        if plan is not None and plan.reason is not None and distance <= reach + CLOSE_ENOUGH:
            yield ev.RuleApplied("Charge", unit, f"cannot close with {name(s, target)}: "
                                 f"{plan.reason}", target)
        yield from failed_charge(ctx, unit, target, got.short, distance)
        yield from resolved(ctx, unit, target, False)
        return
    assert plan is not None
    end = space.formation_of_block(plan.block)
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, distance, "charge")
    yield ev.UnitFlagSet(unit, "charged", "player_turn", (target, round(distance, 6), facing, False))
    stamp = ctx.state.events_applied
    yield ev.UnitFlagSet(unit, "engaged_at", "game", stamp)
    if not ctx.state.units[target].flag("engaged_at"):
        yield ev.UnitFlagSet(target, "engaged_at", "game", stamp)
    yield ev.RuleApplied("Charge", unit, f"crashes into the {formation.facing_name(facing)} of "
                         f"{name(s, target)} after {show_inches(distance)}", target)
    yield from resolved(ctx, unit, target, True)


def failed_charge(ctx: Context, unit: str, target: str, inches: int, distance: float,
                  blocked_by: str | None = None) -> Step:
    """A charge that falls short: the unit moves ``inches`` toward the target, stopping 1"
    short of enemies. ``blocked_by``: what stopped the run-down after a fleeing target (a key
    of the surroundings, or the table's edge), said in the log: the range roll alone may read
    as if it reached."""
    s = ctx.state
    env = space.surroundings(s, unit)
    got = actions.failed_charge_position(space.block_of(s, unit), space.block_of(s, target),
                                         float(inches), env)
    end = space.formation_of_block(got.block)
    if got.moved >= MOVED:
        yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, got.moved, "failed charge")
    yield ev.UnitFlagSet(unit, "charge_failed", "player_turn", "short")
    if got.moved >= MOVED:
        moved = f"it moves {show_inches(got.moved)}"
    else:
        moved = "it cannot move closer: " + stopped_why(env, got.stopped_by, "it would come "
                                                        'within 1" of an enemy')
    but = f", but {stopped_why(env, blocked_by, '')}" if blocked_by is not None else ""
    yield ev.RuleApplied("Charge", unit, f'falls short of {name(s, target)} ({distance:.1f}" '
                         f"away{but}): {moved}", target)


def _pursuit(s: GameState, unit: str, target: str, reach: int) -> actions.PursuitResult:
    """Where ``unit`` gets running its charge range of ``reach`` inches after the fleeing
    ``target`` (toward where it left the table, if it did), and whether it catches it."""
    aim: Any = space.block_of(s, target)
    if not on_table(s, target):  # it left the table: the charger still runs after it
        aim = (aim.x, aim.y)
    return actions.pursue_move(space.block_of(s, unit), aim, float(reach),
                               space.surroundings(s, unit), target_key=target)


def run_down(ctx: Context, unit: str, target: str, got: actions.PursuitResult,
             resolved: Resolved = _nothing, short: int | None = None) -> Step:
    """The target fled from the charge: the charger moves its charge range after it (``got``,
    see :func:`_pursuit`); if it reaches the fleeing unit, that unit is destroyed. If not,
    the charger ends its move where the range took it, or, given ``short`` (the ruleset's
    Failed Charge distance), it makes a failed charge of ``short`` inches instead."""
    s = ctx.state
    if short is not None and not got.caught:
        gap = (space.block_of(s, unit).polygon.distance(space.block_of(s, target).polygon)
               if on_table(s, target) else math.inf)
        if on_table(s, target):
            yield from failed_charge(ctx, unit, target, short, gap, got.stopped_by)
        else:  # it left the table, or is gone: nothing to charge toward
            gone = "is destroyed" if s.units[target].status == "destroyed" else "has fled the table"
            yield ev.UnitFlagSet(unit, "charge_failed", "player_turn", "short")
            yield ev.RuleApplied("Charge", unit, f"has nothing to charge: {name(s, target)} "
                                 f"{gone}; the charge fails")
        yield from resolved(ctx, unit, target, False)
        return
    end = space.formation_of_block(got.block)
    if got.moved >= MOVED:
        yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, got.moved, "charge")
    if not on_table(s, target) and got.moved >= MOVED:
        yield ev.RuleApplied("Charge", unit, f"runs {show_inches(got.moved)} after "
                             f"{name(s, target)}, which has left the table (to the table's "
                             "edge at most)")
    elif not on_table(s, target):
        why = stopped_why(space.surroundings(s, unit), got.stopped_by,
                          "it is at the table's edge")
        yield ev.RuleApplied("Charge", unit, f"cannot run after {name(s, target)}, which has "
                             f"left the table: {why}")
    elif got.caught:
        yield ev.UnitFlagSet(target, TAKEN, "game", s.units[unit].side)
        yield ev.UnitStatusChanged(target, "destroyed", f"run down by {name(s, unit)}", unit)
    else:
        # (what stopped it short of the fleeing unit, if something did: a unit or terrain the
        # fleeing unit went over, the table's edge; the range roll alone may read as enough)
        why = "" if got.stopped_by is None else \
            f": {stopped_why(space.surroundings(s, unit), got.stopped_by, '')}"
        yield ev.RuleApplied("Charge", unit, f"does not catch the fleeing {name(s, target)}"
                             f"{why}", target)
    yield from resolved(ctx, unit, target, got.caught)


__all__ = ["unit_and_enemy", "CLOSE_ENOUGH", "MOVED", "stopped_why", "REACTION_WORDS", "ChargeRoll", "announce", "charge_facing", "check_declaration", "declared", "failed_charge", "gap", "in_front_arc",
           "line_of_sight", "move_charger", "move_chargers", "react", "run_down"]

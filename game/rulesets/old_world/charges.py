"""Charges in old-world: declaring one (front arc, line of sight, the maximum charge range, the
charger's Fear test, the target's Terror test and its reaction), then, once the charges are all
declared, moving each charger in the order declared: charge range M + the higher of 2D6;
contact brings the charger flush against the facing it charged, a charge that falls short moves
the higher die toward the target, a charge at a unit that fled runs it down or moves on.

Dice order: at declaration, the charger's Fear test and the target's Terror test (2D6 each, when
they are taken), then a flee reaction's 2D6; as charges move, each charger's two charge dice.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from game.core import events as ev
from game.core.commands import Order
from game.core.decisions import Ask
from game.core.errors import Refused
from game.core.ruleset import Step
from game.core.state import GameState
from game.geometry import formation
from game.geometry import formation_actions as actions
from game.geometry.formation_moves import Surroundings
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import units as U
from game.rulesets.old_world.combat import is_engaged
from game.rulesets.old_world.moves import flee
from game.rulesets.rank_and_flank import space

REACTIONS = ("hold", "flee", "stand_and_shoot")
#: distances this close count as equal (placing units by hand leaves crumbs of floating point)
CLOSE_ENOUGH = 0.01


def movement_of(s: GameState, unit: str) -> int:
    """The Movement the unit charges and moves with: its Fly value when it flies, else M (the
    slowest of the unit and its characters)."""
    fly = [v for u in U.members(s, unit) for r in U.rules(s, u) if (v := r.fly(s, s.units[u]))]
    ground = min(U.stat(s, u, "M") for u in U.members(s, unit))
    return min(fly) if fly and flies(s, unit) else ground


def flies(s: GameState, unit: str) -> bool:
    """Whether the unit moves by flying (every member has Fly, or is flying now)."""
    return all(any(r.fly(s, s.units[u]) for r in U.rules(s, u)) for u in U.members(s, unit))


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


def check_charge(s: GameState, cmd: Order) -> tuple[str, str]:
    """Refuse a charge that may not be declared; returns (charger, target)."""
    unit = cmd.unit
    assert unit is not None
    if U.host(s, unit) != unit:
        raise Refused("joined", f'{U.name(s, unit)} is with {U.name(s, U.host(s, unit))}: '
                      "order the unit to charge")
    target = cmd.arg("target")
    if not isinstance(target, str) or target not in s.units:
        raise Refused("unknown_unit", f'there is no unit "{target}" to charge' if isinstance(target, str) else f'"charge" needs the id of an enemy unit as "target", got {target!r}')
    target = U.host(s, target)
    rec, trec = s.units[unit], s.units[target]
    if trec.side == rec.side:
        raise Refused("friendly_target", f"{U.name(s, target)} is on your side")
    if not U.on_table(s, target):
        raise Refused("target_gone", f"{U.name(s, target)} is {trec.status}")
    if rec.status != "active":
        raise Refused("fleeing", f"{U.name(s, unit)} is {rec.status} and cannot charge")
    if rec.flag("rallied"):
        raise Refused("rallied", f"{U.name(s, unit)} rallied this turn and cannot charge")
    if is_engaged(s, unit):
        raise Refused("engaged", f"{U.name(s, unit)} is already in combat")
    if "stupid" in rec.conditions:
        raise Refused("stupid", f"{U.name(s, unit)} is Stupid this turn and cannot charge")
    if rec.flag("charge_declared"):
        raise Refused("declared", f"{U.name(s, unit)} has already declared a charge this turn")
    if rec.flag("moved"):
        raise Refused("moved", f"{U.name(s, unit)} has already moved this turn")
    if not in_front_arc(s, unit, target):
        raise Refused("not_in_arc", f"{U.name(s, target)} is not in the front arc of {U.name(s, unit)}")
    reach = movement_of(s, unit) + 6
    gap = space.rects_distance(space.unit_key(s, unit), space.unit_key(s, target))
    if gap > reach + 1e-9:
        raise Refused("out_of_range", f'{U.name(s, target)} is {gap:.1f}" away: beyond the '
                      f'{reach}" a charge of {U.name(s, unit)} can reach (M {reach - 6} + 6)')
    if not line_of_sight(s, unit, target):
        raise Refused("no_line_of_sight", f"{U.name(s, unit)} cannot see {U.name(s, target)}")
    if not flies(s, unit):  # terrain that leaves no way in makes the charge impossible
        terrain = Surroundings(impassable=space.blocking_terrain(s, ("impassable", "obstacle")),
                               table=s.table)
        plan = actions.charge_position(space.block_of(s, unit), space.block_of(s, target), None,
                                       terrain, target_key=target)
        if plan.reason is not None:
            raise Refused("no_way", f"{U.name(s, unit)} has no way to reach {U.name(s, target)}: "
                          f"{plan.reason}")
    return unit, target


def declare(ctx: Any, cmd: Order) -> Step:
    s = ctx.state
    unit, target = check_charge(s, cmd)
    facing = charge_facing(s, unit, target)
    count = sum(1 for u in s.units.values() if u.flag("charge_declared"))
    yield ev.ActionTaken(unit, "charge", target)
    yield ev.UnitFlagSet(unit, "charge_declared", "player_turn", (target, facing, count + 1))
    yield ev.RuleApplied("Charge", unit, f"declares a charge into the {facing} of "
                         f"{U.name(s, target)}", target)
    # the charger's Fear test
    s = ctx.state
    if (U.has(s, target, "fear") and U.unit_strength(s, target) > U.unit_strength(s, unit)
            and not s.units[unit].flag("fear_tested")):
        if U.has(s, unit, "immune_to_psychology"):
            yield ev.RuleApplied("Fear", unit, "is Immune to Psychology: it charges on", target)
        elif U.frightens(s, target, unit):
            yield ev.UnitFlagSet(unit, "fear_tested", "player_turn", True)
            ok = yield from U.leadership_test(ctx, unit, "fear", f"to charge {U.name(s, target)}",
                                              against=target)
            if not ok:  # no charge: the target has nothing to react to
                yield ev.UnitFlagSet(unit, "charge_failed", "player_turn", "Fear")
                yield ev.RuleApplied("Fear", unit, "does not move: a failed charge", target)
                return
    yield from reaction(ctx, unit, target)


def reaction(ctx: Any, unit: str, target: str) -> Step:
    """The target's Terror test and its charge reaction (hold by default)."""
    s = ctx.state
    trec = s.units[target]
    forced = None
    if trec.status == "fleeing":
        forced = "flee"
    elif is_engaged(s, target) or "stupid" in trec.conditions:
        forced = "hold"
    may_flee = forced is None and not U.has(s, target, "immune_to_psychology")
    if (forced is None and U.has(s, unit, "terror") and "terror" not in U.own_flags(s, target)):
        if not may_flee:
            yield ev.RuleApplied("Terror", target, "cannot flee, so takes no Terror test", unit)
        else:
            ok = yield from U.leadership_test(ctx, target, "terror",
                                              f"against the Terror of {U.name(s, unit)}", against=unit)
            if not ok:
                forced = "flee"
    if forced is None:
        options = ("hold", "flee") if may_flee else ("hold",)
        if can_stand_and_shoot(s, target, unit):
            options = (*options, "stand_and_shoot")
        if len(options) > 1:
            answer = yield Ask("charge_reaction",
                               f"{U.name(s, unit)} charges {U.name(s, target)}: how does it react?",
                               options, "hold", side=trec.side)
        else:
            answer = "hold"
    else:
        answer = forced
        why = "must" if forced == "flee" else "can only"
        yield ev.RuleApplied("Charge reaction", target, f"{why} {forced}", unit)
    yield ev.UnitFlagSet(unit, "charge_reaction", "player_turn", answer)
    words = {"hold": "holds", "flee": "flees", "stand_and_shoot": "stands and shoots"}
    yield ev.RuleApplied("Charge reaction", target, words[answer], unit)
    if answer == "stand_and_shoot":
        yield from stand_and_shoot(ctx, target, unit)
    if answer == "flee" and ctx.state.units[target].status != "fled":
        if ctx.state.units[target].flag("fled_this_phase"):
            yield ev.RuleApplied("Flee", target, "has already fled this phase: it stays put")
        else:
            yield ev.UnitFlagSet(target, "fled_this_phase", "phase", True)
            yield from flee(ctx, target, unit, "reaction")


def missile_weapon(s: GameState, unit: str) -> K.Weapon | None:
    for w in U.profile(s, unit).weapons:
        if K.WEAPONS[w].missile:
            return K.WEAPONS[w]
    return None


def can_stand_and_shoot(s: GameState, unit: str, charger: str) -> bool:
    """A unit with a missile weapon, not in combat or fleeing, that sees the charger and is at
    least the charger's Movement away may stand and shoot."""
    if missile_weapon(s, unit) is None or s.units[unit].status != "active":
        return False
    if s.units[unit].flag("stood_and_shot"):  # once a turn, at one of the chargers
        return False
    gap = space.rects_distance(space.unit_key(s, unit), space.unit_key(s, charger))
    if gap < movement_of(s, charger) - 1e-9:
        return False
    return line_of_sight(s, unit, charger)


def stand_and_shoot(ctx: Any, unit: str, charger: str) -> Step:
    """The front rank shoots at the charger once, at -1 to hit whatever the range (to hit:
    7 - BS; a 1 always misses, a 6 always hits); its Wounds count toward the combat result of
    the turn. Then the unit holds."""
    from game.rulesets.old_world.combat import Combat, Losses, remove_casualties, resolve_hits

    s = ctx.state
    weapon = missile_weapon(s, unit)
    assert weapon is not None
    yield ev.UnitFlagSet(unit, "stood_and_shot", "player_turn", True)
    shots = U.rank_sizes(s, unit)[0]
    bs = U.stat(s, unit, "BS")
    needed = max(2, 7 - bs)
    mods = (("Stand and Shoot", K.STAND_AND_SHOOT),)
    faces = tuple(ctx.roll(K.DIE, "to_hit") for _ in range(shots))
    hits = sum(1 for f in faces if f == 6 or (f != 1 and f + K.STAND_AND_SHOOT >= needed))
    yield ev.DiceRolled("to_hit", unit, f"{len(faces)}d6", faces, faces, mods, hits, needed,
                        f"{hits} hit{'s' if hits != 1 else ''}", charger)
    if not hits:
        return
    tally = Combat([unit, charger])
    losses: dict[str, Losses] = {}
    strength = weapon.shot_strength or U.stat(s, unit, "S")
    yield from resolve_hits(ctx, tally, unit, charger, hits, losses, source="Stand and Shoot",
                            strength=strength, ap=weapon.shot_ap, bane=0)
    yield from remove_casualties(ctx, losses, "Stand and Shoot")
    counted = tally.inflicted[s.units[unit].side]
    if counted:
        yield ev.UnitFlagSet(unit, "shot_wounds", "player_turn", (charger, counted))


def declared(s: GameState) -> list[str]:
    """Units that declared a charge this turn and have not moved it yet, in declared order."""
    got = [(u.flag("charge_declared")[2], uid) for uid, u in s.units.items()
           if u.flag("charge_declared") and not u.flag("charge_moved")]
    return [uid for _, uid in sorted(got)]


def move_chargers(ctx: Any) -> Step:
    for unit in declared(ctx.state):
        if ctx.state.game_over:
            return
        yield from move_charger(ctx, unit)


def _resolved(ctx: Any, unit: str, target: str, contact: bool) -> Step:
    for _, r in U.hooked(ctx.state, unit, "charge_resolved"):
        yield from r.charge_resolved(ctx, unit, target, contact)


def move_charger(ctx: Any, unit: str) -> Step:
    s = ctx.state
    rec = s.units[unit]
    target, facing, _ = rec.flag("charge_declared")
    yield ev.UnitFlagSet(unit, "charge_moved", "player_turn", True)
    if not U.on_table(s, unit):
        return
    if rec.flag("charge_failed"):
        yield from _resolved(ctx, unit, target, False)
        return
    m = movement_of(s, unit)
    faces = (ctx.roll(K.DIE, "charge_range"), ctx.roll(K.DIE, "charge_range"))
    best = max(faces)
    reach = m + best
    trec = s.units[target]
    running_down = trec.status in ("fleeing", "fled") or rec.flag("charge_reaction") == "flee"
    here = space.block_of(s, unit)
    plan = None
    if U.on_table(s, target) and not running_down:
        env = space.surroundings(s, unit)
        if flies(s, unit):  # over units and terrain: only where it lands must be clear
            plan = actions.charge_position(here, space.block_of(s, target), facing,
                                           Surroundings(table=s.table), target_key=target)
            if plan.reason is None and env.overlapping([plan.block.polygon], ignore=(target,)):
                plan = dataclasses.replace(plan, reason="there is no room to land against it")
        else:
            plan = actions.charge_position(here, space.block_of(s, target), facing, env,
                                           target_key=target)
        gap = plan.gap_distance
    elif U.on_table(s, target):
        gap = here.polygon.distance(space.block_of(s, target).polygon)
    else:
        gap = math.inf
    blocked = plan is not None and plan.reason is not None and gap <= reach + CLOSE_ENOUGH
    ok = gap <= reach + CLOSE_ENOUGH and not blocked
    word = "reaches" if ok else "blocked" if blocked else "falls short"
    yield ev.DiceRolled("charge_range", unit, "2d6", faces, (best,), (("Movement", m),), reach,
                        None if gap == math.inf else max(0, math.ceil(gap - CLOSE_ENOUGH)), word,
                        target)
    if running_down:
        yield from run_down(ctx, unit, target, reach)
        return
    if not ok:
        if plan is not None and plan.reason is not None and gap <= reach + CLOSE_ENOUGH:
            yield ev.RuleApplied("Charge", unit, f"cannot close with {U.name(s, target)}: "
                                 f"{plan.reason}", target)
        yield from failed_charge(ctx, unit, target, best, gap)
        yield from _resolved(ctx, unit, target, False)
        return
    assert plan is not None
    end = space.formation_of_block(plan.block)
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, gap, "charge")
    yield ev.UnitFlagSet(unit, "charged", "player_turn", (target, round(gap, 6), facing, False))
    stamp = ctx.state.events_applied
    yield ev.UnitFlagSet(unit, "engaged_at", "game", stamp)
    if not ctx.state.units[target].flag("engaged_at"):
        yield ev.UnitFlagSet(target, "engaged_at", "game", stamp)
    yield ev.RuleApplied("Charge", unit, f"crashes into the {formation.facing_name(facing)} of "
                         f'{U.name(s, target)} after {gap:.1f}"', target)
    yield from _resolved(ctx, unit, target, True)


def failed_charge(ctx: Any, unit: str, target: str, best: int, gap: float) -> Step:
    """A charge that falls short: the unit moves the higher charge die toward the target,
    stopping 1" short of enemies."""
    s = ctx.state
    got = actions.failed_charge_position(space.block_of(s, unit), space.block_of(s, target),
                                         float(best), space.surroundings(s, unit))
    end = space.formation_of_block(got.block)
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, got.moved, "failed charge")
    yield ev.UnitFlagSet(unit, "charge_failed", "player_turn", "short")
    yield ev.RuleApplied("Charge", unit, f'falls short of {U.name(s, target)} ({gap:.1f}" away): '
                         f'it moves {got.moved:.1f}"', target)


def run_down(ctx: Any, unit: str, target: str, reach: int) -> Step:
    """The target fled from the charge: the charger moves its charge range after it; if it
    reaches the fleeing unit, that unit is destroyed (this is never a failed charge)."""
    s = ctx.state
    aim: Any = space.block_of(s, target)
    if not U.on_table(s, target):  # it left the table: the charger still runs after it
        aim = (aim.x, aim.y)
    got = actions.pursue_move(space.block_of(s, unit), aim, float(reach),
                              space.surroundings(s, unit), target_key=target)
    end = space.formation_of_block(got.block)
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, got.moved, "charge")
    if got.caught:
        yield ev.UnitStatusChanged(target, "destroyed", f"run down by {U.name(s, unit)}", unit)
    else:
        yield ev.RuleApplied("Charge", unit, f"does not catch the fleeing {U.name(s, target)}",
                             target)
    yield from _resolved(ctx, unit, target, got.caught)

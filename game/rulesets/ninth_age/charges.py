"""Charges in ninth-age: declaring one in the Charge Phase (the target in the charger's front
arc and sight, no further than Adv + 12"), the target's reaction at once (Hold, Flee, or Stand
and Shoot with a ranged attack), then, when the declarations are over, each charger moving in
the order declared: Charge Range 2D6 + Adv; contact brings it flush against the facing it
charged; a charge that falls short moves the highest die toward the target.

Dice order: at declaration, a Flee reaction's 2D6 or a Stand and Shoot's dice; as charges move,
each charger's two charge dice (three with Swiftstride).
"""

from __future__ import annotations

from typing import Any

from game.core import events as ev
from game.core.commands import Order
from game.core.decisions import Ask
from game.core.errors import Refused
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.shooting import can_stand_and_shoot, stand_and_shoot
from game.rulesets.rank_and_flank import charges as RC
from game.rulesets.rank_and_flank import moves
from game.rulesets.rank_and_flank.combat import is_engaged

REACTIONS = ("hold", "flee", "stand_and_shoot")
MAX_DICE = 12  # the most 2D6 can add to Adv


def advance_of(s: GameState, unit: str) -> int:
    """The Advance Rate the unit charges with: the lowest of the unit and its characters."""
    return min(U.stat(s, u, "Adv") for u in U.members(s, unit))


def maximised(s: GameState, unit: str) -> bool:
    """Swiftstride (the whole unit, or with the Type rules on, Cavalry and Beasts)."""
    if U.has(s, unit, "swiftstride"):
        return True
    return K.TYPE_RULES and U.profile(s, U.host(s, unit)).troop in ("cavalry", "beast")


def roll_distance(ctx: Any, unit: str, purpose: str, against: str | None) -> Step:
    """A Flee or Pursuit roll: 2D6 (a Maximised Roll with Swiftstride: 3D6, the lowest
    dropped). Returns a :class:`moves.Roll`."""
    n = 3 if maximised(ctx.state, unit) else 2
    faces = tuple(ctx.roll(K.DIE, purpose) for _ in range(n))
    kept = tuple(sorted(faces, reverse=True)[:2]) if n == 3 else faces
    total = sum(kept)
    yield ev.DiceRolled(purpose, unit, f"{n}d6", faces, kept, (), total, None, f'{total}"', against)
    return moves.Roll(faces, kept, total)


def roll_charge(ctx: Any, unit: str) -> RC.ChargeRoll:
    """Charge Range: 2D6 + Adv (Swiftstride: 3D6, the lowest dropped); a charge that falls
    short moves the highest die."""
    s = ctx.state
    adv = advance_of(s, unit)
    n = 3 if maximised(s, unit) else 2
    faces = tuple(ctx.roll(K.DIE, "charge_range") for _ in range(n))
    kept = tuple(sorted(faces, reverse=True)[:2]) if n == 3 else faces
    return RC.ChargeRoll(faces, kept, (("Adv", adv),), sum(kept) + adv, max(kept), f"{n}d6")


def check_charge(s: GameState, cmd: Order) -> tuple[str, str]:
    """Refuse a charge that may not be declared; returns (charger, target)."""
    unit = cmd.unit
    assert unit is not None
    if U.host(s, unit) != unit:
        raise Refused("joined", f'{U.name(s, unit)} is with {U.name(s, U.host(s, unit))}: '
                      "order the unit to charge")
    target = cmd.arg("target")
    if not isinstance(target, str) or target not in s.units:
        raise Refused("unknown_unit", f'there is no unit "{target}" to charge' if isinstance(target, str)
                      else f'"charge" needs the id of an enemy unit as "target", got {target!r}')
    target = U.host(s, target)
    rec, trec = s.units[unit], s.units[target]
    if trec.side == rec.side:
        raise Refused("friendly_target", f"{U.name(s, target)} is on your side")
    if not U.on_table(s, target):
        raise Refused("target_gone", f"{U.name(s, target)} is {trec.status}")
    if rec.status != "active":
        raise Refused("fleeing", f"{U.name(s, unit)} is {rec.status} and cannot charge")
    if rec.flag("rallied"):
        raise Refused("shaken", f"{U.name(s, unit)} rallied this turn: it is Shaken and cannot charge")
    if is_engaged(s, unit):
        raise Refused("engaged", f"{U.name(s, unit)} is already in combat")
    if rec.flag("charge_declared"):
        raise Refused("declared", f"{U.name(s, unit)} has already declared a charge this turn")
    if not RC.in_front_arc(s, unit, target):
        raise Refused("not_in_arc", f"{U.name(s, target)} is not in the front arc of {U.name(s, unit)}")
    adv = advance_of(s, unit)
    furthest = adv + MAX_DICE
    gap = RC.gap(s, unit, target)
    if gap > furthest + 1e-9:
        raise Refused("out_of_range", f'{U.name(s, target)} is {gap:.1f}" away: beyond the '
                      f'{furthest}" a charge of {U.name(s, unit)} can reach (Adv {adv} + 12)')
    if not RC.line_of_sight(s, unit, target):
        raise Refused("no_line_of_sight", f"{U.name(s, unit)} cannot see {U.name(s, target)}")
    return unit, target


def declare(ctx: Any, cmd: Order) -> Step:
    s = ctx.state
    unit, target = check_charge(s, cmd)
    facing = RC.charge_facing(s, unit, target)
    count = sum(1 for u in s.units.values() if u.flag("charge_declared"))
    yield ev.ActionTaken(unit, "charge", target)
    yield ev.UnitFlagSet(unit, "charge_declared", "player_turn", (target, facing, count + 1))
    yield ev.RuleApplied("Charge", unit, f"declares a charge into the {facing} of "
                         f"{U.name(s, target)}", target)
    yield from reaction(ctx, unit, target)


def reaction(ctx: Any, unit: str, target: str) -> Step:
    """The target's Charge Reaction (decision ``charge_reaction``, default ``hold``): a fleeing
    unit must flee, one in combat can only hold; Fearless and Unbreakable units may not flee;
    Stand and Shoot needs a ranged attack that can reach the charger."""
    s = ctx.state
    trec = s.units[target]
    forced = None
    if trec.status == "fleeing":
        forced = "flee"
    elif is_engaged(s, target):
        forced = "hold"
    if forced is None:
        options = ["hold"]
        if not (U.has(s, target, "fearless") or U.has(s, target, "unbreakable")):
            options.append("flee")
        if can_stand_and_shoot(s, target, unit):
            options.append("stand_and_shoot")
        if len(options) > 1:
            answer = yield Ask("charge_reaction",
                               f"{U.name(s, unit)} charges {U.name(s, target)}: how does it react?",
                               tuple(options), "hold", side=trec.side)
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
        yield from ctx.ruleset.check_winner(ctx)
    elif answer == "flee" and ctx.state.units[target].status != "fled":
        if ctx.state.units[target].flag("fled_this_phase"):
            yield ev.RuleApplied("Flee", target, "has already fled this phase: it stays put")
        else:
            yield ev.UnitFlagSet(target, "fled_this_phase", "phase", True)
            got = yield from roll_distance(ctx, target, "flee", unit)
            yield from moves.flee(ctx, target, unit, "reaction", roll=got)


def move_chargers(ctx: Any) -> Step:
    yield from RC.move_chargers(ctx, roll_charge)


__all__ = ["REACTIONS", "advance_of", "check_charge", "declare", "move_chargers", "reaction",
           "roll_charge", "roll_distance"]

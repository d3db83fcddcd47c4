"""Charges in ninth-age: declaring one in the Charge Phase (the target in the charger's front
arc and sight, no further than Adv + 12"), the target's reaction at once (Hold, Flee, or Stand
and Shoot with a ranged attack), then, when the declarations are over, each charger moving in
the order declared: Charge Range 2D6 + Adv; contact brings it flush against the facing it
charged; a charge that falls short moves the highest die toward the target.

Dice order: at declaration, a Flee reaction's 2D6 or a Stand and Shoot's dice; as charges move,
each charger's two charge dice (three with Swiftstride).
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
from game.rulesets.ninth_age.shooting import can_stand_and_shoot, stand_and_shoot
from game.rulesets.rank_and_flank import charges as RC
from game.rulesets.rank_and_flank import flow as F
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


def roll_distance(ctx: Context, unit: str, purpose: str, against: str | None) -> Step:
    """A Flee or Pursuit roll: 2D6 (a Maximised Roll with Swiftstride: 3D6, the lowest
    dropped). Returns a :class:`moves.Roll`."""
    n = 3 if maximised(ctx.state, unit) else 2
    faces = tuple(ctx.roll(K.DIE, purpose) for _ in range(n))
    kept = tuple(sorted(faces, reverse=True)[:2]) if n == 3 else faces
    total = sum(kept)
    yield ev.DiceRolled(purpose, unit, f"{n}d6", faces, kept, (), total, None, f'{total}"', against)
    return moves.Roll(faces, kept, total)


def roll_charge(ctx: Context, unit: str) -> RC.ChargeRoll:
    """Charge Range: 2D6 + Adv (Swiftstride: 3D6, the lowest dropped); a charge that falls
    short moves the highest die."""
    s = ctx.state
    adv = advance_of(s, unit)
    n = 3 if maximised(s, unit) else 2
    faces = tuple(ctx.roll(K.DIE, "charge_range") for _ in range(n))
    kept = tuple(sorted(faces, reverse=True)[:2]) if n == 3 else faces
    return RC.ChargeRoll(faces, kept, (("Adv", adv),), sum(kept) + adv, max(kept), f"{n}d6")


def _may_charge(s: GameState, unit: str) -> None:
    rec = s.units[unit]
    if rec.flag("rallied"):
        raise Refused("shaken", f"{U.name(s, unit)} rallied this turn: it is Shaken and cannot charge", NOT_NOW)
    if is_engaged(s, unit):
        raise Refused("engaged", f"{U.name(s, unit)} is already in combat", NOT_NOW)
    if rec.flag("charge_declared"):
        raise Refused("declared", f"{U.name(s, unit)} has already declared a charge this turn", NOT_NOW)


def _furthest(s: GameState, unit: str) -> tuple[int, str]:
    adv = advance_of(s, unit)
    return adv + MAX_DICE, f"Adv {adv} + 12"


def check_charge(s: GameState, cmd: Order) -> tuple[str, str]:
    """Refuse a charge that may not be declared (the target in the front arc and in sight,
    no further than Adv + 12"); returns (charger, target)."""
    from game.rulesets.ninth_age.shooting import sees

    return RC.check_declaration(s, cmd, _furthest, _may_charge, sees=sees)


def declare(ctx: Context, cmd: Order) -> Step:
    s = ctx.state
    unit, target = check_charge(s, cmd)
    yield from RC.announce(ctx, unit, target)
    yield from reaction(ctx, unit, target)


def reaction(ctx: Context, unit: str, target: str) -> Step:
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
    options = ["hold"]
    if forced is None:
        if not (U.has(s, target, "fearless") or U.has(s, target, "unbreakable")):
            options.append("flee")
        if can_stand_and_shoot(s, target, unit):
            options.append("stand_and_shoot")
    # a fleeing unit charged again flees again, even in the phase it already fled
    yield from RC.react(ctx, unit, target, forced, tuple(options), _shoot, _flee, flee_again=True)


def _shoot(ctx: Context, target: str, charger: str) -> Step:
    from game.rulesets.ninth_age import panic

    where = panic.where_it_stood(ctx.state, charger)
    yield from stand_and_shoot(ctx, target, charger)
    # (the charger's own losses make no Panic Test; its friends test if it was destroyed)
    yield from panic.after_losses(ctx, charger, target, where, own_test=False)
    yield from F.phased(ctx).check_winner(ctx)


def _flee(ctx: Context, target: str, charger: str) -> Step:
    got = yield from roll_distance(ctx, target, "flee", charger)
    yield from moves.flee(ctx, target, charger, "reaction", roll=got)


def move_chargers(ctx: Context) -> Step:
    # a charge that does not catch a unit that fled from it is a Failed Charge Move
    yield from RC.move_chargers(ctx, roll_charge, miss_fails=True)


__all__ = ["REACTIONS", "advance_of", "check_charge", "declare", "move_chargers", "reaction",
           "roll_charge", "roll_distance"]

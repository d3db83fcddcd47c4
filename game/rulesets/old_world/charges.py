"""Charges in old-world: declaring one (front arc, line of sight, the maximum charge range, the
charger's Fear test, the target's Terror test and its reaction), then, once the charges are all
declared, moving each charger in the order declared: charge range M + the higher of 2D6;
contact brings the charger flush against the facing it charged, a charge that falls short moves
the higher die toward the target, a charge at a unit that fled runs it down or moves on.

Dice order: at declaration, the charger's Fear test and the target's Terror test (2D6 each, when
they are taken), then a flee reaction's 2D6; as charges move, each charger's two charge dice.
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
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import units as U
from game.rulesets.old_world.shooting import can_stand_and_shoot, stand_and_shoot
from game.rulesets.rank_and_flank import charges as RC
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank.combat import is_engaged
from game.rulesets.rank_and_flank.moves import flee

REACTIONS = ("hold", "flee", "stand_and_shoot")


def movement_of(s: GameState, unit: str) -> int:
    """The Movement the unit charges and moves with: its Fly value when it flies, else M (the
    slowest of the unit and its characters)."""
    fly = [v for u in U.members(s, unit) for r in U.rules(s, u) if (v := r.fly(s, s.units[u]))]
    ground = min(U.stat(s, u, "M") for u in U.members(s, unit))
    return min(fly) if fly and flies(s, unit) else ground


def flies(s: GameState, unit: str) -> bool:
    """Whether the unit moves by flying (every member has Fly, or is flying now)."""
    return all(any(r.fly(s, s.units[u]) for r in U.rules(s, u)) for u in U.members(s, unit))


def _may_charge(s: GameState, unit: str) -> None:
    rec = s.units[unit]
    if rec.flag("rallied"):
        raise Refused("rallied", f"{U.name(s, unit)} rallied this turn and cannot charge", NOT_NOW)
    if is_engaged(s, unit):
        raise Refused("engaged", f"{U.name(s, unit)} is already in combat", NOT_NOW)
    if "stupid" in rec.conditions:
        raise Refused("stupid", f"{U.name(s, unit)} is Stupid this turn and cannot charge", NOT_NOW)
    if rec.flag("charge_declared"):
        raise Refused("declared", f"{U.name(s, unit)} has already declared a charge this turn", NOT_NOW)
    if rec.flag("moved"):
        raise Refused("moved", f"{U.name(s, unit)} has already moved this turn", NOT_NOW)


def _furthest(s: GameState, unit: str) -> tuple[int, str]:
    m = movement_of(s, unit)
    return m + 6, f"M {m} + 6"


def check_charge(s: GameState, cmd: Order) -> tuple[str, str]:
    """Refuse a charge that may not be declared; returns (charger, target)."""
    from game.rulesets.old_world.shooting import sees

    return RC.check_declaration(s, cmd, _furthest, _may_charge, flies, sees)


def declare(ctx: Context, cmd: Order) -> Step:
    s = ctx.state
    unit, target = check_charge(s, cmd)
    yield from RC.announce(ctx, unit, target)
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


def reaction(ctx: Context, unit: str, target: str) -> Step:
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
    options: tuple[str, ...] = ("hold", "flee") if may_flee else ("hold",)
    if forced is None and can_stand_and_shoot(s, target, unit):
        options = (*options, "stand_and_shoot")
    yield from RC.react(ctx, unit, target, forced, options, _stand_and_shoot, _flee_reaction)


def _stand_and_shoot(ctx: Context, target: str, charger: str) -> Step:
    yield from stand_and_shoot(ctx, target, charger)
    yield from F.phased(ctx).check_winner(ctx)


def _flee_reaction(ctx: Context, target: str, charger: str) -> Step:
    yield from flee(ctx, target, charger, "reaction")


def roll_charge(ctx: Context, unit: str) -> RC.ChargeRoll:
    """Charge range: M (its Fly when it flies) + the higher of 2D6; a charge that falls short
    moves that die."""
    m = movement_of(ctx.state, unit)
    faces = (ctx.roll(K.DIE, "charge_range"), ctx.roll(K.DIE, "charge_range"))
    best = max(faces)
    return RC.ChargeRoll(faces, (best,), (("Movement", m),), m + best, best)


def _resolved(ctx: Context, unit: str, target: str, contact: bool) -> Step:
    for _, r in U.hooked(ctx.state, unit, "charge_resolved"):
        yield from r.charge_resolved(ctx, unit, target, contact)


def move_chargers(ctx: Context) -> Step:
    """Every declared charge moves, in the order declared (``rank_and_flank.charges``)."""
    yield from RC.move_chargers(ctx, roll_charge, _resolved, flies)

"""Ranged attacks in ninth-age: the Shooting Phase and Stand and Shoot reactions. The only
ranged attack so far is the ranged Breath Attack (missile weapons are accepted in profiles and
not used yet).

Shooting Phase: at its start each unit of the active side that can shoot (not fleeing, not in
combat, not Shaken) and has a ranged attack ready picks a target (decision ``breath_attack``:
an enemy unit in its front arc, in sight and in range, nearest first; default the nearest, or
``none``), then every part with a ranged attack shoots it.
"""

from __future__ import annotations

from typing import Any

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import panic
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.attacks import can_shoot, distance, targets
from game.rulesets.ninth_age.rules import RULES
from game.rulesets.rank_and_flank import charges as RC
from game.rulesets.rank_and_flank.flow import phases
from game.rulesets.rank_and_flank.units import members


def ranged_attacks(s: GameState, unit: str) -> list[tuple[str, Any, Any, tuple[str, ...]]]:
    """(member, part, rule, models) for every part of the unit's models (characters included)
    with a ranged attack some of its models can make now."""
    out = []
    for member in members(s, unit):
        for part in U.parts(s, member):
            for r in RULES.hooked(part.rules, "ranged_models"):
                models = r.ranged_models(s, member, part)
                if models:
                    out.append((member, part, r, models))
    return out


def reach(attacks: list[tuple[str, Any, Any, tuple[str, ...]]]) -> float:
    return max((r.ranged_reach() for _, _, r, _ in attacks), default=0.0)


def shoot_at(ctx: Any, unit: str, target: str, attacks: list[tuple[str, Any, Any, tuple[str, ...]]],
             any_range: bool = False) -> Step:
    for member, part, r, models in attacks:
        s = ctx.state
        if not U.on_table(s, target) or not U.on_table(s, member):
            return
        if not any_range and distance(s, unit, target) > r.ranged_reach() + 1e-9:
            continue
        yield from r.shoot(ctx, member, part, models, target)


def shooting_phase(ctx: Any) -> Step:
    side = phases(ctx.state).side
    for unit in [u for u, rec in ctx.state.units.items() if rec.side == side]:
        s = ctx.state
        if U.host(s, unit) != unit or not U.on_table(s, unit) or not can_shoot(s, unit):
            continue
        attacks = ranged_attacks(s, unit)
        if not attacks:
            continue
        options = targets(s, unit, reach(attacks))
        if not options:
            continue
        answer = yield Ask("breath_attack", f"{U.name(s, unit)} may breathe (once per game): at "
                           "which enemy unit?", (*options, "none"), options[0], side=side)
        if answer == "none":
            yield ev.RuleApplied("Shooting", unit, "holds its Breath Attack")
            continue
        where = panic.where_it_stood(ctx.state, answer)
        yield from panic.note_hp(ctx, answer)
        yield from shoot_at(ctx, unit, answer, attacks)
        yield from panic.after_losses(ctx, answer, unit, where)
        yield from ctx.ruleset.check_winner(ctx)


def can_stand_and_shoot(s: GameState, unit: str, charger: str) -> bool:
    """A unit charged by ``charger`` may Stand and Shoot when it can shoot, has a ranged
    attack ready, sees the charger in its front arc and has it in range."""
    if not can_shoot(s, unit):
        return False
    attacks = ranged_attacks(s, unit)
    if not attacks:
        return False
    if not RC.in_front_arc(s, unit, charger) or not RC.line_of_sight(s, unit, charger):
        return False
    gap = distance(s, unit, charger)
    if K.STAND_AND_SHOOT_MIN_DISTANCE and gap <= min(U.stat(s, m, "Adv") for m in members(s, charger)):
        return False
    return K.STAND_AND_SHOOT_BEYOND_RANGE or gap <= reach(attacks) + 1e-9


def stand_and_shoot(ctx: Any, unit: str, charger: str) -> Step:
    attacks = ranged_attacks(ctx.state, unit)
    yield from shoot_at(ctx, unit, charger, attacks, any_range=K.STAND_AND_SHOOT_BEYOND_RANGE)


__all__ = ["can_stand_and_shoot", "ranged_attacks", "shooting_phase", "stand_and_shoot"]

"""Injury Rolls, Blood Markers, going Down and Out of Action, falling.

An Injury Roll is a pool of 2D6 (3D6 for a Bloodbath Roll) changed by +/-INJURY DICE, then
INJURY MODIFIERS are added; all negative modifiers together stop at -3. The table: 1 or less
No Effect, 2-6 Minor Hit, 7-8 Down, 9 or more Out of Action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import math
from typing import Any

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.common.flow import last_side_standing, other_side
from game.rulesets.common.rules import Mod
from game.rulesets.trench_crusade import constants as K
from game.rulesets.trench_crusade.profile import Weapon
from game.rulesets.trench_crusade.rolls import (
    DiceMod,
    as_pairs,
    net_dice,
    roll_pool,
    spend_markers,
)
from game.rulesets.trench_crusade.rules import RULES, model_rules, weapon_rules


def injury_outcome(total: int) -> str:
    if total <= K.NO_EFFECT_MAX:
        return "no_effect"
    if total <= K.MINOR_HIT_MAX:
        return "minor_hit"
    if total <= K.DOWN_MAX:
        return "down"
    return "out_of_action"


def injury_modifiers(target: Any, weapon: Weapon | None) -> list[Mod]:
    """The INJURY MODIFIERS of a roll against ``target``: its Armour (less 1 against an
    ARMOUR PIERCING weapon, never below 0), the weapon's own modifier, and the cap that keeps
    the negative ones at -3 in all."""
    mods: list[Mod] = []
    armour = target.stat("Armour")
    if armour:
        mods.append(Mod("Armour", armour))
    lessened = 0  # what weapon rules take off the armour itself
    if weapon is not None:
        for rule in RULES.hooked(weapon_rules(weapon), "injury_modifiers"):
            for mod in rule.injury_modifiers(target, weapon, armour):
                mods.append(mod)
                lessened += mod.value
        if weapon.injury_modifier:
            mods.append(Mod(weapon.name, weapon.injury_modifier))
    # What lessens the armour counts with the negative side.
    negative = sum(m.value for m in mods if m.value < 0) + max(lessened, 0)
    if negative < K.MAX_NEGATIVE_INJURY_MODIFIER:
        mods.append(Mod("-3 at most", K.MAX_NEGATIVE_INJURY_MODIFIER - negative))
    return mods


def injury_roll(
    ctx: Context, target: str, by: str | None, dice: list[DiceMod], weapon: Weapon | None,
    source: str,
) -> Step:
    """Make an Injury Roll against ``target`` (by model ``by``, or None for a fall) and apply
    its result. Before the roll the opponent of ``target`` may spend its Blood Markers
    (+1 INJURY DICE each, or the price of a Bloodbath Roll), then its owner its Blessing
    Markers (-1 INJURY DICE each). Returns the result word."""
    dice = [d for d in dice if d.value]
    t = ctx.state.models[target]
    down = t.status == "down"
    price = K.BLOODBATH_COST_DOWN if down else K.BLOODBATH_COST
    have = t.counters.get("blood_markers", 0)
    extra = ("bloodbath",) if have >= price else ()
    effect = "+1 INJURY DICE each"
    if extra:  # a Bloodbath is offered only when the model holds enough markers for it
        effect += f', or "bloodbath" for {price} to roll 3D6'
    answer = yield from spend_markers(
        ctx, target, "blood_markers", other_side(t.side), effect, extra,
        reason="spent on an injury roll",
    )
    pool = K.INJURY_DICE
    if answer == "bloodbath":
        yield ev.CounterChanged(target, "blood_markers", -price, "spent on a Bloodbath Roll")
        yield ev.RuleApplied("Bloodbath Roll", by, f'spends {price} of the Blood Markers of "{target}": three dice count', target)
        pool = K.BLOODBATH_DICE
    elif answer:
        dice.append(Mod("Blood Markers", answer))
    spent = yield from spend_markers(
        ctx, target, "blessing_markers", t.side, "-1 INJURY DICE each on the injury roll",
        reason="spent on an injury roll",
    )
    if spent:
        dice.append(Mod("Blessing Markers", -spent))
    t = ctx.state.models[target]
    mods = injury_modifiers(t, weapon)
    faces, kept = roll_pool(ctx, pool, net_dice(dice), "injury_roll")
    total = sum(kept) + sum(m.value for m in mods)
    outcome = injury_outcome(total)
    yield ev.DiceRolled(
        "injury_roll", by or target, f"{len(faces)}d6", faces, kept, as_pairs(mods), total, None,
        outcome, target if by else None, as_pairs(dice),
    )
    yield from apply_injury(ctx, target, outcome, by, source)
    return outcome


def apply_injury(ctx: Context, target: str, outcome: str, by: str | None, source: str) -> Step:
    if outcome == "minor_hit":
        yield from add_blood(ctx, target, 1, "Minor Hit")
    elif outcome == "down":
        yield from take_down(ctx, target, source, by)
    elif outcome == "out_of_action":
        m = ctx.state.models[target]
        for rule in RULES.hooked(model_rules(m), "instead_of_out_of_action"):
            if (yield from rule.instead_of_out_of_action(ctx, target, source, by)):
                return
        yield ev.StatusChanged(target, "out_of_action", source, by)
        yield from check_winner(ctx)


def side_left(s: GameState, side: int) -> bool:
    """Whether ``side`` has a model left on the table (Down models count as on it). A side
    the scenario gave no models never loses for that (a study of one model)."""
    return bool(s.on_table(side)) or all(m.side != side for m in s.models.values())


def check_winner(ctx: Context) -> Step:
    """The game ends when a side has no model left (:func:`side_left`)."""
    yield from last_side_standing(ctx, side_left)


def take_down(ctx: Context, name: str, reason: str, by: str | None = None) -> Step:
    """The Down result in full: the model is Down and gains 1 Blood Marker (2 when it was
    already Down)."""
    already = ctx.state.models[name].status == "down"
    if not already:
        yield ev.StatusChanged(name, "down", reason, by)
    yield from add_blood(ctx, name, 2 if already else 1, "Down, already Down" if already else "Down")


def add_blood(ctx: Context, name: str, count: int, reason: str) -> Step:
    """Place Blood Markers; a model never holds more than 6 (the rest are ignored)."""
    have = ctx.state.models[name].counters.get("blood_markers", 0)
    placed = max(0, min(count, K.BLOOD_MARKERS_MAX - have))
    if placed:
        yield ev.CounterChanged(name, "blood_markers", placed, reason)
    if placed < count:
        yield ev.RuleApplied(
            "Blood Markers", name, f"holds {K.BLOOD_MARKERS_MAX} already: {count - placed} ignored"
        )


def falling_roll(ctx: Context, name: str, drop: float, why: str = "Falling") -> Step:
    """The Injury Roll of a model that dropped ``drop`` inches (3" or more): +1 INJURY DICE
    for every full 3"."""
    extra = math.floor(drop / K.FALL_STEP + K.EPS)
    yield ev.RuleApplied("Falling", name, f'drops {drop:g}": +{extra} INJURY DICE')
    return (yield from injury_roll(ctx, name, None, [Mod(f'Falling {drop:g}"', extra)], None, why))

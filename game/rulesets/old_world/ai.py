"""What old-world offers the AI: the shared rank-and-flank candidates
(:mod:`game.rulesets.rank_and_flank.ai`), with charges declared and moves made in the Movement
phase (a unit moves M, marches 2M), shots from then until the Shooting phase ends, and what a
unit is worth."""

from __future__ import annotations

import random

from game.core.commands import Order
from game.core.ruleset import Candidate
from game.core.state import GameState
from game.rulesets.old_world.charges import check_charge, movement_of
from game.rulesets.rank_and_flank import ai as RA


def _rates(state: GameState, unit: str) -> tuple[float, float]:
    mov = float(movement_of(state, unit))
    return mov, 2 * mov


def _check_shoot(state: GameState, order: Order) -> object:
    from game.rulesets.old_world.shooting import check

    return check(state, order)


OFFER = RA.Offer(charge_phases=("strategy", "movement"),
                 move_phases=("strategy", "movement"), rates=_rates,
                 check_charge=check_charge,
                 shoot_phases=("strategy", "movement", "shooting"), check_shoot=_check_shoot)


def candidates(state: GameState, side: int, rng: random.Random, widen: int = 0) -> list[Candidate]:
    return RA.candidates(OFFER, state, side, rng, widen)


def unit_worth(state: GameState, unit: str) -> float:
    """Models on the table, each worth its Wounds, Attacks and half its Weapon Skill and
    Toughness."""
    u = state.units[unit]
    total = 0.0
    for n in u.models:
        m = state.models[n]
        if not m.on_table:
            continue
        total += 0.5 * (m.stat("W") + m.stat("A") + 0.5 * (m.stat("WS") + m.stat("T")))
    return total

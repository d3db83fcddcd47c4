"""What ninth-age offers the AI: the shared rank-and-flank candidates
(:mod:`game.rulesets.rank_and_flank.ai`), with charges declared in the Charge Phase (and moves
offered there too: a move ends the declarations) and moves in the Movement Phase (Advance
Rate, March Rate; a Reform is the whole move), shots from then until the Shooting Phase ends,
and what a unit is worth by its own profile."""

from __future__ import annotations

import random

from game.core.commands import Order
from game.core.ruleset import Candidate
from game.core.state import GameState
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.charges import check_charge
from game.rulesets.ninth_age.movement import rates
from game.rulesets.rank_and_flank import ai as RA


def _rates(state: GameState, unit: str) -> tuple[float, float]:
    adv, mar, _ = rates(state, unit)
    return float(adv), float(mar)


def _check_shoot(state: GameState, order: Order) -> object:
    from game.rulesets.ninth_age.shooting import check

    return check(state, order)


OFFER = RA.Offer(charge_phases=("charge",), move_phases=("charge", "movement"),
                 rates=_rates, check_charge=check_charge, turn_alone=True,
                 shoot_phases=("charge", "movement", "magic", "shooting"),
                 check_shoot=_check_shoot)


def candidates(state: GameState, side: int, rng: random.Random, widen: int = 0) -> list[Candidate]:
    return RA.candidates(OFFER, state, side, rng, widen)


def model_worth(state: GameState, unit: str) -> tuple[float, float]:
    """(what one whole model of the unit is worth, what each of its Health Points is worth).

    Staying power: its Health Points, each worth more the harder it is to hit (Def), wound
    (Res) and get through the armour of (Arm). Hitting power: each part's Attacks, worth more
    with better Offensive Skill, Strength and Armour Penetration, and a little for Agility
    (striking first)."""
    lead = U.lead(state, unit)
    hp = max(1, lead.stat("HP"))
    toughness = 1.0 + (lead.stat("Def") + lead.stat("Res") + lead.stat("Arm") - 6) / 8.0
    per_hp = max(0.25, 0.5 * toughness)
    hitting = 0.0
    for p in U.parts(state, unit):
        hitting += 0.5 * p.att * max(0.25, 1.0 + (p.off + p.str_ + p.ap - 6) / 8.0 + (p.agi - 3) / 16.0)
    return hp * per_hp + hitting, per_hp


def unit_worth(state: GameState, unit: str) -> float:
    """The unit's models on the table, each worth its profile (:func:`model_worth`), less its
    Health Points already lost by a model still standing."""
    u = state.units[unit]
    n = sum(1 for m in u.models if state.models[m].on_table)
    if n == 0:
        return 0.0
    whole, per_hp = model_worth(state, unit)
    carried = u.counters.get("wounds_carried", 0)
    return max(0.0, n * whole - carried * per_hp)

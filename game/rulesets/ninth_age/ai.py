"""What ninth-age offers the AI: the shared rank-and-flank candidates, worth and threats
(:mod:`game.rulesets.rank_and_flank.ai`), with charges declared in the Charge Phase (and moves
offered there too: a move ends the declarations) and moves in the Movement Phase (Advance
Rate, March Rate; a Reform is the whole move), a charge roll of 2D6 + Adv (Adv + 12 at most),
shots from then until the Shooting Phase ends, and a profile's estimate of what a unit without
points would cost."""

from __future__ import annotations

from game.core.commands import Order
from game.core.state import GameState
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.charges import _furthest as furthest_charge
from game.rulesets.ninth_age.charges import check_charge, roll_charge
from game.rulesets.ninth_age.movement import rates
from game.rulesets.rank_and_flank import ai as RA

#: a profile's estimate of a model's points: this many times :func:`model_worth` (a Citizen
#: Spear, 1.3, comes to 10, its points a model with the unit's share of the command)
PER_PROFILE = 8.0


def _rates(state: GameState, unit: str) -> tuple[float, float]:
    adv, mar, _ = rates(state, unit)
    return float(adv), float(mar)


def _check_shoot(state: GameState, order: Order) -> object:
    from game.rulesets.ninth_age.shooting import check

    return check(state, order)


def _shot_share(state: GameState, unit: str, target: str) -> float:
    from game.rulesets.ninth_age.shooting import expected_share

    return expected_share(state, unit, target)


def _furthest(state: GameState, unit: str) -> float:
    return float(furthest_charge(state, unit)[0])


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


def profile_points(state: GameState, unit: str) -> float:
    """What a unit with no points would cost, from its profile: :data:`PER_PROFILE` times
    :func:`model_worth` for each model it started with."""
    whole, _ = model_worth(state, unit)
    return PER_PROFILE * whole * U.profile(state, unit).start_models


OFFER = RA.Offer(charge_phases=("charge",), move_phases=("charge", "movement"),
                 rates=_rates, check_charge=check_charge, roll_charge=roll_charge,
                 furthest=_furthest, profile_points=profile_points, turn_alone=True,
                 shoot_phases=("charge", "movement", "magic", "shooting"),
                 check_shoot=_check_shoot, shot_share=_shot_share)

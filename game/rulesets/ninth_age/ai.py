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


def fight_power(state: GameState, unit: str, target: str) -> float:
    """What ``unit`` brings to a round of combat against ``target``'s front, roughly: the
    Health Points its close combat attacks would take on average (every part of its front
    rank's models, the supporting attacks of the ranks behind, the characters' attacks) and
    the automatic hits its Special Attacks make every round (Grind Attacks, Stomp Attacks),
    plus its Rank Bonus. For the AI's threats: who is likely to win a fight, rather than
    only what the two are worth. What only a charge brings (Impact Hits, a lance's charge,
    Charging Momentum) is left out, as in old-world: the AI's own charges are played out by
    the rules."""
    return RA.kept_blows(_blows, state, unit, target) + U.rank_bonus(state, unit)


def _blows(state: GameState, unit: str, target: str) -> float:
    """The Health Points ``unit``'s close combat attacks would take from ``target`` in a
    round, on average: against its front, so a victim with a hand weapon and a shield Parries;
    a joined character takes a front slot of the unit's own models."""
    from game.rulesets.ninth_age import combat as C
    from game.rulesets.ninth_age import constants as K
    from game.rulesets.ninth_age.attacks import part_profile
    from game.rulesets.ninth_age.rules import RULES
    from game.rulesets.rank_and_flank.combat import victim_of
    from game.rulesets.rank_and_flank.units import files_ranks

    files, _ = files_ranks(state, unit)
    victim = victim_of(state, target)
    defence, arm = U.stat(state, victim, "Def"), C.melee_armour(state, victim)
    parry = K.PARRY and C.can_parry(state, victim)
    own_slots = RA.own_front_slots(state, unit)
    cap = U.height(state, unit).support_cap
    lost = 0.0
    for i, member in enumerate(U.members(state, unit)):
        n = len(U.alive(state, member))
        for part in U.parts(state, member) if n else ():
            flags = U.part_flags(part)
            auto = sum(r.round_hits(state, member, part, target)
                       for r in RULES.hooked(part.rules, "round_hits"))
            if auto:
                models = min(n, own_slots) if i == 0 else 1
                lost += models * auto * float(C.loss_chance(state, victim, part_profile(
                    state, member, part.index, ""), arm))
            weapon = C.weapon_of(state, member, part)
            attacks = part.att + weapon.attacks
            if attacks <= 0 or "inanimate" in flags:
                continue
            if i == 0:
                front = min(n, own_slots)
                support = 0 if "harnessed" in flags else C.extra_ranks(state, unit, member, part)
                count = front * attacks + min(n - front, files * support) * min(attacks, cap)
            else:
                count = attacks
            off = part.off + weapon.offence
            parried = parry and not weapon.ignores_parry
            needed = K.to_hit_needed(off, C.parried_defence(defence, off) if parried else defence)
            prof = C.HitProfile(part.str_ + weapon.strength, part.ap + weapon.ap, "",
                                "flaming" in flags, "lethal_strike" in flags)
            lost += count * (7 - needed) / 6 * float(C.loss_chance(state, victim, prof, arm))
    return lost


OFFER = RA.Offer(charge_phases=("charge",), move_phases=("charge", "movement"),
                 rates=_rates, check_charge=check_charge, roll_charge=roll_charge,
                 furthest=_furthest, profile_points=profile_points, turn_alone=True,
                 fight_power=fight_power,
                 shoot_phases=("charge", "movement", "magic", "shooting"),
                 check_shoot=_check_shoot, shot_share=_shot_share)

"""What old-world offers the AI: the shared rank-and-flank candidates, worth and threats
(:mod:`game.rulesets.rank_and_flank.ai`), with charges declared and moves made in the Movement
phase (a unit moves M, marches 2M; its charge roll is M and the higher of 2D6, M + 6 at most),
shots from then until the Shooting phase ends, a profile's estimate of what a unit without
points would cost, and what a unit brings to a round of combat (for the odds of a fight)."""

from __future__ import annotations

from game.core.commands import Order
from game.core.state import GameState
from game.rulesets.old_world import units as U
from game.rulesets.old_world.charges import _furthest as furthest_charge
from game.rulesets.old_world.charges import check_charge, movement_of, roll_charge
from game.rulesets.rank_and_flank import ai as RA
from game.rulesets.rank_and_flank.units import characters_in

#: a profile's estimate of a model's points: this many times its Wounds, Attacks and half its
#: Weapon Skill and Toughness (a Dreadspear, 1 + 1 + 3.5, comes to 22, near its 10 points a
#: model with the unit's share of the command)
PER_PROFILE = 4.0


def _rates(state: GameState, unit: str) -> tuple[float, float]:
    mov = float(movement_of(state, unit))
    return mov, 2 * mov


def _check_shoot(state: GameState, order: Order) -> object:
    from game.rulesets.old_world.shooting import check

    return check(state, order)


def _shot_share(state: GameState, unit: str, target: str) -> float:
    from game.rulesets.old_world.shooting import expected_share

    return expected_share(state, unit, target)


def harm(state: GameState, unit: str, target: str, later: bool = False) -> float:
    """The share of ``unit``'s Attacks (its characters' too) that could wound ``target``: all of
    them, unless the target is Ethereal, which only magical attacks wound. ``later``: in a
    fight to come, where a target that may turn Ethereal at its next turn (a Spectral Coach)
    counts as Ethereal."""
    if not _ethereal(state, target, later):
        return 1.0
    total = magical = 0.0
    for member in (unit, *characters_in(state, unit)):
        attacks = len(U.alive(state, member)) * U.lead(state, member).stat("A")
        total += attacks
        if "magical" in U.own_flags(state, member):
            magical += attacks
    return magical / total if total else 0.0


def _ethereal(state: GameState, target: str, later: bool) -> bool:
    if "ethereal" in U.flags(state, target):
        return True
    return later and any("ethereal" in r.at_will_flags for r in U.rules(state, target))


def _furthest(state: GameState, unit: str) -> float:
    return float(furthest_charge(state, unit)[0])


def profile_points(state: GameState, unit: str) -> float:
    """What a unit with no points would cost, from its profile: :data:`PER_PROFILE` times,
    for each model it started with, its Wounds, Attacks and half its Weapon Skill and
    Toughness."""
    m = U.lead(state, unit)
    each = m.stat("W") + m.stat("A") + 0.5 * (m.stat("WS") + m.stat("T"))
    return PER_PROFILE * each * U.profile(state, unit).start_models


def fight_power(state: GameState, unit: str, target: str) -> float:
    """What ``unit`` brings to a round of combat against ``target``'s front, roughly: the
    Wounds its blows would take on average (its front rank's Attacks and its characters', a
    second rank's with a weapon that fights in an extra rank), plus its Rank Bonus. For the
    AI's threats: who is likely to win a fight, rather than only what the two are worth."""
    from game.rulesets.old_world.result import rank_bonus

    return RA.kept_blows(_blows, state, unit, target) + rank_bonus(state, unit)


def _blows(state: GameState, unit: str, target: str) -> float:
    """The Wounds ``unit``'s blows would take from ``target`` in a round, on average (a joined
    character takes a front slot of the unit's own models)."""
    from game.rulesets.old_world import combat as C
    from game.rulesets.old_world import constants as K

    mine, theirs = U.members(state, unit), U.members(state, target)
    files, _ = U.files_ranks(state, unit)
    own_slots = RA.own_front_slots(state, unit)
    victim = theirs[0]
    wounds = 0.0
    for member in mine:
        n = len(U.alive(state, member))
        if not n:
            continue
        weapon = C.weapon_in_use(state, member)
        attacks = U.stat(state, member, "A") + weapon.extra_attacks
        if member == mine[0]:
            front = min(n, own_slots)
            count = front * attacks + (min(n - front, files) if weapon.fight_in_extra_rank else 0)
        else:
            count = attacks
        hit = float(C.hit_chance(K.to_hit_needed(U.stat(state, member, "WS"),
                                                 U.stat(state, victim, "WS"))))
        strength, ap, bane, _ = C.wound_profile(state, member)
        wounds += count * hit * float(C.wound_chance(state, victim, strength, ap, bane))
    return wounds


OFFER = RA.Offer(charge_phases=("strategy", "movement"),
                 move_phases=("strategy", "movement"), rates=_rates,
                 check_charge=check_charge, roll_charge=roll_charge, furthest=_furthest,
                 profile_points=profile_points,
                 shoot_phases=("strategy", "movement", "shooting"), check_shoot=_check_shoot,
                 shot_share=_shot_share, harm=harm, fight_power=fight_power,
                 advised=frozenset({"multiple_shots"}))

"""Shooting in ninth-age: the ``shoot`` order of the Shooting Phase (shooting weapons, and the
ranged Breath Attack with ``weapon = "Breath Attack"``), the Breath Attacks a unit has not used
when the phase ends, and Stand and Shoot reactions. See docs/rules/ninth-age.md, "Shooting".

Who shoots: a unit that is not fleeing, Shaken (it rallied or failed a charge this turn), in
combat, and did not declare a charge, March (unless its weapon has March and Shoot) or Reform
this turn, and has not shot this phase. Its first and second ranks shoot (one more rank with
Volley Fire in Line Formation when it has not moved, and with Shoot in Extra Rank), each model
when its file sees the target within its own front arc and the target's Unit Boundary is in
range of it. Every part of a model with a shooting weapon shoots; the unit's own models use
the weapon chosen, its characters their own.

Sight (per file): another unit blocks it only when its Height is at least that of both the
shooter and the target, and never when the shooter's front model or the end of the line
stands on a hill (Elevated) and that unit does not; impassable terrain, obstacles 2" high or
more and hills (for lines that neither start nor end on them) block it. Cover (per file, from
the best point of its front edge): the share of the target's facing the file faces that is
hidden: more than half behind what blocks sight, walls and hills (Hard Cover, -2), or behind
those, units that do not block and woods together (Soft Cover, -1).

Dice order: each group of shooters (the unit's models part by part, then its characters;
shooters with the same modifiers roll together) in turn: its to-hit dice, a second die for
each 6 of a Hopeless Shot, then to wound, Armour Saves and Special Saves as in combat.
Casualties leave once every group has rolled; then the Panic Tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from fractions import Fraction
from typing import Any

import numpy as np

from game.core import events as ev
from game.core import measure
from game.core.commands import Order
from game.core.decisions import Ask
from game.core.errors import NOT_NOW, Refused
from game.core.ruleset import Step
from game.core.state import GameState
from game.geometry.formation import arc_of_point
from game.rulesets.common.table import terrain_outline
from game.rulesets.ninth_age import combat as C
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import panic
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.attacks import can_shoot, distance, targets
from game.rulesets.ninth_age.rules import RULES
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import shooting as RS
from game.rulesets.rank_and_flank import sight, space
from game.rulesets.rank_and_flank.combat import Losses, is_engaged, victim_of
from game.rulesets.rank_and_flank.flow import phases
from game.rulesets.rank_and_flank.shooting import FirePlan, Missile, Reading
from game.rulesets.rank_and_flank.units import members

BREATH = "breath attack"
AGAIN_PURPOSE = "hopeless_shot"
HEIGHT_RANK = {"standard": 0, "large": 1, "gigantic": 2}


# --- the ranged Breath Attack ---------------------------------------------------------------


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


def shoot_at(ctx: Context, unit: str, target: str, attacks: list[tuple[str, Any, Any, tuple[str, ...]]],
             any_range: bool = False) -> Step:
    for member, part, r, models in attacks:
        s = ctx.state
        if not U.on_table(s, target) or not U.on_table(s, member):
            return
        if not any_range and not measure.within(distance(s, unit, target), r.ranged_reach()):
            continue
        yield from r.shoot(ctx, member, part, models, target)


def breathe(ctx: Context, unit: str, target: str, attacks: list[tuple[str, Any, Any, tuple[str, ...]]]) -> Step:
    """Ranged Breath Attacks at ``target``, then the Panic Tests they cause."""
    where = panic.where_it_stood(ctx.state, target)
    yield from panic.note_hp(ctx, target)
    yield from shoot_at(ctx, unit, target, attacks)
    yield from panic.after_losses(ctx, target, unit, where)
    yield from F.phased(ctx).check_winner(ctx)


def breath_targets(s: GameState, unit: str, attacks: list[tuple[str, Any, Any, tuple[str, ...]]]
                   ) -> list[str]:
    """The enemy units the unit may breathe at now: in its front arc and sight, within reach,
    not in combat (nearest first); only the unit it shot at this phase when it has shot."""
    got = targets(s, unit, reach(attacks), sees)
    shot = s.units[unit].flag("shot")
    return [t for t in got if t == shot] if isinstance(shot, str) else got


def breaths_left(ctx: Context) -> Step:
    """As the Shooting Phase ends, each unit of the side that can still breathe may do so
    (decision ``breath_attack``: a target, nearest first, or ``none``; the default breathes at
    the first one: a Breath Attack is used at its first chance)."""
    side = phases(ctx.state).side
    for unit in [u for u, rec in ctx.state.units.items() if rec.side == side]:
        s = ctx.state
        if s.game_over:
            return
        if U.host(s, unit) != unit or not U.on_table(s, unit) or not can_shoot(s, unit):
            continue
        if s.units[unit].flag("moved") == "reform":
            continue
        attacks = ranged_attacks(s, unit)
        if not attacks:
            continue
        options = breath_targets(s, unit, attacks)
        if not options:
            continue
        answer = yield Ask("breath_attack", f"{U.name(s, unit)} may breathe (once per game): at "
                           "which enemy unit?", (*options, "none"), options[0], side=side)
        if answer == "none":
            yield ev.RuleApplied("Shooting", unit, "holds its Breath Attack")
            continue
        yield from breathe(ctx, unit, answer, attacks)


# --- weapons -----------------------------------------------------------------------------------------


def part_missiles(s: GameState, member: str) -> list[tuple[int, Missile]]:
    return [(p.index, w) for p in U.parts(s, member) for w in p.missiles]


def weapon_for(s: GameState, unit: str, wanted: str | None) -> Missile | None:
    """The shooting weapon the unit shoots with (None: its ranged Breath Attack): the one
    named, or its first (its characters' first when the unit has none)."""
    every = [w for m in members(s, unit) for _, w in part_missiles(s, m)]
    if wanted is not None and " ".join(wanted.lower().split()) == BREATH:
        if not ranged_attacks(s, unit):
            raise Refused("no_weapon", f"{U.name(s, unit)} has no Breath Attack left to use",
                          NOT_NOW)
        return None
    if wanted is None and not every and ranged_attacks(s, unit):
        return None
    own = [w for _, w in part_missiles(s, unit)]
    return RS.choose_weapon(s, unit, wanted, own, every, "shooting")


def member_weapons(s: GameState, unit: str, member: str, weapon: Missile) -> list[tuple[int, Missile]]:
    """The (part, weapon) a member's models shoot with: the unit's own models the weapon
    chosen, on each part that carries it; a character the same when it carries it, else its
    first shooting weapon."""
    own = part_missiles(s, member)
    same = [(i, w) for i, w in own if w.name == weapon.name]
    if same or member == unit:
        return same
    return own[:1]


# --- who may shoot ---------------------------------------------------------------------------------


def moved(s: GameState, unit: str) -> bool:
    how = s.units[unit].flag("moved")
    return bool(how and how != "stayed")


def check_may_shoot(s: GameState, unit: str, weapon: Missile | None) -> None:
    """Refuse a unit that may not shoot now, naming why (``weapon`` None: a Breath Attack,
    which has March and Shoot)."""
    rec = s.units[unit]
    who = U.name(s, unit)
    if rec.status != "active":
        raise Refused("fleeing", f"{who} is {rec.status} and cannot shoot", NOT_NOW)
    if is_engaged(s, unit):
        raise Refused("engaged", f"{who} is in combat and cannot shoot", NOT_NOW)
    if rec.flag("rallied") or rec.flag("charge_failed"):
        raise Refused("shaken", f"{who} is Shaken this turn and cannot shoot", NOT_NOW)
    if rec.flag("charge_declared"):
        raise Refused("charged", f"{who} declared a charge this turn and cannot shoot", NOT_NOW)
    how = rec.flag("moved")
    if how == "reform":
        raise Refused("reformed", f"{who} reformed this turn and cannot shoot", NOT_NOW)
    if how == "march" and weapon is not None and not weapon.has("march and shoot"):
        raise Refused("marched", f"{who} marched this turn and cannot shoot (only a weapon with "
                      "March and Shoot may)", NOT_NOW)
    if weapon is not None and weapon.has("move or fire") and moved(s, unit):
        raise Refused("moved", f"{who} moved this turn: its {weapon.name} (Move or Fire) cannot "
                      "be used", NOT_NOW)
    used = rec.flag("shot_with") or ()
    if (BREATH if weapon is None else "weapon") in used:
        raise Refused("already_shot", f"{who} has already "
                      + ("breathed" if weapon is None else "shot") + " this phase", NOT_NOW)


# --- sight and cover -----------------------------------------------------------------------------


def height_rank(s: GameState, unit: str) -> int:
    return HEIGHT_RANK[U.height(s, unit).name]


def elevated(s: GameState, unit: str) -> bool:
    """The unit's centre stands on a hill."""
    c = space.boundary(s, unit).centroid
    return any(t.kind == "elevation" and sight.inside(terrain_outline(t.polygon), (c.x, c.y))
               for t in s.terrain)


def reading(s: GameState, pic: sight.Picture, volley: bool = False) -> Reading:
    """What blocks and what hides each line of the picture (see the module); with ``volley``
    (Volley Fire) the units no taller than the shooter are left out."""
    key = ("reading", pic.shooter, pic.target, volley)
    got: Reading | None = s.derived.get(key)
    if got is not None:
        return got
    r = RS.empty_reading(pic)
    hs, ht = height_rank(s, pic.shooter), height_rank(s, pic.target)
    hills = [k for k, sc in enumerate(pic.screens) if sc.kind == "elevation"]
    eye_up = (np.asarray(pic.eye_in[:, hills].any(axis=1)) if hills
              else np.zeros(len(pic.files), dtype=bool))
    end_up = (np.asarray(pic.end_in[:, hills].any(axis=1)) if hills
              else np.zeros(len(pic.ends), dtype=bool))
    up = eye_up[:, None] | end_up[None, :]
    n = len(pic.targets)
    for k, sc in enumerate(pic.screens):
        if sc.kind == "unit":
            h = height_rank(s, sc.key)
            if volley and h <= hs:
                continue
            seen_over = up & (not elevated(s, sc.key))
            blocking = h >= max(hs, ht)
            r.blocks[:, :, k] = blocking & ~seen_over
            r.hides[:, :, k] = np.where(seen_over, 0, 2 if blocking else 1)
        elif sc.kind == "impassable" or (sc.kind == "obstacle" and sc.height >= sight.HIGH_TERRAIN):
            r.blocks[:, :, k] = True
            r.hides[:, :, k] = 2
        elif sc.kind == "obstacle":
            r.hides[:, :, k] = 2
        elif sc.kind == "area":
            r.hides[:, :, k] = np.where(pic.eye_in[:, k][:, None], 0, 1)
        elif sc.kind == "elevation":
            on = pic.eye_in[:, k][:, None] | pic.end_in[:, k][None, :]
            r.blocks[:, :, k] = ~on
            partly = bool(pic.end_in[:n, k].any())
            r.hides[:, :, k] = np.where(on, 0, 1 if partly else 2)
    s.derived[key] = r
    return r


def cover(s: GameState, r: Reading, f: int) -> tuple[int, float, list[str]]:
    """The cover the target has from file ``f``: 0 none, 1 Soft, 2 Hard; the share of its
    facing hidden from the best point of the file's front edge, and by what."""
    pic = r.pic
    facing = arc_of_point(pic.target_block, pic.files[f].centre)
    js = np.arange(pic.facings[facing].start, pic.facings[facing].stop)
    n = len(js)
    hard_mask = r.blocks[f] | (r.hides[f] >= 2)
    any_mask = r.blocks[f] | (r.hides[f] >= 1)

    def over(count: np.ndarray) -> np.ndarray:
        got: np.ndarray = 2 * count > n if K.COVER_MORE_THAN_HALF else 2 * count >= n
        return got

    cr = pic.crossed[f][:, js]  # (eyes, points, screens)
    hard = np.any(cr & hard_mask[js][None], axis=2).sum(axis=1)
    somes = np.any(cr & any_mask[js][None], axis=2).sum(axis=1)
    values = np.where(over(hard), 2, np.where(over(somes), 1, 0))
    e = min(range(3), key=lambda i: (int(values[i]), int(somes[i])))
    value, some = int(values[e]), int(somes[e])
    what = []
    if value:
        hid = [int(j) for j in js if np.any(pic.crossed[f, e, j] & any_mask[j])]
        what = RS.hiding(r, f, hid)
    return value, some / n, what


def sees(s: GameState, unit: str, target: str) -> bool:
    """Some file of ``unit`` sees some of ``target`` within its front arc."""
    return bool(RS.seeing_files(reading(s, sight.picture(s, unit, target))).any())


# --- who shoots ----------------------------------------------------------------------------------


def moving_mod(weapon: Missile) -> int:
    quick, unwieldy = weapon.has("quick to fire"), weapon.has("unwieldy")
    if unwieldy:
        return K.MOVING if quick else 2 * K.MOVING
    return 0 if quick else K.MOVING


def plan(s: GameState, unit: str, target: str, weapon: Missile, reaction: bool = False) -> FirePlan:
    """Who shoots at ``target``, in groups of equal dice, with the notes for the log; refused
    (naming why) when nobody can. ``reaction``: a Stand and Shoot (-1, no Volley Fire rank; a
    charger beyond the weapon's range is shot at all the same, at long range)."""
    pic = sight.picture(s, unit, target)
    has_moved = moved(s, unit)
    volley = weapon.has("volley fire") and not reaction
    r = reading(s, pic)
    sees_ = RS.seeing_files(r)
    if volley and sees_.any():  # once the unit sees, Volley Fire sees over its own kind
        r = reading(s, pic, volley=True)
        sees_ = RS.seeing_files(r)
    tname, uname = U.name(s, target), U.name(s, unit)
    beyond = reaction and K.STAND_AND_SHOOT_BEYOND_RANGE
    near = RS.check_seen(pic, reading(s, pic), weapon, uname, tname, beyond)
    ranks = K.SHOOTING_RANKS
    extra = []
    if volley and U.line_formation(s, unit) and not has_moved:
        ranks += 1
        extra.append("Volley Fire in Line Formation")
    if weapon.has("shoot in extra rank"):
        ranks += 1
        extra.append("Shoot in Extra Rank")
    file_cover = {f.index: cover(s, r, f.index) for f in pic.files if sees_[f.index]}
    covers: dict[int, tuple[int, float, list[str]]] = {}
    shots: list[RS.Shooter] = []
    long_range = out_of_range = 0
    for f in pic.files:
        if not sees_[f.index]:
            continue
        for m, rank in f.models:
            if rank >= ranks:
                continue
            member = s.models[m].unit
            dist = pic.distance[m]
            for part, w in member_weapons(s, unit, member, weapon):
                if not measure.within(dist, w.range) and not beyond:
                    out_of_range += 1
                    continue
                mods: list[tuple[str, int]] = []
                if reaction and not w.has("steady aim"):
                    mods.append(("Stand and Shoot", K.STAND_AND_SHOOT))
                far = not measure.within(dist, w.range / 2) or (
                    reaction and not measure.within(dist, w.range))
                if far and not w.has("accurate"):
                    mods.append(("long range", K.LONG_RANGE))
                    long_range += 1
                if has_moved and moving_mod(w):
                    mods.append(("moved", moving_mod(w)))
                value, share, what = file_cover[f.index]
                if value:
                    mods.append(("soft cover", K.SOFT_COVER) if value == 1
                                else ("hard cover", K.HARD_COVER))
                    got = covers.get(value, (0, 0.0, []))
                    covers[value] = (got[0] + 1, max(got[1], share), got[2] + what)
                aim = w.aim or K.DEFAULT_AIM
                shots.append((m, member, w, w.shots, aim, tuple(mods), None, part))
    if not shots:
        if out_of_range:
            raise Refused("out_of_range", f"no model of {uname} that sees {tname} has it within "
                          f'the {weapon.range:g}" range of its {weapon.name}')
        raise Refused("cannot_shoot", f"no model of {uname} that sees {tname} can shoot")
    out = FirePlan(unit, target, weapon, RS.group_shots(shots))
    models = len({m for g in out.groups for m in g.models})
    deep = 1 + max(rank for f in pic.files for m, rank in f.models
                   if any(m in g.models for g in out.groups))
    how = ("its front rank" if deep == 1 else "its first two ranks" if deep == 2 else
           f"its first {deep} ranks ({', '.join(extra)})")
    RS.first_notes(out, tname, near, reaction, models, how, long_range, "shot")
    for value, (count, share, what) in sorted(covers.items()):
        words = "Soft Cover" if value == 1 else "Hard Cover"
        out.notes.append(f"sees {tname} in {words} from {count} shooter"
                         f"{'s' if count != 1 else ''}: {round(100 * share)}% of its facing toward "
                         f"them is hidden by {RS.listed(what)}")
    return out


# --- rolling -------------------------------------------------------------------------------------


def impossible(score: int) -> str:
    return "a score of 8 or more cannot be rolled"


def hit_profile(s: GameState, g: RS.Group, source: str) -> C.HitProfile:
    part = U.parts(s, g.member)[g.part]
    return C.HitProfile(g.weapon.strength_of(part.str_), g.weapon.ap_of(part.ap),
                        f"{source} of {C.part_name(s, g.member, g.part)}", melee=False)


def fire(ctx: Context, p: FirePlan, source: str) -> Step:
    """Roll every group's shots at the target and take the casualties off."""
    losses: dict[str, Losses] = {}
    for g in p.groups:
        hits = yield from RS.roll_to_hit(ctx, g, p.target, K.HOPELESS, AGAIN_PURPOSE, impossible)
        if hits:
            yield from C.resolve_hits(ctx, None, g.member, p.target, hits,
                                      hit_profile(ctx.state, g, source), losses)
    from game.rulesets.rank_and_flank.combat import remove_casualties

    yield from remove_casualties(ctx, losses, U.hp_per_model, source)


def shot_chance(s: GameState, g: RS.Group, target: str) -> Fraction:
    """The chance one to-hit die of the group ends as a Health Point lost by the target, for
    the exact odds: the same rolls as :func:`fire`."""
    hit = RS.hit_chance(g.needed, g.mod, K.HOPELESS)
    victim = victim_of(s, target)
    return hit * C.loss_chance(s, victim, hit_profile(s, g, "shooting"), U.stat(s, victim, "Arm"))


def shot_plan(s: GameState, unit: str, target: str, weapon: Missile | None) -> FirePlan | None:
    """The plan of a ``shoot`` order, for the exact odds: None for a Breath Attack (its hits are
    rolled, not a pool of shots), or while a Breath Attack of the side is still to come as the
    phase ends."""
    if weapon is None:
        return None
    side = s.units[unit].side
    if any(rec.side == side and U.on_table(s, u) and ranged_attacks(s, u)
           for u, rec in s.units.items()):
        return None
    return plan(s, unit, target, weapon)


def pool_odds(s: GameState, cmd: Any, alone: bool = False) -> Any:
    """The exact odds' pools of a ``shoot`` order (see ``rank_and_flank.shooting.pool_odds``),
    also in the Magic phase, from which a shot goes straight on to the Shooting phase."""
    from game.rulesets.ninth_age.ruleset import NinthAge

    return RS.pool_odds(s, cmd, check, shot_plan, shot_chance, U.hp_left, alone, NinthAge.turn)


def panic_fail(s: GameState, target: str, hp: int) -> float:
    """The chance the target fails a Panic Test after losing ``hp`` Health Points to a shot
    now (0 when it would take none)."""
    if not panic.may_test(s, target) or U.has(s, target, "fearless"):
        return 0.0
    left = U.hp_left(s, target)
    if hp >= left or U.profile(s, target).start_models == 1:
        return 0.0
    start = s.units[target].flag(panic.HP_AT_PHASE_START) or left
    if (start - left + hp) * 4 < start:
        return 0.0
    return RS.two_dice_fail(U.discipline(s, target))


def shot_view(s: GameState, unit: str, target: str | None) -> Any:
    """What the window shows of a unit that may shoot now (see ``rank_and_flank.shooting``)."""
    return RS.shot_view(s, unit, target, "melee", weapon_for, check_may_shoot, plan, reading,
                        pool_odds, panic_fail, "Health Points")


# --- the order -----------------------------------------------------------------------------------


def check(s: GameState, cmd: Order) -> tuple[str, str, Missile | None]:
    """Refuse a ``shoot`` order that cannot be carried out; (unit, target, weapon or None for
    the Breath Attack). A unit that shot may still breathe, and one that breathed may still
    shoot, but only at the same target."""
    unit, target, weapon, _ = checked(s, cmd)
    return unit, target, weapon


def checked(s: GameState, cmd: Order) -> tuple[str, str, Missile | None, FirePlan | None]:
    """:func:`check`, with the plan of a shooting weapon."""
    unit, target = RS.check_order(s, cmd)
    weapon = weapon_for(s, unit, cmd.arg("weapon"))
    check_may_shoot(s, unit, weapon)
    before = s.units[unit].flag("shot")
    if isinstance(before, str) and before != target:
        raise Refused("other_target", f"{U.name(s, unit)} has shot at {U.name(s, before)} this "
                      "phase: its other ranged attacks may only go at the same unit")
    if weapon is None:
        attacks = ranged_attacks(s, unit)
        if target not in breath_targets(s, unit, attacks):
            gap = distance(s, unit, target)
            if not measure.within(gap, reach(attacks)):
                raise Refused("out_of_range", f'{U.name(s, target)} is {gap:.1f}" away: beyond '
                              f'the {reach(attacks):g}" a Breath Attack reaches')
            raise Refused("no_line_of_sight", f"{U.name(s, unit)} cannot breathe at "
                          f"{U.name(s, target)}: it is not in its front arc and sight")
        return unit, target, None, None
    return unit, target, weapon, plan(s, unit, target, weapon)


def shoot(ctx: Context, cmd: Order) -> Step:
    s = ctx.state
    unit, target, weapon, p = checked(s, cmd)
    yield ev.ActionTaken(unit, "shoot", target)
    yield ev.UnitFlagSet(unit, "shot", "phase", target)
    used = tuple(s.units[unit].flag("shot_with") or ())
    yield ev.UnitFlagSet(unit, "shot_with", "phase", (*used, BREATH if weapon is None else "weapon"))
    if p is None:
        yield from breathe(ctx, unit, target, ranged_attacks(ctx.state, unit))
        return
    for note in p.notes:
        yield ev.RuleApplied("Shooting", unit, note, target)
    where = panic.where_it_stood(ctx.state, target)
    yield from panic.note_hp(ctx, target)
    yield from fire(ctx, p, "shooting")
    yield from panic.after_losses(ctx, target, unit, where)
    yield from F.phased(ctx).check_winner(ctx)


# --- Stand and Shoot -----------------------------------------------------------------------------


def reaction_weapon(s: GameState, unit: str) -> Missile | None:
    """The first shooting weapon of the unit (or its characters) that may Stand and Shoot (not
    one with Reload!)."""
    for m in members(s, unit):
        for _, w in part_missiles(s, m):
            if not w.has("reload"):
                return w
    return None


def can_stand_and_shoot(s: GameState, unit: str, charger: str) -> bool:
    """A unit charged by ``charger`` may Stand and Shoot when it can shoot, has a ranged
    attack ready (a shooting weapon, a Breath Attack), has the charger in its front arc and
    sight, and the charger is farther away than its own Advance Rate."""
    if not can_shoot(s, unit):
        return False
    from game.rulesets.rank_and_flank import charges as RC

    weapon = reaction_weapon(s, unit)
    attacks = ranged_attacks(s, unit)
    if weapon is None and not attacks:
        return False
    if not RC.in_front_arc(s, unit, charger) or not sees(s, unit, charger):
        return False
    gap = distance(s, unit, charger)
    if K.STAND_AND_SHOOT_MIN_DISTANCE and gap <= min(U.stat(s, m, "Adv") for m in members(s, charger)):
        return False
    if K.STAND_AND_SHOOT_BEYOND_RANGE:
        return True
    return measure.within(gap, max(reach(attacks), weapon.range if weapon else 0.0))


def stand_and_shoot(ctx: Context, unit: str, charger: str) -> Step:
    """The unit's Breath Attacks, then its shooting weapons, at the charger."""
    attacks = ranged_attacks(ctx.state, unit)
    if attacks:
        yield from shoot_at(ctx, unit, charger, attacks, any_range=K.STAND_AND_SHOOT_BEYOND_RANGE)
    s = ctx.state
    weapon = reaction_weapon(s, unit)
    if weapon is None or not U.on_table(s, charger):
        return
    try:
        p = plan(s, unit, charger, weapon, reaction=True)
    except Refused as exc:
        yield ev.RuleApplied("Stand and Shoot", unit, f"cannot shoot its {weapon.name}: "
                             f"{exc.refusal.message}", charger)
        return
    for note in p.notes:
        yield ev.RuleApplied("Stand and Shoot", unit, note, charger)
    yield from fire(ctx, p, "Stand and Shoot")


def expected_share(s: GameState, unit: str, target: str) -> float:
    """The share of ``target``'s Health Points ``unit``'s shooting would take on average, for the
    AI's threats (see ``rank_and_flank.shooting.expected_share``)."""
    return RS.expected_share(s, unit, target, weapon_for,
                             lambda s_, u, t, w: None if w is None else plan(s_, u, t, w),
                             shot_chance, U.hp_left)


__all__ = ["expected_share", "breaths_left", "can_stand_and_shoot", "check", "check_may_shoot", "cover", "fire",
           "plan", "ranged_attacks", "reading", "sees", "shoot", "shot_chance",
           "stand_and_shoot", "weapon_for"]

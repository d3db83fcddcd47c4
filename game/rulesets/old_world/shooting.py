"""Shooting in old-world: the ``shoot`` order of the Shooting phase and the Stand and Shoot
charge reaction. See docs/rules/old-world.md, "Shooting".

Who shoots: a unit with a missile weapon that is not fleeing, in combat or Stupid, did not
declare a charge or march this turn (a Move and Shoot weapon may after a march) and has not
shot this phase. Its models in the front rank shoot (one more rank when the whole unit stands
on a hill; a Volley Fire weapon adds half of each rank behind, rounded up, when the unit has
not moved this turn), each one only when its file sees the target within its own front arc
and the target is within the weapon's range of it. Characters in the unit shoot with their own
weapon and BS.

Sight (per file): other units block it, unless the shooter or the target stands wholly on a
hill and that unit does not; impassable terrain and obstacles 2" high or more block it; a hill
or a wood blocks a line when neither end of it stands in it; lower obstacles, and a wood the
target stands in, only hide. Cover (per file): the share of the target's models whose centres
the file cannot see without a line crossing something that blocks or hides: none, up to half
(partial cover, -1), more than half (full cover, -2); a target with more than half of its
models in a wood has partial cover at least.

Dice order: each group of shooters (the unit's own models, then its characters; shooters with
the same modifiers roll together) in turn: its to-hit dice, a second die for each 6 that needs
7 or more, the re-rolls of misses for BS 6 and more, then to wound, armour saves, ward saves
and Regeneration as in combat. Casualties leave once every group has rolled; then the Panic
tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import math
from fractions import Fraction
from typing import Any

import numpy as np

from game.core import events as ev
from game.core import measure
from game.core.commands import Order
from game.core.decisions import Ask
from game.core.errors import NOT_NOW, Refused
from game.core.log import plural
from game.core.ruleset import Step
from game.core.state import GameState
from game.geometry.contact import CONTACT_TOL
from game.rulesets.common.table import terrain_outline
from game.rulesets.old_world import combat as C
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import panic
from game.rulesets.old_world import units as U
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import shooting as RS
from game.rulesets.rank_and_flank import sight, space
from game.rulesets.rank_and_flank.combat import Combat, Losses, is_engaged, victim_of
from game.rulesets.rank_and_flank.shooting import FirePlan, Missile, Reading

AGAIN_PURPOSE = "to_hit_7_plus"


# --- weapons ----------------------------------------------------------------------------------


def missiles(s: GameState, member: str) -> tuple[Missile, ...]:
    return U.profile(s, member).missiles


def weapon_for(s: GameState, unit: str, wanted: str | None) -> Missile:
    """The missile weapon the unit shoots with: the one named, or its first (its characters'
    first when the unit has none)."""
    every = [w for m in U.members(s, unit) for w in missiles(s, m)]
    return RS.choose_weapon(s, unit, wanted, missiles(s, unit), every, "missile")


def member_weapon(s: GameState, member: str, weapon: Missile) -> Missile | None:
    """The weapon a member of the unit shoots with: the unit's choice when it carries it, else
    its own first missile weapon (a character), or None."""
    own = missiles(s, member)
    for w in own:
        if w.name == weapon.name:
            return w
    return own[0] if own else None


# --- who may shoot ------------------------------------------------------------------------------


def moved(s: GameState, unit: str) -> bool:
    """The unit moved this turn (a move, a march, a reform; rallying counts too)."""
    rec = s.units[unit]
    how = rec.flag("moved")
    return bool(how and how != "stayed") or bool(rec.flag("rallied"))


def check_may_shoot(s: GameState, unit: str, weapon: Missile) -> None:
    """Refuse a unit that may not shoot now, naming why."""
    rec = s.units[unit]
    who = U.name(s, unit)
    if rec.status != "active":
        raise Refused("fleeing", f"{who} is {rec.status} and cannot shoot", NOT_NOW)
    if is_engaged(s, unit):
        raise Refused("engaged", f"{who} is in combat and cannot shoot", NOT_NOW)
    if "stupid" in rec.conditions:
        raise Refused("stupid", f"{who} is Stupid this turn and cannot shoot", NOT_NOW)
    if rec.flag("charge_declared"):
        raise Refused("charged", f"{who} declared a charge this turn and cannot shoot", NOT_NOW)
    if rec.flag("moved") == "march" and not weapon.has("move and shoot"):
        raise Refused("marched", f"{who} marched this turn and cannot shoot (only a Move and "
                      f"Shoot weapon may)", NOT_NOW)
    if weapon.has("move or shoot") and moved(s, unit):
        raise Refused("moved", f"{who} moved this turn: its {weapon.name} (Move or Shoot) "
                      "cannot be used", NOT_NOW)
    if rec.flag("shot"):
        raise Refused("already_shot", f"{who} has already shot this phase", NOT_NOW)


# --- sight and cover ------------------------------------------------------------------------------


def on_hill(s: GameState, unit: str) -> bool:
    """The whole Unit Boundary stands on one hill (elevation terrain)."""
    key = ("on_hill", unit)
    got: bool | None = s.derived.get(key)
    if got is None:
        bound = space.boundary(s, unit)
        got = s.derived[key] = any(
            t.kind == "elevation" and terrain_outline(t.polygon).buffer(CONTACT_TOL).covers(bound)
            for t in s.terrain)
    return got


def reading(s: GameState, pic: sight.Picture) -> Reading:
    """What blocks and what hides each line of the picture (see the module)."""
    key = ("reading", pic.shooter, pic.target)
    got: Reading | None = s.derived.get(key)
    if got is not None:
        return got
    r = RS.empty_reading(pic)
    over = on_hill(s, pic.shooter) or on_hill(s, pic.target)
    for k, sc in enumerate(pic.screens):
        if sc.kind == "unit":
            if over and not on_hill(s, sc.key):
                continue  # seen over from (or onto) a hill
            r.blocks[:, :, k] = True
        elif sc.kind == "impassable" or (sc.kind == "obstacle" and sc.height >= sight.HIGH_TERRAIN):
            r.blocks[:, :, k] = True
        elif sc.kind == "obstacle":
            r.hides[:, :, k] = 1
        elif sc.kind in ("area", "elevation"):
            eye = pic.eye_in[:, k][:, None]
            end = pic.end_in[:, k][None, :]
            r.blocks[:, :, k] = ~(eye | end)
            if sc.kind == "area":
                r.hides[:, :, k] = (~eye) & end
    s.derived[key] = r
    return r


def sees(s: GameState, unit: str, target: str) -> bool:
    """Some file of ``unit`` sees some of ``target`` within its front arc (the sight a charge
    needs too)."""
    return bool(RS.seeing_files(reading(s, sight.picture(s, unit, target))).any())


def cover(s: GameState, r: Reading, hidden: tuple[np.ndarray, np.ndarray], f: int
          ) -> tuple[int, int, list[str]]:
    """The cover the target has from file ``f``: 0 none, 1 partial, 2 full; how many of its
    models are hidden from it and by what (a wood it stands in, when that is the reason).
    ``hidden``: the lines hidden by anything, and by what blocks sight or hides much
    (:meth:`Reading.hidden`)."""
    pic = r.pic
    n = len(pic.targets)
    gone = np.all(hidden[0][f][:, :n], axis=0)
    much = np.all(hidden[1][f][:, :n], axis=0)
    count = int(gone.sum())
    value = 0
    if count:
        value = 2 if 2 * int(much.sum()) > n else 1
    what = RS.hiding(r, f, [int(j) for j in np.nonzero(gone)[0]]) if count else []
    if value < 1:
        for k, sc in enumerate(pic.screens):
            if sc.kind == "area" and 2 * int(pic.end_in[:n, k].sum()) > n:
                value, count, what = 1, int(pic.end_in[:n, k].sum()), [sc.label]
                break
    return value, count, what


# --- who shoots -----------------------------------------------------------------------------------


def to_hit_of(bs: int) -> tuple[int, int | None]:
    """The roll a BS needs before modifiers, and what a re-roll of a miss needs (BS 6+)."""
    if bs <= K.TO_HIT_BS_LIMIT:
        return 7 - bs, None
    return 2, 12 - min(bs, 10)


def moving_mod(weapon: Missile) -> int:
    """The to-hit modifier for moving: -1; none with Quick Shot; -2 Ponderous (-1 with both)."""
    quick, ponderous = weapon.has("quick shot"), weapon.has("ponderous")
    if ponderous:
        return K.MOVING if quick else 2 * K.MOVING
    return 0 if quick else K.MOVING


def plan(s: GameState, unit: str, target: str, weapon: Missile, reaction: bool = False,
         multiple: bool = False) -> FirePlan:
    """Who shoots at ``target``, in groups of equal dice, with the notes for the log; refused
    (naming why) when nobody can. ``reaction``: a Stand and Shoot (the charger counts as in
    range whatever the distance, no long range, -1 to hit, no Volley Fire); ``multiple``: a
    Multiple Shots weapon fires its extra shots."""
    pic = sight.picture(s, unit, target)
    r = reading(s, pic)
    sees = RS.seeing_files(r)
    tname, uname = U.name(s, target), U.name(s, unit)
    near = RS.check_seen(pic, r, weapon, uname, tname, reaction)
    hidden = (r.hidden(1), r.hidden(2))
    ranks = 1 + (1 if on_hill(s, unit) else 0)
    has_moved = moved(s, unit)
    volley = weapon.has("volley fire") and not has_moved and not reaction
    shots: list[RS.Shooter] = []
    long_range = 0
    rank_size: dict[int, int] = {}
    volleys: dict[int, list[tuple[float, str, int]]] = {}
    chosen: list[tuple[str, int]] = []
    for f in pic.files:
        for m, rank in f.models:
            rank_size[rank] = rank_size.get(rank, 0) + 1
            if not sees[f.index]:
                continue
            if rank < ranks:
                chosen.append((m, f.index))
            elif volley:
                volleys.setdefault(rank, []).append((pic.distance[m], m, f.index))
    in_front = len(chosen)
    for rank, got in sorted(volleys.items()):
        got.sort()
        chosen += [(m, fi) for _, m, fi in got[:math.ceil(rank_size[rank] / 2)]]
    volleyed = {m for m, _ in chosen[in_front:]}
    file_cover = {f.index: cover(s, r, hidden, f.index) for f in pic.files if sees[f.index]}
    covers: dict[int, tuple[int, int, list[str]]] = {}  # cover: shooters, most hidden, by what
    out_of_range = 0
    for m, fi in chosen:
        member = s.models[m].unit
        w = member_weapon(s, member, weapon)
        bs = U.stat(s, member, "BS")
        if w is None or bs <= 0:
            continue
        dist = pic.distance[m]
        if not reaction and not measure.within(dist, w.range):
            out_of_range += 1
            continue
        needed, reroll = to_hit_of(bs)
        mods: list[tuple[str, int]] = []
        if reaction:
            mods.append(("Stand and Shoot", K.STAND_AND_SHOOT))
        elif not measure.within(dist, w.range / 2):
            mods.append(("long range", K.LONG_RANGE))
            long_range += 1
        if has_moved and moving_mod(w):
            mods.append(("moved", moving_mod(w)))
        value, count, what = file_cover[fi]
        if value and not w.has("ignores cover"):
            mods.append(("partial cover", K.PARTIAL_COVER) if value == 1
                        else ("full cover", K.FULL_COVER))
            before = covers.get(value, (0, 0, []))
            covers[value] = (before[0] + 1, max(before[1], count), before[2] + what)
        dice = 1
        if multiple and w.value("multiple shots") > 1:
            dice = w.value("multiple shots")
            mods.append(("Multiple Shots", K.MULTIPLE_SHOTS))
        shots.append((m, member, w, dice, needed, tuple(mods), reroll, 0))
    if not shots:
        if out_of_range:
            raise Refused("out_of_range", f"no model of {uname} that sees {tname} has it within "
                          f'the {weapon.range:g}" range of its {weapon.name}')
        raise Refused("cannot_shoot", f"no model of {uname} can shoot (BS 0 or no missile "
                      "weapon)")
    out = FirePlan(unit, target, weapon, RS.group_shots(shots))
    how = "its front rank" if ranks == 1 else "two ranks (it stands on a hill)"
    if volleyed & {m for g in out.groups for m in g.models}:
        how += " and half of each rank behind (Volley Fire)"
    RS.first_notes(out, tname, near, reaction, out.models, how, long_range, "shooter")
    n = len(pic.targets)
    for value, (shooters, count, what) in sorted(covers.items()):
        shelter = "partial cover" if value == 1 else "full cover"
        how_many = ("its one model is" if n == 1 else f"up to {count} of its {n} models are")
        out.notes.append(f"sees {tname} in {shelter} from {plural(shooters, 'shooter')}: "
                         f"{how_many} hidden by {RS.listed(what)}")
    return out


# --- rolling -------------------------------------------------------------------------------------


def impossible(score: int) -> str:
    return "a score of 10 or more cannot be rolled"


def fire(ctx: Context, p: FirePlan, source: str) -> Step:
    """Roll every group's shots at the target (see the module's dice order) and take the
    casualties off. Returns the Wounds caused."""
    tally = Combat([p.unit, p.target])
    losses: dict[str, Losses] = {}
    for g in p.groups:
        s = ctx.state
        hits = yield from RS.roll_to_hit(ctx, g, p.target, K.SEVEN_PLUS, AGAIN_PURPOSE, impossible)
        if not hits:
            continue
        strength = g.weapon.strength_of(U.stat(s, g.member, "S"))
        yield from C.resolve_hits(ctx, tally, g.member, p.target, hits, losses,
                                  source=f"{source} of {U.name(s, g.member)}", strength=strength,
                                  ap=g.weapon.ap_of(0), bane=g.weapon.value("armour bane"),
                                  shooting=True)
    yield from C.remove_casualties(ctx, losses, source)
    return tally.inflicted[ctx.state.units[p.unit].side]


def shot_chance(s: GameState, g: RS.Group, target: str) -> Fraction:
    """The chance one to-hit die of the group ends as a Wound lost by the target (hit, wound,
    armour, ward, Regeneration), for the exact odds: the same rolls as :func:`fire`."""
    hit = RS.hit_chance(g.needed, g.mod, K.SEVEN_PLUS, g.reroll)
    victim = victim_of(s, target)
    if "ethereal" in U.flags(s, victim) and "magical" not in U.own_flags(s, g.member):
        return Fraction(0)
    strength = g.weapon.strength_of(U.stat(s, g.member, "S"))
    return hit * C.wound_chance(s, victim, strength, g.weapon.ap_of(0),
                                g.weapon.value("armour bane"), shooting=True)


def wounds_room(s: GameState, unit: str) -> int:
    return U.wounds_left(s, unit)


def pool_odds(s: GameState, cmd: Any, alone: bool = False) -> Any:
    """The exact odds' pools of a ``shoot`` order (see ``rank_and_flank.shooting.pool_odds``)."""
    from game.rulesets.old_world.ruleset import OldWorld

    return RS.pool_odds(s, cmd, check, default_plan, shot_chance, wounds_room, alone,
                        OldWorld.turn)


def panic_fail(s: GameState, target: str, wounds: int) -> float:
    """The chance the target fails a Panic test after losing ``wounds`` Wounds to a shot now
    (0 when it would take none)."""
    if not panic.may_test(s, target) or U.has(s, target, "immune_to_psychology"):
        return 0.0
    alive = len(U.alive(s, target))
    per = U.profile(s, target).wounds
    carried = s.units[target].counters.get("wounds_carried", 0)
    dead = min(alive, (carried + wounds) // per)
    if dead >= alive:
        return 0.0
    start = s.units[target].flag(panic.MODELS_AT_PHASE_START) or alive
    if (start - alive + dead) <= start * K.PANIC_LOSSES:
        return 0.0
    return RS.two_dice_fail(U.leadership(s, target), double_one_passes=True,
                            double_six_fails=True)


def shot_view(s: GameState, unit: str, target: str | None) -> Any:
    """What the window shows of a unit that may shoot now (see ``rank_and_flank.shooting``)."""
    return RS.shot_view(s, unit, target, "combat", weapon_for, check_may_shoot,
                        lambda s_, u, t, w: default_plan(s_, u, t, w), reading, pool_odds,
                        panic_fail, "Wounds")


def expected_hits(p: FirePlan) -> Fraction:
    return sum((g.dice * RS.hit_chance(g.needed, g.mod, K.SEVEN_PLUS, g.reroll)
                for g in p.groups), Fraction(0))


def plans(s: GameState, unit: str, target: str, weapon: Missile, reaction: bool = False
          ) -> tuple[FirePlan, FirePlan | None, bool]:
    """The plan firing once, the plan firing a Multiple Shots weapon's every shot (None when
    it has no Multiple Shots), and the default choice: whichever gives more hits on average,
    the extra shots on a tie."""
    single = plan(s, unit, target, weapon, reaction)
    if weapon.value("multiple shots") < 2:
        return single, None, False
    both = plan(s, unit, target, weapon, reaction, multiple=True)
    return single, both, expected_hits(both) >= expected_hits(single)


def default_plan(s: GameState, unit: str, target: str, weapon: Missile) -> FirePlan:
    single, both, default = plans(s, unit, target, weapon)
    return both if both is not None and default else single


def choose_plan(ctx: Context, unit: str, target: str, weapon: Missile, reaction: bool = False,
                options: tuple[FirePlan, FirePlan | None, bool] | None = None) -> Step:
    """The plan, after the Multiple Shots decision when the weapon has them (``multiple_shots``:
    true fires every shot at -1 each, false one shot; default: see :func:`plans`, or the
    ``options`` worked out already). Returns the plan."""
    s = ctx.state
    single, both, default = options or plans(s, unit, target, weapon, reaction)
    if both is None:
        return single
    extra = weapon.value("multiple shots")
    answer = yield Ask("multiple_shots", f"{U.name(s, unit)} may fire its {weapon.name} {extra} "
                       f"times each at -1 to hit, or once: fire {extra} times?", (True, False),
                       default, side=s.units[unit].side)
    return both if answer else single


# --- the order -----------------------------------------------------------------------------------


def check(s: GameState, cmd: Order) -> tuple[str, str, Missile]:
    """Refuse a ``shoot`` order that cannot be carried out; (unit, target, weapon)."""
    unit, target = RS.check_order(s, cmd)
    weapon = weapon_for(s, unit, cmd.arg("weapon"))
    check_may_shoot(s, unit, weapon)
    plan(s, unit, target, weapon)
    return unit, target, weapon


def shoot(ctx: Context, cmd: Order) -> Step:
    s = ctx.state
    unit, target = RS.check_order(s, cmd)
    weapon = weapon_for(s, unit, cmd.arg("weapon"))
    check_may_shoot(s, unit, weapon)
    options = plans(s, unit, target, weapon)  # (refused here as by check)
    yield ev.ActionTaken(unit, "shoot", target)
    yield ev.UnitFlagSet(unit, "shot", "phase", target)
    p = yield from choose_plan(ctx, unit, target, weapon, options=options)
    for note in p.notes:
        yield ev.RuleApplied("Shooting", unit, note, target)
    s = ctx.state
    where, strength = space.boundary(s, target), U.unit_strength(s, target)
    yield from panic.note_models(ctx, target)
    yield from fire(ctx, p, "shooting")
    yield from panic.after_shooting(ctx, target, unit, where, strength)
    yield from F.phased(ctx).check_winner(ctx)


# --- Stand and Shoot -----------------------------------------------------------------------------


def reaction_weapon(s: GameState, unit: str) -> Missile | None:
    """The first missile weapon of the unit (or its characters) that may Stand and Shoot (not
    a Cumbersome one)."""
    for m in U.members(s, unit):
        for w in missiles(s, m):
            if not w.has("cumbersome"):
                return w
    return None


def can_stand_and_shoot(s: GameState, unit: str, charger: str) -> bool:
    """A unit with a missile weapon, not in combat or fleeing, that has not stood and shot
    this turn, may stand and shoot at a charger some of its models see, unless the charger
    starts closer than its own Movement (a Quick Shot weapon may all the same)."""
    from game.rulesets.old_world.charges import movement_of

    weapon = reaction_weapon(s, unit)
    if weapon is None or s.units[unit].status != "active" or s.units[unit].flag("stood_and_shot"):
        return False
    gap = space.rects_distance(space.unit_key(s, unit), space.unit_key(s, charger))
    if measure.short_of(gap, movement_of(s, charger)) and not weapon.has("quick shot"):
        return False
    try:
        plan(s, unit, charger, weapon, reaction=True)
    except Refused:
        return False
    return True


def stand_and_shoot(ctx: Context, unit: str, charger: str) -> Step:
    """The unit shoots at the charger as in the Shooting phase, at -1 and with no long range,
    whatever the distance (no Volley Fire); its Wounds count toward the combat result of the
    turn. The charger takes no Panic test for them; its friends do if it is destroyed."""
    s = ctx.state
    weapon = reaction_weapon(s, unit)
    assert weapon is not None
    yield ev.UnitFlagSet(unit, "stood_and_shot", "player_turn", True)
    p = yield from choose_plan(ctx, unit, charger, weapon, reaction=True)
    for note in p.notes:
        yield ev.RuleApplied("Stand and Shoot", unit, note, charger)
    s = ctx.state
    where, strength = space.boundary(s, charger), U.unit_strength(s, charger)
    counted = yield from fire(ctx, p, "Stand and Shoot")
    if counted:
        yield ev.UnitFlagSet(unit, "shot_wounds", "player_turn", (charger, counted))
    yield from panic.after_shooting(ctx, charger, unit, where, strength, own_test=False)


def expected_share(s: GameState, unit: str, target: str) -> float:
    """The share of ``target``'s Wounds ``unit``'s shooting would take on average, for the AI's
    threats (see ``rank_and_flank.shooting.expected_share``)."""
    return RS.expected_share(s, unit, target, weapon_for, default_plan, shot_chance, wounds_room)


__all__ = ["expected_share", "can_stand_and_shoot", "check", "sees", "check_may_shoot", "choose_plan", "cover", "fire",
           "member_weapon", "missiles", "moved", "on_hill", "plan", "reading", "shoot",
           "shot_chance", "stand_and_shoot", "weapon_for"]

"""Close combat in old-world: finding the combats, and one round of a combat's Choose & Fight
step: Fear tests, Impact Hits, then the Initiative steps from the highest down, each with its
rolls to hit, to wound and to save, casualties removed at the end of the step.

Dice order (what scripted dice are used for, in order), documented in docs/rules/old-world.md:
at each Initiative step, the active side's units strike first, units in the order they joined
the combat; for one group of attacks: every to-hit die, then the re-rolls of failed hits,
then one to-wound die per hit, then one armour save per wound (in the order of the to-wound
dice; none when the save is impossible), then ward saves for the wounds not saved, then a
Regeneration roll per Wound lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from game.core import events as ev
from game.core import measure
from game.core.log import plural, possessive
from game.core.ruleset import Step
from game.core.state import GameState
from game.geometry.contact import CONTACT_TOL
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import units as U
from game.rulesets.rank_and_flank import combat as RC
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.combat import (
    Combat,
    Losses,
    charge_of,
    charged_this_turn,
    engaged_with,
    fight_steps,
    mark_fought,
    tally,
    victim_of,
)

# Who is in which combat, charging, first rounds, Wounds lost and casualties, and the steps of a
# round are the rank-and-flank engine's (game/rulesets/rank_and_flank/combat.py).


# --- weapons and armour -----------------------------------------------------------------------------


def weapon_in_use(s: GameState, unit: str) -> K.Weapon:
    """The close combat weapon the unit fights with: its special weapon if it has one, else a
    hand weapon."""
    for w in U.profile(s, unit).weapons:
        wp = K.WEAPONS[w]
        if w != "hand weapon" and not wp.missile and w != "shield":
            return wp
    return K.WEAPONS["hand weapon"]


def bonuses_count(s: GameState, unit: str, weapon: K.Weapon) -> bool:
    """Whether the weapon's bonuses apply (charge-only weapons: in a turn the unit charged)."""
    return not weapon.charge_only or charged_this_turn(s, unit)


def armour_save(s: GameState, unit: str, shooting: bool = False) -> tuple[int, list[tuple[str, int]]]:
    """The unit's armour save in close combat (7: none) and what changed it; against shooting
    (``shooting``) its whole armour counts, shield included, and Parry does not."""
    p = U.profile(s, unit)
    save = p.armour
    why: list[tuple[str, int]] = []
    if save >= 7:
        return 7, why
    weapon = weapon_in_use(s, unit)
    if shooting:
        pass
    elif p.has("shield") and weapon.two_handed:
        save += 1
        why.append(("shield unusable with a two-handed weapon", 1))
    elif p.has("shield") and p.troop.infantry and save > 3:
        save -= 1
        why.append(("Parry", -1))
    if save < p.troop.max_armour:
        why.append((f"best armour for {p.troop.name}", p.troop.max_armour - save))
        save = p.troop.max_armour
    return save, why


# --- initiative ---------------------------------------------------------------------------------------


def initiative(s: GameState, unit: str, member: str, enemy: str, combat: Combat) -> tuple[int, list[tuple[str, int]]]:
    """The Initiative ``member`` (the unit or a character in it) strikes ``enemy`` at, and
    what changed it."""
    base = U.stat(s, member, "I")
    why: list[tuple[str, int]] = []
    fl = U.own_flags(s, member)
    weapon = weapon_in_use(s, member)
    first = "strike_first" in fl
    last = "strike_last" in fl or weapon.strike_last
    value = base
    if first and not last:
        value = 10
        why.append(("Strike First", 10 - base))
    elif last and not first:
        value = 1
        why.append(("Strike Last" if "strike_last" in fl else f"Strike Last ({weapon.name})", 1 - base))
    charge = charge_of(s, unit)
    if charge is not None and not charge[3]:
        bonus = charge_bonus(charge[1], charge[2])
        if bonus:
            why.append(("charge", bonus))
            value += bonus
    from game.rulesets.old_world.rules import RULES

    for r in RULES.hooked(U.lead(s, member).rules, "initiative_mods"):
        for mod in r.initiative_mods(s, combat, member, enemy):
            why.append((mod.source, mod.value))
            value += mod.value
    if value > 10:
        why.append(("at most 10", 10 - value))
        value = 10
    return max(0, value), why


def charge_bonus(inches: float, facing: str) -> int:
    """+1 per full inch moved (within the contact tolerance), up to 3 into a front, 4 into a
    flank or the rear."""
    cap = K.CHARGE_I_CAP_FRONT if facing == "front" else K.CHARGE_I_CAP_FLANK
    return min(cap, int(math.floor(inches + CONTACT_TOL)))


# --- who strikes whom ---------------------------------------------------------------------------------


@dataclass(slots=True)
class Strike:
    """The attacks one member of a unit (the unit's models, or a character) makes against one
    enemy unit at one Initiative step."""

    unit: str  # the unit in the combat (the host)
    member: str  # whose models strike: the unit, or a character in it
    target: str
    attacks: int
    initiative: int
    why_initiative: list[tuple[str, int]] = field(default_factory=list)
    supporting: int = 0  # how many of the attacks are supporting attacks

    @property
    def step(self) -> int:
        return self.initiative

    @property
    def order(self) -> tuple[bool]:
        """Within a unit at one step: its own models, then its characters."""
        return (self.member != self.unit,)


def _fighting_ranks(s: GameState, unit: str, facing: str) -> tuple[set[int], str]:
    """Which rows of the formation fight toward ``facing``: ranks (front/rear) or files. To
    the front, a unit with Press of Battle fights with its first two ranks."""
    files, ranks = U.files_ranks(s, unit)
    if facing == "front":
        rows = {0}
        if press_of_battle(s, unit):
            rows.add(1)
        return rows, "rank"
    if facing == "rear":
        return {ranks - 1}, "rank"
    return ({0} if facing == "left" else {files - 1}), "file"


def _facing(s: GameState, unit: str, enemy: str) -> str:
    """The facing of ``unit`` that ``enemy`` fights (a corner contact: the arc it is in)."""
    return space.facing_touched_by(s, unit, enemy) or "front"


def pressing(s: GameState, unit: str, combat: Combat) -> bool:
    """Whether Press of Battle adds the unit's second rank to its fighting rank in this
    combat: it has one, and an enemy fights it to its front."""
    if U.files_ranks(s, unit)[1] < 2 or not press_of_battle(s, unit):
        return False
    return any(e in combat.units and _facing(s, unit, e) == "front" for e in engaged_with(s, unit))


def press_of_battle(s: GameState, unit: str) -> bool:
    """Whether the unit fights two ranks deep to its front (Press of Battle): regular or heavy
    infantry in Combat Order, except in a turn it charged."""
    if not K.PRESS_OF_BATTLE:
        return False
    p = U.profile(s, unit)
    return p.troop.infantry and U.combat_order(s, unit) and not charged_this_turn(s, unit)


def plan_strikes(s: GameState, combat: Combat) -> list[Strike]:
    """Every group of attacks of the combat as things stand, with its Initiative."""
    key = ("strikes", combat.ids())
    got: list[Strike] | None = s.derived.get(key)
    if got is None:
        got = s.derived[key] = _plan_strikes(s, combat)
    return got


def _plan_strikes(s: GameState, combat: Combat) -> list[Strike]:
    out: list[Strike] = []
    for unit in combat.units:
        enemies = [e for e in engaged_with(s, unit) if e in combat.units]
        if not enemies:
            continue
        gaps = {e: space.model_gaps(s, unit, e) for e in enemies}
        facings = {e: _facing(s, unit, e) for e in enemies}
        rows = {e: _fighting_ranks(s, unit, facings[e]) for e in enemies}
        places = space.rank_and_file(s, unit)
        files, ranks = U.files_ranks(s, unit)
        polys = space.model_keys(s, unit)
        # touching at a corner only: the rank and the file of each touching model both fight
        corners: dict[str, tuple[set[int], set[int]]] = {}
        for e in enemies:
            if space.corner_contact(s, unit, e):
                at = [places[n] for n in polys if gaps[e][n] <= CONTACT_TOL]
                ranks_at = {r for r, _ in at}
                lines, kind = rows[e]
                if kind == "rank" and ranks_at & lines:  # (the front rank: two deep, Press of Battle)
                    ranks_at |= lines
                corners[e] = (ranks_at, {f for _, f in at})
        weapon = weapon_in_use(s, unit)
        support_ok = weapon.fight_in_extra_rank and not (
            weapon.no_support_when_charging and charged_this_turn(s, unit))
        members = {m: (U.stat(s, m, "M"), U.stat(s, m, "A") + weapon_in_use(s, m).extra_attacks)
                   for m in U.members(s, unit)}
        counts: dict[tuple[str, str], list[int]] = {}
        for name in polys:
            member = s.models[name].unit
            move, attacks = members[member]
            one = min(1, attacks)  # out of base contact: 1 attack (none for a model without Attacks)
            rank, file = places[name]
            outer = rank in (0, ranks - 1) or file in (0, files - 1)
            target, n, support = None, 0, 0
            if outer:
                for e in enemies:
                    if gaps[e][name] <= CONTACT_TOL:
                        target, n = e, attacks
                        break
            if target is None:
                for e in enemies:
                    lines, kind = rows[e]
                    row = rank if kind == "rank" else file
                    if e in corners:
                        in_row = rank in corners[e][0] or file in corners[e][1]
                        if in_row and measure.within(gaps[e][name], move):
                            target, n = e, one
                            break
                        continue
                    if row in lines:
                        if measure.within(gaps[e][name], move):
                            target, n = e, one
                            break
                    elif (support_ok and facings[e] == "front" and member == unit
                          and kind == "rank" and rank == max(lines) + 1
                          and measure.within(gaps[e][name], move)):
                        target, n, support = e, one, one
                        break
            if target is None or n <= 0:
                continue
            got = counts.setdefault((member, target), [0, 0])
            got[0] += n
            got[1] += support
        for (member, target), (n, support) in counts.items():
            value, why = initiative(s, unit, member, target, combat)
            out.append(Strike(unit, member, target, n, value, why, support))
    return out


# --- rolling the attacks --------------------------------------------------------------------------------


def _roll(ctx: Context, n: int, purpose: str) -> tuple[int, ...]:
    return tuple(ctx.roll(K.DIE, purpose) for _ in range(n))


def _hits(faces: Iterable[int], needed: int, mod: int) -> list[bool]:
    return [f == 6 or (f != 1 and f + mod >= needed) for f in faces]


def strike(ctx: Context, combat: Combat, st: Strike, losses: dict[str, Losses]) -> Step:
    """Roll one group of attacks: to hit (with re-rolls), to wound, saves, Regeneration. The
    Wounds lost wait in ``losses`` until the end of the Initiative step."""
    s = ctx.state
    member, target = st.member, st.target
    ws_a, ws_t = U.stat(s, member, "WS"), U.stat(s, target, "WS")
    mods: list[tuple[str, int]] = []
    afraid = s.units[st.unit].flag("afraid", ()) or ()
    if target in afraid:
        mods.append(("Fear", -1))
    needed = K.to_hit_needed(ws_a, ws_t)
    who = U.name(s, member)
    if ws_a == 0 or ws_t == 0:  # no roll: WS 0 never hits, and is always hit
        n_hits = 0 if ws_a == 0 else st.attacks
        why = f"has WS 0: its {st.attacks} attack(s) miss" if ws_a == 0 else (
            f"hits {U.name(s, target)} (WS 0) with all {st.attacks} attack(s)")
        yield ev.RuleApplied("To hit", member, why, target)
        if n_hits:
            yield from resolve_hits(ctx, combat, member, target, n_hits, losses,
                                    source=f"attacks of {who}")
        return
    faces = _roll(ctx, st.attacks, "to_hit")
    mod = sum(v for _, v in mods)
    n_hits = sum(_hits(faces, needed, mod))
    yield ev.DiceRolled("to_hit", member, f"{len(faces)}d6", faces, faces, tuple(mods), n_hits,
                        needed, f"{n_hits} hit{'s' if n_hits != 1 else ''}", target)
    missed = len(faces) - n_hits
    if missed and any(r.reroll_failed_hits(s, combat, member, target)
                      for r in own_hooked(s, member, "reroll_failed_hits")):
        again = _roll(ctx, missed, "reroll_to_hit")
        more = sum(_hits(again, needed, mod)) if ws_a else 0
        n_hits += more
        yield ev.DiceRolled("reroll_to_hit", member, f"{len(again)}d6", again, again,
                            tuple(mods), more, needed, f"{more} more hit{'s' if more != 1 else ''}",
                            target)
    if not n_hits:
        return
    yield from resolve_hits(ctx, combat, member, target, n_hits, losses, source=f"attacks of {who}")


def wound_profile(s: GameState, member: str) -> tuple[int, int, int, bool]:
    """Strength, AP and Armour Bane of the member's close combat attacks, and whether they are
    magical."""
    weapon = weapon_in_use(s, member)
    on = bonuses_count(s, member, weapon)
    strength = U.stat(s, member, "S") + (weapon.strength if on else 0)
    ap = weapon.ap if on else 0
    bane = weapon.armour_bane if on else 0
    for r in own_hooked(s, member, "armour_bane"):
        bane = max(bane, r.armour_bane())
    return min(10, strength), ap, bane, "magical" in U.own_flags(s, member)


def own_hooked(s: GameState, member: str, hook: str) -> tuple[Any, ...]:
    """The rules of ``member`` itself (not of the characters in it) that change ``hook``."""
    from game.rulesets.old_world.rules import RULES

    return RULES.hooked(U.lead(s, member).rules, hook)


def wounds(face: int, needed: int) -> bool:
    """A to-wound die against the score ``needed`` (a 1 always fails)."""
    return face != 1 and face >= needed


def save_possible(save: int, ap: int) -> bool:
    """Whether an armour save of ``save``+ can be rolled at all against ``ap``."""
    return save < 7 and save - ap <= 6


def saves(face: int, save: int, ap: int) -> bool:
    """An armour save die: the face plus the AP must reach the save; a 1 always fails."""
    return face != 1 and face + ap >= save


def ward_of(s: GameState, victim: str) -> int | None:
    """The best ward save of the victim's models (X of X+), or None."""
    return min((w for r in own_hooked(s, victim, "ward") if (w := r.ward()) is not None),
               default=None)


def regeneration_of(s: GameState, victim: str) -> int | None:
    return min((v for r in own_hooked(s, victim, "regeneration")
                if (v := r.regeneration()) is not None), default=None)


def hit_chance(needed: int) -> Fraction:
    """The chance a to-hit die in combat scores ``needed`` (by the same rule as the roll:
    a 6 always hits, a 1 always misses). For the AI's guess at a fight."""
    return Fraction(sum(_hits(range(1, 7), needed, 0)), 6)


def wound_chance(s: GameState, victim: str, strength: int, ap: int, bane: int,
                 shooting: bool = False) -> Fraction:
    """The chance a hit of ``strength``, ``ap`` and Armour Bane ``bane`` (on a 6 to wound)
    ends as a Wound lost by ``victim``: the roll to wound, its armour (against shooting, the
    whole of it), its ward, its Regeneration. For the exact odds of a shot and the AI's guess
    at a fight: the same rolls as :func:`resolve_hits`."""
    needed = K.to_wound_needed(strength, U.stat(s, victim, "T"))
    if needed == 0:
        return Fraction(0)
    save, _ = armour_save(s, victim, shooting=shooting)
    through = Fraction(0)
    for face in range(1, 7):
        if not wounds(face, needed):
            continue
        cut = ap - (bane if face == 6 else 0)
        fail = (Fraction(sum(1 for d in range(1, 7) if not saves(d, save, cut)), 6)
                if save_possible(save, cut) else Fraction(1))
        through += fail / 6
    ward = ward_of(s, victim)
    if ward is not None and ward <= 6:
        through *= Fraction(ward - 1, 6)
    regen = regeneration_of(s, victim)
    if regen is not None and regen <= 6:
        through *= Fraction(regen - 1, 6)
    return through


def resolve_hits(ctx: Context, combat: Combat, member: str, target: str, hits: int,
                 losses: dict[str, Losses], source: str = "attacks", strength: int | None = None,
                 ap: int | None = None, bane: int | None = None, magical: bool | None = None,
                 shooting: bool = False) -> Step:
    """Hits on ``target``: to wound, armour saves, ward saves, Wounds lost and Regeneration;
    the Wounds that count toward the combat result go to the striking side's tally. Unless
    given, the hits use the member's close combat profile; ``shooting`` hits meet the target's
    whole armour (:func:`armour_save`)."""
    s = ctx.state
    s_, ap_, bane_, magic_ = wound_profile(s, member)
    strength = s_ if strength is None else strength
    ap = ap_ if ap is None else ap
    bane = bane_ if bane is None else bane
    magical = magic_ if magical is None else magical
    victim = victim_of(s, target)
    if "ethereal" in U.flags(s, victim) and not magical:
        yield ev.RuleApplied("Ethereal", target, "cannot be wounded by "
                             f"{plural(hits, 'non-magical hit')}", member)
        return
    toughness = U.stat(s, victim, "T")
    needed = K.to_wound_needed(strength, toughness)
    if needed == 0:
        yield ev.RuleApplied("To wound", member, f"has Strength {strength}, which cannot wound "
                             f"Toughness {toughness}: {hits} hit(s) do nothing", target)
        return
    faces = _roll(ctx, hits, "to_wound")
    good = [f for f in faces if wounds(f, needed)]
    yield ev.DiceRolled("to_wound", member, f"{len(faces)}d6", faces, faces, (), len(good), needed,
                        f"{len(good)} wound{'s' if len(good) != 1 else ''}", target)
    if not good:
        return
    save, _ = armour_save(s, victim, shooting)
    unsaved = 0
    runs: list[tuple[int, list[int]]] = []  # (AP, dice) of consecutive saves with the same AP
    for f in good:
        this_ap = ap - (bane if f == 6 else 0)
        if not save_possible(save, this_ap):
            unsaved += 1
            continue
        d = ctx.roll(K.DIE, "armour_save")
        if runs and runs[-1][0] == this_ap:
            runs[-1][1].append(d)
        else:
            runs.append((this_ap, [d]))
        if not saves(d, save, this_ap):
            unsaved += 1
    for this_ap, dice in runs:
        saved = sum(1 for d in dice if saves(d, save, this_ap))
        mods = []
        if this_ap:
            mods.append(("AP", this_ap))
        yield ev.DiceRolled("armour_save", victim, f"{len(dice)}d6", tuple(dice), tuple(dice),
                            tuple(mods), saved, save, f"{saved} saved", member)
    if unsaved and not save_possible(save, ap) and save < 7:
        yield ev.RuleApplied("Armour", victim, f"gets no armour save against AP {ap}", member)
    ward = ward_of(s, victim)
    if unsaved and ward is not None and ward <= 6:
        warded = _roll(ctx, unsaved, "ward_save")
        saved = sum(1 for d in warded if d >= ward)
        unsaved -= saved
        yield ev.DiceRolled("ward_save", victim, f"{len(warded)}d6", warded, warded, (), saved, ward,
                            f"{saved} saved", member)
    if unsaved:
        counted = yield from lose_wounds(ctx, victim, unsaved, losses, member, source)
        combat.inflicted[s.units[member].side] += counted


def lose_wounds(ctx: Context, victim: str, n: int, losses: dict[str, Losses], by: str | None,
                source: str, regenerate: bool = True) -> Step:
    """``victim`` loses ``n`` Wounds (kept in ``losses`` until casualties are removed): each
    may be regenerated. Returns how many count for the combat result: all of them, regenerated
    or not, as long as the unit had Wounds left for them."""
    s = ctx.state
    have = U.wounds_left(s, victim) - (losses[victim].lost if victim in losses else 0)
    counted = min(n, max(0, have))
    regen = None
    if regenerate:
        regen = regeneration_of(s, victim)
    kept = n
    if regen is not None and regen <= 6:
        dice = _roll(ctx, n, "regeneration")
        back = sum(1 for d in dice if d >= regen)
        kept = n - back
        yield ev.DiceRolled("regeneration", victim, f"{len(dice)}d6", dice, dice, (), back, regen,
                            f"{back} regenerated", by)
    tally(losses, victim, kept, counted)
    shown = min(kept, max(0, have))  # (more than it has left: it loses what it has)
    if shown:
        yield ev.RuleApplied("Wounds", victim, f"loses {shown} Wound{'s' if shown != 1 else ''} "
                             f"({source})", by)
    return counted


def wounds_per_model(s: GameState, unit: str) -> int:
    return U.profile(s, unit).wounds


def remove_casualties(ctx: Context, losses: dict[str, Losses], reason: str = "casualties") -> Step:
    """Take the Wounds in ``losses`` off their units (from the rear rank, Wounds carrying over)."""
    yield from RC.remove_casualties(ctx, losses, wounds_per_model, reason)


def take_wounds(ctx: Context, unit: str, n: int, reason: str) -> Step:
    yield from RC.take_wounds(ctx, unit, n, reason, wounds_per_model(ctx.state, unit))


# --- one round -------------------------------------------------------------------------------------------


def fight_round(ctx: Context, combat: Combat) -> Step:
    """Choose & Fight for one combat: Fear tests, what happens as it is chosen (Impact Hits),
    the Initiative steps."""
    names = " and ".join(U.name(ctx.state, u) for u in combat.units)
    yield ev.RuleApplied(RC.ROUND_OF_COMBAT, None, f"{names} fight a round of combat")
    yield from fear_tests(ctx, combat)
    for unit in list(combat.units):
        for member, r in U.hooked(ctx.state, unit, "combat_chosen"):
            yield from r.combat_chosen(ctx, combat, member)
    for unit in combat.units:
        if pressing(ctx.state, unit, combat):
            yield ev.RuleApplied("Press of Battle", unit, "fights two ranks deep to its front")
    yield from fight_steps(ctx, combat, plan_strikes, strike, wounds_per_model)
    yield from mark_fought(ctx, combat)


def fear_tests(ctx: Context, combat: Combat) -> Step:
    """As a combat is chosen, each unit fighting a Fear-causing enemy with a higher Unit
    Strength tests Leadership (once per turn); on a failure it hits that enemy at -1."""
    for unit in combat.units:
        s = ctx.state
        if s.units[unit].flag("fear_tested"):
            continue
        scary = [e for e in engaged_with(s, unit) if e in combat.units and U.frightens(s, e, unit)
                 and U.unit_strength(s, e) > U.unit_strength(s, unit)]
        if not scary:
            continue
        ok = yield from U.leadership_test(ctx, unit, "fear", f"against {possessive(U.name(s, scary[0]))} Fear",
                                          against=scary[0])
        yield ev.UnitFlagSet(unit, "fear_tested", "player_turn", True)
        if not ok:
            yield ev.UnitFlagSet(unit, "afraid", "player_turn", tuple(scary))

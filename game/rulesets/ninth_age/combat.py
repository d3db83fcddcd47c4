"""A round of combat in ninth-age: who strikes (each part of each model in base contact, and
supporting ranks where a rule gives them), at which Initiative Step (10 down to 0, each part at
its own Agility), and the rolls: to hit by Offensive minus Defensive Skill, to wound by Strength
minus Resilience, Armour Saves (Armour minus AP), then one Special Save (Aegis or Fortitude).

Dice order (what scripted dice are used for, in order), documented in docs/rules/ninth-age.md:
at each Initiative Step, the active side's units strike first, units in the order they joined
the combat, a unit before the characters in it; within a unit, part by part in the order the
profile lists them, each part's Special Attacks (Impact Hits, Breath Attack, Grind Attacks,
Stomp Attacks) before its close combat attacks. For one group of hits: the to-hit dice (close
combat only), then one to-wound die per hit, then the re-rolls of failed to-wound dice
(Flaming Attacks against Flammable), then an Armour Save per wound (in the order of the to-wound
dice; none when Armour minus AP leaves nothing), then a Special Save per wound not saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from shapely.geometry import LineString

from game.core import events as ev
from game.core.decisions import Ask
from game.core.log import possessive
from game.core.ruleset import Step
from game.core.state import Formation, GameState
from game.geometry.contact import CONTACT_TOL
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.profile import Part, profiles
from game.rulesets.ninth_age.rules import RULES
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.combat import (
    ROUND_OF_COMBAT,
    Combat,
    Losses,
    charge_of,
    charged_this_turn,
    combat_names,
    engaged_with,
    fight_steps,
    first_round,
    mark_fought,
    tally,
    victim_of,
)
from game.rulesets.rank_and_flank.units import block_models, members

CLOSE_COMBAT = "attacks"
#: Special Attacks before close combat attacks, within one part at one step
KIND_RANK = {"Impact Hits": 0, "Breath Attack": 1, "Grind Attacks": 2, "Stomp Attacks": 3,
             CLOSE_COMBAT: 9}


@dataclass(slots=True)
class Strike:
    """One group of attacks at one Initiative Step: a part of the models of one member of a
    unit (the unit's own models, or a character in it) against one enemy unit. ``kind`` is
    ``attacks`` for close combat attacks (``attacks`` dice) or a Special Attack's name
    (``models`` make it, ``rule`` resolves it)."""

    unit: str
    member: str
    part: int
    target: str
    step: int
    kind: str = CLOSE_COMBAT
    attacks: int = 0
    supporting: int = 0
    models: tuple[str, ...] = ()
    rule: Any = None
    rank: int = 0  # the member's place in its unit (0: the unit itself)
    why: tuple[tuple[str, int], ...] = field(default_factory=tuple)

    @property
    def order(self) -> tuple[int, int, int]:
        return (self.rank, self.part, KIND_RANK.get(self.kind, 5))


@dataclass(frozen=True, slots=True)
class PartView:
    """One part of a member's models as a Special Attack sees it in a round: the enemy units
    each model touches, those touching each model's front edge, whether the unit charged this
    turn and the part's Agility for attacks made "at the part's Agility"."""

    unit: str
    member: str
    rank: int
    part: Part
    multipart: bool
    touching: dict[str, tuple[str, ...]]
    front: dict[str, tuple[str, ...]]
    charging: bool
    agility: int

    def strike(self, kind: str, step: int, target: str, models: tuple[str, ...], rule: Any) -> Strike:
        return Strike(self.unit, self.member, self.part.index, target, step, kind,
                      models=models, rule=rule, rank=self.rank)

    def by_target(self, pairs: dict[str, tuple[str, ...]], combat: Combat,
                  keep: Any = None) -> dict[str, tuple[str, ...]]:
        """The models grouped by the first enemy unit (in the combat's order) each one has in
        ``pairs`` (optionally only enemies ``keep(enemy)`` accepts)."""
        order = {u: i for i, u in enumerate(combat.units)}
        out: dict[str, list[str]] = {}
        for m, enemies in pairs.items():
            ok = [e for e in enemies if e in order and (keep is None or keep(e))]
            if ok:
                out.setdefault(min(ok, key=order.__getitem__), []).append(m)
        return {t: tuple(ms) for t, ms in sorted(out.items(), key=lambda kv: order[kv[0]])}


# --- weapons and Agility ---------------------------------------------------------------------------


def weapon_of(s: GameState, member: str, part: Part) -> K.Weapon:
    """The close combat weapon the part fights with: its special weapon when it has one it may
    use (Harnessed parts use none; a Spear is for Infantry, a Lance for the other Types), else
    a hand weapon."""
    if "harnessed" in U.part_flags(part):
        return K.WEAPONS["hand weapon"]
    infantry = U.profile(s, member).troop == "infantry"
    for w in part.weapons:
        wp = K.WEAPONS[w]
        if not wp.melee or w == "hand weapon":
            continue
        if wp.infantry is not None and wp.infantry != infantry:
            continue
        return wp
    return K.WEAPONS["hand weapon"]


def flank_or_rear(s: GameState, unit: str) -> bool:
    """Engaged in a flank or the rear."""
    return any(space.facing_touched_by(s, unit, e) in ("left", "right", "rear")
               for e in engaged_with(s, unit))


def first_round_bonus(s: GameState, unit: str, enemy: str, weapon: K.Weapon) -> tuple[int, int]:
    """(Agility, AP) a weapon adds in the first round of a combat when the unit did not charge
    and is not engaged in a flank or the rear (Spear)."""
    if weapon.first_round == (0, 0) or charged_this_turn(s, unit):
        return 0, 0
    if not first_round(s, unit, enemy) or flank_or_rear(s, unit):
        return 0, 0
    return weapon.first_round


def momentum(s: GameState, unit: str) -> int:
    """Charging Momentum: +1 Agility for models that charged this turn."""
    return 1 if K.CHARGING_MOMENTUM and charged_this_turn(s, unit) else 0


def special_agility(s: GameState, unit: str, part: Part) -> int:
    """The Agility a part's Special Attacks strike at when they go "at the part's Agility"."""
    return max(0, min(K.MAX_STEP, part.agi + momentum(s, unit)))


def close_combat_step(s: GameState, unit: str, part: Part, enemy: str
                      ) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The Initiative Step of a part's close combat attacks against ``enemy``, and why."""
    weapon = weapon_of(s, unit, part)
    if weapon.step_zero:
        return 0, ((weapon.name.capitalize(), -part.agi),)
    why: list[tuple[str, int]] = []
    value = part.agi
    if momentum(s, unit):
        why.append(("Charging Momentum", 1))
        value += 1
    agi, _ = first_round_bonus(s, unit, enemy, weapon)
    if agi:
        why.append((weapon.name.capitalize(), agi))
        value += agi
    return max(0, min(K.MAX_STEP, value)), tuple(why)


# --- who touches whom ----------------------------------------------------------------------------


@lru_cache(maxsize=65536)
def _front_touches(model: space.RectKey, enemy: space.RectKey) -> bool:
    x, y, facing, w, d = model
    c = space.corners(Formation(x, y, facing, 1), w, d)
    edge = LineString([c["front-left"], c["front-right"]])
    return bool(edge.distance(space.rect_of(enemy)) <= CONTACT_TOL)


def contacts(s: GameState, unit: str, enemies: list[str]
             ) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """For each model of the unit's formation: the enemy units its base touches (corners
    count), and those touching its front edge."""
    key = ("contacts", unit, tuple(enemies))
    got = s.placed.get(key)
    if got is None:
        bounds = {e: space.unit_key(s, e) for e in enemies}
        gaps = {e: space.model_gaps(s, unit, e) for e in enemies}
        touch: dict[str, tuple[str, ...]] = {}
        front: dict[str, tuple[str, ...]] = {}
        for name, mk in space.model_keys(s, unit).items():
            t = tuple([e for e in enemies if gaps[e][name] <= CONTACT_TOL])
            touch[name] = t
            front[name] = tuple([e for e in t if _front_touches(mk, bounds[e])]) if t else ()
        got = s.placed[key] = (touch, front)
    return got


def extra_ranks(s: GameState, unit: str, member: str, part: Part) -> int:
    """How many ranks behind the fighting rank make supporting attacks for this part: one for
    each of Line Formation, Fight in Extra Rank (the rule or a Spear) (and the second rank of
    every unit when SUPPORTING_ATTACKS is on)."""
    n = 1 if K.SUPPORTING_ATTACKS else 0
    if U.line_formation(s, unit):
        n += 1
    if "fight_in_extra_rank" in U.part_flags(part):
        n += 1
    if weapon_of(s, member, part).extra_rank:
        n += 1
    return n


# --- planning a round ------------------------------------------------------------------------------


def plan_strikes(s: GameState, combat: Combat) -> list[Strike]:
    """Every group of attacks of the combat as things stand, with its Initiative Step."""
    key = ("strikes", combat.ids())
    got: list[Strike] | None = s.derived.get(key)
    if got is None:
        got = s.derived[key] = _plan(s, combat)
    return got


def _plan(s: GameState, combat: Combat) -> list[Strike]:
    out: list[Strike] = []
    kept = combat.kept
    for unit in combat.units:
        engaged = engaged_with(s, unit)
        enemies = [e for e in engaged if e in combat.units]
        if not enemies:
            continue
        inputs = _unit_inputs(s, combat, unit, engaged)
        got = kept.get(unit)
        if got is None or got[0] != inputs:
            got = kept[unit] = (inputs, _unit_strikes(s, combat, unit, enemies))
        out.extend(got[1])
    return out


def _unit_inputs(s: GameState, combat: Combat, unit: str, engaged: list[str]) -> tuple[Any, ...]:
    """Everything a unit's strikes are worked out from (:func:`_unit_strikes`): the combat's
    units, the unit's own records and those of the characters in it, its models, and of each
    enemy engaged with it its boundary and its unit-level state (not its models nor its
    counters, which nothing planning strikes against it reads: a rule's ``special_attacks``
    must not either). While these are equal, so are the strikes: a step's casualties plan
    again only the units that lost models or whose enemies moved."""
    units = s.units
    return (tuple(combat.units), profiles(s), [units[m] for m in members(s, unit)],
            block_models(s, unit), engaged,
            [(space.unit_key(s, e), (rec := units[e]).flags, rec.conditions, rec.status)
             for e in engaged])


def _unit_strikes(s: GameState, combat: Combat, unit: str, enemies: list[str]) -> list[Strike]:
    """The strikes of one unit of the combat against ``enemies``."""
    out: list[Strike] = []
    touch, front = contacts(s, unit, enemies)
    facings = {e: space.facing_touched_by(s, unit, e) or "front" for e in enemies}
    ahead = [e for e in enemies if facings[e] == "front"]
    places = space.rank_and_file(s, unit)
    front_files: dict[int, str] = {}
    for name, (rank, file) in places.items():
        if rank == 0:
            hit = [e for e in touch.get(name, ()) if e in ahead]
            if hit:
                front_files[file] = hit[0]
    charging = charged_this_turn(s, unit)
    by_member: dict[str, list[str]] = {}
    for m in block_models(s, unit):
        by_member.setdefault(m.unit, []).append(m.name)
    for rank_i, member in enumerate(members(s, unit)):
        models = by_member.get(member, [])
        if not models:
            continue
        prof = U.profile(s, member)
        for part in prof.parts:
            hooked = RULES.hooked(part.rules, "special_attacks")
            if hooked:  # (the view is for the rules that make Special Attacks alone)
                view = PartView(unit, member, rank_i, part, prof.multipart,
                                {m: touch.get(m, ()) for m in models},
                                {m: front.get(m, ()) for m in models}, charging,
                                special_agility(s, unit, part))
                for r in hooked:
                    out.extend(r.special_attacks(s, combat, view))
            out.extend(_close_combat(s, unit, member, rank_i, part, models, touch, places,
                                     front_files))
    return out


def _close_combat(s: GameState, unit: str, member: str, rank_i: int, part: Part,
                  models: list[str], touch: dict[str, tuple[str, ...]],
                  places: dict[str, tuple[int, int]], front_files: dict[int, str]) -> list[Strike]:
    """The close combat attacks of one part: all its attacks from models in base contact,
    supporting attacks (capped by Height) from the ranks behind where a rule allows them."""
    flags = U.part_flags(part)
    if "inanimate" in flags:
        return []
    weapon = weapon_of(s, member, part)
    attacks = part.att + weapon.attacks
    if attacks <= 0:
        return []
    support = 0 if "harnessed" in flags else extra_ranks(s, unit, member, part)
    cap = U.height(s, member).support_cap
    counts: dict[str, list[int]] = {}
    for name in models:
        enemies = touch.get(name, ())
        if enemies:
            got = counts.setdefault(enemies[0], [0, 0])
            got[0] += attacks
            continue
        rank, file = places[name]
        if 1 <= rank <= support and file in front_files:
            got = counts.setdefault(front_files[file], [0, 0])
            n = min(attacks, cap)
            got[0] += n
            got[1] += n
    out = []
    for target, (n, sup) in counts.items():
        step, why = close_combat_step(s, unit, part, target)
        out.append(Strike(unit, member, part.index, target, step, CLOSE_COMBAT, n, sup,
                          rank=rank_i, why=why))
    return out


# --- rolling -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HitProfile:
    """What hits are resolved with: Strength, AP, attack attributes, where they come from, and
    whether they count toward the combat score (they do in a round of combat)."""

    strength: int
    ap: int
    source: str
    flaming: bool = False
    lethal: bool = False
    melee: bool = True


def _roll(ctx: Context, n: int, purpose: str) -> tuple[int, ...]:
    return tuple(ctx.roll(K.DIE, purpose) for _ in range(n))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def part_name(s: GameState, member: str, part: int) -> str:
    """The part's name for a multipart model, else the unit's."""
    prof = U.profile(s, member)
    return prof.parts[part].name if prof.multipart else U.name(s, member)


def part_owner(s: GameState, member: str, part: int) -> str:
    """Whose attacks: "Boar Riders' rider" for a part of a multipart model, else the unit."""
    prof = U.profile(s, member)
    name = U.name(s, member)
    return f"{possessive(name)} {prof.parts[part].name}" if prof.multipart else name


def part_label(s: GameState, member: str, part: int) -> str:
    """"(crew)" after the unit's name in a log line, for a part of a multipart model."""
    prof = U.profile(s, member)
    return f"({prof.parts[part].name}) " if prof.multipart else ""


def strike(ctx: Context, combat: Combat, st: Strike, losses: dict[str, Losses]) -> Step:
    """Roll one group: a Special Attack through its rule, close combat attacks here."""
    if st.kind != CLOSE_COMBAT:
        yield from st.rule.resolve(ctx, combat, st, losses)
        return
    s = ctx.state
    prof = U.profile(s, st.member)
    part = prof.parts[st.part]
    weapon = weapon_of(s, st.member, part)
    victim = victim_of(s, st.target)
    off = part.off + weapon.offence
    defence = U.stat(s, victim, "Def")
    if K.PARRY and not weapon.ignores_parry and parries(s, victim, st.unit):
        defence = parried_defence(defence, off)
        yield ev.RuleApplied("Parry", victim, f"parries with hand weapon and shield: Defensive "
                             f"Skill {defence} against {U.name(s, st.member)}", st.member)
    needed = K.to_hit_needed(off, defence)
    if prof.multipart:
        sup = f", {st.supporting} supporting" if st.supporting else ""
        yield ev.RuleApplied("Attacks", st.member, f"({part.name}) {_plural(st.attacks, 'attack')}"
                             f"{sup}, Offensive Skill {off}", st.target)
    faces = _roll(ctx, st.attacks, "to_hit")
    hits = sum(1 for f in faces if f == 6 or (f != 1 and f >= needed))
    yield ev.DiceRolled("to_hit", st.member, f"{len(faces)}d6", faces, faces, (), hits, needed,
                        _plural(hits, "hit"), st.target)
    if hits:
        yield from resolve_hits(ctx, combat, st.member, st.target, hits,
                                melee_profile(s, st, part, weapon), losses)


def has_shield(s: GameState, unit: str) -> bool:
    """The model's first part (the rider, the crew, the model itself) carries a shield."""
    return "shield" in U.parts(s, unit)[0].weapons


def parries(s: GameState, victim: str, attacker: str) -> bool:
    """Parry (PARRY on): a model that :func:`can_parry`, attacked by an enemy in its front."""
    return can_parry(s, victim) and space.facing_touched_by(s, U.host(s, victim), attacker) == "front"


def can_parry(s: GameState, victim: str) -> bool:
    """The model could Parry an attack from its front: on foot (no Harnessed part), fighting
    with a hand weapon and a shield."""
    if not has_shield(s, victim) or any("harnessed" in U.part_flags(p) for p in U.parts(s, victim)):
        return False
    return weapon_of(s, victim, U.parts(s, victim)[0]).name == "hand weapon"


def parried_defence(defence: int, offence: int) -> int:
    """The Defensive Skill of a model that Parries: one better, and at least the attacker's
    Offensive Skill."""
    return max(defence + 1, offence)


def melee_armour(s: GameState, victim: str) -> int:
    """The victim's Armour against close combat attacks: its Arm, less the shield's point when
    it fights with a two-handed weapon (TWO_HANDED_DROPS_SHIELD on)."""
    arm = U.stat(s, victim, "Arm")
    if K.TWO_HANDED_DROPS_SHIELD and has_shield(s, victim) \
            and weapon_of(s, victim, U.parts(s, victim)[0]).two_handed:
        return max(0, arm - 1)
    return arm


def melee_profile(s: GameState, st: Strike, part: Part, weapon: K.Weapon) -> HitProfile:
    """Strength and AP of a part's close combat attacks against ``st.target``: its own, its
    weapon's, a Lance's Devastating Charge against the enemy in the wielder's front when it
    charged, a Spear's first-round AP; Flaming Attacks and Lethal Strike of the part."""
    strength = part.str_ + weapon.strength
    ap = part.ap + weapon.ap
    charge = charge_of(s, st.unit)
    if weapon.charge != (0, 0) and charge is not None \
            and space.facing_touched_by(s, st.unit, st.target) == "front":
        strength += weapon.charge[0]
        ap += weapon.charge[1]
    ap += first_round_bonus(s, st.unit, st.target, weapon)[1]
    flags = U.part_flags(part)
    return HitProfile(strength, ap, f"attacks of {part_owner(s, st.member, st.part)}",
                      "flaming" in flags, "lethal_strike" in flags)


def special_saves(s: GameState, victim: str) -> list[tuple[str, int]]:
    """The Special Saves of the victim's models: (``aegis`` or ``fortitude``, X)."""
    out = []
    for r in U.rules(s, victim):
        got = r.special_save()
        if got is not None:
            out.append(got)
    for p in U.parts(s, victim):
        for r in U.part_rules(p):
            got = r.special_save()
            if got is not None and got not in out:
                out.append(got)
    return out


SAVE_PURPOSE = {"aegis": "ward_save", "fortitude": "fortitude_save"}


def loss_chance(s: GameState, victim: str, prof: HitProfile, arm: int) -> Fraction:
    """The chance one hit with ``prof`` ends as a Health Point lost by ``victim`` with Armour
    ``arm``: the roll to wound, the Armour Save, the best Special Save that may be used (the
    rolls of :func:`resolve_hits`, leaving out Flaming Attacks' re-rolls and Lethal Strike)."""
    needed = K.to_wound_needed(prof.strength, U.stat(s, victim, "Res"))
    wound = Fraction(sum(1 for f in range(1, 7) if f != 1 and f >= needed), 6)
    need = K.armour_needed(arm, prof.ap)
    fail = Fraction(1) if need is None else Fraction(sum(1 for d in range(1, 7)
                                                         if d == 1 or d < need), 6)
    usable = [x for kind, x in special_saves(s, victim) if not (kind == "fortitude" and prof.flaming)]
    if usable:
        fail *= Fraction(min(usable) - 1, 6)
    return wound * fail


def resolve_hits(ctx: Context, combat: Combat | None, member: str, target: str, hits: int,
                 prof: HitProfile, losses: dict[str, Losses]) -> Step:
    """Hits on ``target``: to wound (Flaming Attacks re-roll failures against Flammable), Armour
    Saves, Special Saves, Health Points lost (kept in ``losses`` until casualties are removed).
    In a round of combat (``combat``) the Health Points count toward the striking side's score."""
    s = ctx.state
    victim = victim_of(s, target)
    res = U.stat(s, victim, "Res")
    needed = K.to_wound_needed(prof.strength, res)
    faces = _roll(ctx, hits, "to_wound")
    good = [f for f in faces if f != 1 and f >= needed]
    yield ev.DiceRolled("to_wound", member, f"{len(faces)}d6", faces, faces, (), len(good),
                        needed, _plural(len(good), "wound"), target)
    failed = len(faces) - len(good)
    if failed and prof.flaming and U.has(s, victim, "flammable"):
        again = _roll(ctx, failed, "reroll_to_wound")
        more = [f for f in again if f != 1 and f >= needed]
        good += more
        yield ev.DiceRolled("reroll_to_wound", member, f"{len(again)}d6", again, again,
                            (("Flaming Attacks against Flammable", 0),), len(more), needed,
                            f"{len(more)} more wound{'s' if len(more) != 1 else ''}", target)
    if not good:
        return
    # Armour Saves, in runs of the same AP (Lethal Strike sixes go to AP 10)
    arm = melee_armour(s, victim) if (combat is not None and prof.melee) else U.stat(s, victim, "Arm")
    unsaved: list[bool] = []  # per failed save: whether it was a Lethal Strike six
    runs: list[tuple[int, int, list[int]]] = []  # (AP, needed, dice)
    impossible = 0
    for f in good:
        lethal6 = prof.lethal and f == 6
        ap = 10 if lethal6 else prof.ap
        need = K.armour_needed(arm, ap)
        if need is None:
            unsaved.append(lethal6)
            impossible += 1
            continue
        d = ctx.roll(K.DIE, "armour_save")
        if runs and runs[-1][0] == ap:
            runs[-1][2].append(d)
        else:
            runs.append((ap, need, [d]))
        if d == 1 or d < need:
            unsaved.append(lethal6)
    for ap, need, dice in runs:
        saved = sum(1 for d in dice if d != 1 and d >= need)
        yield ev.DiceRolled("armour_save", victim, f"{len(dice)}d6", tuple(dice), tuple(dice),
                            (("Armour", arm), ("AP", -ap)), saved, need, f"{saved} saved", member)
    if impossible and arm > 0:
        yield ev.RuleApplied("Armour", victim, f"Armour {arm} against AP {prof.ap}: no Armour "
                             f"Save for {_plural(impossible, 'wound')}", member)
    # one Special Save per wound: the best that may be used against it
    saves = special_saves(s, victim)
    lost = 0
    sruns: list[tuple[str, int, list[int]]] = []
    for lethal6 in unsaved:
        usable = [(x, kind) for kind, x in saves
                  if not (kind == "fortitude" and (prof.flaming or lethal6))]
        if not usable:
            lost += 1
            continue
        x, kind = min(usable)
        d = ctx.roll(K.DIE, SAVE_PURPOSE[kind])
        if sruns and sruns[-1][0] == kind and sruns[-1][1] == x:
            sruns[-1][2].append(d)
        else:
            sruns.append((kind, x, [d]))
        if d < x:
            lost += 1
    for kind, x, dice in sruns:
        saved = sum(1 for d in dice if d >= x)
        yield ev.DiceRolled(SAVE_PURPOSE[kind], victim, f"{len(dice)}d6", tuple(dice),
                            tuple(dice), (), saved, x, f"{saved} saved", member)
    if not lost:
        return
    have = U.hp_left(s, victim) - (losses[victim].lost if victim in losses else 0)
    counted = min(lost, max(0, have))
    tally(losses, victim, lost, counted)
    yield ev.RuleApplied("Health Points", victim,
                         f"loses {_plural(lost, 'Health Point')} ({prof.source})", member)
    if combat is not None and prof.melee:
        combat.inflicted[s.units[member].side] += counted


# --- one round -------------------------------------------------------------------------------------


def fight_round(ctx: Context, combat: Combat) -> Step:
    """One Round of Combat: the Grind-or-Impact choices, then Initiative Steps 10 down to 0."""
    yield ev.RuleApplied(ROUND_OF_COMBAT, None, f"{combat_names(ctx.state, combat)} fight a round of combat")
    yield from choose_special(ctx, combat)
    yield from fight_steps(ctx, combat, plan_strikes, strike, U.hp_per_model)
    yield from mark_fought(ctx, combat)


def choose_special(ctx: Context, combat: Combat) -> Step:
    """A model with both Impact Hits and Grind Attacks uses one of them in a round (decision
    ``grind_or_impact``, default Impact Hits when it can use them: it charged and touches an
    enemy with its front; otherwise Grind Attacks)."""
    for unit in combat.units:
        for member in members(ctx.state, unit):
            s = ctx.state
            prof = U.profile(s, member)
            names = {r.name for p in prof.parts for r in U.part_rules(p)}
            if not {"Impact Hits", "Grind Attacks"} <= names:
                continue
            impact_ok = any(s2.kind == "Impact Hits" for s2 in plan_strikes(s, combat)
                            if s2.member == member)
            if not impact_ok:  # not charging: Grind Attacks, nothing to choose
                yield ev.UnitFlagSet(member, "grind_or_impact", "phase", "grind_attacks")
                continue
            answer = yield Ask("grind_or_impact", f"{U.name(s, member)} has Impact Hits and "
                               "Grind Attacks: which does it use this round?",
                               ("impact_hits", "grind_attacks"), "impact_hits",
                               side=s.units[member].side)
            yield ev.UnitFlagSet(member, "grind_or_impact", "phase", answer)
            word = "Impact Hits" if answer == "impact_hits" else "Grind Attacks"
            yield ev.RuleApplied(word, member, "uses them this round, not both Impact Hits and "
                                 "Grind Attacks")


def special_choice(s: GameState, member: str) -> str | None:
    """``impact_hits`` or ``grind_attacks`` when the member chose one for this round."""
    got = s.units[member].flag("grind_or_impact")
    return got if isinstance(got, str) else None


__all__ = [
    "CLOSE_COMBAT", "HitProfile", "PartView", "Strike", "choose_special", "close_combat_step",
    "part_label", "part_name",
    "contacts", "fight_round", "melee_profile", "plan_strikes", "resolve_hits",
    "special_agility", "special_choice", "strike", "weapon_of",
]

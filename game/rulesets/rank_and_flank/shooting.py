"""Shooting of units in formation, what the rank-and-flank rulesets share: missile weapons and
their rules, the ``shoot`` order's target checks, reading a sight :class:`~.sight.Picture` with
the ruleset's own idea of what blocks and what hides, who shoots in groups of equal dice, the
to-hit roll with its second roll for a score of 7 or more, and the chance of one shot (for the
exact odds).

A ruleset reads a picture by saying, for each file of the shooter, each end and each screen,
whether the screen **blocks** sight there and how much it **hides** (0 nothing, 1 a little:
partial or soft cover, 2 much: full or hard cover) (:class:`Reading`). From that come the files
that see the target (:func:`seeing_files`), what blocks sight when none does (:func:`blockers`)
and the lines each file's cover is judged by.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context
    from game.rulesets.common.turns import Phase

import dataclasses
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from game.core import events as ev
from game.core import measure
from game.core.commands import Order
from game.core.errors import NOT_NOW, Refused
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.common.rules import parse_rule
from game.rulesets.rank_and_flank.combat import is_engaged
from game.rulesets.rank_and_flank.sight import Picture, picture
from game.rulesets.rank_and_flank.units import name

# --- missile weapons -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Missile:
    """A missile weapon: its range in inches, Strength (None: the wielder's, plus
    ``strength_bonus``), AP (each ruleset's own sign; None: the wielder's), shots per model, Aim (ninth-age: the
    roll it hits on; None in old-world, where the shooter's BS says it) and its rules, as
    ``(name in lower case, value or None)``."""

    name: str
    range: float
    strength: int | None = None
    ap: int | None = 0
    rules: tuple[tuple[str, str | None], ...] = ()
    shots: int = 1
    aim: int | None = None
    strength_bonus: int = 0

    def has(self, rule: str) -> bool:
        return any(r == rule for r, _ in self.rules)

    def value(self, rule: str, default: int = 0) -> int:
        for r, v in self.rules:
            if r == rule and v is not None and v.strip().rstrip("+").isdigit():
                return int(v.strip().rstrip("+"))
        return default

    def strength_of(self, wielder: int) -> int:
        return self.strength if self.strength is not None else min(10, wielder + self.strength_bonus)

    def ap_of(self, wielder: int) -> int:
        return self.ap if self.ap is not None else wielder

    def rules_text(self) -> str:
        return ", ".join(r.title() + (f" ({v})" if v else "") for r, v in self.rules)


def weapon_rules(rules: Iterable[str], known: Mapping[str, bool], where: str) -> tuple[tuple[str, str | None], ...]:
    """A missile weapon's rules checked against ``known`` (lower-case name: whether it takes a
    value in brackets). Raises ValueError naming the rule."""
    out = []
    for r in rules:
        if not isinstance(r, str) or not r.strip():
            raise ValueError(f"{where}: a weapon rule must be a non-empty string, got {r!r}")
        rule, param = parse_rule(r)
        low = " ".join(rule.lower().replace("&", "and").split()).rstrip("!")
        if low not in known:
            raise ValueError(f"{where}: unknown weapon rule {r.strip()!r} (known: "
                             f"{', '.join(sorted(k.title() for k in known))})")
        if known[low] and not (param and param.strip().rstrip("+").isdigit()):
            raise ValueError(f"{where}: {r.split('(')[0].strip()} takes a whole number in brackets")
        if not known[low] and param:
            raise ValueError(f"{where}: {r.split('(')[0].strip()} takes no value in brackets")
        out.append((low, param.strip() if param else None))
    return tuple(out)


def whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def table_value(table: Mapping[str, Any], key: str, lo: int, hi: int, where: str) -> int | None:
    """A whole number of a weapon table (None when the table leaves it out)."""
    if key not in table:
        return None
    v = table[key]
    if not (whole(v) and lo <= v <= hi):
        raise ValueError(f"{where}.{key} must be a whole number from {lo} to {hi}, got {v!r}")
    return int(v)


def table_range(table: Mapping[str, Any], where: str) -> float | None:
    if "range" not in table:
        return None
    v = table["range"]
    if not (number(v) and 0 < v <= 120):
        raise ValueError(f"{where}.range must be a number of inches above 0 (up to 120), got {v!r}")
    return float(v)


def read_table(table: Mapping[str, Any], keys: Sequence[str], where: str,
               listed: Mapping[str, Missile], melee: Callable[[str], bool],
               known_rules: Mapping[str, bool], kind: str
               ) -> tuple[str, Missile | None, float | None, tuple[tuple[str, str | None], ...] | None]:
    """What every ruleset reads the same way of a weapon table: its keys (``keys`` only), its
    ``name`` (a ``listed`` weapon, whose numbers the table changes, or a weapon of its own,
    which needs a ``range``; not a close combat weapon), ``range`` and ``rules``. Returns
    (name, the listed weapon or None, range or None, rules or None). Raises ValueError naming
    the key."""
    for key in table:
        if key not in keys:
            raise ValueError(f"{where}: unknown key {key!r} of a {kind} weapon "
                             f"(known: {', '.join(keys)})")
    nm = table.get("name")
    if not isinstance(nm, str) or not nm.strip():
        raise ValueError(f"{where}.name must be the weapon's name, got {nm!r}")
    low = " ".join(nm.lower().split())
    if melee(low):
        raise ValueError(f"{where}: {nm.strip()} is a close combat weapon: list it by name")
    base = listed.get(low)
    rng = table_range(table, where)
    if rng is None and base is None:
        raise ValueError(f"{where}.range is missing: {nm.strip()} is not a listed {kind} weapon "
                         f"(listed: {', '.join(listed)})")
    rules = table.get("rules")
    if rules is not None and not isinstance(rules, list):
        raise ValueError(f"{where}.rules must be a list, got {rules!r}")
    got = weapon_rules(rules, known_rules, f"{where}.rules") if rules is not None else None
    return low, base, rng, got


def table_missile(name: str, base: Missile | None, rng: float | None,
                  rules: tuple[tuple[str, str | None], ...] | None, **numbers: Any) -> Missile:
    """The weapon a table gives: the listed one with the numbers the table changes (those not
    None), or a weapon of its own (its numbers left out take their defaults)."""
    given = {k: v for k, v in numbers.items() if v is not None}
    if base is None:
        return Missile(name, float(rng or 0), rules=rules or (), **given)
    if rng is not None:
        given["range"] = rng
    if rules is not None:
        given["rules"] = rules
    return dataclasses.replace(base, **given)


def listed_missiles(weapons: Any, listed: Mapping[str, Missile],
                    parse: Callable[[dict[str, Any], str], Missile]) -> tuple[Missile, ...]:
    """The missile weapons of a ``weapons`` list: those named that are ``listed``, and the
    tables (``parse``d)."""
    out = []
    for j, w in enumerate(weapons or ()):
        if isinstance(w, dict):
            out.append(parse(w, f"weapons[{j}]"))
        elif isinstance(w, str) and " ".join(w.lower().split()) in listed:
            out.append(listed[" ".join(w.lower().split())])
    return tuple(out)


def weapon_label(w: Any) -> str:
    """The name of a weapon entry of a unit table as written (a name, or a table with a
    ``name``)."""
    return str(w.get("name", "")).strip() if isinstance(w, dict) else str(w)


# --- the order ----------------------------------------------------------------------------------


def check_order(s: GameState, cmd: Order) -> tuple[str, str]:
    """The shooting unit and its target, refused when either cannot be (a character shoots with
    its unit; the target must be an enemy unit on the table, not in combat)."""
    from game.rulesets.rank_and_flank.charges import unit_and_enemy

    unit, target = unit_and_enemy(s, cmd, "shoot", "to shoot at", "order the unit to shoot "
                                  "(its characters shoot with it)")
    if is_engaged(s, target):
        raise Refused("target_engaged", f"{name(s, target)} is in combat: nobody may shoot into "
                      "a combat")
    weapon = cmd.arg("weapon")
    if weapon is not None and not isinstance(weapon, str):
        raise Refused("bad_order", f'"weapon" must be the name of a weapon, got {weapon!r}')
    return unit, target


def choose_weapon(s: GameState, unit: str, wanted: str | None, own: Sequence[Missile],
                  every: Sequence[Missile], kind: str) -> Missile:
    """The ``kind`` ("missile", "shooting") weapon the unit shoots with: the one named in the
    order, else its own first, else its characters' first; refused naming the weapons it has."""
    if wanted is not None:
        low = " ".join(wanted.lower().split())
        for w in every:
            if w.name == low:
                return w
        have = ", ".join(dict.fromkeys(w.name for w in every)) or "none"
        raise Refused("no_weapon", f"{name(s, unit)} has no {wanted.strip()} (its {kind} "
                      f"weapons: {have})", NOT_NOW)
    if own:
        return own[0]
    if every:
        return every[0]
    raise Refused("no_missile_weapon", f"{name(s, unit)} has no {kind} weapon", NOT_NOW)


def check_seen(pic: Picture, r: Reading, weapon: Missile, shooter: str, target: str,
               any_range: bool) -> float:
    """Refuse a target beyond the weapon's range of every model (unless ``any_range``), in no
    file's front arc, or that no file sees (naming what is in the way); returns the distance
    to it from the nearest model."""
    near = min(pic.distance[m] for f in pic.files for m, _ in f.models)
    if not any_range and not measure.within(near, weapon.range):
        raise Refused("out_of_range", f'{target} is {near:.1f}" away: beyond the '
                      f'{weapon.range:g}" range of the {weapon.name} of {shooter}')
    if not in_any_arc(pic):
        raise Refused("not_in_arc", f"{target} is not in the front arc of {shooter}")
    if not seeing_files(r).any():
        what = listed(blockers(r)[:3])
        raise Refused("no_line_of_sight", f"{shooter} cannot see {target}"
                      + (f": {what} in the way" if what else ""))
    return near


def first_notes(p: FirePlan, target: str, near: float, reaction: bool, models: int, how: str,
                long_range: int, long_word: str) -> None:
    """The plan's opening notes: who shoots at what with what, and how many at long range."""
    p.notes.append(f"shoots at {target} with its {p.weapon.name}"
                   + ("" if reaction else f' ({near:.1f}" away)')
                   + f": {models} model{'s' if models != 1 else ''} of {how}")
    if long_range:
        p.notes.append(f"has {long_range} {long_word}{'s' if long_range != 1 else ''} at long "
                       f'range (beyond {p.weapon.range / 2:g}")')


# --- reading a picture ------------------------------------------------------------------------------


@dataclass(slots=True)
class Reading:
    """What a ruleset makes of a picture: for each file, end and screen, whether the screen
    blocks sight there (``blocks``) and how much it hides (``hides``: 0, 1, 2)."""

    pic: Picture
    blocks: np.ndarray  # (files, ends, screens) bool
    hides: np.ndarray  # (files, ends, screens) int

    def blocked(self) -> np.ndarray:
        """(files, eyes, ends): the line is blocked."""
        got: np.ndarray = np.any(self.pic.crossed & self.blocks[:, None, :, :], axis=3)
        return got

    def hidden(self, least: int = 1) -> np.ndarray:
        """(files, eyes, ends): the line crosses something that blocks or hides at least
        ``least``."""
        mask = self.blocks | (self.hides >= least)
        got: np.ndarray = np.any(self.pic.crossed & mask[:, None, :, :], axis=3)
        return got


def empty_reading(pic: Picture) -> Reading:
    f, j, k = len(pic.files), len(pic.ends), len(pic.screens)
    return Reading(pic, np.zeros((f, j, k), dtype=bool), np.zeros((f, j, k), dtype=np.int8))


def seeing_files(r: Reading) -> np.ndarray:
    """(files,) bool: the file's front model sees some of the target within its front arc."""
    pic = r.pic
    ends = pic.sight_ends()
    clear = ~r.blocked()[:, :, ends]  # (files, eyes, ends)
    arc = pic.in_arc[:, ends][:, None, :]
    got: np.ndarray = np.any(clear & arc, axis=(1, 2))
    return got


def in_any_arc(pic: Picture) -> bool:
    """Whether some of the target is in the front arc of one of the shooter's files."""
    return bool(np.any(pic.in_arc[:, pic.sight_ends()]))


def blockers(r: Reading) -> list[str]:
    """The names of what blocks the sight lines in the files' arcs, most often first."""
    pic = r.pic
    ends = pic.sight_ends()
    count: dict[int, int] = {}
    for f in range(len(pic.files)):
        for j in ends:
            if not pic.in_arc[f, j]:
                continue
            for k in np.nonzero(pic.crossed[f, 1, j] & r.blocks[f, j])[0]:
                count[int(k)] = count.get(int(k), 0) + 1
    order = sorted(count, key=lambda k: (-count[k], k))
    return [pic.screens[k].label for k in order]


def hiding(r: Reading, f: int, ends: Sequence[int], least: int = 1) -> list[str]:
    """The names of what hides the ends ``ends`` from file ``f`` (its middle eye), most often
    first."""
    pic = r.pic
    mask = (r.blocks[f] | (r.hides[f] >= least))
    count: dict[int, int] = {}
    for j in ends:
        for k in np.nonzero(pic.crossed[f, 1, j] & mask[j])[0]:
            count[int(k)] = count.get(int(k), 0) + 1
    order = sorted(count, key=lambda k: (-count[k], k))
    return [pic.screens[k].label for k in order]


def listed(names: Sequence[str]) -> str:
    names = list(dict.fromkeys(names))
    if not names:
        return ""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --- who shoots ----------------------------------------------------------------------------------


@dataclass(slots=True)
class Group:
    """Shooters that roll together: the models of one member of the unit (the unit itself or a
    character in it) with the same weapon and the same modifiers; ``dice`` to-hit dice
    (``models`` times the shots of each), needing ``needed`` before the modifiers."""

    member: str
    weapon: Missile
    models: list[str]
    dice: int
    needed: int
    mods: tuple[tuple[str, int], ...]
    reroll: int | None = None  # old-world BS 6 and more: a miss is rolled again needing this
    part: int = 0  # ninth-age: the part of the member's models that shoots

    @property
    def mod(self) -> int:
        return sum(v for _, v in self.mods)


@dataclass(slots=True)
class FirePlan:
    """Who shoots at what, in groups, and what the log says about it (the notes: cover, long
    range, ranks)."""

    unit: str
    target: str
    weapon: Missile
    groups: list[Group] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def models(self) -> int:
        return sum(len(g.models) for g in self.groups)


#: one shooting model: (model, member, weapon, dice, needed, mods, reroll, part)
Shooter = tuple[str, str, Missile, int, int, tuple[tuple[str, int], ...], int | None, int]


def group_shots(shots: Iterable[Shooter]) -> list[Group]:
    """Shooting models gathered in groups of the same member, part, weapon, roll and
    modifiers, in the order first met."""
    groups: dict[tuple[Any, ...], Group] = {}
    for model, member, weapon, dice, needed, mods, reroll, part in shots:
        key = (member, part, weapon, needed, mods, reroll)
        g = groups.get(key)
        if g is None:
            g = groups[key] = Group(member, weapon, [], 0, needed, mods, reroll, part)
        g.models.append(model)
        g.dice += dice
    return list(groups.values())


# --- the to-hit roll ---------------------------------------------------------------------------------


def first_roll(face: int, needed: int, mod: int, again: Mapping[int, int]) -> str:
    """One to-hit die: ``hit``, ``again`` (a 6 when 7 or more is needed: roll once more, needing
    ``again[score]``) or ``miss``. A 1 always misses; a 6 hits only when the score needed is 6
    or less (no 6 hits by itself)."""
    if face == 1:
        return "miss"
    score = needed - mod
    if score <= 6:
        return "hit" if face >= score else "miss"
    return "again" if face == 6 and score in again else "miss"


def can_hit(needed: int, mod: int, again: Mapping[int, int]) -> bool:
    return needed - mod <= 6 or needed - mod in again


def roll_to_hit(ctx: Context, g: Group, target: str, again: Mapping[int, int], again_purpose: str,
                words: Callable[[int], str]) -> Step:
    """Roll a group's to-hit dice, then a die for each 6 that needs a second roll, then the
    re-rolls of the misses (``g.reroll``). Returns the hits."""
    n, needed, mod = g.dice, g.needed, g.mod
    score = needed - mod
    if not can_hit(needed, mod, again):
        yield ev.RuleApplied("To hit", g.member, f"needs {score}+ to hit {name(ctx.state, target)}: "
                             f"{words(score)}", target)
        return 0
    faces = tuple(ctx.roll(6, "to_hit") for _ in range(n))
    kinds = [first_roll(f, needed, mod, again) for f in faces]
    hits, sixes = kinds.count("hit"), kinds.count("again")
    outcome = (f"{sixes} six{'es' if sixes != 1 else ''} to roll again ({again.get(score, 7)}+ "
               "needed)") if score > 6 else _hits_word(hits)
    yield ev.DiceRolled("to_hit", g.member, f"{n}d6", faces, faces, g.mods, hits + sixes, needed,
                        outcome, target)
    if sixes:
        second = again[score]
        more = tuple(ctx.roll(6, again_purpose) for _ in range(sixes))
        got = sum(1 for f in more if f >= second)
        hits += got
        yield ev.DiceRolled(again_purpose, g.member, f"{sixes}d6", more, more, (), got, second,
                            _hits_word(got), target)
    if g.reroll is not None and n - hits > 0:
        missed = n - hits
        again_faces = tuple(ctx.roll(6, "reroll_to_hit") for _ in range(missed))
        got = sum(1 for f in again_faces if f != 1 and f >= g.reroll)
        hits += got
        yield ev.DiceRolled("reroll_to_hit", g.member, f"{missed}d6", again_faces, again_faces, (),
                            got, g.reroll, f"{got} more hit{'s' if got != 1 else ''}", target)
    return hits


def _hits_word(n: int) -> str:
    return f"{n} hit{'s' if n != 1 else ''}"


def hit_chance(needed: int, mod: int, again: Mapping[int, int], reroll: int | None = None) -> Fraction:
    """The chance one to-hit die of :func:`roll_to_hit` ends a hit."""
    sixth = Fraction(1, 6)
    p = Fraction(0)
    for face in range(1, 7):
        kind = first_roll(face, needed, mod, again)
        if kind == "hit":
            p += sixth
        elif kind == "again":
            p += sixth * Fraction(7 - again[needed - mod], 6)
    if reroll is not None and can_hit(needed, mod, again):
        p += (1 - p) * Fraction(max(0, 7 - max(2, reroll)), 6)
    return p


# --- exact odds -----------------------------------------------------------------------------------

#: no combat closer than this to the shooter or its target, for the odds of a shot to be exact
#: (a pursuit or a flight of the rest of the turn could not reach them)
QUIET_DISTANCE = 24.0
#: the farthest a unit flees or falls back (2D6, or 3D6 with the lowest dropped)
LONGEST_FLIGHT = 12.0


def flight_is_clear(s: GameState, unit: str, away_from: str) -> bool:
    """A flight of the longest roll straight away from ``away_from`` would leave ``unit`` on the
    table, passing over nothing and carried no further (so a Panic test it might fail changes
    neither its Wounds nor whether it stays on the table)."""
    from game.geometry import formation_actions as actions
    from game.rulesets.rank_and_flank import space

    got = actions.flee_move(space.block_of(s, unit), space.block_of(s, away_from),
                            LONGEST_FLIGHT, space.surroundings(s, unit))
    return not (got.left_table or got.passed_through or got.carried_on > 1e-6)


def quiet(s: GameState, unit: str, target: str) -> bool:
    """Nothing in the rest of the player turn can touch the shooter or its target but the
    shots: no combat within :data:`QUIET_DISTANCE` of them, and a flight of the target from a
    failed Panic test would be clear (:func:`flight_is_clear`)."""
    from game.rulesets.rank_and_flank import space
    from game.rulesets.rank_and_flank.combat import find_combats

    for c in find_combats(s):
        for u in c.units:
            for mine in (unit, target):
                if space.rects_distance(space.unit_key(s, u), space.unit_key(s, mine)) \
                        <= QUIET_DISTANCE:
                    return False
    return flight_is_clear(s, target, unit)


def pool_odds(s: GameState, cmd: Any, check: Callable[[GameState, Order], tuple[str, str, Any]],
              make_plan: Callable[[GameState, str, str, Any], FirePlan | None],
              chance: Callable[[GameState, Group, str], Fraction],
              room: Callable[[GameState, str], int], alone: bool = False,
              turn: tuple[Phase, ...] = ()) -> Any:
    """The independent pools of a ``shoot`` order (a :class:`~game.core.ruleset.PoolOdds`: one
    pool per group of shooters, each die a shot with its chance of a Wound lost) given in the
    Shooting phase, or in a phase from which the turn goes straight on to it (ninth-age's
    Magic phase: see :func:`~game.rulesets.common.turns.goes_straight`, over ``turn``, the
    ruleset's phases). None where the odds must be sampled: in another phase, a plan the
    ruleset cannot put as pools (``make_plan`` gives None), or something else in the turn that
    could touch the two units (:func:`quiet`; ``alone``: the volley's own pools all the same,
    for what the shots themselves take)."""
    from game.core.ruleset import DicePool, PoolOdds
    from game.rulesets.common.turns import goes_straight
    from game.rulesets.rank_and_flank.flow import phases

    if not isinstance(cmd, Order) or cmd.do != "shoot" or s.game_over or s.pending is not None:
        return None
    now = phases(s).phase
    if now != "shooting" and not goes_straight(turn, now, "shooting"):
        return None
    try:
        unit, target, weapon = check(s, cmd)
    except Refused:
        return None
    got = make_plan(s, unit, target, weapon)
    if got is None or not (alone or quiet(s, unit, target)):
        return None
    pools = tuple(DicePool(g.dice, 6, (), target, 1, chance(s, g, target)) for g in got.groups)
    return PoolOdds(unit, target, pools, {target: room(s, target), unit: room(s, unit)})


def expected_share(s: GameState, unit: str, target: str,
                   weapon_for: Callable[[GameState, str, str | None], Any],
                   make_plan: Callable[[GameState, str, str, Any], FirePlan | None],
                   chance: Callable[[GameState, Group, str], Fraction],
                   room: Callable[[GameState, str], int]) -> float:
    """The share of ``target``'s Wounds (Health Points) that ``unit`` would take on average by
    shooting at it from where both stand, with its first weapon (0 when it could not: no
    weapon, out of range or sight, a Breath Attack, whose hits are not a pool): for the AI's
    threats. It asks only what the shot needs (sight, range, the dice), not whether the unit
    may shoot this turn: a unit in the enemy's sight is a target next turn too. Kept for the
    game (:func:`per_game`) by all else it reads: the two units, where their models stand,
    where every other unit near them stands (it may block the view), whether the shooter
    moved or rallied this turn, the Wounds the target has left and the two units' conditions
    (the AI asks after every try, and most tries move neither unit)."""
    from game.rulesets.common.kept import per_game
    from game.rulesets.rank_and_flank import space

    try:
        weapon = weapon_for(s, unit, None)
    except Refused:
        return 0.0
    there = space.unit_key(s, target)
    if weapon is None or not measure.within(
            space.rects_distance(space.unit_key(s, unit), there), weapon.range):
        return 0.0
    rec, trec = s.units[unit], s.units[target]
    ends = _box(space.unit_key(s, unit), there)
    between = []  # (the other units that could stand in the way: those near the two)
    for u in space.other_units(s, (unit, target)):
        k = space.unit_key(s, u)
        if _overlap(ends, _box(k)):
            between.append((u, k))
    key = (unit, target, weapon, tuple(space.model_keys(s, unit).items()),
           tuple(space.model_keys(s, target).items()), tuple(between),
           str(rec.flag("moved")), str(rec.flag("rallied")), room(s, target),
           tuple(sorted(rec.conditions)), tuple(sorted(trec.conditions)))
    kept = per_game(s.book["profiles"], "shares")
    got: float | None = kept.get(key)
    if got is None:
        try:
            plan = make_plan(s, unit, target, weapon)
        except Refused:
            plan = None
        wounds = 0.0 if plan is None else sum(g.dice * float(chance(s, g, target))
                                              for g in plan.groups)
        got = kept[key] = min(1.0, wounds / max(1, room(s, target)))
    return got


def _box(*keys: tuple[float, float, float, float, float]) -> tuple[float, float, float, float]:
    """A box (left, top, right, bottom) round the rectangles ``keys``, however they face."""
    left = top = math.inf
    right = bottom = -math.inf
    for x, y, _, w, d in keys:
        r = math.hypot(w, d) / 2
        left, top, right, bottom = min(left, x - r), min(top, y - r), max(right, x + r), \
            max(bottom, y + r)
    return left, top, right, bottom


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]




# --- what the window shows -------------------------------------------------------------------------


def range_bands(s: GameState, unit: str, reach: float) -> tuple[tuple[str, tuple[tuple[float, float], ...]], ...]:
    """The unit's front arc out to its weapon's range and to half of it, each clipped to the
    table (the labels say which)."""
    from shapely.geometry import box

    from game.geometry.formation import arc_polygon
    from game.rulesets.rank_and_flank import space

    block = space.block_of(s, unit)
    arc = arc_polygon(block, "front", reach + block.depth + block.width)
    table = box(0.0, 0.0, s.table[0], s.table[1])
    out = []
    for label, r in ((f'range {reach:g}"', reach), (f'half range {reach / 2:g}"', reach / 2)):
        got = block.polygon.buffer(r, 16).intersection(arc).intersection(table)
        if got.geom_type == "Polygon" and not got.is_empty:
            out.append((label, tuple((float(x), float(y)) for x, y in got.exterior.coords)))
    return tuple(out)


#: a sight line drawn in the window: from, to, and whether it is clear
SightLine = tuple[tuple[float, float], tuple[float, float], bool]


def _point(p: np.ndarray) -> tuple[float, float]:
    return float(p[0]), float(p[1])


def sight_lines(r: Reading, sees: np.ndarray) -> tuple[SightLine, ...]:
    """One line per file of the shooter: a clear one to the target where the file sees it,
    else the one from the middle of its front to the target's centre, blocked."""
    pic = r.pic
    blocked = r.blocked()
    ends = pic.sight_ends()
    centre = (float(pic.target_block.x), float(pic.target_block.y))
    out: list[SightLine] = []
    for f in pic.files:
        line: SightLine | None = None
        if sees[f.index]:
            for j in ends:
                if not pic.in_arc[f.index, j]:
                    continue
                for e in (1, 0, 2):
                    if not blocked[f.index, e, j]:
                        line = (_point(f.eyes[e]), _point(pic.ends[j]), True)
                        break
                if line is not None:
                    break
        if line is None:
            line = (_point(f.eyes[1]), centre, False)
        out.append(line)
    return tuple(out)


def damage_chances(pools: Any) -> dict[int, float]:
    """The chance of each total of damage to the target of a :class:`PoolOdds` of shots."""
    dist = {0: 1.0}
    for pool in pools.pools:
        if pool.victim != pools.target or pool.chance is None:
            continue
        p = float(pool.chance)
        for _ in range(pool.dice):
            nxt: dict[int, float] = {}
            for d, q in dist.items():
                nxt[d] = nxt.get(d, 0.0) + q * (1 - p)
                nxt[d + pool.damage] = nxt.get(d + pool.damage, 0.0) + q * p
            dist = nxt
    return dist


def two_dice_fail(score: int, double_one_passes: bool = False, double_six_fails: bool = False) -> float:
    """The chance 2D6 comes out above ``score`` (a double 1 passing, a double 6 failing)."""
    fails = 0
    for a in range(1, 7):
        for b in range(1, 7):
            bad = a + b > score
            if double_one_passes and a == b == 1:
                bad = False
            if double_six_fails and a == b == 6:
                bad = True
            fails += bad
    return fails / 36


def shot_view(s: GameState, unit: str, target: str | None, over: str, weapon_for: Any,
              check_may_shoot: Any, plan_of: Any, reading_of: Any, pools_of: Any,
              panic_fail: Any, units_word: str) -> Any:
    """What the window shows of a unit that may shoot in this player turn (none once the
    phase ``over`` has begun, or when it may not shoot; see :func:`view`)."""
    from game.rulesets.rank_and_flank.flow import phases

    f = phases(s)
    if s.game_over or s.units[unit].side != f.side or f.phase == over:
        return None
    try:
        weapon = weapon_for(s, unit, None)
        check_may_shoot(s, unit, weapon)
    except Refused:
        return None
    if weapon is None:
        return None
    foe = target or ""
    # (the volley's own odds: what follows it, a flight or a combat nearby, changes neither
    # the Wounds it takes nor the Panic test they bring)
    pools = pools_of(s, Order("shoot", unit, (("target", foe),)), True) if target else None
    return view(s, unit, target, weapon, lambda: plan_of(s, unit, foe, weapon),
                lambda: reading_of(s, picture(s, unit, foe)),
                pools, lambda d: panic_fail(s, foe, d), units_word)


def view(s: GameState, unit: str, target: str | None, weapon: Any, plan_of: Callable[[], FirePlan],
         reading_of: Callable[[], Reading], pools: Any, panic_fail: Callable[[int], float],
         units_word: str) -> Any:
    """The :class:`~game.core.ruleset.ShotView` of a unit that may shoot ``weapon``, toward
    ``target`` when given (``plan_of`` refused: the note says why)."""
    from game.core.ruleset import ShotView

    bands = range_bands(s, unit, weapon.range) if weapon is not None else ()
    if target is None:
        return ShotView(unit, bands)
    r = reading_of()
    sees = seeing_files(r)
    lines = sight_lines(r, sees)
    try:
        got = plan_of()
    except Refused as exc:
        return ShotView(unit, bands, target, lines, exc.refusal.message, False)
    from game.rulesets.rank_and_flank.units import name

    note = "; ".join(f"{name(s, unit)} {n}" for n in got.notes)
    panic = None
    if pools is not None:
        dist = damage_chances(pools)
        mean = sum(d * q for d, q in dist.items())
        panic = sum(q * panic_fail(d) for d, q in dist.items())
        note += f"; on average {mean:.1f} {units_word}, a Panic test failed {100 * panic:.0f}%"
    return ShotView(unit, bands, target, lines, note, True, panic)


__all__ = ["FirePlan", "Group", "Missile", "Reading", "blockers", "can_hit", "check_order", "check_seen", "choose_weapon", "first_notes", "listed_missiles", "read_table", "table_missile",
           "empty_reading", "first_roll", "group_shots", "hiding", "hit_chance", "in_any_arc",
           "listed", "expected_share", "pool_odds", "quiet", "range_bands", "roll_to_hit", "sight_lines", "shot_view", "two_dice_fail", "view", "seeing_files", "table_range", "table_value", "weapon_label",
           "weapon_rules", "whole"]

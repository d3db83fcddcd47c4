"""What a rank-and-flank ruleset tells the AI (see :meth:`game.core.ruleset.Advisor.candidates`,
``unit_worth``, ``side_scores``, ``threats``), shared by old-world and ninth-age.

**Candidates.** In its player turn a side may charge each enemy unit the rules let it charge
and that its charge is likely to reach (the rules say where the charge would end, over the
real ground and round the other units; the chance is that of the ruleset's own charge roll
covering that distance), move each free unit (toward the nearest enemies it could wound,
marching, to just outside the reach of the most dangerous one, turning to face an enemy that
threatens its flank or rear, falling back), shoot with each unit that may at each enemy unit it
may shoot at, or end its turn.

**Worth.** A unit is worth its points (a hundred points are worth 1), in the share of its
starting strength it still has, half as much while it flees; a unit without points is worth an
estimate from its profile. The score that decides the game is the victory points (also a
hundredth), and the lead that wins is the ruleset's margin.

**Threats.** What each unit could charge next turn: every enemy unit in its front arc within its
furthest charge, with the chance its charge roll covers the gap and the facing it would hit (a
flank charge is worth half as much again as a frontal one, a rear charge twice as much) and the
odds of the fight, where the ruleset estimates them (``fight_power``: what a unit's blows, its
characters' and its ranks bring to a round of combat against that enemy); what
it could shoot at from where it stands: every enemy unit in its front arc, in its sight and
within its weapon's range, with the share of the target's Wounds it would take on average; and
the charges declared this turn and not yet moved; and for a unit locked in combat, the next
round of its fight, as an attack under way on the enemy it touches (between two units that fight
as well as each other, the two sides' fights cancel out; the one that fights better gains, and
one whose blows cannot wound the other, an Ethereal enemy or a Spectral Coach, which may turn
Ethereal at its next turn, pays).

Each ruleset says where its charges and moves belong, how far its units move and how its
charge range is rolled (:class:`Offer`).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.core.commands import Answer, Order
from game.core.errors import NOT_NOW, Refused
from game.core.ruleset import Candidate, Threat, answer_candidates
from game.core.state import GameState, replace_unit
from game.geometry.bases import CONTACT_TOL
from game.rulesets.common.kept import per_game
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank import victory as V
from game.rulesets.rank_and_flank.charges import (
    CLOSE_ENOUGH,
    ChargeRoll,
    charge_facing,
    charge_plan,
)
from game.rulesets.rank_and_flank.combat import charged_this_turn, engaged_with, is_engaged
from game.rulesets.rank_and_flank.flow import phases
from game.rulesets.rank_and_flank.units import (
    alive,
    block_models,
    files_ranks,
    host,
    members,
    on_table,
)

END = Candidate(Order("end_turn"), "end")
BEGIN = Candidate(Order("begin_turn"), "begin")

#: what a hundred points are worth to the AI (a skirmish model is worth about 3)
POINTS = 100.0
#: a fleeing unit's worth, as a share of what it would be worth standing
FLEEING = 0.5
#: how much worse a charge is for the unit charged in the flank or the rear
EDGE = {"front": 1.0, "left": 1.5, "right": 1.5, "rear": 2.0}
WORDS = {"front": "front", "left": "flank", "right": "flank", "rear": "rear"}
#: what the wheel a charge needs to line up adds to the gap, roughly (inches), for the threats
WHEEL = 0.5
#: charges less likely than this to reach are not offered (in the last game turn, when a
#: failed charge costs nothing after it, the lower figure)
LIKELY = 0.3
LAST_TURN_LIKELY = 0.1

Rates = Callable[[GameState, str], tuple[float, float]]
Strength = Callable[[GameState, str], tuple[int, int]]


@dataclass(frozen=True, slots=True)
class Offer:
    """What a ruleset tells the shared AI code.

    ``charge_phases`` / ``move_phases``: the phases of the player turn in which charges are
    declared and moves made (before its turn begins a side is only offered to begin it);
    ``rates(state, unit)``: the unit's move and its march, in inches; ``check_charge(state,
    order)``: the ruleset's own check of a charge declaration (raises ``Refused``);
    ``roll_charge(ctx, unit)``: the ruleset's charge roll (the AI works out its chances by
    giving it every throw of the dice); ``furthest(state, unit)``: the furthest a charge of the
    unit can reach; ``turn_alone``: a turn on the spot is the unit's whole move (it cannot be
    followed by a step forward); ``profile_points(state, unit)``: what a unit with no points
    would cost, from its profile; ``shot_share(state, unit, target)``: the share of the target
    the unit's shooting would take on average from where both stand (0 when it could not);
    ``harm(state, unit, target, later)``: the share of the unit's blows in combat that could
    wound the target at all (none given: all of them); ``later``, in a fight to come (the
    target may have changed by then: a Spectral Coach may turn Ethereal); ``fight_power(state,
    unit, target)``: what the unit brings to a round of combat against the target's front, in
    the combat score's terms (its blows' expected Wounds, its Rank Bonus), for the odds of a
    fight (none given: the two units' worths stand in)."""

    charge_phases: tuple[str, ...]
    move_phases: tuple[str, ...]
    rates: Rates
    check_charge: Callable[[GameState, Order], object]
    roll_charge: Callable[[Any, str], ChargeRoll]
    furthest: Callable[[GameState, str], float]
    profile_points: Callable[[GameState, str], float]
    turn_alone: bool = False
    shoot_phases: tuple[str, ...] = ()
    check_shoot: Callable[[GameState, Order], object] | None = None
    shot_share: Callable[[GameState, str, str], float] | None = None
    harm: Callable[[GameState, str, str, bool], float] | None = None
    fight_power: Callable[[GameState, str, str], float] | None = None
    #: the kinds of question whose default the ruleset works out as the answer best on
    #: average (Multiple Shots: the plan with more hits): the AI takes it without trying the
    #: others, whose few tries would pick by the luck of their dice
    advised: frozenset[str] = frozenset()

    def points_of(self, state: GameState, unit: str) -> float:
        """The unit's points, or where it has none, its profile's estimate."""
        return float(V.entry(state, unit).points) or self.profile_points(state, unit)

    def odds_of(self, state: GameState, unit: str, target: str) -> float | None:
        """``unit``'s share of a fight with ``target``: its :attr:`fight_power` over both
        units' (None when the ruleset gives none, or neither brings anything)."""
        if self.fight_power is None:
            return None
        mine, theirs = self.power_of(state, unit, target), self.power_of(state, target, unit)
        return mine / (mine + theirs) if mine + theirs > 0.0 else None

    def power_of(self, state: GameState, unit: str, target: str) -> float:
        """:attr:`fight_power`, kept with the state until it changes (the threats of both
        sides ask it of each pair, both ways)."""
        assert self.fight_power is not None
        key = ("fight_power", unit, target)
        got: float | None = state.derived.get(key)
        if got is None:
            got = state.derived[key] = self.fight_power(state, unit, target)
        return got

    def harm_of(self, state: GameState, unit: str, target: str, later: bool = False) -> float:
        """The share of ``unit``'s blows in combat that could wound ``target`` (1 when the
        ruleset does not say); ``later``: in a fight to come rather than one of this turn."""
        return 1.0 if self.harm is None else self.harm(state, unit, target, later)


def own_front_slots(state: GameState, unit: str) -> int:
    """How many of the front rank's places the unit's own models may take: its files, less one
    for each model of a character in it (the characters stand first in the formation)."""
    h = host(state, unit)
    return max(0, files_ranks(state, h)[0] - (len(block_models(state, h)) - len(alive(state, h))))


def kept_blows(blows: Callable[[GameState, str, str], float], state: GameState, unit: str,
               target: str) -> float:
    """``blows(state, unit, target)`` (a ruleset's estimate of the Wounds the unit's blows would
    take from the target in a round), kept while what it may read stays the same: the two
    units' members (the unit and the characters in it) with their models left, status,
    conditions and whether they charged this turn, and ``unit``'s files. The threats ask it
    of every pair of units after every try. What depends on where the units stand (a Rank
    Bonus, lost when Disrupted) is no business of ``blows``: a kept one would go stale from
    one position to the next. Kept for the game alone (:func:`per_game`): what the units are
    is not in the key."""
    units = state.units
    kept = per_game(state.book["profiles"], "blows")
    key = (blows, unit, target, files_ranks(state, unit)[0],
           *((m, len(alive(state, m)), units[m].status, tuple(units[m].conditions),
              charged_this_turn(state, m)) for m in (*members(state, unit), *members(state, target))))
    got: float | None = kept.get(key)
    if got is None:
        got = kept[key] = blows(state, unit, target)
    return got


# --- worth and score ---------------------------------------------------------------------------


def unit_worth(offer: Offer, state: GameState, unit: str, strength: Strength) -> float:
    """The unit's points (or its profile's estimate) in hundreds, in the share of its starting
    ``strength`` it has left; half that while it flees; nothing once it is gone."""
    rec = state.units[unit]
    if not rec.on_table or not alive(state, unit):
        return 0.0
    points = offer.points_of(state, unit)
    now, start = strength(state, unit)
    share = now / start if start else 1.0
    worth = points / POINTS * max(0.0, min(1.0, share))
    return worth * FLEEING if rec.status == "fleeing" else worth


def side_scores(victory_points: dict[int, int]) -> tuple[float, float]:
    """Victory points in the AI's units (a hundredth)."""
    return victory_points[1] / POINTS, victory_points[2] / POINTS


# --- the chance a charge reaches ---------------------------------------------------------------


class _More(Exception):
    """The roll wants another die than those given."""


class _Throw:
    """A stand-in for a step's context: ``roll`` gives the faces listed, in order."""

    def __init__(self, state: GameState, faces: tuple[int, ...]) -> None:
        self.state = state
        self.faces = faces
        self.i = 0
        self.sides = 0

    def roll(self, sides: int, purpose: str) -> int:
        if self.i >= len(self.faces):
            self.sides = sides
            raise _More()
        self.i += 1
        return self.faces[self.i - 1]


def charge_reach(offer: Offer, state: GameState, unit: str
                 ) -> tuple[float, tuple[tuple[int, float], ...]]:
    """The furthest the unit may charge, and the charge ranges it may roll, each with the
    chance of rolling at least that much, longest first: the ruleset's own roll given every
    throw of its dice. (Kept for the game, by the unit, its characters, their status and
    conditions: the threats ask it of every unit after every try.)"""
    members = tuple((u, state.units[u].status, tuple(state.units[u].conditions))
                    for u in [unit, *_chars(state, unit)])
    key = (id(offer), unit, members)
    kept = per_game(state.book["profiles"], "reach")
    got: tuple[float, tuple[tuple[int, float], ...]] | None = kept.get(key)
    if got is not None:
        return got
    dice: list[int] = []  # the sides of each die the roll throws
    while True:
        t = _Throw(state, tuple(1 for _ in dice))
        try:
            offer.roll_charge(t, unit)
            break
        except _More:
            dice.append(t.sides)
            if len(dice) > 4:  # (no charge roll throws more)
                break
    counts: dict[int, int] = {}
    throws = list(itertools.product(*[range(1, n + 1) for n in dice]))
    for faces in throws:
        reach = offer.roll_charge(_Throw(state, faces), unit).reach
        counts[reach] = counts.get(reach, 0) + 1
    out = []
    at_least = 0
    for reach in sorted(counts, reverse=True):
        at_least += counts[reach]
        out.append((reach, at_least / len(throws)))
    got = kept[key] = (offer.furthest(state, unit), tuple(out))
    return got


def reach_chances(offer: Offer, state: GameState, unit: str) -> tuple[tuple[int, float], ...]:
    """The charge ranges the unit may roll, each with the chance of rolling at least that
    much, longest first (:func:`charge_reach`)."""
    return charge_reach(offer, state, unit)[1]


def chance_within(reaches: tuple[tuple[int, float], ...], distance: float) -> float:
    """The chance a charge roll of ``reaches`` (:func:`reach_chances`) covers ``distance``."""
    best = 0.0
    for reach, p in reaches:
        if reach + CLOSE_ENOUGH >= distance:
            best = p
        else:
            break
    return best


def charge_chance(offer: Offer, state: GameState, unit: str, distance: float) -> float:
    """The chance the unit's charge roll covers ``distance`` inches."""
    return chance_within(reach_chances(offer, state, unit), distance)


def room_left(offer: Offer, state: GameState, unit: str, target: str, facing: str) -> float:
    """The chance the friends bound to charge ``target`` before ``unit`` leave it room to get in
    by ``facing``. Charges move in the order declared: a friend's charge that lands first may
    fill the facing (a one-model unit's narrow front), and then this one gets in only if that
    friend's falls short. A friend's charge that the rules' plan says would not get in leaves
    the room as it is."""
    side = state.units[unit].side
    room = 1.0
    for f, rec in state.units.items():
        declared = rec.flag("charge_declared")
        if (f == unit or rec.side != side or not declared or declared[0] != target
                or rec.flag("charge_moved") or rec.flag("charge_failed")):
            continue
        theirs = charge_plan(state, f, target, declared[1])
        if theirs.reason is not None:
            continue
        landed = state.copy()  # (a what-if: the friend where its charge would end)
        replace_unit(landed, f, formation=space.formation_of_block(theirs.block))
        if charge_plan(landed, unit, target, facing).reason is not None:
            room *= 1.0 - charge_chance(offer, state, f, theirs.gap_distance)
    return room


def _chars(state: GameState, unit: str) -> list[str]:
    from game.rulesets.rank_and_flank.units import characters_in

    return characters_in(state, unit)


# --- where units stand, roughly ----------------------------------------------------------------


def _local(key: space.RectKey, x: float, y: float) -> tuple[float, float]:
    """(ahead, to the right) of a table point, from the centre of the rectangle ``key``."""
    cx, cy, facing = key[0], key[1], key[2]
    rad = math.radians(facing)
    fx, fy = math.sin(rad), -math.cos(rad)
    dx, dy = x - cx, y - cy
    return dx * fx + dy * fy, -dx * fy + dy * fx


def _table(key: space.RectKey, ahead: float, right: float) -> tuple[float, float]:
    """The table point ``ahead`` and to the ``right`` of the centre of the rectangle ``key``
    (the other way from :func:`_local`)."""
    cx, cy, facing = key[0], key[1], key[2]
    rad = math.radians(facing)
    fx, fy = math.sin(rad), -math.cos(rad)
    rx, ry = -fy, fx
    return cx + ahead * fx + right * rx, cy + ahead * fy + right * ry


def _points(key: space.RectKey) -> list[tuple[float, float]]:
    """The rectangle's corners, the middles of its sides and its centre."""
    w, d = key[3], key[4]
    return [_table(key, a * d / 2, c * w / 2)
            for a, c in ((1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1),
                         (0, 0))]


def arc_of(key: space.RectKey, x: float, y: float) -> str:
    """Which arc of the rectangle a point is in (as the geometry reads arcs)."""
    along, across = _local(key, x, y)
    over_across = abs(across) - key[3] / 2
    over_along = abs(along) - key[4] / 2
    if over_along >= over_across:
        return "front" if along >= 0 else "rear"
    return "right" if across >= 0 else "left"


def in_front_arc(key: space.RectKey, other: space.RectKey) -> bool:
    """Whether some of ``other`` (a corner, the middle of a side, its centre) lies in the
    front arc of ``key``: a quick reading of the rules' own test, for the threats."""
    return any(arc_of(key, x, y) == "front" and _local(key, x, y)[0] > key[4] / 2
               for x, y in _points(other))


def front_centre(key: space.RectKey) -> tuple[float, float]:
    return _table(key, key[4] / 2, 0.0)


# --- threats -----------------------------------------------------------------------------------


def _units(state: GameState, side: int | None = None, enemy_of: int | None = None) -> list[str]:
    """Units in formation on the table (not characters in a unit) of ``side`` (or not of
    ``enemy_of``)."""
    standing: list[tuple[str, int]] | None = state.placed.get("ai standing")
    if standing is None:  # (kept while the units stand as they are: asked after every try)
        standing = state.placed["ai standing"] = [
            (uid, u.side) for uid, u in state.units.items()
            if u.formation is not None and u.on_table and host(state, uid) == uid
            and alive(state, uid)]
    return [uid for uid, of in standing
            if (side is None or of == side) and (enemy_of is None or of != enemy_of)]


def threats(offer: Offer, state: GameState, side: int, shots: bool = True) -> list[Threat]:
    """The charges ``side``'s units have declared this turn and not yet moved, and those they
    could declare next: each enemy unit in the front arc within the furthest charge, with
    the chance of the charge roll covering the gap (and a little for lining up) and the
    facing it would hit; and with ``shots``, the shots they could make (see
    :func:`_shot_threats`)."""
    out: list[Threat] = []
    foes = _units(state, enemy_of=side)
    where = [(t, space.unit_key(state, t)) for t in foes]
    for a in _units(state, side):
        rec = state.units[a]
        declared = rec.flag("charge_declared")
        if declared and not rec.flag("charge_moved"):
            target, facing = declared[0], declared[1]
            if rec.flag("charge_failed") or target not in state.units or not on_table(state, target):
                continue
            gap = space.rects_distance(space.unit_key(state, a), space.unit_key(state, target))
            out.append(Threat(a, target, charge_chance(offer, state, a, gap + WHEEL),
                              EDGE.get(facing, 1.0), "charge", WORDS.get(facing, ""), True,
                              harm=offer.harm_of(state, a, target),
                              odds=offer.odds_of(state, a, target)))
            continue
        if rec.status != "active":
            continue
        key = space.unit_key(state, a)
        gaps = [(t, tkey, space.rects_distance(key, tkey)) for t, tkey in where]
        # (a unit in combat charges and shoots at nothing: it fights on; asked only of one
        # touching an enemy, since finding out is the dearer test and a unit in combat
        # touches one)
        fighting = engaged_with(state, a) if any(g <= CONTACT_TOL for *_, g in gaps) else []
        if fighting:
            out.append(_fight(offer, state, a, fighting))
            continue
        furthest, reaches = charge_reach(offer, state, a)
        for t, tkey, gap in gaps:
            if gap > furthest:
                continue
            facing = _charged_facing(key, tkey)
            if facing is None:
                continue
            chance = chance_within(reaches, gap + WHEEL)
            if chance <= 0.0:
                continue
            out.append(Threat(a, t, chance, EDGE[facing], "charge", WORDS[facing],
                              harm=offer.harm_of(state, a, t, later=True),
                              odds=offer.odds_of(state, a, t)))
        if shots:
            out += _shot_threats(offer, state, a, key, foes)
    return out


def _fight(offer: Offer, state: GameState, a: str, enemies: list[str]) -> Threat:
    """The next round of the combat unit ``a`` is locked in, as an attack under way on the
    enemy in contact its blows would hurt most, with the odds of that fight. Between units
    that fight as well as each other the attacks of the two sides weigh the same and cancel
    out; the better one gains by the fight going on; a unit that cannot wound its enemy (an
    Ethereal one, or one that may turn Ethereal at its next turn) pays in full for staying in
    the fight, so tying a Spectral Coach up costs what the coach does to it."""
    harms = {e: offer.harm_of(state, a, e, later=True) for e in enemies}
    t = max(enemies, key=harms.__getitem__)
    return Threat(a, t, 1.0, 1.0, "fight", declared=True, harm=harms[t],
                  odds=offer.odds_of(state, a, t))


def _shot_threats(offer: Offer, state: GameState, a: str, key: space.RectKey,
                  foes: list[str]) -> list[Threat]:
    """The shots unit ``a`` (standing at ``key``) could make next at enemy units in its front
    arc, each with the share of the target it would take on average."""
    if offer.shot_share is None:
        return []
    out = []
    for t in foes:
        # (the cheap test first: the same front-arc test the charges make, remembered by where
        # the two stand; the ruleset's shooting plan then asks sight and range file by file)
        if _charged_facing(key, space.unit_key(state, t)) is None:
            continue
        share = offer.shot_share(state, a, t)
        if share > 0.0:
            out.append(Threat(a, t, 1.0, 1.0, "shoot", share=share))
    return out


@lru_cache(maxsize=65536)
def _charged_facing(key: space.RectKey, tkey: space.RectKey) -> str | None:
    """The facing of the unit standing at ``tkey`` that a unit at ``key`` would charge, or None
    when none of it is in that unit's front arc (remembered by where the two stand: the
    threats are asked about after every try, and most units have not moved)."""
    if not in_front_arc(key, tkey):
        return None
    return arc_of(tkey, *front_centre(key))


# --- candidates --------------------------------------------------------------------------------


def candidates(offer: Offer, state: GameState, side: int, rng: random.Random,
               widen: int = 0) -> list[Candidate]:
    if state.game_over:
        return []
    if state.pending is not None:
        if state.pending.kind in offer.advised:
            return [Candidate(Answer(state.pending.default), "answer", state.pending.model)]
        return answer_candidates(state.pending)
    f = phases(state)
    if f.side != side:
        return []
    if f.phase is None:
        # begin the turn first: what its first phase does by itself (tests, decisions) is
        # then known before any charge or move is weighed
        return [BEGIN]
    charging = f.phase in offer.charge_phases
    moving = charging or f.phase in offer.move_phases
    # while units may still charge or move, the side ends the phase, not its turn, and does not
    # shoot yet: a shot there would skip every move left (the rules go on to the phase it is
    # made in), and the moves it forfeits are no part of what a try of the shot can score
    out = [Candidate(Order("next_phase"), "end", note=f"ends the {f.phase} phase")
           if moving else END]
    foes = _units(state, enemy_of=side)
    if not foes:
        return out
    if not moving:
        # (the shots first: a shot risks nothing, so one that scores as ending the turn does is
        # made, not skipped on the tie)
        return (shots(offer, state, side) if f.phase in offer.shoot_phases else []) + out
    last = state.max_turns is not None and state.turn >= state.max_turns
    free = [uid for uid in _units(state, side) if _free(state, uid)]
    # in the AI's own choice, what may wait for a later phase of the turn waits: the side moves
    # on (a charge or a move made here would be the same, weighed at more cost: its every try
    # plays this phase's ending out again); asked for the attacks open now (``widen`` below 0:
    # the odds of every charge, in a replay), it gives them wherever they may be declared
    later = f.phase != offer.move_phases[-1]
    if later and widen >= 0 and (not charging or f.phase != offer.charge_phases[-1]):
        return out
    if charging:
        for uid in free:
            out += charges(offer, state, uid, foes, LAST_TURN_LIKELY if last else LIKELY)
        if later and len(out) == 1:  # (no charge worth declaring: the moves can wait)
            return out
    if widen >= 0:
        danger = threats(offer, state, 2 if side == 1 else 1, shots=False)  # (its charges)
        for uid in free:
            out += moves(offer, state, uid, foes, danger, flank=widen >= FLANK_WIDEN)
    return out


def _free(state: GameState, uid: str) -> bool:
    """Whether the unit may still charge or move this turn: active, out of combat, and it has
    neither declared a charge nor moved."""
    u = state.units[uid]
    return (u.status == "active" and not u.flag("charge_declared") and not u.flag("moved")
            and not is_engaged(state, uid))


def charges(offer: Offer, state: GameState, uid: str, foes: list[str],
            likely: float = LIKELY) -> list[Candidate]:
    """The charges of ``uid`` worth offering: at each enemy unit the rules let it charge (within
    its furthest charge first: the cheap test), where the charge would end on the real ground
    round the other units, and whose roll is at least ``likely`` to cover the way there. The
    note says into which facing, and the chance."""
    key = space.unit_key(state, uid)
    furthest = offer.furthest(state, uid) + CLOSE_ENOUGH
    out = []
    for t in foes:
        if space.rects_distance(key, space.unit_key(state, t)) > furthest:
            continue
        order = Order("charge", uid, (("target", t),))
        try:
            offer.check_charge(state, order)
        except Refused:
            continue
        facing = charge_facing(state, uid, t)
        fleeing = state.units[t].status in ("fleeing", "fled")
        if fleeing:
            distance = space.rects_distance(key, space.unit_key(state, t))
        else:
            # (the rules' own plan, kept by where everything stands: the next choice, the
            # tries and the charge itself ask for the same one)
            plan = charge_plan(state, uid, t, facing)
            if plan.reason is not None:
                continue  # it would reach, but could not get in
            distance = plan.gap_distance
        chance = charge_chance(offer, state, uid, distance)
        if chance >= likely and not fleeing:  # (a run-down finds no facing to fill)
            chance *= room_left(offer, state, uid, t, facing)
        if chance < likely:
            continue
        words = WORDS.get(facing, "")
        note = (f"in the {words}, " if words and words != "front" else "") + \
            f"{round(chance * 100)}% to reach"
        out.append(Candidate(order, "charge", uid, t, note))
    return out


def _shots(offer: Offer, state: GameState, side: int) -> Iterator[tuple[str, str, Order]]:
    """(unit, target, order) for each unit of the side that may shoot, at each enemy unit it
    may shoot at, the nearest first."""
    if offer.check_shoot is None or state.game_over or state.pending is not None:
        return
    foes = _units(state, enemy_of=side)
    for uid in _units(state, side):
        u = state.units[uid]
        if u.status != "active" or u.flag("shot") or is_engaged(state, uid):
            continue
        key = space.unit_key(state, uid)
        for t in sorted(foes, key=lambda t: space.rects_distance(key, space.unit_key(state, t))):
            order = Order("shoot", uid, (("target", t),))
            try:
                offer.check_shoot(state, order)
            except Refused as exc:
                if exc.refusal.kind == NOT_NOW:
                    break  # the unit cannot shoot now, whatever the target
                continue
            yield uid, t, order


def shots(offer: Offer, state: GameState, side: int) -> list[Candidate]:
    """A shoot candidate for each unit of the side that may shoot, at each enemy unit it may
    shoot at: the shots that take the most points on average first (the ruleset's exact
    share of the target's Wounds, by the target's points), the nearest first among equals.
    Where their tries tie (none of a few volleys wounding), the first is taken: without the
    order the Darkshards shot at an Ethereal Black Coach, which their bolts cannot wound,
    rather than the Grave Guard beside it."""
    got = [Candidate(order, "shoot", uid, t) for uid, t, order in _shots(offer, state, side)]
    share = offer.shot_share
    if share is not None:
        def taken(c: Candidate) -> float:
            assert c.unit is not None and c.target is not None
            return share(state, c.unit, c.target) * offer.points_of(state, c.target)
        got.sort(key=lambda c: -taken(c))  # (a stable sort: the nearest first among equals)
    return got


def first_shot(offer: Offer, state: GameState, side: int) -> Order | None:
    """The look-ahead's next shot: the first unit of the side that may still shoot, at the
    nearest enemy unit it may shoot at; None when no unit can."""
    return next((order for _, _, order in _shots(offer, state, side)), None)


def _name(state: GameState, unit: str) -> str:
    return state.units[unit].display or unit


#: below this share of its blows able to wound an enemy unit, a unit moves toward the others first
HARMLESS = 0.5
#: the shares of a move's last step forward tried when the rules refuse the whole of it
SHORTER = (0.75, 0.5, 0.25)
#: the shortest step forward worth trying
MIN_STEP = 0.5
#: how far a unit steps aside when its way straight on is refused
STEP_ASIDE = 1.0
#: the wheel, either way, that takes a unit round a friend standing in its way
ROUND_WHEEL = 30.0
#: how far out from the middle of an enemy's flank a move round to it aims (within most units'
#: charge, and clear of the enemy's front arc)
FLANK_OFF = 6.0
#: the least ``widen`` at which a unit is also offered the way round to an enemy's flank (see
#: :func:`moves`): `hard`'s (docs/dev/ai-passes.md, forty-ninth pass)
FLANK_WIDEN = 3


def moves(offer: Offer, state: GameState, uid: str, foes: list[str],
          danger: list[Threat], flank: bool = False) -> list[Candidate]:
    """Moves of ``uid`` worth trying: toward each of the two nearest enemy units it could
    wound (those most of its blows could not wound, an Ethereal enemy, come after the rest;
    straight on when it faces them: all the way, half way, marching, or to just outside the
    furthest charge of the nearest; otherwise a wheel toward them and on, or a turn), turning
    to face the enemy that could charge its flank or rear, and falling back from the nearest.
    Should the rules refuse a move toward the nearest enemy, it is tried cut short, and then
    stepping aside or reforming to face the enemy (see ``unjam``). With ``flank``: round to
    the flank of either enemy whose front a friend holds (see :func:`flank_point`)."""
    key = space.unit_key(state, uid)
    mov, march = offer.rates(state, uid)
    near = sorted(foes, key=lambda t: (offer.harm_of(state, uid, t, later=True) < HARMLESS,
                                       space.rects_distance(key, space.unit_key(state, t))))[:2]
    fx, fy = key[0], key[1]
    out: list[Candidate] = []
    seen: set[tuple[Any, ...]] = set()

    def heading(x: float, y: float) -> float:
        """The direction from the unit's centre to the point (x, y), in degrees (0: up the
        table)."""
        return math.degrees(math.atan2(x - fx, -(y - fy)))

    def bearing(target: str) -> float:
        """The direction from the unit's centre to ``target``'s."""
        tkey = space.unit_key(state, target)
        return heading(tkey[0], tkey[1])

    def turn_to(x: float, y: float) -> float:
        """How far the unit would turn to face the point (x, y): -180 to 180 degrees, positive
        clockwise."""
        return (heading(x, y) - key[2] + 180.0) % 360.0 - 180.0

    def add(path: tuple[tuple[object, ...], ...], note: str, target: str,
            marching: bool = False, stuck: bool = False, at: bool = False) -> None:
        """Offer the move along ``path`` (``at``: it goes at ``target``)."""
        if (path, marching) in seen:
            return
        seen.add((path, marching))

        def order(p: tuple[tuple[object, ...], ...]) -> Order:
            args: tuple[tuple[str, object], ...] = (("path", p),)
            return Order("move", uid, args + ((("march", True),) if marching else ()))

        # the same way cut short, should the rules refuse it: it would end too near an enemy,
        # run into terrain or a unit, or (after a wheel) cost more than the unit may move
        *lead, (kind, amount) = path
        shorter: tuple[Order | Candidate, ...] = ()
        if kind == "forward" and isinstance(amount, int | float):
            shorter = tuple(order((*lead, ("forward", round(amount * k, 2))))
                            for k in SHORTER if amount * k >= MIN_STEP)
        out.append(Candidate(order(path), "move", uid, target, note,
                             shorter + (unjam(path, target) if stuck else ()), goes_at=at))

    def unjam(path: tuple[tuple[object, ...], ...], target: str) -> tuple[Order | Candidate, ...]:
        """The moves tried, in turn, where even the shortest step of the way toward the nearest
        enemy is refused (the corner of a wood or a friend just ahead, a wheel dearer than the
        move): a step aside and on (where the ruleset lets one move mix them), a step aside
        alone, and a reform about the centre to face the enemy. Without them a unit that came
        to a stop against a corner stayed there for the rest of the game."""
        got: list[Order | Candidate] = []
        if path[0][0] == "forward":
            for side in (-1, 1):
                aside = ("sideways", side * STEP_ASIDE)
                on = round(mov - 2 * STEP_ASIDE, 2)
                if on >= MIN_STEP:
                    got.append(Order("move", uid, (("path", (aside, ("forward", on))),)))
                got.append(Order("move", uid, (("path", (aside,)),)))
        facing = round(bearing(target) % 360.0, 2)
        formation = state.units[uid].formation
        if formation is not None:
            reform = Order("move", uid, (("path", (("reform", formation.files, facing),)),))
            got.append(Candidate(reform, "move", uid, target, f"to face {_name(state, target)}"))
        return tuple(got)

    for i, t in enumerate(near):
        tkey = space.unit_key(state, t)
        name = _name(state, t)
        rel = turn_to(tkey[0], tkey[1])
        gap = space.rects_distance(key, tkey)
        if abs(rel) <= 20:
            add((("forward", mov),), f"toward {name}", t, stuck=i == 0, at=True)
            if i == 0:
                add((("forward", march),), f"toward {name}, marching", t, True, at=True)
                short = gap - offer.furthest(state, t) - 0.5  # just beyond its furthest charge
                if 0.5 < short < march:
                    add((("forward", round(short, 2)),), f"to just outside the reach of {name}",
                        t, short > mov)
        else:
            wheel = round(max(-90.0, min(90.0, rel)), 2)
            add((("wheel", wheel), ("forward", mov / 2)), f"toward {name}", t, stuck=i == 0,
                at=True)
            if i == 0:
                if abs(rel) <= 90:
                    add((("wheel", wheel), ("forward", march / 2)), f"toward {name}, marching",
                        t, True, at=True)
                else:
                    turn = 180 if abs(rel) > 135 else (90 if rel > 0 else -90)
                    add((("turn", turn),) if offer.turn_alone
                        else (("turn", turn), ("forward", mov / 2)), f"toward {name}", t, at=True)
    for t in near if flank else ():
        point = flank_point(state, uid, key, t)
        if point is None:
            continue
        px, py = point
        rel = turn_to(px, py)
        if abs(rel) > 90:
            continue
        far = math.hypot(px - fx, py - fy)
        name = _name(state, t)
        wheel = round(rel, 2)
        add((("wheel", wheel), ("forward", round(min(mov / 2, far), 2))),
            f"toward the flank of {name}", t, at=True)
        if far > mov / 2:
            add((("wheel", wheel), ("forward", round(min(march / 2, far), 2))),
                f"toward the flank of {name}, marching", t, True, at=True)
    # the enemy that could charge its flank or rear: face it
    worst = max((d for d in danger if d.target == uid and d.facing in ("flank", "rear")),
                key=lambda d: d.chance * d.edge, default=None)
    if worst is not None:
        akey = space.unit_key(state, worst.attacker)
        arc = arc_of(key, akey[0], akey[1])
        to_face = {"left": -90, "right": 90, "rear": 180}.get(arc)
        if to_face is not None:
            add((("turn", to_face),), f"to face {_name(state, worst.attacker)}", worst.attacker)
    if near:
        # a friend in the way, within a march ahead: a wheel either way and on, round it (the
        # way straight on, cut short by the rules, ends against the friend's back: Cold One
        # Knights behind their own Dreadspears stood there for the last three turns of a game)
        friend = _friend_ahead(state, uid, key, min(march, space.rects_distance(
            key, space.unit_key(state, near[0]))))
        if friend is not None:
            for way in (-ROUND_WHEEL, ROUND_WHEEL):
                add((("wheel", way), ("forward", mov / 2)),
                    f"toward {_name(state, near[0])}, round {_name(state, friend)}", near[0],
                    at=True)
        add((("backward", mov / 2),), f"back from {_name(state, near[0])}", near[0])
    return out


def flank_point(state: GameState, uid: str, key: space.RectKey,
                target: str) -> tuple[float, float] | None:
    """Where ``uid`` (standing at ``key``) would go to charge ``target`` in the flank next
    turn: :data:`FLANK_OFF` out from the middle of the target's flank on the side nearer
    ``uid``. Only while ``uid`` stands in the target's front arc and a friend nearer the
    target has it in its own front arc, holding that front (None otherwise): the plan of one
    unit in front and one in the flank (docs/dev/ai-passes.md, twenty-third and forty-ninth
    passes)."""
    tkey = space.unit_key(state, target)
    if arc_of(tkey, key[0], key[1]) != "front":
        return None
    gap = space.rects_distance(key, tkey)
    side = state.units[uid].side
    if not any(f != uid and in_front_arc(fkey := space.unit_key(state, f), tkey)
               and space.rects_distance(fkey, tkey) < gap for f in _units(state, side)):
        return None
    way = 1.0 if _local(tkey, key[0], key[1])[1] >= 0 else -1.0  # (its right, or its left)
    return _table(tkey, 0.0, way * (tkey[3] / 2 + FLANK_OFF))


def _friend_ahead(state: GameState, uid: str, key: space.RectKey, within: float) -> str | None:
    """The nearest unit of ``uid``'s own side in its front arc, less than ``within`` away (None
    when there is none)."""
    side = state.units[uid].side
    best: tuple[float, str] | None = None
    for f in _units(state, side):
        if f == uid:
            continue
        fkey = space.unit_key(state, f)
        gap = space.rects_distance(key, fkey)
        if gap < within and (best is None or gap < best[0]) and in_front_arc(key, fkey):
            best = (gap, f)
    return best[1] if best is not None else None


__all__ = ["BEGIN", "EDGE", "END", "Offer", "candidates", "charge_chance", "charges",
           "first_shot", "moves", "reach_chances", "shots", "side_scores", "threats",
           "unit_worth"]

"""How good a position is for a side: the AI's evaluation (see docs/ai.md).

A position is worth, to a side: what its units are worth minus what the enemy's are
(:meth:`~game.core.ruleset.Advisor.unit_worth`), its lead on the score that decides the game
after its last turn (:meth:`~game.core.ruleset.Advisor.side_scores`: damage inflicted,
enemies taken out, victory points), weighted by how near that end is, and near the end being
ahead at all; the attacks each side could make next (:meth:`~game.core.ruleset.Advisor.threats`:
what each enemy can reach, the chance it gets there, the facing it would hit), those of the
side that moves next counting for more; a little for closing on the enemy; and everything for
a game won or lost.

Every term is in the units of ``unit_worth`` (about 3 for a skirmish model, 1 for a hundred
points of a rank-and-flank unit), so one set of weights serves every ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.core.engine import Engine
from game.core.ruleset import PHASES, Threat, wins_by
from game.core.spatial import nearest_distances
from game.core.state import GameState

#: what a won (or lost) game is worth
WIN = 1000.0
#: how much an inch closer to the enemy is worth, per unit (next to a unit's worth of ~3)
CLOSING = 0.03
#: what a point of the score that decides the game after its last turn is worth in the first
#: game turn and in the last one (it matters more as the end comes nearer)
SCORE_EARLY = 1.0
SCORE_LATE = 2.5
#: in the last game turn, what a lead that wins the game (by the ruleset's margin) is worth
#: beside its points of score, and what a deficit that loses it costs (half as much in the turn
#: before): near the end what counts is who wins
DECISIVE = 2.0

#: the decimals scores are compared at: far finer than any difference the rules or the tries
#: can make, far coarser than a float's rounding (the same sums added in another order tie)
SCORE_DIGITS = 9

#: the kinds of candidate that are attacks, when the threats are worked out from candidates
ATTACKS = ("fight", "charge", "diving charge", "shoot")
#: what an attack costs the attacker, as a share of what the target's return blows would be
#: worth: the side attacking picks its fights, so it loses less than it deals
RETURN = 0.5


@dataclass(frozen=True, slots=True)
class Look:
    """How a level looks at the attacks to come: ``next`` weighs the attacks of the side that
    moves next, ``later`` those of the other side (whose turn comes after); attacks under way
    (a charge declared, not yet moved) count in full. ``at_once``, when given, weighs instead
    of ``next`` the attack of the side to act next in a game of alternating activations: its
    next activation comes at once, and its best attack is as good as made. ``fear`` scales
    the enemy's attacks to come (not those under way). Zero weights: no look at all."""

    next: float = 0.0
    later: float = 0.0
    at_once: float = 0.0
    #: how much of the enemy's attacks to come it sees (its own count in full): below 1, a
    #: player who plans its own attacks and overlooks some of the enemy's
    fear: float = 1.0
    #: in a game of player turns, how much of the enemy's attacks to come it sees, in place of
    #: ``fear`` (None: the same)
    turn_fear: float | None = None
    #: whether the shots each side could make count among its attacks to come (where the
    #: ruleset works them out: rank and flank, whose sight and cover make them dear)
    shots: bool = False

    @property
    def on(self) -> bool:
        return bool(self.next or self.later)


NO_LOOK = Look()


@dataclass(frozen=True, slots=True)
class Attack:
    """A threat weighed: what it would take from the target, and cost the attacker."""

    threat: Threat
    dealt: float
    taken: float
    target_worth: float

    @property
    def net(self) -> float:
        return self.dealt - self.taken


def evaluate(e: Engine, side: int, look: Look = NO_LOOK) -> float:
    """How good the position is for ``side``: won or lost, else what its units are worth
    minus the enemy's, its lead on the deciding score, the attacks to come (``look``) and a
    little for closing on the enemy."""
    s = e.state
    if s.game_over:
        base = material(e, side)
        if s.winner == side:
            return WIN + base
        if s.winner == "draw":
            return base
        return -WIN + base
    got = material(e, side) + score_edge(e, side) - CLOSING * spread(s, side)
    if look.on:
        got += pressure(e, side, look)
    return got


def score_edge(e: Engine, side: int) -> float:
    """How far ahead ``side`` is on the score that decides the game after its last turn
    (:meth:`~game.core.ruleset.Advisor.side_scores`), weighted by how near that end is; in
    the last two game turns, more for a lead big enough to win
    (:meth:`~game.core.ruleset.Advisor.score_to_win`) and less for a deficit big enough to
    lose."""
    s = e.state
    got = e.ruleset.advisor.side_scores(s)
    if got is None:
        return 0.0
    mine, theirs = got if side == 1 else (got[1], got[0])
    lead = mine - theirs
    edge = score_weight(s) * lead
    if s.max_turns and s.turn >= s.max_turns - 1:
        near = 1.0 if s.turn >= s.max_turns else 0.5
        # a lead that wins once the game ends, or a deficit that loses it; any other lead is a
        # draw, worth nothing more (rank and flank wins by 100 victory points: at 90 to 0 the
        # game is drawn, and a ramp up to the margin counted it nine tenths of a win)
        need = e.ruleset.advisor.score_to_win(s)
        lead = round(lead, SCORE_DIGITS)  # (in hundreds of points: 4.35 - 3.35 is not quite 1.0)
        edge += DECISIVE * near * (wins_by(lead, need) - wins_by(-lead, need))
    return edge


def score_weight(s: GameState) -> float:
    """What a point of the deciding score is worth now: :data:`SCORE_EARLY` in the first game
    turn, rising to :data:`SCORE_LATE` in the last."""
    late = min(1.0, s.turn / s.max_turns) if s.max_turns else 0.0
    return SCORE_EARLY + (SCORE_LATE - SCORE_EARLY) * late


def material(e: Engine, side: int) -> float:
    """What ``side``'s units are worth minus what the enemy's are."""
    rs, s = e.ruleset, e.state
    total = 0.0
    for u, unit in s.units.items():
        w = worth(rs, s, u, unit)
        total += w if unit.side == side else -w
    return total


#: each unit's worth as last worked out, with the very records it was worked out from (a unit
#: and its models are replaced, never changed, so the same records give the same worth: the
#: ruleset's ``unit_worth`` reads nothing else, but for the conditions of models, which are
#: not remembered); in a battle of thousands of units, working every one out again after each
#: try was most of a try
_WORTH: dict[str, tuple[object, tuple[object, ...], float]] = {}


def worth(rs: Any, s: GameState, u: str, unit: Any = None) -> float:
    """``rs.advisor.unit_worth(s, u)``, remembered while the unit and its models are unchanged."""
    unit = unit if unit is not None else s.units[u]
    names: tuple[str, ...] = unit.models
    got = _WORTH.get(u)
    every = s.models
    if got is not None and got[0] is unit and all(
            every[n] is m for n, m in zip(names, got[1])):
        # (the same unit record has the same model names: only the models can differ)
        return got[2]
    models = tuple(every[n] for n in names)
    w = float(rs.advisor.unit_worth(s, u))
    if any(m.conditions for m in models):
        # (not remembered: a model's condition may count for what it is still to do, which
        # changes with the game turn and the activations left, not with the records: an
        # Infected model left so at the end of the turn of the bite will now turn)
        return w
    if len(_WORTH) > 20000:
        _WORTH.clear()
    _WORTH[u] = (unit, models, w)
    return w


#: each unit's mean distance from the enemy (:func:`spread`), by where the enemy's models
#: stand and then where the unit's do: the tries of one choice mostly move one unit, so the
#: others' distances are known already
_SPREAD: dict[tuple[tuple[float, float], ...], dict[tuple[tuple[float, float], ...], float]] = {}


def spread(s: GameState, side: int) -> float:
    """The sum over ``side``'s units on the table of how far their models stand, on average,
    from the nearest enemy model."""
    mine: dict[str, list[tuple[float, float]]] = {}
    foes = []
    for m in s.models.values():
        if not m.on_table:
            continue
        if m.side == side:
            mine.setdefault(m.unit, []).append((m.x, m.y))
        else:
            foes.append((m.x, m.y))
    if not foes or not mine:
        return 0.0
    there = tuple(foes)
    known = _SPREAD.get(there)
    if known is None:
        if len(_SPREAD) > 64:
            _SPREAD.clear()
        known = _SPREAD[there] = {}
    total = 0.0
    for points in mine.values():
        here = tuple(points)
        d = known.get(here)
        if d is None:
            if len(known) > 4096:
                known.clear()
            ds = nearest_distances(points, foes)
            d = known[here] = sum(ds) / len(ds)
        total += d
    return total


# --- the attacks to come -----------------------------------------------------------------------


def moves_next(e: Engine) -> int | None:
    """The side whose units act next, for the attacks to come: in a game of player turns, the
    side whose turn is due, or, once a turn has begun, the other side (its turn comes next);
    otherwise the side to act."""
    s = e.state
    if s.game_over:
        return None
    rs = e.ruleset
    active = rs.active_side(s)
    if rs.flow.kind == PHASES and active in (1, 2):
        begun = rs.closing_order(s) is not None
        return (2 if active == 1 else 1) if begun else active
    return active


def has_turn_to_come(e: Engine, side: int) -> bool:
    """Whether ``side`` has a turn of its own still to come in which to make new attacks: in a
    game of player turns with a last game turn, not once its turn of that game turn has begun
    (the game ends with the last player turn); otherwise always."""
    s = e.state
    if s.game_over:
        return False
    rs = e.ruleset
    if rs.flow.kind != PHASES or not s.max_turns or s.turn < s.max_turns:
        return True
    active = rs.active_side(s)
    begun = rs.closing_order(s) is not None
    if side == active:
        return not begun
    # (the other side: still to play in this game turn, unless it went first)
    return side != s.first_side


def threats_of(e: Engine, side: int, shots: bool = True) -> list[Threat]:
    """The attacks ``side`` could make next: the ruleset's
    (:meth:`~game.core.ruleset.Advisor.threats`; ``shots``: its shots too), or else the
    fights, charges and shots its candidates offer when it is the side to act (none when it
    is not)."""
    rs, s = e.ruleset, e.state
    got = rs.advisor.threats(s, side, shots)
    if got is not None:
        return got
    if s.pending is not None or rs.active_side(s) != side:
        return []
    out = []
    for c in rs.advisor.candidates(s, side, random.Random(0), -1):
        if c.kind not in ATTACKS or c.unit is None or c.target is None:
            continue
        a, t = s.models.get(c.unit), s.models.get(c.target)
        attacker = a.unit if a is not None else c.unit
        target = t.unit if t is not None else c.target
        if attacker in s.units and target in s.units:
            out.append(Threat(attacker, target, 1.0, 1.0, c.kind))
    return out


def weigh(e: Engine, threats: Iterable[Threat]) -> list[Attack]:
    """Each threat's worth to the attacker: the share of the target's worth it would take
    (the attacker's share of the fight, more on a flank or rear, times the chance it comes
    off, and by the share of its blows that could wound the target) and what the target's
    blows would cost the attacker; an attack whose share the ruleset gives (a shot) takes that
    share and costs nothing. The attacker's share of the fight is the ruleset's ``odds`` where
    it gives them (rank and flank: what each unit's blows and ranks bring to a round), else
    its share of the two units' worth (with which a charge of A at B and of B at A come to
    the same, whichever fights better)."""
    rs, s = e.ruleset, e.state
    out = []
    for t in threats:
        a = worth(rs, s, t.attacker) if t.attacker in s.units else 0.0
        d = worth(rs, s, t.target) if t.target in s.units else 0.0
        if a <= 0.0 or d <= 0.0 or t.chance <= 0.0:
            continue
        if t.share is not None:
            # (what the attack takes is known, and nothing comes back: a shot)
            out.append(Attack(t, t.chance * min(1.0, t.share) * d, 0.0, d))
            continue
        share = a / (a + d) if t.odds is None else t.odds
        dealt = t.chance * fight_share(t, share) * d * t.harm
        taken = t.chance * RETURN * (1.0 - share) / max(1.0, t.edge) * a
        out.append(Attack(t, dealt, taken, d))
    return out


def fight_share(t: Threat, share: float) -> float:
    """The attacker's share of the fight of threat ``t``, its plain ``share`` raised by the
    edge of a flank or rear attack, at most the whole fight (what :func:`weigh` counts, and
    ``bench/bench_fight_odds.py`` sets against the fights)."""
    return min(1.0, t.edge * share)


def best_attacks(attacks: Iterable[Attack], phased: bool) -> list[Attack]:
    """The attacks a side would make of those weighed: in a game of player turns, each unit's
    best (every unit may attack in the turn; no target gives more than it is worth: the
    later attacks on one target share what is left of it); otherwise the one best (one unit
    acts at a time). Attacks that gain nothing are left out."""
    good = sorted((a for a in attacks if a.net > 0.0), key=lambda a: -a.net)
    if not good:
        return []
    if not phased:
        return good[:1]
    used: set[str] = set()
    left: dict[str, float] = {}
    out = []
    for a in good:
        if a.threat.attacker in used:
            continue
        room = left.get(a.threat.target)
        if room is not None and room <= 0.0:
            continue
        if room is not None and a.dealt > room:
            a = Attack(a.threat, room, a.taken, a.target_worth)
            if a.net <= 0.0:
                continue
        used.add(a.threat.attacker)
        left[a.threat.target] = (room if room is not None else a.target_worth) - a.dealt
        out.append(a)
    return out


@dataclass(frozen=True, slots=True)
class Side:
    """One side's attacks as :func:`pressure` weighs them for the side judged: the net worth
    of its attacks under way (counted in full) and of those to come, and the weight the latter
    get (from the look: whether the side moves next, and for the enemy how much it fears)."""

    side: int
    moves_next: bool
    weight: float
    under_way: float
    to_come: float


def pressure_sides(e: Engine, side: int, look: Look, only: set[str] | None = None
                   ) -> tuple[Side, Side]:
    """The parts :func:`pressure` adds up, side 1's then side 2's (``bench/bench_eval_fit.py``
    sets them against how games ended)."""
    phased = e.ruleset.flow.kind == PHASES
    first = moves_next(e)
    got = []
    for who in (1, 2):
        weight = look.later
        if who == first:
            weight = look.at_once if look.at_once and not phased else look.next
        attacks = weigh(e, threats_of(e, who, look.shots))
        under_way = [a for a in attacks if a.threat.declared]
        to_come = best_attacks([a for a in attacks if not a.threat.declared], phased) \
            if has_turn_to_come(e, who) else []
        if only is not None:
            under_way = [a for a in under_way if _involves(a, only)]
            to_come = [a for a in to_come if _involves(a, only)]
        if who != side:
            weight *= look.turn_fear if phased and look.turn_fear is not None else look.fear
        got.append(Side(who, who == first, weight, sum(a.net for a in under_way),
                        sum(a.net for a in to_come)))
    return got[0], got[1]


def pressure(e: Engine, side: int, look: Look, only: set[str] | None = None) -> float:
    """The attacks to come, for ``side``: those it could make minus those the enemy could, each
    side's weighed by whether it moves next (``look``), none of a side whose last turn of the
    game has begun (:func:`has_turn_to_come`); attacks under way count in full.
    ``only``: of the attacks each side would make, only those by or on these units."""
    total = 0.0
    for p in pressure_sides(e, side, look, only):
        sign = 1.0 if p.side == side else -1.0
        total += sign * (p.under_way + p.weight * p.to_come)
    return total


def _involves(a: Attack, units: set[str]) -> bool:
    return a.threat.attacker in units or a.threat.target in units


def feared(e: Engine, side: int, shots: bool = True) -> list[Attack]:
    """The enemy's attacks to come on ``side``'s units, as it would make them (``shots``: its
    shots among them), the most damaging first (for the explanation: what the AI held back
    from)."""
    other = 2 if side == 1 else 1
    if not has_turn_to_come(e, other):
        return []
    phased = e.ruleset.flow.kind == PHASES
    attacks = [a for a in weigh(e, threats_of(e, other, shots)) if not a.threat.declared]
    return sorted(best_attacks(attacks, phased), key=lambda a: -a.dealt)


def under_way(e: Engine, side: int, unit: str) -> float:
    """What the evaluation gives ``side`` for the attack under way of ``unit`` (its charge
    declared and not yet moved): 0 when it has none."""
    return sum(a.net for a in weigh(e, threats_of(e, side, shots=False))
               if a.threat.declared and a.threat.attacker == unit)

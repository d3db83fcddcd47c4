"""The AI player: it picks a command for a side by trying the candidates its ruleset offers on
throw-away copies of the engine, each with dice of its own, and keeping the one that leaves
its side best off on average. It knows no rule: the real engine plays every try out.

How one choice is made (see docs/ai.md):

1. The ruleset lists candidate commands (:meth:`~game.core.ruleset.Ruleset.candidates`):
   answers to a pending decision, or every fight and charge target, the other actions, and
   moves to sampled points.
2. Each candidate is carried out on a copy of the engine; one the rules refuse is dropped.
   Then the rest of the activation is played out simply (decisions take their defaults, a
   model in contact fights, the activation ends, which resolves its melee) and the position
   is scored: what the side's units are worth minus what the enemy's are worth
   (:meth:`~game.core.ruleset.Ruleset.unit_worth`), a little for closing on the enemy, and
   everything for a won or lost game.
3. Every candidate gets a few tries, the best few get many more (with fresh dice each time),
   and the best average wins. ``hard`` also lets the opponent answer each try with its most
   damaging fight or charge before scoring.

Levels: ``random`` (any legal command), ``easy`` (few tries, and a careless pick among the
nearly best), ``normal`` and ``hard``. The same position, side, level and seed always give the
same choice unless a ``time_budget`` cuts the search short.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core import events as ev
from game.core.commands import Answer, Command, Order
from game.core.dice import SeededDice
from game.core.engine import Engine
from game.core.errors import DiceExhausted
from game.core.log import player_text, show_value
from game.core.ruleset import PHASES, Candidate, SampledCandidates
from game.core.spatial import nearest_distances
from game.core.state import GameState


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    first: int  # tries each candidate gets in the first round
    more: int  # tries in all for each of the best few
    keep: int  # how many candidates go on to the second round
    widen: int  # extra move points sampled at random
    reply: tuple[str, ...]  # the kinds of reply the opponent may answer each try with (round 2)
    careless: float  # pick at random among candidates scored within this of the best


LEVELS: dict[str, Level] = {
    "random": Level("random", 0, 0, 0, 0, (), 0.0),
    "easy": Level("easy", 2, 2, 0, 0, (), 0.25),
    "normal": Level("normal", 3, 16, 4, 2, (), 0.0),
    "hard": Level("hard", 3, 16, 4, 2, ("fight",), 0.0),
}

#: how much an inch closer to the enemy is worth, per model (next to a unit's worth of ~3)
CLOSING = 0.03
#: what a won (or lost) game is worth
WIN = 1000.0
#: what a point of the score that decides the game after its last turn (damage inflicted,
#: enemies taken out...) is worth in the first game turn, and in the last one (next to a
#: unit's worth of ~3): it matters more as the end comes nearer
SCORE_EARLY = 1.0
SCORE_LATE = 2.5
#: in the last game turn, what being ahead on that score at all is worth beside the margin
#: (half as much in the turn before): near the end, what counts is who is ahead, so a side
#: ahead plays safe and a side behind or level takes risks
DECISIVE = 2.0
#: how much the opponent's best reply counts (hard): 0 not at all, 1 in full
REPLY_WEIGHT = 0.5
#: the most replies of the opponent tried after each try (hard, normal)
MAX_REPLIES = 8
#: what a charge after which no fight could be declared in the activation loses
IDLE_CHARGE = 0.5
CHARGES = ("charge", "diving charge")
#: the most candidates tried in one choice: in a bigger battle, a sample (every answer and
#: every order that ends or begins something, then fights, then charges, then the rest:
#: moves, other actions, holding; what does not fit whole is sampled at random). No shipped
#: map offers more than about 90 at once.
MAX_TRIED = 100
#: a battle of up to this many models on the table is searched as above; in a bigger one,
#: where every try costs more, fewer candidates are tried (in proportion, at least
#: ``MIN_TRIED``) and the best few get fewer tries (in proportion, at least the first round's)
FULL_SEARCH = 200
MIN_TRIED = 12
#: which kinds of candidate a sample keeps first (others: 3)
KEEP_FIRST = {"answer": 0, "begin": 0, "end": 0, "fight": 1, "charge": 2, "diving charge": 2}
#: how much the opponent's threats count: for the attack (fight or charge) it could make
#: next against one of the side's models, that many times the worth the attacked model could
#: lose to it (the attacker's share of the two models' worth), for the most dangerous one
THREAT = 0.0


@dataclass
class Choice:
    """What the AI decided: the command, one line saying why in players' words (for the
    dice and rules log), and the odds it saw for the chosen command."""

    command: Command
    reason: str
    side: int
    level: str
    candidate: Candidate | None = None
    #: the chance the target was destroyed and the actor was, and the tries they come from
    odds: dict[str, float] = field(default_factory=dict)
    considered: int = 0  # candidates the rules accepted
    offered: int = 0  # candidates the ruleset offered (of the units it offered: see ``cut``)
    #: how the search was cut short, in players' words ("" when it was not): a sample of a
    #: battle too big to weigh whole, or the time limit reached
    cut: str = ""
    seconds: float = 0.0  # wall-clock time the choice took
    cpu: float = 0.0  # CPU time of the thread that made it


@dataclass
class _Tries:
    cand: Candidate
    index: int
    base: Engine | None  # the candidate carried out (None: it must be carried out each try)
    scores: list[float] = field(default_factory=list)
    target_gone: int = 0
    actor_gone: int = 0
    random_after: bool = True  # tries after the first may differ (dice were rolled)
    first: Engine | None = None  # the candidate carried out with dice: used by the first try

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else -math.inf


class Cancelled(Exception):
    """The caller cancelled the choice."""


def choose(engine: Engine, side: int | None = None, level: str = "normal",
           time_budget: float | None = None, seed: int | None = None,
           cancel: threading.Event | None = None) -> Choice:
    """The command the AI plays for ``side`` (default: the side to act or to answer now) at
    ``level``. Never changes ``engine``: every try runs on a copy. ``time_budget`` (seconds)
    stops the search early with the best so far (even in its first round, once a candidate
    has been tried; :attr:`Choice.cut` then says so);
    ``cancel`` (a ``threading.Event``) makes it raise :class:`Cancelled` soon after being set.
    Without a time budget the choice depends only on the position, side, level and
    ``seed`` (default: worked out from the game's seed and the position)."""
    cpu = time.thread_time()
    got = _choose(engine, side, level, time_budget, seed, cancel)
    got.cpu = time.thread_time() - cpu
    return got


def _choose(engine: Engine, side: int | None, level: str, time_budget: float | None,
            seed: int | None, cancel: threading.Event | None) -> Choice:
    started = time.perf_counter()
    lv = LEVELS.get(level)
    if lv is None:
        raise ValueError(f'unknown AI level "{level}" (known: {", ".join(LEVELS)})')
    state = engine.state
    if side is None:
        side = side_to_act(engine)
        if side is None:
            raise ValueError("nobody is to act: the game is over")
    if seed is None:
        seed = (engine.seed * 2654435761 + state.events_applied * 40503 + side) % (2**63)
    rng = random.Random(seed)
    rs = engine.ruleset
    offered = rs.advisor.candidates(state, side, rng, lv.widen)
    units = (offered.units, offered.of) if isinstance(offered, SampledCandidates) else None
    size = sum(1 for m in state.models.values() if m.on_table)
    cands = sample(offered, rng, most_tried(size)) if offered else idle_candidates(engine, side)
    more = lv.more if size <= FULL_SEARCH else max(lv.first, lv.more * FULL_SEARCH // size)
    deadline = started + time_budget if time_budget is not None else None

    def done(c: Candidate, odds: dict[str, float] | None, considered: int,
             tried: int | None = None) -> Choice:
        """The choice of ``c``, saying how the search was cut short, if it was."""
        cut = cut_note(units, len(cands), len(offered), tried)
        reason = explain(state, c, odds, side) + (f" ({cut})" if cut else "")
        return Choice(c.command, reason, side, lv.name, c, odds or {}, considered=considered,
                      offered=len(offered), cut=cut, seconds=time.perf_counter() - started)

    def check() -> None:
        if cancel is not None and cancel.is_set():
            raise Cancelled()

    if lv.name == "random":
        order = list(range(len(cands)))
        rng.shuffle(order)
        for i in order:
            check()
            c = cands[i]
            if not playable(engine, c, side):
                continue
            try:
                out = engine.fork(SeededDice(rng.getrandbits(63))).execute(c.command)
            except Exception:  # noqa: BLE001 - a try that crashes is not played
                continue
            if out.ok:
                return done(c, None, 1)
        return done(idle(engine, side), None, 0)

    # Common dice: the k-th try of every candidate throws the same dice (so two candidates
    # that come to the same thing score the same, and differences are the candidates' own).
    seeds = [rng.getrandbits(63) for _ in range(max(lv.first, lv.more) + 1)]
    tries: list[_Tries] = []
    first_tried: int | None = None  # with a time limit reached in round one: how far it got

    def late() -> bool:
        return deadline is not None and time.perf_counter() > deadline

    for i, c in enumerate(cands):
        check()
        if tries and late():
            first_tried = i
            break
        t = _start(engine, c, i, seeds[0], side)
        if t is not None:
            tries.append(t)
    if not tries:
        return done(idle(engine, side), None, 0)
    # round one: every candidate (but with a time limit, only until it is reached)
    for n, t in enumerate(tries):
        if n and late():
            first_tried = t.index
            break
        for _ in range(lv.first):
            check()
            if len(t.scores) >= lv.first or (t.scores and not t.random_after):
                break
            _try(engine, t, side, seeds, ())
    ranked = sorted(tries, key=lambda t: (-t.mean, t.index))
    # round two: the best few, more tries each (with the opponent's reply at "hard")
    def round_two(best: list[_Tries]) -> None:
        if lv.reply:  # scored again, with the reply
            for t in best:
                t.scores, t.target_gone, t.actor_gone = [], 0, 0
        for k in range(more):
            for t in best:
                check()
                if deadline is not None and time.perf_counter() > deadline and k:
                    return
                if len(t.scores) > k or (t.scores and not t.random_after):
                    continue
                _try(engine, t, side, seeds, lv.reply)

    if lv.keep and len(ranked) > 1:
        best = ranked[:lv.keep]
        round_two(best)
        ranked = sorted(best, key=lambda t: (-t.mean, t.index)) + ranked[lv.keep:]
        # progressive widening: with time left, more places to move to, each wave tried
        # like the first candidates, its best few against the best so far
        seen = {t.cand.command for t in tries}
        wave = 0
        while deadline is not None and time.perf_counter() < deadline:
            wave += 1
            extra = [c for c in rs.advisor.candidates(state, side, random.Random(seed + wave),
                                              lv.widen + 4 * wave)
                     if c.kind == "move" and c.command not in seen]
            if not extra:
                break
            fresh: list[_Tries] = []
            for c in extra:
                check()
                if time.perf_counter() > deadline:
                    break
                seen.add(c.command)
                t = _start(engine, c, len(tries) + len(fresh), seeds[0], side)
                if t is not None:
                    _try(engine, t, side, seeds, ())
                    fresh.append(t)
            tries += fresh
            top = sorted(fresh, key=lambda t: (-t.mean, t.index))[:lv.keep]
            round_two(top)
            best = sorted(ranked[:lv.keep] + top, key=lambda t: (-t.mean, t.index))
            ranked = best[:lv.keep] + [t for t in ranked[lv.keep:]] + best[lv.keep:]
    pick = ranked[0]
    if lv.careless:
        near = [t for t in ranked if t.mean >= pick.mean - lv.careless]
        pick = near[rng.randrange(len(near))]
    odds = {"samples": float(len(pick.scores))}
    if pick.scores:
        n = len(pick.scores)
        odds["target_destroyed"] = pick.target_gone / n
        odds["actor_destroyed"] = pick.actor_gone / n
        odds["score"] = pick.mean
    return done(pick.cand, odds, len(tries), first_tried)


def most_tried(models: int) -> int:
    """The most candidates tried in a battle of ``models`` models on the table."""
    if models <= FULL_SEARCH:
        return MAX_TRIED
    return max(MIN_TRIED, MAX_TRIED * FULL_SEARCH // models)


def sample(cands: list[Candidate], rng: random.Random, most: int = MAX_TRIED) -> list[Candidate]:
    """``cands``, or when there are more than ``most``, that many of them
    (:data:`KEEP_FIRST`), in their order."""
    if len(cands) <= most:
        return list(cands)
    groups: dict[int, list[int]] = {}
    for i, c in enumerate(cands):
        groups.setdefault(KEEP_FIRST.get(c.kind, 3), []).append(i)
    keep: list[int] = []
    for _, group in sorted(groups.items()):
        room = most - len(keep)
        keep += group if len(group) <= room else rng.sample(group, room)
        if len(keep) >= most:
            break
    return [cands[i] for i in sorted(keep)]


def cut_note(units: tuple[int, int] | None, sampled: int, offered: int,
             tried: int | None) -> str:
    """How the search was cut short, for the explanation ("" when it was not)."""
    parts = []
    if units is not None:
        parts.append(f"weighed {units[0]} of its {units[1]:,} units")
    if sampled < offered:
        parts.append(f"tried {sampled} of {offered:,} commands")
    out = "a battle this size is sampled: it " + " and ".join(parts) if parts else ""
    if tried is not None:
        out += ("; " if out else "") + f"its time ran out after {tried} of {sampled} commands"
    return out


# --- tries -------------------------------------------------------------------------------------


def _fresh(rng: random.Random) -> SeededDice:
    return SeededDice(rng.getrandbits(63))


def playable(engine: Engine, c: Candidate, side: int) -> bool:
    """Whether the game's own dice allow ``c``: with a scenario's fixed dice, a command whose
    activation would need more dice than are left is not played (the game could not go on)."""
    if isinstance(getattr(engine.dice, "source", engine.dice), SeededDice):
        return True
    try:
        e = engine.fork()
        if not e.execute(c.command).ok:
            return False
        settle(e, side)
    except DiceExhausted:
        return False
    except Exception:  # noqa: BLE001
        return False
    return True


def _start(engine: Engine, c: Candidate, i: int, seed: int, side: int) -> _Tries | None:
    """Carry out the candidate once on a copy; None when the rules refuse it."""
    if not playable(engine, c, side):
        return None
    try:
        base = engine.fork(SeededDice(seed))
        out = base.execute(c.command)
    except Exception:  # noqa: BLE001 - a candidate that crashes a rule is not played
        return None
    if not out.ok:
        return None
    if any(isinstance(e, ev.DiceRolled) for _, e in out.events):
        return _Tries(c, i, None, first=base)
    return _Tries(c, i, base)


def _try(engine: Engine, t: _Tries, side: int, seeds: list[int],
         reply: tuple[str, ...]) -> None:
    """One more try of candidate ``t``: play it out with the next dice and score the result."""
    seed = seeds[len(t.scores) % len(seeds)]
    try:
        if t.base is not None:
            e = t.base.fork(SeededDice(seed))
        elif t.first is not None:
            e, t.first = t.first, None
        else:
            e = engine.fork(SeededDice(seed))
            if not e.execute(t.cand.command).ok:  # pragma: no cover - refused once, not now
                return
        rolled_before = _rolls(e)
        fought = settle(e, side)
        if reply and not e.state.game_over:
            # the reply counts half: the side that replied is then exposed in its turn, which
            # a one-move look ahead does not see (counted in full, it makes the AI timid)
            now = evaluate(e, side)
            score = now + REPLY_WEIGHT * (_worst_reply(e, side, reply, seed) - now)
        else:
            score = evaluate(e, side)
        if t.cand.kind in CHARGES and not fought and not e.state.game_over:
            score -= IDLE_CHARGE
        if t.base is not None and rolled_before >= 0 and _rolls(e) == rolled_before:
            t.random_after = False  # nothing random after the command: one try says it all
    except Exception:  # noqa: BLE001 - a try that crashes scores as badly as can be
        score = -WIN
        e = None  # type: ignore[assignment]
    t.scores.append(score)
    if e is not None:
        s = e.state
        c = t.cand
        if c.target and c.target in s.models and not s.unit_alive(s.models[c.target].unit):
            t.target_gone += 1
        if c.unit and c.unit in s.models and not s.unit_alive(s.models[c.unit].unit) or c.unit and c.unit in s.units and not s.unit_alive(c.unit):
            t.actor_gone += 1


def _rolls(e: Engine) -> int:
    """How many dice the copy's own dice have thrown (-1: cannot tell)."""
    return int(getattr(e.dice, "count", -1))


def settle(e: Engine, side: int, limit: int = 40) -> bool:
    """Play out the rest of ``side``'s activation the simple way: decisions take their
    defaults; a model in contact that has not fought fights (the enemy it charged first);
    then the activation (or whatever is in progress) is closed, resolving its melee. Returns
    whether a fight was declared on the way."""
    rs = e.ruleset
    fought = made = False
    rng = random.Random(0)
    for _ in range(limit):
        s = e.state
        if s.game_over:
            return made
        if e.pending_ask is not None:
            e.answer_default()
            continue
        if s.pending is not None:  # a decision that cannot be answered on this copy
            return made
        unit = rs.acting_unit(s)
        if unit is None:
            # player turns of phases: the ruleset's look-ahead orders (each unit that may
            # shoots), then the side's turn ends (charges move, combats are fought)
            if rs.flow.kind == PHASES and rs.active_side(s) == side:
                if _shoot_once(e, side):
                    continue
                closing = rs.closing_order(s)
                if closing is not None:
                    e.execute(closing)
                    while e.pending_ask is not None and not e.state.game_over:
                        e.answer_default()
            return True
        if s.units[unit].side != side:
            return made
        if not fought:
            fought = True
            fights = [c for c in rs.advisor.candidates(s, side, rng, 0) if c.kind == "fight"]
            if fights:
                charged = _charge_target(e, unit)
                fights.sort(key=lambda c: c.target != charged)
                if e.execute(fights[0].command).ok:
                    made = True
                    continue
        closing = rs.closing_order(s)
        if closing is None:
            return made
        e.execute(closing)
        while e.pending_ask is not None and not e.state.game_over:
            e.answer_default()
        return made
    return made


def _shoot_once(e: Engine, side: int) -> bool:
    """One more order of the ruleset's look-ahead (:meth:`~game.core.ruleset.Ruleset.lookahead`:
    a shot), its decisions taking their defaults. Returns whether one was made."""
    cmd = e.ruleset.advisor.lookahead(e.state, side)
    if cmd is None or not e.execute(cmd).ok:
        return False
    while e.pending_ask is not None and not e.state.game_over:
        e.answer_default()
    return True


def _charge_target(e: Engine, unit: str) -> str | None:
    for ev_ in reversed(e.log):
        if isinstance(ev_, ev.ActionTaken) and ev_.action in ("charge", "diving_charge"):
            return ev_.target
    return None


def _worst_reply(e: Engine, side: int, kinds: tuple[str, ...], seed: int) -> float:
    """The score after the opponent's best reply (one of ``kinds``: its fights, its charges),
    or as it stands if the opponent has none or none hurts. The opponent picks its reply
    from one try of each with some dice; the reply picked is then scored with other dice
    (picking and scoring with the same throw would favour replies that were lucky)."""
    other = side_to_act(e)
    now = evaluate(e, side)
    if other is None or other == side:
        return now
    replies = [c for c in e.ruleset.advisor.candidates(e.state, other, random.Random(seed), 0)
               if c.kind in kinds][:MAX_REPLIES]
    best, pick = now, None
    for j, c in enumerate(replies):
        got = _reply(e, c, other, side, (seed + 7919 * (j + 1)) % (2**63))
        if got is not None and got < best:
            best, pick = got, c
    if pick is None:
        return now
    again = _reply(e, pick, other, side, (seed * 31 + 104729) % (2**63))
    return min(now, again) if again is not None else now


def _reply(e: Engine, c: Candidate, other: int, side: int, seed: int) -> float | None:
    try:
        r = e.fork(SeededDice(seed))
        if not r.execute(c.command).ok:
            return None
        settle(r, other)
        return evaluate(r, side)
    except Exception:  # noqa: BLE001
        return None


# --- scoring -----------------------------------------------------------------------------------


def evaluate(e: Engine, side: int) -> float:
    """How good the position is for ``side``: won or lost, then what its units are worth
    minus the enemy's, then a little for closing on the enemy."""
    s = e.state
    if s.game_over:
        if s.winner == side:
            return WIN + material(e, side)
        if s.winner == "draw":
            return material(e, side)
        return -WIN + material(e, side)
    got = material(e, side) + score_edge(e, side) - CLOSING * spread(s, side)
    if THREAT:
        got -= THREAT * threat(e, side)
    return got


def threat(e: Engine, side: int) -> float:
    """How much ``side`` stands to lose to the opponent's next attack, roughly: over the
    fights and charges the ruleset offers the side to act next (when that is the opponent),
    the most of the attacked model's worth, in the share the attacker's worth has of the two."""
    s = e.state
    other = side_to_act(e)
    if other is None or other == side or s.pending is not None:
        return 0.0
    rs = e.ruleset
    worst = 0.0
    seen: dict[str, float] = {}

    def worth(name: str) -> float:
        got = seen.get(name)
        if got is None:
            m = s.models.get(name)
            got = seen[name] = rs.advisor.unit_worth(s, m.unit) if m is not None else 0.0
        return got

    for c in rs.advisor.candidates(s, other, random.Random(0), -1):
        if c.kind not in ("fight",) + CHARGES or c.unit is None or c.target is None:
            continue
        a, t = worth(c.unit), worth(c.target)
        if a + t > 0:
            worst = max(worst, t * a / (a + t))
    return worst


def score_edge(e: Engine, side: int) -> float:
    """How far ahead ``side`` is on the score that decides the game after its last turn
    (:meth:`~game.core.ruleset.Ruleset.side_scores`), weighted by how near that end is."""
    s = e.state
    got = e.ruleset.advisor.side_scores(s)
    if got is None:
        return 0.0
    mine, theirs = got if side == 1 else (got[1], got[0])
    late = min(1.0, s.turn / s.max_turns) if s.max_turns else 0.0
    edge = (SCORE_EARLY + (SCORE_LATE - SCORE_EARLY) * late) * (mine - theirs)
    if s.max_turns and s.turn >= s.max_turns - 1:
        near = 1.0 if s.turn >= s.max_turns else 0.5
        edge += DECISIVE * near * max(-1.0, min(1.0, mine - theirs))
    return edge


def material(e: Engine, side: int) -> float:
    rs, s = e.ruleset, e.state
    total = 0.0
    for u, unit in s.units.items():
        w = _worth(rs, s, u, unit)
        total += w if unit.side == side else -w
    return total


#: each unit's worth as last worked out, with the very records it was worked out from (a unit
#: and its models are replaced, never changed, so the same records give the same worth: the
#: ruleset's ``unit_worth`` reads nothing else); in a battle of thousands of units, working
#: every one out again after each try was most of a try
_WORTH: dict[str, tuple[object, tuple[object, ...], float]] = {}


def _worth(rs: Any, s: GameState, u: str, unit: Any) -> float:
    models = tuple(s.models[n] for n in unit.models)
    got = _WORTH.get(u)
    if got is not None and got[0] is unit and len(got[1]) == len(models) and all(
            a is b for a, b in zip(got[1], models)):
        return got[2]
    w = float(rs.advisor.unit_worth(s, u))
    if len(_WORTH) > 20000:
        _WORTH.clear()
    _WORTH[u] = (unit, models, w)
    return w


def spread(s: GameState, side: int) -> float:
    """The sum over ``side``'s models on the table of the distance to the nearest enemy."""
    mine = [(m.x, m.y) for m in s.models.values() if m.side == side and m.on_table]
    foes = [(m.x, m.y) for m in s.models.values() if m.side != side and m.on_table]
    if not foes:
        return 0.0
    return sum(nearest_distances(mine, foes))


# --- who acts, doing nothing, words ------------------------------------------------------------


def side_to_act(engine: Engine) -> int | None:
    """The side that must answer the pending decision, or else the side to act."""
    s = engine.state
    if s.game_over:
        return None
    if s.pending is not None and s.pending.side in (1, 2):
        return s.pending.side
    return engine.ruleset.active_side(s)


def idle_candidates(engine: Engine, side: int) -> list[Candidate]:
    """What a side that is not played does, best first: a pending decision takes its
    default; otherwise it ends what is in progress or lets its next unit act without doing
    anything; failing that, the order that closes what is in progress, then ``end_turn``
    (which the rules accept when nothing else moves the game on)."""
    s = engine.state
    if engine.pending_ask is not None or s.pending is not None:
        default = engine.pending_ask.default if engine.pending_ask else s.pending.default  # type: ignore[union-attr]
        return [Candidate(Answer(default, by_default=True), "answer")]
    cands = engine.ruleset.advisor.candidates(s, side, random.Random(0), 0)
    out = [c for kind in ("end", "pass") for c in cands if c.kind == kind]
    closing = engine.ruleset.closing_order(s)
    if closing is not None:
        out.append(Candidate(closing, "end"))
    out.append(Candidate(Order("end_turn"), "end"))
    return out


def idle(engine: Engine, side: int) -> Candidate:
    """The first of :func:`idle_candidates` the rules accept (tried on a copy)."""
    options = idle_candidates(engine, side)
    for c in options:
        try:
            if engine.fork().execute(c.command).ok:
                return c
        except Exception:  # noqa: BLE001
            continue
    return options[-1]


def _name(s: GameState, name: str | None) -> str:
    if name is None:
        return "a model"
    m = s.models.get(name)
    if m is not None:
        return m.display or m.name
    u = s.units.get(name)
    return u.display if u is not None else name


def _pct(p: float) -> str:
    v = round(p * 100)
    if v == 0 and p > 0:
        return "under 1%"
    if v == 100 and p < 1:
        return "over 99%"
    return f"{v}%"


def explain(s: GameState, c: Candidate, odds: dict[str, float] | None, side: int) -> str:
    """One line in players' words: what the AI does and, for a fight, a charge or a shot, the
    odds it saw ("Orc Brute charges Elf Blademaster: 64% to destroy it, 9% to be
    destroyed")."""
    who = _name(s, c.unit)
    target = _name(s, c.target)
    if c.kind in ("fight", "charge", "diving charge", "shoot"):
        verb = {"fight": "fights", "charge": "charges", "shoot": "shoots at",
                "diving charge": "makes a Diving Charge at"}[c.kind]
        line = f"{who} {verb} {target}"
        if odds and odds.get("samples"):
            line += (f": {_pct(odds.get('target_destroyed', 0.0))} to destroy it, "
                     f"{_pct(odds.get('actor_destroyed', 0.0))} to be destroyed")
        return line
    if c.kind == "move":
        return f"{who} moves {c.note}" if c.note else f"{who} moves"
    if c.kind == "answer":
        assert isinstance(c.command, Answer)
        pending = s.pending
        q = player_text(s, pending.question).rstrip("?") if pending is not None else "the decision"
        return f"answers {show_value(s, c.command.value)} to: {q}"
    if c.kind == "begin":
        return f"side {side} begins its turn"
    if c.kind == "end":
        if isinstance(c.command, Order) and c.command.do == "end_turn":
            return f"side {side} ends its turn"
        return f"side {side} ends its activation"
    if c.kind == "pass":
        return f"{who} holds its ground"
    words = {"focus": "focuses", "inspire": "inspires its friends", "stand up": "stands up"}
    return f"{who} {words.get(c.kind, c.kind.replace('_', ' '))}"


#: what a headless or simulated game calls to get a side's command
Chooser = Callable[[Engine, int], Choice]

"""The AI player: it picks a command for a side by trying the candidates its ruleset offers on
throw-away copies of the engine, each with dice of its own, and keeping the one that leaves
its side best off on average, the attacks each side could make next weighed in. It knows no
rule: the real engine plays every try out.

How one choice is made (see docs/ai.md):

1. The ruleset lists candidate commands (:meth:`~game.core.ruleset.Advisor.candidates`):
   answers to a pending decision, or every fight and charge target, the other actions, and
   moves to sampled points.
2. Each candidate is carried out on a copy of the engine; one the rules refuse is dropped.
   In a game of alternating activations the rest of the activation is then played out simply
   (decisions take their defaults, a model in contact fights, the activation ends, which
   resolves its melee). In a game of player turns the position is judged as it stands after
   the order (the turn goes on); an answer to the enemy's charge is judged after the enemy's
   turn is played out (the charges moved, the combats fought).
3. The position is scored (:mod:`game.ai.evaluate`): units' worth, the deciding score, the
   attacks each side could make next (what each enemy can reach, with the chance it gets
   there), closing on the enemy, a won or lost game.
4. Every candidate gets a few tries, the best few get many more (with fresh dice each time),
   and the best average wins. In a game of alternating activations ``normal`` and ``hard``
   also let the opponent answer each try of the best few with its best attack, played out
   with sampled dice, before scoring (``hard`` weighing more of its attacks). A charge of a
   rank-and-flank unit near the top is played out (the charge moved, the combat fought)
   against the turn without it, dice for dice, before it is declared.

Levels: ``random`` (any legal command), ``easy`` (few tries, a fifth of what the enemy could
do to it next seen, and a careless pick among the nearly best), ``normal`` and ``hard`` (a
wider search; in a game of player turns, the enemy's attacks to come weighed at half as much
again). The same
position, side, level and seed always give the same choice unless a ``time_budget`` cuts the
search short.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game.ai.evaluate import (
    DECISIVE,
    NO_LOOK,
    SCORE_DIGITS,
    SCORE_EARLY,
    SCORE_LATE,
    WIN,
    Attack,
    Look,
    evaluate,
    feared,
    material,
    pressure,
    score_edge,
    score_weight,
    threats_of,
    under_way,
    weigh,
    worth,
)
from game.core import events as ev
from game.core.commands import Answer, Command, Order
from game.core.dice import SeededDice
from game.core.engine import Engine
from game.core.errors import DiceExhausted
from game.core.log import player_text, show_value
from game.core.ruleset import PHASES, Candidate, SampledCandidates, Threat
from game.core.state import GameState

__all__ = ["DECISIVE", "LEVELS", "SCORE_EARLY", "SCORE_LATE", "WIN", "Cancelled", "Choice",
           "Level", "Memory", "choose", "evaluate", "explain", "idle", "idle_candidates", "material",
           "settle", "side_to_act"]


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    first: int  # tries each candidate gets in the first round
    more: int  # tries in all for each of the best few
    keep: int  # how many candidates go on to the second round
    widen: int  # extra move points sampled at random
    careless: float  # pick at random among candidates scored within this of the best
    look: Look = NO_LOOK  # how it weighs the attacks each side could make next
    reply: int = 0  # the opponent's best attacks tried after each try of the best few
    deep: int = 0  # paired playouts of a rank-and-flank charge before it is declared
    #: player turns a charge's playouts go on after its own, with no new orders, while its
    #: combat goes on (a grind won in the third round is seen as won, not as a first round
    #: drawn)
    fight_on: int = 0
    #: in a game of alternating activations, the tries each of the best few answers to a
    #: question asked in the middle of an activation gets (spend a marker or not...; a quarter
    #: of them for every answer first), with no race among them to drop one early (0: the
    #: usual tries and race). Such a try only plays the activation out, and two answers often
    #: differ by a tenth of one try's spread or less, most of it a rare blow that takes a
    #: model out: on three or twelve tries that happened to agree, the AI kept Blood Markers
    #: where spending them was clearly better (forty-first pass)
    answer_tries: int = 0
    #: in a game of player turns, the most tries an answer gets (each plays the rest of the
    #: order out, a whole Combat phase or the enemy's turn; docs/dev/ai-passes.md, forty-sixth
    #: and fiftieth passes)
    turn_answers: int = 4
    #: which dice its tries are thrown with, by number: a level that differs only here plays
    #: as well but deals other games. Games between AIs turn on those dice, so a change is
    #: measured against such a copy of the level it changes, not against the level itself
    #: (docs/dev/ai-passes.md, fifty-fifth pass)
    salt: int = 0
    #: in a game of player turns, what a unit's move on toward the enemy it last went for (a
    #: move at it or a charge, this game: :meth:`Memory.aims_for`) adds to the move's score,
    #: unless the move leaves the unit where an enemy could attack it next turn. Each turn's
    #: sums otherwise sent a unit at whichever enemy came out a little ahead, toward one and
    #: then another; keeping to one, where going on risks nothing, won more games against
    #: random play and as many against `normal` (docs/dev/ai-passes.md, fifty-seventh pass)
    keep_aim: float = 0.0


LEVELS: dict[str, Level] = {
    "random": Level("random", 0, 0, 0, 0, 0.0),
    # easy: the same search, smaller and without the look at the enemy's reply, and a player
    # who plans its own attacks but sees only a fifth of what the enemy could do to it next:
    # it walks into charge range and leaves a wounded model in reach, which random play
    # rarely punishes and a careful opponent does; among choices that seem about as good it
    # picks carelessly
    "easy": Level("easy", 2, 6, 2, 0, 0.05,
                  Look(next=0.6, later=0.2, at_once=1.0, fear=0.2), deep=2),
    "normal": Level("normal", 3, 12, 4, 2, 0.0, Look(next=0.6, later=0.2, at_once=1.0), reply=3,
                    deep=2, fight_on=2, answer_tries=48, keep_aim=0.2),
    # hard: a wider search, more of the opponent's replies tried, more playouts of a charge,
    # and normal's look at the attacks to come. (It also weighed the enemy's shots to come and,
    # in a game of player turns, its attacks at half as much again: with the ninth-age fight
    # odds that made it lose to normal, 24 games of 80 where it now wins 45;
    # docs/dev/ai-passes.md, seventeenth pass. ``Look`` keeps both knobs.)
    "hard": Level("hard", 3, 16, 4, 4, 0.0, Look(next=0.6, later=0.2, at_once=1.0), reply=6,
                  deep=4, fight_on=2, answer_tries=64, turn_answers=12, keep_aim=0.2),
}

#: below this many tries (a charge's playouts, a fight's tries...), a line gives how many came
#: out each way, not a share
FEW_PLAYOUTS = 10

#: a candidate some of whose tries end the game, the dice deciding who wins, gets up to this
#: many times the tries in the second round: each such try scores a whole win or loss, so a
#: dozen of them cannot tell a 40% chance of winning from a 25% one (in a duel's last
#: activation, a charge that wins about 40% of the time and loses 25% scored below a move that
#: draws, for 12 seeds of 40). Such tries are cheap: nothing is played after them. (A try ended
#: by the opponent's reply does not count: each would play the reply out again, and in a trench
#: game one answer took 21 s of CPU that way.)
FINAL = 12
#: ... and in the first round this many times its tries, which it also keeps in the race for.
#: All the tries beyond a candidate's usual ones come out of one allowance a choice, FINAL times
#: the level's tries for the best few: one such candidate can have them all, and a choice
#: where every candidate ends the game (a rules study of one game turn, everyone in contact)
#: shares them (unshared, its choices took 1.25 s at the 95th percentile, 0.13 s before)
FINAL_FIRST = 4
#: ... but only while the result hangs on the choice: once the candidates racing in the second
#: round have each had this many tries (those whose tries end the game) and every try of every
#: one came to the same result (the game won each time, say, by more or less), they get the
#: usual tries (see :func:`settled`). (Two answers that both won every time took 48 tries
#: each, 0.84 s, to tell by how much; in the last game turn such choices took 4% of a
#: rank-and-flank game's CPU.)
SETTLED = 8
#: the most tries each candidate gets in round one in a game of player turns, where every try
#: plays the rest of the turn out (its combats too): no weaker than 3 (docs/dev/ai-passes.md,
#: eighth pass), and an eighth cheaper
PHASED_FIRST = 2
#: in the second round, a candidate more than this many standard errors of the two means
#: behind the leader gets no more tries (nor does the leader, once every other is behind);
#: in a game of alternating activations, after few tries, more (see :func:`race_width`)
RACE = 2.0
#: the least spread of a candidate's scores taken for that (a few tries that happened to
#: score alike do not prove that the dice cannot change much)
SPREAD = 0.05
#: a candidate that could at best be this little better than the leader is not worth more
#: tries either: picking the leader instead costs next to nothing (a twentieth of a
#: skirmish model's worth, five points of a rank-and-flank army)
NEAR = 0.1
#: how many rank-and-flank charges (the best) are played out before one is declared
DEEP_CHARGES = 3
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
#: a feared attack is named in the explanation when it would take at least this much worth
#: more from the unit than after the bolder choice the AI turned down
FEAR_NOTED = 0.2
#: how many throws of the dice the feared attack is played out with, for its odds (as many as
#: a line's shares are given from: below that, counts; :data:`FEW_PLAYOUTS`)
FEAR_TRIES = 12


#: called with the candidates' tries, best first, before each pick (for studying choices)
TRACE: Callable[[list[_Tries]], None] | None = None


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
    #: the target's models taken off the table, over all the tries (a shot at a unit of many)
    target_lost: int = 0
    #: the damage the target took, in the ruleset's unit (a shot at a model of many Wounds)
    target_hurt: int = 0
    random_after: bool = True  # tries after the first may differ (dice were rolled)
    first: Engine | None = None  # the candidate carried out with dice: used by the first try
    #: judged as it stands, not carried out (a rank-and-flank side ending its turn: the
    #: position before the order, as every other order of the turn is judged before the end)
    still: bool = False
    #: what a check by paired playouts adds to its mean (a rank-and-flank charge), and how
    #: often those playouts destroyed the target and the actor
    shift: float = 0.0
    #: a rank-and-flank charge, while a move would end the declaring of charges: what the best
    #: move of another unit adds to the position, which it may still make once the charges
    #: are declared (see :meth:`_Search.moves_after`)
    after: float = 0.0
    #: a move on toward the enemy its unit last went for: what :attr:`Level.keep_aim` adds
    aim: float = 0.0
    played: list[int] = field(default_factory=lambda: [0, 0, 0])
    #: the units whose charges at the same target were declared with it in those playouts
    joined: list[str] = field(default_factory=list)
    last: Engine | None = None  # the copy its last try ended on (for the explanation)
    #: a try of it ended the game, dice deciding how: it gets up to :data:`FINAL` times the
    #: tries
    final: bool = False
    #: the opponent's reply to it (None: not picked yet; False: it has none worth making)
    reply: Candidate | bool | None = None
    #: an answer in the enemy's turn: the further charges the enemy declared after it on its
    #: first try, declared again on every later one (None: not tried yet; see
    #: :func:`enemy_charges`)
    charges_after: tuple[Command, ...] | None = None
    #: scored with the reply: each try's score as the position stands and after the reply
    #: (the same when none was played on the try), beside its :attr:`scores` (the lower)
    paired: list[tuple[float, float]] = field(default_factory=list)

    @property
    def mean(self) -> float:
        """The average score (and what the playouts of a charge and the moves after it add).
        Scored with the reply, the lower of the two averages: the opponent picks its reply
        before the dice fall, so it cannot take the better of the two on each throw (an average
        of the lower of each try would mark down every candidate with a reply by the noise of
        its dice, and a move that leaves the opponent nothing to reply with would gain on it)."""
        if not self.scores:
            return -math.inf
        n = len(self.paired)
        if n and n == len(self.scores):
            base = min(sum(a for a, _ in self.paired), sum(b for _, b in self.paired)) / n
        else:
            base = sum(self.scores) / len(self.scores)
        # (rounded: the same scores added up in another order must rank as a tie, which goes
        # to the candidate offered first, not to the last bit of a sum)
        return round(base + self.shift + self.after + self.aim, SCORE_DIGITS)

    def most(self, tries: int, final: int | None = None) -> int:
        """How many tries it gets where a candidate gets ``tries`` (``final`` times as many
        when its tries end the game; default :data:`FINAL`)."""
        return tries * (FINAL if final is None else final) if self.final else tries


class Cancelled(Exception):
    """The caller cancelled the choice."""


#: what a charge's playouts came to (see :class:`Memory`): the mean difference they made, the
#: playouts, how many broke the target and the charger, the units that joined the charge
_Charges = dict[tuple[object, ...], tuple[float, tuple[int, int, int], tuple[str, ...]]]


@dataclass
class Memory:
    """What the AI has worked out earlier in a game and may use again: the playouts of each
    rank-and-flank charge it looked at while its side's charges are being declared
    (:meth:`_Search.deep`), kept while the table stands as it did (no model moved or taken
    off) and the charge would be declared with the same friends bound for its target. A
    charge not declared is otherwise played out again, with new dice, at every choice of the
    declaring, and a poor charge gets a draw at looking good each time: the draw that looks
    good is the one declared. One memory serves one game (:func:`game.ai.game.play_out`
    keeps one; so does the window's opponent); what a side worked out is forgotten once the
    game is in another step of a turn (another phase, player turn or game). It also keeps,
    for the game, the enemy each unit last went for (:attr:`Level.keep_aim`)."""

    #: by side: (the game's seed, the scenario and the flow's place: turn, phase, step) of
    #: what it holds
    turn: dict[int, tuple[object, ...]] = field(default_factory=dict)
    #: by side, then by charge and the table as it stood
    charges: dict[int, _Charges] = field(default_factory=dict)
    #: the game the aims are of (its seed and scenario), and the enemy unit each unit last
    #: went for in it (see :meth:`aims_for`)
    game: tuple[object, ...] | None = None
    aims: dict[str, str] = field(default_factory=dict)

    def at(self, s: GameState, seed: int, side: int) -> _Charges:
        """The charges ``side`` has worked out in the step of the turn the game is in
        (forgetting those of another step, turn or game)."""
        now = (seed, s.scenario, s.turn, s.flow.digest())
        if self.turn.get(side) != now:
            self.turn[side] = now
            self.charges[side] = {}
        return self.charges[side]

    def aims_for(self, s: GameState, seed: int) -> dict[str, str]:
        """The enemy unit each unit last went for in this game, by a move at it or a charge
        (for :attr:`Level.keep_aim`; forgotten in another game)."""
        now = (seed, s.scenario)
        if self.game != now:
            self.game, self.aims = now, {}
        return self.aims


def choose(engine: Engine, side: int | None = None, level: str = "normal",
           time_budget: float | None = None, seed: int | None = None,
           cancel: threading.Event | None = None, memory: Memory | None = None) -> Choice:
    """The command the AI plays for ``side`` (default: the side to act or to answer now) at
    ``level``. Never changes ``engine``: every try runs on a copy. ``time_budget`` (seconds)
    stops the search early with the best so far (even in its first round, once a candidate
    has been tried; :attr:`Choice.cut` then says so);
    ``cancel`` (a ``threading.Event``) makes it raise :class:`Cancelled` soon after being set.
    Without a time budget the choice depends only on the position, side, level and
    ``seed`` (default: worked out from the game's seed and the position), and with a
    ``memory`` (:class:`Memory`), on what it holds of the choices before."""
    cpu = time.thread_time()
    got = _choose(engine, side, level, time_budget, seed, cancel, memory)
    got.cpu = time.thread_time() - cpu
    return got


def _choose(engine: Engine, side: int | None, level: str, time_budget: float | None,
            seed: int | None, cancel: threading.Event | None, memory: Memory | None) -> Choice:
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
        seed = (engine.seed * 2654435761 + state.events_applied * 40503 + side
                + lv.salt * 7919) % (2**63)
    rng = random.Random(seed)
    rs = engine.ruleset
    offered = rs.advisor.candidates(state, side, rng, lv.widen)
    if lv.name != "random":  # (random play picks among every order the rules allow)
        offered = _without_harmless_shots(engine, offered)
    units = (offered.units, offered.of) if isinstance(offered, SampledCandidates) else None
    size = sum(1 for m in state.models.values() if m.on_table)
    cands = sample(offered, rng, most_tried(size)) if offered else idle_candidates(engine, side)
    first = min(lv.first, PHASED_FIRST) if rs.flow.kind == PHASES else lv.first
    more = lv.more if size <= FULL_SEARCH else max(first, lv.more * FULL_SEARCH // size)
    if rs.flow.kind == PHASES and state.pending is not None:
        # an answer in a game of player turns carries the rest of the order out on every try
        # (a whole Combat phase...): fewer tries
        more = min(more, lv.turn_answers)
    race_from = lv.first  # (the tries each of the best few gets before the race among them)
    if _many_answers(lv, engine):
        first, race_from = max(first, lv.answer_tries // 4), lv.answer_tries
        more = max(more, lv.answer_tries)  # (the best few answers get them all: see Level)
    deadline = started + time_budget if time_budget is not None else None

    def done(c: Candidate, odds: dict[str, float] | None, considered: int,
             tried: int | None = None, fear: str = "", joined: list[str] | None = None,
             fighting: list[str] | None = None) -> Choice:
        """The choice of ``c``, saying how the search was cut short, if it was."""
        cut = cut_note(units, len(cands), len(offered), tried)
        reason = (explain(state, c, odds, side, joined, rs.damage_unit, fighting) + fear
                  + (f" ({cut})" if cut else ""))
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

    if len(cands) == 1 and offered and cands[0].kind in ("begin", "end", "answer"):
        # nothing to weigh (a side beginning its turn, the one answer there is)
        c = cands[0]
        if playable(engine, c, side) and engine.fork().execute(c.command).ok:
            return done(c, None, 1)

    # Common dice: the k-th try of every candidate throws the same dice (so two candidates
    # that come to the same thing score the same, and differences are the candidates' own).
    seeds = [rng.getrandbits(63) for _ in range(max(lv.first, lv.more, lv.deep) + 1)]
    # (the tries of a candidate that ends the game go on with dice of their own: drawn apart,
    # so that every other choice throws what it threw before)
    apart = random.Random(seed + 1)
    seeds += [apart.getrandbits(63) for _ in range(lv.more * FINAL - len(seeds))]
    search = _Search(engine, side, lv, seeds, check,
                     memory.at(state, engine.seed, side) if memory is not None else None)
    tries: list[_Tries] = []
    first_tried: int | None = None  # with a time limit reached in round one: how far it got

    def late() -> bool:
        return deadline is not None and time.perf_counter() > deadline

    for i, c in enumerate(cands):
        check()
        if tries and late():
            first_tried = i
            break
        t = search.start(c, i)
        if t is not None:
            tries.append(t)
    if not tries:
        return done(idle(engine, side), None, 0)
    # round one: every candidate (but with a time limit, only until it is reached)
    for n, t in enumerate(tries):
        if n and late():
            first_tried = t.index
            break
        for _ in range(first * FINAL_FIRST):
            check()
            if not search.another(t, len(t.scores), first, FINAL_FIRST):
                break
            search.one(t)
    # (the enemy each unit last went for: see Level.keep_aim)
    aims = (memory.aims_for(state, engine.seed)
            if lv.keep_aim and memory is not None and search.phased else None)
    if search.phased and not search.answering:
        search.moves_after(tries)
        if aims is not None:
            search.keep_aims(tries, aims)
    ranked = sorted(tries, key=lambda t: (-t.mean, t.index))

    # round two: the best few, more tries each (with the opponent's reply, at the levels that
    # look for one)
    def round_two(best: list[_Tries]) -> None:
        if lv.reply and search.replies:  # scored again, with the reply
            for t in best:
                t.scores, t.paired, t.target_gone, t.actor_gone = [], [], 0, 0
                # (a move throws no dice, but its reply does: once it has one, it gets the
                # tries of a candidate that throws dice; judged on one throw of the reply, a
                # move into a charge that loses the game more often than not could score as a
                # sure draw)
                t.random_after = True
        for k in range(more * FINAL):
            if all(k >= t.most(more) for t in best):
                return  # (none may have another try: the most a candidate may have, they have)
            # (the race starts after the level's usual first tries, even where round one gave
            # fewer: two tries that happened to score alike prove little; answers, see Level)
            racing = in_the_race(best, not search.phased) if k >= race_from else best
            # (one whose tries end the game is not judged on fewer than its first round's; but
            # once the result no longer hangs on the choice, none gets more than the usual)
            final = 1 if settled(best) else None
            racing += [t for t in best if t.final and t not in racing
                       and k < t.most(first, final or FINAL_FIRST)]
            if not racing:
                return
            for t in racing:
                check()
                if deadline is not None and time.perf_counter() > deadline and k:
                    return
                if len(t.scores) > k or not search.another(t, k, more, final):
                    continue
                search.one(t, reply=True)

    if lv.keep and len(ranked) > 1:
        # (with those whose tries end the game: a few tries of them prove little)
        best = ranked[:lv.keep] + [t for t in ranked[lv.keep:] if t.final]
        round_two(best)
        ranked = (sorted(best, key=lambda t: (-t.mean, t.index))
                  + [t for t in ranked[lv.keep:] if not t.final])
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
                t = search.start(c, len(tries) + len(fresh))
                if t is not None:
                    search.one(t)
                    fresh.append(t)
            tries += fresh
            top = sorted(fresh, key=lambda t: (-t.mean, t.index))[:lv.keep]
            round_two(top)
            best = sorted(ranked[:lv.keep] + top, key=lambda t: (-t.mean, t.index))
            ranked = best[:lv.keep] + [t for t in ranked[lv.keep:]] + best[lv.keep:]
    # a rank-and-flank charge near the top: played out against the turn without it
    if lv.deep and search.phased:
        checked = False
        charging = [t for t in ranked if t.cand.kind in CHARGES and t.scores]
        # (and every charge at an enemy a friend is already bound for: judged as declared, it
        # looks worth little beside the friend's, which counts for most of the target, and
        # without a playout it would never be chosen; docs/dev/ai-passes.md, thirty-first
        # pass). Each gets all its playouts before it is judged: one dropped after a single
        # bad playout is a good charge not made (raced that way, 43 games won to 78, fortieth)
        for t in charging[:DEEP_CHARGES] + [t for t in charging[DEEP_CHARGES:]
                                            if search.bound_for(t.cand.target)]:
            check()
            search.deep(t, [o.cand for o in charging if o is not t
                            and o.cand.target == t.cand.target and o.cand.unit != t.cand.unit])
            checked = True
        if checked:
            ranked = sorted(ranked, key=lambda t: (-t.mean, t.index))
    if TRACE is not None:
        TRACE(ranked)
    pick = ranked[0]
    if lv.careless:
        near = [t for t in ranked if t.mean >= pick.mean - lv.careless]
        pick = near[rng.randrange(len(near))]
    if aims is not None:
        remember_aim(aims, pick.cand)
    odds = {"samples": float(len(pick.scores))}
    # (the friends already bound for a charge's target, named as the line says what it counts
    # on: "..., with Ember Chariot charging it too")
    bound = (search.bound_for(pick.cand.target) if search.phased and pick.cand.kind in CHARGES
             else {})
    fighting = [_name(state, u) for u, how in bound.items() if how == "fight"]
    joined = [_name(state, u) for u, how in bound.items() if how != "fight"]
    if pick.played[0]:  # played out to the end of the turn: the odds it saw there
        n = pick.played[0]
        odds = {"samples": float(n), "target_broken": pick.played[1] / n,
                "actor_broken": pick.played[2] / n, "score": pick.mean}
        joined += [_name(state, u) for u in pick.joined]
    elif pick.scores and search.phased and pick.cand.kind in CHARGES:
        odds = {}  # judged as declared: no odds of the combat to give
    elif pick.scores:
        n = len(pick.scores)
        odds["target_destroyed"] = pick.target_gone / n
        odds["actor_destroyed"] = pick.actor_gone / n
        if pick.cand.kind == "shoot":
            odds["target_models"] = float(_models_left(engine, state, pick.cand.target))
            odds["target_lost"] = pick.target_lost / n
            odds["target_hurt"] = pick.target_hurt / n
            # (where the tries ended the game, their own chance to destroy, beside the games
            # they won)
            odds.update(_exact_shot(engine, state, pick.cand.command, not pick.final))
        odds["score"] = pick.mean
        if pick.final:  # (its tries ended the game: how often won, how often lost)
            odds["game_won"] = sum(_result(x) == 1 for x in pick.scores) / n
            odds["game_lost"] = sum(_result(x) == -1 for x in pick.scores) / n
    # (what it held back from: a bolder move's feared reply, or a fight it could still make)
    note = search.fear_note(pick, ranked) if lv.look.on else ""
    if not search.phased and pick.cand.kind == "end":
        note += held_fight_note(state, ranked)
    note += kept_aim_note(pick, ranked)
    return done(pick.cand, odds, len(tries), first_tried, note, joined, fighting)


def remember_aim(aims: dict[str, str], c: Candidate) -> None:
    """After choosing ``c``: a charge, or a move at an enemy, makes that enemy the one its unit
    last went for (a move that keeps away from the enemy, or turns to face one, changes
    nothing)."""
    if c.unit is not None and c.target is not None and (
            c.kind in CHARGES or _goes_at(c)):
        aims[c.unit] = c.target


def kept_aim_note(pick: _Tries, ranked: list[_Tries]) -> str:
    """Where keeping to its unit's aim (:attr:`Level.keep_aim`) is what put ``pick`` first,
    words that say so ("; keeps to the enemy it went for before"); else nothing."""
    if not pick.aim:
        return ""
    others = [t.mean for t in ranked if t is not pick and t.scores]
    if not others or pick.mean - pick.aim >= max(others):
        return ""
    return "; keeps to the enemy it went for before"


def held_fight_note(s: GameState, ranked: list[_Tries]) -> str:
    """When an activation is ended where its model could still fight (a charge made, say,
    and the fight after it scored lower than waiting for the enemy to strike first): the
    best such fight and the odds its tries gave, in players' words ("; Necromancer does not
    fight Sergeant Vell, judged worse than waiting: 42% to destroy it, 17% to be
    destroyed"), else ""."""
    fight = next((t for t in ranked if t.cand.kind == "fight" and t.scores), None)
    if fight is None:
        return ""
    n = len(fight.scores)
    tries = _Counted(n)
    return (f"; {_name(s, fight.cand.unit)} does not fight {_name(s, fight.cand.target)}, "
            f"judged worse than waiting: "
            f"{tries.say(fight.target_gone / n, 'it destroys it', 'to destroy it')}, "
            f"{tries.say(fight.actor_gone / n, 'it is destroyed', 'to be destroyed')}")


def settled(tries: list[_Tries]) -> bool:
    """Whether more tries than usual cannot change the game's result by the choice: every try
    of each of ``tries`` came to the same result, and each whose tries end the game has had
    :data:`SETTLED` of them at least."""
    if not tries or not all(t.scores for t in tries) or any(
            t.final and len(t.scores) < SETTLED for t in tries):
        return False
    # (the result only rises with the score: all alike when the lowest and highest are alike;
    # asked before every round of tries, over every try so far)
    return (_result(min(min(t.scores) for t in tries))
            == _result(max(max(t.scores) for t in tries)))


def _result(score: float) -> int:
    """The game's result a try's score stands for: 1 won, -1 lost, 0 neither (a draw, or the
    game goes on)."""
    return (score >= WIN / 2) - (score <= -WIN / 2)


def race_width(n: int) -> float:
    """How many standard errors behind the leader a candidate may be, after ``n`` tries, and
    still race in a game of alternating activations: Student's t at the level of :data:`RACE`
    normal ones (4.4 after three tries, 2.65 after six, 2.3 after eleven; within 4% of the
    exact figure from three tries on), since a few tries' spread says little of the dice's.
    A fight whose best outcome comes one time in four shows none of it in four tries about a
    third of the time: on the farmstead, a Sergeant who had charged a wounded Barrow Wight
    ended his activation where fighting was worth 0.8 more (a try's scores spread by 2.3),
    the wight's Defensive Strikes having hurt him in each of its four tries (forty-second
    pass). Games of player turns keep :data:`RACE`: there the wider race gained nothing
    measurable and cost 3-7% of CPU."""
    v = max(n - 1, 1)
    z = RACE
    return (z + (z**3 + z) / (4 * v) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3))


def in_the_race(best: list[_Tries], few: bool = False) -> list[_Tries]:
    """Those of ``best`` that more tries could still change the choice among: each whose
    scores still vary (dice were rolled) and whose mean is not clearly behind the leader's,
    nor the leader's so far ahead that none of the others could catch it up (clearly: by more
    than :data:`RACE` standard errors of the two means, the spread of a candidate's scores
    taken as at least :data:`SPREAD`; ``few``: :func:`race_width` of them, by the tries of the
    fewer-tried of the two). An empty list: the choice is settled. Tries are spent where they
    can change the choice; a candidate that would need luck beyond that to overtake gets no
    more."""
    scored = [(t, t.mean) for t in best if t.scores]
    if len(scored) < 2:
        return [t for t in best if t.random_after]
    lead, lead_mean = max(scored, key=lambda x: (x[1], -x[0].index))

    def error(t: _Tries) -> float:
        n = len(t.scores)
        if not t.random_after or n < 2:
            return 0.0 if not t.random_after else SPREAD
        m = sum(t.scores) / n
        sd = math.sqrt(sum((x - m) ** 2 for x in t.scores) / (n - 1))
        return max(sd, SPREAD) / math.sqrt(n)

    def width(t: _Tries) -> float:
        tried = [len(x.scores) for x in (t, lead) if x.random_after]
        return race_width(min(tried)) if few and tried else RACE

    lead_error = error(lead)
    close = [t for t, mean in scored if t is not lead
             and mean + width(t) * (error(t) + lead_error) >= lead_mean + NEAR]
    if not close:
        return []
    return [t for t in [lead, *close] if t.random_after]


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


#: the most replies of the opponent tried after each try (hard)
MAX_REPLIES = 8
#: in the last game turn (of alternating activations), how many throws of the dice each of
#: the opponent's attacks that ends the game is played out with when its reply is picked: one
#: throw hides a charge that wins it 40% of the time about half the time
#: (docs/dev/ai-passes.md, twelfth pass)
LAST_REPLY_THROWS = 8
#: the kinds of candidate the opponent may reply with
REPLIES = ("fight", "charge", "diving charge", "shoot")


def _many_answers(lv: Level, engine: Engine) -> bool:
    """Whether the choice is an answer to a question asked in the middle of an activation
    (a game of alternating activations) that the level weighs on :attr:`Level.answer_tries`."""
    return bool(lv.answer_tries and engine.ruleset.flow.kind != PHASES
                and engine.state.pending is not None)


class _Search:
    """The tries of one choice: the engine, the side, the level and the common dice."""

    def __init__(self, engine: Engine, side: int, lv: Level, seeds: list[int],
                 check: Callable[[], None], memory: _Charges | None = None) -> None:
        self.engine, self.side, self.lv, self.seeds, self.check = engine, side, lv, seeds, check
        #: the charges worked out earlier in this step of the turn (see :class:`Memory`)
        self.memory = memory
        rs = engine.ruleset
        s = engine.state
        self.phased = rs.flow.kind == PHASES
        #: answering the enemy's question in the enemy's turn (a charge reaction): what it
        #: leads to is seen once that turn is over
        self.answering = (self.phased and s.pending is not None
                          and rs.active_side(s) not in (None, side))
        #: answering: the side's unit the enemy charged last in this phase, whose reaction it
        #: may be (see :func:`enemy_charges`)
        self.charged = last_charged(engine, side) if self.answering else None
        #: the opponent's reply is looked for after the tries of the best few (not after an
        #: answer in the middle of an activation with :attr:`Level.answer_tries`: its tries are
        #: many and the opponent's next attack is much the same whatever the answer; the
        #: evaluation's attacks to come count it)
        self.replies = lv.reply > 0 and not self.phased and not _many_answers(lv, engine)
        #: a game of player turns in its last game turn: a charge is played out to the end of
        #: the game (the enemy's last combats too)
        self.last = bool(self.phased and s.max_turns and s.turn >= s.max_turns)
        #: the last game turn of a game of alternating activations: what the opponent's reply
        #: is measured against may be the end of the game (see :meth:`quiet`)
        self.closing = bool(not self.phased and s.max_turns and s.turn >= s.max_turns)
        self._without: dict[tuple[int, int], Engine | None] = {}
        #: the tries left for candidates whose tries end the game, beyond what every
        #: candidate gets (see :data:`FINAL`)
        self.spare = lv.more * FINAL

    def another(self, t: _Tries, n: int, usual: int, final: int | None = None) -> bool:
        """Whether candidate ``t`` gets a try after ``n`` where a candidate gets ``usual``: not
        when its scores cannot change (no dice were rolled) or it has had all it may
        (:meth:`_Tries.most`, with ``final``); a try beyond the usual ones comes out of the
        :attr:`spare` tries, while any are left."""
        if (t.scores and not t.random_after) or n >= t.most(usual, final):
            return False
        if n < usual:
            return True
        if self.spare <= 0:
            return False
        self.spare -= 1
        return True

    def start(self, c: Candidate, i: int) -> _Tries | None:
        """Carry out the candidate once on a copy; None when the rules refuse it."""
        engine, side = self.engine, self.side
        if not playable(engine, c, side):
            return None
        if self.phased and c.kind == "end" and not self.answering:
            # (ending the turn is never refused in the turn's own phases)
            return _Tries(c, i, engine.fork(SeededDice(self.seeds[0])), random_after=False,
                          still=True)
        for alt in (c, *c.shorter):
            cmd = alt.command if isinstance(alt, Candidate) else alt
            try:
                base = engine.fork(SeededDice(self.seeds[0]))
                out = base.execute(cmd)
            except Exception:  # noqa: BLE001 - a candidate that crashes a rule is not played
                return None
            if out.ok:
                break
        else:
            return None
        if cmd is not c.command:  # (refused as offered; this much of it the rules allow)
            c = (dataclasses.replace(alt, shorter=()) if isinstance(alt, Candidate)
                 else dataclasses.replace(c, command=cmd, shorter=()))
        if any(isinstance(e, ev.DiceRolled) for _, e in out.events):
            return _Tries(c, i, None, first=base)
        return _Tries(c, i, base)

    def follow(self, e: Engine, t: _Tries) -> bool:
        """What is played out after a candidate before the position is judged: in a game of
        alternating activations, the rest of the activation (:func:`settle`); in a game of
        player turns nothing, but an answer to the enemy's question is followed by the
        enemy's further charges (:func:`enemy_charges`) and the rest of its turn. Returns
        whether a fight was declared on the way."""
        if not self.phased:
            return settle(e, self.side)
        if self.answering:
            if self.charged is not None and t.charges_after is None:
                t.charges_after = enemy_charges(e, self.side, self.charged)
            elif self.charged is not None:
                declare(e, self.side, t.charges_after or ())
            close_turn(e)
            return True
        # the order's own questions to this side (how many times a unit fires, say) take
        # their defaults, so that the order is judged by what it did rather than as asked
        # (a question to the enemy, a charge reaction, is left to the enemy)
        answer_defaults(e, self.side)
        return True

    def one(self, t: _Tries, reply: bool = False) -> None:
        """One more try of candidate ``t``: play it out with the next dice and score it."""
        side, lv = self.side, self.lv
        seed = self.seeds[len(t.scores) % len(self.seeds)]
        e: Engine | None
        try:
            if t.still:
                assert t.base is not None
                e = t.base
            elif t.base is not None:
                e = t.base.fork(SeededDice(seed))
            elif t.first is not None:
                e, t.first = t.first, None
            else:
                e = self.engine.fork(SeededDice(seed))
                if not e.execute(t.cand.command).ok:  # pragma: no cover - refused once, not now
                    return
            rolled_before = _rolls(e)
            fought = True if t.still else self.follow(e, t)
            if t.cand.kind == "shoot":  # (counted before any reply: what the shot itself took)
                t.target_lost += (_models_left(e, self.engine.state, t.cand.target)
                                  - _models_left(e, e.state, t.cand.target))
                t.target_hurt += (_damage(e, e.state, t.cand.target)
                                  - _damage(e, self.engine.state, t.cand.target))
            score = evaluate(e, side, lv.look)
            after = score
            if reply and self.replies and not e.state.game_over:
                score, after = self.reply(t, e, seed, score)
            if (not self.phased and t.cand.kind in CHARGES and not fought
                    and not e.state.game_over):
                score -= IDLE_CHARGE
                after -= IDLE_CHARGE
            if (t.base is not None and rolled_before >= 0 and _rolls(e) == rolled_before
                    and not (reply and isinstance(t.reply, Candidate))):
                t.random_after = False  # nothing random after the command: one try says it all
        except Exception:  # noqa: BLE001 - a try that crashes scores as badly as can be
            score = after = -WIN
            e = None
        if reply:
            t.paired.append((score, after))
        t.scores.append(min(score, after))
        t.last = e
        if t.random_after and e is not None and e.state.game_over:
            t.final = True
        if e is not None:
            s = e.state
            c = t.cand
            t.target_gone += _gone(s, c.target)
            t.actor_gone += _gone(s, c.unit)

    # -- the opponent's reply -----------------------------------------------------------------
    def reply(self, t: _Tries, e: Engine, seed: int, now: float) -> tuple[float, float]:
        """The score as the position stands (``now``, or the game's result where the opponent
        doing nothing more ends it), and after the opponent's best reply (one of its attacks;
        as it stands if it has none that hurts). On the first try of ``t`` with the reply the
        opponent picks it: the :attr:`Level.reply` attacks the evaluation rates highest, each
        played out with dice of its own (once; in the last game turn,
        :data:`LAST_REPLY_THROWS` times if it ends the game); the one that leaves ``t``'s side
        worst off is its reply, played again on every try, with that try's dice (picking and
        scoring with the same throw would favour replies that were lucky). After the reply the
        side's own attacks to come count for it (it moves next), so its answer to the reply is
        seen too."""
        other = side_to_act(e)
        if other is None or other == self.side:
            return now, now
        if self.closing:
            now = self.quiet(e, other, seed, now)
        if t.reply is None:
            t.reply = self.pick_reply(e, other, seed, now) or False
        if not isinstance(t.reply, Candidate):  # (False: no reply worth fearing)
            return now, now
        got = self._reply(e, t.reply, other, (seed * 31 + 104729) % (2**63))
        if got is None:
            return now, now
        if got[1]:
            # (a reply that ends the game: a dozen throws cannot tell a reply that wins 40% and
            # loses 25% from an even one, so the lower of each throw, the careful reading, as
            # for the tries that end the game; docs/dev/ai-passes.md, twenty-fifth pass)
            return min(now, got[0]), min(now, got[0])
        return now, got[0]

    def quiet(self, e: Engine, other: int, seed: int, now: float) -> float:
        """The score, for the side choosing, when the opponent does nothing more, if that
        ends the game (its last activations of the last game turn, with none of this side's
        left): the result itself, not the evaluation of the position before it. Otherwise
        ``now``. (Without this, a side behind on the score in the game's last activation saw
        ending its activation as a small loss of a few points, while a fight that might turn
        the result round showed every loss it risked at its full weight: it did nothing, and
        lost.)"""
        try:
            r = e.fork(SeededDice(seed))
            for _ in range(4 * len(r.state.units) + 4):
                if r.state.game_over or side_to_act(r) != other:
                    break
                if not r.execute(idle(r, other).command).ok:
                    return now
            if not r.state.game_over:
                return now
            return evaluate(r, self.side, self.lv.look)
        except Exception:  # noqa: BLE001
            return now

    def pick_reply(self, e: Engine, other: int, seed: int, now: float) -> Candidate | None:
        attacks = [c for c, _ in _rated_attacks(e, other, seed)]
        if not attacks:
            return None
        best, pick = now, None
        for j, c in enumerate(attacks[:min(MAX_REPLIES, self.lv.reply)]):
            self.check()
            got: list[float] = []
            for k in range(LAST_REPLY_THROWS if self.closing else 1):
                out = self._reply(e, c, other, (seed + 7919 * (j + 1) + 104723 * k) % (2**63))
                if out is None:
                    break
                got.append(out[0])
                if not out[1]:  # (the game goes on after it: one throw, as elsewhere)
                    break
            # (each throw as a try scores it: no worse for the side than no reply at all)
            mean = sum(min(now, x) for x in got) / len(got) if got else now
            if mean < best:
                best, pick = mean, c
        return pick

    def _reply(self, e: Engine, c: Candidate, other: int, seed: int) -> tuple[float, bool] | None:
        """The score, for the side choosing, after the opponent's ``c`` played out, and
        whether that ended the game."""
        try:
            r = e.fork(SeededDice(seed))
            if not r.execute(c.command).ok:
                return None
            settle(r, other)
            return evaluate(r, self.side, self.lv.look), r.state.game_over
        except Exception:  # noqa: BLE001
            return None

    # -- a charge played out (rank and flank) -------------------------------------------------
    def deep(self, t: _Tries, joining: list[Candidate]) -> None:
        """Play the charge of ``t`` out (its turn closed: the charges moved, the combats fought)
        against the same turn without it, with the same dice, :attr:`Level.deep` times; the
        difference it makes to the charger, its target, the friends already charging or
        fighting that target, and the characters with any of them replaces what the
        evaluation gave the charge under way. The other charges of
        ``joining`` (at the same target) are declared with it in the playout: a charge that
        pays only with others joining it (into one combat) is seen to pay, and the next
        choice weighs the others with it declared."""
        c = t.cand
        if c.unit is None or c.target is None or t.last is None:
            return
        units = {c.unit, c.target}
        # friends already bound for the same target (a charge declared, a combat under way):
        # what the charge spares them counts too. (Without them, a chariot whose charge was
        # counted on to help the knights at an Ash Wyrm charged other prey: what joining
        # spared the knights was not counted. The knights were destroyed.)
        bound = self.bound_for(c.target)
        units |= bound.keys()
        key: tuple[object, ...] | None = None
        if self.memory is not None:
            # (worked out before in this declaring, with the table as it stands and the same
            # friends bound for the target and joining in: the same playouts again)
            key = (c.command, tuple(o.command for o in joining), tuple(sorted(bound.items())),
                   self.lv, self.last, self._table)
            got = self.memory.get(key)
            if got is not None:
                mean, played, joined = got
                t.played, t.joined = list(played), list(joined)
                t.shift = mean - under_way(t.last, self.side, c.unit)
                return
        diffs = []
        for k in range(self.lv.deep):
            self.check()
            try:
                if t.base is not None and not t.still:
                    # (declared without a die: the copy it was declared on, with the dice of
                    # this playout, is where declaring it again would leave it)
                    a = t.base.fork(SeededDice(self.seeds[k]))
                else:
                    a = self.engine.fork(SeededDice(self.seeds[k]))
                    if not a.execute(c.command).ok:
                        return
                for other in joining:
                    answer_defaults(a)
                    # (a join still offered with the charges before it declared: one they
                    # would leave no room for is not, and the line must not count on it)
                    if other.unit is not None and _offered(a, self.side, other) and \
                            a.execute(other.command).ok:
                        units.add(other.unit)
                        if k == 0:
                            t.joined.append(other.unit)
                close_turn(a)
                on = 0
                if self.last:
                    to_the_end(a)
                elif self.lv.fight_on and _in_combat(a, units):
                    on = self.lv.fight_on
                    quiet_turns(a, on, answer_against(self.side, self.lv.look))
            except Exception:  # noqa: BLE001
                return
            without = self._turn_without(k, on)
            if without is None:
                return
            t.played[0] += 1
            t.played[1] += _broken(a.state, c.target)
            t.played[2] += _broken(a.state, c.unit)
            involved = units | _joined(a.state, units) | _joined(without.state, units)
            diffs.append(self._after(a, involved) - self._after(without, involved))
        if diffs:
            mean = sum(diffs) / len(diffs)
            t.shift = mean - under_way(t.last, self.side, c.unit)
            if key is not None and self.memory is not None:
                played = (t.played[0], t.played[1], t.played[2])
                self.memory[key] = (mean, played, tuple(t.joined))

    @functools.cached_property
    def _table(self) -> tuple[object, ...]:
        """Where everything stands and how each model is (for :class:`Memory`)."""
        s = self.engine.state
        return table_of(s), tuple((m.status, m.damage) for m in s.models.values())

    @functools.cached_property
    def _bound(self) -> dict[str, dict[str, str]]:
        got: dict[str, dict[str, str]] = {}
        for a in threats_of(self.engine, self.side, shots=False):
            if a.declared:
                got.setdefault(a.target, {})[a.attacker] = a.kind
        return got

    def bound_for(self, target: str | None) -> Mapping[str, str]:
        """The side's units already bound for the enemy unit of ``target``, each with how:
        ``"charge"`` (a charge declared at it) or ``"fight"`` (a combat under way with it)."""
        if target is None:
            return {}
        return self._bound.get(_unit_of(self.engine.state, target), {})

    def moves_after(self, tries: list[_Tries]) -> None:
        """Where charges are still being declared and any other move ends the declaring
        (rank and flank), a charge and a move are not one or the other: the units that do not
        charge move afterwards. Judged as they stand, a charge only gained what it brought
        and a move of another unit what that brought, so the charge lost whenever the move
        brought more, and with it went the charge for the turn. Each charge is credited with
        the best gain over the position as it stands of a move by another unit."""
        charges = [t for t in tries if t.cand.kind in CHARGES and t.scores]
        moves = [t for t in tries if t.cand.kind == "move" and t.scores]
        if not charges or not moves:
            return
        now = evaluate(self.engine, self.side, self.lv.look)
        for t in charges:
            t.after = max([0.0, *(m.mean - now for m in moves if m.cand.unit != t.cand.unit)])

    def keep_aims(self, tries: list[_Tries], aims: Mapping[str, str]) -> None:
        """Each move at the enemy its unit last went for (``aims``) gains the level's
        :attr:`~Level.keep_aim`, unless an enemy could attack the unit where the move leaves
        it: going on into a charge is what a side that fights back punishes (with the gain
        there too, a copy of `normal` lost 139 games of 320 to `normal` and won 105;
        docs/dev/ai-passes.md, fifty-seventh pass)."""
        for t in tries:
            c = t.cand
            if (not _goes_at(c) or c.unit is None or t.last is None
                    or aims.get(c.unit) != c.target):
                continue
            if not any(a.threat.target == c.unit
                       for a in feared(t.last, self.side, shots=False)):
                t.aim = self.lv.keep_aim

    def _after(self, e: Engine, units: set[str]) -> float:
        """What ``units`` are worth to the side at the end of a playout, what they have given
        the enemy on the deciding score (a chariot destroyed for half a monster's wounds gives
        the enemy its points), and the attacks to come by and on them as the evaluation weighs
        them (the enemy's turn is next: a charger left with its flank to an enemy that can
        charge it costs what that charge would); at the end of the game (a playout of the last
        game turn), only where the score that decides it ends, as the evaluation weighs the
        score in the last turn: a charge that turns a draw into a win, or a win into a draw,
        is worth that, and what the units are still worth counts for nothing once the game is
        over."""
        if e.state.game_over:
            return score_edge(e, self.side)
        got = _local(e, self.side, units, scores=True)
        if self.lv.look.on:
            got += pressure(e, self.side, self.lv.look, only=units)
        return got

    def _turn_without(self, k: int, on: int) -> Engine | None:
        """The turn closed without the charge, with the dice of playout ``k``, and then, like
        the playout it is set against, ``on`` player turns with no new orders (or, in the
        last game turn, the rest of the game)."""
        if (k, on) not in self._without:
            try:
                b = self.engine.fork(SeededDice(self.seeds[k]))
                close_turn(b)
                if self.last:
                    to_the_end(b)
                else:
                    quiet_turns(b, on, answer_against(self.side, self.lv.look))
                self._without[k, on] = b
            except Exception:  # noqa: BLE001
                self._without[k, on] = None
        return self._without[k, on]

    # -- what it feared -----------------------------------------------------------------------
    def fear_note(self, pick: _Tries, ranked: list[_Tries]) -> str:
        """When the pick keeps a unit back from a bolder choice for it that scored lower
        (moving toward an enemy, charging), and the enemy could hurt the unit much more
        after that bolder choice (the best such choice): what the AI feared, in players'
        words (else "")."""
        c = pick.cand
        if c.kind not in ("move", "pass") or c.unit is None or pick.last is None:
            return ""
        if _goes_at(c):
            return ""  # it goes at the enemy: it holds nothing back
        unit = _unit_of(self.engine.state, c.unit)
        shots = self.lv.look.shots
        after = _worst_on(feared(pick.last, self.side, shots), unit)
        for bold in ranked:  # the best bolder choice for the unit that would have exposed it
            if (bold is pick or bold.cand.unit != c.unit or bold.last is None
                    or not _bolder(bold.cand, c)):
                continue
            then = _worst_on(feared(bold.last, self.side, shots), unit)
            if then is None or then.dealt - (after.dealt if after else 0.0) < FEAR_NOTED:
                continue
            return "; " + fear_words(bold.last.state, then, self.phased,
                                     self.fear_odds(bold.last, then))
        return ""

    def fear_odds(self, e: Engine, a: Attack) -> tuple[float, float] | None:
        """How often the feared attack ``a`` hurts its target, and how often it destroys it,
        when the enemy makes it straight after the bolder choice (on the engine ``e`` it
        left), over :data:`FEAR_TRIES` throws of the dice; None when the attack is not the
        enemy's next order (a game of player turns: it comes after the rest of this turn)."""
        other = side_to_act(e)
        if self.phased or other is None or other == self.side:
            return None
        s, th = e.state, a.threat
        attack = next((c for c in e.ruleset.advisor.candidates(s, other, random.Random(0), -1)
                       if c.kind == th.kind and c.unit is not None and c.target is not None
                       and _unit_of(s, c.unit) == th.attacker
                       and _unit_of(s, c.target) == th.target), None)
        if attack is None:
            return None
        rs = e.ruleset
        before = rs.advisor.unit_damage(s, th.target)
        n = gone = hurt = 0
        for k in range(FEAR_TRIES):
            self.check()
            try:
                r = e.fork(SeededDice(self.seeds[k % len(self.seeds)] + k + 1))
                if not r.execute(attack.command).ok:
                    return None
                settle(r, other)
            except Exception:  # noqa: BLE001
                continue
            n += 1
            lost = _gone(r.state, th.target)
            gone += lost
            hurt += lost or rs.advisor.unit_damage(r.state, th.target) > before
        return (hurt / n, gone / n) if n else None


def table_of(s: GameState) -> tuple[object, ...]:
    """Where everything stands: each model's place and facing, each unit's formation."""
    return (tuple((m.x, m.y, m.facing) for m in s.models.values()),
            tuple(u.formation for u in s.units.values()))


def _gone(s: GameState, name: str | None) -> bool:
    """Whether the unit of ``name`` (a model or a unit) is no longer in the game."""
    if name is None:
        return False
    unit = s.models[name].unit if name in s.models else name
    return unit in s.units and not s.unit_alive(unit)


def _models_left(e: Engine, s: GameState, unit: str | None) -> int:
    """How many models of ``unit`` are on the table, as the ruleset's results count them."""
    if unit is None or unit not in s.units:
        return 0
    return int(e.ruleset.unit_result(s, unit)["models_left"])


def _exact_shot(e: Engine, s: GameState, cmd: Command, destroyed: bool) -> dict[str, float]:
    """A shot's own odds worked out exactly, where the ruleset puts its dice as independent
    pools (the figures the window shows of the shot), in place of what the few tries took:
    what it takes on average, models when each has one Wound, else Wounds (``target_room``: of
    how many left, for a unit of many models), and with ``destroyed`` the chance that the
    volley destroys the target (``exact`` marks it so). Empty when the ruleset cannot put the
    shot as pools."""
    from game.odds.estimate import exact_odds

    pools = e.ruleset.advisor.exact_pools(s, cmd, alone=True)
    if pools is None:
        return {}
    got = exact_odds(pools)
    out = {"target_destroyed": got.target_destroyed, "exact": 1.0} if destroyed else {}
    left, room = _models_left(e, s, pools.target), pools.room.get(pools.target, 0)
    if 1 < left == room:
        out["target_lost"] = got.expected()
    else:  # (one model, or models of several Wounds)
        out["target_hurt"] = got.expected()
        if left > 1:
            out["target_room"] = float(room)
    return out


def _without_harmless_shots(e: Engine, offered: list[Candidate]) -> list[Candidate]:
    """``offered`` less the shots whose own dice, worked out exactly, take nothing at all
    (bows at an Ethereal unit): such a shot scores as much as none, and was made where
    nothing better was offered, the line reading "Darkshards shoots at Spirit Host: to take
    0.0 of its 6 Wounds on average". A shot the ruleset cannot put as pools of dice (a
    Breath Attack) is kept."""
    if not any(c.kind == "shoot" for c in offered):
        return offered
    from game.odds.estimate import exact_odds

    s = e.state

    def harmless(c: Candidate) -> bool:
        if c.kind != "shoot":
            return False
        pools = e.ruleset.advisor.exact_pools(s, c.command, alone=True)
        return pools is not None and exact_odds(pools).expected() <= 0.0

    kept = [c for c in offered if not harmless(c)]
    if len(kept) == len(offered):
        return offered
    if isinstance(offered, SampledCandidates):
        return SampledCandidates(kept, offered.units, offered.of)
    return kept


def _damage(e: Engine, s: GameState, unit: str | None) -> int:
    """The damage ``unit`` has taken, in the ruleset's own unit (its Wounds lost, say)."""
    if unit is None or unit not in s.units:
        return 0
    return e.ruleset.advisor.unit_damage(s, unit)


def _broken(s: GameState, unit: str) -> bool:
    """Whether a unit is gone or fleeing."""
    return not s.unit_alive(unit) or s.units[unit].status in ("fleeing", "fled")


def _bolder(c: Candidate, than: Candidate) -> bool:
    """Whether ``c`` goes at the enemy more than ``than``: a charge or fight, or a move toward
    an enemy when ``than`` is not one."""
    if c.kind in CHARGES or c.kind == "fight":
        return True
    return _goes_at(c) and not _goes_at(than)


def _goes_at(c: Candidate) -> bool:
    """Whether ``c`` is a move at an enemy (:attr:`Candidate.goes_at`: straight on, round
    terrain, round a friend in the way)."""
    return c.kind == "move" and c.goes_at


def _unit_of(s: GameState, name: str) -> str:
    m = s.models.get(name)
    return m.unit if m is not None else name


def _worst_on(attacks: list[Attack], unit: str) -> Attack | None:
    on = [a for a in attacks if a.threat.target == unit]
    return max(on, key=lambda a: a.dealt, default=None)


def fear_words(s: GameState, a: Attack, phased: bool,
               odds: tuple[float, float] | None = None) -> str:
    """What the AI feared from the reply, in players' words: "holds back: Orc Boss could
    charge it next, 62% to destroy it" (``odds``: how often the attack hurt it and destroyed
    it when played out), or in a game of player turns "holds back: Orc Boss could charge it
    next turn, 62% to reach it in the flank", "holds back: Goblin Archers could shoot at it
    next turn, to take 20% of it on average")."""
    t = a.threat
    verb = {"fight": "fight", "shoot": "shoot at"}.get(t.kind, "charge")
    when = "next turn" if phased else "next"
    line = f"holds back: {_name(s, t.attacker)} could {verb} it {when}"
    if odds is not None and odds[0] > 0.0:
        hurts, destroys = odds
        line += (f", {_pct(destroys)} to destroy it" if destroys >= 0.5 or destroys == hurts
                 else f", {_pct(hurts)} to hurt it" + (f" and {_pct(destroys)} to destroy it"
                                                      if destroys else ""))
    elif t.share is not None:
        line += f", to take {_pct(t.share)} of it on average"
    elif t.chance < 1.0:
        line += f", {_pct(t.chance)} to reach it"
        if t.facing in ("flank", "rear"):
            line += f" in the {t.facing}"
    elif t.facing in ("flank", "rear"):
        line += f" in the {t.facing}"
    return line


def _in_combat(e: Engine, units: set[str]) -> bool:
    """Whether any of ``units`` is locked in a combat that goes on (a fight under way, as the
    ruleset's threats tell it)."""
    return any(t.kind == "fight" and t.declared and (t.attacker in units or t.target in units)
               for side in (1, 2) for t in threats_of(e, side, shots=False))


def _offered(e: Engine, side: int, c: Candidate) -> bool:
    """Whether ``c`` is among the attacks the ruleset offers ``side`` where ``e`` stands."""
    return any(o.command == c.command
               for o in e.ruleset.advisor.candidates(e.state, side, random.Random(0), -1))


def _joined(s: GameState, units: set[str]) -> set[str]:
    """Characters standing in any of ``units`` (a rank-and-flank unit's ``joined`` flag)."""
    return {u for u, rec in s.units.items() if rec.flag("joined") in units}


def _local(e: Engine, side: int, units: set[str], scores: bool = False) -> float:
    """What ``units`` are worth to ``side``: its own counting for it, the enemy's against;
    with ``scores``, each less what it has given the enemy on the deciding score (a destroyed
    or fleeing rank-and-flank unit's victory points, :meth:`~game.core.ruleset.Advisor.unit_scores`),
    weighed as the evaluation weighs the score in this game turn."""
    s, rs = e.state, e.ruleset
    weight = score_weight(s) if scores else 0.0
    total = 0.0
    for u in sorted(units):  # (in a set's order, the sum would vary from run to run)
        if u in s.units:
            w = worth(rs, s, u)
            if weight:
                w -= weight * rs.advisor.unit_scores(s, u)
            total += w if s.units[u].side == side else -w
    return total


def _rated_attacks(e: Engine, side: int, seed: int,
                   kinds: tuple[str, ...] = REPLIES) -> list[tuple[Candidate, float]]:
    """``side``'s attacks of ``kinds`` open now, each with what the evaluation rates it worth
    to ``side`` (-inf: not rated), the best first (for the opponent's reply: only the best
    few are played out)."""
    s = e.state
    attacks = [c for c in e.ruleset.advisor.candidates(s, side, random.Random(seed), -1)
               if c.kind in kinds and c.unit is not None and c.target is not None]
    rated = weigh(e, [Threat(_unit_of(s, c.unit or ""), _unit_of(s, c.target or ""), 1.0, 1.0,
                             c.kind) for c in attacks])
    value = {(a.threat.attacker, a.threat.target): a.net for a in rated}
    got = [(c, value.get((_unit_of(s, c.unit or ""), _unit_of(s, c.target or "")), -math.inf))
           for c in attacks]
    got.sort(key=lambda cv: -cv[1])
    return got


#: the most charges the enemy is taken to declare after an answer to one of its charges
MAX_ENEMY_CHARGES = 3


def enemy_charges(e: Engine, side: int, charged: str) -> tuple[Command, ...]:
    """After ``side`` answered a question in the enemy's turn (how its unit ``charged``
    reacts to a charge): the further charges the enemy could still declare at ``charged``
    that the evaluation rates worth making, the best first (at most
    :data:`MAX_ENEMY_CHARGES`), declared, ``side``'s own questions taking their defaults;
    returns them. Without them a unit fled from one charge as if nothing else could follow
    it, and in old-world games a second enemy unit then charged it and ran it down. (Charges
    at the side's other units are left out: the same whatever it answered, they only added
    combats whose dice drowned the difference between the answers; fiftieth pass.)"""
    made: list[Command] = []
    for _ in range(MAX_ENEMY_CHARGES):
        if e.state.game_over or e.pending_ask is not None:
            break
        rated = [(c, v) for c, v in _rated_attacks(e, 3 - side, 0, ("charge",))
                 if c.target == charged]
        if not rated or rated[0][1] <= 0 or not _declared(e, side, rated[0][0].command):
            break
        made.append(rated[0][0].command)
    return tuple(made)


def last_charged(e: Engine, side: int) -> str | None:
    """``side``'s unit that the last charge declared in this phase went at (None: no charge
    was declared in the phase, or it went at another side's unit; a copy's log starts where
    it was made)."""
    for event in reversed(e.log):
        if isinstance(event, ev.PhaseStarted):
            return None
        if isinstance(event, ev.ActionTaken) and event.action == "charge":
            unit = e.state.units.get(event.target or "")
            return event.target if unit is not None and unit.side == side else None
    return None


def declare(e: Engine, side: int, orders: tuple[Command, ...]) -> None:
    """The enemy's ``orders`` (charges :func:`enemy_charges` chose on an earlier try),
    each that the rules still accept, ``side``'s questions taking their defaults."""
    for order in orders:
        _declared(e, side, order)


def _declared(e: Engine, side: int, order: Command) -> bool:
    """Whether the enemy's ``order`` was carried out (not once the game is over or while a
    question waits, nor when the rules refuse it), ``side``'s questions then taking their
    defaults."""
    if e.state.game_over or e.pending_ask is not None or not e.execute(order).ok:
        return False
    answer_defaults(e, side)
    return True


def answer_defaults(e: Engine, side: int | None = None) -> None:
    """Answer each decision that comes up with its documented default while the game goes
    on (only those put to ``side``, when it is given: a question to the other side is left
    open)."""
    while (e.pending_ask is not None and not e.state.game_over
           and (side is None or e.pending_ask.side == side)):
        e.answer_default()


def close_turn(e: Engine, answer: Callable[[Engine], None] = answer_defaults) -> None:
    """Finish what is in progress the simple way (a game of player turns: the turn under way
    ends; its charges move and its combats are fought), every decision taking its default
    (or as ``answer`` answers it)."""
    answer(e)
    if e.state.game_over:
        return
    closing = e.ruleset.closing_order(e.state)
    if closing is not None:
        e.execute(closing)
        answer(e)


#: the most options of an enemy's question a playout tries, to answer it as the enemy would
MAX_ENEMY_OPTIONS = 4


def answer_against(side: int, look: Look) -> Callable[[Engine], None]:
    """Answers for a playout judged for ``side``: its own questions take their defaults; one
    put to the enemy takes, of its few options, the one the evaluation rates worst for
    ``side`` (the enemy answers for itself: a Black Coach left corporeal in a playout, the
    question's default, made a charge at it look good that the coach's player would have
    turned Ethereal)."""
    def answer(e: Engine) -> None:
        while e.pending_ask is not None and not e.state.game_over:
            ask = e.pending_ask
            if ask.side in (None, side) or not 1 < len(ask.options) <= MAX_ENEMY_OPTIONS:
                e.answer_default()
                continue
            # each option but the first on a fork (whose paused step is re-run from its data);
            # the first carried on here, and the best of the others taken over if it is better
            forks = [e.fork() for _ in ask.options[1:]]
            scored: list[tuple[float, int, Engine]] = []
            for i, (option, f) in enumerate(zip(ask.options[1:], forks), start=1):
                if f.execute(Answer(option)).ok:
                    scored.append((evaluate(f, side, look), i, f))
            if e.execute(Answer(ask.options[0])).ok:
                scored.append((evaluate(e, side, look), 0, e))
            elif not scored:
                e.answer_default()  # (never asked again and again: the default settles it)
                continue
            best = min(scored, key=lambda x: x[:2])[2]
            if best is not e:
                e.adopt(best)
    return answer


def to_the_end(e: Engine) -> None:
    """After a player turn is closed (:func:`close_turn`) in the last game turn: the rest of
    the game, each turn left played with no orders (:func:`quiet_turns`), so that the game is
    over."""
    quiet_turns(e, 4)  # (the other side's last turn; a game turn has two player turns)


def quiet_turns(e: Engine, turns: int,
                answer: Callable[[Engine], None] = answer_defaults) -> None:
    """After a player turn is closed (:func:`close_turn`): up to ``turns`` more player turns
    (fewer if the game ends first), each begun and closed with no orders (whatever its phases
    do by themselves: its combats are fought), questions answered by ``answer``."""
    for _ in range(turns):
        side = side_to_act(e)
        if side is None:
            return
        begin = [c for c in e.ruleset.advisor.candidates(e.state, side, random.Random(0), -1)
                 if c.kind == "begin"]
        if begin and not e.execute(begin[0].command).ok:
            return
        close_turn(e, answer)


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


def _rolls(e: Engine) -> int:
    """How many dice the copy's own dice have thrown (-1: cannot tell)."""
    return int(getattr(e.dice, "count", -1))


def settle(e: Engine, side: int, limit: int = 40) -> bool:
    """Play out the rest of ``side``'s activation the simple way: decisions take their
    defaults; a model in contact that has not fought fights (the enemy it charged first);
    then the activation (or whatever is in progress) is closed, resolving its melee. Returns
    whether a fight was declared on the way. (In a game of player turns: the ruleset's
    look-ahead orders, a shot for each unit that may, then the turn is closed.)"""
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
                    answer_defaults(e)
            return True
        if s.units[unit].side != side:
            return made
        if not fought:
            fought = True
            fights = [c for c in rs.advisor.candidates(s, side, rng, -1) if c.kind == "fight"]
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
        answer_defaults(e)
        return made
    return made


def _shoot_once(e: Engine, side: int) -> bool:
    """One more order of the ruleset's look-ahead (:meth:`~game.core.ruleset.Advisor.lookahead`:
    a shot), its decisions taking their defaults. Returns whether one was made."""
    cmd = e.ruleset.advisor.lookahead(e.state, side)
    if cmd is None or not e.execute(cmd).ok:
        return False
    answer_defaults(e)
    return True


def _charge_target(e: Engine, unit: str) -> str | None:
    for ev_ in reversed(e.log):
        if isinstance(ev_, ev.ActionTaken) and ev_.action in ("charge", "diving_charge"):
            return ev_.target
    return None


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


def _played_out(odds: dict[str, float]) -> str:
    """How often a charge's playouts broke or destroyed the target and the charger: as counts
    when there were few of them (two playouts that broke the target once are "1 of 2", not
    a "50%" a player would take for the odds), as shares otherwise."""
    # (in a player's words: "playouts" is the search's)
    runs = _Counted(round(odds.get("samples", 0.0)), "trial runs")
    broke, broken = odds["target_broken"], odds.get("actor_broken", 0.0)
    return (f"{runs.say(broke, 'it breaks or destroys it', 'to break or destroy it')}, "
            f"{runs.say(broken, 'it is broken or destroyed', 'to be broken or destroyed')}")


class _Counted:
    """How often something came about in ``n`` tries (``what``: "trial runs" for a charge's
    playouts), in players' words: a share ("64% to destroy it") from :data:`FEW_PLAYOUTS` on,
    else a count, the first time with the number of tries ("in 0 of 3 tries it destroys it"),
    then without ("in 1 it is destroyed")."""

    def __init__(self, n: int, what: str = "tries") -> None:
        self.n, self.what, self.counted = n, what, False

    def say(self, p: float, count_words: str, share_words: str) -> str:
        if not 0 < self.n < FEW_PLAYOUTS:
            return f"{_pct(p)} {share_words}"
        of = "" if self.counted else f" of {self.n} {self.what}"
        self.counted = True
        return f"in {round(p * self.n)}{of} {count_words}"


def _tenths(x: float) -> str:
    """An average to a tenth, where one above 0 does not read 0.0 ("under 0.1")."""
    return "under 0.1" if 0 < x < 0.05 else f"{x:.1f}"


def _pct(p: float) -> str:
    v = round(p * 100)
    if v == 0 and p > 0:
        return "under 1%"
    if v == 100 and p < 1:
        return "over 99%"
    return f"{v}%"


def explain(s: GameState, c: Candidate, odds: dict[str, float] | None, side: int,
            joined: list[str] | None = None, damage: str = "damage",
            fighting: list[str] | None = None) -> str:
    """One line in players' words: what the AI does and, for a fight, a charge or a shot, the
    odds it saw ("Orc Brute charges Elf Blademaster: 64% to destroy it, 9% to be
    destroyed"); ``joined``: the names of the units charging the same enemy with it (a
    rank-and-flank charge played out with theirs, or declared before it: "..., 100% to
    reach, with Cold One Chariot charging it too; 50% to break or destroy it..."), and
    ``fighting`` those already in combat with it ("with Dreadspears fighting it");
    ``damage``: the ruleset's word for damage (a shot at a single model says how much of it
    the shot takes on average: "Darkshards shoots at Black Coach: to take 0.4 Wounds on
    average")."""
    who = _name(s, c.unit)
    target = _name(s, c.target)
    if c.kind in ("fight", "charge", "diving charge", "shoot"):
        verb = {"fight": "fights", "charge": "charges", "shoot": "shoots at",
                "diving charge": "makes a Diving Charge at"}[c.kind]
        line = f"{who} {verb} {target}"
        if c.note:  # (a rank-and-flank charge: the facing it goes into, the chance it reaches)
            line += (" " if c.note.startswith("in the") else ": ") + c.note
        helping = ([f"{' and '.join(joined)} charging it too"] if joined else []) + (
            [f"{' and '.join(fighting)} fighting it"] if fighting else [])
        if helping:
            line += ", with " + " and ".join(helping)
        if odds and "target_broken" in odds:  # a charge played out to the end of the turn
            line += "; " + _played_out(odds)
        elif odds and odds.get("samples"):
            room = odds.get("target_room")  # (of a unit of many models of several Wounds)
            many = odds.get("target_models", 1.0) > 1
            one = "target_hurt" in odds and (room is not None or not many)
            if one:  # (how much of the model, or of the unit: its Wounds, say)
                of = f"of its {round(room)} " if room is not None else ""
                line += f": to take {_tenths(odds['target_hurt'])} {of}{damage} on average"
            elif many:  # (a shot at a unit of many: how many of them it takes)
                line += (f": to take {_tenths(odds.get('target_lost', 0.0))} of its "
                         f"{round(odds['target_models'])} models on average")
            # (a few tries give counts, not shares a player would take for the odds: "in 0 of
            # 3 tries it destroys it", where "0% to destroy it" read as never)
            tries = _Counted(round(odds["samples"]))
            destroyed = odds.get("target_destroyed", 0.0)
            # (a shot's exact odds give every volley some chance, however small, to destroy
            # its target: named from 1%)
            if destroyed >= 0.005 or not (many or one):
                line += f"{', ' if many or one else ': '}" + (
                    f"{_pct(destroyed)} to destroy it" if odds.get("exact")
                    else tries.say(destroyed, "it destroys it", "to destroy it"))
            lost = odds.get("actor_destroyed", 0.0)
            if lost or c.kind != "shoot":  # (a shot that nothing answers risks nothing)
                line += ", " + tries.say(lost, "it is destroyed", "to be destroyed")
            if "game_won" in odds:  # (the tries ended the game: that is what it played for)
                line += (f"; {tries.say(odds['game_won'], 'it wins the game', 'to win the game')}"
                         f", {tries.say(odds.get('game_lost', 0.0), 'it loses it', 'to lose it')}")
        return line
    if c.kind == "move":
        return f"{who} moves {c.note}" if c.note else f"{who} moves"
    if c.kind == "answer":
        assert isinstance(c.command, Answer)
        pending = s.pending
        # (the question whole, its question mark too: "...: does it?" read cut short without)
        q = player_text(s, pending.question) if pending is not None else "the decision"
        return f"answers {show_value(s, c.command.value)} to: {q}"
    if c.kind == "begin":
        return f"side {side} begins its turn"
    if c.kind == "end":
        if c.note:  # (a phase ended: "ends the charge phase")
            return f"side {side} {c.note}"
        if isinstance(c.command, Order) and c.command.do == "end_turn":
            return f"side {side} ends its turn"
        return f"side {side} ends its activation"
    if c.kind == "pass":
        return f"{who} holds its ground"
    words = {"focus": "focuses", "inspire": "inspires its friends", "stand up": "stands up"}
    return f"{who} {words.get(c.kind, c.kind.replace('_', ' '))}"


#: what a headless or simulated game calls to get a side's command
Chooser = Callable[[Engine, int], Choice]

"""The engine: one pipeline for every command (check, apply, log, pause for decisions).

>>> from game.core.scenario import load_scenario_text
>>> sc = load_scenario_text(DEMO, "demo.toml")              # doctest: +SKIP
>>> eng = Engine(sc, seed=1)                                 # doctest: +SKIP
>>> eng.execute(Order("charge", "orc", (("target", "elf"),))).ok   # doctest: +SKIP
True

Each command runs as a transaction: if the ruleset refuses it, the state, the log and the dice
are exactly as before. Events are applied to the state the moment the ruleset yields them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from game.core import events as ev
from game.core.commands import DECLARE_DRAW, Answer, Command, Order
from game.core.decisions import Ask
from game.core.dice import DiceSource, make_dice
from game.core.errors import NOT_NOW, Refusal, Refused
from game.core.ruleset import Ruleset, get_ruleset
from game.core.scenario import Scenario
from game.core.state import GameState, reduce


@dataclass(slots=True)
class Outcome:
    """What a command did: the events it produced (with their sequence numbers), or the
    refusal; and the decision now pending, if any."""

    events: list[tuple[int, ev.Event]] = field(default_factory=list)
    refusal: Refusal | None = None
    pending: ev.DecisionRequested | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None


@dataclass(slots=True)
class Record:
    """One entry of the command log: the command and the events it produced."""

    command: Command | None  # None for the events of the game's start
    first: int  # index into Engine.log of its first event
    last: int  # one past its last event


class Context:
    """What a ruleset's step sees: the live state, the dice and a few helpers."""

    __slots__ = ("engine", "ruleset", "roll")

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.ruleset: Ruleset = engine.ruleset
        #: ``roll(sides, purpose)``: a die from the engine's dice (every face is kept for the
        #: step, so that a paused step can be carried on from data alone)
        self.roll: Callable[[int, str], int] = engine._roll

    @property
    def state(self) -> GameState:
        return self.engine.state


Listener = Callable[[Record, list[ev.Event]], None]

#: the reason a declared draw gives when the order names none
AGREED = "the players agreed a draw"


def declared_draw(cmd: Order) -> Generator[ev.Event | Ask, Any, Any]:
    """``{do = "declare_draw", reason = "..."}``: the game ends at once as a draw, whatever
    the ruleset (the engine's own order: no rule system is asked)."""
    reason = cmd.arg("reason", AGREED)
    if (cmd.unit is not None or any(k != "reason" for k, _ in cmd.args)
            or not isinstance(reason, str) or not reason.strip()):
        raise Refused("bad_order", 'a draw is declared as {do = "declare_draw"}, with at most '
                      "a reason (some text): no unit and no other key")
    yield ev.GameEnded("draw", reason)


@dataclass(frozen=True, slots=True)
class Resume:
    """A pending decision as data, kept in the state (``GameState.resume``): the question
    (:class:`~game.core.decisions.Ask`), the command whose step asked it, the state and the
    number of decisions when that step began, every die it has thrown so far, and the answers
    it was given before this question. An engine that holds the paused step carries it on at
    once; any other (a fork, an engine rebuilt from a save) re-runs the step from this data to
    the same question first, so copying the state is all a fork needs."""

    ask: Ask
    command: Command
    start: GameState
    decisions: int
    faces: tuple[int, ...]
    answers: tuple[Answer, ...]


class _Replay:
    """Dice that give ``faces`` first, then go on with ``then`` (a paused step re-run)."""

    __slots__ = ("faces", "i", "then")

    def __init__(self, faces: tuple[int, ...], then: DiceSource) -> None:
        self.faces, self.i, self.then = faces, 0, then

    def roll(self, sides: int, purpose: str) -> int:
        if self.i < len(self.faces):
            self.i += 1
            return self.faces[self.i - 1]
        return self.then.roll(sides, purpose)  # pragma: no cover - a re-run ends at the pause


class Engine:
    def __init__(
        self,
        scenario: Scenario,
        seed: int | None = None,
        dice: DiceSource | None = None,
        ruleset: Ruleset | None = None,
    ) -> None:
        self.scenario = scenario
        self.seed = seed if seed is not None else scenario.seed if scenario.seed is not None else 0
        self.ruleset = ruleset or get_ruleset(scenario.ruleset)
        self.dice = dice or make_dice(self.seed, scenario.dice)
        self.state = self.ruleset.initial_state(scenario, self.seed)
        self.log: list[ev.Event] = []
        self.records: list[Record] = []
        self.listeners: list[Listener] = []
        #: the paused step of the pending decision, when this engine is the one that paused it
        #: (``_paused_at`` is the state's :class:`Resume` it belongs to)
        self._paused: Generator[ev.Event | Ask, Any, Any] | None = None
        self._paused_at: Resume | None = None
        #: the context the last step was given (the paused step's, while one is paused)
        self._ctx: Context | None = None
        self._decisions = 0
        #: the faces the current step has thrown
        self._faces: list[int] = []
        ctx = Context(self)
        start = len(self.log)

        def opening() -> Generator[ev.Event | Ask, Any, Any]:
            yield ev.GameStarted(scenario.name, scenario.ruleset, self.seed)
            yield from self.ruleset.start(ctx)

        self._faces = []
        self._drive(opening(), None, fresh=True, origin=None)
        self._record(None, start)

    # -- public ------------------------------------------------------------------------------
    @property
    def pending(self) -> ev.DecisionRequested | None:
        return self.state.pending

    @property
    def pending_ask(self) -> Ask | None:
        resume = self.state.resume
        return resume.ask if resume is not None else None

    def execute(self, cmd: Command) -> Outcome:
        """Carry out one command. Never raises for a command the rules forbid: the outcome
        carries the refusal. Raises :class:`~game.core.errors.DiceExhausted` when scripted dice
        run out (the state is rolled back first)."""
        if self.state.game_over:
            return Outcome(refusal=Refusal("game_over", "the game is over", NOT_NOW))
        start = len(self.log)
        snapshot = self.state.copy()
        mark = self.dice.mark()
        # (an answer that fails leaves its paused step half run: the next answer re-runs it
        # from the data in the state instead)
        paused, paused_at = (None, None) if isinstance(cmd, Answer) else (self._paused,
                                                                          self._paused_at)
        decisions = self._decisions
        try:
            resume = self.state.resume
            if isinstance(cmd, Answer):
                if resume is None:
                    raise Refused("no_decision", "there is no decision to answer")
                problem = resume.ask.problem(cmd.value)
                if problem:
                    raise Refused("bad_answer", f"{resume.ask.question}: {problem}")
                gen = self._carry_on(resume)
                pending = self.state.pending
                assert pending is not None
                self._emit(ev.DecisionAnswered(pending.decision_id, cmd.value, cmd.by_default))
                self._faces = list(resume.faces)
                origin = (resume.command, resume.start, resume.decisions,
                          resume.answers + (cmd,))
                try:
                    self._drive(gen, cmd.value, fresh=False, origin=origin)
                except Refused as exc:
                    # The answered step cannot be rolled back past its decision; a ruleset
                    # should not refuse here, but if it does, the game goes on and says why.
                    self._paused = self._paused_at = None
                    self.state.resume = None
                    self._emit(ev.RuleApplied("orders", None, f"not carried out: {exc.refusal}"))
            else:
                if resume is not None:
                    raise Refused(
                        "decision_pending",
                        f"answer the pending decision first: {resume.ask.question}",
                        NOT_NOW,
                    )
                self._faces = []
                self._drive(self._step(cmd), None, fresh=True,
                            origin=(cmd, snapshot, decisions, ()))
        except Refused as exc:
            self._rollback(start, snapshot, mark, paused, paused_at, decisions)
            return Outcome(refusal=exc.refusal)
        except BaseException:
            self._rollback(start, snapshot, mark, paused, paused_at, decisions)
            raise
        rec = self._record(cmd, start)
        return Outcome(
            events=list(enumerate(self.log[rec.first:rec.last], rec.first + 1)),
            pending=self.state.pending,
        )

    def fork(self, dice: DiceSource | None = None) -> Engine:
        """A throw-away copy to try commands on (the AI, the odds, previews): its own state,
        an empty log and no listeners, and ``dice`` (default: a fork of these dice, which go
        on exactly as these would; pass fresh dice for independent throws). A decision pending
        here is pending in the copy too: it is data in the state (:class:`Resume`), and the
        copy carries the paused step on from it when it is answered there."""
        e = copy.copy(self)
        e.state = self.state.copy()
        # what was worked out on this state holds for its copy until the copy changes (each
        # change empties what it could make wrong): the AI's tries of one position then ask
        # the rules once, not once a try (a shooting plan checked when the candidates were
        # offered is the one the shot's first try uses)
        e.state.placed = dict(self.state.placed)
        e.state.derived = dict(self.state.derived)
        e.log = []
        e.records = []
        e.listeners = []
        e._paused = e._paused_at = None
        e._ctx = None
        e._faces = []
        e.dice = dice if dice is not None else self.dice.fork()
        return e

    def adopt(self, other: Engine) -> None:
        """Become ``other``, a fork of this engine (:meth:`fork`, its own dice forked from
        these) that has carried on from where this engine stands: its state, dice and
        decisions, what it logged (its records, told to this engine's listeners), and the step
        it has paused, if any, carried on here from now on. A search that tried each answer
        on a fork and keeps the best this way does not carry the answer out again (and a
        paused step taken over so does not have to be re-run from its data)."""
        start = len(self.log)
        self.log.extend(other.log)
        for rec in other.records:
            mine = Record(rec.command, rec.first + start, rec.last + start)
            self.records.append(mine)
            for listener in self.listeners:
                listener(mine, self.log[mine.first:mine.last])
        self.state, self.dice, self._decisions = other.state, other.dice, other._decisions
        self._faces = other._faces
        self._paused, self._paused_at = other._paused, other._paused_at
        self._ctx = other._ctx if other._paused is not None else None
        if self._ctx is not None:
            self._ctx.engine, self._ctx.roll = self, self._roll
        other._paused = other._paused_at = other._ctx = None  # (the step is this engine's now)

    def run_order(self, cmd: Command) -> Outcome:
        """Carry out one order of a list (a scenario's orders, a script) the way headless play
        does. Before an order that is not an answer, pending decisions take their defaults;
        then the ruleset may close what is in progress first (:meth:`Ruleset.before_order`:
        an order for another unit ends the current activation, as a command of its own, whose
        decisions take their defaults too)."""
        if isinstance(cmd, Answer):
            if self.state.resume is None:
                pre = self.ruleset.before_order(self.state, cmd)
                if pre is not None:
                    out = self.execute(pre)
                    if not out.ok:
                        return out
            return self.execute(cmd)
        self.prepare_order(cmd)
        return self.execute(cmd)

    def prepare_order(self, cmd: Command) -> None:
        """What headless play does before an order that is not an answer: pending decisions
        take their defaults, then the ruleset closes what is in progress if it must (that
        command's decisions take their defaults too)."""
        while self.state.resume is not None:
            self.answer_default()
        pre = self.ruleset.before_order(self.state, cmd)
        if pre is not None:
            self.execute(pre)
            while self.state.resume is not None:
                self.answer_default()

    def answer_default(self) -> Outcome:
        """Answer the pending decision with its documented default."""
        resume = self.state.resume
        assert resume is not None
        return self.execute(Answer(resume.ask.default, by_default=True))

    def finish(self) -> Outcome:
        """The orders have run out: answer what is pending with defaults, then close what is
        in progress (the ruleset's :meth:`~Ruleset.closing_order`: the current activation,
        the current player turn) as a command of its own, its decisions defaulted too."""
        out = Outcome()
        while self.state.resume is not None:
            o = self.answer_default()
            out.events += o.events
        closing = None if self.state.game_over else self.ruleset.closing_order(self.state)
        if closing is not None:
            o = self.execute(closing)
            out.events += o.events
            while self.state.resume is not None:
                o = self.answer_default()
                out.events += o.events
        return out

    # -- internals ---------------------------------------------------------------------------
    def _emit(self, event: ev.Event) -> None:
        state = self.state
        handler = state.handlers.get(type(event))  # what state.apply(state, event) does
        if handler is not None:
            if state.derived:
                reduce(state, handler, event)
            else:  # (reduce's own path when nothing is kept, without the call)
                handler(state, event)
                if state.derived:
                    state.derived.clear()
        state.events_applied += 1
        self.log.append(event)

    def _step(self, cmd: Command) -> Generator[ev.Event | Ask, Any, Any]:
        """The step that carries out ``cmd``: the ruleset's, or the engine's own draw."""
        if isinstance(cmd, Order) and cmd.do == DECLARE_DRAW:
            self._ctx = None
            return declared_draw(cmd)
        self._ctx = Context(self)
        return self.ruleset.handle(self._ctx, cmd)

    def _roll(self, sides: int, purpose: str) -> int:
        face = self.dice.roll(sides, purpose)
        self._faces.append(face)
        return face

    def _drive(
        self,
        gen: Generator[ev.Event | Ask, Any, Any],
        value: Any,
        fresh: bool,
        origin: tuple[Command, GameState, int, tuple[Answer, ...]] | None,
    ) -> None:
        """Run a step, applying what it yields, until it ends or asks a question: then the
        question and how to carry on (``origin``: the step's command, the state and decision
        count it began with, the answers before this question) go into the state."""
        send = value
        while True:
            try:
                item = next(gen) if fresh else gen.send(send)
            except StopIteration:
                self._paused = self._paused_at = None
                self.state.resume = None
                return
            fresh = False
            send = None
            if isinstance(item, ev.Event):
                self._emit(item)
            elif isinstance(item, Ask):
                if origin is None:  # pragma: no cover - a ruleset bug
                    raise TypeError("a ruleset asked a question as the game was set up")
                self._decisions += 1
                self._emit(
                    ev.DecisionRequested(
                        f"d{self._decisions}",
                        item.kind,
                        item.model,
                        item.side,
                        item.question,
                        item.options,
                        item.default,
                    )
                )
                cmd, began, decisions, answers = origin
                resume = Resume(item, cmd, began, decisions, tuple(self._faces), answers)
                self.state.resume = resume
                self._paused, self._paused_at = gen, resume
                return
            else:  # pragma: no cover - a ruleset bug
                raise TypeError(f"a ruleset step yielded {item!r}")

    def _carry_on(self, resume: Resume) -> Generator[ev.Event | Ask, Any, Any]:
        """The paused step of ``resume``: this engine's own when it paused it, else the step
        re-run from the data, with the dice it threw and the answers it was given, to the same
        question (what it emits on the way is already in the state: it is not logged again)."""
        if self._paused is not None and self._paused_at is resume:
            gen = self._paused
            self._paused = self._paused_at = None
            return gen
        now, log_len, dice = self.state, len(self.log), self.dice
        self.state = resume.start.copy()
        self._decisions = resume.decisions
        self.dice = _Replay(resume.faces, dice)  # type: ignore[assignment]
        try:
            self._faces = []
            origin = (resume.command, resume.start, resume.decisions, ())
            self._drive(self._step(resume.command), None, fresh=True, origin=origin)
            for i, answer in enumerate(resume.answers):
                pending = self.state.pending
                assert pending is not None and self._paused is not None
                gen = self._paused
                self._emit(ev.DecisionAnswered(pending.decision_id, answer.value,
                                               answer.by_default))
                self._drive(gen, answer.value, fresh=False,
                            origin=origin[:3] + (resume.answers[:i + 1],))
        finally:
            self.dice = dice
            del self.log[log_len:]
        paused = self._paused
        if paused is None or self.state.pending != now.pending:  # pragma: no cover
            raise RuntimeError("the paused step did not re-run to the same question")
        # (the step goes on with the state it re-ran on: its own locals may hold it)
        self._paused = self._paused_at = None
        return paused

    def _rollback(self, start: int, snapshot: GameState, mark: Any,
                  paused: Generator[ev.Event | Ask, Any, Any] | None, paused_at: Resume | None,
                  decisions: int) -> None:
        del self.log[start:]
        self.state = snapshot
        self.dice.restore(mark)
        self._paused, self._paused_at, self._decisions = paused, paused_at, decisions

    def _record(self, cmd: Command | None, start: int) -> Record:
        rec = Record(cmd, start, len(self.log))
        self.records.append(rec)
        if self.listeners:
            new = self.log[start:]
            for listener in self.listeners:
                listener(rec, new)
        return rec

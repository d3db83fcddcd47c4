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
from game.core.state import GameState


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

    __slots__ = ("engine", "dice", "ruleset")

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.dice: DiceSource = engine.dice
        self.ruleset: Ruleset = engine.ruleset

    @property
    def state(self) -> GameState:
        return self.engine.state

    def roll(self, sides: int, purpose: str) -> int:
        return self.dice.roll(sides, purpose)


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


class _Relay:
    """Dice that pass every call on to ``source``, which can be swapped (see
    :meth:`Engine.fork`: a paused step re-run on a copy keeps the dice object it started
    with, and must go on with the copy's own dice)."""

    __slots__ = ("source",)

    def __init__(self, source: DiceSource) -> None:
        self.source = source

    def roll(self, sides: int, purpose: str) -> int:
        return self.source.roll(sides, purpose)

    def mark(self) -> Any:
        return self.source.mark()

    def restore(self, mark: Any) -> None:
        self.source.restore(mark)

    def fork(self) -> DiceSource:
        return self.source.fork()

    @property
    def count(self) -> int:
        return int(getattr(self.source, "count", 0))


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
        self._suspended: Generator[ev.Event | Ask, Any, Any] | None = None
        self._ask: Ask | None = None
        self._origin: tuple[Any, GameState, Any, int, int] | None = None
        self._answers: list[Answer] = []
        self._decisions = 0
        ctx = Context(self)
        start = len(self.log)

        def opening() -> Generator[ev.Event | Ask, Any, Any]:
            yield ev.GameStarted(scenario.name, scenario.ruleset, self.seed)
            yield from self.ruleset.start(ctx)

        self._drive(opening(), None, fresh=True)
        self._record(None, start)

    # -- public ------------------------------------------------------------------------------
    @property
    def pending(self) -> ev.DecisionRequested | None:
        return self.state.pending

    @property
    def pending_ask(self) -> Ask | None:
        return self._ask

    def execute(self, cmd: Command) -> Outcome:
        """Carry out one command. Never raises for a command the rules forbid: the outcome
        carries the refusal. Raises :class:`~game.core.errors.DiceExhausted` when scripted dice
        run out (the state is rolled back first)."""
        if self.state.game_over:
            return Outcome(refusal=Refusal("game_over", "the game is over", NOT_NOW))
        start = len(self.log)
        snapshot = self.state.copy()
        mark = self.dice.mark()
        suspended, ask, decisions = self._suspended, self._ask, self._decisions
        try:
            if isinstance(cmd, Answer):
                if self._suspended is None or self._ask is None:
                    raise Refused("no_decision", "there is no decision to answer")
                problem = self._ask.problem(cmd.value)
                if problem:
                    raise Refused("bad_answer", f"{self._ask.question}: {problem}")
                gen = self._suspended
                self._suspended, self._ask = None, None
                pending = self.state.pending
                assert pending is not None
                self._emit(ev.DecisionAnswered(pending.decision_id, cmd.value, cmd.by_default))
                try:
                    self._drive(gen, cmd.value, fresh=False)
                except Refused as exc:
                    # The answered step cannot be rolled back past its decision; a ruleset
                    # should not refuse here, but if it does, the game goes on and says why.
                    self._suspended, self._ask = None, None
                    self._emit(ev.RuleApplied("orders", None, f"not carried out: {exc.refusal}"))
            else:
                if self._suspended is not None:
                    raise Refused(
                        "decision_pending",
                        f"answer the pending decision first: {self._ask.question if self._ask else ''}",
                        NOT_NOW,
                    )
                step = (declared_draw(cmd) if cmd.do == DECLARE_DRAW
                        else self.ruleset.handle(Context(self), cmd))
                self._drive(step, None, fresh=True)
                if self._suspended is not None:
                    # Remember where this paused step began, to rebuild it if an answer fails.
                    self._origin = (cmd, snapshot, mark, start, decisions)
                    self._answers = []
        except Refused as exc:
            self._rollback(start, snapshot, mark, suspended, ask, decisions)
            return Outcome(refusal=exc.refusal)
        except BaseException:
            self._rollback(start, snapshot, mark, suspended, ask, decisions)
            if isinstance(cmd, Answer) and self._suspended is not None:
                self._rebuild_suspended()
            raise
        if isinstance(cmd, Answer) and self._suspended is not None:
            self._answers.append(cmd)
        rec = self._record(cmd, start)
        return Outcome(
            events=list(enumerate(self.log[rec.first:rec.last], rec.first + 1)),
            pending=self.state.pending,
        )

    def fork(self, dice: DiceSource | None = None) -> Engine:
        """A throw-away copy to try commands on (the AI, the odds, previews): its own state,
        an empty log and no listeners, and ``dice`` (default: a fork of these dice, which go
        on exactly as these would; pass fresh dice for independent throws). A decision that
        is pending here is pending in the copy too, with its own paused step, so it can be
        answered there: the step that paused is re-run on the copy from where it began, with
        a copy of these dice set back to that point and the answers given so far."""
        e = copy.copy(self)
        e.state = self.state.copy()
        e.log = []
        e.records = []
        e.listeners = []
        e._answers = list(self._answers)
        if self._suspended is not None:
            e._suspended = e._ask = None
            if self._origin is not None:
                cmd, snapshot, mark, _start, decisions = self._origin
                again = copy.deepcopy(self.dice)
                again.restore(mark)
                # the re-run step keeps the dice it was given: dice that replay these up to
                # the pause, then hand over to the copy's own
                relay = _Relay(again)
                e.dice = relay
                e.state = snapshot.copy()
                e._decisions = decisions
                e._drive(self.ruleset.handle(Context(e), cmd), None, fresh=True)
                for answer in self._answers:
                    gen, pending = e._suspended, e.state.pending
                    assert gen is not None and pending is not None
                    e._suspended = e._ask = None
                    e._emit(ev.DecisionAnswered(pending.decision_id, answer.value,
                                                answer.by_default))
                    e._drive(gen, answer.value, fresh=False)
                e.log = []
                e._origin = None  # (its dice are not these: it cannot be rebuilt again)
                relay.source = dice if dice is not None else self.dice.fork()
                return e
        e.dice = dice if dice is not None else self.dice.fork()
        return e

    def run_order(self, cmd: Command) -> Outcome:
        """Carry out one order of a list (a scenario's orders, a script) the way headless play
        does. Before an order that is not an answer, pending decisions take their defaults;
        then the ruleset may close what is in progress first (:meth:`Ruleset.before_order`:
        an order for another unit ends the current activation, as a command of its own, whose
        decisions take their defaults too)."""
        if isinstance(cmd, Answer):
            if self._ask is None:
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
        while self._ask is not None:
            self.answer_default()
        pre = self.ruleset.before_order(self.state, cmd)
        if pre is not None:
            self.execute(pre)
            while self._ask is not None:
                self.answer_default()

    def answer_default(self) -> Outcome:
        """Answer the pending decision with its documented default."""
        assert self._ask is not None
        return self.execute(Answer(self._ask.default, by_default=True))

    def finish(self) -> Outcome:
        """The orders have run out: answer what is pending with defaults, then close what is
        in progress (the ruleset's :meth:`~Ruleset.closing_order`: the current activation,
        the current player turn) as a command of its own, its decisions defaulted too."""
        out = Outcome()
        while self._ask is not None:
            o = self.answer_default()
            out.events += o.events
        closing = None if self.state.game_over else self.ruleset.closing_order(self.state)
        if closing is not None:
            o = self.execute(closing)
            out.events += o.events
            while self._ask is not None:
                o = self.answer_default()
                out.events += o.events
        return out

    # -- internals ---------------------------------------------------------------------------
    def _emit(self, event: ev.Event) -> None:
        state = self.state
        handler = state.handlers.get(type(event))  # what state.apply(state, event) does, inlined
        if handler is not None:
            if state.derived:  # (a reducer must not read values worked out before it)
                state.derived.clear()
            handler(state, event)
            if state.derived:
                state.derived.clear()
        state.events_applied += 1
        self.log.append(event)

    def _drive(
        self, gen: Generator[ev.Event | Ask, Any, Any], value: Any, fresh: bool
    ) -> None:
        send = value
        while True:
            try:
                item = next(gen) if fresh else gen.send(send)
            except StopIteration:
                return
            fresh = False
            send = None
            if isinstance(item, ev.Event):
                self._emit(item)
            elif isinstance(item, Ask):
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
                self._suspended, self._ask = gen, item
                return
            else:  # pragma: no cover - a ruleset bug
                raise TypeError(f"a ruleset step yielded {item!r}")

    def _rebuild_suspended(self) -> None:
        """An answer failed after the paused generator had run on (scripted dice ran out, a
        rule crashed): the state is back where it was, but a generator cannot be rewound.
        Re-run the step that paused, from its start, with the answers already given: the same
        dice and the same choices bring it back to the same decision, ready to answer again."""
        assert self._origin is not None
        cmd, snapshot, mark, start, decisions = self._origin
        state_now, log_now = self.state, self.log[start:]
        self.state = snapshot.copy()
        self.dice.restore(mark)
        del self.log[start:]
        self._decisions = decisions
        self._suspended = self._ask = None
        self._drive(self.ruleset.handle(Context(self), cmd), None, fresh=True)
        for answer in self._answers:
            gen, pending = self._suspended, self.state.pending
            assert gen is not None and pending is not None
            self._suspended = self._ask = None
            self._emit(ev.DecisionAnswered(pending.decision_id, answer.value, answer.by_default))
            self._drive(gen, answer.value, fresh=False)
        if self.log[start:] != log_now or self._suspended is None:  # pragma: no cover
            self.state = state_now  # cannot happen with deterministic rules; keep what we had
            raise RuntimeError("the paused step did not re-run to the same point")

    def _rollback(self, start, snapshot, mark, suspended, ask, decisions) -> None:  # type: ignore[no-untyped-def]
        del self.log[start:]
        self.state = snapshot
        self.dice.restore(mark)
        self._suspended, self._ask, self._decisions = suspended, ask, decisions

    def _record(self, cmd: Command | None, start: int) -> Record:
        rec = Record(cmd, start, len(self.log))
        self.records.append(rec)
        if self.listeners:
            new = self.log[start:]
            for listener in self.listeners:
                listener(rec, new)
        return rec

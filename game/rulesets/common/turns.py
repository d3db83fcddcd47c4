"""The one flow engine under every ruleset: game turns, the sides' turns inside them, and the
phases of a side's turn, declared as data and run by :class:`GameTurns`.

A game turn is a series of **side turns**: one player turn for each side in the phased
rank-and-flank rulesets, or one activation of a unit at a time, the sides alternating, in the
activation rulesets. What a side turn is, is a :class:`TurnOrder` (the events that open and
close it, the moments at which conditions act, and when the game turn is over). What happens
inside one is a tuple of declared :class:`Phase` (empty: a side turn is one run of orders, as
an activation is), each with what it does by itself as it starts and before it ends and the
:class:`Stage` it opens with.

The engine, for both shapes:

- **a side turn starts** (:meth:`GameTurns.begin_side_turn`): its opening event; its first
  phase is announced; the ruleset's :meth:`~GameTurns.side_turn_starting`; the conditions of
  the units taking it (and of their models) act at the order's start moment, and the game
  ends if that left a side with nothing; then what the first phase does as it starts;
- **a phase ends** (:meth:`GameTurns.next_phase`): the stage it opened with closes if open,
  what the phase does before it ends, the conditions act at ``PHASE_END``, ``PhaseEnded``;
  then the next phase starts, or after the last the side turn closes;
- **a side turn closes** (:meth:`GameTurns.close_side_turn`): the ruleset's
  :meth:`~GameTurns.side_turn_ending`, the conditions at the order's end moment, its closing
  event, the check for a side with nothing left; and when the order says the game turn is
  over, the game turn ends (:meth:`GameTurns.game_turn_over`);
- **a game turn ends**: the conditions at ``GAME_TURN_END``, the ruleset's
  :meth:`~GameTurns.game_turn_ending`, ``TurnEnded``; the game ends if a side is gone or it
  was the last turn, otherwise the next game turn starts.

Which orders start and end a side turn (``begin_turn``, ``end_activation``...) is the flow's
own: :class:`~game.rulesets.common.flow.AlternatingActivations` and
:class:`~game.rulesets.rank_and_flank.flow.PhasedRuleset` each declare their
:class:`TurnOrder` and turn the orders into the engine's steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.core import events as ev
from game.core.ruleset import ConditionInfo, Ruleset, Step
from game.core.state import GameState
from game.rulesets.common.conditions import GAME_TURN_END, PHASE_END, Conditions, Moment

#: what a phase or a stage does by itself: a ruleset's method, given the ruleset and the context
Doing = Callable[[Any, Any], Step]


@dataclass(frozen=True, slots=True)
class Stage:
    """The step a phase opens with, which some of the phase's orders belong to (charges are
    declared before any other move). ``close`` is what leaving it does (the declared charges
    move; it announces the steps it goes through with :class:`~game.core.events.PhaseStep`):
    it runs when the phase ends or when an order of the phase that is not one of ``orders`` is
    given. An order of ``orders`` given once the stage is closed is refused with ``too_late``."""

    name: str
    orders: tuple[str, ...]
    close: Doing
    too_late: str


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a side turn, declared: its name, what it does by itself as it starts
    (``on_start``) and before it ends (``on_end``), and the :class:`Stage` it opens with. The
    phase after it is the next in the ruleset's tuple; after the last the side turn closes."""

    name: str
    on_start: Doing | None = None
    on_end: Doing | None = None
    opens_with: Stage | None = None


def goes_straight(turn: tuple[Phase, ...], phase: str | None, to: str) -> bool:
    """Whether going on from ``phase`` to the later phase ``to`` of the side turn ``turn``
    does nothing by itself: ``phase`` has nothing to do as it ends (no ``on_end``, no stage
    to close), and no phase after it up to ``to`` has anything to do as it starts. An order
    of ``to`` given in ``phase`` (a shot in ninth-age's Magic phase) then comes out as it
    would in ``to`` itself."""
    names = [p.name for p in turn]
    if phase not in names or to not in names:
        return False
    start, end = names.index(phase), names.index(to)
    if start >= end or turn[start].on_end is not None or turn[start].opens_with is not None:
        return False
    return all(p.on_start is None and p.opens_with is None for p in turn[start + 1:end + 1])


@dataclass(frozen=True, slots=True)
class SideTurn:
    """The side turn in progress: whose it is, the unit taking it (an activation's; None
    for a whole side's player turn), the number of events applied when it began, and the
    phase it is in with the step inside it (None and "" when its turn has no phases)."""

    side: int
    unit: str | None
    since: int
    phase: str | None = None
    step: str = ""


@dataclass(frozen=True, slots=True)
class TurnOrder:
    """What a side turn is, as data.

    - ``started`` / ``ended``: the events that open and close one, given the side and the unit
      taking it (None for a whole side);
    - ``start_moment`` / ``end_moment``: the moments the conditions of the units taking it
      (and of their models) act at as it starts and as it closes (None: none at its close);
    - ``takers``: the units taking a side turn of ``side`` (``unit``'s alone, for an
      activation);
    - ``game_turn_over``: whether the game turn is over once a side turn of ``side`` has
      closed (the state already has its closing event).
    """

    started: Callable[[int, str | None], ev.Event]
    ended: Callable[[int, str | None], ev.Event]
    start_moment: str
    end_moment: str | None
    takers: Callable[[GameState, int, str | None], list[str]]
    game_turn_over: Callable[[GameState, int], bool]


class GameTurns(Ruleset):
    """The flow engine (see the module's text), for a flow to subclass: it declares its
    :class:`TurnOrder` and, through its ruleset, the phases of a side turn (``turn``)."""

    #: the ruleset's conditions: what each does at the flow's moments and when it ends
    condition_registry = Conditions()
    #: what a side turn is
    turn_order: TurnOrder
    #: the phases of a side turn, in order (none: a side turn is one run of orders)
    turn: tuple[Phase, ...] = ()

    def conditions(self) -> Mapping[str, ConditionInfo]:
        return self.condition_registry.infos()

    def side_turn(self, s: GameState) -> SideTurn | None:
        """The side turn in progress, if one is."""
        raise NotImplementedError

    @property
    def phase_names(self) -> tuple[str, ...]:
        """The phases of a side turn, in order."""
        return tuple(p.name for p in self.turn)

    def phase(self, name: str) -> Phase:
        return next(p for p in self.turn if p.name == name)

    # -- the moments --------------------------------------------------------------------------
    def conditions_act(self, ctx: Context, units: Sequence[str] | None, moment: Moment) -> Step:
        """The conditions held by ``units`` (None: every unit), then by their models, act at
        ``moment`` and end if it is their time."""
        s = ctx.state
        registry = self.condition_registry
        uids = list(s.units) if units is None else list(units)
        yield from registry.at_units(ctx, uids, moment)
        names = list(ctx.state.models) if units is None else [
            n for u in uids for n in ctx.state.units[u].models]
        yield from registry.at_models(ctx, names, moment)

    # -- side turns ---------------------------------------------------------------------------
    def start(self, ctx: Context) -> Step:
        yield ev.TurnStarted(1)

    def begin_side_turn(self, ctx: Context, side: int, unit: str | None = None) -> Step:
        """``side``'s turn (``unit``'s activation) starts."""
        order = self.turn_order
        yield order.started(side, unit)
        first = self.turn[0] if self.turn else None
        if first is not None:
            yield from self.announce_phase(ctx, side, first)
        yield from self.side_turn_starting(ctx, side, unit)
        yield from self.conditions_act(ctx, order.takers(ctx.state, side, unit),
                                       Moment(order.start_moment))
        yield from self.check_winner(ctx)  # (a condition acting may have taken out the last model)
        if ctx.state.game_over:
            return
        if first is not None and first.on_start is not None:
            yield from first.on_start(self, ctx)

    def announce_phase(self, ctx: Context, side: int, phase: Phase) -> Step:
        yield ev.PhaseStarted(side, phase.name)
        if phase.opens_with is not None:
            yield ev.PhaseStep(side, phase.name, phase.opens_with.name)

    def start_phase(self, ctx: Context, phase: Phase) -> Step:
        """A phase after the first of the side turn in progress starts."""
        now = self.side_turn(ctx.state)
        assert now is not None
        yield from self.announce_phase(ctx, now.side, phase)
        if phase.on_start is not None:
            yield from phase.on_start(self, ctx)

    def phase_ending(self, ctx: Context, phase: str) -> Step:
        """What the phase does by itself before it ends (before ``PhaseEnded``): the stage
        it opened with closes if it is still open, then the phase's own ending, then the
        conditions' moment."""
        spec = self.phase(phase)
        stage = spec.opens_with
        now = self.side_turn(ctx.state)
        if stage is not None and now is not None and now.step == stage.name:
            yield from stage.close(self, ctx)
        if spec.on_end is not None:
            yield from spec.on_end(self, ctx)
        yield from self.conditions_act(ctx, None, Moment(PHASE_END, phase))

    def next_phase(self, ctx: Context) -> Step:
        """End the current phase and start the next, or close the side turn after the last."""
        now = self.side_turn(ctx.state)
        assert now is not None and now.phase is not None
        i = self.phase_names.index(now.phase)
        yield from self.phase_ending(ctx, now.phase)
        if ctx.state.game_over:
            return
        yield ev.PhaseEnded(now.side, now.phase)
        if i + 1 < len(self.turn):
            yield from self.start_phase(ctx, self.turn[i + 1])
        else:
            yield from self.close_side_turn(ctx)

    def close_side_turn(self, ctx: Context) -> Step:
        """The side turn in progress is over (its phases, if any, have ended)."""
        now = self.side_turn(ctx.state)
        if now is None or ctx.state.game_over:
            return
        order = self.turn_order
        yield from self.side_turn_ending(ctx, now.side, now.unit)
        if ctx.state.game_over:
            return
        if order.end_moment is not None:
            yield from self.conditions_act(ctx, order.takers(ctx.state, now.side, now.unit),
                                           Moment(order.end_moment, since=now.since))
        yield order.ended(now.side, now.unit)
        yield from self.check_winner(ctx)
        if not ctx.state.game_over and order.game_turn_over(ctx.state, now.side):
            yield from self.game_turn_over(ctx)

    # -- game turns ---------------------------------------------------------------------------
    def game_turn_over(self, ctx: Context) -> Step:
        """The game turn's last side turn is over: the conditions and the ruleset act, the
        game turn ends, and the game ends if a side is gone or it was the last turn;
        otherwise the next game turn starts."""
        yield from self.conditions_act(ctx, None, Moment(GAME_TURN_END))
        yield from self.game_turn_ending(ctx)
        turn = ctx.state.turn
        yield ev.TurnEnded(turn)
        yield from self.check_winner(ctx)
        if ctx.state.game_over:
            return
        limit = ctx.state.max_turns
        if limit is not None and turn >= limit:
            yield ev.GameEnded(*self.final_result(ctx.state, turn))
            return
        yield ev.TurnStarted(turn + 1)

    # -- what a ruleset fills in --------------------------------------------------------------
    def side_turn_starting(self, ctx: Context, side: int, unit: str | None) -> Step:
        """What happens as a side turn starts, before the conditions of its units act (and
        before its first phase, if any, does its own work)."""
        yield from ()

    def side_turn_ending(self, ctx: Context, side: int, unit: str | None) -> Step:
        """What happens as a side turn closes, before its units' conditions act."""
        yield from ()

    def game_turn_ending(self, ctx: Context) -> Step:
        """What happens at the end of a game turn, after the conditions and before
        ``TurnEnded``."""
        yield from ()

    def check_winner(self, ctx: Context) -> Step:
        """End the game when a side has nothing left in it."""
        raise NotImplementedError

    def final_result(self, s: GameState, turn: int) -> tuple[int | str | None, str]:
        """The winner (or "draw") and the reason, when the last game turn ``turn`` is over."""
        raise NotImplementedError

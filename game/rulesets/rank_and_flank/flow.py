"""Player turns made of phases: the turn flow of the rank-and-flank rulesets.

A game turn is one player turn for each side, the scenario's first side first. A player turn
runs the ruleset's phases in order; what a phase does by itself (tests, combat, flee moves)
happens when the phase starts or ends, whatever the orders. The flow orders:

- ``next_phase`` ends exactly the current phase (ending the last one ends the player turn);
- ``end_turn`` ends the player turn: the phases left still do what they do by themselves;
- an action that belongs to a later phase of the player turn first ends the phases before it;
- ``begin_turn`` begins the player turn that is due (headless play sends it before the first
  order of a player turn, so that turn's own tests and decisions come before that order).

A player turn that is due has not begun: its phases have not started. When the orders run out
headless play finishes the player turn in progress (the first one of the game counts as in
progress) and stops, so the next side's turn is not begun and rolls nothing.

A ruleset subclasses :class:`PhasedRuleset` and declares its player turn as data: a tuple of
:class:`~game.rulesets.common.turns.Phase` (what each phase does by itself as it starts and
before it ends, and the :class:`~game.rulesets.common.turns.Stage` it opens with, such as the
declaring of charges that some orders belong to) and its orders (an
:class:`~game.rulesets.common.orders.Orders`, each belonging to one phase). The flow engine of
:mod:`game.rulesets.common.turns`, the same that runs activations, runs them: a player turn
is its side turn, and a ruleset writes no code about which phase it is in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.core import events as ev
from game.core.commands import Answer, Command, Order
from game.core.errors import NOT_NOW, Refused
from game.core.ruleset import (
    PHASES,
    FlowInfo,
    Step,
    UIAction,
)
from game.core.state import FlowState, GameState, Handler, clear_scope
from game.rulesets.common.conditions import PLAYER_TURN_START
from game.rulesets.common.orders import Orders, OrderType
from game.rulesets.common.turns import GameTurns, SideTurn, TurnOrder
from game.rulesets.rank_and_flank import units as RF
from game.rulesets.rank_and_flank import victory as V

#: orders of the flow itself, which take no keys
FLOW_ORDERS = ("next_phase", "end_turn", "begin_turn")

#: the window's buttons for them
FLOW_BUTTONS = (
    UIAction("next_phase", "Next phase", "n", short="Next", tip="End the current phase: what the next one does "
             "by itself (charges moving, combats) happens as it starts"),
    UIAction("end_turn", "End turn", "t", tip="End the player turn: the phases left still do what "
             "they do by themselves", confirm="End this player turn? The phases left still do "
             "what they do by themselves (charges move, combats are fought)."),
)


def other_side(side: int) -> int:
    return 2 if side == 1 else 1


class Phases(FlowState):
    """Whose player turn it is (or is due), the phase it is in (None: not begun yet), how
    many player turns have begun in the game, and the step inside the phase (a ruleset's
    own word, e.g. the movement phase's "declare" then "moves")."""

    __slots__ = ("side", "phase", "begun", "step")

    def __init__(self, side: int) -> None:
        self.side = side
        self.phase: str | None = None
        self.begun = 0
        self.step = ""

    def copy(self) -> Phases:
        new = Phases(self.side)
        new.phase, new.begun, new.step = self.phase, self.begun, self.step
        return new

    def digest(self) -> Any:
        return (self.side, self.phase, self.begun, self.step)


def phases(s: GameState) -> Phases:
    flow = s.flow
    assert isinstance(flow, Phases)
    return flow


def _player_turn_started(s: GameState, e: Any) -> None:
    f = phases(s)
    f.side, f.phase, f.step = e.side, None, ""
    f.begun += 1


def _player_turn_ended(s: GameState, e: Any) -> None:
    f = phases(s)
    f.side, f.phase, f.step = other_side(e.side), None, ""
    clear_scope(s, "player_turn")


def _phase_started(s: GameState, e: Any) -> None:
    f = phases(s)
    f.phase, f.step = e.phase, ""


def _phase_ended(s: GameState, e: Any) -> None:
    clear_scope(s, "phase")


def _step_changed(s: GameState, e: Any) -> None:
    phases(s).step = e.step


FLOW_REDUCERS: dict[type[ev.Event], Handler] = {
    ev.PlayerTurnStarted: _player_turn_started,
    ev.PlayerTurnEnded: _player_turn_ended,
    ev.PhaseStarted: _phase_started,
    ev.PhaseEnded: _phase_ended,
    ev.PhaseStep: _step_changed,
}


#: what carries out a unit's order: a function of the context and the order (the order types
#: are registered in an :class:`~game.rulesets.common.orders.Orders`, each with its phase)
PhasedRun = Callable[[Any, Order], Step]


class PhasedRuleset(GameTurns):
    """Game turns of one player turn a side, each made of phases, for a ruleset to subclass.
    ``turn`` declares the phases in order; ``actions`` are the unit orders, each belonging
    to one phase. (The flow engine, :class:`GameTurns`, runs the player turns, their phases
    and the game turns; this class turns the flow orders into its steps.)"""

    off_table = RF.OFF_TABLE_STATUSES

    actions: Orders[PhasedRun] = Orders()

    @property
    def flow(self) -> FlowInfo:  # type: ignore[override]
        return FlowInfo(PHASES, self.phase_names, FLOW_ORDERS)

    def reducers(self) -> Mapping[type[ev.Event], Handler]:
        return FLOW_REDUCERS

    # -- headless play ---------------------------------------------------------------------
    def before_order(self, state: GameState, cmd: Command) -> Command | None:
        if state.game_over or phases(state).phase is not None:
            return None
        if isinstance(cmd, Answer):
            return Order("begin_turn") if state.pending is None else None
        return None if cmd.do == "begin_turn" else Order("begin_turn")

    def closing_order(self, state: GameState) -> Command | None:
        f = phases(state)
        if state.game_over or (f.phase is None and f.begun > 0):
            return None
        return Order("end_turn")

    # -- the window ------------------------------------------------------------------------
    def active_side(self, state: GameState) -> int | None:
        return None if state.game_over else phases(state).side

    # -- the window's view of units in formation --------------------------------------------
    # -- orders ----------------------------------------------------------------------------
    def handle(self, ctx: Context, cmd: Command) -> Step:
        assert isinstance(cmd, Order)
        s = ctx.state
        if cmd.do in FLOW_ORDERS:
            if cmd.args:
                key = cmd.args[0][0]
                raise Refused("unknown_key", f'order "{cmd.do}" has no key "{key}" (it takes no keys)')
            if cmd.unit is not None:
                raise Refused("unknown_key", f'order "{cmd.do}" is for the whole side, not a unit')
        f = phases(s)
        if cmd.do == "begin_turn":
            if f.phase is not None:
                raise Refused("turn_begun", f"side {f.side}'s player turn has already begun")
            yield from self.begin_player_turn(ctx)
            return
        if cmd.do == "end_turn":
            if f.phase is None:
                yield from self.begin_player_turn(ctx)
            yield from self.end_player_turn(ctx)
            return
        if cmd.do == "next_phase":
            if f.phase is None:
                yield from self.begin_player_turn(ctx)
            yield from self.next_phase(ctx)
            return
        action = self.actions.get(cmd.do)
        if action is None:
            known = ", ".join(sorted([*self.actions, "next_phase", "end_turn"]))
            raise Refused("unknown_action", f'unknown order "{cmd.do}" (known: {known})')
        self.check_order(s, cmd, action)
        if f.phase is None:
            yield from self.begin_player_turn(ctx)
        yield from self.reach_phase(ctx, action.phase, cmd)
        if ctx.state.game_over:
            return
        stage = self.phase(action.phase).opens_with
        if stage is not None:
            open_now = phases(ctx.state).step == stage.name
            if cmd.do in stage.orders and not open_now:
                raise Refused("too_late", stage.too_late, NOT_NOW)
            if cmd.do not in stage.orders and open_now:
                yield from stage.close(self, ctx)
        yield from action.handler(ctx, cmd)

    def check_order(self, s: GameState, cmd: Order, action: OrderType[PhasedRun]) -> None:
        """Refuse, before anything happens, an order the flow cannot take now: a unit not of
        the side whose turn it is, or an action of a phase already over."""
        f = phases(s)
        if cmd.unit is None:
            raise Refused("no_unit", f'the order "{cmd.do}" needs a unit')
        unit = s.units.get(cmd.unit)
        if unit is None:
            raise Refused("unknown_unit", f'there is no unit "{cmd.unit}"')
        if unit.side != f.side:
            raise Refused("not_your_turn",
                          f'"{unit.display}" is on side {unit.side}; it is side {f.side}\'s turn', NOT_NOW)
        if f.phase is not None:
            now = self.phase_names.index(f.phase)
            if self.phase_names.index(action.phase) < now:
                raise Refused("phase_over", f'a "{cmd.do}" belongs to the {action.phase} phase, '
                              f"which is over: it is the {f.phase} phase", NOT_NOW)
        for key, _ in cmd.args:
            if key not in action.keys:
                takes = ", ".join(action.keys) or "no keys"
                raise Refused("unknown_key", f'order "{cmd.do}" has no key "{key}" (it takes: {takes})')

    # -- the flow: a player turn is the engine's side turn -----------------------------------
    turn_order = TurnOrder(
        started=lambda side, unit: ev.PlayerTurnStarted(side),
        ended=lambda side, unit: ev.PlayerTurnEnded(side),
        start_moment=PLAYER_TURN_START,
        end_moment=None,
        takers=lambda s, side, unit: [u for u, rec in s.units.items() if rec.side == side],
        game_turn_over=lambda s, side: side != s.first_side,
    )

    def side_turn(self, s: GameState) -> SideTurn | None:
        f = phases(s)
        return None if f.phase is None else SideTurn(f.side, None, 0, f.phase, f.step)

    def begin_player_turn(self, ctx: Context) -> Step:
        yield from self.begin_side_turn(ctx, phases(ctx.state).side)

    def reach_phase(self, ctx: Context, phase: str, cmd: Order | None = None) -> Step:
        """End phases until ``phase`` is the current one."""
        target = self.phase_names.index(phase)
        while not ctx.state.game_over:
            f = phases(ctx.state)
            if f.phase is None or self.phase_names.index(f.phase) >= target:
                return
            yield from self.next_phase(ctx)

    def end_player_turn(self, ctx: Context) -> Step:
        side = phases(ctx.state).side
        begun = phases(ctx.state).begun
        while not ctx.state.game_over:
            f = phases(ctx.state)
            if f.phase is None or f.side != side or f.begun != begun:
                return
            yield from self.next_phase(ctx)

    # -- what a ruleset fills in -------------------------------------------------------------
    def fled_through(self, ctx: Context, unit: str, start: Any, end: Any,
                     crossed: Sequence[str]) -> Step:
        """A fleeing unit has moved straight from ``start`` to ``end`` (formation blocks,
        after its pivot) over ``crossed``, the units and impassable terrain its path overlapped:
        the tests the ruleset's rules give for it (none by default)."""
        yield from ()

    def check_winner(self, ctx: Context) -> Step:
        """End the game when a side has no units left on the table."""
        s = ctx.state
        if s.game_over:
            return
        left = {side: any(u.on_table and u.side == side for u in s.units.values())
                for side in (1, 2)}
        if not left[1] and not left[2]:
            yield ev.GameEnded(None, "no units left on either side")
        elif not left[1]:
            yield ev.GameEnded(2, "side 1 has no units left on the table")
        elif not left[2]:
            yield ev.GameEnded(1, "side 2 has no units left on the table")

    # -- victory points (see game/rulesets/rank_and_flank/victory.py) ---------------------------
    #: what the ruleset counts toward victory points
    victory = V.VictoryRules()

    def strength(self, s: GameState, unit: str) -> tuple[int, int]:
        """A unit's strength now and at the start, for "reduced to a quarter or less" (here its
        models; a ruleset may count Unit Strength or Health Points)."""
        return len(RF.alive(s, unit)), len(s.units[unit].models)

    def victory_margin(self, s: GameState) -> int:
        """How many victory points ahead a side must be to win once the last turn is over."""
        return 1

    def victory_grade(self, s: GameState, scored: dict[int, int], winner: int) -> str:
        """How the win is called ("a crushing victory"...), for the result; "" for a plain win."""
        return ""

    def victory_points(self, s: GameState) -> dict[int, int]:
        """Each side's victory points as things stand."""
        key = "victory_points"
        got: dict[int, int] | None = s.derived.get(key)
        if got is None:
            got = s.derived[key] = V.scores(s, self.victory, self.strength)
        return got

    def final_result(self, s: GameState, turn: int) -> tuple[int | str | None, str]:
        """The winner on victory points, by the ruleset's margin, when the last turn ends."""
        scored = self.victory_points(s)
        needed = self.victory_margin(s)
        winner, margin = V.margin_winner(scored, needed)
        tally = f"{scored[1]} to {scored[2]}"
        head = f"game turn {turn}, the last, is over: "
        if winner == "draw":
            return "draw", (head + f"a draw on victory points, {tally} (a lead of {needed} "
                            f"or more wins; the lead is {margin})")
        assert isinstance(winner, int)
        grade = self.victory_grade(s, scored, winner)
        return winner, (head + f"side {winner} wins on victory points"
                        f"{' (' + grade + ')' if grade else ''}, {tally} (a lead of {margin}; "
                        f"{needed} needed)")

    def game_result(self, state: GameState) -> dict[str, Any]:
        vp = self.victory_points(state)
        return {"victory_points": {"1": vp[1], "2": vp[2]},
                "winner": None if state.winner == "draw" else state.winner}


def phased(ctx: Context) -> PhasedRuleset:
    """The rank-and-flank ruleset a step runs under (its flow's own steps: the winner check,
    the tests of fleeing through)."""
    rs = ctx.ruleset
    assert isinstance(rs, PhasedRuleset)
    return rs


__all__ = ["FLOW_ORDERS", "FLOW_REDUCERS", "phased", "PhasedRuleset", "PhasedRun", "Phases",
           "other_side", "phases"]

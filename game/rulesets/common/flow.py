"""The alternating-activation flow: game turns in which the two sides take turns activating
one unit at a time (the scenario's first side first), the flow orders ``end_activation`` and
``end_turn``, and the end of the game (a side with no models left, or the last game turn
played). An activation is a side turn of the flow engine
(:mod:`game.rulesets.common.turns`), which starts and closes it and ends the game turn.

A ruleset subclasses :class:`AlternatingActivations` and fills in what it does its own way:

- ``actions``: its action registry (order name -> handler), given to :meth:`carry_out`;
- :meth:`check_keys`: the check of an order's keys (here, of the flow orders');
- :meth:`carry_out`: an order for a model, once the flow orders are out of the way;
- :meth:`model_values`: the ``Model`` fields of a unit's models besides place and name;
- the engine's :meth:`~GameTurns.side_turn_starting`, :meth:`~GameTurns.side_turn_ending`
  and :meth:`~GameTurns.game_turn_ending`: what happens when an activation starts, before it
  ends, and before the game turn ends (default: nothing);
- :meth:`side_left`: whether a side still has models in the game;
- :meth:`final_score`: who won on the last game turn, and by what count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core import events as ev
from game.core.commands import Answer, Command, Order
from game.core.errors import NOT_NOW, Refused
from game.core.log import plural
from game.core.ruleset import ALTERNATING, FlowInfo, Step
from game.core.scenario import Scenario, UnitSpec
from game.core.state import FlowState, GameState, Handler, Model, clear_scope
from game.rulesets.common.basics import starting_models, starting_state
from game.rulesets.common.conditions import ACTIVATION_END, ACTIVATION_START
from game.rulesets.common.turns import GameTurns, SideTurn, TurnOrder

#: orders that are not a model's action; they take no keys
FLOW_ORDERS = ("end_activation", "end_turn")


def other_side(side: int) -> int:
    return 2 if side == 1 else 1


def last_side_standing(ctx: Context, left: Callable[[GameState, int], bool]) -> Step:
    """End the game when a side, or both, has no models left (``left(state, side)``)."""
    s = ctx.state
    if s.game_over:
        return
    still = {side: left(s, side) for side in (1, 2)}
    if not still[1] and not still[2]:
        yield ev.GameEnded("draw", "no models left on either side")
    elif not still[1]:
        yield ev.GameEnded(2, "side 1 has no models left")
    elif not still[2]:
        yield ev.GameEnded(1, "side 2 has no models left")


@dataclass(slots=True)
class Activation:
    """The activation in progress: its unit and side, and the actions its models took."""

    unit: str
    side: int
    actions: dict[str, list[ev.ActionTaken]] = field(default_factory=dict)
    order: list[ev.ActionTaken] = field(default_factory=list)

    def taken(self, model: str) -> list[ev.ActionTaken]:
        return self.actions.get(model, [])


class Alternating(FlowState):
    """The bookkeeping of alternating activations: the side due to activate next, the
    activation in progress, the units that have activated this game turn, and the number of
    events applied when the current activation started."""

    __slots__ = ("next_side", "activation", "activated", "activation_started_at")

    def __init__(self, next_side: int) -> None:
        self.next_side = next_side
        self.activation: Activation | None = None
        self.activated: set[str] = set()
        self.activation_started_at = 0

    def copy(self) -> Alternating:
        new = Alternating(self.next_side)
        act = self.activation
        if act is not None:
            new.activation = Activation(
                act.unit, act.side, {k: list(v) for k, v in act.actions.items()}, list(act.order))
        new.activated = set(self.activated)
        new.activation_started_at = self.activation_started_at
        return new

    def digest(self) -> Any:
        act = self.activation
        taken = None if act is None else tuple(
            (a.model, a.action, a.target, a.free) for a in act.order)
        return (self.next_side, sorted(self.activated),
                None if act is None else (act.unit, act.side, taken))


def _unit(unit: str | None) -> str:
    assert unit is not None, "an activation is a unit's"
    return unit


def alternating(s: GameState) -> Alternating:
    """The flow bookkeeping of a state whose ruleset alternates activations."""
    flow = s.flow
    assert isinstance(flow, Alternating)
    return flow


def activation(s: GameState) -> Activation | None:
    """The activation in progress, if any."""
    flow = s.flow
    return flow.activation if isinstance(flow, Alternating) else None


def any_to_activate(s: GameState, side: int) -> bool:
    """Whether ``side`` still has a unit to activate this game turn (cheaper than the list)."""
    models = s.models
    activated = alternating(s).activated
    for u, unit in s.units.items():
        if u in activated or unit.side != side:
            continue
        for n in unit.models:
            if models[n].on_table:
                return True
    return False


def units_to_activate(s: GameState, side: int) -> list[str]:
    activated = alternating(s).activated
    return [u for u, unit in s.units.items()
            if u not in activated and unit.side == side and s.unit_alive(u)]


# -- the state changes of the flow's events ----------------------------------------------------


def _turn_started(s: GameState, e: ev.TurnStarted) -> None:
    f = alternating(s)
    f.activated = set()
    other = other_side(s.first_side)
    f.next_side = s.first_side if any_to_activate(s, s.first_side) else other


def _turn_ended(s: GameState, e: ev.TurnEnded) -> None:
    alternating(s).activation = None


def _activation_started(s: GameState, e: ev.ActivationStarted) -> None:
    f = alternating(s)
    f.activation = Activation(e.unit, e.side)
    f.activated.add(e.unit)
    f.activation_started_at = s.events_applied


def _activation_ended(s: GameState, e: ev.ActivationEnded) -> None:
    f = alternating(s)
    f.activation = None
    other = other_side(e.side)
    f.next_side = other if any_to_activate(s, other) else e.side
    clear_scope(s, "activation")


def _action_taken(s: GameState, e: ev.ActionTaken) -> None:
    act = alternating(s).activation
    if act is not None:
        act.actions.setdefault(e.model, []).append(e)
        act.order.append(e)


def _game_ended(s: GameState, e: ev.GameEnded) -> None:
    alternating(s).activation = None


FLOW_REDUCERS: dict[type[ev.Event], Handler] = {
    ev.TurnStarted: _turn_started,
    ev.TurnEnded: _turn_ended,
    ev.ActivationStarted: _activation_started,
    ev.ActivationEnded: _activation_ended,
    ev.ActionTaken: _action_taken,
    ev.GameEnded: _game_ended,
}


class AlternatingActivations(GameTurns):
    """Game turns in which the sides take turns activating one unit at a time, for a
    ruleset to subclass (the game turns themselves and the end of the game are
    :class:`GameTurns`')."""

    flow = FlowInfo(ALTERNATING, flow_orders=FLOW_ORDERS)
    #: the ruleset's actions by order name (``do``); what a value is, is the ruleset's affair
    actions: Mapping[str, Any] = {}

    # -- scenario --------------------------------------------------------------------------
    def model_values(self, unit: UnitSpec) -> dict[str, Any]:
        """The fields of ``unit``'s models besides name, unit, side, place, base and display."""
        raise NotImplementedError

    def initial_state(self, scenario: Scenario, seed: int) -> GameState:
        models, units = starting_models(scenario, self.model_values)
        state = starting_state(scenario, self, models, units, seed)
        state.flow = Alternating(scenario.first_side)
        return state

    def reducers(self) -> Mapping[type[ev.Event], Handler]:
        """The flow's state changes; a ruleset with events of its own adds them here."""
        return FLOW_REDUCERS

    def before_order(self, state: GameState, cmd: Command) -> Command | None:
        """Headless play: an order for a unit other than the one activating ends the current
        activation first, as a command of its own; so does an answer given when no decision
        is pending (``fight`` then ``{answer = ...}`` answers the melee's first decision)."""
        act = activation(state)
        if act is None:
            return None
        if isinstance(cmd, Answer):
            return Order("end_activation") if state.pending is None else None
        if cmd.unit is None:
            return None
        unit = state.models[cmd.unit].unit if cmd.unit in state.models else (
            cmd.unit if cmd.unit in state.units else None)
        return Order("end_activation") if unit is not None and unit != act.unit else None

    def closing_order(self, state: GameState) -> Command | None:
        return Order("end_activation") if activation(state) is not None else None

    def active_side(self, state: GameState) -> int | None:
        if state.game_over:
            return None
        act = activation(state)
        return act.side if act is not None else alternating(state).next_side

    def acting_unit(self, state: GameState) -> str | None:
        act = activation(state)
        return act.unit if act is not None else None

    # -- what the window shows ---------------------------------------------------------------
    # -- orders ----------------------------------------------------------------------------
    def finish(self, ctx: Context) -> Step:
        if activation(ctx.state) is not None:
            yield from self.end_activation(ctx)

    def handle(self, ctx: Context, cmd: Command) -> Step:
        assert not isinstance(cmd, Answer)
        s = ctx.state
        if cmd.do in FLOW_ORDERS:
            self.check_keys(None, cmd)
        if cmd.do == "end_activation":
            if activation(s) is not None:
                yield from self.end_activation(ctx)
            return
        if cmd.do == "end_turn":
            yield from self.end_turn(ctx)
            return
        if cmd.unit is None:
            raise Refused("no_unit", f'the order "{cmd.do}" needs a unit')
        action = self.actions.get(cmd.do)
        if action is None:
            known = ", ".join(sorted([*self.actions, *FLOW_ORDERS]))
            raise Refused("unknown_action", f'unknown action "{cmd.do}" (known: {known})')
        yield from self.carry_out(ctx, cmd, action)

    def check_keys(self, m: Model | None, cmd: Order) -> None:
        """Refuse (before anything happens) an order whose keys its action does not take;
        ``m`` is None for the flow orders."""
        raise NotImplementedError

    def carry_out(self, ctx: Context, cmd: Order, action: Any) -> Step:
        """Carry out an order for a unit whose ``action`` is known: the model named, the
        start of its activation (ending the current one) and the action itself."""
        raise NotImplementedError

    # -- activations -----------------------------------------------------------------------
    def after_current(self, s: GameState) -> tuple[int, set[str]]:
        """Who is due to activate, and which units have activated, once the current
        activation (if any) has ended (and with it, perhaps, the game turn)."""
        f = alternating(s)
        act = f.activation
        if act is None:
            return f.next_side, f.activated
        left = {side: units_to_activate(s, side) for side in (1, 2)}
        if not left[1] and not left[2]:
            first = s.first_side
            return (first if any(s.unit_alive(u) and s.unit_side(u) == first for u in s.units)
                    else other_side(first)), set()
        return (other_side(act.side) if left[other_side(act.side)] else act.side), f.activated

    def check_can_activate(self, s: GameState, m: Model, due: int, activated: set[str]) -> None:
        """Refuse an order that would start the activation of ``m``'s unit when side ``due``
        is to activate and the units ``activated`` have activated this game turn."""
        if s.game_over:
            raise Refused("game_over", "the game is over", NOT_NOW)
        if m.unit in activated:
            raise Refused("already_activated", f'"{m.unit}" has already activated this game turn',
                          NOT_NOW)
        if m.side != due:
            raise Refused("not_your_turn", f"side {due} activates next, not side {m.side}", NOT_NOW)

    # -- activations: an activation is the engine's side turn ----------------------------------
    turn_order = TurnOrder(
        started=lambda side, unit: ev.ActivationStarted(_unit(unit), side),
        ended=lambda side, unit: ev.ActivationEnded(_unit(unit), side),
        start_moment=ACTIVATION_START,
        end_moment=ACTIVATION_END,
        takers=lambda s, side, unit: [_unit(unit)],
        game_turn_over=lambda s, side: not any_to_activate(s, 1) and not any_to_activate(s, 2),
    )

    def side_turn(self, s: GameState) -> SideTurn | None:
        f = alternating(s)
        act = f.activation
        return None if act is None else SideTurn(act.side, act.unit, f.activation_started_at)

    def start_activation(self, ctx: Context, unit: str) -> Step:
        yield from self.begin_side_turn(ctx, ctx.state.unit_side(unit), unit)

    def end_activation(self, ctx: Context) -> Step:
        """End the current activation, and the game turn after the last one."""
        yield from self.close_side_turn(ctx)

    # -- game turns ------------------------------------------------------------------------
    def end_turn(self, ctx: Context) -> Step:
        """End the current activation; every unit yet to activate activates without acting."""
        turn = ctx.state.turn
        if activation(ctx.state) is not None:
            yield from self.end_activation(ctx)
            if ctx.state.turn != turn:
                return  # that was the turn's last activation: the turn has ended already
        while not ctx.state.game_over:
            s = ctx.state
            due = alternating(s).next_side
            waiting = units_to_activate(s, due) or units_to_activate(s, other_side(due))
            if not waiting:
                break
            turn = s.turn
            yield from self.start_activation(ctx, waiting[0])
            if ctx.state.game_over:
                return
            yield from self.end_activation(ctx)
            if ctx.state.turn != turn:
                return

    def final_result(self, s: GameState, turn: int) -> tuple[int | str | None, str]:
        """The higher :meth:`final_score` wins."""
        what, score1, score2 = self.final_score(s)
        winner: int | str = 1 if score1 > score2 else 2 if score2 > score1 else "draw"
        return winner, f"after {plural(turn, 'game turn')}, {what} {score1} to {score2}"

    def final_score(self, s: GameState) -> tuple[str, int, int]:
        """What the sides scored when the last game turn ends (the higher wins): a phrase
        naming what was counted, and the scores of sides 1 and 2."""
        raise NotImplementedError

    # -- the end of the game ---------------------------------------------------------------
    def check_winner(self, ctx: Context) -> Step:
        yield from last_side_standing(ctx, self.side_left)

    def side_left(self, s: GameState, side: int) -> bool:
        """Whether ``side`` still has models in the game."""
        return bool(s.on_table(side))

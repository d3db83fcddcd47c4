"""trench-crusade: game turns in which the sides take turns activating one model at a time;
the actions of an activation; Down models standing up; the end of the game."""

from __future__ import annotations

from typing import Any

from game.core import events as ev
from game.core.commands import Answer, Command
from game.core.ruleset import Step
from game.core.scenario import Scenario
from game.core.state import GameState, Model
from game.rulesets.common.basics import starting_state
from game.rulesets.trench_crusade import constants as K
from game.rulesets.trench_crusade import melee as _melee  # noqa: F401 - registers "fight"
from game.rulesets.trench_crusade import movement as _movement  # noqa: F401 - registers moves
from game.rulesets.trench_crusade.actions import (
    ACTIONS,
    FLOW_ORDERS,
    check_order_keys,
    moment,
    refuse,
)
from game.rulesets.trench_crusade.injuries import check_winner
from game.rulesets.trench_crusade.profile import check_unit, model_values
from game.rulesets.trench_crusade.rolls import other_side
from game.rulesets.trench_crusade.terrain import TABLE, enemies_within


class TrenchCrusade:
    id = K.RULESET_ID
    profile = K.PROFILE
    base_sizes: dict[str, tuple[float, float]] = {}
    default_base = K.DEFAULT_BASE
    table = TABLE

    # -- scenario --------------------------------------------------------------------------
    def check_unit(self, unit: dict[str, Any], where: str) -> None:
        check_unit(unit)

    def initial_state(self, scenario: Scenario, seed: int) -> GameState:
        models: dict[str, Model] = {}
        units: dict[str, tuple[str, ...]] = {}
        for u in scenario.units:
            (name,) = u.model_names()
            (x, y, f), = u.placements
            units[u.id] = (name,)
            vals = model_values(u)
            models[name] = Model(
                name=name, unit=u.id, side=u.side, x=x, y=y, facing=f % 360, base=u.base,
                display=u.name, **vals,
            )
        return starting_state(scenario, self.id, models, units, seed)

    # -- flow ------------------------------------------------------------------------------
    def start(self, ctx: Any) -> Step:
        yield ev.TurnStarted(1)

    def finish(self, ctx: Any) -> Step:
        if ctx.state.activation is not None:
            yield from self.end_activation(ctx)

    def handle(self, ctx: Any, cmd: Command) -> Step:
        assert not isinstance(cmd, Answer)
        s = ctx.state
        if cmd.do in FLOW_ORDERS:
            check_order_keys(cmd)
        if cmd.do == "end_activation":
            if s.activation is not None:
                yield from self.end_activation(ctx)
            return
        if cmd.do == "end_turn":
            yield from self.end_turn(ctx)
            return
        if cmd.unit is None:
            raise refuse("no_unit", f'the order "{cmd.do}" needs a unit')
        act = ACTIONS.get(cmd.do)
        if act is None:
            known = ", ".join(sorted([*ACTIONS, "end_activation", "end_turn"]))
            raise refuse("unknown_action", f'unknown action "{cmd.do}" (known: {known})')
        m = self.resolve_model(s, cmd.unit)
        check_order_keys(cmd)
        now = moment(s, m)
        if now.starting:
            self.check_can_activate(s, m)
        plan = act.plan(ctx, m, cmd, now)
        if now.starting:
            if s.activation is not None:
                yield from self.end_activation(ctx)
                if ctx.state.game_over:
                    return
            yield from self.start_activation(ctx, m.name)
        result = yield from act.run(ctx, m.name, plan)
        s = ctx.state
        if s.game_over or s.activation is None:
            return
        m = s.models[m.name]
        if result == "risky_failure" or result == "end" or m.status != "active":
            if m.status == "down":
                yield ev.RuleApplied("Down", m.name, "was taken Down in its own activation, which ends")
            yield from self.end_activation(ctx)

    def resolve_model(self, s: GameState, name: str) -> Model:
        if name in s.models:
            m = s.models[name]
        elif name in s.units:
            m = s.models[s.units[name][0]]
        else:
            raise refuse("unknown_unit", f'there is no model named "{name}"')
        if not m.on_table:
            raise refuse("not_on_table", f'"{m.name}" is {m.status.replace("_", " ")} and cannot act')
        return m

    def due(self, s: GameState) -> tuple[int, set[str]]:
        """The side due to activate and the models already activated, once the current
        activation (and with it, perhaps, the game turn) has ended."""
        act = s.activation
        if act is None:
            return s.next_side, s.activated
        left = {side: s.units_to_activate(side) for side in (1, 2)}
        if not left[1] and not left[2]:
            first = s.first_side
            return (first if s.on_table(first) else other_side(first)), set()
        return (other_side(act.side) if left[other_side(act.side)] else act.side), s.activated

    def check_can_activate(self, s: GameState, m: Model) -> None:
        side, activated = self.due(s)
        if m.unit in activated:
            raise refuse("already_activated", f'"{m.name}" has already activated this game turn')
        if m.side != side:
            raise refuse("not_your_turn", f"side {side} activates next, not side {m.side}")

    def start_activation(self, ctx: Any, name: str) -> Step:
        m = ctx.state.models[name]
        yield ev.ActivationStarted(m.unit, m.side)
        if m.status == "down":
            yield ev.ActionTaken(name, "stand_up")
            yield ev.StatusChanged(name, "active", "stands up: Movement halved this activation")
            yield ev.FlagSet(name, "stood_up", "activation", True)
        m = ctx.state.models[name]
        engaged = tuple(o.name for o in enemies_within(ctx.state, m))
        if engaged:
            yield ev.FlagSet(name, "melee_at_start", "activation", engaged)

    def end_activation(self, ctx: Any) -> Step:
        s = ctx.state
        act = s.activation
        if act is None or s.game_over:
            return
        yield ev.ActivationEnded(act.unit, act.side)
        yield from self.check_winner(ctx)
        s = ctx.state
        if not s.game_over and not s.units_to_activate(1) and not s.units_to_activate(2):
            yield from self.end_of_turn(ctx)

    def end_turn(self, ctx: Any) -> Step:
        """End the current activation; every model yet to activate activates (standing up
        if Down) and does nothing more."""
        if ctx.state.activation is not None:
            yield from self.end_activation(ctx)
        turn = ctx.state.turn
        while not ctx.state.game_over and ctx.state.turn == turn:
            s = ctx.state
            waiting = s.units_to_activate(s.next_side) or s.units_to_activate(other_side(s.next_side))
            if not waiting:
                break
            yield from self.start_activation(ctx, s.units[waiting[0]][0])
            yield from self.end_activation(ctx)

    def end_of_turn(self, ctx: Any) -> Step:
        turn = ctx.state.turn
        yield ev.TurnEnded(turn)
        s = ctx.state
        if s.max_turns is not None and turn >= s.max_turns:
            taken = {side: sum(1 for m in s.models.values()
                               if m.side == other_side(side) and m.status == "out_of_action")
                     for side in (1, 2)}
            t1, t2 = taken[1], taken[2]
            winner: int | str = 1 if t1 > t2 else 2 if t2 > t1 else "draw"
            yield ev.GameEnded(
                winner, f"after {turn} game turns, enemies taken Out of Action {t1} to {t2}"
            )
            return
        yield ev.TurnStarted(turn + 1)

    def check_winner(self, ctx: Any) -> Step:
        yield from check_winner(ctx)

    # -- results ---------------------------------------------------------------------------
    def unit_result(self, state: GameState, unit: str) -> dict[str, Any]:
        m = state.models[state.units[unit][0]]
        return {
            "side": m.side,
            "status": m.status,
            "models_left": 1 if m.on_table else 0,
            "wounds_taken": m.counters.get("blood_markers", 0),
            "x": round(m.x, 4),
            "y": round(m.y, 4),
            "facing": round(m.facing % 360, 4),
            "conditions": sorted(m.conditions),
            "blood_markers": m.counters.get("blood_markers", 0),
            "blessing_markers": m.counters.get("blessing_markers", 0),
        }

    def describe(self, state: GameState, event: ev.Event) -> str | None:
        from game.rulesets.trench_crusade.explain import describe

        return describe(state, event)


__all__ = ["TrenchCrusade"]

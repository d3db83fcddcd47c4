"""trench-crusade: game turns in which the sides take turns activating one model at a time;
the actions of an activation; Down models standing up; the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Mapping
from typing import Any

from game.core import events as ev
from game.core.commands import Order
from game.core.errors import NOT_NOW
from game.core.ruleset import (
    BAD,
    GOOD,
    RollCount,
    RuleInfo,
    Step,
)
from game.core.scenario import UnitSpec
from game.core.state import GameState, Model
from game.rulesets.common.conditions import Conditions, plain
from game.rulesets.common.flow import AlternatingActivations, activation, other_side
from game.rulesets.common.orders import OrderType
from game.rulesets.common.ui_actions import ENEMY, FACING, POINT, UIAction
from game.rulesets.trench_crusade import constants as K
from game.rulesets.trench_crusade import melee as _melee  # noqa: F401 - registers "fight"
from game.rulesets.trench_crusade import movement as _movement  # noqa: F401 - registers moves
from game.rulesets.trench_crusade.actions import ORDERS, Action, check_order_keys, moment, refuse
from game.rulesets.trench_crusade.injuries import side_left
from game.rulesets.trench_crusade.profile import check_unit, model_values
from game.rulesets.trench_crusade.rules import RULES
from game.rulesets.trench_crusade.terrain import TABLE, enemies_within

#: the action buttons of the window, in order (see game/rulesets/common/ui_actions.py)
UI_ACTIONS = (
    UIAction("move", "Move", "g", POINT, "Move the selected model: click or drag where it should go"),
    UIAction("turn", "Turn", "r", FACING, "Turn the model where it stands to face the point you "
             "click (its move for this activation)", order="move"),
    UIAction("charge", "Charge", "c", ENEMY,
             "Charge: click an enemy; the model moves into base contact with it"),
    UIAction("diving_charge", "Diving Charge", "d", ENEMY,
             "Diving Charge: click an enemy at least 3\" below; the model jumps down onto it "
             "(+1 DICE on its first attack)", order="charge", args=(("dive", True),), short="Dive"),
    UIAction("fight", "Fight", "f", ENEMY,
             "Fight an enemy within 1\" with up to two melee weapons", direct=True),
    UIAction("stand_up", "Stand Up", "u", tip="A Down model stands up (Movement halved) and does "
             "nothing more yet"),
    UIAction("pass", "Pass", "p", tip="The model does nothing more: its activation ends"),
)


#: what a model's status means, for players
CONDITIONS = Conditions(
    plain("down", "Down", "Knocked to the ground: -1 DICE on all its rolls, melee attacks "
          "against it get +1 INJURY DICE, it cannot move, and it stands up (Movement halved) "
          "when it next activates.", "DN"),
    plain("out_of_action", "Out of Action", "Taken out of the fight and removed from the "
          "table.", "X"),
)

#: the markers a model may hold: counter -> (label, badge letter, tone, description)
MARKERS = {
    "blood_markers": ("Blood Markers", "B", BAD,
                      "Wounds. The enemy may spend them: each adds a die to an Injury Roll "
                      "against the model or takes one off its Success Rolls; enough of them buy "
                      "a Bloodbath Roll."),
    "blessing_markers": ("Blessing Markers", "+", GOOD,
                         "Its own player may spend them: each adds a die to the model's Success "
                         "Roll or takes one off an Injury Roll against it."),
}


class TrenchCrusade(AlternatingActivations):
    """The turns and activations are the shared ones (:mod:`game.rulesets.common.flow`);
    every unit is one model, a Down model stands up as it activates, and an activation ends
    when its model goes Down or Out of Action, fails a RISKY action, or takes an action that
    ends it."""

    off_table = frozenset({"out_of_action", "destroyed"})

    id = K.RULESET_ID
    profile = K.PROFILE
    base_sizes: dict[str, tuple[float, float]] = {}
    default_base = K.DEFAULT_BASE
    die_sides = K.DIE  # every die is a d6: scripted dice must be 1-6
    table = TABLE
    actions = ORDERS
    condition_registry = CONDITIONS
    damage_unit = "Blood Markers"

    # -- scenario --------------------------------------------------------------------------
    def check_unit(self, unit: dict[str, Any], where: str) -> None:
        check_unit(unit)

    def model_values(self, unit: UnitSpec) -> dict[str, Any]:
        return model_values(unit)

    # -- flow ------------------------------------------------------------------------------
    def check_keys(self, m: Model | None, cmd: Order) -> None:
        check_order_keys(cmd)

    def carry_out(self, ctx: Context, cmd: Order, order: OrderType[Action]) -> Step:
        act = order.handler
        s = ctx.state
        assert cmd.unit is not None
        m = self.resolve_model(s, cmd.unit)
        check_order_keys(cmd)
        now = moment(s, m)
        if now.starting:
            self.check_can_activate(s, m, *self.after_current(s))
        plan = act.plan(ctx, m, cmd, now)
        if now.starting:
            if activation(s) is not None:
                yield from self.end_activation(ctx)
                if ctx.state.game_over:
                    return
            yield from self.start_activation(ctx, m.unit)
        result = yield from act.run(ctx, m.name, plan)
        s = ctx.state
        if s.game_over or activation(s) is None:
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
            m = s.models[s.units[name].models[0]]
        else:
            raise refuse("unknown_unit", f'there is no model named "{name}"')
        if not m.on_table:
            raise refuse("not_on_table", f'"{m.name}" is {m.status.replace("_", " ")} and cannot act', NOT_NOW)
        return m

    def due(self, s: GameState) -> tuple[int, set[str]]:
        """The side due to activate and the models already activated, once the current
        activation (and with it, perhaps, the game turn) has ended."""
        return self.after_current(s)

    def side_turn_starting(self, ctx: Context, side: int, unit: str | None) -> Step:
        """A Down model stands up (Movement halved); the enemies within 1" are noted."""
        assert unit is not None
        name = ctx.state.units[unit].models[0]
        m = ctx.state.models[name]
        if m.status == "down":
            yield ev.ActionTaken(name, "stand_up")
            yield ev.StatusChanged(name, "active", "stands up: Movement halved this activation")
            yield ev.FlagSet(name, "stood_up", "activation", True)
        m = ctx.state.models[name]
        engaged = tuple(o.name for o in enemies_within(ctx.state, m))
        if engaged:
            yield ev.FlagSet(name, "melee_at_start", "activation", engaged)

    def final_score(self, s: GameState) -> tuple[str, int, int]:
        taken = {side: sum(1 for m in s.models.values()
                           if m.side == other_side(side) and m.status == "out_of_action")
                 for side in (1, 2)}
        return "enemies taken Out of Action", taken[1], taken[2]

    def side_left(self, s: GameState, side: int) -> bool:
        return side_left(s, side)

    # -- results ---------------------------------------------------------------------------
    def unit_result(self, state: GameState, unit: str) -> dict[str, Any]:
        m = state.models[state.units[unit].models[0]]
        return {
            "side": m.side,
            "status": m.status,
            "models_left": 1 if m.on_table else 0,
            "wounds_taken": m.counters.get("blood_markers", 0),
            "x": round(m.x, 4),
            "y": round(m.y, 4),
            "facing": round(m.facing % 360, 4) % 360,
            "conditions": sorted(m.conditions),
            "blood_markers": m.counters.get("blood_markers", 0),
            "blessing_markers": m.counters.get("blessing_markers", 0),
        }

    # -- for the AI ------------------------------------------------------------------------
    def rules(self) -> Mapping[str, RuleInfo]:
        return RULES.infos()

    def roll_count(self, roll: Mapping[str, Any]) -> RollCount | None:
        from game.rulesets.trench_crusade.explain import roll_count

        return roll_count(roll)


__all__ = ["TrenchCrusade"]

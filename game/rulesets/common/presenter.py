"""What the window, the log and the reports show of a AlternatingActivations game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from game.core.ruleset import Presenter, UIAction
from game.core.state import GameState, Model
from game.rulesets.common.flow import activation, alternating, units_to_activate

if TYPE_CHECKING:
    from game.rulesets.common.flow import AlternatingActivations  # noqa: F401

AR = TypeVar("AR", bound="AlternatingActivations")


class AlternatingPresenter(Presenter[AR]):
    """What the window, the log and the reports show of the AlternatingActivations rule system (see :class:`~game.core.ruleset.Presenter`)."""

    def units_ready(self, state: GameState) -> list[str]:
        act = activation(state)
        if act is not None:
            return [act.unit]
        side = self.ruleset.active_side(state)
        return units_to_activate(state, side) if side is not None else []

    def status_text(self, state: GameState) -> str:
        if state.game_over:
            return f"Game turn {state.turn} · the game is over"
        act = activation(state)
        if act is not None:
            name = state.units[act.unit].display or act.unit
            return (f"Game turn {state.turn} · side {act.side} is activating {name}: order its "
                    "models, then end the activation")
        side = alternating(state).next_side
        left = len(units_to_activate(state, side))
        if left == 1:
            return f"Game turn {state.turn} · side {side} to activate its only waiting unit"
        return f"Game turn {state.turn} · side {side} to activate one of {left} waiting units"

    def flow_actions(self) -> tuple[UIAction, ...]:
        return (
            UIAction("end_activation", "End activation", "e",
                     tip="End this activation: what it set up (a melee) is resolved now",
                     short="End act."),
            UIAction("end_turn", "End turn", "t",
                     tip="End the game turn: every unit that has not activated yet activates "
                         "without acting",
                     confirm="End the game turn? Every unit that has not activated yet "
                             "activates without acting."),
        )

    def flow_action_open(self, state: GameState, name: str) -> bool:
        if state.game_over:
            return False
        if name == "end_activation":
            return activation(state) is not None
        return True

    def card_notes(self, state: GameState, model: Model) -> tuple[str, ...]:
        act = activation(state)
        taken = act.taken(model.name) if act is not None else []
        if not taken:
            return ()
        done = []
        for a in taken:
            what = a.action.split(":", 1)[0].replace("_", " ").capitalize()
            target = state.models.get(a.target) if a.target else None
            done.append(what + (f" at {target.display or target.name}" if target else ""))
        return ("This activation: " + ", ".join(done),)

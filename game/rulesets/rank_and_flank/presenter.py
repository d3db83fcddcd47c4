"""What the window, the log and the reports show of a PhasedRuleset game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from game.core import events as ev
from game.core.commands import Order
from game.core.ruleset import (
    Handle,
    Outline,
    Presenter,
    ShotView,
    UIAction,
)
from game.core.state import GameState
from game.rulesets.rank_and_flank import units as RF
from game.rulesets.rank_and_flank import victory as V
from game.rulesets.rank_and_flank import window
from game.rulesets.rank_and_flank.flow import FLOW_BUTTONS, phases

if TYPE_CHECKING:
    from game.rulesets.rank_and_flank.flow import PhasedRuleset  # noqa: F401

PR = TypeVar("PR", bound="PhasedRuleset")


class PhasedPresenter(Presenter[PR]):
    """What the window, the log and the reports show of the PhasedRuleset rule system (see :class:`~game.core.ruleset.Presenter`)."""

    #: how near an enemy unit a move may end, in the ruleset's movement rules (what a move's
    #: ghost shows it bumps into)
    unit_gap: float

    def combat_begins(self, event: ev.Event) -> bool:
        """A round of a combat (in the Combat phase, or a pursuit's) opens with its line, and a
        unit's shooting with its order (a battle report lists the shots as it lists combats)."""
        from game.rulesets.rank_and_flank.combat import ROUND_OF_COMBAT

        if isinstance(event, ev.ActionTaken):
            return event.action == "shoot"
        return isinstance(event, ev.RuleApplied) and event.rule == ROUND_OF_COMBAT

    def units_ready(self, state: GameState) -> list[str]:
        side = self.ruleset.active_side(state)
        return [u for u, unit in state.units.items() if unit.side == side and unit.on_table]

    def status_text(self, state: GameState) -> str:
        f = phases(state)
        if state.game_over:
            return "The game is over"
        vp = self.ruleset.victory_points(state)
        armies = [V.army_points(state, side) for side in (1, 2)]
        score = (f" · victory points {vp[1]} to {vp[2]} (armies of {armies[0]} and {armies[1]} "
                 "points)")
        of = f" of {state.max_turns}" if state.max_turns else ""
        if f.phase is None:
            return (f"Game turn {state.turn}{of} · side {f.side}'s turn is next: give an order or "
                    f"press Next phase to begin it{score}")
        step = {"declare": ": declare charges", "moves": ": move your units"}.get(f.step, "")
        return (f"Game turn {state.turn}{of} · side {f.side}'s turn · {f.phase.capitalize()} "
                f"phase{step}{score}")

    def flow_actions(self) -> tuple[UIAction, ...]:
        return FLOW_BUTTONS

    def flow_action_open(self, state: GameState, name: str) -> bool:
        return not state.game_over

    def ui_order(self, state: GameState, action: UIAction, actor: str, target: str | None = None,
                 point: tuple[float, float] | None = None, face: bool = False) -> Order:
        return window.ui_order(state, action, actor, target, point, face)

    def outlines(self, state: GameState) -> tuple[Outline, ...]:
        return window.outlines(state)

    def outline_after(self, state: GameState, event: ev.Event) -> Outline | None:
        return window.outline_after(state, event)

    def charge_end(self, state: GameState, actor: str, target: str) -> Outline | None:
        return window.charge_end(state, actor, target)

    def order_outline(self, state: GameState, order: Order) -> Outline | None:
        return window.order_outline(state, order)

    def shot_view(self, state: GameState, actor: str, target: str | None = None) -> ShotView | None:
        unit = window.unit_of(state, actor)
        foe = window.unit_of(state, target) if target is not None else None
        if state.units[unit].formation is None or (
                foe is not None and state.units[foe].side == state.units[unit].side):
            return None
        return self.unit_shot_view(state, unit, foe)

    def unit_shot_view(self, state: GameState, unit: str, target: str | None) -> ShotView | None:
        """The shot view of a unit in formation toward an enemy unit (or none): the ruleset's
        own (default: none)."""
        return None

    def handles(self, state: GameState, actor: str) -> tuple[Handle, ...]:
        return window.handles(state, actor)

    def drag_order(self, state: GameState, action: UIAction, actor: str, handle: str,
                   start: tuple[float, float], point: tuple[float, float]) -> Order | None:
        return window.drag_order(state, action, actor, handle, start, point)

    def bumps(self, state: GameState, order: Order) -> tuple[str, ...]:
        return window.bumps(state, order, self.unit_gap)

    def order_words(self, state: GameState, order: Order) -> str:
        return window.path_words(order)

    def score_text(self, state: GameState) -> str:
        """The victory points, the armies' points, and the units each side lost."""
        vp = self.ruleset.victory_points(state)
        armies = {side: V.army_points(state, side) for side in (1, 2)}
        lost = []
        for side in (1, 2):
            gone = []
            for u, rec in state.units.items():
                if rec.side != side:
                    continue
                points, why = V.given_up(state, u, self.ruleset.victory, self.ruleset.strength)
                if why:
                    gone.append(f"{RF.name(state, u)} ({why}, {points})")
            lost.append(f"side {side}: {', '.join(gone) if gone else 'none'}")
        return (f"Victory points: side 1 has {vp[1]}, side 2 has {vp[2]} (armies of "
                f"{armies[1]} and {armies[2]} points). Given up: {'; '.join(lost)}.")

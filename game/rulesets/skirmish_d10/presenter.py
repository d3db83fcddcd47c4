"""What the window, the log and the reports show of a SkirmishD10 game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import (
    StatTable,
)
from game.core.state import GameState, Model
from game.rulesets.common.presenter import AlternatingPresenter
from game.rulesets.common.ui_actions import UIAction
from game.rulesets.skirmish_d10.ruleset import UI_ACTIONS, damage_by_side

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.ruleset import SkirmishD10  # noqa: F401

class SkirmishD10Presenter(AlternatingPresenter["SkirmishD10"]):
    """What the window, the log and the reports show of the SkirmishD10 rule system (see :class:`~game.core.ruleset.Presenter`)."""

    def score_text(self, state: GameState) -> str:
        d = damage_by_side(state)
        return f"Damage inflicted: {d[1]} by side 1, {d[2]} by side 2."

    def ui_actions(self) -> tuple[UIAction, ...]:
        return UI_ACTIONS

    def stat_table(self, model: Model) -> StatTable:
        """One row per damage track, the track the model is on highlighted."""
        keys = tuple(k for k in model.stats if k != "DT")
        dt = max(1, model.stat("DT", 0))
        rows = tuple((str(i + 1), tuple(str(model.stat(k, i)) for k in keys)) for i in range(dt))
        return StatTable(keys, rows, min(model.damage, dt - 1) if model.on_table else None,
                         row_title="Track")

    def wounds(self, model: Model) -> tuple[int, int] | None:
        dt = model.stat("DT", 0)
        return (min(model.damage, dt), dt) if dt else None

    def move_allowance(self, state: GameState, model: Model) -> float | None:
        return float(model.stat("MOV"))

    def describe(self, state: GameState, event: ev.Event) -> str | None:
        from game.rulesets.skirmish_d10.explain import describe

        return describe(state, event)

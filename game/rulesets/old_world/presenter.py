"""What the window, the log and the reports show of a OldWorld game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import (
    ChargeZone,
    Mark,
    ShotView,
    TableNote,
    UIAction,
)
from game.core.state import GameState, Model
from game.rulesets.old_world import charges, shooting
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import units as U
from game.rulesets.old_world.ruleset import UI_ACTIONS
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank.combat import is_engaged
from game.rulesets.rank_and_flank.presenter import PhasedPresenter
from game.rulesets.rank_and_flank.units import alive

if TYPE_CHECKING:
    from game.rulesets.old_world.ruleset import OldWorld  # noqa: F401

class OldWorldPresenter(PhasedPresenter["OldWorld"]):
    """What the window, the log and the reports show of the OldWorld rule system (see :class:`~game.core.ruleset.Presenter`)."""

    unit_gap = K.UNIT_GAP

    def unit_shot_view(self, state: GameState, unit: str, target: str | None) -> ShotView | None:
        got: ShotView | None = shooting.shot_view(state, unit, target)
        return got

    def table_note(self, state: GameState, event: ev.Event) -> TableNote | None:
        from game.rulesets.old_world.explain import table_note

        return table_note(state, event)

    def describe(self, state: GameState, event: ev.Event) -> str | None:
        from game.rulesets.old_world.explain import describe

        return describe(state, event)

    def move_allowance(self, state: GameState, model: Model) -> float | None:
        from game.rulesets.rank_and_flank import window

        return float(charges.movement_of(state, window.unit_of(state, model.name)))

    def charge_zone(self, state: GameState, actor: str) -> ChargeZone | None:
        from game.rulesets.rank_and_flank import window

        unit = window.unit_of(state, actor)
        if state.units[unit].status != "active" or is_engaged(state, unit):
            return None
        f = F.phases(state)
        if f.phase in ("shooting", "combat") or (f.phase == "movement" and f.step != "declare"):
            return None  # (no more charges this player turn)
        return window.charge_zone(state, unit, charges.movement_of(state, unit), state.table)

    def marks(self, state: GameState, model: Model) -> tuple[Mark, ...]:
        """A unit's state shows on each of its models: its status, conditions, engaged."""
        unit = U.host(state, model.unit)
        got = self.ruleset.unit_result(state, unit)
        names = ([got["status"]] if got["status"] != "active" else []) + list(got["conditions"])
        out = []
        for name in names:
            info = self.ruleset.conditions().get(name)
            label = info.label if info else name.capitalize()
            out.append(Mark(name, label, label[:1], info.description if info else "",
                            "info" if name == "engaged" else "bad"))
        return tuple(out)

    def card_notes(self, state: GameState, model: Model) -> tuple[str, ...]:
        unit = model.unit
        host = U.host(state, unit)
        p = U.profile(state, unit)
        files, ranks = U.files_ranks(state, host)
        lines = [f"{p.troop.name.capitalize()}, {len(alive(state, unit))} of {p.start_models} "
                 f"model{'s' if p.start_models != 1 else ''} left"]
        if host != unit:
            lines.append(f"With {U.name(state, host)}")
        lines.append(f"{files} wide and {ranks} deep, Unit Strength {U.unit_strength(state, host)}")
        armour = f"armour {p.armour}+" if p.armour < 7 else "no armour"
        lines.append(f"{', '.join(p.weapons).capitalize()}; {armour}")
        if p.command:
            lines.append("Command: " + ", ".join(sorted(p.command)))
        taken = state.units[unit].counters.get("wounds_taken", 0)
        if taken:
            lines.append(f"Wounds taken: {taken}")
        return tuple(lines)

    def ui_actions(self) -> tuple[UIAction, ...]:
        return UI_ACTIONS

"""What the window, the log and the reports show of a TrenchCrusade game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import (
    Mark,
    RuleInfo,
    TableNote,
)
from game.core.state import GameState, Model
from game.rulesets.common.presenter import AlternatingPresenter
from game.rulesets.common.ui_actions import UIAction
from game.rulesets.trench_crusade import melee as _melee  # noqa: F401 - registers "fight"
from game.rulesets.trench_crusade import movement as _movement  # noqa: F401 - registers moves
from game.rulesets.trench_crusade.actions import moment
from game.rulesets.trench_crusade.explain import OUTCOMES
from game.rulesets.trench_crusade.profile import MARKER_RULES, weapon_text
from game.rulesets.trench_crusade.rules import weapon_rules
from game.rulesets.trench_crusade.ruleset import MARKERS, UI_ACTIONS

if TYPE_CHECKING:
    from game.rulesets.trench_crusade.ruleset import TrenchCrusade  # noqa: F401

class TrenchCrusadePresenter(AlternatingPresenter["TrenchCrusade"]):
    """What the window, the log and the reports show of the TrenchCrusade rule system (see :class:`~game.core.ruleset.Presenter`)."""

    def ui_actions(self) -> tuple[UIAction, ...]:
        return UI_ACTIONS

    def marks(self, state: GameState, model: Model) -> tuple[Mark, ...]:
        """Down (or Out of Action) and the markers the model holds now."""
        out = list(super().marks(state, model))
        for counter, (label, letter, tone, text) in MARKERS.items():
            n = model.counters.get(counter, 0)
            if n:
                out.append(Mark(counter, f"{label}: {n}", f"{letter}{n}", text, tone))
        return tuple(out)

    def model_rules(self, state: GameState, model: Model) -> tuple[tuple[str, RuleInfo | None], ...]:
        """The model's own rules (its markers are shown as marks, with their count now) and
        the keywords of its weapons that are rules."""
        known = self.ruleset.rules()
        out: dict[str, RuleInfo | None] = {}
        for text in model.rules:
            name = text.split("(", 1)[0].strip()
            if name.lower() not in MARKER_RULES:
                out[name] = known.get(name.lower())
        for w in model.weapons:
            for k in weapon_rules(w):
                out.setdefault(k, known.get(k.lower()))
        return tuple(out.items())

    def card_notes(self, state: GameState, model: Model) -> tuple[str, ...]:
        weapons = tuple(f"{w.name}: {weapon_text(w)}" for w in model.weapons)
        return (*weapons, *super().card_notes(state, model))

    def move_allowance(self, state: GameState, model: Model) -> float | None:
        return moment(state, model).movement

    def table_note(self, state: GameState, event: ev.Event) -> TableNote | None:
        note = super().table_note(state, event)
        if note is not None and isinstance(event, ev.DiceRolled) and event.outcome in OUTCOMES:
            return TableNote(note.model, f"{event.total} {OUTCOMES[event.outcome]}", note.tone)
        return note

    def describe(self, state: GameState, event: ev.Event) -> str | None:
        from game.rulesets.trench_crusade.explain import describe

        return describe(state, event)

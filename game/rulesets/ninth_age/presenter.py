"""What the window, the log and the reports show of a NinthAge game: its facet of the ruleset (see docs/dev/architecture.md)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import (
    BAD,
    INFO,
    ChargeZone,
    LadderRung,
    Mark,
    PartInfo,
    ShotView,
    TableNote,
    UIAction,
)
from game.core.state import GameState, Model
from game.rulesets.ninth_age import charges, combat, shooting
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.ruleset import UI_ACTIONS
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import units as RF
from game.rulesets.rank_and_flank import window
from game.rulesets.rank_and_flank.combat import find_combats, is_engaged
from game.rulesets.rank_and_flank.presenter import PhasedPresenter

if TYPE_CHECKING:
    from game.rulesets.ninth_age.ruleset import NinthAge  # noqa: F401

class NinthAgePresenter(PhasedPresenter["NinthAge"]):
    """What the window, the log and the reports show of the NinthAge rule system (see :class:`~game.core.ruleset.Presenter`)."""

    unit_gap = K.UNIT_GAP

    def unit_shot_view(self, state: GameState, unit: str, target: str | None) -> ShotView | None:
        got: ShotView | None = shooting.shot_view(state, unit, target)
        return got

    def describe(self, state: GameState, event: ev.Event) -> str | None:
        from game.rulesets.ninth_age.explain import describe

        return describe(state, event)

    def ui_actions(self) -> tuple[UIAction, ...]:
        return UI_ACTIONS

    def table_note(self, state: GameState, event: ev.Event) -> TableNote | None:
        from game.rulesets.ninth_age.explain import table_note

        return table_note(state, event)

    def move_allowance(self, state: GameState, model: Model) -> float | None:
        return float(charges.advance_of(state, window.unit_of(state, model.name)))

    def charge_zone(self, state: GameState, actor: str) -> ChargeZone | None:
        """The front arc and the farthest a charge reaches (Adv + 12; Adv + 7 on an average
        roll)."""
        unit = window.unit_of(state, actor)
        if state.units[unit].status != "active" or is_engaged(state, unit):
            return None
        if F.phases(state).phase not in (None, "charge"):
            return None  # (no more charges this player turn)
        adv = charges.advance_of(state, unit)
        zone = window.charge_zone(state, unit, adv + charges.MAX_DICE - 6, state.table)
        return dataclasses.replace(zone, likely=adv + 7.0)

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
                            INFO if name == "engaged" else BAD))
        return tuple(out)

    def card_notes(self, state: GameState, model: Model) -> tuple[str, ...]:
        """The unit's Type and Height, what is left of it, its formation, Full Ranks, weapons,
        Armour and command (the parts' own profiles are in :meth:`unit_parts`)."""
        unit = model.unit
        host = U.host(state, unit)
        p = U.profile(state, unit)
        files, ranks = RF.files_ranks(state, host)
        lines = [f"{p.troop.capitalize()}, {p.height.name} height, {len(U.alive(state, unit))} "
                 f"of {p.start_models} model{'s' if p.start_models != 1 else ''} left"]
        if host != unit:
            lines.append(f"With {U.name(state, host)}")
        full = U.full_ranks(state, host)
        line = " (Line Formation)" if U.line_formation(state, host) else ""
        lines.append(f"{files} wide and {ranks} deep, {full} Full Rank{'s' if full != 1 else ''}"
                     f"{line}")
        weapons = sorted({w for part in p.parts for w in part.weapons}) or ["hand weapon"]
        lines.append(f"{', '.join(weapons).capitalize()}; Armour {U.stat(state, unit, 'Arm')}")
        if p.command:
            lines.append("Command: " + ", ".join(sorted(p.command)))
        taken = state.units[unit].counters.get("wounds_taken", 0)
        if taken:
            lines.append(f"Health Points lost: {taken}")
        return tuple(lines)

    def unit_parts(self, state: GameState, unit: str) -> tuple[PartInfo, ...]:
        prof = U.profile(state, unit)
        return tuple(PartInfo(p.name, p.stats(), p.rules) for p in prof.parts)

    def initiative_ladder(self, state: GameState, unit: str) -> tuple[LadderRung, ...]:
        host = U.host(state, unit)
        fights = [c for c in find_combats(state) if host in c.units]
        if not fights:
            return ()
        rungs = []
        for st in combat.plan_strikes(state, fights[0]):
            who = combat.part_name(state, st.member, st.part)
            count = st.attacks if st.kind == combat.CLOSE_COMBAT else len(st.models)
            kind = "close combat" if st.kind == combat.CLOSE_COMBAT else st.kind
            rungs.append(LadderRung(st.step, st.member, who, kind, count, st.target))
        rungs.sort(key=lambda r: (-r.step, state.units[r.unit].side, r.unit))
        return tuple(rungs)

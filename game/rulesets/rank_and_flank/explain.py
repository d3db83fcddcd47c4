"""Log lines the rank-and-flank rulesets share: the units' names, the turn and phase headers,
moves, casualties, statuses, conditions, decisions and the combat result, and the notes that
float up at a unit on the table. Each ruleset words its own dice rolls and passes the rest
here."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from game.core import events as ev
from game.core.log import describe as shared
from game.core.log import player_text, show_inches, show_value, words
from game.core.ruleset import BAD, GOOD, INFO, TableNote
from game.core.state import GameState
from game.rulesets.rank_and_flank.events import CombatResult


def name(state: GameState, unit: str | None) -> str:
    """A unit's or model's name as players read it ("" for none)."""
    if unit is None:
        return ""
    u = state.units.get(unit)
    if u is not None:
        return u.display or unit
    m = state.models.get(unit)
    return m.display if m is not None and m.display else unit


def combat_result_line(e: CombatResult, items: Sequence[tuple[str, str]]) -> str:
    """"Combat result: side 1 scores 5 (wounds 3, ranks 2); side 2 scores 1 (wounds 1) — side 1
    wins"."""
    parts = []
    for side in ("1", "2"):
        sc = e.scores[side]
        shown = ", ".join(f"{label} {sc[k]}" for k, label in items if sc.get(k))
        parts.append(f"side {side} scores {sc['total']}" + (f" ({shown})" if shown else ""))
    won = f"side {e.winner} wins" if e.winner else "a draw"
    return "Combat result: " + "; ".join(parts) + f" — {won}"


def describe_common(state: GameState, e: ev.Event) -> str | None:
    """The line for an event every rank-and-flank ruleset words the same way (None: no line)."""
    if isinstance(e, ev.RuleApplied):
        who = name(state, e.model)
        return f"{e.rule}: {who + ' ' if who else ''}{e.detail}"
    if isinstance(e, ev.PlayerTurnStarted):
        return f"— side {e.side}'s turn —"
    if isinstance(e, ev.PhaseStarted):
        return f"{e.phase.capitalize()} phase"
    if isinstance(e, (ev.PhaseEnded, ev.PlayerTurnEnded, ev.PhaseStep, ev.UnitFlagSet,
                      ev.UnitCounterChanged, ev.ActionTaken)):
        return None
    if isinstance(e, ev.UnitMoved):
        if e.reason == "stands alone":
            return f"{name(state, e.unit)} now stands alone"
        if e.reason == "turn to pursue":
            return f"{name(state, e.unit)} turns toward the unit it pursues"
        if e.reason == "free reform":
            return f"{name(state, e.unit)} turns about (a free reform on rallying)"
        if e.reason == "close up":
            return None  # (the Close up line says where and why)
        if e.reason == "reform":
            cost = f' ({e.distance:.1f}")' if e.distance > 0 else ""
            u = state.units.get(e.unit)
            if u is not None and len(u.models) == 1:
                return f"{name(state, e.unit)} turns on the spot{cost}"
            return f"{name(state, e.unit)} reforms, now {e.files} wide{cost}"
        return f"{name(state, e.unit)}: {e.reason} {show_inches(e.distance)}"
    if isinstance(e, ev.CasualtiesRemoved):
        n = len(e.models)
        return f"{name(state, e.unit)}: {n} casualt{'ies' if n != 1 else 'y'} removed ({e.reason})"
    if isinstance(e, ev.UnitStatusChanged):
        said = {"fled": "has fled", "fleeing": "is fleeing", "destroyed": "is destroyed",
                 "active": "is back in the fight"}
        return f"{name(state, e.unit)} {said.get(e.status, 'is ' + e.status)} ({e.reason})"
    if isinstance(e, ev.UnitConditionAdded):
        return f"{name(state, e.unit)} is {words(e.condition).capitalize()} ({e.source})"
    if isinstance(e, ev.UnitConditionRemoved):
        return (f"{name(state, e.unit)} is no longer {words(e.condition).capitalize()} "
                f"({e.reason})")
    if isinstance(e, ev.DecisionRequested):
        return f"Decision: {player_text(state, e.question)}"
    if isinstance(e, ev.DecisionAnswered):
        return f"Answer: {show_value(state, e.answer)}{' (the default)' if e.by_default else ''}"
    return shared(e)


def unit_spot(state: GameState, unit: str) -> str | None:
    """The model a note about ``unit`` floats up at: the middle of its front rank."""
    u = state.units.get(unit)
    if u is None:
        return unit if unit in state.models else None
    live = [n for n in u.models if state.models[n].on_table] or list(u.models)
    f = u.formation
    files = min(f.files, len(live)) if f is not None else 1
    return live[min(len(live) - 1, files // 2)]


def unit_note(state: GameState, e: ev.Event, rolls: Mapping[str, str],
              outcomes: Mapping[str, str], bad: Collection[str]) -> TableNote | None:
    """What floats up at a unit as things happen to it: its rolls (named by ``rolls``, the
    outcome worded by ``outcomes``, in the bad tone for the outcomes in ``bad``), casualties,
    the combat result, a status or condition it gets."""
    if isinstance(e, ev.DiceRolled) and e.model:
        spot = unit_spot(state, e.model)
        if spot is None:
            return None
        what = rolls.get(e.purpose, e.purpose.replace("_", " "))
        tone = BAD if e.outcome in bad else INFO
        return TableNote(spot, f"{what}: {outcomes.get(e.outcome, e.outcome)}", tone)
    if isinstance(e, CombatResult):
        one, two = e.scores["1"]["total"], e.scores["2"]["total"]
        unit = next((u for u in e.units if e.winner is None or state.units[u].side == e.winner),
                    e.units[0])
        spot = unit_spot(state, unit)
        text = f"wins {one} : {two}" if e.winner == 1 else f"wins {two} : {one}" if e.winner else (
            f"a draw, {one} : {two}")
        return TableNote(spot, text, GOOD, result=True) if spot else None
    if isinstance(e, ev.CasualtiesRemoved):
        spot = unit_spot(state, e.unit)
        n = len(e.models)
        return TableNote(spot, f"-{n} model{'s' if n != 1 else ''}", BAD, result=True) if spot else None
    if isinstance(e, ev.UnitStatusChanged) and e.status != "active":
        spot = unit_spot(state, e.unit)
        return TableNote(spot, e.status.capitalize(), BAD, result=True) if spot else None
    if isinstance(e, ev.UnitConditionAdded):
        spot = unit_spot(state, e.unit)
        return TableNote(spot, words(e.condition).capitalize(), BAD) if spot else None
    return None


__all__ = ["combat_result_line", "describe_common", "name", "unit_note", "unit_spot"]

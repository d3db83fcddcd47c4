"""Log lines for old-world events, with the game's own terms and the units' names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import events as ev
from game.core.log import describe as shared
from game.core.log import show_value
from game.core.ruleset import BAD, GOOD, INFO, TableNote, sum_roll_problem
from game.core.state import GameState
from game.rulesets.rank_and_flank.events import CombatResult
from game.rulesets.rank_and_flank.flow import PhaseStep

ROLLS = {
    "to_hit": "to hit", "reroll_to_hit": "re-roll to hit", "to_wound": "to wound",
    "armour_save": "armour save", "ward_save": "ward save", "regeneration": "Regeneration",
    "charge_range": "charge", "flee": "flee", "pursuit": "pursuit", "break_test": "Break test",
    "leadership": "Leadership test", "fear": "Fear test", "terror": "Terror test",
    "stupidity": "Stupidity test", "rally": "Rally test", "march": "march test",
    "impact_hits": "Impact Hits",
}
OUTCOMES = {"give_ground": "gives ground", "fall_back": "falls back in good order",
            "break": "breaks"}
ITEMS = (("wounds", "wounds"), ("ranks", "ranks"), ("standard", "standard"),
         ("battle_standard", "battle standard"), ("flank", "flank"), ("rear", "rear"),
         ("high_ground", "high ground"), ("overkill", "overkill"),
         ("massed_infantry", "massed infantry"), ("close_order", "close order"),
         ("musician", "musician"))


def name(state: GameState, unit: str | None) -> str:
    if unit is None:
        return ""
    u = state.units.get(unit)
    if u is not None:
        return u.display or unit
    m = state.models.get(unit)
    return m.display if m is not None and m.display else unit


def roll_line(state: GameState, e: ev.DiceRolled) -> str:
    who = name(state, e.model)
    what = ROLLS.get(e.purpose, e.purpose.replace("_", " "))
    faces = " ".join(str(f) for f in e.faces)
    against = f" against {name(state, e.against)}" if e.against else ""
    if e.purpose in ("to_hit", "reroll_to_hit", "to_wound", "armour_save", "ward_save",
                     "regeneration"):
        mods = "".join(f", {src} {v:+d}" for src, v in e.modifiers)
        return f"{who}: {what}{against}, {e.target}+ needed{mods}: {faces} — {e.outcome}"
    if e.purpose == "charge_range":
        mv = dict(e.modifiers).get("Movement", 0)
        need = f" (needs {e.target}\")" if e.target is not None else ""
        return (f"{who}: charge{against}: {faces}, the higher {e.kept[0]} + Movement {mv} = "
                f"{e.total}\"{need} — {e.outcome}")
    if e.purpose == "break_test":
        diff = sum(v for _, v in e.modifiers)
        extra = f" + {diff} lost by" if diff else ""
        return (f"{who}: Break test {faces}{extra} = {e.total} against Leadership {e.target} — "
                f"{OUTCOMES.get(e.outcome, e.outcome)}")
    if e.purpose in ("flee", "pursuit"):
        return f"{who}: {what} {faces} — {e.total}\""
    if e.target is not None and len(e.faces) == 2:
        return f"{who}: {what} {faces} = {e.total} against Leadership {e.target} — {e.outcome}"
    return f"{who}: {what} {faces} — {e.outcome}"


def describe(state: GameState, e: ev.Event) -> str | None:
    if isinstance(e, ev.DiceRolled):
        return roll_line(state, e)
    if isinstance(e, CombatResult):
        parts = []
        for side in ("1", "2"):
            sc = e.scores[side]
            items = ", ".join(f"{label} {sc[k]}" for k, label in ITEMS if sc.get(k))
            parts.append(f"side {side} {sc['total']}" + (f" ({items})" if items else ""))
        won = f"side {e.winner} wins" if e.winner else "a draw"
        return "Combat result: " + "; ".join(parts) + f" — {won}"
    if isinstance(e, ev.RuleApplied):
        who = name(state, e.model)
        return f"{e.rule}: {who + ' ' if who else ''}{e.detail}"
    if isinstance(e, ev.PlayerTurnStarted):
        return f"— side {e.side}'s turn —"
    if isinstance(e, ev.PhaseStarted):
        return f"{e.phase.capitalize()} phase"
    if isinstance(e, (ev.PhaseEnded, ev.PlayerTurnEnded, PhaseStep, ev.UnitFlagSet,
                      ev.UnitCounterChanged, ev.ActionTaken)):
        return None
    if isinstance(e, ev.UnitMoved):
        if e.reason == "stands alone":
            return f"{name(state, e.unit)} now stands alone"
        return f'{name(state, e.unit)}: {e.reason} {e.distance:.1f}"'
    if isinstance(e, ev.CasualtiesRemoved):
        n = len(e.models)
        return f"{name(state, e.unit)}: {n} casualt{'ies' if n != 1 else 'y'} removed ({e.reason})"
    if isinstance(e, ev.UnitStatusChanged):
        words = {"fled": "has fled", "fleeing": "is fleeing", "destroyed": "is destroyed",
                 "active": "is back in the fight"}
        return f"{name(state, e.unit)} {words.get(e.status, 'is ' + e.status)} ({e.reason})"
    if isinstance(e, ev.UnitConditionAdded):
        return f"{name(state, e.unit)} is {e.condition} ({e.source})"
    if isinstance(e, ev.UnitConditionRemoved):
        return f"{name(state, e.unit)} is no longer {e.condition} ({e.reason})"
    if isinstance(e, ev.DecisionRequested):
        return f"decision: {e.question}"
    if isinstance(e, ev.DecisionAnswered):
        return f"Answer: {show_value(state, e.answer)}{' (the default)' if e.by_default else ''}"
    return shared(e)


#: rolls that count dice reaching a target (their total is how many did)
COUNTED = {"to_hit", "reroll_to_hit", "to_wound", "armour_save", "ward_save", "regeneration"}


def roll_problem(roll: Mapping[str, Any]) -> str | None:
    """What cannot be right in a saved old-world roll: a count of successes that the faces do
    not give, a kept die that was not thrown (D3 dice keep half the face), a wrong sum."""
    purpose = roll["purpose"]
    faces, kept, mods, total, target = (roll["faces"], roll["kept"], roll["modifiers"],
                                        roll["total"], roll["target"])
    if any(not 1 <= f <= 6 for f in faces):
        return f"a d6 cannot show {next(f for f in faces if not 1 <= f <= 6)}"
    if purpose in COUNTED:
        if target is None:
            return "a roll against a target has no target"
        mod = sum(v for _, v in mods)
        if purpose in ("to_hit", "reroll_to_hit"):
            ok = [f == 6 or (f != 1 and f + mod >= target) for f in faces]
            if total not in (sum(ok), 0, len(faces)):  # (WS 0 misses or is hit whatever)
                return f"{list(faces)} against {target}+ makes {sum(ok)} hits, not {total}"
            return None
        if purpose == "armour_save":
            got = sum(1 for f in faces if f != 1 and f + mod >= target)
        elif purpose == "to_wound":
            got = sum(1 for f in faces if f != 1 and f >= target)
        else:
            got = sum(1 for f in faces if f >= target)
        if got != total:
            return f"{list(faces)} against {target}+ makes {got}, not {total}"
        return None
    if purpose == "impact_hits" and "D3" in roll["die"]:
        want = [(f + 1) // 2 for f in faces]
        if list(kept) != want:
            return f"D3 dice {list(faces)} keep {want}, not {list(kept)}"
        return None if total == max(0, sum(kept) + sum(v for _, v in mods)) else (
            f"{list(kept)} and the modifiers do not make {total}")
    return sum_roll_problem(roll)


def unit_spot(state: GameState, unit: str) -> str | None:
    """The model a note about ``unit`` floats up at: the middle of its front rank."""
    u = state.units.get(unit)
    if u is None:
        return unit if unit in state.models else None
    live = [n for n in u.models if state.models[n].on_table] or list(u.models)
    f = u.formation
    files = min(f.files, len(live)) if f is not None else 1
    return live[min(len(live) - 1, files // 2)]


NOTE_OUTCOMES = {"give_ground": "gives ground", "fall_back": "falls back", "break": "breaks!"}


def table_note(state: GameState, e: ev.Event) -> TableNote | None:
    """What floats up at a unit as things happen to it: rolls, casualties, the result."""
    if isinstance(e, ev.DiceRolled) and e.model:
        spot = unit_spot(state, e.model)
        if spot is None:
            return None
        what = ROLLS.get(e.purpose, e.purpose.replace("_", " "))
        tone = BAD if e.outcome in ("fail", "falls short", "break") else INFO
        return TableNote(spot, f"{what}: {NOTE_OUTCOMES.get(e.outcome, e.outcome)}", tone)
    if isinstance(e, CombatResult):
        one, two = e.scores["1"]["total"], e.scores["2"]["total"]
        unit = next((u for u in e.units if e.winner is None or state.units[u].side == e.winner),
                    e.units[0])
        spot = unit_spot(state, unit)
        text = f"wins {one} : {two}" if e.winner == 1 else f"wins {two} : {one}" if e.winner else (
            f"a draw, {one} : {two}")
        return TableNote(spot, text, GOOD) if spot else None
    if isinstance(e, ev.CasualtiesRemoved):
        spot = unit_spot(state, e.unit)
        n = len(e.models)
        return TableNote(spot, f"-{n} model{'s' if n != 1 else ''}", BAD) if spot else None
    if isinstance(e, ev.UnitStatusChanged) and e.status != "active":
        spot = unit_spot(state, e.unit)
        return TableNote(spot, e.status.capitalize(), BAD) if spot else None
    if isinstance(e, ev.UnitConditionAdded):
        spot = unit_spot(state, e.unit)
        return TableNote(spot, e.condition.capitalize(), BAD) if spot else None
    return None

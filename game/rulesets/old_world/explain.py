"""Log lines for old-world events, with the game's own terms and the units' names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import events as ev
from game.core.ruleset import TableNote, sum_roll_problem
from game.core.state import GameState
from game.rulesets.rank_and_flank.events import CombatResult
from game.rulesets.rank_and_flank.explain import (
    combat_result_line,
    describe_common,
    name,
    unit_note,
)

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
        extra = f" + {diff} (lost by {diff})" if diff else ""
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
        return combat_result_line(e, ITEMS)
    return describe_common(state, e)


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


NOTE_OUTCOMES = {"give_ground": "gives ground", "fall_back": "falls back", "break": "breaks!"}


def table_note(state: GameState, e: ev.Event) -> TableNote | None:
    """What floats up at a unit as things happen to it: rolls, casualties, the result."""
    return unit_note(state, e, ROLLS, NOTE_OUTCOMES, ("fail", "falls short", "break"))

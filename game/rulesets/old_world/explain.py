"""Log lines for old-world events, with the game's own terms and the units' names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import events as ev
from game.core.ruleset import (
    BREAK_TESTS,
    HITS,
    SAVES,
    TESTS,
    WOUNDS,
    RollCount,
    TableNote,
    count_each,
    count_together,
    sum_roll_problem,
)
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
    "impact_hits": "Impact Hits", "peril": "Peril test", "to_hit_7_plus": "second roll to hit",
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
    if e.purpose in COUNTED:
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


#: rolls that count dice reaching a target (their total is how many did), and what they count
COUNTED = {"to_hit": HITS, "reroll_to_hit": HITS, "to_wound": WOUNDS, "armour_save": SAVES,
           "ward_save": SAVES, "regeneration": SAVES, "peril": TESTS,
           # a shot needing 7 or more: its 6 then this roll
           "to_hit_7_plus": HITS}


def _hits(face: int, target: int, mod: int) -> bool:
    return face == 6 or (face != 1 and face + mod >= target)


def _saves(face: int, target: int, mod: int) -> bool:
    return face != 1 and face + mod >= target


def _wounds(face: int, target: int, mod: int) -> bool:
    return face != 1 and face >= target


def _reaches(face: int, target: int, mod: int) -> bool:
    return face >= target


SUCCESS = {"to_hit": _hits, "reroll_to_hit": _hits, "armour_save": _saves, "to_wound": _wounds}


def _holds(faces: tuple[int, ...], leadership: int) -> bool:
    """A Break test the dice do not fail: a double 1, or no more than the Leadership (the
    combat result then decides between giving ground and falling back)."""
    return sum(faces) == 2 or sum(faces) <= leadership


def _passes(faces: tuple[int, ...], leadership: int) -> bool:
    """A Leadership test: a double 1 passes, a double 6 fails, else at most the Leadership."""
    total = sum(faces)
    return total == 2 or (total != 12 and total <= leadership)


def roll_count(roll: Mapping[str, Any]) -> RollCount | None:
    """The successes of a saved old-world roll: hits, wounds and saves die by die, a Break
    test the dice do not fail, a Leadership test passed; None for other rolls."""
    purpose, faces, target = roll["purpose"], roll["faces"], roll["target"]
    if target is None or any(not 1 <= f <= 6 for f in faces):
        return None
    if purpose in COUNTED:
        rule, mod = SUCCESS.get(purpose, _reaches), sum(v for _, v in roll["modifiers"])
        return count_each(COUNTED[purpose], faces, 6, lambda f: rule(f, target, mod))
    if len(faces) == 2 and purpose == "break_test":
        return count_together(BREAK_TESTS, faces, 6, _holds, target)
    if len(faces) == 2 and purpose == "leadership":
        return count_together(TESTS, faces, 6, _passes, target)
    return None


def roll_problem(roll: Mapping[str, Any]) -> str | None:
    """What cannot be right in a saved old-world roll: a count of successes that the faces do
    not give (counted by :func:`roll_count`), a kept die that was not thrown (D3 dice keep
    half the face), a wrong sum."""
    purpose = roll["purpose"]
    faces, kept, mods, total, target = (roll["faces"], roll["kept"], roll["modifiers"],
                                        roll["total"], roll["target"])
    if any(not 1 <= f <= 6 for f in faces):
        return f"a d6 cannot show {next(f for f in faces if not 1 <= f <= 6)}"
    if purpose in COUNTED:
        counted = roll_count(roll)
        if counted is None:
            return "a roll against a target has no target"
        if purpose in ("to_hit", "reroll_to_hit"):
            if total not in (counted.got, 0, len(faces)):  # (WS 0 misses or is hit whatever)
                return f"{list(faces)} against {target}+ makes {counted.got} hits, not {total}"
            return None
        if counted.got != total:
            return f"{list(faces)} against {target}+ makes {counted.got}, not {total}"
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

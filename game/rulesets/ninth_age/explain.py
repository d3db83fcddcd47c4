"""Log lines for ninth-age events, with the game's own terms and the units' names, and the
check of saved rolls (``replay --log`` warns about rolls whose numbers do not add up)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core import events as ev
from game.core.ruleset import (
    BREAK_TESTS,
    HITS,
    SAVES,
    WOUNDS,
    RollCount,
    TableNote,
    count_each,
    count_together,
    faces_problem,
    sum_roll_problem,
)
from game.core.ruleset import TESTS as OTHER_TESTS
from game.core.state import GameState
from game.rulesets.rank_and_flank.events import CombatResult
from game.rulesets.rank_and_flank.explain import (
    combat_result_line,
    describe_common,
    name,
    unit_note,
)

ROLLS = {
    "to_hit": "to hit", "to_wound": "to wound", "reroll_to_wound": "re-roll to wound",
    "armour_save": "Armour Save", "ward_save": "Aegis Save", "fortitude_save": "Fortitude Save",
    "charge_range": "charge", "flee": "flee", "pursuit": "pursuit", "break_test": "Break Test",
    "discipline": "Discipline test", "impact_hits": "Impact Hits", "grind_attacks": "Grind Attacks",
    "stomp_attacks": "Stomp Attacks", "breath_attack": "Breath Attack",
    "sweeping_attack": "Sweeping Attack", "hopeless_shot": "Hopeless Shot",
}
ITEMS = (("wounds", "Health Points"), ("overkill", "overkill"), ("charge", "charge"),
         ("ranks", "ranks"), ("standard", "standard"), ("battle_standard", "battle standard"),
         ("flank", "flank or rear"))
#: rolls that count dice reaching a target (their total is how many did), and what they count
COUNTED = {"to_hit": HITS, "to_wound": WOUNDS, "reroll_to_wound": WOUNDS, "armour_save": SAVES,
           "ward_save": SAVES, "fortitude_save": SAVES, "hopeless_shot": HITS}
#: Discipline tests (2D6 at or under the Discipline), and what they count
TESTS = {"break_test": BREAK_TESTS, "discipline": OTHER_TESTS}


def roll_line(state: GameState, e: ev.DiceRolled) -> str:
    who = name(state, e.model)
    what = ROLLS.get(e.purpose, e.purpose.replace("_", " "))
    faces = " ".join(str(f) for f in e.faces)
    against = f" against {name(state, e.against)}" if e.against else ""
    if e.purpose == "armour_save":
        mods = dict(e.modifiers)
        arm, ap = mods.get("Armour", 0), -mods.get("AP", 0)
        return (f"{who}: {what} (Armour {arm}, AP {ap}){against}, {e.target}+ needed: {faces} — "
                f"{e.outcome}")
    if e.purpose in COUNTED:
        listed = "".join(f", {src} {v:+d}" for src, v in e.modifiers)
        return f"{who}: {what}{against}, {e.target}+ needed{listed}: {faces} — {e.outcome}"
    if e.purpose == "charge_range":
        adv = dict(e.modifiers).get("Adv", 0)
        dice = "+".join(str(k) for k in e.kept)
        need = f" (needs {e.target}\")" if e.target is not None else ""
        return f"{who}: charge{against}: {faces}, {dice} + Adv {adv} = {e.total}\"{need} — {e.outcome}"
    if e.purpose in TESTS:
        # the Discipline as it stands, what changes it, and the roll that passes
        listed = "".join(f", {v:+d} for the {src}" for src, v in e.modifiers)
        base = (e.target or 0) - sum(v for _, v in e.modifiers)
        need = (f"needs {e.target} or less" if (e.target or 0) >= 2 else "no roll can pass")
        return (f"{who}: {what} {faces} = {e.total} against Discipline {base}{listed} ({need}) — "
                f"{e.outcome}")
    if e.purpose in ("flee", "pursuit"):
        dropped = " (the lowest dropped)" if len(e.faces) > len(e.kept) else ""
        return f"{who}: {what} {faces}{dropped} — {e.total}\""
    if e.purpose in ("impact_hits", "grind_attacks", "stomp_attacks", "breath_attack",
                     "sweeping_attack"):
        return f"{who}: {what}{against} ({e.die}): {faces} — {e.total} hit{'s' if e.total != 1 else ''}"
    return f"{who}: {what} {faces} — {e.outcome}"


def describe(state: GameState, e: ev.Event) -> str | None:
    if isinstance(e, ev.DiceRolled):
        return roll_line(state, e)
    if isinstance(e, CombatResult):
        return combat_result_line(e, ITEMS)
    return describe_common(state, e)


def _hits(face: int, target: int) -> bool:
    """To hit, the modifiers already in ``target``: a 6 always hits (a shot's 6 that needed 7
    or more goes on to a Hopeless Shot), a 1 always misses."""
    return face == 6 or (face != 1 and face >= target)


def _reaches(face: int, target: int) -> bool:
    return face != 1 and face >= target


def _special(face: int, target: int) -> bool:
    return face >= target


SUCCESS = {"to_hit": _hits, "ward_save": _special, "fortitude_save": _special,
           "hopeless_shot": _special}


def _passes(faces: tuple[int, ...], discipline: int) -> bool:
    return sum(faces) <= discipline


def roll_count(roll: Mapping[str, Any]) -> RollCount | None:
    """The successes of a saved ninth-age roll: hits, wounds and saves die by die, a Break
    Test or another Discipline test passed; None for other rolls."""
    purpose, faces, target = roll["purpose"], roll["faces"], roll["target"]
    if target is None or any(not 1 <= f <= 6 for f in faces):
        return None
    if purpose in COUNTED:
        rule = SUCCESS.get(purpose, _reaches)
        # a shot's to-hit modifiers are written beside its Aim: the face needs Aim less them
        need = target - sum(v for _, v in roll["modifiers"]) if purpose == "to_hit" else target
        return count_each(COUNTED[purpose], faces, 6, lambda f: rule(f, need))
    if purpose in TESTS:
        return count_together(TESTS[purpose], faces, 6, _passes, target)
    return None


def roll_problem(roll: Mapping[str, Any]) -> str | None:
    """What cannot be right in a saved ninth-age roll: a count of successes the faces do not
    give (counted by :func:`roll_count`), a test whose result does not follow from its dice,
    a wrong sum."""
    purpose = roll["purpose"]
    faces, total, target = roll["faces"], roll["total"], roll["target"]
    if any(not 1 <= f <= 6 for f in faces):
        return f"a d6 cannot show {next(f for f in faces if not 1 <= f <= 6)}"
    if purpose in COUNTED:
        counted = roll_count(roll)
        if counted is None:
            return "a roll against a target has no target"
        if counted.got != total:
            return f"{list(faces)} against {target}+ makes {counted.got}, not {total}"
        return None
    if purpose in TESTS:
        problem = faces_problem(roll)
        if problem:
            return problem
        if total != sum(faces):
            return f"{list(faces)} makes {sum(faces)}, not {total}"
        return None
    if "D3" in roll["die"]:
        kept = roll["kept"]
        want = [(f + 1) // 2 for f in faces]
        if list(kept) != want:
            return f"D3 dice {list(faces)} keep {want}, not {list(kept)}"
        return None if total == max(0, sum(kept) + sum(v for _, v in roll["modifiers"])) else (
            f"{list(kept)} and the modifiers do not make {total}")
    return sum_roll_problem(roll)


NOTE_OUTCOMES = {"break": "breaks!"}


def table_note(state: GameState, e: ev.Event) -> TableNote | None:
    """What floats up at a unit as things happen to it: rolls, casualties, the result."""
    return unit_note(state, e, ROLLS, NOTE_OUTCOMES, ("fail", "falls short", "break", "blocked"))


__all__ = ["describe", "roll_count", "roll_line", "roll_problem", "table_note"]

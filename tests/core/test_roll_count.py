"""Each ruleset counts the successes of a saved roll by its own rule (hits, wounds, saves,
tests passed), with the chance each success had: the numbers its rules imply. replay --log
checks saved rolls with the same rule."""

from __future__ import annotations

import itertools

import pytest

from game.core.ruleset import BREAK_TESTS, HITS, SAVES, TESTS, WOUNDS, get_ruleset


def roll(purpose: str, faces: list[int], target: int | None, mods=(), total=0, outcome="",
         die="d6", dice_modifiers=()) -> dict:
    return {"type": "dice_rolled", "purpose": purpose, "model": "x", "die": die,
            "faces": faces, "kept": faces, "modifiers": [list(m) for m in mods],
            "total": total, "target": target, "outcome": outcome, "against": None,
            "dice_modifiers": [list(m) for m in dice_modifiers]}


@pytest.mark.parametrize("ruleset, r, kind, got, expected", [
    # old-world: 4+ to hit, a 6 always hits
    ("old-world", roll("to_hit", [1, 4, 6], 4, total=2), HITS, 2, 1.5),
    # Fear -1 to hit: 5 or 6 now
    ("old-world", roll("to_hit", [4, 5, 6], 4, [("Fear", -1)], total=2), HITS, 2, 3 * 2 / 6),
    # to wound 2+, a 1 always fails
    ("old-world", roll("to_wound", [1, 2, 3], 2, total=2), WOUNDS, 2, 3 * 5 / 6),
    # a +1 to the save: 3 or more saves now (a 1 never does)
    ("old-world", roll("armour_save", [3, 6], 4, [("cover", 1)], total=2), SAVES, 2,
     2 * 4 / 6),
    # Break test: 8 against Leadership 7 breaks; 21 of the 36 throws do not
    ("old-world", roll("break_test", [3, 5], 7, total=8), BREAK_TESTS, 0, 21 / 36),
    # a double 6 fails a Leadership test whatever the Leadership
    ("old-world", roll("leadership", [6, 6], 12, total=12), TESTS, 0, 35 / 36),
    ("ninth-age", roll("ward_save", [5, 1], 5, total=1), SAVES, 1, 2 * 2 / 6),
    ("ninth-age", roll("to_hit", [6, 2], 7, total=1), HITS, 1, 2 * 1 / 6),
    ("ninth-age", roll("break_test", [3, 4], 7, total=7), BREAK_TESTS, 1, 21 / 36),
    # a natural 10 always hits in skirmish-d10
    ("skirmish-d10", roll("attack", [10], 12, [("MAV", 1)], 11, "hit", "d10"), HITS, 1, 0.1),
    ("skirmish-d10", roll("tough", [6], 6, total=6, outcome="stays", die="d10"), SAVES, 1,
     0.5),
])
def test_each_ruleset_counts_a_roll_by_its_rules(ruleset, r, kind, got, expected) -> None:
    count = get_ruleset(ruleset).roll_count(r)
    assert count is not None
    assert (count.kind, count.got) == (kind, got)
    assert count.expected == pytest.approx(expected)
    assert get_ruleset(ruleset).roll_problem(r) is None


def test_a_success_roll_with_a_bonus_die_keeps_the_best_two() -> None:
    r = roll("success_roll", [1, 3, 6], 7, total=9, outcome="success", die="3d6",
             dice_modifiers=[("Melee", 1)])
    r["kept"] = [3, 6]
    count = get_ruleset("trench-crusade").roll_count(r)
    best_two = sum(1 for c in itertools.product(range(1, 7), repeat=3)
                   if sum(c) - min(c) >= 7)
    assert count is not None and (count.kind, count.got) == (HITS, 1)
    assert count.expected == pytest.approx(best_two / 216)
    worse = dict(r, dice_modifiers=[["Blood Markers", -1]], kept=[1, 3])
    lowest = get_ruleset("trench-crusade").roll_count(worse)
    assert lowest is not None and lowest.got == 0 and lowest.expected < count.expected


def test_rolls_that_count_no_success_are_left_out() -> None:
    charge = roll("charge_range", [3, 5], 6, [("Movement", 6)], 11, "reaches", "2d6")
    assert get_ruleset("old-world").roll_count(charge) is None
    injury = roll("injury_roll", [3, 5], None, total=8, outcome="down", die="2d6")
    assert get_ruleset("trench-crusade").roll_count(injury) is None


def test_an_attack_whose_outcome_does_not_follow_from_its_dice_is_an_edited_roll() -> None:
    r = roll("attack", [3], 12, [("MAV", 1)], 4, "hit", "d10")
    assert "is a miss, not a hit" in get_ruleset("skirmish-d10").roll_problem(r)



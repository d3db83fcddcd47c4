"""The Success Roll: 2D6 with bonus and penalty dice, and its three results."""

import pytest

from game.rulesets.trench_crusade.rolls import keep, success_roll
from tests.support import rolls, run
from tests.trench_crusade.helpers import drive, duel, engine_for


def test_keep_the_two_highest_for_bonus_dice_and_the_two_lowest_for_penalty_dice():
    assert keep((6, 2, 5), 2, 1) == (6, 5)
    assert keep((6, 2, 5), 2, -1) == (2, 5)
    assert keep((1, 6, 6, 4), 2, 2) == (6, 6)
    assert keep((4, 5), 2, 0) == (4, 5)


@pytest.mark.parametrize(
    "faces, total, outcome",
    [((3, 3), 6, "failure"), ((3, 4), 7, "success"), ((5, 6), 11, "success"), ((6, 6), 12, "critical")],
)
def test_two_to_six_fails_seven_to_eleven_succeeds_twelve_is_critical(faces, total, outcome):
    # the injury roll after a hit: 1 + 1 = 2, a Minor Hit
    eng = run(duel([*faces, 1, 1, 1]))
    (roll,) = rolls(eng, "success_roll")
    assert (roll.faces, roll.kept, roll.total, roll.target, roll.outcome) == (faces, faces, total, 7, outcome)
    assert len(rolls(eng, "injury_roll")) == (0 if outcome == "failure" else 1)


def test_a_failure_is_a_miss_with_no_injury_roll():
    eng = run(duel([5, 1]))
    assert rolls(eng, "success_roll")[0].outcome == "failure"
    assert rolls(eng, "injury_roll") == []


def test_melee_characteristic_adds_dice_and_keeps_the_highest():
    # Melee +1: three dice 1 6 6, the two highest are 6 + 6 = 12, a Critical
    eng = run(duel([1, 6, 6, 1, 1, 1], a={"stats": {"Melee": 1}}))
    roll = rolls(eng, "success_roll")[0]
    assert roll.die == "3d6" and roll.faces == (1, 6, 6) and roll.kept == (6, 6)
    assert roll.total == 12 and roll.outcome == "critical"
    assert roll.dice_modifiers == (("Melee", 1),)


def test_negative_melee_characteristic_keeps_the_lowest():
    # Melee -2: four dice 6 5 1 6, the two lowest 5 + 1 = 6: a Failure though 6 + 6 was thrown
    eng = run(duel([6, 5, 1, 6], a={"stats": {"Melee": -2}}))
    roll = rolls(eng, "success_roll")[0]
    assert roll.faces == (6, 5, 1, 6) and roll.kept == (5, 1) and roll.total == 6
    assert roll.outcome == "failure"


def test_bonus_and_penalty_dice_cancel_before_rolling():
    # Melee +1 against a FEAR target (-1): two dice only
    eng = run(duel([4, 3, 1, 1], a={"stats": {"Melee": 1}}, b={"keywords": ["FEAR"]}))
    roll = rolls(eng, "success_roll")[0]
    assert roll.die == "2d6" and roll.faces == (4, 3) and roll.total == 7
    assert dict(roll.dice_modifiers) == {"Melee": 1, "FEAR": -1}


def test_weapon_dice_count_on_the_success_roll_only():
    # a +1 DICE weapon: 3 dice for the success roll, still 2 for the injury roll
    spear = {"name": "Spear", "dice": 1}
    eng = run(duel([2, 5, 4, 3, 3], a={"weapons": [spear]}))
    hit = rolls(eng, "success_roll")[0]
    assert hit.kept == (5, 4) and hit.outcome == "success"
    inj = rolls(eng, "injury_roll")[0]
    assert inj.faces == (3, 3) and inj.total == 6 and inj.outcome == "minor_hit"


def test_a_down_model_rolls_with_one_penalty_die():
    eng, ctx = engine_for(duel([]))
    from game.core import events as ev
    from game.core.state import apply

    apply(eng.state, ev.StatusChanged("a", "down", "test"))
    eng.dice.faces = [6, 6, 2]
    out = drive(eng, success_roll(ctx, "a", "success_roll", []))
    roll = [e for e in eng.log if getattr(e, "purpose", "") == "success_roll"][-1]
    assert roll.dice_modifiers == (("Down", -1),)
    assert roll.kept == (6, 2) and roll.total == 8 and out == "success"

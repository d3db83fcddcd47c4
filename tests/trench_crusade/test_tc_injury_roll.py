"""The Injury Roll after a hit: injury dice, injury modifiers, the table, Blood Markers,
TOUGH, ARMOUR PIERCING, and markers spent by the players."""

import pytest

from game.core import events as ev
from tests.support import events, rolls, run
from tests.trench_crusade.helpers import counter, duel, status

HIT = [4, 4]  # a Success (8) with no bonus or penalty dice


@pytest.mark.parametrize(
    "faces, outcome, markers, state",
    [((1, 1), "minor_hit", 1, "active"), ((3, 3), "minor_hit", 1, "active"),
     ((3, 4), "down", 1, "down"), ((4, 4), "down", 1, "down"),
     ((4, 5), "out_of_action", 0, "out_of_action"), ((6, 6), "out_of_action", 0, "out_of_action")],
)
def test_injury_table(faces, outcome, markers, state):
    eng = run(duel([*HIT, *faces]))
    inj = rolls(eng, "injury_roll")[0]
    assert inj.total == sum(faces) and inj.outcome == outcome
    assert counter(eng, "b") == markers and status(eng, "b") == state


def test_one_or_less_is_no_effect():
    # Armour -1: 1 + 1 - 1 = 1
    eng = run(duel([*HIT, 1, 1], b={"stats": {"Armour": -1}}))
    inj = rolls(eng, "injury_roll")[0]
    assert inj.modifiers == (("Armour", -1),) and inj.total == 1 and inj.outcome == "no_effect"
    assert counter(eng, "b") == 0 and status(eng, "b") == "active"


def test_critical_success_adds_an_injury_die():
    # 6 + 6 critical: the injury roll throws 3 dice and keeps the two highest: 5 + 4 = 9
    eng = run(duel([6, 6, 1, 5, 4]))
    inj = rolls(eng, "injury_roll")[0]
    assert inj.faces == (1, 5, 4) and inj.kept == (5, 4) and inj.total == 9
    assert inj.dice_modifiers == (("Critical", 1),)
    assert status(eng, "b") == "out_of_action"


def test_armour_subtracts_and_armour_piercing_lessens_it_by_one():
    # Reinforced-like Armour -2: 4 + 5 - 2 = 7 Down; the same dice with ARMOUR PIERCING: 8
    plain = run(duel([*HIT, 4, 5], b={"stats": {"Armour": -2}}))
    assert rolls(plain, "injury_roll")[0].total == 7
    ap = {"name": "Pick", "keywords": ["ARMOUR PIERCING"]}
    eng = run(duel([*HIT, 4, 5], a={"weapons": [ap]}, b={"stats": {"Armour": -2}}))
    inj = rolls(eng, "injury_roll")[0]
    assert inj.modifiers == (("Armour", -2), ("ARMOUR PIERCING", 1)) and inj.total == 8


def test_armour_piercing_never_makes_armour_a_bonus():
    ap = {"name": "Pick", "keywords": ["ARMOUR PIERCING"]}
    eng = run(duel([*HIT, 3, 3], a={"weapons": [ap]}))
    inj = rolls(eng, "injury_roll")[0]
    assert inj.modifiers == () and inj.total == 6


def test_weapon_injury_modifier_and_injury_dice():
    # +1 INJURY DICE and +1 INJURY MODIFIER: dice 2 6 3 keep 6 3, + 1 = 10
    axe = {"name": "Axe", "injury_dice": 1, "injury_modifier": 1}
    eng = run(duel([*HIT, 2, 6, 3], a={"weapons": [axe]}))
    inj = rolls(eng, "injury_roll")[0]
    assert inj.kept == (6, 3) and inj.modifiers == (("Axe", 1),) and inj.total == 10
    assert inj.dice_modifiers == (("Axe", 1),)


def test_negative_injury_modifiers_stop_at_minus_three():
    # Armour -3 and a -2 weapon would be -5: only -3 counts. 6 + 6 - 3 = 9
    blunt = {"name": "Stick", "injury_modifier": -2}
    eng = run(duel([*HIT, 6, 6], a={"weapons": [blunt]}, b={"stats": {"Armour": -3}}))
    inj = rolls(eng, "injury_roll")[0]
    assert sum(v for _, v in inj.modifiers) == -3 and inj.total == 9
    assert inj.outcome == "out_of_action"


def test_down_result_on_a_down_model_places_two_blood_markers():
    # Sword then Knife (Off-Hand): first hit Down (4+4), second hit Down again (3+4) -> 1 + 2
    a = {"weapons": [{"name": "Sword"}, {"name": "Knife"}]}
    # second success roll is Off-Hand: -1 DICE, 3 dice keep lowest 5 5 (6)
    # the second injury roll has +1 INJURY DICE (target Down, melee): keep highest 3 4
    eng = run(duel([4, 4, 4, 4, 5, 5, 6, 1, 3, 4], a=a))
    assert [r.outcome for r in rolls(eng, "success_roll")] == ["success", "success"]
    second = rolls(eng, "injury_roll")[1]
    assert second.dice_modifiers == (("Down", 1),) and second.kept == (3, 4)
    assert second.outcome == "down"
    assert counter(eng, "b") == 3 and status(eng, "b") == "down"


def test_melee_attacks_against_a_down_model_get_an_injury_die():
    # Club with 2 attacks: the first takes b Down (7), the second injury roll throws 3 dice
    a = {"weapons": [{"name": "Flail", "attacks": 2}]}
    eng = run(duel([4, 4, 3, 4, 4, 4, 1, 6, 5], a=a))
    first, second = rolls(eng, "injury_roll")
    assert first.dice_modifiers == () and first.outcome == "down"
    assert second.faces == (1, 6, 5) and second.kept == (6, 5) and second.outcome == "out_of_action"


def test_blood_markers_never_exceed_six():
    eng = run(duel([*HIT, 2, 2], b={"rules": ["Blood Markers (6)"]}))
    assert rolls(eng, "injury_roll")[0].outcome == "minor_hit"
    assert counter(eng, "b") == 6


def test_tough_goes_down_instead_of_out_of_action_the_first_time():
    a = {"weapons": [{"name": "Flail", "attacks": 2}]}
    eng = run(duel([4, 4, 5, 5, 4, 4, 5, 5, 5], a=a, b={"keywords": ["TOUGH"]}))
    first, second = rolls(eng, "injury_roll")
    assert first.outcome == "out_of_action" and second.outcome == "out_of_action"
    downs = [e.status for e in events(eng, ev.StatusChanged) if e.model == "b"]
    assert downs == ["down", "out_of_action"]
    # the Down result in full: one Blood Marker
    assert counter(eng, "b") == 1


def test_headless_spends_no_markers_by_default():
    eng = run(duel([*HIT, 3, 3], a={"rules": ["Blood Markers (2)"]}, b={"rules": ["Blood Markers (3)"]}))
    assert rolls(eng, "success_roll")[0].die == "2d6"
    assert rolls(eng, "injury_roll")[0].die == "2d6"
    assert counter(eng, "a") == 2 and counter(eng, "b") == 4


def test_opponent_spends_blood_markers_for_injury_dice():
    # b has 3 Blood Markers; side 1 spends 2 on the injury roll: 4 dice, keep highest 6 + 3
    orders = [{"unit": "a", "do": "fight", "target": "b"}, {"answer": 2}]
    eng = run(duel([*HIT, 1, 6, 3, 2], b={"rules": ["Blood Markers (3)"]}, orders=orders))
    inj = rolls(eng, "injury_roll")[0]
    assert inj.dice_modifiers == (("Blood Markers", 2),) and inj.kept == (6, 3)
    assert inj.outcome == "out_of_action"
    assert counter(eng, "b") == 1
    asked = events(eng, ev.DecisionRequested)[0]
    assert asked.side == 1 and asked.options == (0, 1, 2, 3)


def test_opponent_spends_blood_markers_against_the_attackers_success_roll():
    # a has 2 Blood Markers; side 2 spends both: 4 dice, keep lowest 1 + 3 = 4: a miss
    orders = [{"unit": "a", "do": "fight", "target": "b"}, {"answer": 2}]
    eng = run(duel([6, 1, 6, 3], a={"rules": ["Blood Markers (2)"]}, orders=orders))
    roll = rolls(eng, "success_roll")[0]
    assert roll.dice_modifiers == (("Blood Markers", -2),) and roll.kept == (1, 3)
    assert roll.outcome == "failure" and counter(eng, "a") == 0
    assert events(eng, ev.DecisionRequested)[0].side == 2


def test_blessing_markers_help_their_owner():
    # a spends 1 Blessing Marker (+1 DICE); b spends 1 (-1 INJURY DICE) on the injury roll
    orders = [{"unit": "a", "do": "fight", "target": "b"}, {"answer": 1}, {"answer": 1}]
    eng = run(duel([1, 4, 4, 5, 5, 2], a={"rules": ["Blessing Markers (2)"]},
                   b={"rules": ["Blessing Markers (1)"]}, orders=orders))
    hit = rolls(eng, "success_roll")[0]
    assert hit.dice_modifiers == (("Blessing Markers", 1),) and hit.kept == (4, 4)
    inj = rolls(eng, "injury_roll")[0]
    assert inj.dice_modifiers == (("Blessing Markers", -1),) and inj.kept == (5, 2)
    assert inj.total == 7 and inj.outcome == "down"
    assert counter(eng, "a", "blessing_markers") == 1 and counter(eng, "b", "blessing_markers") == 0


def test_bloodbath_roll_keeps_three_dice_for_six_markers():
    orders = [{"unit": "a", "do": "fight", "target": "b"}, {"answer": "bloodbath"}]
    eng = run(duel([*HIT, 3, 3, 3], b={"rules": ["Blood Markers (6)"]}, orders=orders))
    inj = rolls(eng, "injury_roll")[0]
    assert inj.die == "3d6" and inj.kept == (3, 3, 3) and inj.total == 9
    assert inj.outcome == "out_of_action"
    assert counter(eng, "b") == 0


def test_bloodbath_on_a_down_model_costs_three():
    a = {"weapons": [{"name": "Flail", "attacks": 2}]}
    # first attack: Down (4 + 3) -> 4 markers; second: bloodbath for 3, +1 INJURY DICE (Down)
    orders = [{"unit": "a", "do": "fight", "target": "b"}, {"answer": 0}, {"answer": "bloodbath"}]
    eng = run(duel([4, 4, 4, 3, 4, 4, 1, 2, 2, 2], a=a, b={"rules": ["Blood Markers (3)"]},
                   orders=orders))
    second = rolls(eng, "injury_roll")[1]
    assert second.die == "4d6" and second.kept == (2, 2, 2) and second.total == 6
    assert counter(eng, "b") == 4 - 3 + 1


def test_bloodbath_is_not_offered_without_enough_markers():
    eng = run(duel([*HIT, 1, 1], b={"rules": ["Blood Markers (5)"]}))
    asked = events(eng, ev.DecisionRequested)[0]
    assert "bloodbath" not in asked.options and asked.default == 0

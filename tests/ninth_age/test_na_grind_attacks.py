"""Grind Attacks (X) (seed 001): at the part's Agility, X automatic hits on an enemy unit in
base contact, at the part's Strength and AP, every round; random X rolled per model part."""

from __future__ import annotations

from tests.ninth_age.helpers import CHARGE, applied, engaged, monster, steps
from tests.support import result, rolls, run


def test_grind_attacks_strike_at_the_parts_agility_before_its_close_combat_attacks():
    # Engaged at the start (nobody charged). Step 4: Grind Attacks (D3): 6 -> 3 hits at Str 5
    # v Res 3 (2+): 2 2 2, AP 2 against Arm 1: no save: 3 lost. Then the monster's 2 attacks
    # (Off 4 v Def 3: 3+): miss. Step 3: b's three models touching the 50 mm monster and the
    # two left in its second rank behind them (supporting): miss. Step 0: the Gigantic
    # monster's own Stomp Attacks (D6) (its Height gives them): 1 hit, which fails to wound
    # on a 1. b loses 3 to 0 (7 models: one Full Rank, like the Gigantic monster: not
    # Steadfast): Dis 7 - 3 = 4, 2 2 holds.
    dice = [6] + [2, 2, 2] + [1, 1] + [1] * 5 + [1] + [1] + [2, 2]
    eng = run(engaged(a_kw=monster(["Grind Attacks (D3)"]), b_kw={"stats": {"Arm": 1}},
                      dice=dice))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3", "Initiative step 0"]
    grind = rolls(eng, "grind_attacks")[0]
    assert grind.faces == (6,) and grind.total == 3 and grind.model == "a"
    assert [r.purpose for r in rolls(eng)] == ["grind_attacks", "to_wound", "to_hit", "to_hit",
                                               "stomp_attacks", "to_wound", "break_test"]
    assert not rolls(eng, "armour_save")
    assert result(eng)["units"]["b"]["models_left"] == 7
    assert rolls(eng, "break_test")[0].target == 4


def test_grind_attacks_are_made_in_every_round_and_when_charging_at_the_charged_agility():
    # A Gigantic Construct (no Stomp Attacks from its Height, no Swiftstride: 2D6 to charge).
    # Charging: Agility 4 + 1 (Charging Momentum) = step 5. Fixed X: no roll for the number.
    # Step 3: b's three models touching it and three supporting behind them. Nobody wounds:
    # 1 (charge) to 1 (b's Rank Bonus), a tie.
    dice = [4, 4] + [1, 1] + [1, 1] + [1] * 6
    tank = monster(["Grind Attacks (2)"], stats={"Adv": 6}, troop_type="construct")
    eng = run(engaged(a_kw=tank, orders=[CHARGE], gap=3.0, dice=dice))
    assert steps(eng)[0] == "Initiative step 5"
    assert applied(eng, "Grind Attacks") == ["causes 2 automatic hits"]
    assert not rolls(eng, "grind_attacks")


def test_random_grind_attacks_are_rolled_for_each_model_part():
    # two Gigantic Constructs side by side (no Stomp Attacks): grind 3 + 5 = 8 hits, all fail
    # to wound; their 4 attacks miss; b's five front models and five supporting miss; the
    # constructs lose 0 to 1 (b's Rank Bonus) and hold (1 1).
    two = monster(["Grind Attacks (D6)"], models=2, files=2, troop_type="construct")
    dice = [3, 5] + [1] * 8 + [1] * 4 + [1] * 10 + [1, 1]
    eng = run(engaged(a_kw=two, dice=dice))
    assert [r.faces for r in rolls(eng, "grind_attacks")] == [(3,), (5,)]
    assert applied(eng, "Grind Attacks") == ["causes 8 automatic hits"]


def test_a_grinding_part_of_a_multipart_model_uses_its_own_profile():
    parts = [{"name": "rider", "stats": {"Att": 1, "Off": 4, "Str": 3, "AP": 0, "Agi": 5}},
             {"name": "beast", "stats": {"Att": 0, "Off": 3, "Str": 6, "AP": 3, "Agi": 2},
              "rules": ["Grind Attacks (1)"]}]
    m = monster([], parts=parts, stats={"Att": 0})
    del m["stats"]["Att"], m["stats"]["Off"], m["stats"]["Str"], m["stats"]["AP"], m["stats"]["Agi"]
    # step 5: the rider misses; step 3: b's three models and the three behind them miss; step
    # 2: the beast grinds 1 hit at its own Str 6 and AP 3: wound on 6. No Stomp Attacks at
    # step 0: of a multipart model only Harnessed parts stomp, and neither part is. b loses 1
    # to 0 and holds (1 1).
    dice = [1] + [1] * 6 + [6] + [1, 1]
    eng = run(engaged(a_kw=m, b_kw={"stats": {"Res": 4, "Arm": 3}}, dice=dice))
    assert steps(eng) == ["Initiative step 5", "Initiative step 3", "Initiative step 2"]
    assert applied(eng, "Grind Attacks") == ["(beast) causes 1 automatic hit"]
    wound = rolls(eng, "to_wound")[-1]
    assert wound.target == 2  # Str 6 v Res 4
    assert not rolls(eng, "armour_save")  # AP 3 against Arm 3

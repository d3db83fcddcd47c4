"""Stomp Attacks (X) (seed 001): at Initiative Step 0, X automatic hits on a unit of Standard
Height models in base contact, at the part's Strength and AP; of a multipart model only
Harnessed parts stomp; random X rolled per model part."""

from __future__ import annotations

from tests.ninth_age.helpers import applied, chariot, engaged, monster, score, steps
from tests.support import result, rolls, run


def test_stomp_attacks_strike_at_step_zero_at_the_parts_strength_and_ap():
    # Step 4: the monster's 2 attacks miss; step 3: b's three models touching it and the three
    # behind them (supporting) miss; step 0: Stomp Attacks (D6): 4 hits at Str 5 v Res 3 (2+):
    # 2 2 2 1 = 3 wounds, AP 2 against Arm 0. b loses 3 to 0: Dis 7 - 3 = 4: 2 2 holds.
    dice = [1, 1] + [1] * 6 + [4] + [2, 2, 2, 1] + [2, 2]
    eng = run(engaged(a_kw=monster(["Stomp Attacks (D6)"]), dice=dice))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3", "Initiative step 0"]
    # one roll: the Stomp Attacks it lists replace those its Height would give it
    stomp, = rolls(eng, "stomp_attacks")
    assert stomp.faces == (4,) and stomp.total == 4
    assert rolls(eng, "to_wound")[0].target == 2
    assert result(eng)["units"]["b"]["models_left"] == 7


def test_only_standard_height_units_can_be_stomped():
    ogres = {"models": 3, "files": 3, "base": "40x40", "height": "large", "stats": {"HP": 3}}
    eng = run(engaged(a_kw=monster(["Stomp Attacks (D6)"]), b_kw=ogres, dice=[1, 1] + [1, 1, 1]))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3"]
    assert not rolls(eng, "stomp_attacks") and not applied(eng, "Stomp Attacks")


def test_only_harnessed_parts_of_a_multipart_model_stomp():
    # a Beast chariot here: a Construct would not stomp at all (below)
    c = chariot(troop_type="beast")
    c["parts"][1]["rules"] = ["Stomp Attacks (2)"]  # the crew: not Harnessed
    c["parts"][2]["rules"] = ["Harnessed", "Stomp Attacks (1)"]
    # step 4: crew misses; step 3: the steed, then b's three models and three supporting,
    # miss; step 0: the steed's 1 hit (Str 4 v Res 3: 3+) fails on 1. b wins on its Rank
    # Bonus; the chariot holds (1 1).
    dice = [1] + [1] + [1] * 6 + [1] + [1, 1]
    eng = run(engaged(a_kw=c, dice=dice))
    assert applied(eng, "Stomp Attacks") == ["(steed) causes 1 automatic hit"]
    assert rolls(eng, "to_wound")[0].target == 3
    # the same chariot as a Construct: Constructs do not stomp, Harnessed steed or not
    c["troop_type"] = "construct"
    eng = run(engaged(a_kw=c, dice=[1] + [1] + [1] * 6 + [1, 1]))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3"]
    assert not applied(eng, "Stomp Attacks") and not rolls(eng, "to_wound")


def test_random_stomps_are_rolled_for_each_model_part():
    two = monster(["Stomp Attacks (D3)"], models=2, files=2)
    # their 4 attacks and b's 5 + 5 supporting miss; stomps 6 -> 3 and 1 -> 1: 4 hits, which
    # fail to wound; the monsters lose 0 to 1 (b's Rank Bonus) and hold (1 1)
    dice = [1] * 4 + [1] * 10 + [6, 1] + [1] * 4 + [1, 1]
    eng = run(engaged(a_kw=two, dice=dice))
    got = rolls(eng, "stomp_attacks")
    assert [(r.faces, r.kept) for r in got] == [((6,), (3,)), ((1,), (1,))]
    assert applied(eng, "Stomp Attacks") == ["causes 4 automatic hits"]


def test_a_gigantic_model_stomps_d6_without_listing_stomp_attacks():
    # The monster lists no Stomp Attacks: being Gigantic gives it Stomp Attacks (D6). Step 4:
    # its 2 attacks miss; step 3: b's 3 + 3 supporting miss; step 0: D6 = 5 hits at its Str 5
    # v Res 3 (2+): 2 2 2 1 1 = 3 wounds, AP 2, no Armour: 3 lost. b loses 3 to 0 (both one
    # Full Rank: not Steadfast): Dis 7 - 3 = 4, 2 2 holds.
    dice = [1, 1] + [1] * 6 + [5] + [2, 2, 2, 1, 1] + [2, 2]
    eng = run(engaged(a_kw=monster([]), dice=dice))
    assert steps(eng)[-1] == "Initiative step 0"
    stomp, = rolls(eng, "stomp_attacks")
    assert stomp.faces == (5,) and stomp.total == 5
    assert rolls(eng, "to_wound")[0].target == 2
    assert score(eng, 1)["wounds"] == 3
    assert result(eng)["units"]["b"]["models_left"] == 7
    assert rolls(eng, "break_test")[0].target == 4


def test_large_models_stomp_once_each_without_listing_stomp_attacks():
    # Three Large ogres (40 mm, one rank) touch all five of b's front models. Step 3: their 3
    # attacks, then b's 5 + 5 supporting: all miss. Step 0: Stomp Attacks (1) each, fixed: 3
    # hits, no roll for the number, at Str 3 v Res 3 (4+): 4 4 4 = 3 lost. b loses 3 to 0:
    # Dis 7 - 3 = 4, 2 2 holds.
    ogres = {"models": 3, "files": 3, "base": "40x40", "height": "large"}
    dice = [1] * 3 + [1] * 10 + [4, 4, 4] + [2, 2]
    eng = run(engaged(a_kw=ogres, dice=dice))
    assert applied(eng, "Stomp Attacks") == ["causes 3 automatic hits"]
    assert not rolls(eng, "stomp_attacks")
    assert result(eng)["units"]["b"]["models_left"] == 7


def test_cavalry_cannot_be_stomped():
    # b is Cavalry (25 x 50 mm): the monster's Stomp Attacks find no model they may stomp.
    # Step 4: its 2 attacks miss; step 3: b's 3 + 3 supporting miss; no step 0. The monster
    # loses 0 to 1 (b's Rank Bonus) and holds (1 1).
    cav = {"troop_type": "cavalry", "base": "25x50"}
    eng = run(engaged(a_kw=monster(["Stomp Attacks (D6)"]), b_kw=cav,
                      dice=[1, 1] + [1] * 6 + [1, 1]))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3"]
    assert not rolls(eng, "stomp_attacks") and not applied(eng, "Stomp Attacks")
    assert rolls(eng, "break_test")[0].model == "a"

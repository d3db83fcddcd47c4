"""Stomp Attacks (X) (seed 001): at Initiative Step 0, X automatic hits on a unit of Standard
Height models in base contact, at the part's Strength and AP; of a multipart model only
Harnessed parts stomp; random X rolled per model part."""

from __future__ import annotations

from tests.ninth_age.helpers import applied, chariot, engaged, monster, steps
from tests.support import result, rolls, run


def test_stomp_attacks_strike_at_step_zero_at_the_parts_strength_and_ap():
    # Step 4: the monster's 2 attacks miss; step 3: b's three models miss; step 0: Stomp
    # Attacks (D6): 4 hits at Str 5 v Res 3 (2+): 2 2 2 1 = 3 wounds, AP 2 against Arm 0.
    # b loses 3 to 0: Dis 7 - 3 = 4: 2 2 holds.
    dice = [1, 1] + [1, 1, 1] + [4] + [2, 2, 2, 1] + [2, 2]
    eng = run(engaged(a_kw=monster(["Stomp Attacks (D6)"]), dice=dice))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3", "Initiative step 0"]
    stomp = rolls(eng, "stomp_attacks")[0]
    assert stomp.faces == (4,) and stomp.total == 4
    assert rolls(eng, "to_wound")[0].target == 2
    assert result(eng)["units"]["b"]["models_left"] == 7


def test_only_standard_height_units_can_be_stomped():
    ogres = {"models": 3, "files": 3, "base": "40x40", "height": "large", "stats": {"HP": 3}}
    eng = run(engaged(a_kw=monster(["Stomp Attacks (D6)"]), b_kw=ogres, dice=[1, 1] + [1, 1, 1]))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3"]
    assert not rolls(eng, "stomp_attacks") and not applied(eng, "Stomp Attacks")


def test_only_harnessed_parts_of_a_multipart_model_stomp():
    c = chariot()
    c["parts"][1]["rules"] = ["Stomp Attacks (2)"]  # the crew: not Harnessed
    c["parts"][2]["rules"] = ["Harnessed", "Stomp Attacks (1)"]
    # step 4: crew misses; step 3: the steed, then b's three models, miss; step 0: the steed's
    # 1 hit (Str 4 v Res 3: 3+) fails on 1. b wins on its Rank Bonus; the chariot holds.
    dice = [1] + [1] + [1, 1, 1] + [1] + [1, 1]
    eng = run(engaged(a_kw=c, dice=dice))
    assert applied(eng, "Stomp Attacks") == ["(steed) causes 1 automatic hit"]
    assert rolls(eng, "to_wound")[0].target == 3


def test_random_stomps_are_rolled_for_each_model_part():
    two = monster(["Stomp Attacks (D3)"], models=2, files=2)
    dice = [1] * 4 + [1] * 5 + [6, 1] + [1] * 4 + [1, 1]
    eng = run(engaged(a_kw=two, dice=dice))
    got = rolls(eng, "stomp_attacks")
    assert [(r.faces, r.kept) for r in got] == [((6,), (3,)), ((1,), (1,))]
    assert applied(eng, "Stomp Attacks") == ["causes 4 automatic hits"]

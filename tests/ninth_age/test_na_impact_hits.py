"""Impact Hits (X) (seed 001): at Initiative Step 10, a Charging model part hits a unit in base
contact with its model's front X times at the part's Strength and AP; of a multipart model only
Harnessed or Inanimate parts; random X rolled per model part; Impact or Grind, not both."""

from __future__ import annotations

from tests.ninth_age.helpers import (
    CHARGE,
    TO_MELEE,
    applied,
    chariot,
    engaged,
    monster,
    score,
    steps,
)
from tests.support import result, rolls, run


def test_a_charging_chariot_hits_at_step_ten_with_its_chassis_strength_and_ap():
    # Charge 3 3 + Adv 8 reaches 5" (a Construct: no Swiftstride). Step 10: the chassis' D3:
    # 5 -> 3 hits at Str 5 v Res 3 (2+): 2 2 1 = 2 wounds, AP 2 against Arm 0. Step 5: the
    # crew (Agi 4 + 1 Charging Momentum), 1 attack: miss. Step 4: the steed (3 + 1): miss.
    # Step 3: b's three models touching the 50 mm chariot and the three of its rear rank
    # behind them (supporting): miss. No Stomp Attacks: the chariot is Large but a Construct.
    # Score 2 + charge 1 = 3 to 0; b (8 models, one Full Rank) is Steadfast against the
    # chariot (none): Break Test against plain Dis 7: 3 3 holds.
    dice = [3, 3] + [5] + [2, 2, 1] + [1] + [1] + [1] * 6 + [3, 3]
    eng = run(engaged(a_kw=chariot(), orders=[CHARGE], gap=5.0, dice=dice))
    assert steps(eng) == ["Initiative step 10", "Initiative step 5", "Initiative step 4",
                          "Initiative step 3"]
    impact = rolls(eng, "impact_hits")[0]
    assert impact.faces == (5,) and impact.kept == (3,) and impact.total == 3
    assert rolls(eng, "to_wound")[0].target == 2 and rolls(eng, "to_wound")[0].total == 2
    assert score(eng, 1)["wounds"] == 2 and score(eng, 1)["charge"] == 1 and score(eng, 1)["total"] == 3
    brk = rolls(eng, "break_test")[0]
    assert brk.target == 7 and brk.outcome == "pass"  # Steadfast: the difference does not count
    assert result(eng)["units"]["b"]["models_left"] == 8


def test_no_impact_hits_without_charging():
    # crew, steed, then b's three front models and three supporting: all miss; the chariot
    # loses 0 to 1 (b's Rank Bonus) and holds (1 1)
    eng = run(engaged(a_kw=chariot(), dice=[1] + [1] + [1] * 6 + [1, 1]))
    assert not rolls(eng, "impact_hits")
    assert "Initiative step 10" not in steps(eng)


def test_only_harnessed_or_inanimate_parts_of_a_multipart_model_make_impact_hits():
    c = chariot("2")
    c["parts"][1]["rules"] = ["Impact Hits (3)"]  # the crew: neither Harnessed nor Inanimate
    c["parts"][2]["rules"] = ["Harnessed", "Impact Hits (1)"]
    # 2 (chassis) + 1 (steed) fixed hits, no roll for the number; the crew's rule does nothing.
    # Then crew, steed and b's 3 + 3 supporting attacks miss: 1 (charge) to 1 (ranks), a tie.
    dice = [3, 3] + [1, 1, 1] + [1] + [1] + [1] * 6
    eng = run(engaged(a_kw=c, orders=[CHARGE], gap=5.0, dice=dice))
    assert not rolls(eng, "impact_hits")
    assert applied(eng, "Impact Hits") == ["(chassis) causes 2 automatic hits",
                                           "(steed) causes 1 automatic hit"]


def test_a_one_part_monster_makes_impact_hits_and_each_model_part_rolls_its_own():
    # Two monsters (one unit, 2 wide) with Impact Hits (D6): two rolls, 4 and 2 -> 6 hits.
    # They are Beasts (Swiftstride: three charge dice, the lowest dropped) and Gigantic (Stomp
    # Attacks (D6) each at step 0). After the impact: their 4 attacks, b's 5 + 5 supporting,
    # then the stomps 1 and 1 (2 hits): nothing wounds; 1 (charge) to 1 (ranks), a tie.
    m = monster(["Impact Hits (D6)"], models=2, files=2, stats={"Adv": 6, "Mar": 10})
    dice = [4, 4, 1] + [4, 2] + [1] * 6
    eng = run(engaged(a_kw=m, orders=[CHARGE], gap=3.0,
                      dice=dice + [1] * 4 + [1] * 10 + [1, 1] + [1, 1]))
    got = rolls(eng, "impact_hits")
    assert [r.faces for r in got] == [(4,), (2,)]
    assert sum(r.total for r in got) == 6
    assert [r.target for r in rolls(eng, "to_wound")][:1] == [2]  # Str 5 v Res 3


def test_impact_hits_rather_than_grind_attacks_when_charging_unless_told():
    rules = ["Impact Hits (1)", "Grind Attacks (2)"]
    m = monster(rules, stats={"Adv": 6, "Mar": 10})
    # charge 4 4 1 (Swiftstride), the impact hit, the monster's 2 attacks, b's three touching
    # models and three supporting, the Gigantic monster's Stomp Attacks (D6): 1 hit; nothing
    # wounds: 1 (charge) to 1 (ranks), a tie.
    dice = [4, 4, 1] + [1] + [1, 1] + [1] * 6 + [1] + [1]
    eng = run(engaged(a_kw=m, orders=[CHARGE], gap=3.0, dice=dice))
    assert applied(eng, "Impact Hits")[-1] == "causes 1 automatic hit"
    assert not applied(eng, "Grind Attacks") or "causes" not in applied(eng, "Grind Attacks")[-1]
    # told to grind: 2 hits at the monster's Agility (4 + 1 Charging Momentum), no Impact Hits
    eng = run(engaged(a_kw=m, orders=[CHARGE, *TO_MELEE, {"answer": "grind_attacks"}], gap=3.0,
                      dice=[4, 4, 1] + [1, 1] + [1, 1] + [1] * 6 + [1] + [1]))
    assert "Initiative step 10" not in steps(eng)
    assert steps(eng)[0] == "Initiative step 5"
    assert applied(eng, "Grind Attacks")[-1] == "causes 2 automatic hits"


def test_not_charging_a_model_with_both_grinds_without_being_asked():
    from game.core import events as ev
    from tests.support import events

    m = monster(["Impact Hits (1)", "Grind Attacks (2)"])
    # the grind's 2 hits, the monster's 2 attacks, b's 3 + 3 supporting, a stomp of 1 hit:
    # nothing wounds; the monster loses 0 to 1 (b's Rank Bonus) and holds (1 1)
    eng = run(engaged(a_kw=m, dice=[1, 1] + [1, 1] + [1] * 6 + [1] + [1] + [1, 1]))
    assert not [e for e in events(eng, ev.DecisionRequested) if e.kind == "grind_or_impact"]
    assert applied(eng, "Grind Attacks") == ["causes 2 automatic hits"]
    assert not applied(eng, "Impact Hits")

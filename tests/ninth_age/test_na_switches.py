"""Supporting ranks (Fight in Extra Rank, Spear, Line Formation), and the full-game rules this
ruleset leaves out, each kept as a switch in constants.py: turned on, each does what the rules
page says."""

from __future__ import annotations

import pytest

from game.core import events as ev
from game.rulesets.ninth_age import constants as K
from tests.ninth_age.helpers import (
    CHARGE,
    applied,
    block,
    engaged,
    facing_off,
    monster,
    na,
    score,
    steps,
)
from tests.support import events, rolls, run


def a_hits(eng):
    return [len(r.faces) for r in rolls(eng, "to_hit") if r.model == "a"]


def test_only_models_in_contact_fight_unless_a_rule_gives_supporting_attacks():
    eng = run(engaged(a_kw={"stats": {"Agi": 5}}, b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert a_hits(eng)[0] == 5
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "rules": ["Fight in Extra Rank"]},
                      b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert a_hits(eng)[0] == 10  # the second rank: 1 attack each


def test_supporting_attacks_are_capped_by_height_and_harnessed_parts_never_support():
    # Large, 3 wide, Att 3: the second rank supports with 3 each (the cap of Large is 3).
    ogres = {"models": 6, "files": 3, "base": "40x40", "height": "large",
             "stats": {"Att": 3, "Agi": 5}, "rules": ["Fight in Extra Rank"]}
    eng = run(engaged(a_kw=ogres, b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert a_hits(eng)[0] == 18
    # standard height, Att 3: supporting attacks capped at 1
    eng = run(engaged(a_kw={"stats": {"Att": 3, "Agi": 5}, "rules": ["Fight in Extra Rank"]},
                      b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert a_hits(eng)[0] == 15 + 5
    parts = [{"name": "beast", "stats": {"Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 5},
              "rules": ["Harnessed"]}]
    eng = run(engaged(a_kw={"parts": parts, "rules": ["Fight in Extra Rank"]},
                      b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert a_hits(eng)[0] == 5


def test_a_spear_fights_in_an_extra_rank_and_strikes_first_in_the_first_round_when_not_charging():
    # Agility 3 + 2, AP 0 + 1 + 1 against Arm 2: nothing left to save with.
    dice = [6] * 10 + [6] * 10 + [1] * 5
    eng = run(engaged(a_kw={"weapons": ["spear"]},
                      b_kw={"models": 20, "stats": {"Arm": 2}, "rules": ["Unbreakable"]},
                      dice=dice))
    assert steps(eng) == ["Initiative step 5", "Initiative step 3"]
    assert a_hits(eng) == [10]
    assert not rolls(eng, "armour_save")


def test_line_formation_fights_in_an_extra_rank_and_has_no_rank_bonus():
    wide = {"models": 16, "files": 8, "stats": {"Agi": 5}}
    b = {"models": 16, "files": 8, "rules": ["Unbreakable"]}
    eng = run(engaged(a_kw=wide, b_kw=b), seed=1)
    assert a_hits(eng)[0] == 16
    assert score(eng, 1)["ranks"] == 0


def test_switch_supporting_attacks(monkeypatch):
    monkeypatch.setattr(K, "SUPPORTING_ATTACKS", True)
    eng = run(engaged(a_kw={"stats": {"Agi": 5}}, b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert a_hits(eng)[0] == 10


def test_switch_parry(monkeypatch):
    b_kw = {"weapons": ["shield"], "rules": ["Unbreakable"]}
    eng = run(engaged(a_kw={"stats": {"Off": 5, "Agi": 5}}, b_kw=b_kw), seed=1)
    assert rolls(eng, "to_hit")[0].target == 3
    monkeypatch.setattr(K, "PARRY", True)
    eng = run(engaged(a_kw={"stats": {"Off": 5, "Agi": 5}}, b_kw=b_kw), seed=1)
    assert rolls(eng, "to_hit")[0].target == 4  # Def = the attacker's Off 5


def test_switch_two_handed_drops_shield(monkeypatch):
    b_kw = {"weapons": ["great weapon", "shield"], "stats": {"Arm": 3}, "rules": ["Unbreakable"]}
    a_kw = {"stats": {"Off": 10, "Agi": 5}}
    eng = run(engaged(a_kw=a_kw, b_kw=b_kw), seed=4)
    assert rolls(eng, "armour_save")[0].target == 4
    monkeypatch.setattr(K, "TWO_HANDED_DROPS_SHIELD", True)
    eng = run(engaged(a_kw=a_kw, b_kw=b_kw), seed=4)
    assert rolls(eng, "armour_save")[0].target == 5


def test_switch_innate_height_rules(monkeypatch):
    big = monster([], height="large")
    eng = run(engaged(a_kw=big, b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert "Initiative step 0" not in steps(eng)
    monkeypatch.setattr(K, "INNATE_HEIGHT_RULES", True)
    eng = run(engaged(a_kw=big, b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert "Initiative step 0" in steps(eng)
    assert applied(eng, "Stomp Attacks") == ["causes 1 automatic hit"]


def test_switch_type_rules(monkeypatch):
    riders = {"troop_type": "cavalry", "rules": ["Unbreakable"]}
    eng = run(engaged(a_kw=monster(["Stomp Attacks (1)"]), b_kw=riders), seed=1)
    assert applied(eng, "Stomp Attacks")
    eng = run(engaged(a_kw={"troop_type": "cavalry"}, orders=[CHARGE], gap=3.0), seed=1)
    assert len(rolls(eng, "charge_range")[0].faces) == 2
    monkeypatch.setattr(K, "TYPE_RULES", True)
    eng = run(engaged(a_kw=monster(["Stomp Attacks (1)"]), b_kw=riders), seed=1)
    assert not applied(eng, "Stomp Attacks")  # Cavalry cannot be stomped
    eng = run(engaged(a_kw={"troop_type": "cavalry"}, orders=[CHARGE], gap=3.0), seed=1)
    ch = rolls(eng, "charge_range")[0]
    assert len(ch.faces) == 3 and sorted(ch.kept) == sorted(ch.faces)[1:]  # Swiftstride


BREATHER = monster(["Breath Attack (Str 4, AP 1)"])


def reaction_options(gap):
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 0, **BREATHER)
    eng = run(na(facing_off(a, b, gap=gap), orders=[CHARGE]), seed=2)
    return events(eng, ev.DecisionRequested)[0].options


def test_switches_of_stand_and_shoot(monkeypatch):
    assert "stand_and_shoot" not in reaction_options(8.0)
    assert "stand_and_shoot" in reaction_options(3.0)
    monkeypatch.setattr(K, "STAND_AND_SHOOT_BEYOND_RANGE", True)
    assert "stand_and_shoot" in reaction_options(8.0)
    monkeypatch.setattr(K, "STAND_AND_SHOOT_MIN_DISTANCE", True)
    assert "stand_and_shoot" not in reaction_options(3.0)  # within the charger's Adv 4


def test_switch_decimated_rally(monkeypatch):
    # a (Att 2) takes 8 of b's 10, b breaks (6 6) and gets away (flee 6 6, pursuit 1 1); in
    # its turn it rallies at Dis 7 (3 3 passes), or at 7 - 3 = 4 when Decimated (2 of its 10
    # Health Points left), and then flees on (1 1).
    dice = [6] * 8 + [1] * 2 + [6] * 8 + [1, 1] + [6, 6] + [6, 6] + [1, 1] + [3, 3] + [1, 1]
    a_kw = {"models": 15, "stats": {"Agi": 5, "Att": 2}}
    orders = [{"do": "end_turn"}] * 2
    eng = run(engaged(a_kw=a_kw, b_kw={"stats": {"Agi": 4}}, orders=orders, dice=dice), seed=1)
    rally = rolls(eng, "discipline")[-1]
    assert rally.target == 7 and rally.outcome == "pass"
    monkeypatch.setattr(K, "DECIMATED_RALLY", True)
    eng = run(engaged(a_kw=a_kw, b_kw={"stats": {"Agi": 4}}, orders=orders, dice=dice), seed=1)
    rally = rolls(eng, "discipline")[-1]
    assert rally.target == 4 and rally.outcome == "fail"


@pytest.mark.parametrize("on", [False, True])
def test_switch_charging_momentum(monkeypatch, on):
    monkeypatch.setattr(K, "CHARGING_MOMENTUM", on)
    eng = run(engaged(orders=[CHARGE], gap=2.0, b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert steps(eng)[0] == ("Initiative step 4" if on else "Initiative step 3")


def test_switch_flank_plus_two_for_full_ranks(monkeypatch):
    from tests.ninth_age.test_na_result import flanked

    deep = {"models": 10, "files": 5}
    unbreakable = {"rules": ["Unbreakable"], "stats": {"Att": 0}}  # c keeps its two ranks
    assert score(run(flanked("flank", c_kw=deep, b_kw=unbreakable), seed=2), 1)["flank"] == 1
    monkeypatch.setattr(K, "FLANK_PLUS_TWO_FOR_FULL_RANKS", True)
    assert score(run(flanked("flank", c_kw=deep, b_kw=unbreakable), seed=2), 1)["flank"] == 2
    assert score(run(flanked("flank", b_kw=unbreakable), seed=2), 1)["flank"] == 1

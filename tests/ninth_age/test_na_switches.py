"""Supporting attacks (the second rank, capped by Height, never from Harnessed parts, only
through the Front Facing; Fight in Extra Rank, Spear and Line Formation add ranks), Parry,
two-handed weapons and the shield, the rules Height and Type give, Stand and Shoot: each
shown at work as the ruleset plays by default, and gone with its switch in constants.py turned
off. DECIMATED_RALLY and FLANK_PLUS_TWO_FOR_FULL_RANKS are off by default: turned on, each
does what the rules page says."""

from __future__ import annotations

import pytest

from game.core import events as ev
from game.rulesets.ninth_age import constants as K
from tests.ninth_age.helpers import (
    BASE_IN,
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
from tests.support import events, result, rolls, run


def a_hits(eng):
    return [len(r.faces) for r in rolls(eng, "to_hit") if r.model == "a"]


def all_used(eng) -> bool:
    """Every scripted die was rolled (none left over: the scenario went as worked out)."""
    return eng.dice.count == len(eng.dice.faces)


#: an enemy that strikes no blow and never runs: only ``a``'s attacks are rolled
TARGET = {"stats": {"Att": 0}, "rules": ["Unbreakable"]}


# --- supporting attacks ------------------------------------------------------------------------


def test_a_unit_of_two_ranks_fights_with_its_second_rank(monkeypatch):
    # 5 wide, 2 deep, Att 1: 5 attacks from the models in base contact and 5 supporting
    # attacks from the second rank, one roll of 10 dice (Off 3 v Def 3: 4+).
    dice = [4, 4, 4, 4, 4, 4, 1, 1, 1, 1] + [1] * 6
    eng = run(engaged(a_kw={"stats": {"Agi": 5}}, b_kw=TARGET, dice=dice))
    hit = rolls(eng, "to_hit")[0]
    assert len(hit.faces) == 10 and hit.target == 4 and hit.total == 6
    assert all_used(eng)
    # one rank of 5: nothing behind to support (b wins on its Rank Bonus, a holds on 1 1)
    eng = run(engaged(a_kw={"models": 5, "stats": {"Agi": 5}}, b_kw=TARGET, dice=[1] * 5 + [1, 1]))
    assert a_hits(eng) == [5] and all_used(eng)
    # a third rank does not fight without Fight in Extra Rank
    eng = run(engaged(a_kw={"models": 15, "stats": {"Agi": 5}}, b_kw=TARGET, dice=[1] * 10))
    assert a_hits(eng) == [10] and all_used(eng)
    monkeypatch.setattr(K, "SUPPORTING_ATTACKS", False)
    eng = run(engaged(a_kw={"stats": {"Agi": 5}}, b_kw=TARGET, dice=[1] * 5))
    assert a_hits(eng) == [5] and all_used(eng)


def test_fight_in_extra_rank_adds_a_rank(monkeypatch):
    # 15 models, 3 deep: the second rank supports anyway, Fight in Extra Rank adds the third
    extra = {"models": 15, "stats": {"Agi": 5}, "rules": ["Fight in Extra Rank"]}
    eng = run(engaged(a_kw=extra, b_kw=TARGET, dice=[1] * 15))
    assert a_hits(eng) == [15] and all_used(eng)
    # without supporting attacks, the rule gives the second rank only
    monkeypatch.setattr(K, "SUPPORTING_ATTACKS", False)
    eng = run(engaged(a_kw=extra, b_kw=TARGET, dice=[1] * 10))
    assert a_hits(eng) == [10] and all_used(eng)


def test_supporting_attacks_are_capped_by_height():
    # Standard Height, Att 3: 5 x 3 in contact, the second rank supports with 1 each: 20.
    eng = run(engaged(a_kw={"stats": {"Att": 3, "Agi": 5}}, b_kw=TARGET, dice=[1] * 20))
    assert a_hits(eng) == [20] and all_used(eng)
    # Large, 3 wide on 40 mm bases, Att 4: 3 x 4 in contact, the second rank supports with
    # 3 each (the cap of Large): 21. Then at step 0 each of the 3 ogres in contact stomps
    # (Large: Stomp Attacks (1)): 3 hits at Str 3 v Res 3, 4+, all failed.
    ogres = {"models": 6, "files": 3, "base": "40x40", "height": "large",
             "stats": {"Att": 4, "Agi": 5}}
    eng = run(engaged(a_kw=ogres, b_kw=TARGET, dice=[1] * 21 + [1] * 3))
    assert a_hits(eng) == [21]
    assert [len(w.faces) for w in rolls(eng, "to_wound")] == [3] and all_used(eng)
    # Gigantic, one file of 2, Att 6: 6 from the front model, 5 (the cap) from the one
    # behind: 11. Then the front one's Stomp Attacks (D6): a 1, one hit; wound roll 1.
    giants = monster([], models=2, stats={"Att": 6, "Agi": 5})
    eng = run(engaged(a_kw=giants, b_kw=TARGET, dice=[1] * 11 + [1] + [1]))
    assert a_hits(eng) == [11] and all_used(eng)


def test_harnessed_parts_make_no_supporting_attacks():
    # cavalry 5 wide and 2 deep: the knights (Agi 5) fight with both ranks (10), their
    # Harnessed horses (Agi 2) only with the front rank (5).
    def riders(horse_rules):
        parts = [{"name": "knight", "stats": {"Att": 1, "Off": 4, "Str": 4, "AP": 0, "Agi": 5}},
                 {"name": "horse", "stats": {"Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 2},
                  "rules": horse_rules}]
        return {"troop_type": "cavalry", "base": "25x50", "parts": parts}

    eng = run(engaged(a_kw=riders(["Harnessed"]), b_kw=TARGET, dice=[1] * 10 + [1] * 5))
    assert a_hits(eng) == [10, 5] and all_used(eng)
    # the same horses not Harnessed support like anyone else
    eng = run(engaged(a_kw=riders([]), b_kw=TARGET, dice=[1] * 10 + [1] * 10))
    assert a_hits(eng) == [10, 10] and all_used(eng)


def side_on(c_kw=None, a_kw=None, dice=None):
    """a (side 1, 5 wide, 2 deep, facing up the table) with c (side 2, 5 wide, 2 deep)
    touching a's right flank with its front."""
    a = block("a", 1, 24, 20, **(a_kw or {}))
    c = block("c", 2, 24 + 2.5 * BASE_IN + BASE_IN, 20, facing=270.0, **(c_kw or {}))
    return na([a, c], dice=dice)


def test_no_supporting_attacks_into_a_flank():
    # a's right-hand file (2 models) touches c: 2 attacks, and nothing from the ranks behind
    # its front. c has a in its front: its 3 models touching a's 50 mm flank, and the 3 behind
    # them in support, 6 attacks.
    eng = run(side_on(a_kw={"stats": {"Agi": 5}, "rules": ["Unbreakable"]},
                      c_kw={"rules": ["Unbreakable"]}, dice=[1] * 2 + [1] * 6))
    got = [(r.model, len(r.faces)) for r in rolls(eng, "to_hit")]
    assert got == [("a", 2), ("c", 6)] and all_used(eng)
    assert score(eng, 2)["flank"] == 1  # (c is indeed in a's flank)


def test_fight_in_extra_rank_and_a_spear_fight_in_a_third_rank():
    # Spear: Fight in Extra Rank, so the third rank of 15 fights too; Agility 3 + 2 in the
    # first round when not charging; AP 0 + 1 + 1 against Arm 2: nothing left to save with.
    # 5 hits, 5 wounds; b (20, 4 deep) loses its rear rank and strikes at step 3 with its
    # front rank and the second behind it: 10, all miss.
    dice = [6] * 5 + [1] * 10 + [6] * 5 + [1] * 10
    eng = run(engaged(a_kw={"models": 15, "weapons": ["spear"]},
                      b_kw={"models": 20, "stats": {"Arm": 2}, "rules": ["Unbreakable"]},
                      dice=dice))
    assert steps(eng) == ["Initiative step 5", "Initiative step 3"]
    assert a_hits(eng) == [15]
    assert not rolls(eng, "armour_save")
    assert result(eng)["units"]["b"]["models_left"] == 15 and all_used(eng)


def test_line_formation_fights_in_an_extra_rank_and_has_no_rank_bonus():
    # 8 wide (Line Formation), 3 deep: all three ranks fight; 3 Full Ranks, no Rank Bonus
    wide = {"models": 24, "files": 8, "stats": {"Agi": 5}}
    b = {"models": 16, "files": 8, **TARGET}
    eng = run(engaged(a_kw=wide, b_kw=b, dice=[1] * 24))
    assert a_hits(eng) == [24] and all_used(eng)
    assert score(eng, 1)["ranks"] == 0


# --- Parry, two-handed weapons --------------------------------------------------------------------


def test_parry(monkeypatch):
    # b on foot, hand weapon and shield, a in its front. a Off 5: Def 3 becomes the higher of
    # 3 + 1 and 5: Off 5 v Def 5, 4+ (3+ without Parry). Dice 4 4 4 3 3 and five 1s: 3 hits
    # (5 without Parry); to wound all 1s.
    shield = {"weapons": ["shield"], **TARGET}
    dice = [4, 4, 4, 3, 3] + [1] * 5
    eng = run(engaged(a_kw={"stats": {"Off": 5, "Agi": 5}}, b_kw=shield, dice=dice + [1] * 3))
    hit = rolls(eng, "to_hit")[0]
    assert (hit.target, hit.total) == (4, 3) and all_used(eng)
    # a Off 3 against Def 6: Def + 1 = 7 is the higher, so -4: 5+ (4+ without Parry)
    b_kw = {"weapons": ["shield"], "stats": {"Def": 6, "Att": 0}, "rules": ["Unbreakable"]}
    eng = run(engaged(a_kw={"stats": {"Agi": 5}}, b_kw=b_kw, dice=[5] * 2 + [4] * 8 + [1] * 2))
    hit = rolls(eng, "to_hit")[0]
    assert (hit.target, hit.total) == (5, 2) and all_used(eng)
    # no shield, or a great weapon with it: no Parry
    for kw in ({"weapons": []}, {"weapons": ["great weapon", "shield"]}):
        eng = run(engaged(a_kw={"stats": {"Off": 5, "Agi": 5}}, b_kw={**TARGET, **kw},
                          dice=dice + [1] * 5))
        assert rolls(eng, "to_hit")[0].target == 3 and all_used(eng)
    monkeypatch.setattr(K, "PARRY", False)
    eng = run(engaged(a_kw={"stats": {"Off": 5, "Agi": 5}}, b_kw=shield, dice=dice + [1] * 5))
    hit = rolls(eng, "to_hit")[0]
    assert (hit.target, hit.total) == (3, 5) and all_used(eng)


def test_parry_only_against_the_front():
    # c strikes a's flank: a's shield gives no Parry. c Off 5 v Def 3: 3+ (a: Agi 5, Att 0)
    eng = run(side_on(a_kw={"weapons": ["shield"], "stats": {"Att": 0}, "rules": ["Unbreakable"]},
                      c_kw={"stats": {"Off": 5}, "rules": ["Unbreakable"]}, dice=[1] * 6))
    hit = rolls(eng, "to_hit")[0]
    assert hit.model == "c" and hit.target == 3 and all_used(eng)


def test_parry_on_horseback_is_not_given():
    # b's riders have a Harnessed horse: mounted, so no Parry. a Off 5 v Def 3: 3+
    parts = [{"name": "rider", "stats": {"Att": 0, "Off": 3, "Str": 3, "AP": 0, "Agi": 3},
              "weapons": ["shield"]},
             {"name": "horse", "stats": {"Att": 0, "Off": 3, "Str": 3, "AP": 0, "Agi": 2},
              "rules": ["Harnessed"]}]
    b_kw = {"troop_type": "cavalry", "base": "25x50", "parts": parts, "rules": ["Unbreakable"]}
    eng = run(engaged(a_kw={"stats": {"Off": 5, "Agi": 5}}, b_kw=b_kw, dice=[1] * 10))
    assert rolls(eng, "to_hit")[0].target == 3 and all_used(eng)


def test_paired_weapons_ignore_parry():
    # a: paired weapons, Off 3 + 1 = 4; b's Parry would make Def 3 into 4 (4+), but Paired
    # Weapons ignore Parry: 4 v 3, 3+. 15 attacks (10 in contact, 5 supporting): 3 3 3 and
    # twelve 1s, 3 hits; wounds 1 1 1.
    eng = run(engaged(a_kw={"weapons": ["paired weapons"], "stats": {"Agi": 5}},
                      b_kw={"weapons": ["shield"], **TARGET}, dice=[3] * 3 + [1] * 12 + [1] * 3))
    hit = rolls(eng, "to_hit")[0]
    assert (hit.target, hit.total) == (3, 3) and all_used(eng)
    # a halberd (Off 3) is parried: Def 4, 4+
    eng = run(engaged(a_kw={"weapons": ["halberd"], "stats": {"Agi": 5}},
                      b_kw={"weapons": ["shield"], **TARGET}, dice=[1] * 10))
    assert rolls(eng, "to_hit")[0].target == 4 and all_used(eng)


@pytest.mark.parametrize("weapon, needed, b_dice", [
    ("great weapon", 5, []), ("halberd", 5, []),
    ("paired weapons", 5, [1] * 8),  # (b: Att 0 + 1 with them; 8 left, 8 attacks, all miss)
    ("spear", 4, []),  # not two-handed: the shield is kept
])
def test_a_two_handed_weapon_drops_the_shield(weapon, needed, b_dice):
    # b: Arm 3 counting its shield. With a two-handed weapon it has no shield in melee:
    # Arm 2, 5+ against AP 0; with a spear it keeps it: 4+. a Off 10 v Def 3 (no Parry:
    # b does not fight with a hand weapon): 2+. Hits 2 2 2, wounds 4 4 4, saves 4 4 5: 1
    # saved at 5+, all 3 at 4+.
    b_kw = {"weapons": [weapon, "shield"], "stats": {"Arm": 3, "Att": 0}, "rules": ["Unbreakable"]}
    dice = [2, 2, 2] + [1] * 7 + [4, 4, 4] + [4, 4, 5] + b_dice
    eng = run(engaged(a_kw={"stats": {"Off": 10, "Agi": 5}}, b_kw=b_kw, dice=dice))
    assert rolls(eng, "to_hit")[0].target == 2
    save = rolls(eng, "armour_save")[0]
    assert save.target == needed and save.total == (1 if needed == 5 else 3)
    assert all_used(eng)


def test_switch_two_handed_drops_shield(monkeypatch):
    monkeypatch.setattr(K, "TWO_HANDED_DROPS_SHIELD", False)
    b_kw = {"weapons": ["great weapon", "shield"], "stats": {"Arm": 3, "Att": 0},
            "rules": ["Unbreakable"]}
    dice = [2, 2, 2] + [1] * 7 + [4, 4, 4] + [4, 4, 5]
    eng = run(engaged(a_kw={"stats": {"Off": 10, "Agi": 5}}, b_kw=b_kw, dice=dice))
    save = rolls(eng, "armour_save")[0]
    assert save.target == 4 and save.total == 3 and all_used(eng)


# --- Height and Type --------------------------------------------------------------------------


def test_a_large_model_stomps(monkeypatch):
    # a Large monster (Att 2, Off 4, Str 5, AP 2, Agi 4) with no Stomp Attacks listed gets
    # Stomp Attacks (1): at step 0, 1 hit at Str 5 v Res 3 (2+): a 6 wounds, AP 2 against
    # Arm 0: no save; b loses 1. Before it: its 2 attacks (Off 4 v Def 3, 3+) miss, and b's
    # 3 models touching the 50 mm base and the 3 behind them (Off 3 v Def 4, 4+) miss.
    big = monster([], height="large")
    eng = run(engaged(a_kw=big, b_kw={"rules": ["Unbreakable"]}, dice=[1] * 2 + [1] * 6 + [6]))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3", "Initiative step 0"]
    assert applied(eng, "Stomp Attacks") == ["causes 1 automatic hit"]
    w = rolls(eng, "to_wound")[0]
    assert (w.target, w.total) == (2, 1) and not rolls(eng, "stomp_attacks")
    assert result(eng)["units"]["b"]["models_left"] == 9 and all_used(eng)
    # one that lists Stomp Attacks (D3) stomps with that only: a 4 is 2 hits, wounds 1 1.
    # (b then wins on its Rank Bonus; the monster holds on Dis 8 - 1 with 1 1.)
    listed = monster(["Stomp Attacks (D3)"], height="large")
    eng = run(engaged(a_kw=listed, b_kw={"rules": ["Unbreakable"]},
                      dice=[1] * 2 + [1] * 6 + [4] + [1, 1] + [1, 1]))
    assert applied(eng, "Stomp Attacks") == ["causes 2 automatic hits"] and all_used(eng)
    monkeypatch.setattr(K, "INNATE_HEIGHT_RULES", False)
    eng = run(engaged(a_kw=big, b_kw={"rules": ["Unbreakable"]}, dice=[1] * 2 + [1] * 6 + [1, 1]))
    assert "Initiative step 0" not in steps(eng) and all_used(eng)


def test_a_gigantic_model_stomps_d6():
    # Gigantic: Stomp Attacks (D6). A 3: 3 hits at Str 5, 2+: wounds 6 6 1, 2 wounds.
    eng = run(engaged(a_kw=monster([]), b_kw={"rules": ["Unbreakable"]},
                      dice=[1] * 2 + [1] * 6 + [3] + [6, 6, 1]))
    count = rolls(eng, "stomp_attacks")[0]
    assert count.faces == (3,) and applied(eng, "Stomp Attacks") == ["causes 3 automatic hits"]
    assert result(eng)["units"]["b"]["models_left"] == 8 and all_used(eng)


def test_type_rules_cavalry_cannot_be_stomped_and_constructs_do_not_stomp(monkeypatch):
    riders = {"troop_type": "cavalry", "rules": ["Unbreakable"]}
    eng = run(engaged(a_kw=monster(["Stomp Attacks (1)"]), b_kw=riders), seed=1)
    assert not applied(eng, "Stomp Attacks")  # Cavalry cannot be stomped
    engine = monster(["Stomp Attacks (1)"], troop_type="construct")
    eng = run(engaged(a_kw=engine, b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert not applied(eng, "Stomp Attacks")  # a Construct cannot stomp
    monkeypatch.setattr(K, "TYPE_RULES", False)
    eng = run(engaged(a_kw=monster(["Stomp Attacks (1)"]), b_kw=riders), seed=1)
    assert applied(eng, "Stomp Attacks")
    eng = run(engaged(a_kw=engine, b_kw={"rules": ["Unbreakable"]}), seed=1)
    assert applied(eng, "Stomp Attacks")


@pytest.mark.parametrize("troop", ["cavalry", "beast"])
def test_cavalry_and_beasts_charge_with_swiftstride(monkeypatch, troop):
    # 8" to go, Adv 4: 3D6 1 2 3, the 1 dropped: 3 + 2 + 4 = 9, the charge reaches.
    orders = [CHARGE, {"do": "next_phase"}]
    eng = run(engaged(a_kw={"troop_type": troop}, orders=orders, gap=8.0, dice=[1, 2, 3]),
              finish=False)
    ch = rolls(eng, "charge_range")[0]
    assert ch.faces == (1, 2, 3) and sorted(ch.kept) == [2, 3] and ch.total == 9
    assert ch.outcome == "reaches" and all_used(eng)
    # without the Type rules: 2D6, 1 2: 7, short of 8
    monkeypatch.setattr(K, "TYPE_RULES", False)
    eng = run(engaged(a_kw={"troop_type": troop}, orders=orders, gap=8.0, dice=[1, 2]),
              finish=False)
    ch = rolls(eng, "charge_range")[0]
    assert ch.faces == (1, 2) and ch.total == 7 and ch.outcome == "falls short" and all_used(eng)


def test_infantry_charge_with_two_dice():
    eng = run(engaged(orders=[CHARGE, {"do": "next_phase"}], gap=8.0, dice=[1, 2]), finish=False)
    ch = rolls(eng, "charge_range")[0]
    assert ch.faces == (1, 2) and ch.total == 7 and all_used(eng)


BREATHER = monster(["Breath Attack (Str 4, AP 1)"])


def reaction_options(gap):
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 0, **BREATHER)
    eng = run(na(facing_off(a, b, gap=gap), orders=[CHARGE]), seed=2)
    return events(eng, ev.DecisionRequested)[0].options


def test_stand_and_shoot_at_any_range_but_not_within_the_chargers_advance(monkeypatch):
    # b's Breath Attack reaches 6". A charger 8" away: Stand and Shoot is offered (at any
    # range); 5" away (beyond its Adv 4, within range): offered; 3" away (within its Adv 4):
    # not offered.
    assert "stand_and_shoot" in reaction_options(8.0)
    assert "stand_and_shoot" in reaction_options(5.0)
    assert "stand_and_shoot" not in reaction_options(3.0)
    monkeypatch.setattr(K, "STAND_AND_SHOOT_BEYOND_RANGE", False)
    assert "stand_and_shoot" not in reaction_options(8.0)  # beyond the 6" reach
    assert "stand_and_shoot" in reaction_options(5.0)
    monkeypatch.setattr(K, "STAND_AND_SHOOT_MIN_DISTANCE", False)
    assert "stand_and_shoot" in reaction_options(3.0)


def test_switch_decimated_rally(monkeypatch):
    # a (15, 3 deep, Att 2): 5 x 2 in contact and the second rank's 5 supporting attacks (1
    # each): 15 dice; 8 hits, 8 wounds: b is left with 2 of its 10, who strike back and
    # miss. b breaks (6 6) and gets away (flee 6 6, pursuit 1 1); in its turn it rallies at
    # Dis 7 (3 3 passes), or at 7 - 3 = 4 when Decimated (2 of its 10 Health Points left),
    # and then flees on (1 1).
    dice = [6] * 8 + [1] * 7 + [6] * 8 + [1, 1] + [6, 6] + [6, 6] + [1, 1] + [3, 3] + [1, 1]
    a_kw = {"models": 15, "stats": {"Agi": 5, "Att": 2}}
    orders = [{"do": "end_turn"}] * 2
    eng = run(engaged(a_kw=a_kw, b_kw={"stats": {"Agi": 4}}, orders=orders, dice=dice), seed=1)
    assert a_hits(eng)[0] == 15
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

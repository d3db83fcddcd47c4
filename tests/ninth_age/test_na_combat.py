"""A round of combat: who strikes (the models in base contact and the second rank behind
them), Initiative Steps by Agility (each part at its own), the to-hit and to-wound bands,
Armour minus AP, Special Saves, Flaming Attacks, casualties.

The default units are 5 wide and 2 deep with Att 1: each makes 10 attacks, 5 from the models in
base contact and 5 supporting attacks from its second rank. Casualties come off the rear rank,
so a unit that lost models strikes with fewer supporting attacks."""

from __future__ import annotations

import pytest

from tests.ninth_age.helpers import engaged, score, steps
from tests.support import result, rolls, run


def miss(n: int) -> list[int]:
    """``n`` to-hit dice that all miss."""
    return [1] * n


def test_two_units_engaged_at_the_start_fight_one_round_and_stop():
    # Both 5 wide and 2 deep, Agi 3: one step, the active side (a) rolls first. a: 10 attacks
    # (5 in base contact, 5 supporting from the second rank), Off 3 v Def 3: 4+:
    # 4 4 4 1 2 1 1 1 1 1 = 3 hits; Str 3 v Res 3: 4+: 4 5 1 = 2 wounds; no Armour. b (the
    # dead still strike at the same step, so 10 attacks too): 1 1 1 1 4 1 1 1 1 1 = 1 hit,
    # 6 = 1 wound. Score: 2 to 1 (a has 9 models, 5 + 4: one Full Rank, no Rank Bonus; b 8).
    # b's Break Test: Dis 7 - 1 = 6; 3 + 3 = 6 holds (b is not Steadfast: one Full Rank
    # against one).
    dice = [4, 4, 4, 1, 2] + [1] * 5 + [4, 5, 1] + [1, 1, 1, 1, 4] + [1] * 5 + [6] + [3, 3]
    eng = run(engaged(dice=dice))
    assert steps(eng) == ["Initiative step 3"]
    hits = rolls(eng, "to_hit")
    assert [(h.model, len(h.faces), h.target, h.total) for h in hits] == [("a", 10, 4, 3), ("b", 10, 4, 1)]
    assert [(w.model, w.target, w.total) for w in rolls(eng, "to_wound")] == [("a", 4, 2), ("b", 4, 1)]
    assert score(eng, 1) == {"wounds": 2, "overkill": 0, "charge": 0, "ranks": 0, "standard": 0,
                             "battle_standard": 0, "flank": 0, "total": 2}
    assert score(eng, 2)["total"] == 1
    out = result(eng)["units"]
    assert out["a"]["models_left"] == 9 and out["b"]["models_left"] == 8
    assert out["b"]["wounds_taken"] == 2 and "engaged" in out["a"]["conditions"]
    brk = rolls(eng, "break_test")[0]
    assert brk.model == "b" and brk.total == 6 and brk.target == 6 and brk.outcome == "pass"
    assert eng.state.turn == 1 and not eng.state.game_over


@pytest.mark.parametrize("off, dfn, needed", [(3, 3, 4), (4, 3, 3), (6, 3, 3), (7, 3, 2),
                                              (10, 1, 2), (3, 6, 4), (3, 7, 5), (2, 9, 5),
                                              (1, 9, 6), (0, 10, 6)])
def test_to_hit_bands_of_offensive_minus_defensive_skill(off, dfn, needed):
    eng = run(engaged(a_kw={"stats": {"Off": off, "Agi": 5}}, b_kw={"stats": {"Def": dfn}}), seed=2)
    assert rolls(eng, "to_hit")[0].model == "a" and rolls(eng, "to_hit")[0].target == needed


def test_a_natural_six_always_hits_and_a_one_always_misses():
    # a: Off 1 v Def 9: 6+; of its 10 attacks (two ranks) the one 6 hits (and fails to wound
    # with a 1). b: Off 10 v Def 3: 2+; of its 10 attacks the 1 misses, the nine 2s hit (and
    # fail to wound with 1s). Nobody loses anything: both have a Rank Bonus of 1, a tie.
    dice = [6] + [5] * 9 + [1] + [1] + [2] * 9 + [1] * 9
    eng = run(engaged(a_kw={"stats": {"Off": 1, "Agi": 5}}, b_kw={"stats": {"Def": 9, "Off": 10}},
                      dice=dice))
    a_hits, b_hits = rolls(eng, "to_hit")
    assert a_hits.target == 6 and a_hits.total == 1
    assert b_hits.target == 2 and b_hits.total == 9


@pytest.mark.parametrize("strength, res, needed", [(3, 3, 4), (4, 3, 3), (5, 3, 2), (9, 3, 2),
                                                   (3, 4, 5), (3, 5, 6), (1, 9, 6)])
def test_to_wound_bands_of_strength_minus_resilience(strength, res, needed):
    eng = run(engaged(a_kw={"stats": {"Str": strength, "Agi": 5, "Off": 10}},
                      b_kw={"stats": {"Res": res, "Def": 1}}), seed=2)
    got = [w for w in rolls(eng, "to_wound") if w.model == "a"]
    assert got and got[0].target == needed


def test_a_six_always_wounds_even_a_much_tougher_model():
    # Str 1 v Res 9: 6+ (there is no "cannot wound"). Hits 6 6 6 and seven misses; wounds
    # 6 6 5 -> 2 wounds. b, 8 left (5 + 3), strikes with 8 and misses. Score: a 2 + Rank
    # Bonus 1 = 3, b 0 (one Full Rank): b tests on Dis 7 - 3 = 4 and holds on 2 2.
    dice = [6, 6, 6] + miss(7) + [6, 6, 5] + miss(8) + [2, 2]
    eng = run(engaged(a_kw={"stats": {"Str": 1, "Agi": 5}}, b_kw={"stats": {"Res": 9}}, dice=dice))
    w = rolls(eng, "to_wound")[0]
    assert w.target == 6 and w.total == 2
    assert result(eng)["units"]["b"]["models_left"] == 8
    brk = rolls(eng, "break_test")[0]
    assert brk.target == 4 and brk.outcome == "pass"


@pytest.mark.parametrize("arm, ap, needed", [(3, 1, 5), (1, 0, 6), (4, 0, 3), (5, 0, 2),
                                             (7, 1, 2), (3, 3, None), (2, 4, None)])
def test_armour_save_is_seven_minus_armour_less_ap(arm, ap, needed):
    eng = run(engaged(a_kw={"stats": {"AP": ap, "Agi": 5, "Off": 10, "Str": 10}},
                      b_kw={"stats": {"Arm": arm, "Def": 1}}), seed=3)
    saves = [r for r in rolls(eng, "armour_save") if r.model == "b"]
    if needed is None:  # Armour minus AP leaves nothing: no dice
        assert not saves
    else:
        assert saves[0].target == needed


def test_armour_saves_one_per_wound_and_a_natural_one_fails():
    # a Str 3 AP 1 against Arm 3: 5+. Hits 6 6 6 (and 7 misses), wounds 6 6 6, saves 5 4 1:
    # one saved, the natural 1 fails. b loses 2 of 10 and strikes back with its 8, missing.
    # b tests on 7 - 3 (a: 2 + Rank Bonus 1) and holds on 2 2.
    dice = [6, 6, 6] + miss(7) + [6, 6, 6] + [5, 4, 1] + miss(8) + [2, 2]
    eng = run(engaged(a_kw={"stats": {"AP": 1, "Agi": 5}}, b_kw={"stats": {"Arm": 3}}, dice=dice))
    save = rolls(eng, "armour_save")[0]
    assert save.faces == (5, 4, 1) and save.target == 5 and save.total == 1
    assert result(eng)["units"]["b"]["models_left"] == 8


def test_aegis_is_rolled_after_a_failed_armour_save_as_a_ward_save():
    # b: Arm 1 (6+), Aegis (5+). 3 wounds; saves 6 2 3: one saved; Aegis 5 1: one saved. b
    # loses 1 and strikes with its 9.
    dice = [6, 6, 6] + miss(7) + [6, 6, 6] + [6, 2, 3] + [5, 1] + miss(9) + [2, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}}, b_kw={"stats": {"Arm": 1}, "rules": ["Aegis (5+)"]},
                      dice=dice))
    ward = rolls(eng, "ward_save")[0]
    assert ward.target == 5 and ward.faces == (5, 1) and ward.total == 1
    assert result(eng)["units"]["b"]["models_left"] == 9


def test_only_the_best_special_save_is_rolled_and_fortitude_fails_against_flames():
    # b: Aegis (6+) and Fortitude (4+). Ordinary hits: 2 wounds; Fortitude (the better) is
    # rolled, 4 3: one saved; b strikes with 9.
    dice = [6, 6] + miss(8) + [6, 6] + [4, 3] + miss(9) + [2, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}},
                      b_kw={"rules": ["Aegis (6+)", "Fortitude (4+)"]}, dice=dice))
    assert [(r.purpose, r.target, r.total) for r in rolls(eng) if r.purpose.endswith("save")] == [
        ("fortitude_save", 4, 1)]
    # Flaming Attacks: Fortitude may not be used, so Aegis (6+) it is: 4 3, none saved; b
    # strikes with 8.
    dice = [6, 6] + miss(8) + [6, 6] + [4, 3] + miss(8) + [2, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "rules": ["Flaming Attacks"]},
                      b_kw={"rules": ["Aegis (6+)", "Fortitude (4+)"]}, dice=dice))
    assert [(r.purpose, r.target, r.total) for r in rolls(eng) if r.purpose.endswith("save")] == [
        ("ward_save", 6, 0)]


def test_flaming_attacks_reroll_failed_wounds_against_flammable():
    # 3 hits; wounds 4 2 1 (4+): 1 wound; re-roll the 2 failures: 5 3 -> 1 more. b strikes
    # with its 8 left.
    dice = [6, 6, 6] + miss(7) + [4, 2, 1] + [5, 3] + miss(8) + [2, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "rules": ["Flaming Attacks"]},
                      b_kw={"rules": ["Flammable"]}, dice=dice))
    again = rolls(eng, "reroll_to_wound")[0]
    assert again.faces == (5, 3) and again.total == 1
    assert result(eng)["units"]["b"]["models_left"] == 8
    # without Flammable there is no re-roll: 1 wound, b strikes with 9
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "rules": ["Flaming Attacks"]},
                      dice=[6, 6, 6] + miss(7) + [4, 2, 1] + miss(9) + [2, 2]))
    assert not rolls(eng, "reroll_to_wound")
    assert result(eng)["units"]["b"]["models_left"] == 9


def test_lethal_strike_sixes_go_through_armour_and_fortitude():
    # b: Arm 5 (2+ against AP 0), Fortitude (4+). Wounds 6 4: the 6 is at AP 10 (no save, no
    # Fortitude); the 4 is saved on 2+ with a 3. b strikes with 9.
    dice = [6, 6] + miss(8) + [6, 4] + [3] + miss(9) + [2, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "rules": ["Lethal Strike"]},
                      b_kw={"stats": {"Arm": 5}, "rules": ["Fortitude (4+)"]}, dice=dice))
    assert [r.faces for r in rolls(eng, "armour_save")] == [(3,)]
    assert not rolls(eng, "fortitude_save")
    assert result(eng)["units"]["b"]["models_left"] == 9


def test_higher_agility_strikes_first_and_its_kills_do_not_strike_back():
    # a (Agi 5) strikes first with 10 attacks: 5 hits, 5 wounds: b loses 5 of 10, taken from
    # its rear rank. At step 3 b (Agi 3) has one rank left: 5 attacks, no supporting ones, all
    # miss. b loses 6 to 0 (a's Rank Bonus 1): Discipline 7 - 6 = 1, it breaks on anything;
    # flee 1 1, pursuit 6 6: caught.
    dice = [6] * 5 + miss(5) + [6] * 5 + miss(5) + [1, 1] + [1, 1] + [6, 6]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}}, dice=dice))
    assert steps(eng) == ["Initiative step 5", "Initiative step 3"]
    assert [(h.model, len(h.faces)) for h in rolls(eng, "to_hit")] == [("a", 10), ("b", 5)]
    assert rolls(eng, "break_test")[0].target == 1
    out = result(eng)["units"]["b"]
    assert out["status"] == "destroyed" and out["wounds_taken"] == 5  # (caught: no wounds)


def test_equal_agility_is_simultaneous():
    # Both strike at step 3 with all 10 models: 5 hits and 5 wounds each way; b's dead strike
    # back, so both end with 5 (a tie: neither keeps a second rank).
    dice = [6] * 5 + miss(5) + [6] * 5 + [6] * 5 + miss(5) + [6] * 5
    eng = run(engaged(dice=dice))
    assert [len(h.faces) for h in rolls(eng, "to_hit")] == [10, 10]
    out = result(eng)["units"]
    assert out["a"]["models_left"] == 5 and out["b"]["models_left"] == 5
    assert not rolls(eng, "break_test")


KNIGHTS = {"models": 5, "files": 5, "base": "25x50", "troop_type": "cavalry",
           "parts": [{"name": "knight", "stats": {"Att": 1, "Off": 4, "Str": 4, "AP": 0, "Agi": 5}},
                     {"name": "horse", "stats": {"Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 2}}]}


def test_each_part_of_a_multipart_model_strikes_at_its_own_agility():
    # knights (Agi 5) at step 5, the infantry (Agi 3, two ranks: 10 attacks) at 3, the horses
    # (Agi 2) at 2. The knights are one rank: no supporting attacks. Nobody wounds; b wins on
    # its Rank Bonus (two ranks of 5) and the knights hold (1 1).
    eng = run(engaged(a_kw=KNIGHTS, dice=miss(5) + miss(10) + miss(5) + [1, 1]))
    assert steps(eng) == ["Initiative step 5", "Initiative step 3", "Initiative step 2"]
    hits = rolls(eng, "to_hit")
    assert [(h.model, len(h.faces), h.target) for h in hits] == [
        ("a", 5, 3),  # 5 knights, Off 4 v Def 3
        ("b", 10, 4),
        ("a", 5, 4),  # 5 horses, Off 3 v Def 3
    ]


def test_parts_use_their_own_strength_and_the_model_one_defensive_profile():
    # knights Str 4 v Res 3: 3+; horses Str 3: 4+. The infantry hit the knights' Def 3.
    dice = [6] * 5 + [1] * 5 + miss(10) + [6] * 5 + [1] * 5 + [1, 1]
    eng = run(engaged(a_kw=KNIGHTS, dice=dice))
    assert [w.target for w in rolls(eng, "to_wound")] == [3, 4]
    assert [h.target for h in rolls(eng, "to_hit") if h.model == "b"] == [4]


def test_inanimate_parts_make_no_attacks_and_harnessed_parts_use_no_weapons():
    parts = [{"name": "chassis", "stats": {"Att": 3, "Off": 3, "Str": 5, "AP": 2, "Agi": 1},
              "rules": ["Inanimate"]},
             {"name": "beast", "stats": {"Att": 2, "Off": 3, "Str": 4, "AP": 0, "Agi": 2},
              "rules": ["Harnessed"], "weapons": ["great weapon"]}]
    chariot = {"models": 1, "files": 1, "base": "50x100", "troop_type": "construct",
               "height": "large", "parts": parts}
    # b's three models touching the 50 mm chariot and the three behind them (supporting)
    # strike at step 3; the beast's 2 attacks at its Agi 2 (no great weapon: that would be
    # step 0); the chassis makes none. (A Large model stomps, but not a Construct: no step 0.)
    eng = run(engaged(a_kw=chariot, dice=miss(6) + miss(2) + [1, 1]))
    assert [(h.model, len(h.faces)) for h in rolls(eng, "to_hit")] == [("b", 6), ("a", 2)]
    assert steps(eng) == ["Initiative step 3", "Initiative step 2"]


def test_great_weapons_strike_at_step_zero_with_two_more_strength_and_ap():
    # b (Agi 3) misses with all 10; a (Agi 9, but great weapons strike last) 10 attacks:
    # 5 hits, 5 wounds at Str 5 v Res 3 (2+), AP 2 against Arm 2: no save.
    dice = miss(10) + [6] * 5 + miss(5) + [6] * 5
    eng = run(engaged(a_kw={"stats": {"Agi": 9}, "weapons": ["great weapon"]},
                      b_kw={"stats": {"Arm": 2}, "rules": ["Unbreakable"]}, dice=dice))
    assert steps(eng) == ["Initiative step 3", "Initiative step 0"]
    w = rolls(eng, "to_wound")[0]
    assert w.model == "a" and w.target == 2  # Str 5 v Res 3
    assert not rolls(eng, "armour_save")  # AP 2 against Arm 2: nothing left
    assert result(eng)["units"]["b"]["models_left"] == 5


def test_halberd_adds_one_strength_and_one_ap():
    # Str 4 v Res 3: 3+; AP 1 against Arm 3: 5+. 5 hits, 5 wounds, all saved; b misses with
    # its 10.
    dice = [6] * 5 + miss(5) + [6] * 5 + [5] * 5 + miss(10)
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "weapons": ["halberd"]},
                      b_kw={"stats": {"Arm": 3}}, dice=dice))
    assert rolls(eng, "to_wound")[0].target == 3
    save = rolls(eng, "armour_save")[0]
    assert save.target == 5 and save.total == 5


def test_paired_weapons_add_an_attack_and_offensive_skill():
    # 5 models in contact x 2 attacks, and the second rank's supporting attacks, held to 1
    # each at Standard Height: 15 dice, Off 4 v Def 3: 3+.
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "weapons": ["paired weapons"]},
                      dice=miss(15) + miss(10)))
    first = rolls(eng, "to_hit")[0]
    assert len(first.faces) == 15 and first.target == 3


def test_hp_lost_carry_over_inside_the_unit():
    # b: 3 models of HP 3 in one rank, 40 mm wide (Standard Height here, so that it has no
    # innate Stomp Attacks to script). a's 5 files all touch it: 10 attacks, 5 hits, 5 wounds:
    # one model removed, 2 HP carried by the next. b strikes back with its 2 models.
    dice = [6] * 5 + miss(5) + [6] * 5 + miss(2)
    eng = run(engaged(a_kw={"stats": {"Agi": 5}},
                      b_kw={"models": 3, "files": 3, "base": "40x40",
                            "stats": {"HP": 3}, "rules": ["Unbreakable"]}, dice=dice))
    out = result(eng)["units"]["b"]
    assert out["models_left"] == 2 and out["wounds_taken"] == 5
    assert eng.state.units["b"].counters["wounds_carried"] == 2
    assert score(eng, 1)["wounds"] == 5


def test_hp_beyond_what_the_unit_had_do_not_count():
    # b: one model of HP 2 on a 50 mm base; 3 of a's files touch it: 3 attacks and 3
    # supporting. 6 hits, 6 wounds: it counts 2 for the score.
    dice = [6] * 6 + [6] * 6
    eng = run(engaged(a_kw={"stats": {"Agi": 5}},
                      b_kw={"models": 1, "files": 1, "base": "50x50", "stats": {"HP": 2}}, dice=dice))
    assert [len(h.faces) for h in rolls(eng, "to_hit")] == [6]
    assert score(eng, 1)["wounds"] == 2
    assert result(eng)["units"]["b"]["status"] == "destroyed"

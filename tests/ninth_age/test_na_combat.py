"""A round of combat: who strikes, Initiative Steps by Agility (each part at its own), the
to-hit and to-wound bands, Armour minus AP, Special Saves, Flaming Attacks, casualties."""

from __future__ import annotations

import pytest

from tests.ninth_age.helpers import engaged, score, steps
from tests.support import result, rolls, run

MISS = [1] * 5


def test_two_units_engaged_at_the_start_fight_one_round_and_stop():
    # Both Agi 3: one step, the active side (a) rolls first. a: 5 attacks, Off 3 v Def 3: 4+:
    # 4 4 4 1 2 = 3 hits; Str 3 v Res 3: 4+: 4 5 1 = 2 wounds; no Armour. b (the dead still
    # strike at the same step): 1 1 1 1 4 = 1 hit, 6 = 1 wound. Score: 2 to 1 (a has 9
    # models, 5 + 4: one Full Rank, no Rank Bonus; b 8). b's Break Test: Dis 7 - 1 = 6;
    # 3 + 3 = 6 holds (b is not Steadfast: one Full Rank against one).
    dice = [4, 4, 4, 1, 2, 4, 5, 1, 1, 1, 1, 1, 4, 6] + [3, 3]
    eng = run(engaged(dice=dice))
    assert steps(eng) == ["Initiative step 3"]
    hits = rolls(eng, "to_hit")
    assert [(h.model, len(h.faces), h.target, h.total) for h in hits] == [("a", 5, 4, 3), ("b", 5, 4, 1)]
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
    # Off 1 v Def 9: 6+; the 6 hits. Off 10 v Def 1: 2+; the 1 misses.
    eng = run(engaged(a_kw={"stats": {"Off": 1, "Agi": 5}}, b_kw={"stats": {"Def": 9, "Off": 10}},
                      dice=[6, 5, 5, 5, 5, 1] + [1, 2, 2, 2, 2] + [1] * 4))
    a_hits, b_hits = rolls(eng, "to_hit")
    assert a_hits.total == 1 and b_hits.target == 2 and b_hits.total == 4


@pytest.mark.parametrize("strength, res, needed", [(3, 3, 4), (4, 3, 3), (5, 3, 2), (9, 3, 2),
                                                   (3, 4, 5), (3, 5, 6), (1, 9, 6)])
def test_to_wound_bands_of_strength_minus_resilience(strength, res, needed):
    eng = run(engaged(a_kw={"stats": {"Str": strength, "Agi": 5, "Off": 10}},
                      b_kw={"stats": {"Res": res, "Def": 1}}), seed=2)
    got = [w for w in rolls(eng, "to_wound") if w.model == "a"]
    assert got and got[0].target == needed


def test_a_six_always_wounds_even_a_much_tougher_model():
    # Str 1 v Res 9: 6+ (there is no "cannot wound"): 6 6 5 -> 2 wounds.
    dice = [6, 6, 6, 1, 1] + [6, 6, 5] + MISS + [2, 2]  # (b's Break Test holds)
    eng = run(engaged(a_kw={"stats": {"Str": 1, "Agi": 5}}, b_kw={"stats": {"Res": 9}}, dice=dice))
    w = rolls(eng, "to_wound")[0]
    assert w.target == 6 and w.total == 2
    assert result(eng)["units"]["b"]["models_left"] == 8


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
    # a Str 3 AP 1 against Arm 3: 5+. Hits 6 6 6 1 1, wounds 6 6 6, saves 5 4 1: one saved, the
    # natural 1 fails. b loses 2 of 10. b strikes back with 5 and misses.
    dice = [6, 6, 6, 1, 1] + [6, 6, 6] + [5, 4, 1] + MISS + [2, 2]
    eng = run(engaged(a_kw={"stats": {"AP": 1, "Agi": 5}}, b_kw={"stats": {"Arm": 3}}, dice=dice))
    save = rolls(eng, "armour_save")[0]
    assert save.faces == (5, 4, 1) and save.target == 5 and save.total == 1
    assert result(eng)["units"]["b"]["models_left"] == 8


def test_aegis_is_rolled_after_a_failed_armour_save_as_a_ward_save():
    # b: Arm 1 (6+), Aegis (5+). 3 wounds; saves 6 2 3: one saved; Aegis 5 1: one saved.
    dice = [6, 6, 6, 1, 1] + [6, 6, 6] + [6, 2, 3] + [5, 1] + MISS + [2, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}}, b_kw={"stats": {"Arm": 1}, "rules": ["Aegis (5+)"]},
                      dice=dice))
    ward = rolls(eng, "ward_save")[0]
    assert ward.target == 5 and ward.faces == (5, 1) and ward.total == 1
    assert result(eng)["units"]["b"]["models_left"] == 9


def test_only_the_best_special_save_is_rolled_and_fortitude_fails_against_flames():
    # b: Aegis (6+) and Fortitude (4+). Ordinary hits: Fortitude (the better) is rolled.
    dice = [6, 6, 1, 1, 1] + [6, 6] + [4, 3] + MISS + [2, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}},
                      b_kw={"rules": ["Aegis (6+)", "Fortitude (4+)"]}, dice=dice))
    assert [(r.purpose, r.target, r.total) for r in rolls(eng) if r.purpose.endswith("save")] == [
        ("fortitude_save", 4, 1)]
    # Flaming Attacks: Fortitude may not be used, so Aegis (6+) it is.
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "rules": ["Flaming Attacks"]},
                      b_kw={"rules": ["Aegis (6+)", "Fortitude (4+)"]}, dice=dice))
    assert [(r.purpose, r.target, r.total) for r in rolls(eng) if r.purpose.endswith("save")] == [
        ("ward_save", 6, 0)]


def test_flaming_attacks_reroll_failed_wounds_against_flammable():
    # 3 hits; wounds 4 2 1 (4+): 1 wound; re-roll the 2 failures: 5 3 -> 1 more.
    dice = [6, 6, 6, 1, 1] + [4, 2, 1] + [5, 3] + MISS + [2, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "rules": ["Flaming Attacks"]},
                      b_kw={"rules": ["Flammable"]}, dice=dice))
    again = rolls(eng, "reroll_to_wound")[0]
    assert again.faces == (5, 3) and again.total == 1
    assert result(eng)["units"]["b"]["models_left"] == 8
    # without Flammable there is no re-roll
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "rules": ["Flaming Attacks"]},
                      dice=[6, 6, 6, 1, 1] + [4, 2, 1] + MISS + [2, 2]))
    assert not rolls(eng, "reroll_to_wound")


def test_lethal_strike_sixes_go_through_armour_and_fortitude():
    # b: Arm 5 (2+ against AP 0), Fortitude (4+). Wounds 6 4: the 6 is at AP 10 (no save, no
    # Fortitude); the 4 is saved on 2+ with a 3.
    dice = [6, 6, 1, 1, 1] + [6, 4] + [3] + MISS + [2, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "rules": ["Lethal Strike"]},
                      b_kw={"stats": {"Arm": 5}, "rules": ["Fortitude (4+)"]}, dice=dice))
    assert [r.faces for r in rolls(eng, "armour_save")] == [(3,)]
    assert not rolls(eng, "fortitude_save")
    assert result(eng)["units"]["b"]["models_left"] == 9


def test_higher_agility_strikes_first_and_its_kills_do_not_strike_back():
    # a Agi 5 kills b's whole front rank (5 of 10) at step 5; b (Agi 3) strikes at step 3
    # with the rank that stepped up: 5 attacks, all miss. b loses 6 to 0 (a's Rank Bonus 1):
    # Discipline 7 - 6 = 1, it breaks on anything; flee 1 1, pursuit 6 6: caught.
    dice = [6] * 5 + [6] * 5 + [1] * 5 + [1, 1] + [1, 1] + [6, 6]
    eng = run(engaged(a_kw={"stats": {"Agi": 5}}, dice=dice))
    assert steps(eng) == ["Initiative step 5", "Initiative step 3"]
    assert [(h.model, len(h.faces)) for h in rolls(eng, "to_hit")] == [("a", 5), ("b", 5)]
    assert rolls(eng, "break_test")[0].target == 1
    out = result(eng)["units"]["b"]
    assert out["status"] == "destroyed" and out["wounds_taken"] == 5  # (caught: no wounds)


def test_equal_agility_is_simultaneous():
    dice = [6] * 10 + [6] * 10
    eng = run(engaged(dice=dice))
    out = result(eng)["units"]
    assert out["a"]["models_left"] == 5 and out["b"]["models_left"] == 5


KNIGHTS = {"models": 5, "files": 5, "base": "25x50", "troop_type": "cavalry",
           "parts": [{"name": "knight", "stats": {"Att": 1, "Off": 4, "Str": 4, "AP": 0, "Agi": 5}},
                     {"name": "horse", "stats": {"Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 2}}]}


def test_each_part_of_a_multipart_model_strikes_at_its_own_agility():
    # knights (Agi 5) at step 5, the infantry (Agi 3) at 3, the horses (Agi 2) at 2. Nobody
    # wounds; b wins on its Rank Bonus (two ranks of 5) and the knights hold (1 1).
    eng = run(engaged(a_kw=KNIGHTS, dice=[1] * 15 + [1, 1]))
    assert steps(eng) == ["Initiative step 5", "Initiative step 3", "Initiative step 2"]
    hits = rolls(eng, "to_hit")
    assert [(h.model, len(h.faces), h.target) for h in hits] == [
        ("a", 5, 3),  # 5 knights, Off 4 v Def 3
        ("b", 5, 4),
        ("a", 5, 4),  # 5 horses, Off 3 v Def 3
    ]


def test_parts_use_their_own_strength_and_the_model_one_defensive_profile():
    # knights Str 4 v Res 3: 3+; horses Str 3: 4+. The infantry hit the knights' Def 3.
    dice = [6] * 5 + [1] * 5 + [1] * 5 + [6] * 5 + [1] * 5 + [1, 1]
    eng = run(engaged(a_kw=KNIGHTS, dice=dice))
    assert [w.target for w in rolls(eng, "to_wound")] == [3, 4]


def test_inanimate_parts_make_no_attacks_and_harnessed_parts_use_no_weapons():
    parts = [{"name": "chassis", "stats": {"Att": 3, "Off": 3, "Str": 5, "AP": 2, "Agi": 1},
              "rules": ["Inanimate"]},
             {"name": "beast", "stats": {"Att": 2, "Off": 3, "Str": 4, "AP": 0, "Agi": 2},
              "rules": ["Harnessed"], "weapons": ["great weapon"]}]
    chariot = {"models": 1, "files": 1, "base": "50x100", "troop_type": "construct",
               "height": "large", "parts": parts}
    # b's three models touching the 50 mm chariot strike at step 3; the beast's 2 attacks at
    # its Agi 2 (no great weapon: that would be step 0); the chassis makes none.
    eng = run(engaged(a_kw=chariot, dice=[1] * 3 + [1] * 2 + [1, 1]))
    assert [(h.model, len(h.faces)) for h in rolls(eng, "to_hit")] == [("b", 3), ("a", 2)]
    assert steps(eng) == ["Initiative step 3", "Initiative step 2"]


def test_great_weapons_strike_at_step_zero_with_two_more_strength_and_ap():
    dice = [1] * 5 + [6] * 5 + [6] * 5
    eng = run(engaged(a_kw={"stats": {"Agi": 9}, "weapons": ["great weapon"]},
                      b_kw={"stats": {"Arm": 2}, "rules": ["Unbreakable"]}, dice=dice))
    assert steps(eng) == ["Initiative step 3", "Initiative step 0"]
    w = rolls(eng, "to_wound")[0]
    assert w.model == "a" and w.target == 2  # Str 5 v Res 3
    assert not rolls(eng, "armour_save")  # AP 2 against Arm 2: nothing left


def test_halberd_adds_one_strength_and_one_ap():
    # Str 4 v Res 3: 3+; AP 1 against Arm 3: 5+. 5 hits, 5 wounds, all saved; b misses.
    dice = [6] * 5 + [6] * 5 + [5] * 5 + MISS
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "weapons": ["halberd"]},
                      b_kw={"stats": {"Arm": 3}}, dice=dice))
    assert rolls(eng, "to_wound")[0].target == 3
    save = rolls(eng, "armour_save")[0]
    assert save.target == 5 and save.total == 5


def test_paired_weapons_add_an_attack_and_offensive_skill():
    # 5 models x 2 attacks, Off 4 v Def 3: 3+.
    eng = run(engaged(a_kw={"stats": {"Agi": 5}, "weapons": ["paired weapons"]},
                      dice=[1] * 10 + MISS))
    first = rolls(eng, "to_hit")[0]
    assert len(first.faces) == 10 and first.target == 3


def test_hp_lost_carry_over_inside_the_unit():
    # b: 3 models of HP 3 (Large, 3 wide: a Full Rank). 5 wounds: one model removed, 2 HP
    # carried by the next.
    dice = [6] * 5 + [6] * 5 + [1] * 3
    eng = run(engaged(a_kw={"stats": {"Agi": 5}},
                      b_kw={"models": 3, "files": 3, "base": "40x40", "height": "large",
                            "stats": {"HP": 3}, "rules": ["Unbreakable"]}, dice=dice))
    out = result(eng)["units"]["b"]
    assert out["models_left"] == 2 and out["wounds_taken"] == 5
    assert eng.state.units["b"].counters["wounds_carried"] == 2
    assert score(eng, 1)["wounds"] == 5


def test_hp_beyond_what_the_unit_had_do_not_count():
    # b: one model of HP 2 takes 5 wounds: it counts 2 for the score.
    dice = [6] * 5 + [6] * 5
    eng = run(engaged(a_kw={"stats": {"Agi": 5}},
                      b_kw={"models": 1, "files": 1, "base": "50x50", "stats": {"HP": 2}}, dice=dice))
    assert score(eng, 1)["wounds"] == 2
    assert result(eng)["units"]["b"]["status"] == "destroyed"

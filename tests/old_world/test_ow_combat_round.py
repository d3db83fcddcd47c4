"""One round of close combat: who strikes, in what order, the charts, saves, casualties."""

from __future__ import annotations

import pytest

from game.core import events as ev
from game.rulesets.rank_and_flank.events import CombatResult
from tests.old_world.helpers import block, facing_off, ow
from tests.support import events, result, rolls, run


def engaged(a_kw=None, b_kw=None, dice=None, **top):
    a = block("a", 1, 24, 30, **(a_kw or {}))
    b = block("b", 2, 24, 0, **(b_kw or {}))
    return ow(facing_off(a, b), dice=dice, **top)


def test_two_units_engaged_at_the_start_fight_one_round_and_stop():
    # Neither charged: both fight two ranks deep (Press of Battle). a (I3) strikes first: 10
    # attacks (5 in the front rank, 5 behind them), 4+ to hit (WS3 v WS3): 4 4 4 1 2 1 1 1 1
    # 1 = 3 hits; 4+ to wound (S3 v T3): 4 5 1 = 2 wounds; no armour. b (I2), 8 left (its rear
    # rank down to 3): 5 + 3 = 8 attacks, hits 1 1 1 1 4 1 1 1 = 1, wounds 6 = 1. Result:
    # side 1 wounds 2 + massed infantry 1 (US 9 v 8) = 3; side 2 wounds 1. b loses by 2: Ld 7,
    # 3+3 = 6 (not above 7) +2 = 8 (above): falls back in good order (US 9 is not more than
    # twice 8): flee roll the higher of 2 5 = 5". a pursues 1 1 = 2": it does not reach b.
    dice = [4, 4, 4, 1, 2, 1, 1, 1, 1, 1, 4, 5, 1, 1, 1, 1, 1, 4, 1, 1, 1, 6, 3, 3, 2, 5, 1, 1]
    eng = run(engaged(b_kw={"stats": {"I": 2}}, dice=dice))
    hits = rolls(eng, "to_hit")
    assert [(h.model, len(h.faces), h.target, h.total) for h in hits] == [
        ("a", 10, 4, 3), ("b", 8, 4, 1)]
    assert [(w.model, w.target, w.total) for w in rolls(eng, "to_wound")] == [("a", 4, 2), ("b", 4, 1)]
    cr = events(eng, CombatResult)[0]
    assert cr.scores["1"]["wounds"] == 2 and cr.scores["1"]["massed_infantry"] == 1
    assert cr.scores["1"]["total"] == 3 and cr.scores["2"]["total"] == 1 and cr.winner == 1
    brk = rolls(eng, "break_test")[0]
    assert brk.total == 8 and brk.target == 7 and brk.outcome == "fall_back"
    assert rolls(eng, "flee")[0].total == 5
    out = result(eng)["units"]
    assert out["b"]["models_left"] == 8 and out["b"]["status"] == "active"
    assert out["a"]["models_left"] == 9 and out["a"]["wounds_taken"] == 1
    assert out["b"]["y"] == pytest.approx(30 - 1.9685 - 5, abs=0.01)  # fell back 5" straight
    assert eng.state.turn == 1 and not eng.state.game_over


def test_equal_initiative_strikes_at_once_the_dead_still_strike():
    # Both I3: a (the active side) rolls first; its kills do not stop b's attacks at the same
    # step. Each makes 10 attacks (two ranks deep, Press of Battle), hits with 5 and wounds
    # with all 5: a kills b's whole second rank, yet all 10 of b's models still strike, and
    # both lose a full rank of 5. 5 Wounds each, 5 models each: a draw, no Break test.
    dice = [6] * 5 + [1] * 5 + [6] * 5 + [6] * 5 + [1] * 5 + [6] * 5
    eng = run(engaged(b_kw={"stats": {"I": 3}}, dice=dice))
    assert [(h.model, len(h.faces)) for h in rolls(eng, "to_hit")] == [("a", 10), ("b", 10)]
    assert [h.total for h in rolls(eng, "to_hit")] == [5, 5]
    out = result(eng)["units"]
    assert out["a"]["models_left"] == 5 and out["b"]["models_left"] == 5
    assert not rolls(eng, "break_test")


@pytest.mark.parametrize("ws_a, ws_b, needed", [(3, 3, 4), (4, 3, 3), (5, 3, 3), (7, 3, 2),
                                                 (2, 5, 5), (1, 3, 5), (10, 10, 4), (4, 9, 5)])
def test_to_hit_chart(ws_a, ws_b, needed):
    eng = run(engaged(a_kw={"stats": {"WS": ws_a, "I": 5}}, b_kw={"stats": {"WS": ws_b}}),
              seed=2)
    assert rolls(eng, "to_hit")[0].target == needed


@pytest.mark.parametrize("s, t, needed", [(3, 3, 4), (4, 3, 3), (5, 3, 2), (3, 4, 5), (3, 5, 6),
                                          (1, 7, 0), (2, 8, 0), (10, 10, 4), (6, 2, 2)])
def test_to_wound_chart(s, t, needed):
    eng = run(engaged(a_kw={"stats": {"S": s, "I": 5, "WS": 10}}, b_kw={"stats": {"T": t, "WS": 1}}),
              seed=2)
    got = rolls(eng, "to_wound")
    if needed:
        assert got[0].model == "a" and got[0].target == needed
    else:  # Strength that cannot wound: no dice are rolled for it
        assert not [w for w in got if w.model == "a"]
        assert any("cannot wound" in e.detail for e in events(eng, ev.RuleApplied))


def test_armour_save_with_ap_and_a_natural_one():
    # a's great weapon: S5, AP -2 against b's 4+ (armour 4): b saves on 6 only, never on 1.
    # a, two ranks deep (Press of Battle): hits 6 6 6 and seven 1s (3), wounds (S5 v T3, 2+)
    # 2 2 2; saves 6 5 1: one saved. b, 8 left (5 + 3 behind them), all miss.
    dice = [6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 6, 5, 1] + [1] * 8 + [1, 1] + [1, 1]
    eng = run(engaged(a_kw={"weapons": ["great weapon"], "stats": {"I": 5}},
                      b_kw={"armour": 4}, dice=dice))
    save = rolls(eng, "armour_save")[0]
    assert save.target == 4 and save.modifiers == (("AP", -2),) and save.total == 1
    assert result(eng)["units"]["b"]["models_left"] == 8


def test_parry_improves_the_save_of_infantry_with_hand_weapon_and_shield():
    # b: armour 5 with a shield, regular infantry with a hand weapon: 4+ in combat.
    eng = run(engaged(a_kw={"stats": {"I": 5, "WS": 10, "S": 10}}, b_kw={"armour": 5,
              "weapons": ["hand weapon", "shield"]}), seed=4)
    assert rolls(eng, "armour_save")[0].target == 4


def test_no_save_roll_when_the_save_cannot_be_made():
    # great weapon AP -2 against a 5+: it would need 7. No dice for saves.
    eng = run(engaged(a_kw={"weapons": ["great weapon"], "stats": {"I": 5, "WS": 10}},
                      b_kw={"armour": 5}), seed=4)
    assert not [r for r in rolls(eng, "armour_save") if r.model == "b"]


def test_wounds_carry_over_on_multi_wound_models():
    # b: W3 ogres (monstrous infantry), 3 wide. a (10 attacks: two ranks deep, Press of
    # Battle) hits 5 times and wounds 5 times: one ogre removed, the next keeps 2 lost Wounds.
    dice = [6] * 5 + [1] * 5 + [6] * 5 + [1] * 3 + [6, 6]
    eng = run(engaged(a_kw={"stats": {"I": 5}},
                      b_kw={"models": 3, "files": 3, "troop_type": "monstrous infantry",
                            "base": "40x40", "stats": {"W": 3, "A": 1}}, dice=dice + [1] * 10))
    out = result(eng)["units"]["b"]
    assert out["models_left"] == 2 and out["wounds_taken"] == 5
    assert eng.state.units["b"].counters["wounds_carried"] == 2


def test_a_model_without_attacks_makes_none_out_of_base_contact_either():
    # a: 7 wide, one rank, A 0, against b only 3 wide: a's two end models are in its fighting
    # rank but touch no enemy, not even at a corner. With no Attacks they make no attack (not
    # the 1 a model out of base contact makes): a rolls no dice; b's 3 miss. a wins by massed
    # infantry (US 7 v 3); b rolls a double 1 and gives ground.
    a = block("a", 1, 24, 30, models=7, files=7, stats={"A": 0})
    b = block("b", 2, 24, 0, models=3, files=3)
    eng = run(ow(facing_off(a, b), dice=[1] * 3 + [1, 1]))
    assert [(h.model, len(h.faces)) for h in rolls(eng, "to_hit")] == [("b", 3)]

"""Panic Tests beyond a friend breaking nearby: a unit losing a quarter of its Health Points to
attacks outside combat in one phase, and friends near a unit destroyed in combat; and a charge
that does not catch a unit that fled from it (a Failed Charge Move)."""

from __future__ import annotations

import pytest

from game.core import events as ev
from tests.ninth_age.helpers import BASE_IN, block, facing_off, na
from tests.support import events, result, rolls, run

SHOOTING = [{"do": "next_phase"}] * 3  # charge, movement, magic: on to the Shooting Phase
BREATHER = {"models": 1, "files": 1, "stats": {"Att": 0},
            "rules": ["Breath Attack (Str 4, AP 1, Flaming Attacks)"]}


def breathed_on(dice, **b_kw):
    """A lone breather 5" in front of ``b`` (5 models, Dis 10 unless given)."""
    a = block("a", 1, 24, 30, **BREATHER)
    b_kw.setdefault("stats", {"Dis": 10, "Att": 0})
    b = block("b", 2, 24, 30 - BASE_IN / 2 - 5.0 - BASE_IN / 2, 180.0, models=b_kw.pop("models", 5),
              **b_kw)
    return run(na([a, b], orders=SHOOTING, dice=dice))


def test_losing_a_quarter_of_its_health_points_to_a_breath_makes_a_unit_test_and_flee():
    # 2D6 = 4 automatic hits; Str 4 against Res 3 wounds on 3+: 6 6 1 1 is 2 wounds; Arm 0
    # less AP 1 leaves no save. 2 of 5 Health Points is 40%: a Panic Test, 6+6 = 12 over
    # Discipline 10 fails, and b flees 1+1 = 2" straight away from the breather.
    eng = breathed_on([2, 2, 6, 6, 1, 1, 6, 6, 1, 1])
    test = rolls(eng, "discipline")
    assert [(t.faces, t.target, t.outcome) for t in test] == [((6, 6), 10, "fail")]
    assert [e.faces for e in rolls(eng, "flee")] == [(1, 1)]
    b = result(eng)["units"]["b"]
    assert (b["status"], b["wounds_taken"], b["models_left"]) == ("fleeing", 2, 3)
    assert b["facing"] == pytest.approx(0.0, abs=1e-6)  # its back to the breather


def test_a_passed_panic_test_leaves_the_unit_where_it_stands():
    eng = breathed_on([2, 2, 6, 6, 1, 1, 5, 5])  # 10 against 10 passes
    assert [t.outcome for t in rolls(eng, "discipline")] == ["pass"]
    assert result(eng)["units"]["b"]["status"] == "active" and not rolls(eng, "flee")


def test_losing_less_than_a_quarter_is_no_panic():
    # 2 hits, 6 1: one wound, 1 of 5 Health Points is 20%
    eng = breathed_on([1, 1, 6, 1])
    assert result(eng)["units"]["b"]["wounds_taken"] == 1
    assert not rolls(eng, "discipline")


def test_a_unit_that_began_as_one_model_does_not_panic_for_its_losses():
    # one model of 3 Health Points loses 1 (a third): no test for a single model
    eng = breathed_on([1, 1, 6, 1], models=1, files=1, stats={"HP": 3, "Dis": 10, "Att": 0})
    assert result(eng)["units"]["b"]["wounds_taken"] == 1
    assert not rolls(eng, "discipline")


def test_friends_within_six_inches_of_a_unit_destroyed_in_combat_take_panic_tests():
    # a (Agi 5) strikes first: 5 attacks, hits on 4+ (Off 3 against Def 3), wounds on 4+
    # (Str 3 against Res 3): all sixes destroy the five models of b before they strike.
    a = block("a", 1, 24, 30, models=5, stats={"Agi": 5})
    y = 30 - BASE_IN
    b = block("b", 2, 24, y, 180.0, models=5, stats={"Att": 0})
    near_ = block("near", 2, 33, y, 180.0, models=5)  # 30.54 to 35.46: 4.1" from b
    far = block("far", 2, 44, y, 180.0, models=5)  # 41.54 to 46.46: 15.1" from b
    eng = run(na([a, b, near_, far], dice=[6] * 10 + [6, 6, 1, 1]))
    assert result(eng)["units"]["b"]["status"] == "destroyed"
    tests = rolls(eng, "discipline")
    assert [(t.model, t.faces, t.outcome) for t in tests] == [("near", (6, 6), "fail")]
    assert result(eng)["units"]["near"]["status"] == "fleeing"
    assert result(eng)["units"]["far"]["status"] == "active"


def test_a_charge_that_misses_a_unit_that_fled_is_a_failed_charge_move():
    # b flees 6+6 = 12" from 5" away; a's charge range 1+1 + Adv 4 = 6" cannot reach it
    # (17" away now): it moves the higher die, 1", and is Shaken.
    a = block("a", 1, 24, 30, models=5, stats={"Att": 0})
    b = block("b", 2, 24, 30 - BASE_IN - 5.0, 180.0, models=5, stats={"Att": 0, "Dis": 10})
    eng = run(na([a, b], orders=[{"unit": "a", "do": "charge", "target": "b"},
                                 {"answer": "flee"}, {"do": "next_phase"}], dice=[6, 6, 1, 1]),
              finish=False)  # (in the Movement Phase that follows: Shaken lasts the turn)
    moved = [e for e in events(eng, ev.UnitMoved) if e.unit == "a"]
    assert [(e.reason, e.distance) for e in moved] == [("failed charge", pytest.approx(1.0))]
    assert result(eng)["units"]["a"]["y"] == pytest.approx(29.0, abs=1e-6)
    assert "shaken" in result(eng)["units"]["a"]["conditions"]
    assert result(eng)["units"]["b"]["status"] == "fleeing"


def test_friends_of_a_charger_destroyed_by_stand_and_shoot_take_panic_tests():
    # a (2 models, HP 1) charges b from 6" away (more than its Adv 4); b stands and shoots
    # with its Breath: 1+1 = 2 hits, Str 3 against Res 3 wound on 4+: 6 6, Arm 0: both
    # models die. a2, 2" from where a stood, tests: 6+6 = 12 over Dis 7 fails, flees 2+2.
    a = block("a", 1, 24, 30, models=2, files=2, stats={"Att": 0, "Dis": 10})
    a2 = block("a2", 1, 24 + BASE_IN + 2.0 + 2.5 * BASE_IN, 30, models=5, stats={"Att": 0})
    b = block("b", 2, 24, 30 - BASE_IN / 2 - 6.0 - 1.0, 180.0, models=1, files=1, base="50x50",
              stats={"Att": 0}, rules=["Breath Attack (Str 3, AP 0)"])
    eng = run(na([a, a2, b], orders=[{"unit": "a", "do": "charge", "target": "b"},
                                     {"answer": "stand_and_shoot"}], dice=[1, 1, 6, 6, 6, 6, 2, 2]),
              finish=False)
    assert result(eng)["units"]["a"]["status"] == "destroyed"
    assert [(t.model, t.faces, t.outcome) for t in rolls(eng, "discipline")] == \
        [("a2", (6, 6), "fail")]
    assert [e.faces for e in rolls(eng, "flee")] == [(2, 2)]
    assert result(eng)["units"]["a2"]["status"] == "fleeing"


def test_a_unit_charged_again_after_fleeing_flees_again():
    # a1 charges b (4" away): b flees 1+1 = 2". a2 then charges b too: b must flee again,
    # 3+3 = 6", before any charger moves.
    b = block("b", 2, 24, 20, 180.0, models=5, stats={"Att": 0})
    a1 = block("a1", 1, 24, 20 + BASE_IN + 4.0, models=5, stats={"Att": 0})
    a2 = block("a2", 1, 24 - 2.5 * BASE_IN - 4.0 - BASE_IN / 2, 20, 90.0, models=5, files=1,
               stats={"Att": 0})
    eng = run(na([b, a1, a2], orders=[{"unit": "a1", "do": "charge", "target": "b"},
                                      {"answer": "flee"},
                                      {"unit": "a2", "do": "charge", "target": "b"}],
                 dice=[1, 1, 3, 3]), finish=False)
    assert [e.faces for e in rolls(eng, "flee")] == [(1, 1), (3, 3)]
    moved = [e.distance for e in events(eng, ev.UnitMoved) if e.unit == "b"]
    assert moved == [pytest.approx(2.0), pytest.approx(6.0)]


def test_a_panicked_unit_flees_from_where_the_closest_enemy_stood_when_it_failed():
    # a (Agi 5) kills 5 of b's 10 before they strike (b has no attacks): 5 to 0, b breaks
    # (6+6 over Dis 7 - 5). near, 4.1" from b, fails its Panic Test (6+6). Flee rolls: b 6+6,
    # near 1+1; a pursues 6+5 = 11", short of b's 12", and moves 11" up the table. near then
    # flees directly away from where a stood when near failed its test, not from where the
    # pursuit took it.
    a = block("a", 1, 24, 30, models=5, stats={"Agi": 5})
    y = 30 - BASE_IN / 2 - BASE_IN
    b = block("b", 2, 24, y, 180.0, models=10, stats={"Att": 0})
    near_ = block("near", 2, 33, y, 180.0, models=5, stats={"Att": 0})
    dice = [6] * 10 + [6, 6] + [6, 6] + [6, 6, 1, 1] + [6, 5] + [1] * 10
    eng = run(na([a, b, near_], dice=dice))
    assert result(eng)["units"]["b"]["status"] == "fleeing"
    assert [e.faces for e in rolls(eng, "pursuit")] == [(6, 5)]
    pursuit = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Pursuit"]
    assert pursuit == ['rolled 11" against a flee of 12": B gets away']
    a_moved = [e for e in events(eng, ev.UnitMoved) if e.unit == "a"]
    assert a_moved and a_moved[-1].y == pytest.approx(30 - 11, abs=0.05)
    import math

    # near stands with its centre at (33, y)
    ny = y
    away = math.degrees(math.atan2(33 - 24, -(ny - 30))) % 360
    fled = [e for e in events(eng, ev.UnitMoved) if e.unit == "near"]
    assert fled and fled[-1].facing == pytest.approx(away, abs=0.01)


def test_a_run_down_stopped_by_terrain_the_target_fled_over_says_what_stopped_it():
    # b flees 3+3 = 6" from 4" away, over a wall just behind it (impassable: a fleeing unit
    # passes over what it may not end on). a rolls 6 6 + Adv 4 = 16", far more than the 10"
    # now between them, but its straight run after b stops at the wall: a Failed Charge Move
    # of the higher die, and the log says why (the roll alone reads as if it reached)
    a = block("a", 1, 24, 30, models=5, stats={"Att": 0})
    b = block("b", 2, 24, 0, models=5, stats={"Att": 0, "Dis": 10})
    wall = {"id": "wall", "name": "Tower", "kind": "impassable", "height": 6.0,
            "polygon": [[14.0, 21.0], [34.0, 21.0], [34.0, 22.0], [14.0, 22.0]]}
    orders = [{"unit": "a", "do": "charge", "target": "b"}, {"answer": "flee"},
              {"do": "next_phase"}]
    eng = run(na(facing_off(a, b, gap=4.0), orders=orders, dice=[3, 3, 6, 6] + [1] * 20,
                 terrain=[wall]), finish=False)
    ch = rolls(eng, "charge_range")[0]
    assert (ch.total, ch.target, ch.outcome) == (16, 10, "falls short")
    assert result(eng)["units"]["b"]["status"] == "fleeing"
    said = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Charge"]
    assert 'falls short of B (10.0" away, but Tower is in the way): it moves 6.0"' in said

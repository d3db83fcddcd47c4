"""Fleeing units: through an enemy unit each model that crossed it takes a Peril test (a D6,
1 to 3 loses a Wound); a flight that would end on a unit or within 1" of an enemy carries on
until clear, and the log says how far and why."""

from __future__ import annotations

import pytest

from game.core import events as ev
from tests.old_world.helpers import BASE_IN, block, ow
from tests.support import events, result, rolls, run

CHARGE = {"unit": "a", "do": "charge", "target": "b"}


def _through(peril: list[int], c_files: int = 5, c_x: float = 24.0):
    """a charges b from below; b flees (3 + 3 = 6") straight up the table, where the enemy
    unit c (one rank, ``c_files`` wide, 4.5" behind b) stands in its way."""
    a = block("a", 1, 24, 30, models=10)
    b = block("b", 2, 24, 20, facing=180.0, models=10)
    c = block("c", 1, c_x, 14, models=c_files, files=c_files)
    dice = [3, 3] + peril + [1] * 30
    orders = [CHARGE, {"answer": "flee"}, {"do": "end_turn"}]
    return run(ow([a, b, c], orders=orders, dice=dice))


def test_each_model_that_flees_through_an_enemy_unit_tests_for_peril():
    eng = _through([1, 2, 3, 4, 5, 6, 1, 4, 4, 4])
    peril = rolls(eng, "peril")
    assert len(peril) == 1
    p = peril[0]
    # all ten models of b (as wide as c, straight over it) cross c
    assert p.faces == (1, 2, 3, 4, 5, 6, 1, 4, 4, 4) and p.against == "c"
    assert p.total == 6 and p.target == 4  # six safe, four Wounds lost
    assert result(eng)["units"]["b"]["models_left"] == 6
    assert result(eng)["units"]["b"]["wounds_taken"] == 4


def test_the_flight_carries_on_past_the_unit_and_says_why():
    eng = _through([6] * 10)
    # b's front starts 4.53" from c's rear: 6" would end on c, so it carries on until its rear
    # is 1" past c's front: it moves 20 - (14 - 0.49 - 1 - 0.98) = 8.47"
    moved = next(e for e in events(eng, ev.UnitMoved) if e.unit == "b")
    assert moved.distance == pytest.approx(20 - (14 - BASE_IN / 2 - 1 - BASE_IN), abs=1e-3)
    note = next(e for e in events(eng, ev.RuleApplied) if e.rule == "Flee" and e.model == "b")
    assert 'carries on 2.5" past its roll of 6"' in note.detail and "C" in note.detail


def test_only_the_models_that_cross_the_enemy_test():
    # c is 2 wide and stands off to one side: only b's files over it cross it (2 files of
    # b's 5, both ranks: 4 models)
    eng = _through([1, 1, 1, 1], c_files=2, c_x=24 + 1.5 * BASE_IN)
    p = rolls(eng, "peril")[0]
    assert len(p.faces) == 4 and p.total == 0
    assert result(eng)["units"]["b"]["models_left"] == 6


def test_no_peril_through_friends():
    a = block("a", 1, 24, 30, models=10)
    b = block("b", 2, 24, 20, facing=180.0, models=10)
    c = block("c", 2, 24, 14, models=5, files=5)  # b's own side
    orders = [CHARGE, {"answer": "flee"}, {"do": "end_turn"}]
    eng = run(ow([a, b, c], orders=orders, dice=[3, 3] + [1] * 30))
    assert not rolls(eng, "peril")
    assert result(eng)["units"]["b"]["models_left"] == 10


def test_a_pursuit_that_falls_short_says_by_how_much():
    # nobody has attacks: a (25 models) wins on ranks 2 + massed infantry 1 against b's rank
    # 1; b's 3 4 + 2 = 9 is over Ld 7 and a's Unit Strength is more than twice b's: it breaks
    # and flees 6 6 = 12" straight away; a pursues 1 1 = 2" and stops 10" short.
    a = block("a", 1, 24, 30, models=25, stats={"A": 0})
    b = block("b", 2, 24, 0, models=10, stats={"A": 0})
    from tests.old_world.helpers import facing_off

    eng = run(ow(facing_off(a, b), dice=[3, 4, 6, 6, 1, 1] + [1] * 10))
    assert result(eng)["units"]["b"]["status"] == "fleeing"
    note = next(e for e in events(eng, ev.RuleApplied) if e.rule == "Pursuit")
    assert note.detail == 'pursues 2", not enough: it stops 10.0" short of B, which gets away'


def test_a_failed_charge_that_cannot_move_says_why():
    # a falls short (1 1: 4 + 1 = 5" against 8") of b, but c, another enemy, stands 1" ahead
    # of a's left end: any step toward b would come within 1" of it
    a = block("a", 1, 24, 30, models=5)
    b = block("b", 2, 24, 30 - BASE_IN - 8.0, facing=180.0, models=5)
    c = block("c", 2, 24 - 5 * BASE_IN + 1.0, 30 - BASE_IN - 1.0, facing=180.0, models=5)
    eng = run(ow([a, b, c], orders=[CHARGE, {"do": "end_turn"}], dice=[1, 1] + [1] * 10))
    assert not [e for e in events(eng, ev.UnitMoved) if e.unit == "a"]
    note = next(e for e in events(eng, ev.RuleApplied) if e.rule == "Charge"
                and "falls short" in e.detail)
    assert note.detail.endswith('it cannot move closer: it would come within 1" of C')

"""Charges: declaring, the range roll, contact flush with the facing charged, failed charges,
reactions, and the Initiative a charge gives."""

from __future__ import annotations

import pytest

from game.core import events as ev
from game.rulesets.rank_and_flank.events import CombatResult
from tests.old_world.helpers import BASE_IN, block, facing_off, ow
from tests.support import events, refusal, result, rolls, run

CHARGE = {"unit": "a", "do": "charge", "target": "b"}


def apart(gap, a_kw=None, b_kw=None, orders=(CHARGE,), dice=None, seed=1):
    a = block("a", 1, 24, 30, **(a_kw or {}))
    b = block("b", 2, 24, 0, **(b_kw or {}))
    return ow(facing_off(a, b, gap=gap), orders=list(orders), dice=dice, seed=seed)


def test_a_charge_in_range_ends_flush_and_strikes_with_its_charge_bonus():
    # 6" apart, M4: charge dice 2 and 5, range 4 + 5 = 9: in contact, flush with b's front.
    # a moved 6": +3 Initiative (front) -> I6; it strikes first. Then the combat.
    eng = run(apart(6.0, dice=[2, 5] + [1] * 10 + [1, 1] * 3))
    ch = rolls(eng, "charge_range")[0]
    assert ch.faces == (2, 5) and ch.kept == (5,) and ch.total == 9 and ch.outcome == "reaches"
    out = result(eng)["units"]
    a, b = out["a"], out["b"]
    assert a["facing"] == 0.0 and a["x"] == pytest.approx(b["x"], abs=1e-3)
    assert a["y"] - b["y"] == pytest.approx(2 * BASE_IN, abs=1e-3)  # front edge on front edge
    init = [e for e in events(eng, ev.RuleApplied) if e.rule == "Initiative"]
    assert init[0].detail == "Initiative step 6"
    assert "engaged" in a["conditions"]


@pytest.mark.parametrize("gap, inch_bonus", [(1.5, 1), (2.95, 2), (2.995, 3), (3.0, 3), (7.9, 3)])
def test_charge_initiative_bonus_is_one_per_full_inch_up_to_three_into_a_front(gap, inch_bonus):
    eng = run(apart(gap, dice=[6, 6] + [1] * 10 + [1, 1] * 3))
    steps = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Initiative"]
    assert steps[0] == f"Initiative step {3 + inch_bonus}"


def test_a_charge_that_falls_short_moves_the_higher_die():
    # 10" apart, M4: 1 and 5 -> range 9: short. It moves 5" toward b.
    eng = run(apart(10.0, dice=[1, 5]))
    ch = rolls(eng, "charge_range")[0]
    assert ch.total == 9 and ch.outcome == "falls short"
    moved = [e for e in events(eng, ev.UnitMoved) if e.unit == "a"][0]
    assert moved.reason == "failed charge" and moved.distance == pytest.approx(5.0, abs=0.06)
    assert "engaged" not in result(eng)["units"]["a"]["conditions"]


def test_a_charge_beyond_m_plus_six_cannot_be_declared():
    msg = refusal(apart(10.5))
    assert "beyond" in msg and "10" in msg


def test_a_target_outside_the_front_arc_cannot_be_charged():
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 40, facing=0.0)  # behind a
    msg = refusal(ow([a, b], orders=[CHARGE]))
    assert "front arc" in msg


def test_a_flee_reaction_moves_the_target_away_and_the_charger_runs_it_down():
    # b flees 2D6 = 1 + 2 = 3" directly away; a rolls 6 6: 4 + 6 = 10 >= 4 + 3: run down.
    orders = [CHARGE, {"answer": "flee"}]
    eng = run(apart(4.0, orders=orders, dice=[1, 2, 6, 6]))
    out = result(eng)["units"]
    assert rolls(eng, "flee")[0].total == 3
    assert out["b"]["status"] == "destroyed"


def test_a_fleeing_target_not_reached_escapes():
    orders = [CHARGE, {"answer": "flee"}]
    eng = run(apart(6.0, orders=orders, dice=[6, 6, 1, 1]))
    out = result(eng)["units"]
    assert out["b"]["status"] == "fleeing"


def test_a_run_down_stopped_short_by_a_unit_in_its_path_is_logged_as_falling_short():
    # b flees 3 3 = 6" straight through its friend d and ends 10" from a; a rolls 6 6: a
    # range of 10, enough across the open gap, but the pursuit stops against d: the range
    # roll says it falls short, as the run-down does (it used to say it reached), and the
    # log says what stopped it (the roll alone reads as if it were enough)
    a, b = facing_off(block("a", 1, 24, 30), block("b", 2, 24, 0), gap=4.0)
    d = block("d", 2, 24, 21.5, facing=180.0, models=5, files=5)
    orders = [CHARGE, {"answer": "flee"}]
    eng = run(ow([a, b, d], orders=orders, dice=[3, 3, 1, 1, 6, 6] + [1] * 30))
    ch = rolls(eng, "charge_range")[0]
    assert (ch.total, ch.target, ch.outcome) == (10, 10, "falls short")
    assert result(eng)["units"]["b"]["status"] == "fleeing"
    caught = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Charge"]
    assert 'does not catch the fleeing B: it would come within 1" of D' in caught


def test_a_charger_runs_its_range_after_a_unit_that_fled_off_the_table():
    # b, 4" off a near the table's top edge, flees 6 6 = 12": off the table. a rolls 2 3: the
    # higher 3 + M4 = 7", and runs all of it after b, toward where it left
    a, b = facing_off(block("a", 1, 24, 12), block("b", 2, 24, 0), gap=4.0)
    eng = run(ow([a, b], orders=[CHARGE, {"answer": "flee"}], dice=[6, 6, 2, 3] + [1] * 20))
    assert result(eng)["units"]["b"]["status"] == "fled"
    assert rolls(eng, "charge_range")[0].outcome == "falls short"
    ran = [e for e in events(eng, ev.UnitMoved) if e.unit == "a"][0]
    assert ran.reason == "charge" and ran.distance == pytest.approx(7.0)
    said = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Charge"]
    assert 'runs 7.0" after B, which has left the table (to the table\'s edge at most)' in said


def test_a_charger_that_cannot_run_after_a_unit_that_fled_off_the_table_says_why():
    # as above, but a (7 wide) has its friend c touching its front beyond b's 3 files: once b
    # has fled off the table, a cannot move after it at all. The log said it "runs 0.0" after"
    # b (seen in an AI game); it now says what is in the way
    a, b = facing_off(block("a", 1, 24, 12, models=14, files=7),
                      block("b", 2, 24, 0, models=6, files=3), gap=4.0)
    c = block("c", 1, 27.0, 10.52, models=2, files=2)
    eng = run(ow([a, b, c], orders=[CHARGE, {"answer": "flee"}], dice=[6, 6, 2, 3] + [1] * 20))
    assert result(eng)["units"]["b"]["status"] == "fled"
    assert [e.unit for e in events(eng, ev.UnitMoved)] == ["b"]
    said = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Charge"]
    assert said[-1] == "cannot run after B, which has left the table: C is in the way"


def test_a_run_down_that_catches_is_logged_as_reaching():
    orders = [CHARGE, {"answer": "flee"}]
    eng = run(apart(4.0, orders=orders, dice=[1, 2, 6, 6]))
    assert rolls(eng, "charge_range")[0].outcome == "reaches"


def test_charges_move_when_the_next_order_is_not_a_charge():
    orders = [CHARGE, {"do": "next_phase"}]
    eng = run(apart(3.0, orders=orders, dice=[3, 3] + [1] * 20), finish=False)
    assert [e.unit for e in events(eng, ev.UnitMoved)] == ["a"]
    assert eng.state.flow.phase == "shooting"


def test_a_charge_after_a_move_is_refused():
    c = block("c", 1, 10, 40)
    orders = [{"unit": "c", "do": "move", "path": [["forward", 1.0]]}, CHARGE]
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 0)
    msg = refusal(ow([*facing_off(a, b, gap=3.0), c], orders=orders))
    assert "start of the Movement phase" in msg


def test_stand_and_shoot_hits_the_charger_first_and_counts_for_the_result():
    # b (bows, BS3: 4+ to hit, -1 standing and shooting) shoots with its front rank of 5:
    # 5 5 4 1 6 -> 3 hits; S3 v T3: 4 4 1 -> 2 wounds (a has no armour). Then a charges:
    # 3 3 -> 7" >= 6": contact. Nobody hits in the fight (a, which charged, 5 attacks; b, two
    # ranks deep as it did not charge, 10); side 2: 2 shooting wounds + ranks 1 + massed
    # infantry 1 (US 10 v 8) = 4; a loses by 4, rolls a double 1: gives ground.
    orders = [CHARGE, {"answer": "stand_and_shoot"}]
    dice = [5, 5, 4, 1, 6, 4, 4, 1, 3, 3] + [1] * 5 + [1] * 10 + [1, 1]
    eng = run(apart(6.0, b_kw={"weapons": ["hand weapon", "bow"]}, orders=orders, dice=dice))
    shot = rolls(eng, "to_hit")[0]
    assert shot.model == "b" and shot.target == 4 and shot.modifiers == (("Stand and Shoot", -1),)
    assert shot.total == 3
    cr = events(eng, CombatResult)[0]
    assert cr.scores["2"]["wounds"] == 2 and cr.scores["2"]["total"] == 4 and cr.winner == 2
    assert result(eng)["units"]["a"]["models_left"] == 8


def test_no_stand_and_shoot_when_the_charger_starts_closer_than_its_movement():
    eng = run(apart(3.0, b_kw={"weapons": ["hand weapon", "bow"]}, dice=[3, 3] + [1] * 20))
    ask = [e for e in events(eng, ev.DecisionRequested) if e.kind == "charge_reaction"][0]
    assert "stand_and_shoot" not in ask.options

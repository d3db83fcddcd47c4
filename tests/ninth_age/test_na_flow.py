"""The player turn of five phases, charges (2D6 + Adv, the highest die when short, reactions),
moves (Advance, March, Reform), Fly, and headless play stopping after the turn in progress."""

from __future__ import annotations

import pytest

from game.core import events as ev
from tests.ninth_age.helpers import BASE_IN, CHARGE, block, engaged, facing_off, na, steps
from tests.support import events, refusal, result, rolls, run


def apart(gap=10.0, orders=(), dice=None, a_kw=None, b_kw=None):
    return engaged(a_kw=a_kw, b_kw=b_kw, gap=gap, orders=list(orders), dice=dice)


def phases_seen(eng):
    return [(e.side, e.phase) for e in events(eng, ev.PhaseStarted)]


def test_no_orders_plays_the_first_side_turn_of_five_phases_and_stops():
    eng = run(apart())
    assert phases_seen(eng) == [(1, "charge"), (1, "movement"), (1, "magic"), (1, "shooting"),
                                (1, "melee")]
    assert [e.side for e in events(eng, ev.PlayerTurnEnded)] == [1]


def test_next_phase_ends_exactly_one_phase_and_a_move_ends_the_charge_phase():
    eng = run(apart(orders=[{"do": "next_phase"}]), finish=False)
    assert phases_seen(eng) == [(1, "charge"), (1, "movement")]
    eng = run(apart(orders=[{"unit": "a", "do": "move", "path": [["forward", 1.0]]}]), finish=False)
    assert eng.state.flow.phase == "movement"
    assert [e.unit for e in events(eng, ev.UnitMoved)] == ["a"]


def test_a_charge_in_the_movement_phase_is_refused():
    msg = refusal(apart(orders=[{"do": "next_phase"}, CHARGE]))
    assert "charge phase" in msg


def test_charge_range_is_two_d6_plus_advance_and_contact_is_flush():
    # 6" apart, Adv 4: 1 + 2 = 3, + 4 = 7: in contact with b's front, facing it. Then both
    # units fight with 5 + 5 supporting attacks (all miss); b loses 2 (charge, ranks) to 1
    # and holds (1 1).
    eng = run(apart(gap=6.0, orders=[CHARGE], dice=[1, 2] + [1] * 20 + [1, 1]))
    ch = rolls(eng, "charge_range")[0]
    assert ch.faces == (1, 2) and ch.kept == (1, 2) and ch.total == 7 and ch.outcome == "reaches"
    assert ch.modifiers == (("Adv", 4),)
    out = result(eng)["units"]
    assert out["a"]["y"] - out["b"]["y"] == pytest.approx(2 * BASE_IN, abs=1e-3)
    assert "engaged" in out["a"]["conditions"]


def test_cavalry_charges_with_swiftstride_three_dice_the_lowest_dropped():
    # Cavalry has Swiftstride: Charge Range 3D6 with the lowest dropped, + Adv 4. 9" apart:
    # 1 3 6 keeps 6 + 3 = 9, + 4 = 13: it reaches (the first two dice alone, 1 + 3 + 4 = 8,
    # would fall short). Then 5 + 5 supporting attacks a side miss; b holds (1 1).
    cav = {"troop_type": "cavalry", "base": "25x50"}
    eng = run(apart(gap=9.0, orders=[CHARGE], a_kw=cav, dice=[1, 3, 6] + [1] * 20 + [1, 1]))
    ch = rolls(eng, "charge_range")[0]
    assert ch.faces == (1, 3, 6) and ch.kept == (6, 3) and ch.total == 13
    assert ch.outcome == "reaches"
    assert "engaged" in result(eng)["units"]["a"]["conditions"]


def test_a_charge_that_falls_short_moves_the_highest_die():
    # 9" apart: 1 + 3 + 4 = 8: short. It moves 3" toward b.
    eng = run(apart(gap=9.0, orders=[CHARGE], dice=[1, 3]))
    ch = rolls(eng, "charge_range")[0]
    assert ch.total == 8 and ch.outcome == "falls short"
    moved = [e for e in events(eng, ev.UnitMoved) if e.unit == "a"][0]
    assert moved.reason == "failed charge" and moved.distance == pytest.approx(3.0, abs=0.06)


def test_charging_momentum_adds_one_agility_to_chargers():
    eng = run(apart(gap=2.0, orders=[CHARGE], dice=[3, 3] + [1] * 20 + [1, 1]))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3"]


def test_a_charge_beyond_adv_plus_twelve_cannot_be_declared():
    msg = refusal(apart(gap=16.5, orders=[CHARGE]))
    assert "beyond" in msg and "16" in msg


def test_a_target_outside_the_front_arc_cannot_be_charged():
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 40)
    msg = refusal(na([a, b], orders=[CHARGE]))
    assert "front arc" in msg


def test_a_flee_reaction_runs_2d6_and_the_charger_may_run_it_down():
    # b flees 2 2 = 4"; a charges 6 6 + 4 = 16": it catches b, which is destroyed.
    orders = [CHARGE, {"answer": "flee"}]
    eng = run(apart(gap=5.0, orders=orders, dice=[2, 2] + [6, 6]))
    assert rolls(eng, "flee")[0].total == 4
    assert result(eng)["units"]["b"]["status"] == "destroyed"


def test_a_charge_at_a_unit_that_fled_off_the_table_fails_where_it_stands():
    # b flees 6 6 = 12" off the table; a's charge (2 3 + Adv 4 = 9") has nothing left to run
    # down: a failed charge, and a does not move
    a, b = facing_off(block("a", 1, 24, 12), block("b", 2, 24, 0), gap=4.0)
    eng = run(na([a, b], orders=[CHARGE, {"answer": "flee"}], dice=[6, 6, 2, 3] + [1] * 20))
    assert result(eng)["units"]["b"]["status"] == "fled"
    ch = rolls(eng, "charge_range")[0]
    assert (ch.total, ch.outcome) == (9, "falls short")
    assert not [e for e in events(eng, ev.UnitMoved) if e.unit == "a"]
    said = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Charge"]
    assert "has nothing to charge: B has fled the table; the charge fails" in said


def test_fearless_units_may_only_hold():
    eng = run(apart(gap=5.0, orders=[CHARGE], b_kw={"rules": ["Fearless"]},
                    dice=[6, 6] + [1] * 20 + [1, 1]))
    assert not events(eng, ev.DecisionRequested)


def test_advance_moves_go_one_way_and_backward_costs_double():
    msg = refusal(apart(orders=[{"unit": "a", "do": "move", "path": [["backward", 2.5]]}]))
    assert 'costs 5.00"' in msg
    msg = refusal(apart(orders=[{"unit": "a", "do": "move",
                                 "path": [["forward", 1.0], ["sideways", 1.0]]}]))
    assert "one way" in msg
    eng = run(apart(orders=[{"unit": "a", "do": "move", "path": [["sideways", -2.0]]}]), finish=False)
    assert result(eng)["units"]["a"]["x"] == pytest.approx(22.0, abs=1e-6)


def test_a_march_uses_mar_and_tests_near_enemies():
    # Mar 8: forward 7" is allowed (not 9). 6" from b: a Discipline test first; 6 6 fails and
    # the 7" march (more than the Adv 4) is not made.
    msg = refusal(apart(gap=20, orders=[{"unit": "a", "do": "move", "path": [["forward", 9.0]],
                                         "march": True}]))
    assert '8" marching' in msg
    eng = run(apart(gap=20, orders=[{"unit": "a", "do": "move", "path": [["forward", 7.0]],
                                     "march": True}]), finish=False)
    assert result(eng)["units"]["a"]["y"] == pytest.approx(23.0, abs=1e-6)
    eng = run(apart(gap=6.0, orders=[{"unit": "a", "do": "move", "path": [["forward", 4.5]],
                                      "march": True}], dice=[6, 6]), finish=False)
    assert rolls(eng, "discipline")[0].outcome == "fail"
    assert result(eng)["units"]["a"]["y"] == pytest.approx(30.0, abs=1e-6)


def test_a_reform_is_the_whole_move():
    msg = refusal(apart(orders=[{"unit": "a", "do": "move", "path": [["turn", 90], ["forward", 1.0]]}]))
    assert "alone" in msg
    eng = run(apart(orders=[{"unit": "a", "do": "move", "path": [["reform", 10, 0.0]]}]), finish=False)
    assert (result(eng)["units"]["a"]["files"], result(eng)["units"]["a"]["ranks"]) == (10, 1)
    moved = events(eng, ev.UnitMoved)[-1]
    assert eng.ruleset.presenter.describe(eng.state, moved).endswith("reforms, now 10 wide")


def test_a_flying_unit_moves_over_units_with_its_fly_values():
    # Adv 4 on the ground, 10 flying: 10" forward over b, ending 1.2" beyond it.
    a = block("a", 1, 24, 40, models=3, files=3, base="40x40", rules=["Fly (10, 12)"])
    b = block("b", 2, 24, 33)
    eng = run(na([a, b], orders=[{"unit": "a", "do": "move", "path": [["forward", 10.0]]}]),
              finish=False)
    assert result(eng)["units"]["a"]["y"] == pytest.approx(30.0, abs=1e-6)


def test_the_game_ends_after_its_last_turn():
    # nothing was lost: no victory points either side, a draw
    eng = run(apart(orders=[{"do": "end_turn"}, {"do": "end_turn"}]) | {"turns": 1})
    assert eng.state.game_over and eng.state.winner == "draw"
    assert result(eng)["winner"] is None and result(eng)["victory_points"] == {"1": 0, "2": 0}


def test_units_engaged_with_characters_fight_with_their_own_profiles():
    a = block("a", 1, 24, 30)
    hero = {"id": "hero", "side": 1, "name": "Hero", "joins": "a", "models": 1,
            "troop_type": "infantry",
            "stats": {"Adv": 4, "Mar": 8, "Dis": 9, "HP": 3, "Def": 5, "Res": 4, "Arm": 2,
                      "Att": 3, "Off": 6, "Str": 4, "AP": 1, "Agi": 6}}
    b = block("b", 2, 24, 0)
    a, b = facing_off(a, b)
    # Step 6: the hero's own 3 attacks at Off 6 v Def 3 (3+). Step 3: a's other four front
    # models and its five second-rank models (supporting, the one behind the hero too), then
    # b's 5 + 5: all miss. A tie (a Rank Bonus each): no Break Test.
    eng = run(na([a, hero, b], dice=[1] * 3 + [1] * 9 + [1] * 10))
    first = rolls(eng, "to_hit")[0]
    assert first.model == "hero" and len(first.faces) == 3 and first.target == 3  # Off 6 v Def 3
    assert steps(eng)[0] == "Initiative step 6"
    assert [len(r.faces) for r in rolls(eng, "to_hit")] == [3, 9, 10]
    assert not rolls(eng, "break_test")

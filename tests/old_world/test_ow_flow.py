"""The player turn: phases in order, what each does by itself, the flow orders, headless play
stopping after the player turn in progress, saves that re-run, and the shipped map."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import events as ev
from game.core.commands import Order
from game.core.engine import Engine
from game.core.replay import check, write_save
from game.core.scenario import load_scenario
from tests.old_world.helpers import block, facing_off, ld_tests, ow
from tests.support import events, refusal, result, run

ROOT = Path(__file__).resolve().parents[2]


def apart(gap=10.0, orders=(), dice=None):
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 0)
    return ow(facing_off(a, b, gap=gap), orders=list(orders), dice=dice)


def phases_seen(eng):
    return [(e.side, e.phase) for e in events(eng, ev.PhaseStarted)]


def test_no_orders_plays_the_first_side_turn_and_stops():
    eng = run(apart())
    assert phases_seen(eng) == [(1, "strategy"), (1, "movement"), (1, "shooting"), (1, "combat")]
    assert [e.side for e in events(eng, ev.PlayerTurnEnded)] == [1]
    assert not events(eng, ev.PlayerTurnStarted)[1:]  # side 2's turn is not begun


def test_next_phase_ends_exactly_one_phase():
    eng = run(apart(orders=[{"do": "next_phase"}]), finish=False)
    assert phases_seen(eng) == [(1, "strategy"), (1, "movement")]
    assert eng.state.flow.phase == "movement"


def test_an_order_of_a_later_phase_ends_the_phases_before_it():
    eng = run(apart(orders=[{"unit": "a", "do": "move", "path": [["forward", 1.0]]}]), finish=False)
    assert eng.state.flow.phase == "movement"
    assert [e.unit for e in events(eng, ev.UnitMoved)] == ["a"]


def test_end_turn_then_the_other_side_plays():
    orders = [{"do": "end_turn"}, {"unit": "b", "do": "move", "path": [["forward", 1.0]]}]
    eng = run(apart(orders=orders))
    assert [(e.side, e.phase) for e in events(eng, ev.PhaseStarted)][4:6] == [
        (2, "strategy"), (2, "movement")]
    # side 2's turn was the second half of game turn 1: finishing it ended the game turn
    assert [e.side for e in events(eng, ev.PlayerTurnEnded)] == [1, 2]
    assert [e.turn for e in events(eng, ev.TurnEnded)] == [1] and eng.state.turn == 2


def test_an_order_for_the_side_not_playing_is_refused():
    msg = refusal(apart(orders=[{"unit": "b", "do": "move", "path": [["forward", 1.0]]}]))
    assert "side 1's turn" in msg


def test_a_move_into_the_one_inch_zone_is_refused():
    msg = refusal(apart(gap=3.0, orders=[{"unit": "a", "do": "move", "path": [["forward", 2.5]]}]))
    assert '1"' in msg


def test_a_move_costs_twice_going_backward():
    msg = refusal(apart(orders=[{"unit": "a", "do": "move", "path": [["backward", 2.5]]}]))
    assert 'costs 5.00"' in msg


def test_a_wheel_costs_the_outer_corner_arc():
    eng = run(apart(orders=[{"unit": "a", "do": "move", "path": [["wheel", 45.0]]}]), finish=False)
    moved = events(eng, ev.UnitMoved)[0]
    width = 5 * 25 / 25.4
    assert moved.distance == pytest.approx(3.14159265 / 4 * width, abs=1e-3)
    assert moved.facing == 45.0


def test_the_game_ends_after_its_last_turn():
    # nothing was lost: no victory points either side, a draw
    eng = run(apart(orders=[{"do": "end_turn"}, {"do": "end_turn"}]) | {"turns": 1})
    assert eng.state.game_over and eng.state.winner == "draw"
    assert result(eng)["winner"] is None and result(eng)["victory_points"] == {"1": 0, "2": 0}


def test_a_save_of_an_old_world_game_checks_out(tmp_path):
    eng = run(apart(gap=4.0, orders=[{"unit": "a", "do": "charge", "target": "b"},
                                     {"do": "end_turn"}, {"do": "end_turn"}]))
    path = tmp_path / "ow.jsonl"
    write_save(eng, path)
    res = check(path)
    assert res.ok and res.events == len(eng.log)


def test_the_shipped_map_plays_and_replays(tmp_path):
    sc = load_scenario(ROOT / "maps" / "old-world.toml")
    eng = Engine(sc, seed=7)
    eng.finish()
    # the dead move first; the Cold One Chariot and Knights test as the Druchii's turn starts
    while eng.pending_ask is not None:
        eng.answer_default()
    assert eng.execute(Order("end_turn")).ok
    assert ld_tests(eng, "stupidity")
    path = tmp_path / "map.jsonl"
    write_save(eng, path)
    assert check(path).ok

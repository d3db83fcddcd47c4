"""Savage: on its activation, two or more hits on the same model add one point of damage, once."""

from game.core import events as ev
from tests.support import b2b_pair, damage, events, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = [{"unit": "a", "do": "fight", "target": "b"}]


def game(dice, orders=FIGHT, a_ma=3, b_ma=1):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": a_ma, "DV": 9, "DT": 9}, rules=["Savage"])
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": b_ma, "DV": 9, "DT": 9})
    return run(scenario([a, b], orders, dice=dice))


def savage_points(eng):
    return sum(e.amount for e in events(eng, ev.DamageTaken) if e.source == "Savage")


def test_two_hits_on_the_same_model_add_one_point():
    # hits 5, 5, a miss 1; b's DS 1 misses: 2 + 1
    eng = game([5, 5, 1, 1])
    assert damage(eng, "b") == 3 and savage_points(eng) == 1


def test_three_hits_still_add_only_one_point():
    eng = game([5, 5, 5, 1])
    assert damage(eng, "b") == 4 and savage_points(eng) == 1


def test_one_hit_adds_nothing():
    eng = game([5, 1, 1, 1])
    assert damage(eng, "b") == 1 and savage_points(eng) == 0


def test_defensive_strike_hits_do_not_count():
    # b attacks the Savage model a and misses; a's two Defensive Strikes both hit: 2 damage.
    orders = [{"unit": "a", "do": "pass"}, {"unit": "b", "do": "fight", "target": "a"}]
    eng = game([1, 5, 5], orders=orders, a_ma=2)
    assert damage(eng, "b") == 2 and savage_points(eng) == 0


def test_once_per_model_across_two_models_of_the_unit():
    # A unit of two Savage models: a.1 hits b twice, a.2 hits b once. Each counts its own
    # hits: only a.1 mauls (2 + 1 + 1 = 4).
    a = {**unit("a", 1, 0, 0, 0, stats={"MAV": 4, "MA": 2, "DV": 9}, rules=["Savage"]),
         "models": 2, "positions": [[11.5, Y2, 0], [12.5, Y2, 0]]}
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 9})
    orders = [{"unit": "a.1", "do": "fight", "target": "b"},
              {"unit": "a.2", "do": "fight", "target": "b"}]
    eng = run(scenario([a, b], orders, dice=[5, 5, 5, 1, 1]))
    assert damage(eng, "b") == 4
    assert [(e.by, e.amount) for e in events(eng, ev.DamageTaken) if e.source == "Savage"] == [
        ("a.1", 1)]

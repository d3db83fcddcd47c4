"""Flame Attack: every model it hits becomes Burning."""

from tests.support import b2b_pair, run, scenario, unit

Y1, Y2 = b2b_pair()


def game(dice, orders, b_dt=5):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 5},
             rules=["Flame Attack"])
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": b_dt})
    return run(scenario([a, b], orders, dice=dice))


def test_a_hit_sets_the_target_burning():
    eng = game([5, 1], [{"unit": "a", "do": "fight", "target": "b"}])
    assert "burning" in eng.state.models["b"].conditions
    assert "burning" not in eng.state.models["a"].conditions


def test_a_miss_does_not():
    eng = game([4, 1], [{"unit": "a", "do": "fight", "target": "b"}])
    assert "burning" not in eng.state.models["b"].conditions


def test_a_defensive_strike_hit_sets_the_attacker_burning():
    orders = [{"unit": "a", "do": "pass"}, {"unit": "b", "do": "fight", "target": "a"}]
    eng = game([1, 5], orders)
    assert "burning" in eng.state.models["b"].conditions

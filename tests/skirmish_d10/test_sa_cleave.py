"""Cleave: +1 damage on a hit whose total is at least DV + 3."""

from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()


def duel(dice, a_stats=None, b_stats=None, orders=None):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": 2, "DV": 9, "DT": 6, **(a_stats or {})},
             rules=["Cleave"])
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 6, **(b_stats or {})})
    return run(scenario([a, b], orders or [{"unit": "a", "do": "fight", "target": "b"}],
                        dice=dice))


def test_three_over_dv_does_two_damage_two_over_does_one():
    # 4 + 8 = 12 = DV 9 + 3: 2 damage; 4 + 7 = 11: 1 damage. b's DS 1 misses.
    eng = duel([8, 7, 1])
    assert [r.total for r in rolls(eng, "attack")] == [12, 11]
    assert damage(eng, "b") == 3


def test_natural_ten_below_dv_is_no_cleave():
    # MAV 0 against DV 20: the natural 10 hits with total 10, far below DV + 3.
    eng = duel([10, 1, 1], a_stats={"MAV": 0}, b_stats={"DV": 20})
    assert rolls(eng, "attack")[0].outcome == "hit"
    assert damage(eng, "b") == 1


def test_defensive_strikes_cleave_too():
    # b attacks the Cleave model a and misses; a's Defensive Strikes: 4 + 9 = 13 (2 damage)
    # and 4 + 5 = 9 (1 damage).
    orders = [{"unit": "a", "do": "pass"}, {"unit": "b", "do": "fight", "target": "a"}]
    eng = duel([1, 9, 5], orders=orders)
    assert [r.total for r in rolls(eng, "defensive_strike")] == [13, 9]
    assert damage(eng, "b") == 3

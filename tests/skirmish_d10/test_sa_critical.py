"""Critical: +1 damage on a hit rolled with a natural 10; after a Focus, a natural 9 too."""

from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = {"unit": "a", "do": "fight", "target": "b"}


def duel(dice, orders, a_stats=None, b_stats=None):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": 2, "DV": 9, "DT": 6, **(a_stats or {})},
             rules=["Critical"])
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 6, **(b_stats or {})})
    return run(scenario([a, b], orders, dice=dice))


def test_natural_ten_does_two_damage_natural_nine_one():
    eng = duel([10, 9, 1], [FIGHT])
    assert [r.outcome for r in rolls(eng, "attack")] == ["hit", "hit"]
    assert damage(eng, "b") == 3


def test_after_focus_a_natural_nine_is_critical_too():
    # Focus: 9 + 4 + 1 = 14 hits for 2 damage; 8 + 4 + 1 = 13 hits for 1.
    eng = duel([9, 8, 1], [{"unit": "a", "do": "focus"}, FIGHT])
    assert [dict(r.modifiers).get("Focus") for r in rolls(eng, "attack")] == [1, 1]
    assert damage(eng, "b") == 3


def test_a_natural_nine_that_misses_does_nothing_even_after_focus():
    # MAV 0 against DV 20: 9 + 1 misses; only the natural 10 hits, for 2 damage.
    eng = duel([9, 10, 1], [{"unit": "a", "do": "focus"}, FIGHT], a_stats={"MAV": 0},
               b_stats={"DV": 20})
    assert [r.outcome for r in rolls(eng, "attack")] == ["miss", "hit"]
    assert damage(eng, "b") == 2


def test_defensive_strike_on_a_natural_ten():
    # b attacks a and misses; a's Defensive Strikes: natural 10 (2 damage), natural 9 (1).
    orders = [{"unit": "a", "do": "pass"}, {"unit": "b", "do": "fight", "target": "a"}]
    eng = duel([1, 10, 9], orders)
    assert [r.outcome for r in rolls(eng, "defensive_strike")] == ["hit", "hit"]
    assert damage(eng, "b") == 3

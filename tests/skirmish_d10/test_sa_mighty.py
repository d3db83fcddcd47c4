"""Mighty: 2 damage per hit; the extra points of Cleave and Critical add on top."""

from tests.support import b2b_pair, damage, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = [{"unit": "a", "do": "fight", "target": "b"}]


def duel(dice, rules, orders=FIGHT, a_ma=2):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": a_ma, "DV": 9, "DT": 9}, rules=rules)
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 9})
    return run(scenario([a, b], orders, dice=dice))


def test_each_hit_does_two_damage():
    # one hit (4 + 5), one miss (4 + 4): 2 damage
    eng = duel([5, 4, 1], ["Mighty"])
    assert damage(eng, "b") == 2


def test_two_hits_four_damage():
    eng = duel([5, 6, 1], ["Mighty"])
    assert damage(eng, "b") == 4


def test_with_cleave_three_damage():
    # 4 + 8 = 12 = DV + 3
    eng = duel([8, 1], ["Mighty", "Cleave"], a_ma=1)
    assert damage(eng, "b") == 3


def test_with_cleave_and_critical_four_damage():
    # natural 10: 4 + 10 = 14 >= DV + 3, so 2 (Mighty) + 1 (Cleave) + 1 (Critical)
    eng = duel([10, 1], ["Mighty", "Cleave", "Critical"], a_ma=1)
    assert damage(eng, "b") == 4


def test_defensive_strikes_do_two_damage():
    orders = [{"unit": "a", "do": "pass"}, {"unit": "b", "do": "fight", "target": "a"}]
    eng = duel([1, 5, 1], ["Mighty"], orders=orders)
    assert damage(eng, "b") == 2 and damage(eng, "a") == 0

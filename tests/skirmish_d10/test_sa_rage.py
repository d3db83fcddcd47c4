"""Rage: +1 MAV on the first attack against a model it charged this activation."""

from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
CHARGE = [{"unit": "a", "do": "charge", "target": "b"}, {"unit": "a", "do": "fight", "target": "b"}]


def game(dice, orders, a_y=Y2 + 3):
    a = unit("a", 1, 12, a_y, 0, stats={"MAV": 4, "MA": 2, "DV": 9}, rules=["Rage"])
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9})
    return run(scenario([a, b], orders, dice=dice))


def test_first_attack_after_a_charge_gets_plus_one():
    # 4 + 4 + 1 = 9 hits; the second attack 4 + 4 = 8 misses. b's DS 1 misses.
    eng = game([4, 4, 1], CHARGE)
    atk = rolls(eng, "attack")
    assert [dict(r.modifiers).get("Rage") for r in atk] == [1, None]
    assert [r.outcome for r in atk] == ["hit", "miss"]
    assert damage(eng, "b") == 1


def test_no_bonus_without_a_charge():
    eng = game([4, 4, 1], [{"unit": "a", "do": "fight", "target": "b"}], a_y=Y2)
    assert [r.outcome for r in rolls(eng, "attack")] == ["miss", "miss"]
    assert damage(eng, "b") == 0


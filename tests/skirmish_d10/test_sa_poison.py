"""Poison: an enemy it damages becomes Poisoned; Zombies are immune."""

import pytest

from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = [{"unit": "a", "do": "fight", "target": "b"}]


def game(dice, orders=FIGHT, b_keywords=(), b_rules=()):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 5}, rules=["Poison"])
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 5},
             keywords=list(b_keywords), rules=list(b_rules))
    return run(scenario([a, b], orders, dice=dice))


def test_damage_poisons():
    eng = game([5, 1])
    assert damage(eng, "b") == 1
    assert "poisoned" in eng.state.models["b"].conditions


def test_a_miss_does_not_poison():
    eng = game([4, 1])
    assert "poisoned" not in eng.state.models["b"].conditions


def test_a_hit_kept_off_by_tough_does_not_poison():
    # b on its last track (DT 1) survives the hit with a Tough roll of 6: no damage, no poison.
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": 1, "DV": 9}, rules=["Poison"])
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 1}, rules=["Tough"])
    eng = run(scenario([a, b], FIGHT, dice=[5, 1, 6]))
    assert damage(eng, "b") == 0 and eng.state.models["b"].status == "active"
    assert "poisoned" not in eng.state.models["b"].conditions


def test_defensive_strike_damage_poisons_too():
    orders = [{"unit": "a", "do": "pass"}, {"unit": "b", "do": "fight", "target": "a"}]
    # b misses; a's DS hits; b is Poisoned and, its activation ending, rolls at once: 7 ends it.
    eng = game([1, 5, 7], orders=orders)
    assert damage(eng, "b") == 1
    assert [(r.model, r.outcome) for r in rolls(eng, "poison")] == [("b", "poison ends")]


@pytest.mark.parametrize("keyword", ["Zombie", "zombie"])
def test_zombies_are_immune(keyword):
    eng = game([5, 1], b_keywords=[keyword])
    assert damage(eng, "b") == 1
    assert "poisoned" not in eng.state.models["b"].conditions

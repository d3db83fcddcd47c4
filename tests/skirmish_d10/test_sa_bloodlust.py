"""Bloodlust: +1 MAV on attacks and Defensive Strikes against a damaged model, never against a
Construct or an Undead."""

import pytest

from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHTS = [{"unit": "a", "do": "fight", "target": "b"},  # turn 1, a's activation
          {"unit": "b", "do": "fight", "target": "a"},  # turn 1, b's activation
          {"unit": "a", "do": "fight", "target": "b"}]  # turn 2, a's activation


def game(dice, b_keywords=(), orders=FIGHTS, a_ma=1):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": a_ma, "DV": 9, "DT": 5}, rules=["Bloodlust"])
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 5},
             keywords=list(b_keywords))
    return run(scenario([a, b], orders, dice=dice))


def mods(r):
    return dict(r.modifiers)


def test_bonus_on_attacks_and_defensive_strikes_once_the_target_is_damaged():
    # a's attack on the undamaged b: 4 + 5 = 9, a hit without any bonus; b's DS 1 misses.
    # b's attack 1 misses; a's DS on the damaged b: 4 + 4 + 1 = 9 hits (8 would miss).
    # Turn 2: a's attack 4 + 4 + 1 = 9 hits; b's DS 1 misses.
    eng = game([5, 1, 1, 4, 4, 1])
    first, third = rolls(eng, "attack")[0], rolls(eng, "attack")[2]
    ds = [r for r in rolls(eng, "defensive_strike") if r.model == "a"][0]
    assert "Bloodlust" not in mods(first) and first.total == 9
    assert mods(ds)["Bloodlust"] == 1 and ds.total == 9 and ds.outcome == "hit"
    assert mods(third)["Bloodlust"] == 1 and third.total == 9 and third.outcome == "hit"
    assert damage(eng, "b") == 3


@pytest.mark.parametrize("keyword", ["Construct", "Undead"])
def test_no_bonus_against_construct_or_undead(keyword):
    # Same dice as above: without the bonus a's DS (4 + 4 = 8) and its turn-2 attack miss.
    eng = game([5, 1, 1, 4, 4, 1], b_keywords=[keyword])
    ds = [r for r in rolls(eng, "defensive_strike") if r.model == "a"][0]
    third = rolls(eng, "attack")[2]
    assert "Bloodlust" not in mods(ds) and ds.total == 8 and ds.outcome == "miss"
    assert "Bloodlust" not in mods(third) and third.total == 8 and third.outcome == "miss"
    assert damage(eng, "b") == 1


def test_damage_still_waiting_for_step_5_does_not_count():
    # Both attacks of one Fight Action: the first hit's damage is applied only in step 5, so
    # the second attack (4 + 4 = 8) has no bonus and misses.
    eng = game([5, 4, 1], orders=FIGHTS[:1], a_ma=2)
    second = rolls(eng, "attack")[1]
    assert "Bloodlust" not in mods(second) and second.outcome == "miss"
    assert damage(eng, "b") == 1

"""Vengeful: hit during an enemy's Fight Action, +1 MAV on its Defensive Strikes for it."""

from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = [{"unit": "a", "do": "fight", "target": "b"}]


def game(dice, a_ma=1, b_ma=1):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": a_ma, "DV": 9, "DT": 5})
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": b_ma, "DV": 9, "DT": 5},
             rules=["Vengeful"])
    return run(scenario([a, b], FIGHT, dice=dice))


def test_hit_in_step_3_gives_plus_one_on_the_defensive_strikes():
    # a hits twice (5, 5); b's two Defensive Strikes roll 4: 4 + 4 + 1 = 9 hit (+1 once).
    eng = game([5, 5, 4, 4], a_ma=2, b_ma=2)
    ds = rolls(eng, "defensive_strike")
    assert [dict(r.modifiers).get("Vengeful") for r in ds] == [1, 1]
    assert [r.total for r in ds] == [9, 9]
    assert damage(eng, "a") == 2


def test_no_bonus_when_not_hit():
    eng = game([1, 4])
    (ds,) = rolls(eng, "defensive_strike")
    assert "Vengeful" not in dict(ds.modifiers) and ds.outcome == "miss"
    assert damage(eng, "a") == 0


def test_only_against_the_attacker_whose_fight_hit_it():
    # a.1 hits b, a.2 misses; b's Defensive Strikes (4 each): +1 against a.1 only.
    a = {**unit("a", 1, 0, 0, 0, stats={"MAV": 4, "MA": 1, "DV": 9}),
         "models": 2, "positions": [[11.5, Y2, 0], [12.5, Y2, 0]]}
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 2, "DV": 9, "DT": 5},
             rules=["Vengeful"])
    orders = [{"unit": "a.1", "do": "fight", "target": "b"},
              {"unit": "a.2", "do": "fight", "target": "b"}]
    eng = run(scenario([a, b], orders, dice=[5, 1, 4, 4]))
    ds = rolls(eng, "defensive_strike")
    assert [(r.against, r.total) for r in ds] == [("a.1", 9), ("a.2", 8)]
    assert damage(eng, "a.1") == 1 and damage(eng, "a.2") == 0

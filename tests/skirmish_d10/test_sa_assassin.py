"""Assassin: an enemy its hits destroy makes no Defensive Strikes at it and gets no Tough
roll."""

from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
S = 25.0 / 25.4
FIGHT = [{"unit": "a", "do": "fight", "target": "b"}]


def duel(dice, a_rules=("Assassin",), b_rules=(), b_dt=1, orders=FIGHT, a_y=Y2):
    a = unit("a", 1, 12, a_y, 0, stats={"MA": 1, "DT": 5}, rules=list(a_rules))
    b = unit("b", 2, 12, Y1, 180, stats={"MA": 2, "DT": b_dt}, rules=list(b_rules))
    return run(scenario([a, b], orders, dice=dice))


def test_a_killing_hit_gets_no_defensive_strikes_back():
    eng = duel([9])
    assert [r.purpose for r in rolls(eng)] == ["attack"]
    assert eng.state.models["b"].status == "destroyed" and damage(eng, "a") == 0


def test_without_assassin_the_destroyed_defender_still_strikes_back():
    eng = duel([9, 9, 9], a_rules=())
    assert len(rolls(eng, "defensive_strike")) == 2 and damage(eng, "a") == 2


def test_a_hit_that_does_not_destroy_leaves_the_strikes():
    eng = duel([9, 9, 1], b_dt=3)
    assert len(rolls(eng, "defensive_strike")) == 2 and damage(eng, "a") == 1


def test_no_tough_roll_against_the_assassins_killing_hit():
    eng = duel([9], b_rules=["Tough"])
    assert rolls(eng, "tough") == []
    assert eng.state.models["b"].status == "destroyed"


def test_tough_roll_without_assassin():
    # control: the same hit on a Tough model calls a Tough roll (6 keeps it).
    eng = duel([9, 1, 1, 6], a_rules=(), b_rules=["Tough"])
    assert len(rolls(eng, "tough")) == 1
    assert eng.state.models["b"].status == "active"


def test_a_first_strike_kill_also_denies_tough():
    orders = [{"unit": "a", "do": "charge", "target": "b"}, *FIGHT]
    eng = duel([9], a_rules=("Assassin", "First Strike"), b_rules=["Tough"], orders=orders,
               a_y=14)
    assert [r.purpose for r in rolls(eng)] == ["first_strike"]
    assert eng.state.models["b"].status == "destroyed"


def test_only_the_assassin_is_spared_the_strikes():
    # a.1 kills b, a.2 misses it: both b's Defensive Strikes go to a.2.
    a = unit("a", 1, 0, 0, stats={"MA": 1, "DT": 5}, rules=["Assassin"], models=2,
             positions=[[12, 12 + S, 0], [12 - S, 12, 90]])
    b = unit("b", 2, 12, 12, 180, stats={"MA": 2, "DT": 1})
    orders = [{"unit": "a.1", "do": "fight", "target": "b"},
              {"unit": "a.2", "do": "fight", "target": "b"}]
    eng = run(scenario([a, b], orders, dice=[9, 1, 9, 9]))
    assert [r.against for r in rolls(eng, "defensive_strike")] == ["a.2", "a.2"]
    assert damage(eng, "a.2") == 2 and damage(eng, "a.1") == 0

"""The Attack Check and the Defensive Strikes of the core melee, with scripted dice."""

from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()


def duel(dice, a_stats=None, b_stats=None, a_rules=(), b_rules=(), orders=None):
    a = unit("a", 1, 12, Y2, 0, stats=a_stats or {}, rules=list(a_rules))
    b = unit("b", 2, 12, Y1, 180, stats=b_stats or {}, rules=list(b_rules))
    orders = orders or [{"unit": "a", "do": "fight", "target": "b"}]
    return run(scenario([a, b], orders, dice=dice))


def test_total_equal_to_dv_hits():
    # MAV 4 + d10 5 = 9 = DV 9: hit. Second attack 4 + 4 = 8: miss. DS: 1 + 4 = 5 vs 9, 1: miss.
    eng = duel([5, 4, 1, 1], a_stats={"MA": 2}, b_stats={"MA": 2})
    atk = rolls(eng, "attack")
    assert [(r.total, r.target, r.outcome) for r in atk] == [(9, 9, "hit"), (8, 9, "miss")]
    assert damage(eng, "b") == 1 and damage(eng, "a") == 0


def test_natural_ten_always_hits():
    eng = duel([10, 1, 1], a_stats={"MAV": 0, "MA": 1}, b_stats={"DV": 20, "MA": 1})
    assert rolls(eng, "attack")[0].outcome == "hit"
    assert damage(eng, "b") == 1


def test_natural_one_is_not_an_automatic_miss():
    eng = duel([1, 1], a_stats={"MAV": 8, "MA": 1}, b_stats={"DV": 9, "MA": 1})
    assert rolls(eng, "attack")[0].total == 9
    assert rolls(eng, "attack")[0].outcome == "hit"


def test_defensive_strikes_are_attack_checks_against_the_attackers_dv():
    eng = duel([1, 6], a_stats={"MA": 1, "DV": 10}, b_stats={"MA": 1, "MAV": 4})
    ds = rolls(eng, "defensive_strike")
    assert len(ds) == 1 and ds[0].target == 10 and ds[0].total == 10 and ds[0].outcome == "hit"
    assert damage(eng, "a") == 1


def test_damage_is_simultaneous_so_a_destroyed_defender_still_strikes_back():
    # b has 1 damage track: a's hit would destroy it, yet b's Defensive Strike still happens.
    eng = duel([9, 9], a_stats={"MA": 1}, b_stats={"MA": 1, "DT": 1})
    assert [r.purpose for r in rolls(eng)] == ["attack", "defensive_strike"]
    assert damage(eng, "a") == 1
    assert eng.state.models["b"].status == "destroyed"


def test_stats_follow_the_damage_track():
    # a on its second track (1 damage) uses MAV 2 from [5, 2, 1].
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": [5, 2, 1], "MA": 1})
    b = unit("b", 2, 12, Y1, 180, stats={"MA": 1})
    first = run(scenario([a, b], [{"unit": "a", "do": "fight", "target": "b"}], dice=[9, 9]))
    assert damage(first, "a") == 1
    # second game turn: b activates (pass), then a fights again on track 2
    orders = [{"unit": "a", "do": "fight", "target": "b"}, {"unit": "b", "do": "pass"},
              {"unit": "a", "do": "fight", "target": "b"}]
    eng = run(scenario([a, b], orders, dice=[9, 9, 5, 1]))
    attacks = rolls(eng, "attack")
    assert [m for m in attacks[1].modifiers if m[0] == "MAV"] == [("MAV", 2)]

"""Pike: a charged model makes a Defensive First Strike at the charger, counted among its
Defensive Strikes; simultaneous with the charger's First Strike; not with Frenzy."""

from game.core import events as ev
from tests.support import b2b_pair, damage, events, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
S = 25.0 / 25.4
CHARGE = [{"unit": "a", "do": "charge", "target": "b"}, {"unit": "a", "do": "fight", "target": "b"}]


def charge(dice, a_rules=(), b_rules=("Pike",), a_stats=None, b_stats=None, orders=CHARGE):
    a_y = 14 if orders[0]["do"] == "charge" else Y2
    a = unit("a", 1, 12, a_y, 0, stats={"MA": 2, "DT": 3, **(a_stats or {})}, rules=list(a_rules))
    b = unit("b", 2, 12, 10, 180, stats={"MA": 2, "DT": 3, **(b_stats or {})},
             rules=list(b_rules))
    return run(scenario([a, b], orders, dice=dice))


def purposes(eng):
    return [r.purpose for r in rolls(eng)]


def test_pike_strikes_the_charger_before_it_attacks():
    # a has 1 track: the Pike strike (9 + 4 vs DV 9) destroys it; a never attacks.
    eng = charge([9], a_stats={"DT": 1})
    assert purposes(eng) == ["defensive_first_strike"]
    assert eng.state.models["a"].status == "destroyed"


def test_pike_damage_lowers_the_chargers_mav_before_its_attacks():
    eng = charge([9, 5, 5, 1], a_stats={"MAV": [4, 1, 1]})
    assert [r.total for r in rolls(eng, "attack")] == [6, 6]
    assert damage(eng, "b") == 0


def test_pike_strike_counts_among_the_defensive_strikes():
    # b MA 1: its only strike is the Pike strike, none left in step 4.
    eng = charge([1, 1, 1], b_stats={"MA": 1}, a_stats={"DT": 5})
    assert purposes(eng) == ["defensive_first_strike", "attack", "attack"]


def test_no_pike_strike_against_an_attacker_that_did_not_charge():
    eng = charge([1, 1, 1, 1], orders=[CHARGE[1]])
    assert purposes(eng) == ["attack", "attack", "defensive_strike", "defensive_strike"]


def test_pike_against_first_strike_is_simultaneous():
    eng = charge([9, 9], a_rules=["First Strike"], a_stats={"DT": 1}, b_stats={"DT": 1})
    assert purposes(eng) == ["first_strike", "defensive_first_strike"]
    assert eng.state.models["a"].status == "destroyed"
    assert eng.state.models["b"].status == "destroyed"


def test_no_pike_with_frenzy_strikes():
    # b takes 1 Frenzy Defensive Strike (answer 1): no Pike strike, three at -1 MAV.
    orders = [*CHARGE, {"do": "end_activation"}, {"answer": 1}]
    eng = charge([1, 1, 1, 1, 1], b_rules=["Pike", "Frenzy"], orders=orders, a_stats={"DT": 5})
    assert purposes(eng) == ["attack", "attack"] + ["defensive_strike"] * 3
    notes = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Pike"]
    assert notes == ["cannot be used with Frenzy"]


def two_chargers(b_ma, dice):
    a = {**unit("a", 1, 0, 0, stats={"MA": 1, "DT": 5}), "models": 2,
         "positions": [[12, 14, 0], [16, 10, 270]]}
    b = unit("b", 2, 12, 10, 180, stats={"MA": b_ma}, rules=["Pike"])
    orders = [{"unit": "a.1", "do": "charge", "target": "b"},
              {"unit": "a.2", "do": "charge", "target": "b"},
              {"unit": "a.1", "do": "fight", "target": "b"},
              {"unit": "a.2", "do": "fight", "target": "b"}]
    return run(scenario([a, b], orders, dice=dice))


def test_one_pike_strike_at_each_charger_within_the_pool():
    eng = two_chargers(2, [1, 1, 1, 1])
    first = rolls(eng, "defensive_first_strike")
    assert [r.against for r in first] == ["a.1", "a.2"]
    assert rolls(eng, "defensive_strike") == []


def test_pike_strikes_stop_when_the_pool_is_spent():
    eng = two_chargers(1, [1, 1, 1])
    assert [r.against for r in rolls(eng, "defensive_first_strike")] == ["a.1"]
    assert rolls(eng, "defensive_strike") == []
    assert len(rolls(eng, "attack")) == 2

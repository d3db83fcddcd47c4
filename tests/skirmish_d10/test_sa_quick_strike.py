"""Quick Strike: on a charge, one attack before the rest of the melee with its damage applied
first; a defender with First Strike or Pike makes its first Defensive Strike at the same time;
not from the Reach position."""

import pytest

from game.rulesets.skirmish_d10 import melee as melee_module
from game.rulesets.skirmish_d10 import ruleset as ruleset_module
from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
CHARGE = [{"unit": "a", "do": "charge", "target": "b"}, {"unit": "a", "do": "fight", "target": "b"}]


def charge(dice, a_rules=("Quick Strike",), b_rules=(), a_stats=None, b_stats=None,
           orders=CHARGE):
    a_y = 14 if orders[0]["do"] == "charge" else Y2
    a = unit("a", 1, 12, a_y, 0, stats={"MA": 2, "DT": 3, **(a_stats or {})}, rules=list(a_rules))
    b = unit("b", 2, 12, 10, 180, stats={"MA": 2, "DT": 3, **(b_stats or {})},
             rules=list(b_rules))
    return run(scenario([a, b], orders, dice=dice))


def purposes(eng):
    return [r.purpose for r in rolls(eng)]


def test_quick_strike_destroys_before_any_defensive_strike():
    eng = charge([9], b_stats={"DT": 1})
    assert purposes(eng) == ["quick_strike"]
    assert eng.state.models["b"].status == "destroyed" and damage(eng, "a") == 0


def test_quick_strike_is_one_of_the_attacks():
    eng = charge([9, 9], b_stats={"MA": 0, "DT": 5})
    assert purposes(eng) == ["quick_strike", "attack"]
    assert damage(eng, "b") == 2


def test_no_quick_strike_without_a_charge():
    eng = charge([1, 1, 1, 1], orders=[CHARGE[1]])
    assert purposes(eng) == ["attack", "attack", "defensive_strike", "defensive_strike"]


@pytest.mark.parametrize("defender_rule", ["First Strike", "Pike"])
def test_defenders_first_strike_goes_off_at_the_same_time(defender_rule):
    # Both 1 track, both hit with the first roll of the melee: both fall.
    eng = charge([9, 9], b_rules=[defender_rule], a_stats={"DT": 1}, b_stats={"DT": 1})
    assert purposes(eng) == ["quick_strike", "defensive_first_strike"]
    assert eng.state.models["a"].status == "destroyed"
    assert eng.state.models["b"].status == "destroyed"


@pytest.mark.parametrize("defender_rule", ["First Strike", "Pike"])
def test_the_simultaneous_defensive_strike_is_one_of_its_strikes(defender_rule):
    # b (MA 2) used one strike with the Quick Strike: one left after a's remaining attack.
    eng = charge([1, 1, 1, 1], b_rules=[defender_rule])
    assert purposes(eng) == ["quick_strike", "defensive_first_strike", "attack",
                             "defensive_strike"]


def test_quick_strike_damage_lands_before_the_defenders_ordinary_strikes():
    # b without First Strike or Pike: the Quick Strike takes it to MAV 0 before it strikes.
    eng = charge([9, 1, 5, 5], b_stats={"MAV": [4, 0, 0]})
    assert [r.total for r in rolls(eng, "defensive_strike")] == [5, 5]


def test_quick_strike_is_allowed_with_frenzy():
    # Unlike First Strike: one Frenzy attack, the first of the three is still a Quick Strike.
    orders = [CHARGE[0], {**CHARGE[1], "frenzy": 1}]
    eng = charge([1, 1, 1, 1, 1], a_rules=("Quick Strike", "Frenzy"), orders=orders)
    assert purposes(eng)[:3] == ["quick_strike", "attack", "attack"]


def test_no_quick_strike_from_the_reach_position(monkeypatch):
    real = melee_module.collect_fights

    def marked(state):
        fights = real(state)
        for f in fights:
            f.reach = True
        return fights

    monkeypatch.setattr(ruleset_module, "collect_fights", marked)
    eng = charge([1, 1, 1, 1])
    assert "quick_strike" not in purposes(eng)

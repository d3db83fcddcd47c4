"""First Strike: one attack (or, when charged, one Defensive Strike) before the rest of the
melee, its damage applied first; simultaneous against First Strike or Pike; never with Frenzy
or from the Reach position."""

import pytest

from game.rulesets.skirmish_d10 import melee as melee_module
from game.rulesets.skirmish_d10 import ruleset as ruleset_module
from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
CHARGE = [{"unit": "a", "do": "charge", "target": "b"}, {"unit": "a", "do": "fight", "target": "b"}]
FIGHT = [{"unit": "a", "do": "fight", "target": "b"}]


def charge(dice, a_rules=(), b_rules=(), a_stats=None, b_stats=None, orders=CHARGE):
    # a starts 4" below b and charges it (or starts in B2B); both MAV 4, DV 9.
    a_y = 14 if orders[0]["do"] == "charge" else Y2  # else already in B2B with b
    a = unit("a", 1, 12, a_y, 0, stats={"MA": 2, "DT": 3, **(a_stats or {})}, rules=list(a_rules))
    b = unit("b", 2, 12, 10, 180, stats={"MA": 2, "DT": 3, **(b_stats or {})},
             rules=list(b_rules))
    return run(scenario([a, b], orders, dice=dice))


def purposes(eng):
    return [r.purpose for r in rolls(eng) if "discipline" not in r.purpose]


def test_charger_strikes_first_and_a_destroyed_defender_never_strikes_back():
    # First Strike 9 + 4 = 13 hits b (1 track): b is destroyed before the attacks and the
    # Defensive Strikes, so a's second attack and b's two strikes never happen.
    eng = charge([9], a_rules=["First Strike"], b_stats={"DT": 1})
    assert purposes(eng) == ["first_strike"]
    assert eng.state.models["b"].status == "destroyed"
    assert damage(eng, "a") == 0


def test_without_first_strike_the_same_dice_let_the_defender_strike_back():
    eng = charge([9, 1, 9, 9], b_stats={"DT": 1})
    assert purposes(eng) == ["attack", "attack", "defensive_strike", "defensive_strike"]
    assert damage(eng, "a") == 2


def test_the_first_strike_is_one_of_the_models_attacks():
    # MA 2: one First Strike and one ordinary attack; both hit.
    eng = charge([9, 9], a_rules=["First Strike"], b_stats={"MA": 0, "DT": 5})
    assert purposes(eng) == ["first_strike", "attack"]
    assert damage(eng, "b") == 2


def test_first_strike_damage_lowers_the_defenders_stats_before_it_strikes_back():
    # b drops to its second track (MAV 1) before its Defensive Strikes.
    eng = charge([9, 1, 5, 5], a_rules=["First Strike"], b_stats={"MAV": [6, 1, 1]})
    ds = rolls(eng, "defensive_strike")
    assert [r.total for r in ds] == [6, 6]
    assert all(r.outcome == "miss" for r in ds)
    assert damage(eng, "a") == 0


def test_no_first_strike_without_a_charge():
    eng = charge([9, 9, 1, 1], a_rules=["First Strike"], orders=FIGHT,
                 b_stats={"DT": 5})
    assert purposes(eng) == ["attack", "attack", "defensive_strike", "defensive_strike"]


def test_charged_model_makes_a_defensive_first_strike():
    # a (1 track) charges b; b's Defensive First Strike 9 + 4 hits DV 9: a is destroyed
    # before it attacks.
    eng = charge([9], b_rules=["First Strike"], a_stats={"DT": 1})
    assert purposes(eng) == ["defensive_first_strike"]
    assert eng.state.models["a"].status == "destroyed"
    assert damage(eng, "b") == 0


def test_the_defensive_first_strike_is_one_of_its_defensive_strikes():
    # b has MA 2: one Defensive First Strike, then a single ordinary Defensive Strike.
    eng = charge([1, 1, 1, 1], b_rules=["First Strike"], a_stats={"DT": 5})
    assert purposes(eng) == ["defensive_first_strike", "attack", "attack", "defensive_strike"]


def test_first_strike_against_first_strike_is_simultaneous():
    # Both have 1 track and both first strikes hit: both fall (one-sided order would have
    # destroyed b before its strike).
    eng = charge([9, 9], a_rules=["First Strike"], b_rules=["First Strike"],
                 a_stats={"DT": 1}, b_stats={"DT": 1})
    assert purposes(eng) == ["first_strike", "defensive_first_strike"]
    assert eng.state.models["a"].status == "destroyed"
    assert eng.state.models["b"].status == "destroyed"


def test_first_strike_against_pike_is_simultaneous():
    eng = charge([9, 9], a_rules=["First Strike"], b_rules=["Pike"],
                 a_stats={"DT": 1}, b_stats={"DT": 1})
    assert purposes(eng) == ["first_strike", "defensive_first_strike"]
    assert eng.state.models["a"].status == "destroyed"
    assert eng.state.models["b"].status == "destroyed"


def test_simultaneous_first_strikes_then_the_rest_of_the_melee():
    # Both first strikes miss; then a's one remaining attack and b's one remaining strike.
    eng = charge([1, 1, 1, 1], a_rules=["First Strike"], b_rules=["First Strike"])
    assert purposes(eng) == ["first_strike", "defensive_first_strike", "attack",
                             "defensive_strike"]


def test_no_first_strike_with_frenzy():
    # a takes one Frenzy attack: no First Strike; MA 2 + 1 ordinary attacks at -1 MAV.
    orders = [CHARGE[0], {**CHARGE[1], "frenzy": 1}]
    eng = charge([1, 1, 1, 1, 1], a_rules=["First Strike", "Frenzy"], orders=orders,
                 b_stats={"DT": 5})
    assert purposes(eng) == ["attack"] * 3 + ["defensive_strike"] * 2
    assert all(("Frenzy", -1) in r.modifiers for r in rolls(eng, "attack"))


def test_no_defensive_first_strike_with_frenzy():
    # b answers 1 Frenzy Defensive Strike: no Defensive First Strike, 3 strikes at -1.
    orders = [*CHARGE, {"do": "end_activation"}, {"answer": 1}]
    eng = charge([1, 1, 1, 1, 1], b_rules=["First Strike", "Frenzy"], orders=orders,
                 a_stats={"DT": 5})
    assert purposes(eng) == ["attack", "attack"] + ["defensive_strike"] * 3


@pytest.fixture
def reach_fights(monkeypatch):
    """Mark every declared fight as made from the Reach position (what the Reach rule does)."""
    real = melee_module.collect_fights

    def marked(state):
        fights = real(state)
        for f in fights:
            f.reach = True
        return fights

    monkeypatch.setattr(ruleset_module, "collect_fights", marked)


def test_no_first_strike_from_the_reach_position(reach_fights):
    eng = charge([9, 9, 1, 1], a_rules=["First Strike"], b_stats={"DT": 5})
    assert purposes(eng)[:2] == ["attack", "attack"]
    assert "first_strike" not in purposes(eng)


def test_no_defensive_first_strike_at_a_reach_attacker(reach_fights):
    eng = charge([1, 1, 1, 1], b_rules=["First Strike"], a_stats={"DT": 5})
    assert "defensive_first_strike" not in purposes(eng)


def test_charging_into_the_reach_position_gives_no_first_strike():
    # With the Reach rule itself: a charges b, stops behind its friend f and strikes over it
    # with its single Reach attack, an ordinary one; b's strikes can only reach f.
    s = 25.0 / 25.4
    a = unit("a", 1, 12, 15, 0, stats={"MA": 2}, rules=["First Strike", "Reach"])
    f = unit("f", 1, 12, 10 + s, 0, stats={"MA": 0})
    b = unit("b", 2, 12, 10, 180, stats={"MA": 2}, rules=["First Strike"])
    eng = run(scenario([a, f, b], CHARGE, dice=[9, 1, 1]))
    assert purposes(eng) == ["attack", "defensive_strike", "defensive_strike"]
    assert [r.against for r in rolls(eng, "defensive_strike")] == ["f", "f"]
    assert damage(eng, "b") == 1

"""Martyr: +2 MAV for the fight, then the model gives up its remaining tracks and leaves the
table before anyone can strike back; never without an order or an answer."""

from game.core import events as ev
from game.rulesets.skirmish_d10.ruleset import damage_by_side
from tests.support import b2b_pair, damage, events, refusal, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = {"unit": "a", "do": "fight", "target": "b"}


def duel(dice, orders):
    a = unit("a", 1, 12, Y2, 0, stats={"MA": 2, "MAV": 4, "DT": 3}, rules=["Martyr"])
    b = unit("b", 2, 12, Y1, 180, stats={"MA": 2, "DV": 11, "DT": 5})
    c = unit("c", 1, 2, 2, 0)  # keeps side 1 in the game
    return run(scenario([a, b, c], orders, dice=dice))


def test_ordered_martyr_attacks_at_plus_two_then_falls_unanswered():
    # 5 + 4 + 2 = 11 hits DV 11 twice; then a is gone: b makes no Defensive Strike.
    eng = duel([5, 5], [{**FIGHT, "martyr": True}])
    atk = rolls(eng, "attack")
    assert [r.total for r in atk] == [11, 11] and all(r.outcome == "hit" for r in atk)
    assert damage(eng, "b") == 2
    assert rolls(eng, "defensive_strike") == []
    a = eng.state.models["a"]
    assert a.status == "destroyed" and a.damage == 3


def test_the_sacrifice_scores_nothing_for_the_enemy():
    eng = duel([1, 1], [{**FIGHT, "martyr": True}])
    assert damage_by_side(eng.state)[2] == 0


def test_by_default_there_is_no_sacrifice():
    eng = duel([5, 5, 1, 1], [FIGHT])
    (q,) = [e for e in events(eng, ev.DecisionRequested) if e.kind == "martyr"]
    assert q.default is False and q.side == 1
    assert [r.total for r in rolls(eng, "attack")] == [9, 9]
    assert len(rolls(eng, "defensive_strike")) == 2
    assert eng.state.models["a"].status == "active"


def test_the_decision_can_be_answered_yes():
    eng = duel([5, 5], [FIGHT, {"do": "end_activation"}, {"answer": True}])
    assert [r.total for r in rolls(eng, "attack")] == [11, 11]
    assert eng.state.models["a"].status == "destroyed"


def test_martyr_false_on_the_order_asks_nothing():
    eng = duel([1, 1, 1, 1], [{**FIGHT, "martyr": False}])
    assert [e for e in events(eng, ev.DecisionRequested) if e.kind == "martyr"] == []
    assert eng.state.models["a"].status == "active"


def test_the_martyr_key_wants_true_or_false():
    a = unit("a", 1, 12, Y2, 0, rules=["Martyr"])
    b = unit("b", 2, 12, Y1, 180)
    assert "true or false" in refusal(scenario([a, b], [{**FIGHT, "martyr": "yes"}]))

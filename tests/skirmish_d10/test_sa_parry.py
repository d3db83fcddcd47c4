"""Parry: the defender gives up Defensive Strikes before any roll, +1 DV for each; not with
Frenzy."""

from game.core import events as ev
from tests.support import b2b_pair, events, refusal, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = [{"unit": "a", "do": "fight", "target": "b"}]


def duel(dice, answers=(), b_rules=("Parry",), b_stats=None, a_ma=1):
    a = unit("a", 1, 12, Y2, 0, stats={"MA": a_ma, "DT": 5})
    b = unit("b", 2, 12, Y1, 180, stats={"MA": 2, "DV": 9, **(b_stats or {})},
             rules=list(b_rules))
    orders = [*FIGHT, {"do": "end_activation"}, *({"answer": x} for x in answers)]
    return run(scenario([a, b], orders, dice=dice))


def asked(eng, kind):
    return [e for e in events(eng, ev.DecisionRequested) if e.kind == kind]


def test_parrying_one_strike_raises_dv_by_one_and_leaves_one_strike():
    # 5 + 4 = 9 would hit DV 9, misses DV 10; b has 1 Defensive Strike left.
    eng = duel([5, 1], answers=[1])
    (atk,) = rolls(eng, "attack")
    assert atk.target == 10 and atk.outcome == "miss"
    assert len(rolls(eng, "defensive_strike")) == 1


def test_parrying_every_strike():
    eng = duel([6], answers=[2])
    assert rolls(eng, "attack")[0].target == 11 and rolls(eng, "attack")[0].outcome == "miss"
    assert rolls(eng, "defensive_strike") == []


def test_the_default_is_not_to_parry():
    eng = duel([5, 1, 1])
    (q,) = asked(eng, "parry")
    assert q.model == "b" and q.side == 2 and q.default == 0 and q.options == (0, 1, 2)
    assert rolls(eng, "attack")[0].target == 9 and rolls(eng, "attack")[0].outcome == "hit"
    assert len(rolls(eng, "defensive_strike")) == 2


def test_parry_is_declared_before_any_roll():
    eng = run(scenario(
        [unit("a", 1, 12, Y2, 0, stats={"MA": 1}),
         unit("b", 2, 12, Y1, 180, stats={"MA": 2}, rules=["Parry"])],
        [*FIGHT, {"do": "end_activation"}, {"answer": 1}], dice=[5, 1]))
    kinds = [type(e).__name__ for e in eng.log
             if isinstance(e, ev.DecisionRequested | ev.DiceRolled)]
    assert kinds[0] == "DecisionRequested"


def test_parry_dv_holds_for_every_attack_in_the_melee():
    eng = duel([5, 5], answers=[2], a_ma=2)
    assert [r.target for r in rolls(eng, "attack")] == [11, 11]


def test_no_question_without_defensive_strikes_to_give():
    eng = duel([5], b_stats={"MA": 0})
    assert asked(eng, "parry") == []


def test_the_attacker_cannot_choose_for_the_defender():
    a = unit("a", 1, 12, Y2, 0)
    b = unit("b", 2, 12, Y1, 180, rules=["Parry"])
    msg = refusal(scenario([a, b], [{**FIGHT[0], "parry": 1}]))
    assert 'no key "parry"' in msg


def test_no_parry_with_frenzy():
    # b answers 1 extra Frenzy strike: Parry is not offered; DV stays 9, 3 strikes.
    eng = duel([5, 1, 1, 1], answers=[1], b_rules=("Parry", "Frenzy"))
    assert asked(eng, "parry") == []
    assert rolls(eng, "attack")[0].target == 9
    assert len(rolls(eng, "defensive_strike")) == 3


def test_parry_reduces_the_strikes_left_for_a_pike():
    # b (MA 1) parries its only strike: no Pike strike against the charger.
    a = unit("a", 1, 12, 14, 0, stats={"MA": 1, "DT": 5})
    b = unit("b", 2, 12, 10, 180, stats={"MA": 1}, rules=["Parry", "Pike"])
    orders = [{"unit": "a", "do": "charge", "target": "b"}, *FIGHT, {"do": "end_activation"},
              {"answer": 1}]
    eng = run(scenario([a, b], orders, dice=[5]))
    assert [r.purpose for r in rolls(eng)] == ["attack"]
    assert rolls(eng, "attack")[0].target == 10

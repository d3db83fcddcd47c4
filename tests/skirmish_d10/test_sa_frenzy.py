"""Frenzy: up to MA extra attacks or Defensive Strikes, -1 MAV per extra one on all the model's
Attack Checks; chosen on the fight order or by a decision whose default is none."""

from game.core import events as ev
from tests.support import b2b_pair, damage, events, refusal, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = {"unit": "a", "do": "fight", "target": "b"}


def duel(dice, orders, a_rules=("Frenzy",), b_rules=(), a_ma=2, b_ma=0):
    a = unit("a", 1, 12, Y2, 0, stats={"MA": a_ma, "MAV": 4, "DT": 5}, rules=list(a_rules))
    b = unit("b", 2, 12, Y1, 180, stats={"MA": b_ma, "MAV": 4, "DT": 9}, rules=list(b_rules))
    return run(scenario([a, b], orders, dice=dice))


def asked(eng, kind):
    return [e for e in events(eng, ev.DecisionRequested) if e.kind == kind]


def test_ordered_frenzy_doubles_the_attacks_at_minus_two():
    # 4 attacks at MAV 4 - 2: 7 + 2 = 9 hits, 6 + 2 = 8 misses.
    eng = duel([7, 6, 7, 7], [{**FIGHT, "frenzy": 2}])
    atk = rolls(eng, "attack")
    assert len(atk) == 4
    assert all(("Frenzy", -2) in r.modifiers for r in atk)
    assert [r.outcome for r in atk] == ["hit", "miss", "hit", "hit"]
    assert damage(eng, "b") == 3
    assert asked(eng, "frenzy") == []


def test_the_order_is_recorded_for_replays():
    eng = duel([1, 1, 1], [{**FIGHT, "frenzy": 1}])
    flags = [e for e in events(eng, ev.FlagSet) if e.flag == "fight.frenzy"]
    assert [(f.model, f.scope, f.value) for f in flags] == [("a", "activation", 1)]


def test_without_an_order_the_default_is_no_frenzy():
    eng = duel([1, 1], [FIGHT])
    (q,) = asked(eng, "frenzy")
    assert q.default == 0 and q.options == (0, 1, 2) and q.side == 1
    atk = rolls(eng, "attack")
    assert len(atk) == 2 and all(m[0] != "Frenzy" for r in atk for m in r.modifiers)


def test_the_decision_can_be_answered():
    eng = duel([1, 1, 1], [FIGHT, {"do": "end_activation"}, {"answer": 1}])
    atk = rolls(eng, "attack")
    assert len(atk) == 3 and all(r.total == 1 + 4 - 1 for r in atk)


def test_frenzied_defender_doubles_its_defensive_strikes():
    # a (no Frenzy) attacks once; b answers 2: 4 Defensive Strikes at 4 - 2.
    eng = duel([1, 7, 6, 7, 7], [FIGHT, {"do": "end_activation"}, {"answer": 2}],
               a_rules=(), b_rules=("Frenzy",), a_ma=1, b_ma=2)
    ds = rolls(eng, "defensive_strike")
    assert [r.total for r in ds] == [9, 8, 9, 9]
    assert damage(eng, "a") == 3


def test_no_question_when_the_defender_has_no_strikes():
    eng = duel([1], [FIGHT], a_rules=(), b_rules=("Frenzy",), a_ma=1, b_ma=0)
    assert asked(eng, "frenzy") == []


def test_more_than_twice_the_attacks_is_refused():
    a = unit("a", 1, 12, Y2, 0, stats={"MA": 2}, rules=["Frenzy"])
    b = unit("b", 2, 12, Y1, 180)
    msg = refusal(scenario([a, b], [{**FIGHT, "frenzy": 3}]))
    assert "at most 2" in msg


def test_frenzy_key_needs_the_rule():
    a = unit("a", 1, 12, Y2, 0)
    b = unit("b", 2, 12, Y1, 180)
    msg = refusal(scenario([a, b], [{**FIGHT, "frenzy": 1}]))
    assert "Frenzy" in msg and "does not have" in msg


def test_unknown_fight_keys_are_refused_with_the_known_ones():
    a = unit("a", 1, 12, Y2, 0, rules=["Frenzy"])
    b = unit("b", 2, 12, Y1, 180)
    msg = refusal(scenario([a, b], [{**FIGHT, "frenzi": 1}]))
    assert 'no key "frenzi"' in msg and "frenzy" in msg and "martyr" in msg

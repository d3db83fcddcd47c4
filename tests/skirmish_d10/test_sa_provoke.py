"""Provoke: a model hit by a provoker spends all its Defensive Strikes on it; hit by several,
its controller shares them among the provokers (a decision)."""

from game.core import events as ev
from game.core.commands import Answer
from tests.support import events, rolls, run, scenario, unit

S = 25.0 / 25.4


def melee(dice, n=2, orders_tail=(), finish=True, b_ma=2):
    spots = [[12, 12 + S, 0], [12 - S, 12, 90], [12 + S, 12, 270]][:n]
    a = unit("a", 1, 0, 0, stats={"MA": 1, "DT": 5}, rules=["Provoke"], models=n,
             positions=spots)
    b = unit("b", 2, 12, 12, 180, stats={"MA": b_ma, "DT": 5})
    orders = [{"unit": f"a.{i}", "do": "fight", "target": "b"} for i in range(1, n + 1)]
    return run(scenario([a, b], [*orders, *orders_tail], dice=dice), finish=finish)


def asked(eng, kind):
    return [e for e in events(eng, ev.DecisionRequested) if e.kind == kind]


def test_every_strike_goes_to_the_one_provoker_that_hit():
    # a.1 hits, a.2 misses: both strikes at a.1 (the plain default would be a.1, a.2).
    eng = melee([9, 1, 1, 1])
    assert [r.against for r in rolls(eng, "defensive_strike")] == ["a.1", "a.1"]
    assert asked(eng, "defensive_strikes") == [] and asked(eng, "provoke") == []


def test_a_provoker_that_missed_does_not_provoke():
    # only a.2 hits: both strikes at a.2.
    eng = melee([1, 9, 1, 1])
    assert [r.against for r in rolls(eng, "defensive_strike")] == ["a.2", "a.2"]


def test_several_provokers_share_by_default_in_attack_order():
    eng = melee([9, 9, 1, 1])
    (q,) = asked(eng, "provoke")
    assert q.side == 2 and list(q.default) == ["a.1", "a.2"]
    assert [r.against for r in rolls(eng, "defensive_strike")] == ["a.1", "a.2"]


def test_several_provokers_the_controller_chooses():
    eng = melee([9, 9, 1, 1], orders_tail=[{"do": "end_activation"}, {"answer": ["a.2", "a.2"]}])
    assert [r.against for r in rolls(eng, "defensive_strike")] == ["a.2", "a.2"]


def test_strikes_may_not_go_to_an_attacker_that_did_not_provoke():
    # a.1 and a.2 hit, a.3 misses: a strike at a.3 is refused.
    eng = melee([9, 9, 1], n=3, orders_tail=[{"do": "end_activation"}], finish=False, b_ma=2)
    assert asked(eng, "provoke")
    out = eng.execute(Answer(["a.3"]))
    assert not out.ok and "a.3" in str(out.refusal)

"""Demoralize: at the end of an activation in which it killed an enemy, the other enemies in
B2B with it take a Discipline Check or become Shaken."""

from game.core import events as ev
from tests.support import events, rolls, run, scenario, unit

S = 25.0 / 25.4
CHECK = "discipline_check (Demoralize)"


def melee(dice, a_dt=3, b_ma=0, orders=None):
    # a in the middle; b in front of it (the victim), c at its right side, d far away.
    a = unit("a", 1, 12, 12, 0, stats={"MA": 1, "DT": a_dt}, rules=["Demoralize"])
    b = unit("b", 2, 12, 12 - S, 180, stats={"MA": b_ma, "DT": 1})
    c = unit("c", 2, 12 + S, 12, 270, stats={"MA": 0, "DIS": 5})
    d = unit("d", 2, 20, 20, 0, stats={"DIS": 5})
    orders = orders or [{"unit": "a", "do": "fight", "target": "b"}]
    return run(scenario([a, b, c, d], orders, dice=dice))


def test_a_kill_shakes_the_other_enemy_in_contact_that_fails():
    eng = melee([9, 4])
    (chk,) = rolls(eng, CHECK)
    assert chk.model == "c" and chk.total == 9 and chk.outcome == "fail"
    assert "shaken" in eng.state.models["c"].conditions
    assert "shaken" not in eng.state.models["d"].conditions


def test_a_passed_check_leaves_it_steady():
    eng = melee([9, 5])
    assert rolls(eng, CHECK)[0].outcome == "pass"
    assert "shaken" not in eng.state.models["c"].conditions


def test_no_check_without_a_kill():
    eng = melee([1])
    assert rolls(eng, CHECK) == []


def test_the_check_comes_at_the_end_of_the_activation():
    eng = melee([9, 4])
    log = eng.log
    removed = next(i for i, e in enumerate(log) if isinstance(e, ev.StatusChanged)
                   and e.model == "b")
    check = next(i for i, e in enumerate(log) if isinstance(e, ev.DiceRolled)
                 and e.purpose == CHECK)
    ended = next(i for i, e in enumerate(log) if isinstance(e, ev.ActivationEnded))
    assert removed < check < ended


def test_no_check_if_the_demoralizer_fell_in_the_same_melee():
    # b strikes back and destroys a (1 track) while dying.
    eng = melee([9, 9], a_dt=1, b_ma=1)
    assert eng.state.models["a"].status == "destroyed"
    assert rolls(eng, CHECK) == []


def test_a_kill_by_defensive_strike_counts():
    # a passes its activation; b attacks a and misses; a's strike kills b: c checks.
    orders = [{"unit": "a", "do": "pass"}, {"unit": "b", "do": "fight", "target": "a"}]
    eng = melee([1, 9, 4], b_ma=1, orders=orders)
    assert eng.state.models["b"].status == "destroyed"
    assert [r.model for r in rolls(eng, CHECK)] == ["c"]
    assert "shaken" in eng.state.models["c"].conditions
    shaken = [e for e in events(eng, ev.ConditionAdded) if e.condition == "shaken"]
    assert [e.source for e in shaken] == ["Demoralize"]

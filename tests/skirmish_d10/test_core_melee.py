"""Support, the shared Defensive Strike pool, Tough, and damage tracks in the Contact Zone."""

from game.core import events as ev
from tests.support import damage, events, rolls, run, scenario, unit

S = 25.0 / 25.4  # a standard base, in inches


def test_support_needs_three_friends_in_contact_and_gives_exactly_one():
    # Three side-1 models touch b (back, left, right); the one that fights gets +1 Support
    # even though the other two do not attack.
    b = unit("b", 2, 12, 12, 0, stats={"MA": 0})
    a1 = unit("a1", 1, 12, 12 + S, 0, stats={"MA": 1})
    a2 = unit("a2", 1, 12 - S, 12, 90, stats={"MA": 1})
    a3 = unit("a3", 1, 12 + S, 12, 270, stats={"MA": 1})
    orders = [{"unit": "a1", "do": "fight", "target": "b"}]
    eng = run(scenario([b, a1, a2, a3], orders, dice=[5]))
    (r,) = rolls(eng, "attack")
    assert ("Support", 1) in r.modifiers and r.total == 5 + 4 + 1


def test_no_support_with_only_two_in_contact():
    b = unit("b", 2, 12, 12, 0, stats={"MA": 0})
    a1 = unit("a1", 1, 12, 12 + S, 0, stats={"MA": 1})
    a2 = unit("a2", 1, 12 - S, 12, 90, stats={"MA": 1})
    eng = run(scenario([b, a1, a2], [{"unit": "a1", "do": "fight", "target": "b"}], dice=[5]))
    (r,) = rolls(eng, "attack")
    assert all(src != "Support" for src, _ in r.modifiers) and r.total == 9


def test_support_never_applies_to_defensive_strikes():
    # Three side-2 models touch a1; a1 attacks b only, b strikes back: b has two friends
    # touching a1 as well, but Defensive Strikes never get Support.
    a = unit("a", 1, 12, 12, 0, stats={"MA": 1})
    b = unit("b", 2, 12, 12 - S, 180, stats={"MA": 1})
    c = unit("c", 2, 12 - S, 12, 90, stats={"MA": 0})
    d = unit("d", 2, 12 + S, 12, 270, stats={"MA": 0})
    eng = run(scenario([a, b, c, d], [{"unit": "a", "do": "fight", "target": "b"}], dice=[1, 5]))
    (ds,) = rolls(eng, "defensive_strike")
    assert all(src != "Support" for src, _ in ds.modifiers) and ds.total == 9


def test_defensive_strike_pool_is_shared_between_attackers_round_robin():
    # b (MA 3) is attacked by a1 then a2: its 3 Defensive Strikes go a1, a2, a1 by default.
    b = unit("b", 2, 12, 12, 0, stats={"MA": 3})
    a = unit("a", 1, 0, 0, stats={"MA": 1}, models=2,
             positions=[[12, 12 - S, 180], [12 - S, 12, 90]])
    orders = [{"unit": "a.1", "do": "fight", "target": "b"},
              {"unit": "a.2", "do": "fight", "target": "b"}]
    eng = run(scenario([b, a], orders, dice=[1, 1, 1, 1, 1]))
    ds = rolls(eng, "defensive_strike")
    assert [r.against for r in ds] == ["a.1", "a.2", "a.1"]
    # the pool is b's MA, not MA per attacker
    assert len(ds) == 3


def test_defensive_strike_allocation_can_be_answered():
    b = unit("b", 2, 12, 12, 0, stats={"MA": 2})
    a = unit("a", 1, 0, 0, stats={"MA": 1}, models=2,
             positions=[[12, 12 - S, 180], [12 - S, 12, 90]])
    orders = [{"unit": "a.1", "do": "fight", "target": "b"},
              {"unit": "a.2", "do": "fight", "target": "b"},
              {"do": "end_activation"}, {"answer": ["a.2", "a.2"]}]
    eng = run(scenario([b, a], orders, dice=[1, 1, 9, 9]))
    assert [r.against for r in rolls(eng, "defensive_strike")] == ["a.2", "a.2"]
    assert damage(eng, "a.2") == 2 and damage(eng, "a.1") == 0


def test_tough_rolls_once_per_point_that_would_destroy():
    # b: DT 2, already safe for 1 point. Two hits of a (MA 2) = 2 damage: the first is kept,
    # the second would destroy it: Tough roll 6 keeps it on its last track.
    a = unit("a", 1, 12, 12 + S, 0, stats={"MA": 2, "MAV": 6})
    b = unit("b", 2, 12, 12, 180, stats={"MA": 0, "DT": 2}, rules=["Tough"])
    eng = run(scenario([a, b], [{"unit": "a", "do": "fight", "target": "b"}], dice=[5, 5, 6]))
    tough = rolls(eng, "tough")
    assert [(r.faces, r.outcome) for r in tough] == [((6,), "stays")]
    assert damage(eng, "b") == 1 and eng.state.models["b"].status == "active"


def test_tough_failure_destroys():
    a = unit("a", 1, 12, 12 + S, 0, stats={"MA": 3, "MAV": 6})
    b = unit("b", 2, 12, 12, 180, stats={"MA": 0, "DT": 2}, rules=["Tough"])
    # 3 hits: 1 kept, then a roll for each point that would destroy: 6 (stays), 5 (falls)
    eng = run(scenario([a, b], [{"unit": "a", "do": "fight", "target": "b"}],
                       dice=[5, 5, 5, 6, 5]))
    assert [r.outcome for r in rolls(eng, "tough")] == ["stays", "falls"]
    assert eng.state.models["b"].status == "destroyed"
    assert eng.state.winner == 1


def test_without_tough_the_extra_damage_destroys_without_a_roll():
    a = unit("a", 1, 12, 12 + S, 0, stats={"MA": 2, "MAV": 6})
    b = unit("b", 2, 12, 12, 180, stats={"MA": 0, "DT": 2})
    eng = run(scenario([a, b], [{"unit": "a", "do": "fight", "target": "b"}], dice=[5, 5]))
    assert rolls(eng, "tough") == []
    assert eng.state.models["b"].status == "destroyed"
    destroyed = [e for e in events(eng, ev.StatusChanged) if e.status == "destroyed"]
    assert destroyed[0].by == "a"


def test_destroyed_model_is_removed_and_cannot_act():
    a = unit("a", 1, 12, 12 + S, 0, stats={"MA": 1, "MAV": 6})
    b = unit("b", 2, 12, 12, 180, stats={"MA": 0, "DT": 1})
    c = unit("c", 2, 2, 2, 180)
    data = scenario([a, b, c], [{"unit": "a", "do": "fight", "target": "b"},
                                {"unit": "b", "do": "pass"}], dice=[5])
    from tests.support import refusal

    assert "destroyed" in refusal(data)


def test_a_defensive_strike_answer_must_spend_the_whole_pool():
    b = unit("b", 2, 12, 12, 0, stats={"MA": 2})
    a = unit("a", 1, 0, 0, stats={"MA": 1}, models=2,
             positions=[[12, 12 - S, 180], [12 - S, 12, 90]])
    from game.core.commands import Answer
    from game.core.engine import Engine
    from game.core.scenario import check_scenario

    eng = Engine(check_scenario(scenario([b, a], [
        {"unit": "a.1", "do": "fight", "target": "b"},
        {"unit": "a.2", "do": "fight", "target": "b"}], dice=[1, 1, 9, 9]), "t"))
    from tests.support import command_from_dict

    for raw in ({"unit": "a.1", "do": "fight", "target": "b"},
                {"unit": "a.2", "do": "fight", "target": "b"}, {"do": "end_activation"}):
        assert eng.execute(command_from_dict(raw)).ok
    short = eng.execute(Answer(["a.1"]))
    assert not short.ok and "give 2 attacker names" in str(short.refusal)
    assert eng.execute(Answer(["a.1", "a.1"])).ok

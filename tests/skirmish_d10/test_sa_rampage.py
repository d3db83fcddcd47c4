"""Rampage: after its own Fight Action destroys the enemy it hit, one free attack on another
enemy in B2B (or after a free move of up to 2"), one Defensive Strike against it, no chaining."""

import pytest

from game.core import events as ev
from game.physics.movement import TARGET_GAP
from tests.support import damage, events, rolls, run, scenario, unit

S = 25 / 25.4


def rampager(**stats):
    st = {"MA": 1}
    st.update(stats)
    return unit("r", 1, 12, 12, 0, rules=["Rampage"], stats=st)


def victim(**stats):  # in front of r, one damage track
    st = {"MA": 1, "DT": 1}
    st.update(stats)
    return unit("e1", 2, 12, 12 - S, 180, stats=st)


FIGHT = [{"unit": "r", "do": "fight", "target": "e1"}]


def test_free_attack_on_the_next_enemy_with_one_strike_back():
    # e1 dies (4 + 6 vs DV 9); r then attacks e2 on its right; e2 has MA 3 but strikes back once
    units = [rampager(), victim(), unit("e2", 2, 12 + S, 12, 270, stats={"MA": 3})]
    eng = run(scenario(units, FIGHT, dice=[6, 1, 6, 1]))
    assert [(r.purpose, r.model, r.against) for r in rolls(eng)] == [
        ("attack", "r", "e1"), ("defensive_strike", "e1", "r"),
        ("attack", "r", "e2"), ("defensive_strike", "e2", "r")]
    assert eng.state.models["e1"].status == "destroyed"
    assert damage(eng, "e2") == 1
    taken = [a for a in events(eng, ev.ActionTaken) if a.action == "rampage"]
    assert [(a.target, a.free) for a in taken] == [("e2", True)]


def test_a_kill_by_the_free_attack_does_not_rampage_again():
    units = [rampager(), victim(),
             unit("e2", 2, 12 + S, 12, 270, stats={"MA": 1, "DT": 1}),
             unit("e3", 2, 12 - S, 12, 90, stats={"MA": 1})]
    eng = run(scenario(units, FIGHT, dice=[6, 1, 6, 1]))
    assert [r.against for r in rolls(eng, "attack")] == ["e1", "e2"]
    assert eng.state.models["e2"].status == "destroyed"
    assert damage(eng, "e3") == 0


def test_no_rampage_without_a_kill_nor_from_a_defensive_strike():
    # r's attack misses; e1 survives: nothing more
    units = [rampager(), victim(DT=2), unit("e2", 2, 12 + S, 12, 270)]
    eng = run(scenario(units, FIGHT, dice=[1, 1]))
    assert len(rolls(eng, "attack")) == 1
    # e1 attacks r and r's Defensive Strike kills it: not r's own Fight Action
    orders = [{"unit": "e1", "do": "fight", "target": "r"}]
    eng = run(scenario([rampager(), victim(), unit("e2", 2, 12 + S, 12, 270)], orders,
                       dice=[1, 6], first_side=2))
    assert eng.state.models["e1"].status == "destroyed"
    assert [r.purpose for r in rolls(eng)] == ["attack", "defensive_strike"]


def far_scene():
    # after e1 falls no enemy touches r; e2 is 1.5" to its right
    return [rampager(), victim(), unit("e2", 2, 12 + S + 1.5, 12, 270, stats={"MA": 1})]


def test_the_free_move_is_not_made_by_default():
    eng = run(scenario(far_scene(), FIGHT, dice=[6, 1]))
    asked = [e for e in events(eng, ev.DecisionRequested) if e.kind == "rampage_move"]
    assert asked[0].options == ("none", "e2") and asked[0].default == "none"
    assert (eng.state.models["r"].x, eng.state.models["r"].y) == (12, 12)
    assert len(rolls(eng, "attack")) == 1


def test_a_free_move_of_up_to_2_inches_into_contact_then_the_attack():
    orders = [*FIGHT, {"do": "end_activation"}, {"answer": "e2"}]
    eng = run(scenario(far_scene(), orders, dice=[6, 1, 6, 1]))
    r = eng.state.models["r"]
    # turned to face e2 and moved straight until touching it: 1.5" less the contact gap
    assert (r.x, r.y, r.facing) == pytest.approx((12 + 1.5 - TARGET_GAP, 12, 90), abs=1e-4)
    assert [(x.purpose, x.against) for x in rolls(eng)][2:] == [("attack", "e2"),
                                                               ("defensive_strike", "r")]
    assert damage(eng, "e2") == 1


def test_no_free_move_toward_an_enemy_beyond_2_inches():
    units = [rampager(), victim(), unit("e2", 2, 12 + S + 2.5, 12, 270)]
    eng = run(scenario(units, FIGHT, dice=[6, 1]))
    assert not [e for e in events(eng, ev.DecisionRequested) if e.kind == "rampage_move"]
    assert any(e.rule == "Rampage" and "within 2" in e.detail for e in events(eng, ev.RuleApplied))

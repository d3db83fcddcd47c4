"""Swift Attack: Charge then Move; one attack with at most one Defensive Strike against it; the
break-away of at least half MOV after the melee; a Flying model's swoop."""

import pytest

from game.core import events as ev
from game.physics.movement import TARGET_GAP
from tests.support import damage, events, refusal, rolls, run, scenario, unit

S = 25 / 25.4
END_Y = 12 + S + TARGET_GAP  # where the charge stops, touching e


def swift(**kw):
    st = {"MA": 3, "MOV": 6}
    st.update(kw.pop("stats", {}))
    return unit("s", 1, 12, 18, 0, rules=["Swift Attack"], stats=st, **kw)


def enemy(ma=3):
    return unit("e", 2, 12, 12, 180, stats={"MA": ma})


CHARGE = {"unit": "s", "do": "charge", "target": "e"}


def test_strikes_once_takes_one_strike_back_and_breaks_away_straight_back():
    eng = run(scenario([swift(), enemy()], [CHARGE, {"unit": "s", "do": "move"}], dice=[6, 9]))
    assert [(r.purpose, r.model, r.against) for r in rolls(eng)] == [
        ("attack", "s", "e"), ("defensive_strike", "e", "s")]
    assert (damage(eng, "e"), damage(eng, "s")) == (1, 1)
    s = eng.state.models["s"]
    # the default: straight away from e, a full 6" move
    assert (s.x, s.y) == pytest.approx((12, END_Y + 6), abs=1e-6)
    moves = [m for m in events(eng, ev.ModelMoved) if m.model == "s"]
    assert [m.reason for m in moves] == ["charge", "break away"]
    acts = [(a.action, a.free) for a in events(eng, ev.ActionTaken) if a.model == "s"]
    assert acts == [("charge", False), ("move", False), ("fight:swift", True)]


def test_break_away_point_given_with_the_move():
    orders = [CHARGE, {"unit": "s", "do": "move", "to": [15, 16]}]
    eng = run(scenario([swift(), enemy()], orders, dice=[1, 1]))
    s = eng.state.models["s"]
    assert (s.x, s.y) == (15, 16)
    assert not [e for e in events(eng, ev.DecisionRequested) if e.kind == "break_away"]


def test_break_away_must_end_half_mov_from_the_victim():
    orders = [CHARGE, {"unit": "s", "do": "move", "to": [12, 14.5]}]
    assert 'at least 3"' in refusal(scenario([swift(), enemy()], orders))


def test_answering_the_break_away_decision():
    head = [CHARGE, {"unit": "s", "do": "move"}, {"do": "end_activation"}]
    # (9, 15) would end 2.85" from e (corner to corner), (8, 16) 4.27"
    assert 'at least 3"' in refusal(scenario([swift(), enemy()], [*head, {"answer": [9, 15]}],
                                             dice=[1, 1]))
    eng = run(scenario([swift(), enemy()], [*head, {"answer": [8, 16]}], dice=[1, 1]))
    assert (eng.state.models["s"].x, eng.state.models["s"].y) == (8, 16)


def test_without_the_move_the_charge_is_an_ordinary_one():
    orders = [CHARGE, {"unit": "s", "do": "fight", "target": "e"}]
    eng = run(scenario([swift(), enemy()], orders, dice=[1] * 6))
    assert len(rolls(eng, "attack")) == 3 and len(rolls(eng, "defensive_strike")) == 3
    assert eng.state.models["s"].y == pytest.approx(END_Y)


def test_the_attack_may_go_to_another_enemy_it_touches():
    f = unit("f", 2, 12 + S, END_Y, 270, stats={"MA": 2})
    orders = [CHARGE, {"unit": "s", "do": "move", "attack": "f"}]
    eng = run(scenario([swift(), enemy(), f], orders, dice=[6, 1]))
    assert [(r.purpose, r.model, r.against) for r in rolls(eng)] == [
        ("attack", "s", "f"), ("defensive_strike", "f", "s")]
    assert (damage(eng, "e"), damage(eng, "f")) == (0, 1)


def swoop_scene():
    # g stands in front of e, on the line of the charge: no room to land next to e
    return [unit("s", 1, 12, 20, 0, rules=["Swift Attack"], keywords=["Flying"],
                 stats={"MA": 3, "MOV": 8}),
            enemy(), unit("g", 2, 12, 12 + S, 180, stats={"MA": 0})]


def test_a_flying_model_swoops_without_landing_and_flies_away():
    eng = run(scenario(swoop_scene(), [CHARGE], dice=[6, 1]))
    assert [(r.purpose, r.model, r.against) for r in rolls(eng)] == [
        ("attack", "s", "e"), ("defensive_strike", "e", "s")]
    s = eng.state.models["s"]
    # it flew back over g, a full 8" from where it struck
    assert (s.x, s.y) == pytest.approx((12, END_Y + 8), abs=1e-6)
    acts = [(a.action, a.free) for a in events(eng, ev.ActionTaken) if a.model == "s"]
    assert acts == [("charge", False), ("move", False), ("fight:swift", True)]


def test_the_swoop_spends_both_actions():
    orders = [CHARGE, {"unit": "s", "do": "focus"}]
    assert "both its actions" in refusal(scenario(swoop_scene(), orders))


def test_a_ground_model_cannot_charge_through_the_blocker():
    units = swoop_scene()
    units[0]["keywords"] = []
    assert '"g" is in the way' in refusal(scenario(units, [CHARGE]))

"""Actions, activations and game turns of the skirmish-d10 core, and every refused order."""

import pytest

from game.core import events as ev
from game.rulesets.skirmish_d10.ruleset import damage_by_side
from tests.support import events, refusal, rolls, run, scenario, unit

S = 25.0 / 25.4


def two(orders, dice=None, a=None, b=None, extra=(), **top):
    a = a or unit("a", 1, 12, 18, 0)
    b = b or unit("b", 2, 12, 6, 180)
    return scenario([a, b, *extra], orders, dice=dice, **top)


def test_move_goes_to_the_point_and_keeps_facing_unless_given():
    eng = run(two([{"unit": "a", "do": "move", "to": [12, 14]}]))
    m = eng.state.models["a"]
    assert (m.x, m.y, m.facing) == (12, 14, 0)
    eng = run(two([{"unit": "a", "do": "move", "to": [14, 18], "facing": 90}]))
    assert eng.state.models["a"].facing == 90


def test_charge_ends_in_contact_faced_toward_the_target():
    from game.rulesets.skirmish_d10.ruleset import TABLE

    eng = run(two([{"unit": "a", "do": "charge", "target": "b"}],
                  a=unit("a", 1, 15, 6, 0, stats={"MOV": 6})))
    a, b = eng.state.models["a"], eng.state.models["b"]
    assert TABLE.in_contact(a, b)
    assert a.facing == pytest.approx(270.0, abs=0.01)  # b is straight to the left of a


def test_a_charge_from_an_angle_ends_flush_with_the_side_it_touches():
    from game.rulesets.skirmish_d10.ruleset import TABLE

    # b faces down (180); a comes from below and to the right, 30 degrees off b's axis
    eng = run(two([{"unit": "a", "do": "charge", "target": "b"}],
                  a=unit("a", 1, 14, 9.5, 0, stats={"MOV": 6})))
    a, b = eng.state.models["a"], eng.state.models["b"]
    assert TABLE.in_contact(a, b)
    # square on to b's front (its bottom side): facing up, front edge on the line y = 6 + S/2
    assert a.facing == pytest.approx(0.0, abs=1e-6)
    assert a.y - S / 2 == pytest.approx(6 + S / 2, abs=0.01)


def test_a_charge_takes_another_straight_line_when_the_one_to_the_centre_clips_a_wall():
    # the corner of a wall lies on the line from a's centre to b's, not on a line to the
    # side of b's base nearer a's left
    wall = {"id": "wall", "kind": "obstacle", "height": 1.0,
            "polygon": [[12.3, 11.5], [14, 11.5], [14, 12], [12.3, 12]]}
    eng = run(two([{"unit": "a", "do": "charge", "target": "b"}], terrain=[wall],
                  a=unit("a", 1, 12, 18, 0, stats={"MOV": 12})))
    a = eng.state.models["a"]
    moved = events(eng, ev.ModelMoved)[-1]
    assert moved.reason == "charge" and moved.via == ()
    assert a.x < 12 and a.facing == pytest.approx(0.0, abs=1e-6)


def test_two_actions_per_model_and_a_third_is_refused():
    msg = refusal(two([{"unit": "a", "do": "move", "to": [12, 17]},
                       {"unit": "a", "do": "focus"},
                       {"unit": "a", "do": "move", "to": [12, 16]}]))
    assert "both its actions" in msg


@pytest.mark.parametrize(
    ("orders", "a", "words"),
    [
        ([{"unit": "a", "do": "fight", "target": "b"}], None, "not in base contact"),
        ([{"unit": "a", "do": "move", "to": [12, 10]}], None, "MOV"),
        ([{"unit": "a", "do": "charge", "target": "b"}], None, "beyond MOV"),
        ([{"unit": "a", "do": "charge", "target": "a"}], None, "your side"),
        ([{"unit": "zz", "do": "pass"}], None, 'no unit or model named "zz"'),
        ([{"unit": "b", "do": "pass"}], None, "side 1 activates next"),
        ([{"unit": "a", "do": "dance"}], None, 'unknown action "dance"'),
        ([{"unit": "a", "do": "inspire"}], None, "Warlord or Captain"),
        ([{"unit": "a", "do": "move", "to": [12, 30]}], unit("a", 1, 12, 18, 0, stats={"MOV": 20}),
         "off the table"),
        ([{"unit": "a", "do": "move", "to": "north"}], None, "[x, y]"),
        ([{"unit": "a", "do": "focus"}, {"unit": "a", "do": "focus"}], None, "already focused"),
    ],
)
def test_refused_orders_name_the_reason(orders, a, words):
    assert words in refusal(two(orders, a=a))


def test_only_one_fight_per_activation():
    a = unit("a", 1, 12, 6 + S, 0)
    msg = refusal(two([{"unit": "a", "do": "fight", "target": "b"},
                       {"unit": "a", "do": "fight", "target": "b"}], a=a))
    assert "already declared a Fight" in msg


def test_a_model_in_contact_cannot_move_and_a_move_may_not_end_in_contact():
    a = unit("a", 1, 12, 6 + S, 0)
    assert "cannot Move" in refusal(two([{"unit": "a", "do": "move", "to": [12, 10]}], a=a))
    msg = refusal(two([{"unit": "a", "do": "move", "to": [12, 6 + S]}],
                      a=unit("a", 1, 12, 10, 0)))
    assert "may not end a Move in base contact" in msg


def test_move_refused_when_the_path_crosses_a_base_or_an_obstacle():
    c = unit("c", 1, 12, 15, 0)
    assert "crosses" in refusal(two([{"unit": "a", "do": "move", "to": [12, 13]}], extra=[c]))
    wall = {"id": "wall", "kind": "obstacle", "polygon": [[10, 14], [14, 14], [14, 14.5], [10, 14.5]],
            "height": 1.0}
    msg = refusal(two([{"unit": "a", "do": "move", "to": [12, 13]}], terrain=[wall]))
    assert "wall" in msg


def test_a_unit_activates_once_per_game_turn():
    msg = refusal(two([{"unit": "a", "do": "pass"}, {"unit": "b", "do": "pass"},
                       {"unit": "c", "do": "pass"}, {"unit": "a", "do": "pass"}],
                      extra=[unit("c", 1, 3, 3, 0), unit("d", 2, 20, 3, 0)]))
    assert "already activated" in msg


def test_sides_alternate_and_a_side_with_none_left_passes():
    # side 1 has two units, side 2 one: 1, 2, then 1 again
    eng = run(two([{"unit": "a", "do": "pass"}, {"unit": "b", "do": "pass"},
                   {"unit": "c", "do": "pass"}], extra=[unit("c", 1, 3, 3, 0)]))
    starts = [(e.unit, e.side) for e in events(eng, ev.ActivationStarted)]
    assert starts == [("a", 1), ("b", 2), ("c", 1)]
    assert eng.state.turn == 2  # every unit activated: the game turn ended


def test_end_turn_activates_the_rest_without_acting_and_starts_the_next_turn():
    eng = run(two([{"unit": "b", "do": "pass"}, {"do": "end_turn"}], first_side=2))
    assert [e.unit for e in events(eng, ev.ActivationStarted)] == ["b", "a"]
    assert [e.turn for e in events(eng, ev.TurnStarted)] == [1, 2]
    # first_side 2 acts first in every game turn, so "a" acting first is refused
    assert "side 2 activates next" in refusal(two([{"unit": "a", "do": "pass"}], first_side=2))


def test_game_ends_after_the_last_turn_with_the_side_that_did_more_damage():
    a = unit("a", 1, 12, 6 + S, 0, stats={"MA": 1, "MAV": 6})
    eng = run(two([{"unit": "a", "do": "fight", "target": "b"}, {"do": "end_turn"}],
                  a=a, b=unit("b", 2, 12, 6, 180, stats={"MA": 0}), dice=[5], turns=1))
    assert eng.state.game_over and eng.state.winner == 1
    assert "damage inflicted 1 to 0" in eng.state.end_reason


def test_equal_damage_after_the_last_turn_is_a_draw():
    eng = run(two([{"do": "end_turn"}], turns=1))
    assert eng.state.winner == "draw"


def test_shaken_costs_one_mav_and_forbids_charging_until_a_discipline_check_passes():
    # b is Fearsome: a charges it and fails its Discipline Check (d10 3 + DIS 5 < 10).
    a = unit("a", 1, 12, 10, 0, stats={"MA": 1})
    b = unit("b", 2, 12, 6, 180, stats={"MA": 0}, rules=["Fearsome"])
    eng = run(two([{"unit": "a", "do": "charge", "target": "b"},
                   {"unit": "a", "do": "fight", "target": "b"}], a=a, b=b, dice=[3, 5]))
    (dc,) = [r for r in rolls(eng) if r.purpose.startswith("discipline")]
    assert dc.total == 8 and dc.outcome == "fail"
    assert "shaken" in eng.state.models["a"].conditions
    (atk,) = rolls(eng, "attack")
    assert ("Shaken", -1) in atk.modifiers and atk.total == 5 + 4 - 1
    # b destroyed, a is free but still Shaken; next turn it fails its check (d10 4) again
    a = unit("a", 1, 12, 10, 0, stats={"MA": 1, "MAV": 6})
    b = unit("b", 2, 12, 6, 180, stats={"MA": 0, "DT": 1}, rules=["Fearsome"])
    c = unit("c", 2, 4, 14, 0)
    data = two([{"unit": "a", "do": "charge", "target": "b"},
                {"unit": "a", "do": "fight", "target": "b"}, {"unit": "c", "do": "pass"},
                {"unit": "a", "do": "charge", "target": "c"}],
               a=a, b=b, extra=[c], dice=[3, 5, 4])
    assert "Shaken and cannot Charge" in refusal(data)


def test_shaken_ends_when_the_discipline_check_at_activation_start_passes():
    a = unit("a", 1, 12, 10, 0)
    b = unit("b", 2, 12, 6, 180, stats={"MA": 0}, rules=["Fearsome"])
    eng = run(two([{"unit": "a", "do": "charge", "target": "b"}, {"unit": "b", "do": "pass"},
                   {"unit": "a", "do": "pass"}], a=a, b=b, dice=[3, 5]))
    assert "shaken" not in eng.state.models["a"].conditions


def test_inspire_removes_shaken_within_six_inches_and_helps_discipline():
    a = unit("a", 1, 12, 10, 0)
    b = unit("b", 2, 12, 6, 180, stats={"MA": 0}, rules=["Fearsome"])
    lord = unit("lord", 1, 15, 10, 0, keywords=["Warlord"])
    far = unit("far", 1, 2, 22, 0)
    eng = run(two([{"unit": "a", "do": "charge", "target": "b"}, {"unit": "b", "do": "pass"},
                   {"unit": "lord", "do": "inspire"}], a=a, b=b, extra=[lord, far], dice=[3]))
    models = eng.state.models
    assert "shaken" not in models["a"].conditions
    assert "inspired" in models["a"].conditions and "inspired" not in models["far"].conditions


def test_focus_adds_one_to_the_fight():
    a = unit("a", 1, 12, 6 + S, 0, stats={"MA": 1})
    eng = run(two([{"unit": "a", "do": "focus"}, {"unit": "a", "do": "fight", "target": "b"}],
                  a=a, b=unit("b", 2, 12, 6, 180, stats={"MA": 0}), dice=[4]))
    (r,) = rolls(eng, "attack")
    assert ("Focus", 1) in r.modifiers and r.total == 9 and r.outcome == "hit"


def test_side_with_no_models_left_loses_at_once():
    a = unit("a", 1, 12, 6 + S, 0, stats={"MA": 1, "MAV": 6})
    eng = run(two([{"unit": "a", "do": "fight", "target": "b"}], a=a,
                  b=unit("b", 2, 12, 6, 180, stats={"MA": 0, "DT": 1}), dice=[5]))
    (end,) = events(eng, ev.GameEnded)
    assert end.winner == 1 and eng.state.game_over


def test_end_turn_after_the_last_activation_ends_only_that_turn():
    # a and b both act; end_turn closes b's activation, which was the turn's last: the game
    # turn ends once, and the next order is in turn 2 (not 3).
    eng = run(two([{"unit": "a", "do": "pass"}, {"unit": "b", "do": "pass"}, {"do": "end_turn"},
                   {"unit": "a", "do": "pass"}]))
    assert [e.turn for e in events(eng, ev.TurnEnded)] == [1]
    assert eng.state.turn == 2


def test_points_scoring_counts_condition_damage_for_the_foe_and_forgets_healed_points():
    from game.core.state import apply

    eng = run(two([{"do": "end_turn"}], turns=3))
    s = eng.state.copy()
    s.game_over = False
    apply(s, ev.DamageTaken("b", 1, "poison", None))  # a condition an enemy caused
    apply(s, ev.DamageTaken("b", 1, "attack", "a"))
    apply(s, ev.DamageTaken("a", 1, "Martyr", "a"))  # self-inflicted: scores nothing
    assert damage_by_side(s) == {1: 2, 2: 0}
    apply(s, ev.Healed("b", 1, "Life Seize"))
    assert damage_by_side(s) == {1: 1, 2: 0}

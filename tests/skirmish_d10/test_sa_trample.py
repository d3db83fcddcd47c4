"""Trample: the straight move over Standard bases, then one attack per trampled model in order,
each model's Defensive Strikes and their damage before the next; no Disable; Tough each time."""

import math

import pytest

from game.core import events as ev
from tests.support import damage, events, refusal, rolls, run, scenario, unit

S = 25 / 25.4


def place(lx, ly, lf, theta, ox=12.0, oy=16.0):
    t = math.radians(theta)
    return (ox + lx * math.cos(t) - ly * math.sin(t), oy + lx * math.sin(t) + ly * math.cos(t),
            (lf + theta) % 360)


def at(uid, side, lx, ly, lf, theta=0.0, **kw):
    x, y, f = place(lx, ly, lf, theta)
    return unit(uid, side, x, y, f, **kw)


def trampler(theta=0.0, rules=("Trample",), **stats):
    st = {"MOV": 8, "MA": 1}
    st.update(stats)
    return at("t", 1, 0, 0, 0, theta, base="large", rules=list(rules), stats=st)


def column(n, theta=0.0, ma=1, **kw):
    """n standard enemies in a column in front of the trampler, e1 nearest."""
    return [at(f"e{i + 1}", 2, 0.2 * S * (i % 2), -(2 + i) * S, 180, theta, stats={"MA": ma}, **kw)
            for i in range(n)]


def trample(dist):
    return [{"unit": "t", "do": "trample", "direction": "front", "distance": dist}]


def sequence(eng):
    return [(r.purpose, r.model, r.against) for r in rolls(eng)
            if r.purpose in ("attack", "defensive_strike", "tough")]


@pytest.mark.parametrize("theta", [0.0, 30.0, 235.0])
def test_attacks_each_trampled_model_in_order_with_its_strikes_back_in_between(theta):
    # e2 is listed first but reached second; the trampler ends 4.5 S further on
    units = [trampler(theta), *reversed(column(2, theta))]
    eng = run(scenario(units, trample(4.5 * S), dice=[6, 1, 6, 1]))
    assert sequence(eng) == [("attack", "t", "e1"), ("defensive_strike", "e1", "t"),
                             ("attack", "t", "e2"), ("defensive_strike", "e2", "t")]
    t = eng.state.models["t"]
    # (positions in events are rounded to a millionth of an inch, so saves replay anywhere)
    assert (t.x, t.y) == pytest.approx(place(0, -4.5 * S, 0, theta)[:2], abs=1e-6)
    assert t.facing == pytest.approx(theta % 360)
    assert (damage(eng, "e1"), damage(eng, "e2")) == (1, 1)


def test_damage_from_a_strike_back_lowers_the_next_attack():
    # MAV 5 on the first track, 3 on the second: e1's strike back hits (4 + 9), so e2 is
    # attacked with MAV 3 (3 + 6 = 9 hits DV 9)
    units = [trampler(MAV=[5, 3, 1]), *column(2)]
    eng = run(scenario(units, trample(4.5 * S), dice=[6, 9, 6, 1]))
    attacks = rolls(eng, "attack")
    assert [dict(r.modifiers)["MAV"] for r in attacks] == [5, 3]
    assert damage(eng, "t") == 1


def test_a_destroyed_trampler_attacks_no_one_else():
    units = [trampler(DT=1), *column(3)]
    eng = run(scenario(units, trample(5.5 * S), dice=[6, 9]))
    assert sequence(eng) == [("attack", "t", "e1"), ("defensive_strike", "e1", "t")]
    assert eng.state.models["t"].status == "destroyed"
    assert (damage(eng, "e2"), damage(eng, "e3")) == (0, 0)


def test_tough_rolls_each_time_the_damage_would_destroy_it():
    # one damage track: each hit from a strike back would destroy it; 7 and 6 save it, 2 does
    # not, so e4 is never attacked
    units = [trampler(rules=("Trample", "Tough"), DT=1), *column(4)]
    dice = [6, 9, 7, 6, 9, 6, 6, 9, 2]
    eng = run(scenario(units, trample(6.5 * S), dice=dice))
    assert sequence(eng) == [
        ("attack", "t", "e1"), ("defensive_strike", "e1", "t"), ("tough", "t", None),
        ("attack", "t", "e2"), ("defensive_strike", "e2", "t"), ("tough", "t", None),
        ("attack", "t", "e3"), ("defensive_strike", "e3", "t"), ("tough", "t", None),
    ]
    assert [r.outcome for r in rolls(eng, "tough")] == ["stays", "stays", "falls"]
    assert eng.state.models["t"].status == "destroyed"
    assert (damage(eng, "e3"), damage(eng, "e4")) == (1, 0)


def test_disable_cannot_be_used_during_a_trample():
    # both sides have Disable. e1 (MA 2) is hit but still makes both its Defensive Strikes and
    # is not Disabled; its hit on the trampler does not Disable it either.
    units = [trampler(rules=("Trample", "Disable")),
             at("e1", 2, 0, -2 * S, 180, rules=["Disable"], stats={"MA": 2})]
    eng = run(scenario(units, trample(3.5 * S), dice=[6, 9, 1]))
    assert [(r.model, r.against) for r in rolls(eng, "defensive_strike")] == [("e1", "t"),
                                                                            ("e1", "t")]
    assert "disabled" not in eng.state.models["e1"].conditions
    assert "disabled" not in eng.state.models["t"].conditions
    assert damage(eng, "t") == 1


def test_it_is_the_fight_action():
    units = [trampler(), *column(1)]
    orders = [*trample(3.5 * S), {"unit": "t", "do": "fight", "target": "e1"}]
    assert "already declared a Fight" in refusal(scenario(units, orders, dice=[1, 1]))
    # and a model that fought may not trample afterwards
    units = [trampler(), at("e1", 2, 0, -1.5 * S, 180)]  # touching its front
    orders = [{"unit": "t", "do": "fight", "target": "e1"}, *trample(3 * S)]
    assert "already used its Fight Action" in refusal(scenario(units, orders))


def test_a_cavalry_base_may_not_trample_out_of_its_long_side():
    units = [at("t", 1, 0, 0, 0, base="cavalry", rules=["Trample"], stats={"MOV": 8}),
             at("e1", 2, -2 * S, 0, 90)]
    msg = refusal(scenario(units, [{"unit": "t", "do": "trample", "direction": "left",
                                    "distance": 3.5 * S}]))
    assert "long side" in msg


def test_only_enemy_standard_bases_may_be_trampled():
    units = [trampler(), at("f", 1, 0, -2 * S, 0), at("far", 2, 8, 4, 0)]
    assert 'crosses "f"' in refusal(scenario(units, trample(3.5 * S)))
    units = [trampler(), at("big", 2, 0, -2.5 * S, 0, base="large")]
    assert 'crosses "big"' in refusal(scenario(units, trample(4.5 * S)))


def test_a_corner_clip_is_not_a_trample():
    # a standard base turned 30 degrees, only its corner inside the trampler's path
    units = [trampler(), at("e1", 2, 1.6 * S, -3 * S, 30)]
    assert "corner" in refusal(scenario(units, trample(6 * S)))


def test_refused_beyond_mov_and_without_room_to_stop():
    units = [trampler(MOV=3), *column(1)]
    assert "MOV" in refusal(scenario(units, trample(3.5 * S)))
    units = [trampler(), *column(1)]
    assert "no room" in refusal(scenario(units, trample(3 * S)))


def test_the_log_names_what_was_run_over():
    units = [trampler(), *column(2)]
    eng = run(scenario(units, trample(4.5 * S), dice=[1, 1, 1, 1]))
    moved = [e for e in events(eng, ev.ModelMoved) if e.model == "t"]
    assert moved[0].reason == "trample" and moved[0].distance == pytest.approx(4.5 * S, abs=1e-4)
    assert any(e.rule == "Trample" and '"e1", "e2"' in e.detail for e in events(eng, ev.RuleApplied))


def test_rampage_comes_after_the_last_trampled_model_not_after_each():
    # e1 (one track) dies in the first exchange; Rampage waits until e2's exchange is over,
    # then strikes e3, which touches the trampler's front where it stopped
    units = [trampler(rules=("Trample", "Rampage")),
             at("e1", 2, 0, -2 * S, 180, stats={"MA": 1, "DT": 1}),
             at("e2", 2, 0.2 * S, -3 * S, 180, stats={"MA": 1}),
             at("e3", 2, 0, -6.5 * S, 180, stats={"MA": 2})]
    eng = run(scenario(units, trample(5 * S), dice=[6, 1, 1, 1, 6, 1]))
    assert sequence(eng) == [("attack", "t", "e1"), ("defensive_strike", "e1", "t"),
                             ("attack", "t", "e2"), ("defensive_strike", "e2", "t"),
                             ("attack", "t", "e3"), ("defensive_strike", "e3", "t")]
    assert eng.state.models["e1"].status == "destroyed"
    assert (damage(eng, "e2"), damage(eng, "e3")) == (0, 1)


def test_a_swing_through_trampler_attacks_the_models_it_left_behind_as_usual():
    units = [trampler(rules=("Trample", "Swing-Through")), *column(2)]
    eng = run(scenario(units, trample(4.5 * S), dice=[6, 1, 6, 1]))
    assert [r.against for r in rolls(eng, "attack")] == ["e1", "e2"]
    assert (damage(eng, "e1"), damage(eng, "e2")) == (1, 1)

"""Reach: one attack over a friend, who gets struck back; Support only when attacking; the
Reach charge; Inspire from the Reach position; no First Strike from there."""

import math

import pytest

from game.core import events as ev
from game.physics.movement import TARGET_GAP
from tests.support import damage, events, refusal, rolls, run, scenario, unit

S = 25 / 25.4  # a standard base, inches


def place(lx, ly, lf, theta, ox=12.0, oy=12.0):
    """Scene coordinates turned by ``theta`` degrees clockwise about (ox, oy)."""
    t = math.radians(theta)
    return (ox + lx * math.cos(t) - ly * math.sin(t), oy + lx * math.sin(t) + ly * math.cos(t),
            (lf + theta) % 360)


def at(uid, side, lx, ly, lf, theta=0.0, **kw):
    x, y, f = place(lx, ly, lf, theta)
    return unit(uid, side, x, y, f, **kw)


def line_up(theta, r_base="standard", r_rules=("Reach",), e_rules=(), e_ma=2, r_kw=()):
    """f in the middle facing up, the enemy e in front of it, r behind it."""
    back = S / 2 + (S if r_base == "large" else S / 2)  # f's half depth + r's
    return [
        at("r", 1, 0, back, 0, theta, base=r_base, rules=list(r_rules), stats={"MA": 3},
           keywords=list(r_kw)),
        at("f", 1, 0, 0, 0, theta),
        at("e", 2, 0, -S, 180, theta, rules=list(e_rules), stats={"MA": e_ma}),
    ]


FIGHT = [{"unit": "r", "do": "fight", "target": "e"}]


@pytest.mark.parametrize("theta,r_base", [(0.0, "standard"), (30.0, "large"), (215.0, "large")])
def test_one_attack_over_the_friend_who_takes_the_defensive_strikes(theta, r_base):
    # r has MA 3 but strikes once: 4 + 6 = 10 vs DV 9 hits. e's two Defensive Strikes cannot
    # reach r (e has no Reach): both go to f, the friend touching e: 4 + 8 hits, 4 + 1 misses.
    eng = run(scenario(line_up(theta, r_base), FIGHT, dice=[6, 8, 1]))
    attacks = rolls(eng, "attack")
    assert [(r.model, r.against, r.total) for r in attacks] == [("r", "e", 10)]
    ds = rolls(eng, "defensive_strike")
    assert [(r.model, r.against, r.outcome) for r in ds] == [("e", "f", "hit"), ("e", "f", "miss")]
    assert (damage(eng, "e"), damage(eng, "f"), damage(eng, "r")) == (1, 1, 0)


def test_a_defender_with_reach_may_strike_the_reach_model():
    # Default allocation: one strike each, in the order they attacked: r first, then f.
    eng = run(scenario(line_up(0.0, e_rules=["Reach"]), FIGHT, dice=[6, 8, 8]))
    ds = rolls(eng, "defensive_strike")
    assert [(r.against, r.outcome) for r in ds] == [("r", "hit"), ("f", "hit")]
    assert (damage(eng, "r"), damage(eng, "f")) == (1, 1)


def test_no_reach_over_a_larger_friend():
    units = [at("r", 1, 0, 1.5 * S, 0, rules=["Reach"]),  # standard r behind a large friend
             at("f", 1, 0, 0, 0, base="large"),
             at("e", 2, 0, -1.5 * S, 180)]
    assert "not in base contact" in refusal(scenario(units, FIGHT))


@pytest.mark.parametrize("theta", [0.0, 120.0])
def test_no_reach_from_a_side_next_to_the_enemys_side(theta):
    units = [at("r", 1, -S, 0.3 * S, 90, theta, rules=["Reach"]),  # on f's left, e in front
             at("f", 1, 0, 0, 0, theta),
             at("e", 2, 0, -S, 180, theta)]
    assert "not in base contact" in refusal(scenario(units, FIGHT))


def test_no_reach_when_the_contacts_are_not_straight_across():
    units = [at("r", 1, -0.6 * S, S, 0, rules=["Reach"]),  # left part of f's back
             at("f", 1, 0, 0, 0),
             at("e", 2, 0.6 * S, -S, 180)]  # right part of f's front
    assert "not in base contact" in refusal(scenario(units, FIGHT))


def support_scene(reach_fights):
    # u.1 and u.2 touch e; u.3 (the unit has Reach) stands behind u.1, across from e
    u = unit("u", 1, 0, 0, 0, rules=["Reach"], stats={"MA": 1},
             positions=[[12, 12 + S, 0], [12 + S, 12, 270], [12, 12 + 2 * S, 0]])
    e = unit("e", 2, 12, 12, 180, stats={"MA": 0})
    orders = [{"unit": "u.1", "do": "fight", "target": "e"},
              {"unit": "u.2", "do": "fight", "target": "e"}]
    if reach_fights:
        orders.append({"unit": "u.3", "do": "fight", "target": "e"})
    return run(scenario([u, e], orders, dice=[1] * len(orders)))


def test_support_counts_the_reach_model_only_when_it_attacks():
    with_reach = rolls(support_scene(True), "attack")
    assert [r.model for r in with_reach] == ["u.1", "u.2", "u.3"]
    assert all(("Support", 1) in r.modifiers for r in with_reach)
    without = rolls(support_scene(False), "attack")
    assert [r.model for r in without] == ["u.1", "u.2"]
    assert not any(m[0] == "Support" for r in without for m in r.modifiers)


@pytest.mark.parametrize("theta", [0.0, 30.0, 200.0])
def test_a_charge_may_end_in_the_reach_position(theta):
    # r starts 4" behind f, on the line through f's and e's centres
    units = [at("r", 1, 0, 4.0, 0, theta, rules=["Reach"], stats={"MA": 2}),
             at("f", 1, 0, 0, 0, theta),
             at("e", 2, 0, -S, 180, theta, stats={"MA": 1})]
    orders = [{"unit": "r", "do": "charge", "target": "e"}, *FIGHT]
    eng = run(scenario(units, orders, dice=[6, 1]))
    r = eng.state.models["r"]
    # it stopped against f's back edge, facing e
    ex, ey, ef = place(0, S + TARGET_GAP, 0, theta)
    assert (r.x, r.y) == pytest.approx((ex, ey), abs=1e-4)
    assert r.facing == pytest.approx(ef % 360, abs=1e-6)
    moved = [e for e in events(eng, ev.ModelMoved) if e.model == "r"]
    assert moved[0].distance == pytest.approx(4.0 - S - TARGET_GAP, abs=1e-4)
    assert [(x.model, x.against) for x in rolls(eng, "attack")] == [("r", "e")]
    assert [x.against for x in rolls(eng, "defensive_strike")] == ["f"]


def test_a_charge_blocked_by_a_larger_friend_is_still_refused():
    units = [at("r", 1, 0, 4.0, 0, rules=["Reach"]),
             at("f", 1, 0, 0, 0, base="large"),
             at("e", 2, 0, -1.5 * S, 180)]
    msg = refusal(scenario(units, [{"unit": "r", "do": "charge", "target": "e"}]))
    assert '"f" is in the way' in msg


def test_no_first_strike_from_the_reach_position():
    units = [at("r", 1, 0, 4.0, 0, rules=["Reach", "First Strike"], stats={"MA": 2}),
             at("f", 1, 0, 0, 0),
             at("e", 2, 0, -S, 180, stats={"MA": 1})]
    orders = [{"unit": "r", "do": "charge", "target": "e"}, *FIGHT]
    eng = run(scenario(units, orders, dice=[6, 1]))
    assert [x.purpose for x in rolls(eng)] == ["attack", "defensive_strike"]
    assert any(e.rule == "First Strike" and "Reach" in e.detail for e in events(eng, ev.RuleApplied))


def test_a_warlord_inspires_from_the_reach_position_and_still_attacks():
    units = line_up(0.0, r_kw=["Warlord"])
    orders = [{"unit": "r", "do": "inspire"}, *FIGHT]
    eng = run(scenario(units, orders, dice=[6, 1, 1]))
    assert "inspired" in eng.state.models["f"].conditions
    assert [(x.model, x.against) for x in rolls(eng, "attack")] == [("r", "e")]


def test_leaving_the_reach_position_before_the_melee_loses_the_attack():
    units = line_up(0.0)
    orders = [*FIGHT, {"unit": "r", "do": "move", "to": [14.0, 12 + S]}]
    eng = run(scenario(units, orders, dice=[]))
    assert rolls(eng, "attack") == []
    assert damage(eng, "e") == 0

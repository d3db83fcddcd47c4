"""Swing-Through: each attack sweeps one side from a corner, friend or foe, -1 more per model
struck, reset for each attack; Defensive Strikes sweep too; with Reach, one kind of swing or the
other per attack; Provoke forces the side of its Defensive Strikes."""

import math

import pytest

from game.core import events as ev
from tests.support import damage, events, rolls, run, scenario, unit

S = 25 / 25.4


def place(lx, ly, lf, theta, ox=12.0, oy=12.0):
    t = math.radians(theta)
    return (ox + lx * math.cos(t) - ly * math.sin(t), oy + lx * math.sin(t) + ly * math.cos(t),
            (lf + theta) % 360)


def at(uid, side, lx, ly, lf, theta=0.0, **kw):
    x, y, f = place(lx, ly, lf, theta)
    return unit(uid, side, x, y, f, **kw)


def swing_mod(r):
    return dict(r.modifiers).get("Swing-Through", 0)


@pytest.mark.parametrize("theta", [0.0, 30.0, 200.0])
def test_each_attack_sweeps_its_side_and_the_penalty_starts_again(theta):
    # large sw facing up; on its front: enemy a (left half), friend f (right half); enemy b on
    # its right side is never swept. Two attacks: from the front-left, then the front-right.
    units = [
        at("sw", 1, 0, 0, 0, theta, base="large", rules=["Swing-Through"], stats={"MA": 2}),
        at("a", 2, -0.5 * S, -1.5 * S, 180, theta, stats={"MA": 1, "DV": 10}),
        at("f", 1, 0.5 * S, -1.5 * S, 0, theta, stats={"DV": 10}),
        at("b", 2, 1.5 * S, 0, 270, theta),
    ]
    orders = [{"unit": "sw", "do": "fight", "target": "a",
               "swings": ["front/front-left", "front/front-right"]}]
    eng = run(scenario(units, orders, dice=[6, 6, 6, 6, 1]))
    got = [(r.against, r.total, swing_mod(r), r.outcome) for r in rolls(eng, "attack")]
    # MAV 4 + 6 = 10 against DV 10; the second model of each sweep is at -1
    assert got == [("a", 10, 0, "hit"), ("f", 9, -1, "miss"),
                   ("f", 10, 0, "hit"), ("a", 9, -1, "miss")]
    # the struck enemy strikes back; the friend does not, nor does b
    assert [(r.model, r.against) for r in rolls(eng, "defensive_strike")] == [("a", "sw")]
    assert (damage(eng, "a"), damage(eng, "f"), damage(eng, "b")) == (1, 1, 0)


def test_default_side_has_most_enemies_and_starts_at_the_corner_nearest_one():
    # giant sw (3 standard widths a side). Right side, front to back: friend g, enemies b1, b2.
    # Front side: only the declared target a. Default: the right side, from the back-right
    # corner (b2 touches it; the nearest enemy to the front-right corner is a base width away).
    units = [
        at("sw", 1, 0, 0, 0, base="giant", rules=["Swing-Through"], stats={"MA": 1}),
        at("a", 2, 0, -2 * S, 180),
        at("g", 1, 2 * S, -S, 0),
        at("b1", 2, 2 * S, 0, 270, stats={"MA": 0}),
        at("b2", 2, 2 * S, S, 270, stats={"MA": 0}),
    ]
    eng = run(scenario(units, [{"unit": "sw", "do": "fight", "target": "a"}], dice=[6, 6, 6]))
    asked = [e for e in events(eng, ev.DecisionRequested) if e.kind == "swing_through"]
    assert asked[0].default == "right/back-right"
    got = [(r.against, r.total, r.outcome) for r in rolls(eng, "attack")]
    assert got == [("b2", 10, "hit"), ("b1", 9, "hit"), ("g", 8, "miss")]
    assert (damage(eng, "a"), damage(eng, "b1"), damage(eng, "b2")) == (0, 1, 1)


def test_defensive_strikes_sweep_the_attackers_side():
    # A attacks the large sw and misses; sw's one Defensive Strike sweeps its front from the
    # front-left: A at full MAV, then c, which never attacked, at -1.
    units = [
        at("sw", 1, 0, 0, 0, base="large", rules=["Swing-Through"], stats={"MA": 1}),
        at("A", 2, -0.5 * S, -1.5 * S, 180, stats={"MA": 1}),
        at("c", 2, 0.5 * S, -1.5 * S, 180),
    ]
    eng = run(scenario(units, [{"unit": "A", "do": "fight", "target": "sw"}], dice=[1, 6, 6],
                       first_side=2))
    got = [(r.model, r.against, r.total, swing_mod(r)) for r in rolls(eng, "defensive_strike")]
    assert got == [("sw", "A", 10, 0), ("sw", "c", 9, -1)]
    assert (damage(eng, "A"), damage(eng, "c"), damage(eng, "sw")) == (1, 1, 0)


def reach_swing_scene():
    # sw (Swing-Through and Reach) touches friend f with the left half of its front; enemy e
    # stands beyond f (a Reach position); enemy b touches its right side.
    return [
        at("sw", 1, 0, 0, 0, base="large", rules=["Swing-Through", "Reach"], stats={"MA": 2}),
        at("f", 1, -0.5 * S, -1.5 * S, 0),
        at("e", 2, -0.5 * S, -2.5 * S, 180, stats={"MA": 1}),
        at("b", 2, 1.5 * S, 0, 270, stats={"MA": 1}),
    ]


def test_with_reach_each_attack_is_a_plain_sweep_or_a_sweep_over_friends():
    orders = [{"unit": "sw", "do": "fight", "target": "b",
               "swings": ["right/front-right", "reach front/front-left"]}]
    eng = run(scenario(reach_swing_scene(), orders, dice=[6, 6, 1, 1]))
    # the plain sweep strikes b only; the reach sweep strikes e only, not the friend f
    assert [r.against for r in rolls(eng, "attack")] == ["b", "e"]
    # e cannot strike sw back (no Reach) but strikes f, who stands touching it
    assert [(r.model, r.against) for r in rolls(eng, "defensive_strike")] == [("b", "sw"),
                                                                             ("e", "f")]
    assert (damage(eng, "b"), damage(eng, "e"), damage(eng, "f")) == (1, 1, 0)


def test_only_one_sweep_over_friends_per_activation():
    orders = [{"unit": "sw", "do": "fight", "target": "b",
               "swings": ["reach front/front-left", "reach front/front-left"]}]
    eng = run(scenario(reach_swing_scene(), orders, dice=[6, 6, 1, 1]))
    assert [r.against for r in rolls(eng, "attack")] == ["e", "b"]
    asked = [e for e in events(eng, ev.DecisionRequested) if e.kind == "swing_through"]
    assert len(asked) == 1 and not any(o.startswith("reach") for o in asked[0].options)


def provoke_scene(dice):
    # u.1 (front-left) and u.2 (left side) both have Provoke and attack the large sw; c, another
    # enemy, touches the right half of sw's front.
    u = unit("u", 2, 0, 0, 0, rules=["Provoke"], stats={"MA": 1},
             positions=[[12 - 0.5 * S, 12 - 1.5 * S, 180], [12 - 1.5 * S, 12, 90]])
    units = [at("sw", 1, 0, 0, 0, base="large", rules=["Swing-Through"], stats={"MA": 1}),
             u, at("c", 2, 0.5 * S, -1.5 * S, 180)]
    orders = [{"unit": "u.1", "do": "fight", "target": "sw"},
              {"unit": "u.2", "do": "fight", "target": "sw"}]
    return run(scenario(units, orders, dice=dice, first_side=2))


def test_provoke_forces_the_side_of_the_defensive_strike_sweep():
    # u.2 hits (4 + 6 = 10): sw must sweep its left side, where u.2 stands
    eng = provoke_scene([1, 6, 6])
    assert [r.against for r in rolls(eng, "defensive_strike")] == ["u.2"]


def test_without_a_provoking_hit_the_sweep_goes_where_most_enemies_are():
    eng = provoke_scene([1, 1, 6, 6])
    assert [r.against for r in rolls(eng, "defensive_strike")] == ["u.1", "c"]

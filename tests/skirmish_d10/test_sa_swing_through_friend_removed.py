"""A friend destroyed by a Swing-Through sweep leaves the table like any destroyed model."""

from game.core import events as ev
from game.rulesets.common.flow import units_to_activate
from tests.skirmish_d10.test_sa_swing_through import at
from tests.support import events, run, scenario

S = 25 / 25.4


def test_a_friend_killed_by_a_sweep_is_removed_and_cannot_activate():
    units = [
        at("sw", 1, 0, 0, 0, 0.0, base="large", rules=["Swing-Through"], stats={"MA": 2}),
        at("a", 2, -0.5 * S, -1.5 * S, 180, 0.0, stats={"MA": 1, "DV": 10}),
        at("f", 1, 0.5 * S, -1.5 * S, 0, 0.0, stats={"DV": 10, "DT": 1}),
        at("b", 2, 1.5 * S, 0, 270, 0.0),
        at("far", 2, 8, 8, 0, 0.0),
    ]
    orders = [{"unit": "sw", "do": "fight", "target": "a",
               "swings": ["front/front-left", "front/front-right"]}]
    eng = run(scenario(units, orders, dice=[6, 6, 6, 6, 1] + [1] * 20))
    f = eng.state.models["f"]
    assert f.damage == 1 and f.status == "destroyed"
    assert "f" in [e.model for e in events(eng, ev.StatusChanged) if e.status == "destroyed"]
    assert "f" not in units_to_activate(eng.state, 1)

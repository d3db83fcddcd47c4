"""What the state keeps to go faster must give the answers of working them out afresh."""

from __future__ import annotations

from game.core import events as ev
from game.core.engine import Engine
from game.core.scenario import check_scenario
from game.core.state import Model, apply, clear_scope
from tests.support import scenario, unit


def _state():  # two skirmish models, a unit of one each
    return Engine(check_scenario(scenario([unit("a", 1, 5, 5), unit("b", 2, 5, 9)]),
                                 "test")).state


def test_ending_a_scope_drops_its_flags_wherever_they_came_from():
    s = _state()
    apply(s, ev.FlagSet("a", "charged", "activation", True))
    apply(s, ev.FlagSet("a", "wounded", "turn", 1))
    apply(s, ev.UnitFlagSet("b", "rallied", "activation", True))
    # a model given a flag without an event (as a set-up may): found all the same
    m = s.models["b"]
    s.models["b"] = Model(m.name, m.unit, m.side, m.x, m.y, m.facing, m.base, m.stats,
                          flags={"braced": ("activation", True)})
    s.flagged = None  # (what a state built by hand starts with)
    clear_scope(s, "activation")
    assert s.models["a"].flags == {"wounded": ("turn", 1)}
    assert s.models["b"].flags == {}
    assert s.units["b"].flags == {}
    # a flag set after the scope ended is dropped when it ends again, and one that is gone
    # is no longer looked at
    apply(s, ev.FlagSet("b", "braced", "activation", True))
    apply(s, ev.FlagSet("a", "wounded", "turn", None))
    assert s.flagged == (frozenset({"b"}), frozenset())
    clear_scope(s, "activation")
    assert s.models["b"].flags == {} and s.models["a"].flags == {}


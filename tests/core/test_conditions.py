"""The one condition mechanism (game/rulesets/common/conditions.py): a condition acts at the
moment it names and ends when its declared ending falls due, for models and units alike."""

from __future__ import annotations

from types import SimpleNamespace

from game.core import events as ev
from game.core.ruleset import get_ruleset
from game.rulesets.common.conditions import (
    ACTIVATION_END,
    ACTIVATION_START,
    GAME_TURN_END,
    PHASE_END,
    PLAYER_TURN_START,
    Condition,
    Conditions,
    Ends,
    Moment,
    plain,
)


def run(step):
    return list(step)


def test_an_ending_falls_due_only_at_its_moment_and_phase():
    combat = Ends(PHASE_END, "the Combat phase ended", phase="combat")
    assert combat.due(Moment(PHASE_END, "combat"), {})
    assert not combat.due(Moment(PHASE_END, "shooting"), {})
    assert not combat.due(Moment(PLAYER_TURN_START), {})


def test_an_activation_bound_condition_outlasts_the_activation_it_was_gained_in():
    nxt = Ends(ACTIVATION_END, "its next activation ended", outlasts_the_gaining=True)
    # gained at event 40 during the activation that began at event 30: not yet
    assert not nxt.due(Moment(ACTIVATION_END, since=30), {"activation": 40})
    # the model's next activation began at event 55: now it ends
    assert nxt.due(Moment(ACTIVATION_END, since=55), {"activation": 40})


class Counting(Condition):
    name = "counting"
    acts_at = ACTIVATION_START
    ends = Ends(GAME_TURN_END, "the turn ended")

    def act(self, ctx, holder, moment):
        yield ev.RuleApplied("Counting", holder, moment.name)


def _ctx(**units):
    state = SimpleNamespace(units={u: SimpleNamespace(conditions=c) for u, c in units.items()})
    return SimpleNamespace(state=state)


def test_a_condition_acts_at_its_moment_and_ends_at_its_ending():
    reg = Conditions(Counting, plain("dazed", "Dazed", "", ends=Ends(GAME_TURN_END, "over")))
    ctx = _ctx(a={"counting": {}, "dazed": {}, "unknown": {}}, b={})
    acted = run(reg.at_units(ctx, ["a", "b"], Moment(ACTIVATION_START)))
    assert acted == [ev.RuleApplied("Counting", "a", ACTIVATION_START)]
    ended = run(reg.at_units(ctx, ["a", "b"], Moment(GAME_TURN_END)))
    # in name order, each with its own reason; a condition nobody declared is left alone
    assert ended == [ev.UnitConditionRemoved("a", "counting", "the turn ended"),
                     ev.UnitConditionRemoved("a", "dazed", "over")]


def test_the_rulesets_declare_their_endings_as_data():
    ow = get_ruleset("old-world").condition_registry  # type: ignore[attr-defined]
    assert ow["disrupted"].ends == Ends(PHASE_END, "the Combat phase ended", phase="combat")
    assert ow["stupid"].ends is not None and ow["stupid"].ends.at == PLAYER_TURN_START
    assert ow["incorporeal"].ends is not None and ow["incorporeal"].ends.at == PLAYER_TURN_START
    sk = get_ruleset("skirmish-d10").condition_registry  # type: ignore[attr-defined]
    assert sk["inspired"].ends is not None and sk["inspired"].ends.at == GAME_TURN_END
    assert sk["disabled"].ends is not None and sk["disabled"].ends.outlasts_the_gaining
    assert sk["shaken"].acts_at == ACTIVATION_START and sk["poisoned"].acts_at == ACTIVATION_END
    # what players read comes from the same declarations
    assert get_ruleset("old-world").conditions()["disrupted"].label == "Disrupted"

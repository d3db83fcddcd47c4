"""A combat keeps each unit's planned strikes while what they are worked out from stays the
same (``Combat.kept``): the plan it gives must be the plan worked out afresh, at every step of
every round."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import replay
from game.core.commands import Order
from game.core.engine import Engine
from game.core.scenario import check_scenario
from game.rulesets.ninth_age import combat as C
from game.rulesets.rank_and_flank.combat import Combat
from game.rulesets.rank_and_flank.units import alive
from tests.ninth_age.helpers import engaged

FIXED = Path(__file__).resolve().parent.parent / "fixed_games"


@pytest.fixture
def checked(monkeypatch):
    """Every plan asked for in a round is compared with one made with nothing kept; counts
    the units whose strikes were kept rather than planned again."""
    kept_units = []
    planned = C.plan_strikes

    def plan(s, combat):
        before = {u: got for u, got in combat.kept.items()}
        got = planned(s, combat)
        assert got == C._plan(s, Combat(list(combat.units))), combat.units
        kept_units.extend(u for u, was in before.items() if combat.kept.get(u) is was)
        return got

    monkeypatch.setattr(C, "plan_strikes", plan)
    return kept_units


@pytest.mark.parametrize("game", ["ninth-age.jsonl", "ninth-age.seed11.jsonl"])
def test_kept_strikes_are_those_planned_afresh_in_the_fixed_games(checked, game):
    assert replay.check(FIXED / game).ok
    assert checked  # (strikes were kept, or this test checks nothing)


def test_kept_strikes_follow_models_removed_and_enemies_that_move_or_change(checked):
    """Knights (two parts striking at two steps) against a deep block, round after round:
    casualties at one step change the plan of the unit that lost them, a lost rank moves the
    boundary its enemy's strikes are planned against."""
    parts = [{"name": "rider", "stats": {"Att": 1, "Off": 4, "Str": 3, "AP": 0, "Agi": 5}},
             {"name": "horse", "stats": {"Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 2}}]
    tough = {"Res": 4, "Arm": 2}
    data = engaged({"models": 15, "files": 5, "parts": parts, "stats": tough,
                    "rules": ["Unbreakable"]},
                   {"models": 20, "files": 5, "rules": ["Unbreakable"], "stats": tough}, seed=3)
    eng = Engine(check_scenario(data, "test"))
    end = Order("end_turn")
    for _ in range(12):
        if eng.state.game_over:
            break
        eng.execute(end)
        while eng.pending_ask is not None:
            eng.answer_default()
    assert eng.state.turn > 3 and checked
    assert len(eng.state.units["b"].models) - len(alive(eng.state, "b")) >= 5  # (a rank lost)

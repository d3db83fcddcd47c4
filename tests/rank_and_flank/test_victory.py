"""Victory points from the units' points, worked out as the game goes, and the winner after the
last turn by each ruleset's margin (old-world: 100 points; ninth-age: a tenth of the larger
army). The states are set up by folding the events the engine would emit."""

from __future__ import annotations

import pytest

from game.core import events as ev
from game.core.engine import Engine
from game.core.scenario import check_scenario
from game.core.state import apply
from game.headless import result_json
from game.rulesets.rank_and_flank.victory import TAKEN
from tests.support import scenario

OW = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}
NA = {"Adv": 4, "Mar": 8, "Dis": 7, "HP": 1, "Def": 3, "Res": 3, "Arm": 0,
      "Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 3}


def _unit(ruleset, uid, side, x, y, models, points, **extra):
    return {"id": uid, "side": side, "name": uid.capitalize(), "x": x, "y": y,
            "facing": 0.0 if side == 1 else 180.0, "base": "25x25", "models": models,
            "files": min(models, 5), "points": points,
            "troop_type": "regular infantry" if ruleset == "old-world" else "infantry",
            "stats": dict(OW if ruleset == "old-world" else NA), **extra}


def _battle(ruleset, hero_slain=True):
    units = [
        _unit(ruleset, "a", 1, 10, 40, 10, 100),
        _unit(ruleset, "hero", 1, 30, 40, 1, 120, keywords=["General"]),
        _unit(ruleset, "b", 2, 10, 10, 20, 200, command=["standard"]),
        _unit(ruleset, "c", 2, 25, 10, 10, 155),
        _unit(ruleset, "bsb", 2, 40, 10, 1, 90, command=["battle standard"]),
    ]
    eng = Engine(check_scenario(scenario(units, ruleset=ruleset,
                                         table={"width": 48.0, "height": 48.0}), "test"), seed=1)
    s = eng.state
    for e in [
        ev.UnitFlagSet("b", TAKEN, "game", 1),  # destroyed in combat: its standard is taken
        ev.UnitStatusChanged("b", "destroyed", "casualties"),
        ev.UnitStatusChanged("c", "fleeing", "broke"),
        ev.UnitStatusChanged("bsb", "fleeing", "broke"),
        ev.CasualtiesRemoved("a", tuple(f"a.{i}" for i in range(3, 11)), "casualties"),
    ] + ([ev.UnitStatusChanged("hero", "destroyed", "casualties")] if hero_slain else []):
        s = apply(s, e)
    eng.state = s
    return eng


def test_old_world_victory_points_item_by_item():
    eng = _battle("old-world")
    vp = eng.ruleset.victory_points(eng.state)
    # side 1: b destroyed 200 + its standard taken 50, c fleeing 155 / 2 = 78 (rounded up),
    # the Battle Standard Bearer fleeing 45 + 50
    assert vp[1] == 200 + 50 + 78 + 45 + 50
    # side 2: a down to 2 of 10 (a fifth of its Unit Strength): 50; the General slain 120 + 100
    assert vp[2] == 50 + 120 + 100
    winner, why = eng.ruleset.final_result(eng.state, 6)
    assert winner == 1 and "423 to 270" in why and "a lead of 153; 100 needed" in why


def test_old_world_a_lead_under_a_hundred_is_a_draw_and_twice_as_many_is_crushing():
    eng = _battle("old-world")
    s = apply(eng.state, ev.UnitStatusChanged("a", "destroyed", "casualties"))  # 100, not 50
    s = apply(s, ev.UnitStatusChanged("c", "active", "rallied"))  # 78 fewer for side 1
    assert eng.ruleset.victory_points(s) == {1: 345, 2: 320}
    winner, why = eng.ruleset.final_result(s, 6)
    assert winner == "draw" and "a draw on victory points, 345 to 320" in why
    eng = _battle("old-world", hero_slain=False)
    vp = eng.ruleset.victory_points(eng.state)
    assert vp == {1: 423, 2: 50}
    winner, why = eng.ruleset.final_result(eng.state, 6)
    assert winner == 1 and "(a crushing victory)" in why


def test_ninth_age_margin_is_a_tenth_of_the_larger_army():
    eng = _battle("ninth-age")
    vp = eng.ruleset.victory_points(eng.state)
    # no General, standard or Battle Standard Bearer bonuses: b 200, c 78, bsb 45; a 50,
    # hero 120
    assert vp == {1: 200 + 78 + 45, 2: 50 + 120}
    # armies of 220 and 445 points: a lead of 45 (a tenth of 445, rounded up) wins
    assert eng.ruleset.victory_margin(eng.state) == 45
    winner, why = eng.ruleset.final_result(eng.state, 6)
    assert winner == 1 and "323 to 170" in why


def test_the_json_result_has_victory_points_and_null_for_a_draw():
    eng = _battle("old-world")
    doc = result_json(eng)
    assert doc["victory_points"] == {"1": 423, "2": 270}
    assert doc["winner"] is None and doc["game_over"] is False


@pytest.mark.parametrize("bad", [-5, 2.5, "lots"])
def test_points_must_be_a_whole_number_from_zero(bad):
    from game.core.errors import ScenarioError

    data = scenario([_unit("old-world", "a", 1, 10, 40, 10, bad)], ruleset="old-world")
    with pytest.raises(ScenarioError, match=r'units\[0\] "a": points must be a whole number'):
        check_scenario(data, "test")


def test_rank_and_flank_games_last_six_turns_unless_told():
    eng = _battle("old-world")
    assert eng.state.max_turns == 6


def test_the_result_screen_line_names_what_each_unit_gave_up():
    eng = _battle("old-world")
    line = eng.ruleset.presenter.score_text(eng.state)
    assert line.startswith("Victory points: side 1 has 423, side 2 has 270 (armies of 220 and "
                           "445 points).")
    assert "A (reduced to a quarter or less, 50)" in line and "Hero (destroyed, 120)" in line
    assert "C (fleeing, 78)" in line


def test_the_banner_shows_the_turn_limit_and_the_victory_points():
    eng = _battle("old-world")
    text = eng.ruleset.presenter.status_text(eng.state)
    assert text.startswith("Game turn 1 of 6 · ")
    assert text.endswith("victory points 423 to 270 (armies of 220 and 445 points)")


@pytest.mark.parametrize("ruleset", ["old-world", "ninth-age"])
def test_each_units_share_of_the_victory_points_adds_up_to_the_enemys_score(ruleset):
    """The AI plays a fight out and weighs what the units in it gave up, unit by unit: those
    shares, General, Battle Standard Bearer and standard included, are the score."""
    from game.rulesets.rank_and_flank.ai import POINTS

    eng = _battle(ruleset)
    s, advisor = eng.state, eng.ruleset.advisor
    vp = eng.ruleset.victory_points(s)
    for side in (1, 2):
        given = sum(advisor.unit_scores(s, u) for u, rec in s.units.items() if rec.side == side)
        assert given == pytest.approx(vp[2 if side == 1 else 1] / POINTS)
    if ruleset == "old-world":  # b destroyed 200 and its standard taken 50; the hero 120 + 100
        assert advisor.unit_scores(s, "b") == pytest.approx(2.5)
        assert advisor.unit_scores(s, "hero") == pytest.approx(2.2)


def test_a_played_out_fight_counts_the_victory_points_its_units_gave_up():
    """A unit of the side choosing that was destroyed counts against it, an enemy fleeing for
    it, each weighed as the evaluation weighs the score in that game turn."""
    from game.ai.evaluate import score_weight
    from game.ai.player import _local

    def _local_scores(eng, side, units):
        # (what the victory points add to what the units are worth)
        return _local(eng, side, units, scores=True) - _local(eng, side, units)

    eng = _battle("old-world")
    w = score_weight(eng.state)
    # side 1 lost the hero (120 + 100 as General); side 2's c flees (78 of its 155)
    assert _local_scores(eng, 1, {"hero", "c"}) == pytest.approx(w * (0.78 - 2.2))
    assert _local_scores(eng, 2, {"hero", "c"}) == pytest.approx(w * (2.2 - 0.78))

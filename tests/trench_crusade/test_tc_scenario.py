"""Trench-crusade scenarios: profile checks, the results of headless play, the end of the
game, the log, and the trench map played headless and replayed."""

import json

import pytest

from game.cli import main
from game.core.errors import ScenarioError
from game.core.scenario import check_scenario
from tests.support import result, rolls, run
from tests.trench_crusade.helpers import R25, duel, game, model


def bad(unit_changes=None, **model_kw):
    u = model("a", 1, 4, 4, **model_kw)
    u.update(unit_changes or {})
    with pytest.raises(ScenarioError) as exc:
        check_scenario(game([u, model("b", 2, 20, 20)]), "x.toml")
    return str(exc.value)


@pytest.mark.parametrize(
    "stats, text",
    [({"Armour": 1}, "stats.Armour must be an injury modifier, a whole number from -3 to 0, got 1"),
     ({"Melee": "two"}, 'stats.Melee must be a number of DICE'),
     ({"Movement": -1}, "stats.Movement must be a number of inches from 0 to 24, got -1"),
     ({"MAV": 3}, "stats.MAV is not a trench-crusade characteristic")],
)
def test_profile_values_are_checked(stats, text):
    msg = bad(stats=stats)
    assert msg.startswith('x.toml: units[0] "a": ') and text in msg


def test_movement_and_melee_are_required():
    u = model("a", 1, 4, 4)
    del u["stats"]["Movement"]
    with pytest.raises(ScenarioError, match="stats.Movement is missing"):
        check_scenario(game([u]), "x.toml")


def test_unknown_keyword_rule_and_weapon_fields_are_refused():
    assert "unknown keyword 'Wizard'" in bad(keywords=["Wizard"])
    assert "unknown rule 'Regeneration'" in bad(rules=["Regeneration"])
    assert "weapons[0].attacks must be a whole number from 1 to 10, got 0" in bad(
        weapons=[{"name": "Club", "attacks": 0}])
    assert "weapons[0]: unknown key 'damage'" in bad(weapons=[{"name": "Club", "damage": 2}])
    assert "unknown weapon keyword \"SHINY\"" in bad(weapons=[{"name": "Club", "keywords": ["SHINY"]}])
    assert "models must be 1: trench-crusade fights model by model" in bad({"models": 2})


def test_results_report_status_and_blood_markers():
    # b: Minor Hit (2 + 2), then the Off-Hand (keep 6 4) hits: 4 + 3 = 7, Down: 2 Blood Markers
    a = {"weapons": [{"name": "Sword"}, {"name": "Knife"}]}
    eng = run(duel([4, 4, 2, 2, 6, 6, 4, 4, 3], a=a))
    res = result(eng)["units"]
    assert res["b"]["status"] == "down" and res["b"]["wounds_taken"] == 2
    assert res["b"]["models_left"] == 1
    assert res["a"]["status"] == "active" and res["a"]["wounds_taken"] == 0


def test_the_last_enemy_out_of_action_ends_the_game():
    eng = run(duel([4, 4, 5, 5]))
    res = result(eng)
    assert res["units"]["b"]["status"] == "out_of_action" and res["units"]["b"]["models_left"] == 0
    assert res["winner"] == 1 and res["game_over"]


def test_sides_alternate_one_model_at_a_time():
    a1, a2 = model("a1", 1, 4, 20), model("a2", 1, 8, 20)
    b1 = model("b1", 2, 4, 4)
    from tests.support import refusal

    orders = [{"unit": "a1", "do": "move", "to": [4, 19]}, {"unit": "a2", "do": "move", "to": [8, 19]}]
    assert "side 2 activates next" in refusal(game([a1, a2, b1], orders))


def test_turn_limit_decides_by_enemies_taken_out_of_action():
    a, b = model("a", 1, 12, 12 + R25), model("b", 2, 12, 12)
    c, d = model("c", 1, 2, 2), model("d", 2, 20, 20)
    orders = [{"unit": "a", "do": "fight", "target": "b"}, {"do": "end_turn"}]
    eng = run(game([a, b, c, d], orders, [5, 5, 5, 5], turns=1))
    assert eng.state.game_over and eng.state.winner == 1


def test_log_lines_use_the_rules_terms():
    eng = run(duel([6, 6, 1, 1, 4, 4], a={"stats": {"Melee": 1}}))
    lines = [eng.ruleset.presenter.describe(eng.state, e) for e in eng.log]
    assert "a, success roll at b: 3d6 6 6 1 (kept 6 6) [+1 die Melee] = 12 against 7: Critical Success" in lines
    assert any(line and line.startswith("a, injury roll at b: 3d6 1 4 4 (kept 4 4) [+1 die Critical] = 8")
               for line in lines)


def test_trench_map_plays_headless_and_replays(tmp_path, capsys):
    save = tmp_path / "trench.jsonl"
    assert main(["play", "maps/trench.toml", "--headless", "--json", "--save", str(save)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ruleset"] == "trench-crusade"
    assert {u["status"] for u in out["units"].values()} <= {"active", "down", "out_of_action"}
    assert any(e["type"] == "dice_rolled" and e["purpose"] == "diving_charge" for e in out["events"])
    assert main(["replay", str(save), "--check"]) == 0


def test_the_game_ends_the_moment_the_last_enemy_falls():
    # b goes Out of Action with the first of two attacks: no second roll, game over at once
    a = {"weapons": [{"name": "Flail", "attacks": 2}]}
    eng = run(duel([4, 4, 5, 5], a=a), finish=False)
    assert eng.state.game_over and eng.state.winner == 1
    assert len(rolls(eng, "success_roll")) == 1

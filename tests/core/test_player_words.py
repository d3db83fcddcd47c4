"""Words for players: names in place of ids in the log and in refusals, and the refusal kind
a ruleset sets for an action that is not open to a model now."""

from __future__ import annotations

from game.core import events as ev
from game.core.commands import command_from_dict
from game.core.engine import Engine
from game.core.errors import NOT_NOW
from game.core.log import player_text, show_inches, show_value
from game.core.scenario import check_scenario
from tests.support import run, scenario, unit


def _duel(orders=()):
    a = unit("orc", 1, 12, 15, name="Orc Brute")
    b = unit("elf", 2, 12, 10, 180, name="Elf Blademaster")
    terrain = [{"id": "wall-1", "kind": "obstacle", "name": "Old Wall",
                "polygon": [[2, 2], [4, 2], [4, 3], [2, 3]], "height": 1}]
    return scenario([a, b], orders, dice=[6] * 20, terrain=terrain)


def test_the_log_names_models_not_ids_and_shows_no_reprs_or_underscores():
    eng = run(_duel([{"unit": "orc", "do": "charge", "target": "elf"},
                     {"unit": "orc", "do": "fight", "target": "elf"}]))
    lines = [eng.ruleset.presenter.describe(eng.state, e) or "" for e in eng.log]
    text = "\n".join(lines)
    assert "Orc Brute charges Elf Blademaster" in lines
    assert any(ln.startswith("Orc Brute runs ") and ln.endswith('" into base contact') for ln in lines)
    assert "Orc Brute, attack at Elf Blademaster: d10 6 + MAV 4 = 10 against DV 9: hit" in lines
    for bad in ('"orc"', "'", "_", "[", "orc:", " elf"):
        assert bad not in text, bad


def test_player_text_puts_names_for_quoted_ids_and_terrain():
    eng = Engine(check_scenario(_duel(), "t"), seed=1)
    s = eng.state
    assert player_text(s, '"orc" cannot charge "elf": terrain "wall-1" is in the way') == (
        "Orc Brute cannot charge Elf Blademaster: Old Wall is in the way")
    # words that are not ids stay as they are; snake_case words are written apart
    assert player_text(s, '"nobody" is out_of_action') == '"nobody" is out of action'
    assert show_value(s, ("orc", "elf")) == "Orc Brute, Elf Blademaster"
    assert show_value(s, True) == "yes" and show_value(s, [3.5, 2]) == "(3.5, 2)"


def test_a_move_too_short_to_show_reads_less_than_a_tenth_not_zero():
    # (seen in AI games: "Skyraiders: flee 0.0"" at the table's edge; "it stops 0.0" short")
    assert [show_inches(d) for d in (4.46, 0.05, 0.049, 0.007)] == [
        '4.5"', '0.1"', 'less than 0.1"', 'less than 0.1"']


def test_terrain_keeps_its_name_from_the_scenario():
    eng = Engine(check_scenario(_duel(), "t"), seed=1)
    (wall,) = eng.state.terrain
    assert (wall.id, wall.name, wall.display) == ("wall-1", "Old Wall", "Old Wall")


def _last_refusal(orders):
    eng = Engine(check_scenario(_duel(), "t"), seed=1)
    out = None
    for raw in orders:
        out = eng.execute(command_from_dict(raw))
    return out.refusal


def test_refusals_say_whether_the_action_is_closed_or_only_this_target_or_place():
    # a third action: not open now, whatever the point
    moves = [{"unit": "orc", "do": "move", "to": [12, 16]}, {"unit": "orc", "do": "move", "to": [12, 17]}]
    r = _last_refusal([*moves, {"unit": "orc", "do": "move", "to": [12, 18]}])
    assert r.code == "no_actions_left" and r.kind == NOT_NOW
    # too far: this point is the problem, another would do
    r = _last_refusal([{"unit": "orc", "do": "move", "to": [12, 23]}])
    assert r.code == "illegal_move" and r.kind == ""
    # the other side's model: not its turn
    r = _last_refusal([{"unit": "elf", "do": "move", "to": [12, 8]}])
    assert r.code == "not_your_turn" and r.kind == NOT_NOW


def test_decision_lines_read_as_sentences():
    e = ev.DecisionRequested("d1", "defensive_strikes", "elf", 2, 'How does "elf" spend it?',
                             (), ("orc", "orc"))
    eng = Engine(check_scenario(_duel(), "t"), seed=1)
    line = eng.ruleset.presenter.describe(eng.state, e)
    assert line == "Decision — How does Elf Blademaster spend it? (default: Orc Brute, Orc Brute)"
    answer = eng.ruleset.presenter.describe(eng.state, ev.DecisionAnswered("d1", ("orc",), True))
    assert answer == "Answer: Orc Brute (the default)"


def test_the_headless_summary_names_units_in_words_and_tells_namesakes_apart(capsys):
    from pathlib import Path

    from game.cli import main
    from game.core.scenario import load_scenario

    default = Path(__file__).resolve().parents[2] / "maps" / "default.toml"
    assert main(["play", str(default), "--headless", "--seed", "1", "--ai", "both=random"]) == 0
    out = capsys.readouterr().out
    summary = out[out.index("\nseed 1, game turn"):]
    for bad in ("pike1", "ghoul2", "bonegiant", "_"):
        assert bad not in summary, bad
    assert "  Pikeman 1  " in summary and "  Pikeman 2  " in summary
    assert "  Bone Giant  " in summary
    assert "out of action" in summary or "destroyed" in summary
    state = Engine(load_scenario(default), seed=0).state
    names = {u: unit.display for u, unit in state.units.items()}
    assert names["ghoul1"] == "Ghoul 1" and names["ghoul2"] == "Ghoul 2"
    assert names["necro"] == "Necromancer"
    assert len(set(names.values())) == len(names)
    # the log names each model as its card does, so two namesakes are told apart there too
    assert state.models["ghoul2"].display == "Ghoul 2"


def test_rank_and_flank_units_that_share_a_name_are_numbered_and_their_models_with_them():
    stats = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}
    units = [{"id": uid, "side": side, "name": name, "x": x, "y": y, "base": "25x25",
              "facing": 0.0 if side == 1 else 180.0, "models": 5, "files": 5, "points": 50,
              "troop_type": "regular infantry", "stats": dict(stats)}
             for uid, side, name, x, y in (("s1", 1, "Spearmen", 10, 40), ("s2", 1, "Spearmen", 30, 40),
                                            ("g", 2, "Goblins", 20, 10))]
    state = Engine(check_scenario(scenario(units, ruleset="old-world",
                                           table={"width": 48.0, "height": 48.0}), "test"), seed=1).state
    assert [state.units[u].display for u in ("s1", "s2", "g")] == ["Spearmen 1", "Spearmen 2", "Goblins"]
    assert {state.models[m].display for m in state.units["s2"].models} == {"Spearmen 2"}

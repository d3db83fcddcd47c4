"""Every class of bad input in the scenario contract: exit status 2, one clear line naming the
file, the unit or order and the field, no traceback, nothing written."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from tests.support import SKIRMISH_TOML, play_file

GOOD = SKIRMISH_TOML
ROOT = Path(__file__).resolve().parents[2]


def play(tmp_path, text, name="x.toml", extra=()):
    return play_file(tmp_path, text, name, extra)


CASES = [
    ("not toml", "format = = 1", "not valid TOML"),
    ("missing key", GOOD.replace('name = "t"\n', ""), "missing required key 'name'"),
    ("unknown top key", GOOD.replace('name = "t"', 'name = "t"\ncolour = 3'), "unknown key 'colour'"),
    ("unknown unit key", GOOD.replace('id = "orc"', 'id = "orc"\nhat = 1'), 'units[0] "orc": unknown key \'hat\''),
    ("wrong type", GOOD.replace("DV = 9, DIS = 5, DT = 3 }\n[[units]]", 'DV = "six", DIS = 5, DT = 3 }\n[[units]]'),
     'units[0] "orc": stats.DV must be an integer from 1 to 20, got "six"'),
    ("stat out of range", GOOD.replace("MAV = 4, MA = 2, DV = 9, DIS = 5, DT = 3 }\n[[units]]",
                                       "MAV = 40, MA = 2, DV = 9, DIS = 5, DT = 3 }\n[[units]]"),
     "stats.MAV must be an integer from 0 to 10, got 40"),
    ("unknown ruleset", GOOD.replace("skirmish-d10", "chess"), "unknown ruleset \"chess\""),
    ("unknown rule", GOOD.replace('id = "orc"', 'id = "orc"\nrules = ["Laser Eyes"]'), "unknown rule 'Laser Eyes'"),
    ("unknown keyword", GOOD.replace('id = "orc"', 'id = "orc"\nkeywords = ["Robot"]'), "unknown keyword 'Robot'"),
    ("overlapping bases", GOOD.replace("y = 6.0", "y = 12.5"), "overlaps the base of"),
    ("off the table", GOOD.replace("x = 12.0\ny = 12.0", "x = 23.9\ny = 12.0"), "off the table"),
    ("bad side", GOOD.replace("side = 2", "side = 3"), "side must be 1 or 2, got 3"),
    ("illegal order", GOOD + '[[orders]]\nunit = "orc"\ndo = "fight"\ntarget = "elf"\n',
     'orders[0] (unit "orc", do "fight", target "elf"): "orc" is not in base contact with "elf"'),
    ("dice run out", GOOD.replace('name = "t"', 'name = "t"\ndice = [5]').replace("y = 12.0", "y = 10.0")
     + '[[orders]]\nunit = "orc"\ndo = "charge"\ntarget = "elf"\n'
     + '[[orders]]\nunit = "orc"\ndo = "fight"\ntarget = "elf"\n', "scripted dice ran out: roll 2"),
]


@pytest.mark.parametrize(("label", "text", "words"), CASES, ids=[c[0] for c in CASES])
def test_bad_scenario_exits_2_with_a_clear_message(tmp_path, capsys, label, text, words):
    code, save = play(tmp_path, text)
    err = capsys.readouterr().err
    assert code == 2
    assert words in err, err
    assert str(tmp_path / "x.toml") in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not save.exists() and not (tmp_path / "saves").exists()


def test_json_scenarios_are_accepted_and_bad_json_is_reported(tmp_path, capsys):
    import tomllib

    data = tomllib.loads(GOOD)
    code, _ = play(tmp_path, json.dumps(data), name="x.json")
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"scenario", "ruleset", "seed", "events", "units", "winner"}
    code, _ = play(tmp_path, "{nope", name="y.json")
    assert code == 2 and "not valid JSON" in capsys.readouterr().err


def test_missing_file(tmp_path, capsys):
    assert main(["play", str(tmp_path / "none.toml"), "--headless"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_save_cut_short_in_its_first_line_is_named_as_a_damaged_save(tmp_path, capsys):
    """A .jsonl that does not start with a save's header was read as a scenario and reported
    as bad TOML, which sent a player looking for a TOML file they never wrote."""
    p = tmp_path / "x.toml"
    p.write_text(GOOD)
    save = tmp_path / "game.jsonl"
    assert main(["play", str(p), "--headless", "--save", str(save)]) == 0
    capsys.readouterr()
    cut = save.read_bytes()[:200]
    save.write_bytes(cut)
    for args in (["play", str(save), "--headless"], ["simulate", str(save), "--games", "1"]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert f"{save}: not a Contact Zone save" in err and "TOML" not in err, err
        assert save.read_bytes() == cut


def test_save_refuses_to_overwrite_a_file_that_is_not_a_save(tmp_path, capsys):
    p = tmp_path / "x.toml"
    p.write_text(GOOD)
    precious = tmp_path / "notes.txt"
    precious.write_text("my notes")
    assert main(["play", str(p), "--headless", "--save", str(precious)]) == 2
    assert precious.read_text() == "my notes"
    assert "not overwriting" in capsys.readouterr().err


def test_the_real_entry_point_prints_no_traceback(tmp_path):
    p = tmp_path / "x.toml"
    p.write_text(GOOD.replace("DT = 3 }\n[[units]]", 'DT = "x" }\n[[units]]'))
    root = Path(__file__).resolve().parents[2]
    r = subprocess.run([sys.executable, str(root / "run.py"), "play", str(p), "--headless", "--json"],
                       capture_output=True, text=True, cwd=root)
    assert r.returncode == 2 and r.stdout == ""
    assert 'units[0] "orc": stats.DT must be an integer from 1 to 20, got "x"' in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: t.replace('name = "t"', 'name = "t"\ndice = [9, 1, 11]'),
         "dice[2]: must be a die result, a whole number from 1 to 10 for skirmish-d10, got 11"),
        (lambda t: t.replace('id = "orc"', 'id = "orc"\nrules = ["Mighty (2)"]'),
         "Mighty takes no parameter"),
    ],
)
def test_dice_out_of_range_and_parameters_on_rules_without_one(tmp_path, capsys, change, words):
    code, _ = play(tmp_path, change(GOOD))
    assert code == 2 and words in capsys.readouterr().err


def test_control_characters_in_names_reach_the_terminal_escaped(tmp_path, capsys):
    """A name holding ESC, BEL or a C1 control (issue 22) could recolour the terminal, set
    its title or clear it: every line printed shows them escaped, as written in the file."""
    text = (ROOT / "maps" / "duel.toml").read_text()
    text = text.replace('name = "Duel at the ford"', 'name = "Duel\\u001b[31m at the ford\\u0007"')
    text = text.replace('name = "Orc Brute"', 'name = "Orc\\u001b]0;title\\u0007 Brute\\u009b2J"')
    path = tmp_path / "names.toml"
    path.write_text(text)
    save = tmp_path / "g.jsonl"
    runs = [["play", str(path), "--headless", "--save", str(save)],
            ["play", str(path), "--headless", "--ai", "both=easy"],
            ["replay", str(save), "--log"],
            ["odds", str(path), "--unit", "elf", "--do", "fight", "--target", "orc"],
            ["simulate", str(path), "--games", "1", "--jobs", "1"]]
    for argv in runs:
        code = main(argv)
        out = capsys.readouterr().out
        assert code == 0, argv
        assert not any(c in out for c in "\x1b\x07\x9b"), argv
        assert "Orc\\u001b]0;title\\u0007 Brute\\u009b2J" in out, argv


def test_an_order_refused_under_another_seed_than_the_scenarios_says_so(capsys):
    # the trench map's orders are written for its seed 17; with seed 12 the Zealot is out of
    # action before its last order: the refusal names the order, and says why it may be refused
    trench = str(ROOT / "maps" / "trench.toml")
    assert main(["play", trench, "--headless", "--seed", "12"]) == 2
    err = capsys.readouterr().err
    assert 'orders[9] (unit "zealot"' in err and "out of action" in err
    assert "seed 12" in err and "own seed 17" in err
    # with its own seed, the same orders are played and no such note is given
    assert main(["play", trench, "--headless", "--seed", "17"]) == 0
    assert "own seed" not in capsys.readouterr().err

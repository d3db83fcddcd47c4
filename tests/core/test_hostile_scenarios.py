"""Scenario files built to break the reader (issue 8, findings 1, 2 and 8): numbers beyond what
a save can hold, values nested deep, numbers with thousands of digits, devices and pipes in
place of a file, files over the size limit. Each one: exit status 2, one line naming the file
and the field, no traceback, no save written."""

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.cli import main
from game.core.files import MAX_SCENARIO_BYTES
from tests.support import SKIRMISH_TOML, play_file

ROOT = Path(__file__).resolve().parents[2]
GOOD = SKIRMISH_TOML
BIG = 2**64  # one past what a save (64-bit JSON integers) can hold
ORC = 'id = "orc"'


def with_order(text, **fields):
    body = "".join(f"{k} = {v}\n" for k, v in fields.items())
    return text + f'[[orders]]\nunit = "orc"\n{body}'


def nested(depth, inner="1"):
    return "[" * depth + inner + "]" * depth


TOML_CASES = [
    ("seed beyond 64 bits", GOOD.replace('name = "t"', f'name = "t"\nseed = {BIG}'),
     "seed: must be a whole number from 0 to 9223372036854775807, got 18446744073709551616"),
    ("seed just past signed 64 bits", GOOD.replace('name = "t"', f'name = "t"\nseed = {2**63}'),
     "seed: must be a whole number from 0 to 9223372036854775807, got 9223372036854775808"),
    ("facing beyond 64 bits", GOOD.replace(ORC, f"{ORC}\nfacing = {BIG}"),
     'units[0] "orc": facing is 18446744073709551616, beyond the whole numbers a scenario can hold'),
    ("huge number in a free-text field", GOOD.replace('name = "t"', f'name = "t"\ndescription = {BIG}'),
     "description: must be a string, got 18446744073709551616"),
    ("huge number in an order argument", with_order(GOOD, do='"move"', to=f"[{BIG}, 3]"),
     "orders[0]: to[0] is 18446744073709551616, beyond the whole numbers a scenario can hold"),
    ("huge negative number", with_order(GOOD, do='"move"', to=f"[-{BIG}, 3]"),
     "orders[0]: to[0] is -18446744073709551616, beyond"),
    ("huge number deep in a unit table", GOOD.replace(ORC, f'{ORC}\nweapons = [{{ dmg = {BIG} }}]'),
     'units[0] "orc": weapons[0].dmg is 18446744073709551616, beyond'),
    ("order argument nested 254 deep", with_order(GOOD, do='"move"', to=nested(254)),
     "orders[0]: to" + "[0]" * 10 + " lies more than 12 levels deep"),
    ("free text nested deep", GOOD.replace('name = "t"', f'name = "t"\ndescription = {nested(30)}'),
     "description: must be a string, got [[[[...]]]]"),
    ("nesting past the parser's depth", GOOD.replace('name = "t"', f'name = "t"\ndescription = {nested(1500)}'),
     "not usable TOML: lists or tables nested far too deep to read"),
    ("inline tables past the parser's depth", with_order(GOOD, do='"move"', to="{a = " * 1500 + "1" + "}" * 1500),
     "not usable TOML: lists or tables nested far too deep to read"),
    ("a number of 4,301 digits", GOOD.replace('name = "t"', 'name = "t"\nseed = ' + "7" * 4301),
     "not usable TOML: a number with thousands of digits"),
    ("not a finite number", with_order(GOOD, do='"move"', to="[nan, 3]"),
     "orders[0]: to[0] is nan, not a finite number"),
    ("infinity", GOOD.replace(ORC, f"{ORC}\nfacing = inf"), 'units[0] "orc": facing is inf, not a finite number'),
    ("a date", with_order(GOOD, do='"move"', to="1979-05-27"),
     "orders[0]: to is a date or time (1979-05-27), which no scenario field takes"),
    ("a key with a line break", GOOD.replace(ORC, f'{ORC}\n"hat\\nX" = 3'),
     'units[0] "orc": has a key that is not a plain name: "hat\\nX"'),
    ("an id with a trailing line break", GOOD.replace(ORC, 'id = "orc\\n"'),
     'units[0]: id must be letters, digits, - and _, got "orc\\n"'),
    ("terrain name not text", GOOD + '[[terrain]]\nid = "w"\nname = 5\nkind = "area"\n'
     'polygon = [[1, 1], [2, 1], [2, 2]]\n', 'terrain[0] "w": name must be a string, got 5'),
    ("terrain corner far away", GOOD + '[[terrain]]\nid = "w"\nkind = "area"\n'
     'polygon = [[1, 1], [1e300, 1], [2, 2]]\n', 'terrain[0] "w": polygon[1] must be an [x, y] pair'),
    ("turns over the limit", GOOD.replace('name = "t"', 'name = "t"\nturns = 5000'),
     "turns: must be a whole number of game turns from 1 to 1000, got 5000"),
]


def _check_refused(tmp_path, capsys, code, save, words, name="x.toml"):
    err = capsys.readouterr().err
    assert code == 2, err
    assert words in err, err
    assert err.startswith(f"error: {tmp_path / name}: ")
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not save.exists() and not save.parent.exists()


@pytest.mark.parametrize(("label", "text", "words"), TOML_CASES, ids=[c[0] for c in TOML_CASES])
def test_a_hostile_toml_scenario_is_refused_naming_the_field(tmp_path, capsys, label, text, words):
    code, save = play_file(tmp_path, text)
    _check_refused(tmp_path, capsys, code, save, words)


def _json_doc(**extra):
    data = tomllib.loads(GOOD)
    data.update(extra)
    return data


JSON_CASES = [
    ("nesting past the parser's depth",
     json.dumps(_json_doc()).replace('"name": "t"', '"name": "t", "description": ' + nested(100_000)),
     "not usable JSON: lists or tables nested far too deep to read"),
    ("a number of 4,301 digits", json.dumps(_json_doc()).replace('"name": "t"', '"name": "t", "seed": ' + "9" * 4301),
     "not usable JSON: a number with thousands of digits"),
    ("a lone surrogate", json.dumps(_json_doc(orders=[{"unit": "orc", "do": "move", "to": "PLACEHOLDER"}]))
     .replace("PLACEHOLDER", "\\ud800"), 'orders[0]: to is not valid Unicode text: "\\ud800"'),
    ("huge number in a weapon table of trench-crusade",
     json.dumps({"format": 1, "name": "t", "ruleset": "trench-crusade", "units": [
         {"id": "a", "side": 1, "x": 5, "y": 5, "stats": {"Movement": 6, "Melee": 0, "Ranged": 0, "Armour": 0},
          "weapons": [{"name": "Club", "attacks": BIG}]}]}),
     'units[0] "a": weapons[0].attacks is 18446744073709551616, beyond'),
    ("Infinity", json.dumps(_json_doc()).replace('"name": "t"', '"name": "t", "turns": Infinity'),
     "turns: must be a whole number of game turns from 1 to 1000, got inf"),
    ("not a table at the top", "[1, 2]", "the file must hold a table of keys, not a list"),
]


@pytest.mark.parametrize(("label", "text", "words"), JSON_CASES, ids=[c[0] for c in JSON_CASES])
def test_a_hostile_json_scenario_is_refused_naming_the_field(tmp_path, capsys, label, text, words):
    code, save = play_file(tmp_path, text, name="x.json")
    _check_refused(tmp_path, capsys, code, save, words, name="x.json")


def test_a_big_huge_number_is_shown_by_its_length_not_in_full(tmp_path, capsys):
    code, save = play_file(tmp_path, GOOD.replace(ORC, f"{ORC}\nfacing = {10**200}"))
    err = capsys.readouterr().err
    assert code == 2 and "a whole number of 201 digits" in err and len(err) < 300


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused_before_reading_it(tmp_path, capsys, device):
    if not Path(device).exists():
        pytest.skip(f"no {device} here")
    save = tmp_path / "saves" / "out.jsonl"
    assert main(["play", device, "--headless", "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {device}: is not a regular file (a device, pipe or socket), not a scenario file\n"
    assert not save.parent.exists()


def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path, capsys):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert main(["play", str(fifo), "--headless"]) == 2  # returns at once: nothing opens it
    assert "is not a regular file" in capsys.readouterr().err


def test_a_file_over_the_size_limit_is_refused_before_reading_it(tmp_path, capsys):
    p = tmp_path / "huge.toml"
    with open(p, "wb") as fh:  # sparse: no disk used, and never read
        fh.truncate(MAX_SCENARIO_BYTES + 1)
    assert main(["play", str(p), "--headless"]) == 2
    err = capsys.readouterr().err
    assert "is 4.0 MB, larger than the 4.0 MB a scenario file may be" in err


def test_a_file_at_the_size_limit_is_read(tmp_path, capsys):
    text = GOOD.replace('name = "t"', 'name = "t"\ndescription = "x"')
    pad = MAX_SCENARIO_BYTES - len(text.encode()) + 1
    p = tmp_path / "big.toml"
    p.write_text(text.replace('"x"', '"' + "x" * pad + '"'))
    assert p.stat().st_size == MAX_SCENARIO_BYTES
    assert main(["play", str(p), "--headless", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scenario"] == "t"


def test_a_byte_order_mark_is_accepted(tmp_path, capsys):
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps(_json_doc()).encode())
    assert main(["play", str(p), "--headless", "--json"]) == 0


def test_the_huge_number_that_crashed_save_exits_2_from_the_real_entry_point(tmp_path):
    # the outside run's reproduction: play accepted it, --save died in orjson (exit 1)
    p = tmp_path / "x.toml"
    p.write_text(GOOD.replace('name = "t"', f'name = "t"\nseed = {BIG}'))
    save = tmp_path / "out.jsonl"
    r = subprocess.run([sys.executable, str(ROOT / "run.py"), "play", str(p), "--headless",
                        "--save", str(save)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "Traceback" not in r.stderr and r.stderr.count("\n") == 1
    assert "seed: must be a whole number from 0" in r.stderr
    assert not save.exists()

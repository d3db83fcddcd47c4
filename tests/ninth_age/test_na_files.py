"""ninth-age files and tools: bad unit profiles refused with one line naming the field (exit
2, nothing written), the shipped map played headless and its save checked, the rules list,
and the parts and Initiative Step ladder given to the window."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.core.engine import Engine
from game.core.replay import check, write_save
from game.core.ruleset import get_ruleset
from game.core.scenario import check_scenario, load_scenario
from tests.ninth_age.helpers import chariot, engaged
from tests.support import play_file, rolls

ROOT = Path(__file__).resolve().parents[2]

GOOD = """
format = 1
name = "t"
ruleset = "ninth-age"
[table]
width = 48.0
height = 48.0
[[units]]
id = "knights"
side = 1
x = 24.0
y = 30.0
base = "25x50"
models = 5
troop_type = "cavalry"
height = "standard"
stats = { Adv = 8, Mar = 16, Dis = 8, HP = 1, Def = 4, Res = 3, Arm = 5 }
parts = [
  { name = "knight", stats = { Att = 1, Off = 4, Str = 4, AP = 0, Agi = 5 }, weapons = ["lance"] },
  { name = "horse", stats = { Att = 1, Off = 3, Str = 3, AP = 0, Agi = 3 } },
]
[[units]]
id = "spears"
side = 2
x = 24.0
y = 10.0
facing = 180.0
models = 10
troop_type = "infantry"
stats = { Adv = 4, Mar = 8, Dis = 7, HP = 1, Def = 3, Res = 3, Arm = 1, Att = 1, Off = 3, Str = 3, AP = 0, Agi = 3 }
"""

CASES = [
    ("missing stat", GOOD.replace(" Str = 3, AP = 0, Agi = 3 }\n", " Str = 3, AP = 0 }\n"),
     'units[1] "spears": stats.Agi is missing'),
    ("part without Agi", GOOD.replace("Str = 3, AP = 0, Agi = 3 } },", "Str = 3, AP = 0 } },"),
     'units[0] "knights": parts[1].stats.Agi is missing'),
    ("unknown height", GOOD.replace('height = "standard"', 'height = "huge"'),
     'units[0] "knights": height must be one of: standard, large, gigantic; got "huge"'),
    ("offensive stat with parts", GOOD.replace("Arm = 5 }", "Arm = 5, Att = 2 }"),
     'units[0] "knights": stats.Att: a model with parts gives each part its own Offensive profile'),
    ("characteristic out of range", GOOD.replace("Def = 3, Res = 3, Arm = 1", "Def = 11, Res = 3, Arm = 1"),
     'units[1] "spears": stats.Def must be a whole number from 0 to 10, got 11'),
    ("march rate beyond 30 inches", GOOD.replace("Adv = 8, Mar = 16", "Adv = 8, Mar = 31"),
     'units[0] "knights": stats.Mar must be a whole number from 0 to 30, got 31'),
    ("no Health Points", GOOD.replace("HP = 1, Def = 3", "HP = 0, Def = 3"),
     'units[1] "spears": stats.HP must be a whole number from 1 to 10, got 0'),
    ("old-world key", GOOD.replace('troop_type = "infantry"', 'troop_type = "infantry"\narmour = 5'),
     'units[1] "spears": unknown key \'armour\''),
    ("unknown troop type", GOOD.replace('troop_type = "infantry"', 'troop_type = "regular infantry"'),
     'units[1] "spears": troop_type must be one of: infantry, cavalry, beast, construct'),
    ("unknown part key", GOOD.replace('{ name = "horse",', '{ name = "horse", colour = "bay",'),
     'units[0] "knights": parts[1]: unknown key \'colour\''),
    ("unknown part rule", GOOD.replace('weapons = ["lance"] }', 'weapons = ["lance"], rules = ["Laser Eyes"] }'),
     'units[0] "knights": parts[0].rules[0]: unknown rule \'Laser Eyes\''),
    ("bad Impact Hits", GOOD.replace('troop_type = "infantry"', 'troop_type = "infantry"\nrules = ["Impact Hits (D7)"]'),
     "Impact Hits (D7)"),
    ("bad Breath Attack", GOOD.replace('troop_type = "infantry"', 'troop_type = "infantry"\nrules = ["Breath Attack (AP 1)"]'),
     "Breath Attack needs the Strength of its hits"),
    ("bad Aegis", GOOD.replace('troop_type = "infantry"', 'troop_type = "infantry"\nrules = ["Aegis (1+)"]'),
     "Aegis takes the roll it needs in brackets, from 2+ to 6+"),
    ("unknown weapon", GOOD.replace('weapons = ["lance"]', 'weapons = ["laser"]'),
     'units[0] "knights": parts[0].weapons[0]: unknown weapon "laser"'),
]


@pytest.mark.parametrize("label, text, message", CASES, ids=[c[0] for c in CASES])
def test_bad_profiles_are_refused_naming_the_field(tmp_path, capsys, label, text, message):
    code, save = play_file(tmp_path, text)
    err = capsys.readouterr().err
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err and not save.exists()


def test_the_good_file_plays(tmp_path, capsys):
    # (cavalry march 16": Adv and Mar are inches, up to 30)
    code, save = play_file(tmp_path, GOOD)
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and save.exists()
    assert out["units"]["knights"]["models_left"] == 5


def test_the_shipped_map_plays_headless_and_its_save_checks_out(tmp_path):
    sc = load_scenario(ROOT / "maps" / "ninth-age.toml")
    eng = Engine(sc, seed=7)
    eng.finish()
    assert [e for e in eng.log if type(e).__name__ == "PhaseStarted"]
    path = tmp_path / "map.jsonl"
    write_save(eng, path)
    assert check(path).ok


def test_the_shipped_map_with_fights_replays(tmp_path, capsys):
    import tomllib

    data = tomllib.loads((ROOT / "maps" / "ninth-age.toml").read_text())
    data["orders"] = [
        {"unit": "skyraiders", "do": "move", "path": [["forward", 14.0]], "march": True},
        {"unit": "chariot", "do": "move", "path": [["forward", 8.0]]},
        {"do": "end_turn"},
        {"unit": "wyrm", "do": "charge", "target": "chariot"},
        {"do": "end_turn"},
        {"do": "end_turn"},
    ]
    p = tmp_path / "fight.json"
    p.write_text(json.dumps(data))
    save = tmp_path / "fight.jsonl"
    assert main(["play", str(p), "--headless", "--seed", "3", "--save", str(save)]) == 0
    capsys.readouterr()
    assert main(["replay", str(save), "--check"]) == 0
    assert main(["replay", str(save), "--log"]) == 0
    log = capsys.readouterr().out
    assert "Breath Attack" in log and "warning" not in log.lower()


def test_rules_lists_the_special_attacks(capsys):
    assert main(["rules", "ninth-age"]) == 0
    out = capsys.readouterr().out
    for name in ("Breath Attack", "Grind Attacks", "Impact Hits", "Stomp Attacks",
                 "Sweeping Attack", "Harnessed", "Inanimate", "Aegis", "Fortitude",
                 "Flaming Attacks", "Flammable"):
        assert name in out


def test_the_window_gets_parts_and_the_initiative_ladder():
    rs = get_ruleset("ninth-age")
    eng = Engine(check_scenario(engaged(a_kw=chariot()), "t"), seed=1)
    parts = rs.presenter.unit_parts(eng.state, "a")
    assert [p.name for p in parts] == ["chassis", "crew", "steed"]
    assert dict(parts[1].stats)["Agi"] == 4 and "Harnessed" in parts[2].rules
    ladder = rs.presenter.initiative_ladder(eng.state, "a")
    # b: the three models touching the 50 mm chariot and the three behind them, supporting
    assert [(r.step, r.unit, r.who, r.kind, r.count) for r in ladder] == [
        (4, "a", "crew", "close combat", 1),
        (3, "a", "steed", "close combat", 1),
        (3, "b", "B", "close combat", 6),
    ]
    assert not rolls(eng)  # asking rolls nothing


def test_no_ladder_for_a_unit_out_of_combat():
    rs = get_ruleset("ninth-age")
    eng = Engine(check_scenario(engaged(gap=5.0), "t"), seed=1)
    assert rs.presenter.initiative_ladder(eng.state, "a") == ()
    assert len(rs.presenter.unit_parts(eng.state, "a")) == 1  # a one-part model: the unit's own profile


def test_a_bad_base_is_refused_with_a_message(tmp_path, capsys):
    code, save = play_file(tmp_path, GOOD.replace('base = "25x50"', 'base = "2Lx50"'))
    err = capsys.readouterr().err
    assert code == 2 and 'units[0] "knights"' in err and "2Lx50" in err and "Traceback" not in err
    assert not save.exists()


def test_every_rule_and_condition_has_plain_words():
    import re

    jargon = re.compile(r"``|\bhook\b|\bflag\b|_|\bB2B\b|\bNone\b|\bTrue\b|\bdecision\b", re.I)
    rs = get_ruleset("ninth-age")
    for info in rs.rules().values():
        assert info.summary.endswith((".", ")")) and info.summary.count(". ") == 0, info.name
        assert len(info.description) > len(info.summary) >= 20, info.name
        assert not info.summary.lower().startswith(info.name.lower() + ":"), info.name
        for text in (info.summary, info.description):
            assert not jargon.search(text), (info.name, jargon.search(text).group(0))
    for name, info in rs.conditions().items():
        assert info.label[0].isupper() and len(info.description) >= 30, name
        assert not jargon.search(info.description), name


def test_the_window_gets_the_charge_zone_card_notes_marks_and_table_notes():
    rs = get_ruleset("ninth-age")
    eng = Engine(check_scenario(engaged(a_kw=chariot(), gap=5.0), "t"), seed=1)
    zone = rs.presenter.charge_zone(eng.state, "a")
    assert zone.reach == 8 + 12 and zone.likely == 8 + 7  # the chariot's Adv 8
    notes = rs.presenter.card_notes(eng.state, eng.state.models["b.1"])
    assert notes[0] == "Infantry, standard height, 10 of 10 models left"
    assert notes[1] == "5 wide and 2 deep, 2 Full Ranks"
    # a: 10 attacks (two ranks), 5 hit and wound; b strikes back with its 10 and misses
    dice = [6] * 5 + [1] * 5 + [6] * 5 + [1] * 10
    eng = Engine(check_scenario(engaged(b_kw={"rules": ["Unbreakable"]}, dice=dice), "t"), seed=1)
    eng.finish()
    assert eng.dice.count == len(dice)  # the round went as worked out above
    assert [m.key for m in rs.presenter.marks(eng.state, eng.state.models["b.1"])] == ["engaged"]
    notes = [rs.presenter.table_note(eng.state, e) for e in eng.log]
    texts = [n.text for n in notes if n is not None]
    assert "to hit: 5 hits" in texts and "-5 models" in texts
    assert all(n.model in eng.state.models for n in notes if n is not None)

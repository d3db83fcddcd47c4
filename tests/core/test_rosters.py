"""Rosters: a dozen profiles or more per playable ruleset, grouped by faction, searchable, each
one a unit a scenario takes; a broken roster says which profile and field."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core.errors import ScenarioError
from game.core.roster import load_roster, roster_path
from game.core.scenario import check_scenario

ROOT = Path(__file__).resolve().parents[2]
PLAYABLE = ("skirmish-d10", "trench-crusade", "old-world", "ninth-age")


@pytest.mark.parametrize("ruleset", PLAYABLE)
def test_each_ruleset_has_a_dozen_profiles_that_place_as_units(ruleset):
    roster = load_roster(ruleset)
    assert len(roster.profiles) >= 12
    assert len(roster.factions()) >= 2
    units = []
    for i, p in enumerate(roster.profiles):
        assert p.about and p.faction and "_" not in p.about
        units.append({"id": f"u{i}", "side": 1 + i % 2, "x": 10.0 + 12 * i, "y": 20.0,
                      **p.new_unit()})
    sc = check_scenario({"format": 1, "name": "All of them", "ruleset": ruleset,
                         "table": {"width": 12.0 * len(units) + 20, "height": 40.0},
                         "units": units}, "roster")
    assert [u.name for u in sc.units] == [p.name for p in roster.profiles]


def test_descriptions_are_our_own_words():
    seeds = ROOT.parent / "shared" / "seeds"
    texts = " ".join(p.read_text(encoding="utf-8", errors="replace").lower()
                     for p in seeds.glob("*.txt")) if seeds.is_dir() else ""
    if not texts:
        pytest.skip("the seed texts are not here to compare with")
    words = re.sub(r"[^a-z ]+", " ", texts).split()
    sixes = {" ".join(words[i:i + 6]) for i in range(len(words) - 5)}
    for ruleset in PLAYABLE:
        for p in load_roster(ruleset).profiles:
            mine = re.sub(r"[^a-z ]+", " ", p.about.lower()).split()
            for i in range(len(mine) - 5):
                assert " ".join(mine[i:i + 6]) not in sixes, (p.name, mine[i:i + 6])


def test_search_finds_by_name_faction_rule_and_keeps_factions_together():
    roster = load_roster("old-world")
    assert [p.name for p in roster.search("knights")] == ["Cold One Knights", "Knights of the Order"]
    assert {p.faction for p in roster.search("necromantic")} == {"The restless dead"}
    assert [p.name for p in roster.search("impact hits coach")] == ["Black Coach"]
    everyone = roster.search("")
    order = [p.faction for p in everyone]
    assert order == sorted(order, key=roster.factions().index)
    assert roster.search("no such thing") == []


def test_a_ruleset_without_a_roster_has_an_empty_one_and_a_broken_one_is_named(tmp_path):
    assert not roster_path("no-such-ruleset").exists()
    assert load_roster("no-such-ruleset").profiles == ()
    bad = tmp_path / "r.toml"
    bad.write_text('ruleset = "old-world"\n[[profiles]]\nfaction = "A"\nname = "Bad"\n'
                   'about = "x"\ntroop_type = "regular infantry"\n'
                   'stats = { M = 4, WS = 3, BS = 3, S = 3, T = 3, W = 1, I = 3, A = 1, Ld = 11 }\n')
    with pytest.raises(ScenarioError) as exc:
        load_roster("old-world", bad)
    assert str(exc.value) == (f'{bad}: profiles[0] "Bad": stats.Ld must be a whole number from 0 '
                              "to 10, got 11")


@pytest.mark.parametrize("ruleset", PLAYABLE)
def test_a_blank_unit_of_each_ruleset_loads_and_its_fields_are_its_own_keys(ruleset):
    from game.core.ruleset import get_ruleset

    rs = get_ruleset(ruleset)
    unit = {"id": "new", "side": 2, "x": 12.0, "y": 12.0, **rs.editor.starting_unit()}
    check_scenario({"format": 1, "name": "Blank", "ruleset": ruleset,
                    "table": {"width": 24.0, "height": 24.0}, "units": [unit]}, "blank")
    assert {f.key for f in rs.editor.unit_fields()} <= set(rs.unit_keys)
    for f in rs.editor.unit_fields():
        assert f.label and f.tip and "_" not in f.label

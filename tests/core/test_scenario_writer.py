"""Scenarios written back to TOML (what the editor saves) load back identical, and read like
the shipped maps; reviewing a scenario lists every problem in loading's own words."""

from __future__ import annotations

import copy
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import ScenarioError
from game.core.scenario import check_scenario, parse_text, read_file, review_scenario
from game.core.scenario_writer import scenario_toml

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.toml"))


def same(a, b):
    """Equal, and of the same types all the way down (a whole number stays whole)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def shown(v):
    """A comparable form of a Scenario field (NaN equal to itself; a unit's own table left
    to the comparison of the whole file)."""
    if isinstance(v, list):
        return [shown(x) for x in v]
    if hasattr(v, "raw") and hasattr(v, "placements"):
        return repr([(f.name, getattr(v, f.name)) for f in fields(v) if f.name != "raw"])
    return repr(v)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_every_shipped_map_loads_saves_and_loads_back_identical(path, tmp_path):
    first = read_file(path)
    saved = tmp_path / path.name
    saved.write_text(scenario_toml(first), encoding="utf-8")
    again = read_file(saved)
    assert same(again, first)
    a, b = check_scenario(first, str(path)), check_scenario(again, str(saved))
    for f in fields(a):
        if f.name not in ("path", "raw"):
            assert shown(getattr(a, f.name)) == shown(getattr(b, f.name)), f.name
    # and saving the reloaded file changes nothing
    assert scenario_toml(again) == saved.read_text(encoding="utf-8")


def test_the_file_reads_like_a_shipped_map():
    text = scenario_toml(read_file(ROOT / "maps" / "duel.toml"))
    lines = text.splitlines()
    assert lines[:3] == ['format = 1', 'name = "Duel at the ford"', 'ruleset = "skirmish-d10"']
    assert lines.index("[table]") < lines.index("[[terrain]]") < lines.index("[[units]]")
    unit = lines[lines.index("[[units]]") + 1:]
    keys = [ln.split(" = ")[0] for ln in unit[:unit.index("")]]
    assert keys == ["id", "side", "name", "x", "y", "facing", "base", "stats", "rules"]
    assert 'stats = { MOV = 5, MAV = [4, 4, 3], MA = 3, DV = 9, DIS = 4, DT = 3 }' in lines


def test_long_lists_take_one_item_per_line():
    data = {"format": 1, "name": "x", "ruleset": "old-world",
            "units": [{"id": "a", "rules": [f"Rule number {i}" for i in range(12)]}]}
    text = scenario_toml(data)
    assert '  "Rule number 3",' in text.splitlines()
    assert tomllib.loads(text) == data


names = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)
scalars = (st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False, allow_infinity=False)
           | st.booleans() | names)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(names, inner, max_size=4), max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(names, values, max_size=5), names)
def test_any_text_numbers_and_nesting_survive_the_round_trip(extra, name):
    data = {"format": 1, "name": name, "ruleset": "skirmish-d10",
            "table": {"width": 24.0, "height": 24},
            "units": [{"id": "a", "side": 1, "stats": extra, "weapons": [extra]}],
            "orders": [{"unit": "a", "do": "move", "extra": extra}]}
    assert same(tomllib.loads(scenario_toml(data)), data)


# --- reviewing: every problem at once ------------------------------------------------------------


def test_review_lists_every_problem_and_the_first_is_what_loading_says():
    data = read_file(ROOT / "maps" / "duel.toml")
    data["turns"] = 0
    data["units"][0]["stats"]["DV"] = "nine"
    data["units"][1]["x"] = 23.9  # off the table
    data["terrain"][0]["polygon"] = [[0, 0], [1, 1]]
    with pytest.raises(ScenarioError) as first:
        check_scenario(copy.deepcopy(data), "duel.toml")
    review = review_scenario(data, "duel.toml")
    messages = [p.message for p in review.problems]
    assert messages[0] == str(first.value)
    by_part = {(p.part, p.index, p.key): p.reason for p in review.problems}
    assert by_part[("", None, "turns")].startswith("must be a whole number of game turns")
    assert by_part[("units", 0, "stats.DV")] == 'stats.DV must be an integer from 1 to 20, got "nine"'
    assert by_part[("terrain", 0, "polygon")].startswith("polygon must be a list of at least 3")
    off = [p for p in review.problems if p.part == "units" and p.index == 1]
    assert off and "is off the table (24 x 24 inches)" in off[0].reason
    # what passed is there to draw: the elf still stands (off the table), the rocks are out
    assert [u.id for u in review.partial.units] == ["elf"]
    assert review.partial.terrain == ()


def test_review_names_both_bases_that_overlap_and_a_stand_in_draws_a_broken_unit():
    data = read_file(ROOT / "maps" / "duel.toml")
    data["units"][1]["y"] = 14.5
    data["units"][1]["stats"]["MA"] = -1
    standin = {**data["units"][1], "stats": dict(data["units"][0]["stats"])}
    review = review_scenario(data, "duel.toml", substitute=lambda i, u: standin)
    overlap = {p.index: p.reason for p in review.problems if "overlaps" in p.reason}
    assert overlap == {0: 'the base of "orc" overlaps the base of "elf" (units[1] "elf")',
                       1: 'the base of "elf" overlaps the base of "orc" (units[0] "orc")'}
    assert any(p.key == "stats.MA" and p.index == 1 for p in review.problems)
    assert [u.id for u in review.partial.units] == ["orc", "elf"]


def test_a_scenario_that_loads_has_no_problems():
    for path in MAPS:
        review = review_scenario(read_file(path), str(path))
        assert review.problems == [], path.name
        assert len(review.partial.units) == len(check_scenario(read_file(path), str(path)).units)


def test_deployment_zones_are_checked_like_any_key():
    data = read_file(ROOT / "maps" / "duel.toml")
    data["deployment"] = [{"side": 1, "x": 0, "y": 18, "width": 24, "height": 6},
                          {"side": 2, "x": 0.0, "y": 0.0, "width": 30.0, "height": 6.0}]
    with pytest.raises(ScenarioError, match=r"deployment\[1\]: the zone from x 0, y 0, 30 by 6 "
                                            r"inches, goes past the table's edge"):
        check_scenario(data, "duel.toml")
    data["deployment"][1]["width"] = 24.0
    sc = check_scenario(data, "duel.toml")
    assert sc.deployment == ((1, 0.0, 18.0, 24.0, 6.0), (2, 0.0, 0.0, 24.0, 6.0))
    data["deployment"][0]["side"] = 3
    (p,) = review_scenario(data, "duel.toml").problems
    assert (p.part, p.index, p.key, p.reason) == ("deployment", 0, "side", "side must be 1 or 2, got 3")
    assert same(parse_text(scenario_toml(data), "x.toml"), data)

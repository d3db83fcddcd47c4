"""The editor's fields: typed text becomes the value a person would write in the file, and
every problem the file check finds lands next to the field it is about (no pygame here)."""

from __future__ import annotations

import copy

import pytest

from game.core.roster import load_roster
from game.core.ruleset import get_ruleset
from game.core.scenario import review_scenario
from game.ui.editor.fields import (
    LINES,
    LIST,
    NUMBER,
    STAT,
    Field,
    field_of,
    to_text,
    to_value,
    unit_fields,
)


@pytest.mark.parametrize("kind, text, value", [
    (NUMBER, "5", 5), (NUMBER, " 5.25 ", 5.25), (NUMBER, "five", "five"), (NUMBER, "", None),
    (NUMBER, "inf", "inf"), (NUMBER, "1_000", "1_000"),
    (STAT, "4, 4, 3", [4, 4, 3]), (STAT, "4", 4), (STAT, "4, x", [4, "x"]),
    (LIST, "Zombie, Undead ,", ["Zombie", "Undead"]), (LIST, " ", None),
    (LINES, "Hatred (all enemies)\n\nFear", ["Hatred (all enemies)", "Fear"]),
    (LINES, '{ name = "Club", type = "melee", injury_modifier = 1 }',
     [{"name": "Club", "type": "melee", "injury_modifier": 1}]),
    (LINES, "{ broken", ["{ broken"]),
])
def test_typed_text_becomes_the_file_s_value(kind, text, value):
    assert to_value(Field("k", "K", kind), text) == value


def test_values_show_as_a_person_writes_them():
    assert to_text(Field("k", "K", STAT), [4, 4, 3]) == "4, 4, 3"
    assert to_text(Field("k", "K", NUMBER), 12.0) == "12"
    assert to_text(Field("k", "K", NUMBER), 12.495) == "12.495"
    weapons = [{"name": "Club", "type": "melee"}, "hand weapon"]
    text = to_text(Field("weapons", "W", LINES), weapons)
    assert text == '{ name = "Club", type = "melee" }\nhand weapon'
    assert to_value(Field("weapons", "W", LINES), text) == weapons


BREAKS = [
    ("skirmish-d10", ("stats", "DV"), "nine", "stats.DV"),
    ("skirmish-d10", ("rules",), ["Flying Kick"], "rules"),
    ("skirmish-d10", ("keywords",), ["Dragon"], "keywords"),
    ("skirmish-d10", ("base",), "huge", "base"),
    ("trench-crusade", ("weapons",), [{"name": "Club", "type": "thrown"}], "weapons"),
    ("trench-crusade", ("keywords",), ["WIZARD"], "keywords"),
    ("old-world", ("troop_type",), "goblins", "troop_type"),
    ("old-world", ("armour",), 9, "armour"),
    ("old-world", ("command",), ["drummer"], "command"),
    ("old-world", ("files",), 40, "files"),
    ("old-world", ("weapons",), ["banana"], "weapons"),
    ("old-world", ("base",), "r25", "base"),
    ("old-world", ("x",), 500.0, "place"),
]


@pytest.mark.parametrize("ruleset, path, bad, field", BREAKS)
def test_each_problem_lands_on_its_field(ruleset, path, bad, field):
    rs = get_ruleset(ruleset)
    unit = {"id": "u", "side": 1, "x": 20.0, "y": 20.0, **load_roster(ruleset).profiles[0].new_unit()}
    table = unit
    for k in path[:-1]:
        table = table[k]
    table[path[-1]] = copy.deepcopy(bad)
    data = {"format": 1, "name": "t", "ruleset": ruleset,
            "table": {"width": 40.0, "height": 40.0}, "units": [unit]}
    (problem,) = review_scenario(data, "t.toml").problems
    keys = {f.key for f in unit_fields(rs, unit, ())} | {"place"}
    assert field_of(problem, keys) == field, problem.reason

"""Rosters: the profiles a player picks units from in the scenario editor.

A ruleset's roster is ``assets/rosters/<ruleset id>.toml``: a list of ``[[profiles]]``, each
with its ``faction``, ``about`` (a line in our own words) and the keys of a unit's table
(``name``, ``base``, ``stats``, ``rules``, ``keywords``, ``weapons``, and the ruleset's own:
``models``, ``files``, ``troop_type``...), without ``id``, ``side`` or a place. Every profile
is checked as a unit of a scenario is, with the same messages, so a unit taken from a roster
always loads.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError
from game.core.scenario import check_scenario, read_file

ROOT = Path(__file__).resolve().parents[2]
ROSTERS = ROOT / "assets" / "rosters"
#: keys of a profile that are about the profile, not the unit
META_KEYS = ("faction", "about")
PLACE_KEYS = ("id", "side", "x", "y", "facing", "positions", "joins")


@dataclass(frozen=True, slots=True)
class Profile:
    """One entry of a roster: who it is (``name``, ``faction``, ``about``) and the unit's
    table it gives (``unit``: no id, side or place)."""

    name: str
    faction: str
    about: str
    unit: dict[str, Any]

    def new_unit(self) -> dict[str, Any]:
        """A fresh copy of the unit's table (to change without changing the roster)."""
        return copy.deepcopy(self.unit)

    def matches(self, words: str) -> bool:
        """Whether every word of ``words`` is in its name, faction, rules, keywords or
        description (not case-sensitive)."""
        hay = " ".join([self.name, self.faction, self.about,
                        *map(str, self.unit.get("rules", [])),
                        *map(str, self.unit.get("keywords", [])),
                        str(self.unit.get("troop_type", ""))]).lower()
        return all(w in hay for w in words.lower().split())


@dataclass(frozen=True, slots=True)
class Roster:
    ruleset: str
    profiles: tuple[Profile, ...]

    def factions(self) -> list[str]:
        return list(dict.fromkeys(p.faction for p in self.profiles))

    def search(self, words: str = "") -> list[Profile]:
        """The profiles that match ``words``, grouped by faction (in the roster's order)."""
        found = [p for p in self.profiles if p.matches(words)]
        order = {f: i for i, f in enumerate(self.factions())}
        return sorted(found, key=lambda p: order[p.faction])


def roster_path(ruleset: str) -> Path:
    return ROSTERS / f"{ruleset}.toml"


def load_roster(ruleset: str, path: str | Path | None = None) -> Roster:
    """The roster of ``ruleset`` (an empty one when it has none yet). Raises
    :class:`ScenarioError` naming the file, the profile and the field for one that a
    scenario would not take."""
    p = Path(path) if path is not None else roster_path(ruleset)
    if path is None and not p.exists():
        return Roster(ruleset, ())
    data = read_file(p)
    name = str(p)
    if data.get("ruleset") != ruleset:
        raise ScenarioError(f'{name}: ruleset must be "{ruleset}", got {data.get("ruleset")!r}')
    items = data.get("profiles")
    if not isinstance(items, list):
        raise ScenarioError(f"{name}: profiles must be a list of [[profiles]] tables")
    out = []
    for i, item in enumerate(items):
        out.append(_profile(name, ruleset, i, item))
    return Roster(ruleset, tuple(out))


def _profile(name: str, ruleset: str, i: int, item: Any) -> Profile:
    where = f"{name}: profiles[{i}]"
    if not isinstance(item, dict):
        raise ScenarioError(f"{where}: must be a table")
    title = item.get("name")
    if not isinstance(title, str) or not title.strip():
        raise ScenarioError(f"{where}: name must be a non-empty string")
    where = f'{where} "{title}"'
    for key in (*META_KEYS,):
        if not isinstance(item.get(key), str) or not item[key].strip():
            raise ScenarioError(f"{where}: {key} must be a non-empty string")
    for key in PLACE_KEYS:
        if key in item:
            raise ScenarioError(f"{where}: {key} is given where the unit is placed, not in a roster")
    unit = {k: v for k, v in item.items() if k not in META_KEYS}
    trial = {"format": 1, "name": "roster", "ruleset": ruleset,
             "table": {"width": 400.0, "height": 400.0},
             "units": [{"id": "profile", "side": 1, "x": 200.0, "y": 200.0, **unit}]}
    try:
        check_scenario(trial, name)
    except ScenarioError as exc:
        text = str(exc).removeprefix(f"{name}: ").removeprefix('units[0] "profile": ')
        raise ScenarioError(f"{where}: {text}") from None
    return Profile(title.strip(), item["faction"].strip(), item["about"].strip(), unit)

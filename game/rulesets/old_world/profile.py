"""Unit profiles of old-world: the scenario's unit tables checked (one message naming the
field), and what the rules read of a unit that never changes during a game."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.core.scenario import UnitSpec
from game.core.state import GameState
from game.geometry.bases import parse_base
from game.rulesets.old_world import constants as K
from game.rulesets.old_world.rules import RULES
from game.rulesets.rank_and_flank import layout


@dataclass(frozen=True, slots=True)
class UnitProfile:
    """What the rules read of a unit that stays the same all game."""

    troop: K.TroopType
    armour: int  # the armour save (7: none), shield included when it has one
    weapons: tuple[str, ...]
    command: frozenset[str]
    start_models: int
    wounds: int  # per model

    def has(self, weapon: str) -> bool:
        return weapon in self.weapons

    @property
    def us_per_model(self) -> int:
        return self.troop.unit_strength or self.wounds


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return f'"{v}"' if isinstance(v, str) else repr(v)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def weapon_name(text: str) -> str:
    return " ".join(text.lower().split())


def check_unit(unit: dict[str, Any]) -> None:
    """Raise ValueError naming the field for a unit old-world cannot use."""
    stats = unit["stats"]
    for key in stats:
        if key not in K.PROFILE:
            raise ValueError(f"stats.{key} is not an old-world characteristic "
                             f"(known: {', '.join(K.PROFILE)})")
    for key, (lo, hi) in K.PROFILE.items():
        if key not in stats:
            raise ValueError(f"stats.{key} is missing")
        v = stats[key]
        if not (_whole(v) and lo <= v <= hi):
            raise ValueError(f"stats.{key} must be a whole number from {lo} to {hi}, got {_show(v)}")
    troop = unit.get("troop_type")
    if troop is None:
        raise ValueError(f"troop_type is missing (one of: {', '.join(K.TROOP_TYPES)})")
    if not isinstance(troop, str) or troop.strip().lower() not in K.TROOP_TYPES:
        raise ValueError(f"troop_type must be one of: {', '.join(K.TROOP_TYPES)}; got {_show(troop)}")
    armour = unit.get("armour", 7)
    if not (_whole(armour) and 2 <= armour <= 7):
        raise ValueError(f"armour must be the armour save, a whole number from 2 (2+) to 7 "
                         f"(none), got {_show(armour)}")
    for j, w in enumerate(unit.get("weapons", [])):
        if not isinstance(w, str) or weapon_name(w) not in K.WEAPONS:
            raise ValueError(f"weapons[{j}]: unknown weapon {_show(w)} "
                             f"(known: {', '.join(K.WEAPONS)})")
    for r in unit.get("rules", []):
        RULES.check(r)
    command = unit.get("command", [])
    if not isinstance(command, list):
        raise ValueError(f"command must be a list, got {_show(command)}")
    for j, c in enumerate(command):
        if not isinstance(c, str) or c.strip().lower() not in K.COMMAND:
            raise ValueError(f"command[{j}] must be one of: {', '.join(K.COMMAND)}; got {_show(c)}")
    for key in ("parts", "height"):
        if key in unit:
            raise ValueError(f"{key} is a ninth-age key; old-world units do not take it")
    if "positions" in unit:
        raise ValueError("positions is not used by old-world: a unit stands in formation "
                         "(x, y, facing, files)")
    base = unit.get("base", "25x25")
    shape = parse_base(base, {})
    if shape.is_round:
        raise ValueError(f"base {base!r}: units in formation stand on rectangular bases (\"WxD\" in mm)")
    models = unit.get("models", 1)
    files = unit.get("files")
    if files is not None and _whole(models) and files > models:
        raise ValueError(f"files is {files} but the unit has only {models} models")
    if "joins" in unit and models != 1:
        raise ValueError(f"joins: only a character (a unit of one model) joins a unit; "
                         f"this unit has {models} models")


def placements(unit: dict[str, Any], x: float, y: float, facing: float) -> list[tuple[float, float, float]]:
    """The models of a unit in formation, centred on its Unit Boundary's centre ``x``, ``y``."""
    models = unit.get("models", 1)
    files = unit.get("files") or min(models, K.DEFAULT_FILES)
    shape = parse_base(unit.get("base", "25x25"), {})
    from game.core.state import Formation

    f = Formation(x, y, facing, files)
    return [(px, py, facing) for px, py in layout.positions(f, models, shape.width, shape.depth)]


def profile_of(unit: UnitSpec) -> UnitProfile:
    raw = unit.raw
    weapons = tuple(weapon_name(w) for w in raw.get("weapons", [])) or ("hand weapon",)
    if "hand weapon" not in weapons:
        weapons = ("hand weapon", *weapons)
    return UnitProfile(
        troop=K.TROOP_TYPES[raw["troop_type"].strip().lower()],
        armour=int(raw.get("armour", 7)),
        weapons=weapons,
        command=frozenset(c.strip().lower() for c in raw.get("command", [])),
        start_models=len(unit.placements),
        wounds=int(unit.stats["W"]),
    )


def profiles(s: GameState) -> dict[str, UnitProfile]:
    got: dict[str, UnitProfile] = s.book["profiles"]
    return got


def files_default(unit: UnitSpec) -> int:
    models = len(unit.placements)
    return unit.files or min(models, K.DEFAULT_FILES)


def ranks_at_start(unit: UnitSpec) -> int:
    return math.ceil(len(unit.placements) / files_default(unit))

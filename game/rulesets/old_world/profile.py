"""Unit profiles of old-world: the scenario's unit tables checked (one message naming the
field), and what the rules read of a unit that never changes during a game."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.core.scenario import UnitSpec
from game.core.state import GameState
from game.rulesets.old_world import constants as K
from game.rulesets.old_world.rules import RULES
from game.rulesets.rank_and_flank import setup
from game.rulesets.rank_and_flank.setup import check_formation_keys, show, whole
from game.rulesets.rank_and_flank.shooting import (
    Missile,
    listed_missiles,
    read_table,
    table_missile,
    table_value,
)


@dataclass(frozen=True, slots=True)
class UnitProfile:
    """What the rules read of a unit that stays the same all game."""

    troop: K.TroopType
    armour: int  # the armour save (7: none), shield included when it has one
    weapons: tuple[str, ...]
    command: frozenset[str]
    start_models: int
    wounds: int  # per model
    missiles: tuple[Missile, ...] = ()  # its missile weapons, in the order listed

    def has(self, weapon: str) -> bool:
        return weapon in self.weapons

    @property
    def us_per_model(self) -> int:
        return self.troop.unit_strength or self.wounds


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
        if not (whole(v) and lo <= v <= hi):
            raise ValueError(f"stats.{key} must be a whole number from {lo} to {hi}, got {show(v)}")
    troop = unit.get("troop_type")
    if troop is None:
        raise ValueError(f"troop_type is missing (one of: {', '.join(K.TROOP_TYPES)})")
    if not isinstance(troop, str) or troop.strip().lower() not in K.TROOP_TYPES:
        raise ValueError(f"troop_type must be one of: {', '.join(K.TROOP_TYPES)}; got {show(troop)}")
    armour = unit.get("armour", 7)
    if not (whole(armour) and 2 <= armour <= 7):
        raise ValueError(f"armour must be the armour save, a whole number from 2 (2+) to 7 "
                         f"(none), got {show(armour)}")
    for j, w in enumerate(unit.get("weapons", [])):
        if isinstance(w, dict):
            missile_of(w, f"weapons[{j}]")
        elif not isinstance(w, str) or weapon_name(w) not in K.WEAPONS:
            raise ValueError(f"weapons[{j}]: unknown weapon {show(w)} "
                             f"(known: {', '.join(K.WEAPONS)}; a missile weapon of other "
                             "numbers is a table: { name = \"bow\", range = 24, S = 3, AP = 0 })")
    for r in unit.get("rules", []):
        RULES.check(r)
    for key in ("parts", "height"):
        if key in unit:
            raise ValueError(f"{key} is a ninth-age key; old-world units do not take it")
    check_formation_keys(unit, K.COMMAND)


MISSILE_KEYS = ("name", "range", "S", "AP", "rules")


def missile_of(table: dict[str, Any], where: str) -> Missile:
    """A missile weapon given as a table: ``name`` (a listed weapon's other numbers, or a weapon
    of its own, which then needs its ``range``), ``range``, ``S`` (left out: the listed one's, or
    the wielder's), ``AP`` (0 or less) and ``rules``. Raises ValueError naming the key."""
    name, base, rng, rules = read_table(
        table, MISSILE_KEYS, where, K.MISSILES,
        lambda n: n in K.WEAPONS and not K.WEAPONS[n].missile, K.MISSILE_RULES, "missile")
    return table_missile(name, base, rng, rules, strength=table_value(table, "S", 0, 10, where),
                         ap=table_value(table, "AP", -10, 0, where))


def missiles_of(weapons: list[Any]) -> tuple[Missile, ...]:
    """The missile weapons of a unit's ``weapons`` list (names and tables)."""
    return listed_missiles(weapons, K.MISSILES, missile_of)


def placements(unit: dict[str, Any], x: float, y: float,
               facing: float) -> list[tuple[float, float, float]] | None:
    """The models of a unit in formation, centred on its Unit Boundary's centre ``x``, ``y``."""
    return setup.placements(unit, x, y, facing, K.DEFAULT_FILES)


def profile_of(unit: UnitSpec) -> UnitProfile:
    raw = unit.raw
    listed = raw.get("weapons", [])
    weapons = tuple(weapon_name(w) for w in listed if isinstance(w, str)) or ("hand weapon",)
    if "hand weapon" not in weapons:
        weapons = ("hand weapon", *weapons)
    return UnitProfile(
        troop=K.TROOP_TYPES[raw["troop_type"].strip().lower()],
        armour=int(raw.get("armour", 7)),
        weapons=weapons,
        command=frozenset(c.strip().lower() for c in raw.get("command", [])),
        start_models=len(unit.placements),
        wounds=int(unit.stats["W"]),
        missiles=missiles_of(listed),
    )


def profiles(s: GameState) -> dict[str, UnitProfile]:
    got: dict[str, UnitProfile] = s.book["profiles"]
    return got


def files_default(unit: UnitSpec) -> int:
    models = len(unit.placements)
    return unit.files or min(models, K.DEFAULT_FILES)


def ranks_at_start(unit: UnitSpec) -> int:
    return math.ceil(len(unit.placements) / files_default(unit))

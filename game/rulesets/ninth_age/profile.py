"""Unit profiles of ninth-age: the scenario's unit tables checked (one message naming the
field), and what the rules read of a unit that never changes during a game.

A model has one Global profile (Adv, Mar, Dis) and one Defensive profile (HP, Def, Res, Arm),
in the unit's ``stats``. Its Offensive profile (Att, Off, Str, AP, Agi) is in ``stats`` too for
a model of one part; a multipart model (rider and mount, crew and chassis) gives each part
its own in ``parts``, with the part's own rules (``Harnessed``, ``Inanimate``, Special Attacks)
and weapons. A part that appears twice on the model is listed twice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from game.core.scenario import UnitSpec
from game.core.state import GameState
from game.rulesets.common.rules import parse_rule
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age.rules import RULES
from game.rulesets.rank_and_flank.setup import check_formation_keys, show, whole
from game.rulesets.rank_and_flank.shooting import (
    Missile,
    listed_missiles,
    read_table,
    table_missile,
    table_value,
)

PART_KEYS = ("name", "stats", "rules", "weapons")


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a model: its Offensive profile, its rules (the model's and its own) and
    the weapons it fights with."""

    index: int
    name: str
    att: int
    off: int
    str_: int
    ap: int
    agi: int
    rules: tuple[str, ...]
    weapons: tuple[str, ...]
    missiles: tuple[Missile, ...] = ()  # its shooting weapons, in the order listed

    def stats(self) -> tuple[tuple[str, int], ...]:
        return (("Att", self.att), ("Off", self.off), ("Str", self.str_), ("AP", self.ap),
                ("Agi", self.agi))


@dataclass(frozen=True, slots=True)
class UnitProfile:
    """What the rules read of a unit that stays the same all game."""

    troop: str
    height: K.Height
    parts: tuple[Part, ...]
    multipart: bool
    command: frozenset[str]
    start_models: int
    hp: int  # Health Points per model
    rules: tuple[str, ...]  # the unit's own rules (the whole model's)


# --- checking a unit table ---------------------------------------------------------------------------


def weapon_name(text: str) -> str:
    return " ".join(text.lower().split())


def _check_stats(stats: Any, keys: tuple[str, ...], where: str) -> None:
    if not isinstance(stats, dict):
        raise ValueError(f"{where} must be a table, got {show(stats)}")
    for key in keys:
        if key not in stats:
            raise ValueError(f"{where}.{key} is missing")
        lo, hi = K.RANGES[key]
        v = stats[key]
        if not (whole(v) and lo <= v <= hi):
            raise ValueError(f"{where}.{key} must be a whole number from {lo} to {hi}, got {show(v)}")


def _check_weapons(weapons: Any, where: str) -> None:
    if not isinstance(weapons, list):
        raise ValueError(f"{where} must be a list, got {show(weapons)}")
    for j, w in enumerate(weapons):
        if isinstance(w, dict):
            missile_of(w, f"{where}[{j}]")
        elif not isinstance(w, str) or weapon_name(w) not in K.WEAPONS:
            raise ValueError(f"{where}[{j}]: unknown weapon {show(w)} "
                             f"(known: {', '.join(K.WEAPONS)}; a shooting weapon of other "
                             "numbers is a table: { name = \"bow\", range = 24, Str = 3, "
                             "AP = 0, aim = 4, shots = 1 })")


MISSILE_KEYS = ("name", "range", "Str", "AP", "aim", "shots", "rules")


def missile_of(table: dict[str, Any], where: str) -> Missile:
    """A shooting weapon given as a table: ``name`` (a listed weapon's other numbers, or a
    weapon of its own, which then needs its ``range``), ``range``, ``Str`` and ``AP`` (left
    out: the listed one's, or the wielder's), ``aim`` (the roll it hits on, 4 when left out),
    ``shots`` (per model) and ``rules`` (its attributes). Raises ValueError naming the key."""
    name, base, rng, rules = read_table(
        table, MISSILE_KEYS, where, K.MISSILES,
        lambda n: n == "shield" or (n in K.WEAPONS and K.WEAPONS[n].melee), K.MISSILE_RULES,
        "shooting")
    aim = table_value(table, "aim", 2, 6, where)
    ap = table_value(table, "AP", 0, 10, where)
    got = table_missile(name, base, rng, rules, strength=table_value(table, "Str", 0, 10, where),
                        ap=ap, aim=aim if aim is not None or base is not None else K.DEFAULT_AIM,
                        shots=table_value(table, "shots", 1, 10, where))
    # (a weapon of its own without an AP has the wielder's, as without a Str)
    return replace(got, ap=None) if base is None and ap is None else got


def missiles_of(weapons: Any) -> tuple[Missile, ...]:
    """The shooting weapons of a ``weapons`` list (names and tables)."""
    return listed_missiles(weapons, K.MISSILES, missile_of)


def _names(weapons: Any) -> tuple[str, ...]:
    return tuple(weapon_name(w) for w in weapons or () if isinstance(w, str))


def _check_rules(rules: Any, where: str) -> None:
    if not isinstance(rules, list):
        raise ValueError(f"{where} must be a list, got {show(rules)}")
    for j, r in enumerate(rules):
        if not isinstance(r, str) or not r.strip():
            raise ValueError(f"{where}[{j}] must be a non-empty string, got {show(r)}")
        try:
            RULES.check(r)
        except ValueError as exc:
            raise ValueError(f"{where}[{j}]: {exc}") from None


def check_unit(unit: dict[str, Any]) -> None:
    """Raise ValueError naming the field for a unit ninth-age cannot use."""
    troop = unit.get("troop_type")
    if troop is None:
        raise ValueError(f"troop_type is missing (one of: {', '.join(K.TYPES)})")
    if not isinstance(troop, str) or troop.strip().lower() not in K.TYPES:
        raise ValueError(f"troop_type must be one of: {', '.join(K.TYPES)}; got {show(troop)}")
    height = unit.get("height", "standard")
    if not isinstance(height, str) or height.strip().lower() not in K.HEIGHTS:
        raise ValueError(f"height must be one of: {', '.join(K.HEIGHTS)}; got {show(height)}")
    stats = unit["stats"]
    parts = unit.get("parts")
    known = (*K.GLOBAL, *K.DEFENSIVE) + (() if parts is not None else K.OFFENSIVE)
    for key in stats:
        if key not in K.RANGES:
            raise ValueError(f"stats.{key} is not a ninth-age characteristic "
                             f"(known: {', '.join(K.PROFILE)})")
        if key not in known:
            raise ValueError(f"stats.{key}: a model with parts gives each part its own "
                             f"Offensive profile (Att, Off, Str, AP, Agi) in parts[].stats")
    _check_stats(stats, known, "stats")
    if parts is not None:
        if not isinstance(parts, list) or not parts:
            raise ValueError(f"parts must be a non-empty list of part tables, got {show(parts)}")
        for i, p in enumerate(parts):
            where = f"parts[{i}]"
            if not isinstance(p, dict):
                raise ValueError(f"{where} must be a table, got {show(p)}")
            for key in p:
                if key not in PART_KEYS:
                    raise ValueError(f"{where}: unknown key {key!r} (known: {', '.join(PART_KEYS)})")
            nm = p.get("name", f"part {i + 1}")
            if not isinstance(nm, str) or not nm.strip():
                raise ValueError(f"{where}.name must be a non-empty string, got {show(nm)}")
            if "stats" not in p:
                raise ValueError(f"{where}.stats is missing (Att, Off, Str, AP, Agi)")
            for key in p["stats"] if isinstance(p["stats"], dict) else ():
                if key not in K.OFFENSIVE:
                    raise ValueError(f"{where}.stats.{key}: a part has only an Offensive profile "
                                     f"({', '.join(K.OFFENSIVE)})")
            _check_stats(p["stats"], K.OFFENSIVE, f"{where}.stats")
            _check_rules(p.get("rules", []), f"{where}.rules")
            _check_weapons(p.get("weapons", []), f"{where}.weapons")
    _check_weapons(unit.get("weapons", []), "weapons")
    for r in unit.get("rules", []):
        RULES.check(r)
    check_formation_keys(unit, K.COMMAND)


# --- the profile kept in the state's book --------------------------------------------------------


def _rule_name(text: str) -> str:
    return parse_rule(text)[0]


def merged_rules(model: tuple[str, ...], own: tuple[str, ...]) -> tuple[str, ...]:
    """A part's rules: its own, then the model's that it does not list itself."""
    mine = {_rule_name(r) for r in own}
    return (*own, *(r for r in model if _rule_name(r) not in mine))


#: the Types that have Swiftstride when TYPE_RULES is on
SWIFT_TYPES = ("cavalry", "beast")
#: the Stomp Attacks a model's Height gives it when INNATE_HEIGHT_RULES is on
INNATE_STOMP = {"large": "Stomp Attacks (1)", "gigantic": "Stomp Attacks (D6)"}


def profile_of(unit: UnitSpec) -> UnitProfile:
    raw = unit.raw
    stats = unit.stats
    model_rules = tuple(unit.rules)
    height = str(raw.get("height", "standard")).strip().lower()
    listed = {_rule_name(r) for r in model_rules}
    listed |= {_rule_name(r) for p in raw.get("parts") or () for r in p.get("rules", [])}
    if K.INNATE_HEIGHT_RULES and height in INNATE_STOMP and "stomp attacks" not in listed:
        model_rules = (*model_rules, INNATE_STOMP[height])
    troop = str(raw.get("troop_type", "")).strip().lower()
    if K.TYPE_RULES and troop in SWIFT_TYPES and "swiftstride" not in listed:
        model_rules = (*model_rules, "Swiftstride")  # (shown on the card like a listed rule)
    listed = raw.get("weapons", [])
    weapons = _names(listed)
    parts: list[Part] = []
    raw_parts = raw.get("parts")
    if raw_parts is None:
        parts.append(Part(0, unit.name, stats["Att"], stats["Off"], stats["Str"], stats["AP"],
                          stats["Agi"], model_rules, weapons, missiles_of(listed)))
    else:
        for i, p in enumerate(raw_parts):
            ps = p["stats"]
            own = p.get("weapons", [])
            if not own and i == 0:  # the unit's weapons are its first part's (rider, crew)
                own = listed
            parts.append(Part(i, str(p.get("name", f"part {i + 1}")).strip(), ps["Att"], ps["Off"],
                              ps["Str"], ps["AP"], ps["Agi"],
                              merged_rules(model_rules, tuple(p.get("rules", []))), _names(own),
                              missiles_of(own)))
    return UnitProfile(
        troop=raw["troop_type"].strip().lower(),
        height=K.HEIGHTS[height],
        parts=tuple(parts),
        multipart=raw_parts is not None,
        command=frozenset(c.strip().lower() for c in raw.get("command", [])),
        start_models=len(unit.placements),
        hp=int(stats["HP"]),
        rules=model_rules,
    )


def model_stats(unit: UnitSpec) -> dict[str, Any]:
    """The stats every model of the unit carries (its unit card): Global and Defensive, and the
    Offensive profile of a one-part model."""
    return dict(unit.stats)


def profiles(s: GameState) -> dict[str, UnitProfile]:
    got: dict[str, UnitProfile] = s.book["profiles"]
    return got


__all__ = ["Part", "UnitProfile", "check_unit", "merged_rules", "model_stats", "profile_of",
           "profiles", "weapon_name"]

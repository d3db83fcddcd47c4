"""Model profiles: the scenario's ``stats``, ``keywords``, ``rules`` and ``weapons`` checked
and turned into the values the rules read (see docs/rules/trench-crusade.md)."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from game.rulesets.trench_crusade import constants as K


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon of a model's profile. ``dice`` is its +/-DICE on Success Rolls,
    ``injury_dice`` its +/-INJURY DICE and ``injury_modifier`` its +/-INJURY MODIFIER on the
    Injury Rolls of its attacks; ``keywords`` are upper case."""

    name: str
    type: str = "melee"
    attacks: int = 1
    dice: int = 0
    injury_dice: int = 0
    injury_modifier: int = 0
    keywords: tuple[str, ...] = ()
    range: float | None = None

    @property
    def melee(self) -> bool:
        return self.type == "melee"

    def has(self, keyword: str) -> bool:
        return keyword.upper() in self.keywords


def weapon_text(w: Weapon) -> str:
    """A weapon as its card line shows it: "melee, 2 attacks, +1 INJURY DICE, RISKY"."""
    parts = [w.type + (f' {w.range:g}"' if w.range else "")]
    if w.attacks != 1:
        parts.append(f"{w.attacks} attacks")
    for value, what in ((w.dice, "DICE"), (w.injury_dice, "INJURY DICE"),
                        (w.injury_modifier, "INJURY MODIFIER")):
        if value:
            parts.append(f"{value:+d} {what}")
    parts += list(w.keywords)
    return ", ".join(parts)


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return json.dumps(v) if isinstance(v, str) else repr(v)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "0"


# --- rules written in a unit's ``rules`` list -----------------------------------------------

_RULE_RE = re.compile(r"^\s*([A-Za-z][A-Za-z' -]*?)\s*(?:\(\s*([^)]*?)\s*\))?\s*$")
#: rules that set a marker count at the start of the game, with the counter they fill
MARKER_RULES = {"blood markers": "blood_markers", "blessing markers": "blessing_markers"}
MARKER_LIMITS = {"blood_markers": K.BLOOD_MARKERS_MAX, "blessing_markers": K.BLESSING_MARKERS_MAX}


def parse_rule(text: str) -> tuple[str, str | None]:
    """``"Blood Markers (2)"`` -> ``("blood markers", "2")``; raises ValueError for a name
    the ruleset does not know: a registered rule (game/rulesets/trench_crusade/special/) or
    one of the model keywords that are only tags."""
    from game.rulesets.trench_crusade.rules import RULES

    m = _RULE_RE.match(text)
    RULES.ensure_loaded()
    ruled = sorted(f"{c.name} (N)" if c.takes_param else c.name
                   for c in RULES.classes.values() if c.applies_to == "model")
    tags = sorted(k for k in K.MODEL_KEYWORDS if k.lower() not in RULES.classes)
    known = [*ruled, *tags]
    if not m:
        raise ValueError(f"rule {text!r} is not a rule name (known: {', '.join(known)})")
    name, param = m.group(1).strip().lower(), m.group(2)
    cls = RULES.get(name)
    if cls is not None and cls.applies_to != "model":
        raise ValueError(f"rule {text!r}: {cls.name} is not given in a model's profile "
                         + ("(it is a weapon keyword)" if cls.applies_to == "weapon"
                            else "(every model has it)"))
    if name in MARKER_RULES:
        if param is None or not param.isdigit():
            raise ValueError(f"rule {text!r} needs a number of markers, e.g. \"{name.title()} (2)\"")
        counter = MARKER_RULES[name]
        if not 0 <= int(param) <= MARKER_LIMITS[counter]:
            raise ValueError(
                f"rule {text!r}: a model holds 0 to {MARKER_LIMITS[counter]} {name.title()}"
            )
        return name, param
    if cls is not None or name.upper() in K.MODEL_KEYWORDS:
        if param is not None:
            raise ValueError(f"rule {text!r} takes no parameter")
        return name, None
    raise ValueError(f"unknown rule {text!r} (known: {', '.join(known)})")


# --- the unit -------------------------------------------------------------------------------


def check_unit(unit: dict[str, Any]) -> None:
    """Raise ValueError (the message names the field) for a unit trench-crusade cannot use."""
    positions = unit.get("positions")
    if unit.get("models", 1) != 1:
        raise ValueError("models must be 1: trench-crusade fights model by model")
    if isinstance(positions, list) and len(positions) != 1:
        raise ValueError("positions must hold one [x, y]: trench-crusade fights model by model")
    if "files" in unit:
        raise ValueError("files is not used by trench-crusade (a unit is a single model)")
    stats = unit["stats"]
    for key in stats:
        if key not in K.PROFILE:
            raise ValueError(
                f"stats.{key} is not a trench-crusade characteristic (known: {', '.join(K.PROFILE)})"
            )
    for key, (lo, hi) in K.PROFILE.items():
        if key not in stats:
            if key in K.PROFILE_DEFAULTS:
                continue
            raise ValueError(f"stats.{key} is missing")
        v = stats[key]
        if key == "Movement":
            if not (_number(v) and lo <= v <= hi):
                raise ValueError(f"stats.Movement must be a number of inches from {lo} to {hi}, got {_show(v)}")
        elif not (_whole(v) and lo <= v <= hi):
            what = {"Armour": "an injury modifier", "Melee": "a number of DICE",
                    "Ranged": "a number of DICE"}[key]
            raise ValueError(
                f"stats.{key} must be {what}, a whole number from {_signed(lo)} to {_signed(hi)}, "
                f"got {_show(v)}"
            )
    for j, k in enumerate(unit.get("keywords", [])):
        if k.strip().upper() not in K.MODEL_KEYWORDS:
            raise ValueError(
                f"keywords[{j}]: unknown keyword {k!r} (known: {', '.join(sorted(K.MODEL_KEYWORDS))})"
            )
    counters: set[str] = set()
    for r in unit.get("rules", []):
        name, _ = parse_rule(r)
        if name in MARKER_RULES:
            if name in counters:
                raise ValueError(f"rule {r!r} is given twice")
            counters.add(name)
    names: set[str] = set()
    for i, w in enumerate(unit.get("weapons", [])):
        weapon = check_weapon(w, f"weapons[{i}]")
        if weapon.name.lower() in names:
            raise ValueError(f"weapons[{i}]: the name {weapon.name!r} is used by another weapon")
        names.add(weapon.name.lower())


def check_weapon(w: Any, where: str) -> Weapon:
    """Check one weapon table and build it. Raises ValueError naming the field."""
    if not isinstance(w, dict):
        raise ValueError(f"{where} must be a table like {{ name = \"Trench Club\", type = \"melee\" }}, got {_show(w)}")
    for key in w:
        if key not in K.WEAPON_KEYS:
            raise ValueError(f"{where}: unknown key {key!r} (known: {', '.join(sorted(K.WEAPON_KEYS))})")
    name = w.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{where}.name must be a non-empty string, got {_show(name)}")
    wtype = w.get("type", "melee")
    if isinstance(wtype, str):
        wtype = wtype.strip().lower()
    if wtype not in K.WEAPON_TYPES:
        raise ValueError(f"{where}.type must be one of {', '.join(K.WEAPON_TYPES)}, got {_show(wtype)}")
    attacks = w.get("attacks", 1)
    lo, hi = K.WEAPON_ATTACKS
    if not (_whole(attacks) and lo <= attacks <= hi):
        raise ValueError(f"{where}.attacks must be a whole number from {lo} to {hi}, got {_show(attacks)}")
    vals = {}
    for key, (lo, hi) in (("dice", K.WEAPON_DICE), ("injury_dice", K.WEAPON_DICE),
                          ("injury_modifier", K.WEAPON_INJURY_MODIFIER)):
        v = w.get(key, 0)
        if not (_whole(v) and lo <= v <= hi):
            raise ValueError(f"{where}.{key} must be a whole number from {lo} to {_signed(hi)}, got {_show(v)}")
        vals[key] = v
    kws = w.get("keywords", [])
    if not isinstance(kws, list):
        raise ValueError(f"{where}.keywords must be a list, got {_show(kws)}")
    out = []
    for j, k in enumerate(kws):
        if not isinstance(k, str) or k.strip().upper() not in K.WEAPON_KEYWORDS:
            raise ValueError(
                f"{where}.keywords[{j}]: unknown weapon keyword {_show(k)} "
                f"(known: {', '.join(sorted(K.WEAPON_KEYWORDS))})"
            )
        out.append(k.strip().upper())
    rng = w.get("range")
    if rng is not None and not (_number(rng) and 0 < rng <= 100):
        raise ValueError(f"{where}.range must be a number of inches from 0 to 100, got {_show(rng)}")
    return Weapon(name.strip(), wtype, attacks, vals["dice"], vals["injury_dice"],
                  vals["injury_modifier"], tuple(out), None if rng is None else float(rng))


def model_values(unit: Any) -> dict[str, Any]:
    """What a Model needs from a checked UnitSpec: stats, keywords, rules, counters, weapons.
    ``rules`` holds the registered rules only, by their own names ("FEAR", "Blood Markers
    (2)"), whether the profile gave them as rules or keywords; tags are keywords."""
    from game.rulesets.trench_crusade.rules import RULES

    stats = {k: (unit.stats.get(k, K.PROFILE_DEFAULTS.get(k, 0)),) for k in K.PROFILE}
    keywords = {k.strip().lower() for k in unit.keywords}
    rules: list[str] = []
    counters: dict[str, int] = {}
    for r in unit.rules:
        name, param = parse_rule(r)
        cls = RULES.get(name)
        if cls is None:  # a tag
            keywords.add(name)
            continue
        text = f"{cls.name} ({int(param or 0)})" if cls.takes_param else cls.name
        for counter, n in cls(param).starting_counters().items():
            if n:
                counters[counter] = n
        if cls.takes_param:
            rules.append(text)
        else:
            keywords.add(name)
    for k in sorted(keywords):
        cls = RULES.get(k)
        if cls is not None and cls.applies_to == "model" and cls.name not in rules:
            rules.append(cls.name)
    weapons = tuple(check_weapon(w, f"weapons[{i}]") for i, w in enumerate(unit.weapons))
    return {"stats": stats, "keywords": frozenset(keywords), "rules": tuple(rules),
            "counters": counters, "weapons": weapons}

"""The fields of the editor's forms: what each one edits, how its text becomes the value
written in the file (and back), and which field a problem belongs to. No pygame here.

A field's text is turned into the file's value as a person would write it: ``5`` a whole
number, ``5.5`` a decimal, ``4, 4, 3`` a list of numbers (a stat per damage track); text
that is not a number stays text, so the check says what is wrong with it in the very words
of loading a file ("stats.DV must be an integer from 1 to 20, got "nine""). An empty field
leaves its key out.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass
from typing import Any

from game.core.ruleset import CHOICE, CHOICES, ITEMS, TEXT, UNIT, WHOLE, Ruleset
from game.core.scenario import Problem, show_value
from game.core.scenario_writer import value_text

NUMBER = "number"
STAT = "stat"  # a number, or numbers separated by commas
LINES = "lines"  # a list, one item per line
LIST = "list"  # a list of words, separated by commas
SIDE = "side"
READ = "read"  # shown, not edited

#: widths a field may take on its row (fractions of the form's width)
FULL, HALF, THIRD, QUARTER = 1.0, 0.5, 1 / 3, 0.25


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a form: ``key`` says what it edits ("stats.DV", "name", "table.width"),
    ``kind`` how its text reads (:data:`TEXT`, :data:`NUMBER`, :data:`WHOLE`, :data:`STAT`,
    :data:`CHOICE`, :data:`CHOICES`, :data:`UNIT`, :data:`LINES`, :data:`LIST`,
    :data:`SIDE`, :data:`READ`), ``choices`` what may be picked, ``width`` its share of a row,
    ``lines`` the text lines of a box, ``tip`` what the tooltip says, ``optional`` whether it
    may be left empty (a choice then offers "none")."""

    key: str
    label: str
    kind: str = TEXT
    choices: tuple[str, ...] = ()
    width: float = FULL
    lines: int = 1
    tip: str = ""
    optional: bool = True

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(self.key.split("."))


# --- the forms ----------------------------------------------------------------------------------


def unit_fields(rs: Ruleset, unit: dict[str, Any], joinable: tuple[str, ...]) -> list[Field]:
    """The form of a unit, for its ruleset: who it is, where it stands, its profile and the
    ruleset's own keys. ``joinable``: the ids of the units it may join (its side's)."""
    out = [
        Field("id", "Id", TEXT, width=HALF, optional=False,
              tip="A short unique name that orders and saves use: letters, digits, - and _."),
        Field("name", "Name", TEXT, width=HALF, tip="What players read on the table."),
        Field("side", "Side", SIDE, ("1", "2"), width=HALF, optional=False,
              tip="Side 1 is blue, side 2 red."),
        Field("base", "Base", TEXT, tuple(rs.base_sizes), width=HALF,
              tip=base_tip(rs)),
    ]
    if "joins" not in unit:
        out += [Field("x", "x", NUMBER, width=THIRD, optional=False,
                      tip="Inches from the table's left edge to the centre of the unit."),
                Field("y", "y", NUMBER, width=THIRD, optional=False,
                      tip="Inches from the table's top edge to the centre of the unit."),
                Field("facing", "Facing", NUMBER, width=THIRD,
                      tip="Degrees clockwise from up the table: 0 up, 90 right, 180 down, "
                          "270 left. Drag the handle in front of the unit to turn it.")]
    if rs.editor.formations:
        out += [Field("models", "Models", WHOLE, width=HALF,
                      tip="How many models the unit has."),
                Field("files", "Files", WHOLE, width=HALF,
                      tip="Models side by side in a rank ([ and ] change it).")]
    for key, (lo, hi) in rs.profile.items():
        out.append(Field(f"stats.{key}", key, STAT, width=QUARTER, optional=False,
                         tip=f"{key}: {lo} to {hi}" + ("; one value per damage track may be "
                                                       "given, separated by commas"
                                                       if not rs.editor.formations else "")))
    for f in rs.editor.unit_fields():
        kind = f.kind
        choices = joinable if kind == UNIT else f.choices
        if kind == CHOICES:
            kind = LIST
        elif kind == ITEMS:
            kind = LINES
        out.append(Field(f.key, f.label, kind, choices, HALF if kind in (WHOLE, UNIT) else FULL,
                         lines=3 if kind == LINES else 1, tip=f.tip, optional=f.default is None))
    lists = [
        Field("weapons", "Weapons", LINES, rs.editor.weapon_names(), lines=3,
              tip="One weapon per line" + (": " + ", ".join(rs.editor.weapon_names()) if rs.editor.weapon_names()
                                           else ", written as in the file (a table in braces)")),
        Field("rules", "Special rules", LINES, tuple(r.name + (" (X)" if r.takes_param else "")
                                                     for r in rs.rules().values()), lines=3,
              tip="One rule per line, with its value in brackets where it takes one. "
                  "Pick adds one."),
        Field("keywords", "Keywords", LIST, rs.editor.keyword_names(),
              tip="Separated by commas" + (": " + ", ".join(rs.editor.keyword_names())
                                           if rs.editor.keyword_names() else ".")),
    ]
    used = rs.editor.profile_lists()
    return out + [f for f in lists if f.key in used or f.key in unit]


def base_tip(rs: Ruleset) -> str:
    named = ", ".join(rs.base_sizes)
    return ("A named size" + (f" ({named})" if named else "") + ", \"WxD\" in millimetres for a "
            "rectangle (frontage by depth, \"25x50\") or \"rD\" for a round one (\"r32\").")


TERRAIN_FIELDS = [
    Field("id", "Id", TEXT, width=HALF, optional=False,
          tip="A short unique name: letters, digits, - and _."),
    Field("name", "Name", TEXT, width=HALF, tip="What players read on the table."),
    Field("kind", "Kind", CHOICE, ("obstacle", "impassable", "area", "elevation"), width=HALF,
          optional=False, tip="Obstacle: a wall nothing moves through; impassable: a building "
                              "or cliff; area: woods or rubble models move through; elevation: "
                              "a raised level models stand on."),
    Field("height", "Height", NUMBER, width=HALF, tip="Inches above the table (0 to 100)."),
]

ZONE_FIELDS = [
    Field("side", "Side", SIDE, ("1", "2"), width=HALF, optional=False,
          tip="The side that sets up here."),
    Field("x", "x", NUMBER, width=QUARTER, optional=False, tip="The left edge, in inches."),
    Field("y", "y", NUMBER, width=QUARTER, optional=False, tip="The top edge, in inches."),
    Field("width", "Width", NUMBER, width=HALF, optional=False, tip="Inches across."),
    Field("height", "Height", NUMBER, width=HALF, optional=False, tip="Inches deep."),
]


def battle_fields(rs: Ruleset) -> list[Field]:
    return [
        Field("name", "Name", TEXT, optional=False, tip="The battle's name, shown in the window "
                                                        "and in saves."),
        Field("description", "Description", LINES, lines=2,
              tip="A few words on the battle (optional)."),
        Field("ruleset", "Rules", READ, tip="The game system; choose it for a new battle."),
        Field("table.width", "Table width", NUMBER, width=HALF, optional=False,
              tip="Inches, 1 to 1000."),
        Field("table.height", "Table depth", NUMBER, width=HALF, optional=False,
              tip="Inches, 1 to 1000."),
        Field("first_side", "First side", SIDE, ("1", "2"), width=HALF,
              tip="The side that acts first in each game turn."),
        Field("turns", "Game turns", WHOLE, width=HALF,
              tip="How many game turns the battle lasts; empty: until one side is gone."),
        Field("seed", "Dice seed", WHOLE,
              tip="A whole number that decides every die (the same battle, the same dice); "
                  "empty: fresh dice each game."),
    ]


# --- text and values --------------------------------------------------------------------------

_WHOLE = re.compile(r"[+-]?\d+")


def number(text: str) -> Any:
    """``5`` -> 5, ``5.5`` -> 5.5; anything else stays as typed (the check names it)."""
    t = text.strip()
    if _WHOLE.fullmatch(t):
        return int(t)
    try:
        v = float(t)
    except ValueError:
        return t
    return v if math.isfinite(v) and "_" not in t else t


def item(text: str) -> Any:
    """One line of a list: a table or quoted text written as in the file, else plain words."""
    t = text.strip()
    if t[:1] in ("{", "[", '"', "'"):
        try:
            return tomllib.loads("v = " + t)["v"]
        except tomllib.TOMLDecodeError:
            return t
    return t


def to_value(f: Field, text: str) -> Any:
    """The value a field's text stands for (None: leave the key out)."""
    t = text.strip()
    if f.kind in (NUMBER, WHOLE):
        return number(t) if t else None
    if f.kind == STAT:
        if not t:
            return None
        parts = [p for p in (x.strip() for x in t.split(",")) if p]
        return number(parts[0]) if len(parts) == 1 else [number(p) for p in parts]
    if f.kind == SIDE:
        return number(t[:1]) if t else None
    if f.kind == LINES:
        if f.key == "description":
            return text.strip() or None
        got = [item(line) for line in text.splitlines() if line.strip()]
        return got or None
    if f.kind == LIST:
        got = [p.strip() for p in t.split(",") if p.strip()]
        return got or None
    if f.kind in (CHOICE, UNIT):
        return t or None
    if f.key == "id":
        return t
    return text if t else None


def to_text(f: Field, v: Any) -> str:
    """How a value shows in its field."""
    if v is None:
        return ""
    if f.kind == LINES and isinstance(v, list):
        return "\n".join(x if isinstance(x, str) else value_text(x) for x in v)
    if f.kind == LIST and isinstance(v, list):
        return ", ".join(str(x) for x in v)
    if f.kind == STAT and isinstance(v, list):
        return ", ".join(number_text(x) for x in v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return number_text(v)
    if isinstance(v, str):
        return v
    return show_value(v)


def number_text(v: Any) -> str:
    if isinstance(v, float) and math.isfinite(v):
        return f"{v:.3f}".rstrip("0").rstrip(".") or "0"
    return str(v)


def get(table: Any, f: Field) -> Any:
    for k in f.path:
        if not isinstance(table, dict) or k not in table:
            return None
        table = table[k]
    return table


# --- problems by field --------------------------------------------------------------------------

_WORDS = (("overlaps", "place"), ("off the table", "place"), ("stands inside", "place"),
          ("positions", "place"), ("joins", "joins"), ("weapon", "weapons"),
          ("keyword", "keywords"), ("rule", "rules"), ("base", "base"), ("files", "files"),
          ("models", "models"), ("troop", "troop_type"), ("command", "command"))


def field_of(p: Problem, keys: set[str]) -> str:
    """The field a problem is shown at: the key its message starts with when the form has
    it ("stats.DV", "weapons"), else the one its words are about ("overlaps": where the unit
    stands); "" for the form as a whole."""
    if p.key:
        k = p.key.split("[")[0]
        while k:
            if k in keys:
                return k
            k = k.rpartition(".")[0]
        if p.key.split(".")[0].split("[")[0] == "stats" and "stats" in keys:
            return "stats"
    text = p.reason.lower()
    for word, key in _WORDS:
        if word in text and key in keys:
            return key
    if "place" in keys and any(w in text for w in ("overlaps", "off the table", "inside terrain")):
        return "place"
    if "stats." in text:
        stat = re.search(r"stats\.([A-Za-z]+)", p.reason)
        if stat and f"stats.{stat.group(1)}" in keys:
            return f"stats.{stat.group(1)}"
    return ""

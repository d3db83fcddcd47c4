"""The Selected and Battle tabs: the form of the unit, terrain piece or deployment zone
selected, or of the battle's own keys, kept in step with the scenario (undo, a drag on the
table) and showing each problem next to its field, in loading's own words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox

from game.ui.editor import edits
from game.ui.editor.fields import (
    TERRAIN_FIELDS,
    ZONE_FIELDS,
    Field,
    battle_fields,
    field_of,
    get,
    to_text,
    to_value,
    unit_fields,
)
from game.ui.editor.widgets import Form

if TYPE_CHECKING:
    from game.ui.editor.editor import Editor

PARTS = {"unit": "units", "terrain": "terrain", "zone": "deployment"}


class Forms:
    def __init__(self, editor: Editor) -> None:
        self.editor = editor
        self.form: Form | None = None
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.tab = ""
        self.signature: object = None
        self.key = 0  # changes with each new form (its tips change)
        self.elements: list[Any] = []
        self.actions: dict[UIButton, str] = {}

    # -- building ----------------------------------------------------------------------------
    def build(self, rect: pygame.Rect, tab: str) -> None:
        self.rect = pygame.Rect(rect)
        self.tab = tab
        self.rebuild()

    def kill(self) -> None:
        if self.form is not None:
            self.form.kill()
        self.form = None
        for el in self.elements:
            el.kill()
        self.elements = []
        self.actions = {}
        self.signature = None

    def target(self) -> tuple[str, int, dict[str, Any]] | None:
        """What the form edits: ("unit" | "terrain" | "zone" | "battle", index, its table)."""
        ed = self.editor
        if self.tab == "battle":
            return "battle", -1, ed.doc.data
        sel = ed.sel
        if sel is None:
            return None
        items = {"unit": ed.doc.units, "terrain": ed.doc.terrain, "zone": ed.doc.zones}[sel[0]]()
        if not 0 <= sel[1] < len(items) or not isinstance(items[sel[1]], dict):
            return None
        return sel[0], sel[1], items[sel[1]]

    def fields_for(self, kind: str, table: dict[str, Any]) -> list[Field]:
        rs = self.editor.doc.ruleset
        if kind == "battle":
            return battle_fields(rs)
        if kind == "terrain":
            return TERRAIN_FIELDS
        if kind == "zone":
            return ZONE_FIELDS
        side = table.get("side")
        joinable = tuple(u["id"] for u in self.editor.doc.units()
                         if isinstance(u, dict) and u.get("side") == side and u is not table
                         and isinstance(u.get("id"), str) and "joins" not in u)
        return unit_fields(rs, table, joinable)

    def rebuild(self) -> None:
        self.kill()
        if not self.tab or self.tab == "units":
            return
        ed = self.editor
        t = self.target()
        self.signature = self.sign(t)
        self.key += 1
        m = ed.app.manager
        r = self.rect
        if t is None:
            box = UITextBox("<font color='#a8a8a8'>Nothing is selected. Click a unit, a piece of "
                            "terrain or a deployment zone on the table to edit it here; place "
                            "units from the Units tab, draw terrain with the Rectangle and "
                            "Polygon tools.</font>", pygame.Rect(r.x, r.y, r.w, 120), manager=m)
            self.elements.append(box)
            return
        kind, index, table = t
        bottom = r.bottom
        if kind != "battle":
            bw = r.w // 2
            for k, (what, label) in enumerate((("duplicate", "Duplicate (Ctrl+D)"),
                                               ("delete", "Delete (Del)"))):
                b = UIButton(pygame.Rect(r.x + k * bw, r.bottom - 30, bw - 2, 28), label,
                             manager=m)
                self.actions[b] = what
                self.elements.append(b)
            bottom -= 34
        fields = self.fields_for(kind, table)
        head = self.heading(kind, table)
        self.form = Form(ed.app, pygame.Rect(r.x, r.y, r.w, bottom - r.y), fields,
                         self.changed, head)
        self.refresh(force=True)

    def heading(self, kind: str, table: dict[str, Any]) -> str:
        if kind == "unit":
            name = edits.unit_name(table)
            if "joins" in table:
                return f"{name}: a character in the unit it joins (dragging moves that unit)."
            joined = [edits.unit_name(u) for u in self.editor.doc.units()
                      if isinstance(u, dict) and u.get("joins") == table.get("id")]
            return name + (f", joined by {', '.join(joined)} (gold on the table)." if joined
                           else "") + self.editor.zone_note(self.editor.sel)
        if kind == "terrain":
            return f"Terrain: {edits.piece_name(table)}. Drag its corners to reshape it; Ctrl+click " \
                   "an edge to add a corner, Del over a corner to remove it."
        if kind == "zone":
            return "A deployment zone: drag it, or its corners."
        rest = [p for p in self.editor.doc.problems() if p.part not in ("", "table")]
        keep = []
        if self.editor.doc.data.get("orders"):
            keep.append(f"{len(self.editor.doc.data['orders'])} scripted orders")
        if self.editor.doc.data.get("dice"):
            keep.append("fixed dice")
        doc = self.editor.doc
        zones = len(doc.zones())
        head = (f"The battle as a whole: {_count(len(doc.units()), 'unit')}, "
                f"{_count(len(doc.terrain()), 'piece')} of terrain, "
                f"{_count(zones, 'deployment zone')}"
                + (" (draw them with Zone)." if not zones else ".")
                + (f" Kept as they are: {' and '.join(keep)} (for headless play)." if keep else ""))
        if rest:
            head += (f" {len(rest)} problem{'s' if len(rest) != 1 else ''} in units or terrain "
                     f"(red on the table), the first: {rest[0].message}")
        return head

    def sign(self, t: tuple[str, int, dict[str, Any]] | None) -> Any:
        if t is None:
            return (self.tab, None)
        kind, index, table = t
        extra = ("joins" in table, table.get("side")) if kind == "unit" else ()
        return (self.tab, kind, index, id(self.editor.doc), *extra)

    # -- keeping in step ---------------------------------------------------------------------
    def update(self) -> bool:
        if not self.tab or self.tab == "units":
            return False
        t = self.target()
        if self.sign(t) != self.signature:
            self.rebuild()
            return True
        return self.refresh()

    def refresh(self, force: bool = False) -> bool:
        ed = self.editor
        t = self.target()
        if self.form is None or t is None:
            return False
        stamp = (ed.doc.revision, force)
        if getattr(self, "_stamp", None) == stamp and not force:
            return False
        self._stamp = stamp
        kind, index, table = t
        texts = {}
        for f in self.form.fields:
            if f.key == "ruleset":
                texts[f.key] = ed.doc.ruleset.title or ed.doc.ruleset.id
            else:
                v = get(table, f)
                texts[f.key] = (to_text(f, v) if f.kind != "side" or v is None
                                else f"{v} ({'Blue' if v == 1 else 'Red' if v == 2 else '?'})")
        self.form.set_values(texts, force)
        keys = {f.key for f in self.form.fields}
        if "x" in keys:
            keys.add("place")
        if kind == "battle":
            probs = [p for p in ed.doc.problems() if p.part in ("", "table")]
        else:
            probs = ed.doc.problems_of(PARTS[kind], index)
        shown: dict[str, str] = {}
        for p in probs:
            k = field_of(p, keys)
            k = "facing" if k == "place" else k
            text = p.reason if kind != "battle" or k else p.message
            shown[k] = f"{shown[k]}; {text}" if k in shown else text
        self.form.set_problems(shown, self.heading(kind, table))
        return True

    # -- a player's changes ------------------------------------------------------------------
    def changed(self, f: Field, text: str) -> None:
        ed = self.editor
        t = self.target()
        if t is None:
            return
        kind, index, table = t
        value = to_value(f, text)
        merge = ("field", kind, index, f.key)
        doc = ed.doc
        if kind == "battle":
            edits.set_top(doc, f.key, value, merge)
        elif kind == "terrain":
            edits.set_terrain_value(doc, index, f.key, value, merge)
        elif kind == "zone":
            zone = dict(table)
            if value is None:
                zone.pop(f.key, None)
            else:
                zone[f.key] = value
            edits.set_zone(doc, index, zone, merge)
        elif f.key == "joins":
            ed.set_joins(index, value)
        elif f.key == "id" and isinstance(value, str):
            edits.rename_unit(doc, index, value, merge)
        else:
            edits.set_unit_value(doc, index, f.path, value, merge)
        ed.changed()

    def handle(self, e: pygame.event.Event) -> bool:
        el = getattr(e, "ui_element", None)
        if e.type == pygame_gui.UI_BUTTON_PRESSED and el in self.actions:
            {"duplicate": self.editor.duplicate, "delete": self.editor.delete}[self.actions[el]]()
            return True
        return self.form.handle(e) if self.form is not None else False

    def tips(self) -> list[tuple[pygame.Rect, str, str]]:
        return self.form.tips() if self.form is not None else []

    def scroll_key(self) -> Any:
        return self.form.scroll_key() if self.form is not None else None

    def focused(self) -> bool:
        return self.form is not None and self.form.focused()


def _count(n: int, what: str) -> str:
    return f"{n if n else 'no'} {what}{'s' if n != 1 else ''}"

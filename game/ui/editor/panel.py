"""The editor's side panel, the banner and the status line: the file buttons (New, Open,
Save, Play), the tools (Select, Rectangle, Polygon, Zone), and three tabs: Units (the
roster), Selected (the form of what is selected) and Battle (the battle's own keys).

It stands in for the game's :class:`game.ui.panels.Panels` while the editor is open (the
window asks it the same things: build, tips, update, handle, draw the banner and status)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel

from game.core.ruleset import UIAction
from game.ui.editor.forms import Forms
from game.ui.editor.roster_panel import RosterPanel
from game.ui.layout import Layout
from game.ui.panels import BAD_TEXT, NEUTRAL, draw_banner
from game.ui.sprites import font

if TYPE_CHECKING:
    from game.ui.editor.document import EditDoc
    from game.ui.editor.editor import Editor

FILE_BUTTONS = (
    ("new", "New...", "Start a new battle: choose the rules and the table (Ctrl+N)."),
    ("open", "Open...", "Edit another scenario file (Ctrl+O)."),
    ("save", "Save", "Save the scenario as a TOML file (Ctrl+S; Ctrl+Shift+S saves under "
                     "another name). Only a scenario without problems is saved."),
    ("play", "Play (F5)", "Play this battle now; Ctrl+E in the game comes back here."),
)
TOOLS = (
    ("select", "Select", "Select, move and turn units, terrain and zones (Esc)."),
    ("rect", "Rectangle", "Drag on the table to draw a rectangle of terrain."),
    ("polygon", "Polygon", "Click the corners of a piece of terrain; click the first corner, "
                           "double-click or press Enter to close it."),
    ("zone", "Zone", "Drag on the table to draw a deployment zone for the side chosen in "
                     "Units."),
)
TABS = (("units", "Units"), ("selected", "Selected"), ("battle", "Battle"))
ROW = 30
#: what the editor adds to the window's theme
THEME = {
    "#field_label": {"misc": {"text_horiz_alignment": "left"},
                     "colours": {"normal_text": "#c8c8c8"}},
    "#field_value": {"misc": {"text_horiz_alignment": "left"}},
    "#field_problem": {"misc": {"text_horiz_alignment": "left"},
                       "colours": {"normal_text": "#ff8a78"}},
}


class EditorPanel:
    def __init__(self, editor: Editor) -> None:
        self.editor = editor
        self.elements: list[Any] = []
        self.buttons: dict[UIButton, tuple[str, str]] = {}
        self.tab = "units"
        self.roster = RosterPanel(editor)
        self.forms = Forms(editor)
        self.content = pygame.Rect(0, 0, 10, 10)
        self._tips_key: object = None
        self._banner: tuple[Any, tuple[str, tuple[int, int, int]]] | None = None

    # -- building (the window calls this on every new layout) ------------------------------------
    def build(self, lay: Layout, actions: Sequence[UIAction] = ()) -> None:
        self.kill()
        app = self.editor.app
        m = app.manager
        self.elements = [UIPanel(lay.panel, manager=m, starting_height=1)]
        x0, w = lay.panel.x + 6, lay.panel.w - 12
        y = 6
        for row, what in ((FILE_BUTTONS, "file"), (TOOLS, "tool"), (TABS, "tab")):
            bw = w // len(row)
            for k, item in enumerate(row):
                key, label = item[0], item[1]
                b = UIButton(pygame.Rect(x0 + k * bw, y, bw - 2, ROW - 2), label, manager=m)
                self.buttons[b] = (what, key)
                self.elements.append(b)
            y += ROW + (6 if what != "tab" else 2)
        self.content = pygame.Rect(x0, y + 4, w, lay.panel.bottom - y - 10)
        self.show_tab(self.tab)

    def kill(self) -> None:
        self.roster.kill()
        self.forms.kill()
        for el in self.elements:
            el.kill()
        self.elements = []
        self.buttons = {}

    def show_tab(self, tab: str) -> None:
        self.tab = tab
        self.roster.kill()
        self.forms.kill()
        if tab == "units":
            self.roster.build(self.content)
        else:
            self.forms.build(self.content, tab)
        self.mark_buttons()
        self._tips_key = None

    def mark_buttons(self) -> None:
        """The active tool and tab stand out."""
        ed = self.editor
        for b, (what, key) in self.buttons.items():
            on = (what == "tool" and key == ed.tool) or (what == "tab" and key == self.tab)
            want = "#default_button" if on else None
            if b.get_object_ids()[-1:] != [want]:
                b.change_object_id(want)

    def tips(self) -> list[tuple[pygame.Rect, str, str]]:
        words = {k: (label, tip) for k, label, tip in (*FILE_BUTTONS, *TOOLS)}
        out = []
        for b, (_, key) in self.buttons.items():
            if key in words:
                out.append((b.rect, *words[key]))
        return out + (self.roster.tips() if self.tab == "units" else self.forms.tips())

    # -- every frame -------------------------------------------------------------------------
    def update_card(self) -> bool:
        """Keep the tab in step with the scenario and the selection; True when it changed."""
        changed = self.forms.update() if self.tab != "units" else False
        self.roster.update()
        app = self.editor.app
        modal = app.modal_open()  # (no tip of the panel over a dialog)
        key = (self.tab, self.forms.scroll_key(), self.forms.key, modal)
        if key != self._tips_key:
            self._tips_key = key
            app.tooltips.set_areas([] if modal else self.tips())
        return changed

    def update_buttons(self) -> None:
        for b, (what, key) in self.buttons.items():
            if what == "file" and key == "save":
                b.enable() if self.editor.doc.dirty or self.editor.doc.path is None else b.disable()

    def update_log(self) -> bool:
        return False

    def handle(self, e: pygame.event.Event) -> bool:
        el = getattr(e, "ui_element", None)
        if e.type == pygame_gui.UI_BUTTON_PRESSED and el in self.buttons:
            what, key = self.buttons[el]
            ed = self.editor
            if what == "file":
                {"new": ed.files.ask_new, "open": ed.files.ask_open, "save": ed.files.save,
                 "play": ed.play}[key]()
            elif what == "tool":
                ed.set_tool(key)
            else:
                self.show_tab(key)
            return True
        if self.tab == "units":
            return self.roster.handle(e)
        return self.forms.handle(e)

    # -- the banner and the status line ------------------------------------------------------
    def banner_text(self) -> tuple[str, tuple[int, int, int]]:
        ed = self.editor
        doc = ed.doc
        key = (id(doc), doc.revision, doc.saved_revision, doc.path)
        if self._banner is not None and self._banner[0] == key:
            return self._banner[1]
        n = len({(p.part, p.index, p.key if p.index is None else "") for p in doc.problems()})
        tw, th = doc.table()
        units = len(doc.units())
        state = ("no units yet: place them from the Units tab" if not units
                 else f"{n} thing{'s' if n != 1 else ''} to fix before saving" if n
                 else "unsaved changes" if doc.dirty else "saved")
        file = f" ({doc.path.name})" if doc.path is not None else ""
        count = f" · {units} unit{'s' if units != 1 else ''}" if units else ""
        text = (f"EDITOR · {doc.name}{file} · {doc.ruleset.title or doc.ruleset.id} · {tw:g} x "
                f"{th:g} in{count}{army_points_text(doc)} · {state}")
        out = (text, (120, 60, 52) if n and units else (44, 84, 92))
        self._banner = (key, out)
        return out

    def draw_banner(self, surf: pygame.Surface) -> None:
        draw_banner(surf, self.editor.app.layout.banner, *self.banner_text())

    def status_line(self) -> tuple[str, tuple[int, int, int]]:
        ed = self.editor
        app = ed.app
        if ed.hint is not None:
            return ed.hint
        return app.message, app.message_colour

    def draw_status(self, surf: pygame.Surface) -> None:
        lay = self.editor.app.layout
        surf.fill((22, 22, 26), lay.status)
        text, col = self.status_line()
        f = font(14)
        while f.size(text)[0] > lay.status.w - 16 and len(text) > 10:
            text = text[:-12] + "…"
        t = f.render(text, True, col)
        surf.blit(t, (8, lay.status.y + (lay.status.h - t.get_height()) // 2))

    def draw_handover(self, surf: pygame.Surface) -> None:
        return None


__all__ = ["BAD_TEXT", "EditorPanel", "NEUTRAL", "THEME"]


def army_points_text(doc: EditDoc) -> str:
    """" · side 1 640 pts v side 2 590 pts" while placing units of a ruleset that costs them
    (whose units take ``points``), so both armies can be kept even; "" otherwise."""
    rs = doc.ruleset
    if "points" not in rs.unit_keys:
        return ""
    totals = dict.fromkeys(rs.sides, 0)
    for u in doc.units():
        pts = u.get("points", 0)
        if u.get("side") in totals and isinstance(pts, int) and not isinstance(pts, bool):
            totals[u["side"]] += pts
    return " · " + " v ".join(f"side {side} {n} pts" for side, n in totals.items())

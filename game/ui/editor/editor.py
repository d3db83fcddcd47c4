"""The scenario editor in the window: the scenario being edited, what is selected, the tool
in hand and the unit about to be placed; every edit, undo and redo; playing the battle and
coming back to it.

While it is open the editor stands in for the game's panel and input (:attr:`App.panels`,
:attr:`App.input`) and the window draws its scenario as a game at its start, with the same
camera, renderer, ruler, dialogs and tooltips as play.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from game.core.errors import ScenarioError
from game.core.roster import Profile
from game.core.state import GameState
from game.ui.editor import edits
from game.ui.editor.document import EditDoc
from game.ui.editor.files import EditorFiles
from game.ui.editor.input import EditorInput
from game.ui.editor.panel import THEME, EditorPanel
from game.ui.editor.table import TableTools
from game.ui.editor.view import View, build_view, plain
from game.ui.info import side_label
from game.ui.panels import BAD_TEXT, NEUTRAL, OK_TEXT, QUIET

if TYPE_CHECKING:
    from game.ui.app import App

#: what is selected: ("unit" | "terrain" | "zone", index in its list, model or None)
Sel = tuple[str, int, int | None]


class Editor:
    def __init__(self, app: App, doc: EditDoc) -> None:
        self.app = app
        self.doc = doc
        self.sel: Sel | None = None
        self.tool = "select"
        self.side = 1
        self.armed: Profile | None = None
        self.kind = "obstacle"
        self.hint: tuple[str, tuple[int, int, int]] | None = None
        self.preview: GameState | None = None
        self.zone_preview: tuple[int, tuple[float, float, float, float]] | None = None
        self.trouble: tuple[list[str], str] | None = None
        self.ghost: tuple[list[Any], str] | None = None
        self.draft: list[tuple[float, float]] = []
        self.active = False
        self._view: tuple[Any, View] | None = None
        self.game_panels = app.panels
        self.game_input = app.input
        self.panel = EditorPanel(self)
        self.input = EditorInput(app, self)
        self.tools = TableTools(self)
        self.files = EditorFiles(self)
        app.manager.get_theme().load_theme(THEME)
        self.panel.roster.load(doc.data["ruleset"])

    # -- what is drawn -------------------------------------------------------------------------
    @property
    def view(self) -> View:
        key = (id(self.doc), self.doc.revision)
        if self._view is None or self._view[0] != key:
            self._view = (key, build_view(self.doc))
        return self._view[1]

    @property
    def state(self) -> GameState:
        return self.preview if self.preview is not None else self.view.state

    def draw(self, surf: Any) -> None:
        """The editor's marks over the table (zones, problems, the selection, drafts)."""
        from game.ui.editor import overlay

        overlay.draw(surf, self)

    # -- in and out of the window --------------------------------------------------------------
    def enter(self, message: str = "") -> None:
        """Show the editor (from the start screen, the command line or a game)."""
        app = self.app
        app.play.handover = None
        if app.decision is not None:
            app.decision.close()
            app.decision = None
        for d in list(app.dialogs):
            d.close()
        if app.panels is not self.panel:
            for el in getattr(app.panels, "elements", []):  # the game's panel, left behind
                el.kill()
        app.panels = self.panel
        app.input = self.input
        self.active = True
        app.enter_mode("edit", self.doc.ruleset, self.state)
        app.camera.fit()
        app.say(message or f"Editing {self.doc.name}: place units from the Units tab, draw "
                           "terrain with the tools, F5 plays it. F1 lists every control.")

    def leave(self) -> None:
        """Give the window back to the game's panel and input."""
        self.panel.kill()
        self.app.panels = self.game_panels
        self.app.input = self.game_input
        self.active = False
        self.hint = None

    def set_doc(self, doc: EditDoc, message: str = "") -> None:
        """Edit another scenario (a new battle, a file opened)."""
        self.doc = doc
        self.sel = None
        self.armed = None
        self.draft = []
        self._view = None
        self.panel.roster.load(doc.data["ruleset"])
        self.panel.tab = "units"
        self.enter(message)

    def back(self) -> None:
        """Ctrl+E in a game started here: back to editing the battle."""
        self.enter(f"Back to editing {self.doc.name}" + (" (unsaved changes kept)."
                                                          if self.doc.dirty else "."))

    # -- after every edit ----------------------------------------------------------------------
    def changed(self) -> None:
        app = self.app
        self._view = None
        if self.sel is not None:
            items = {"unit": self.doc.units, "terrain": self.doc.terrain,
                     "zone": self.doc.zones}[self.sel[0]]()
            if self.sel[1] >= len(items):
                self.sel = None
        if app.camera is not None and app.camera.table != self.doc.table():
            app.camera.table = self.doc.table()
            app.camera.fit()
        if app.renderer is not None and app.renderer.ruleset is not self.doc.ruleset:
            self.enter()
        app.dirty = True

    def tell_problems(self) -> None:
        """After a drop or a placing: what is wrong with the selection, if anything."""
        if self.sel is None:
            return
        part = {"unit": "units", "terrain": "terrain", "zone": "deployment"}[self.sel[0]]
        probs = self.doc.problems_of(part, self.sel[1])
        if probs:
            self.app.say(f"Not allowed: {plain(self.state, probs[0].reason)}.", BAD_TEXT)

    def say_quietly(self, text: str) -> None:
        self.app.say(text, QUIET)

    # -- selection, tools, side ----------------------------------------------------------------
    def select(self, sel: Sel | None) -> None:
        self.sel = sel
        if sel is not None and self.panel.tab != "selected":
            self.panel.show_tab("selected")
        if sel is not None and sel[0] == "unit":
            u = self.doc.units()[sel[1]]
            probs = self.doc.problems_of("units", sel[1])
            host = self.mover(sel[1], None)[0]
            what = ("drag it to move it, drag the handle in front to turn it (Q and E too), Del "
                    "deletes it." if host == sel[1] else
                    f"it stands in {edits.unit_name(self.doc.units()[host])}: dragging moves "
                    "that unit; Joins in its form takes it out.")
            self.app.say(f"{edits.unit_name(u)}: " + (f"{plain(self.state, probs[0].reason)}."
                                                      if probs else what),
                         BAD_TEXT if probs else NEUTRAL)
        self.app.dirty = True

    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.draft = []
        if tool != "select":
            self.armed = None
        self.panel.mark_buttons()
        words = {"select": "Select: click to select, drag to move.",
                 "rect": f"Rectangle: drag on the table to draw a piece of terrain "
                         f"({self.kind}; change its kind in the Selected tab).",
                 "polygon": "Polygon: click each corner of a piece of terrain; click the first "
                            "corner, double-click or press Enter to close it.",
                 "zone": f"Zone: drag on the table to draw {side_label(self.side)}'s deployment "
                         "zone (the side is chosen in the Units tab)."}
        self.app.say(words[tool], QUIET)

    def set_side(self, side: int) -> None:
        self.side = side
        self.panel.roster._info_key = None
        if self.panel.tab == "units":
            self.panel.show_tab("units")
        self.app.say(f"New units join {side_label(side)}.", QUIET)

    def arm(self, profile: Profile | None) -> None:
        self.armed = profile
        if profile is not None and self.tool != "select":
            self.set_tool("select")
        if profile is not None:
            self.app.say(f"Click the table to place {profile.name} for {side_label(self.side)} "
                         "(Esc when done).", OK_TEXT)

    # -- units -----------------------------------------------------------------------------------
    def mover(self, i: int, model: int | None) -> tuple[int, int | None]:
        """The unit a drag on unit ``i`` moves: the unit a character joined, else itself."""
        u = self.doc.units()[i]
        host = u.get("joins") if isinstance(u, dict) else None
        if isinstance(host, str):
            for k, other in enumerate(self.doc.units()):
                if isinstance(other, dict) and other.get("id") == host:
                    return k, None
        return i, model

    def moving_models(self, i: int, model: int | None) -> list[str]:
        """The models that move with unit ``i`` (with the characters that joined it), or
        only its model ``model`` when its models stand each on its own."""
        view = self.view
        mine = [n for n, (u, k) in view.owner.items() if u == i and (model is None or k == model)]
        if model is not None:
            return mine
        uid = self.doc.units()[i].get("id")
        for j, other in enumerate(self.doc.units()):
            if isinstance(other, dict) and other.get("joins") == uid:
                mine += view.models_of(j)
        return mine

    def turn_centre(self, i: int, model: int | None, models: list[str]) -> tuple[float, float]:
        u = self.doc.units()[i]
        if model is None and isinstance(u.get("x"), int | float) and isinstance(u.get("y"), int | float):
            return float(u["x"]), float(u["y"])
        m = self.state.models[models[0]]
        return m.x, m.y

    def move_unit(self, i: int, model: int | None, dx: float, dy: float) -> None:
        u = self.doc.units()[i]
        if model is not None:
            x, y = u["positions"][model][:2]
        else:
            m = self.view.state.models.get(self.moving_models(i, None)[0])
            x = u.get("x", m.x if m else 0.0)
            y = u.get("y", m.y if m else 0.0)
        try:
            edits.set_place(self.doc, i, float(x) + dx, float(y) + dy, model)
        except (TypeError, ValueError):
            self.app.say("Fix its x and y in the Selected tab first.", BAD_TEXT)

    def place(self, profile: Profile, p: tuple[float, float]) -> None:
        i = edits.place_unit(self.doc, profile.new_unit(), self.side, *p)
        self.changed()
        self.sel = ("unit", i, None)
        probs = self.doc.problems_of("units", i)
        if probs:
            self.app.say(f"Placed {profile.name}, but {plain(self.state, probs[0].reason)}. "
                         "Move it where it fits.", BAD_TEXT)
        else:
            self.app.say(f"Placed {profile.name} for {side_label(self.side)}. Click again to "
                         "place another; Esc when done.", OK_TEXT)

    def set_joins(self, i: int, host: str | None) -> None:
        """A character joins ``host``, or leaves its unit to stand 1.5" in front of it."""
        u = self.doc.units()[i]
        names = self.view.models_of(i)
        m = self.view.state.models.get(names[0]) if names else None
        tw, th = self.doc.table()
        x, y = (m.x, m.y) if m is not None else (tw / 2, th / 2)
        if m is not None:
            rad = math.radians(m.facing)
            x, y = x + 1.5 * math.sin(rad), y - 1.5 * math.cos(rad)
        edits.set_joins(self.doc, i, host, x, y)
        self.changed()
        self.app.say(f"{edits.unit_name(u)} " + (f"joins {host}." if host else
                                                 "stands on its own now."))
        self.tell_problems()

    def duplicate(self) -> None:
        if self.sel is None:
            self.say_quietly("Select something to duplicate.")
            return
        kind, i, _ = self.sel
        if kind == "unit":
            models = self.moving_models(i, None)
            xs = [self.state.models[n].x for n in models]
            width = (max(xs) - min(xs) if xs else 0.0) + 1.5
            j = edits.duplicate_unit(self.doc, i, width, 0.0)
            self.sel = ("unit", j, None)
        elif kind == "terrain":
            poly = self.polygon(i) or []
            dx = (max(p[0] for p in poly) - min(p[0] for p in poly) + 1.0) if poly else 2.0
            j = edits.add_terrain(self.doc, str(self.doc.terrain()[i].get("kind", "area")),
                                  [(x + dx, y) for x, y in poly],
                                  self.doc.terrain()[i].get("height", 0.0))
            self.sel = ("terrain", j, None)
        else:
            self.say_quietly("A deployment zone is not duplicated: draw another with Zone.")
            return
        self.changed()
        self.app.say("Duplicated: the copy is selected.", OK_TEXT)
        self.tell_problems()

    def delete(self, pos: tuple[int, int] | None = None) -> None:
        if self.sel is None:
            self.say_quietly("Select something to delete.")
            return
        kind, i, _ = self.sel
        if kind == "terrain" and pos is not None:
            j = self.tools.vertex_at(pos)
            poly = self.polygon(i) or []
            if j is not None and len(poly) > 3:
                edits.set_polygon(self.doc, i, [list(p) for k, p in enumerate(poly) if k != j],
                                  "remove a corner of")
                self.changed()
                return
        {"unit": edits.delete_unit, "terrain": edits.delete_terrain,
         "zone": edits.delete_zone}[kind](self.doc, i)
        self.sel = None
        self.changed()
        self.app.say("Deleted (Ctrl+Z brings it back).")

    def turn_by(self, deg: float) -> None:
        if self.sel is None or self.sel[0] != "unit":
            return
        i, model = self.mover(self.sel[1], self.sel[2])
        u = self.doc.units()[i]
        old = u["positions"][model][2] if model is not None and len(u["positions"][model]) > 2 \
            else u.get("facing", 0.0)
        if isinstance(old, int | float):
            edits.set_facing(self.doc, i, float(old) + deg, model, merge=("turn", i, model))
            self.changed()

    def files_by(self, step: int) -> None:
        """[ and ]: one model fewer or more in each rank of the unit in formation."""
        if self.sel is None or self.sel[0] != "unit" or not self.doc.ruleset.editor.formations:
            return
        i = self.mover(self.sel[1], None)[0]
        u = self.doc.units()[i]
        models = u.get("models", 1)
        files = u.get("files") or min(models, 5)
        if isinstance(files, int) and isinstance(models, int):
            edits.set_unit_value(self.doc, i, ("files",), max(1, min(models, files + step)),
                                 merge=("files", i))
            self.changed()
            self.tell_problems()

    # -- terrain and zones -----------------------------------------------------------------------
    def polygon(self, i: int) -> list[tuple[float, float]] | None:
        t = self.doc.terrain()[i]
        poly = t.get("polygon") if isinstance(t, dict) else None
        try:
            return [(float(p[0]), float(p[1])) for p in poly]
        except (TypeError, ValueError, IndexError):
            return None

    def zone_rect(self, i: int) -> tuple[float, float, float, float] | None:
        if self.zone_preview is not None and self.zone_preview[0] == i:
            x0, y0, x1, y1 = self.zone_preview[1]
            return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
        z = self.doc.zones()[i]
        try:
            x, y = float(z["x"]), float(z["y"])
            return x, y, x + float(z["width"]), y + float(z["height"])
        except (KeyError, TypeError, ValueError):
            return None

    def zone_note(self, sel: Sel | None) -> str:
        """A word when a selected unit stands outside every deployment zone of its side (a
        guide only: the rules do not check it)."""
        if sel is None or sel[0] != "unit":
            return ""
        u = self.doc.units()[sel[1]]
        side = u.get("side")
        rects = [self.zone_rect(i) for i, z in enumerate(self.doc.zones())
                 if isinstance(z, dict) and z.get("side") == side]
        rects = [r for r in rects if r is not None]
        ms = [self.view.state.models[n] for n in self.view.models_of(sel[1])
              if n in self.view.state.models]
        if not rects or not ms:
            return ""
        inside = all(any(r[0] <= m.x <= r[2] and r[1] <= m.y <= r[3] for r in rects) for m in ms)
        return "" if inside else f" It stands outside side {side}'s deployment zone."

    def add_piece(self, poly: list[tuple[float, float]]) -> None:
        heights = {"obstacle": 1.0, "impassable": 4.0, "area": 0.0, "elevation": 1.0}
        i = edits.add_terrain(self.doc, self.kind, poly, heights[self.kind])
        self.changed()
        self.select(("terrain", i, None))
        self.app.say(f"Drew a piece of {self.kind}: set its kind, height and name in the "
                     "Selected tab.", OK_TEXT)
        self.tell_problems()

    def finish_polygon(self) -> None:
        if len(self.draft) < 3:
            self.say_quietly("A piece of terrain needs at least three corners.")
            return
        poly, self.draft = self.draft, []
        self.add_piece(poly)

    def add_zone(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """A deployment zone; an edge drawn within an inch of the table's edge goes to it."""
        tw, th = self.doc.table()

        def edge(v: float, top: float) -> float:
            v = max(0.0, min(top, v))
            return 0.0 if v < 1.0 else top if v > top - 1.0 else v

        x0, x1 = sorted((edge(x0, tw), edge(x1, tw)))
        y0, y1 = sorted((edge(y0, th), edge(y1, th)))
        i = edits.add_zone(self.doc, self.side, x0, y0, x1, y1)
        self.changed()
        self.select(("zone", i, None))

    # -- hovering ------------------------------------------------------------------------------
    def hover(self, pos: tuple[int, int], p: tuple[float, float],
              carrying: Profile | None = None) -> None:
        """What a click would do where the pointer is, and the ghost of a unit to place."""
        self.tools.hover(pos, p, carrying)

    # -- undo, redo, escape ----------------------------------------------------------------------
    def undo(self) -> None:
        label = self.doc.undo()
        self.changed()
        self.panel.forms.refresh(force=True)
        self.app.say(f"Undone: {label}. Ctrl+Y does it again." if label else "Nothing to undo.",
                     NEUTRAL if label else QUIET)

    def redo(self) -> None:
        label = self.doc.redo()
        self.changed()
        self.panel.forms.refresh(force=True)
        self.app.say(f"Done again: {label}." if label else "Nothing to redo.",
                     NEUTRAL if label else QUIET)

    def escape(self) -> None:
        if self.draft:
            self.draft = []
            self.say_quietly("Polygon dropped.")
        elif self.armed is not None:
            self.armed = None
            self.say_quietly("Done placing.")
        elif self.tool != "select":
            self.set_tool("select")
        elif self.sel is not None:
            self.sel = None
            self.say_quietly("Nothing selected.")
        self.ghost = None
        self.app.dirty = True

    # -- playing ---------------------------------------------------------------------------------
    def play(self) -> None:
        """Play the battle now, as it is (unsaved changes included); Ctrl+E comes back."""
        app = self.app
        try:
            sc = self.doc.check()
        except ScenarioError as exc:
            n = len(self.doc.problems())
            app.say(f"Cannot play it yet ({n} problem{'s' if n != 1 else ''}): "
                    f"{str(exc).split(': ', 1)[-1]}", BAD_TEXT)
            return
        from game.ui.session import GameSession

        seed = sc.seed if sc.seed is not None else int(time.time() * 1000) % (2**31)
        session = GameSession(sc, seed, app.saves_dir, autosave=app.autosave)
        self.leave()
        app.start_session(session, f"Playing {sc.name} from the editor: Ctrl+E goes back to "
                                   "editing it. F1 lists every control.")

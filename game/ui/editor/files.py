"""The editor's files: a new battle (its rules and table), opening a scenario to edit,
saving it as TOML (only when it loads; asking before replacing another file), and asking
about unsaved changes before they could be lost (a new battle, another file, quitting)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game.core.errors import ScenarioError
from game.core.ruleset import get_ruleset, known_rulesets
from game.ui.dialogs import ENTER_KEYS, ChoiceDialog, Dialog, message_html
from game.ui.editor.document import EditDoc, slug
from game.ui.filedialog import FileDialog
from game.ui.panels import BAD_TEXT, OK_TEXT
from game.ui.places import DEFAULT_MAP, MAPS, writable

if TYPE_CHECKING:
    from game.ui.editor.editor import Editor

#: the table a new battle of each ruleset starts with (inches)
TABLES = {"skirmish-d10": (36.0, 36.0), "trench-crusade": (48.0, 48.0),
          "old-world": (72.0, 48.0), "ninth-age": (72.0, 48.0)}
#: the game turns a new battle of each ruleset lasts (the Battle tab changes it)
TURNS = {"skirmish-d10": 6, "trench-crusade": 4, "old-world": 6, "ninth-age": 6}


def default_ruleset() -> str | None:
    """The rule system of the shipped default battle: a new battle starts with it chosen."""
    import tomllib

    try:
        rid = tomllib.loads(DEFAULT_MAP.read_text(encoding="utf-8")).get("ruleset")
    except (OSError, tomllib.TOMLDecodeError):
        return None
    return rid if isinstance(rid, str) else None


def available_rulesets() -> list[str]:
    out = []
    for rid in known_rulesets():
        try:
            get_ruleset(rid)
        except NotImplementedError:
            continue
        out.append(rid)
    return out


class EditorFiles:
    def __init__(self, editor: Editor) -> None:
        self.ed = editor

    @property
    def app(self) -> Any:
        return self.ed.app

    def places(self) -> list[tuple[str, Path]]:
        return [("Scenarios", MAPS), ("Saves", self.app.saves_dir)]

    # -- asking first ------------------------------------------------------------------------
    def guard(self, action: Callable[[], None], what: str,
              on_cancel: Callable[[], None] | None = None) -> None:
        """Do ``action`` now, or first ask when the scenario has changes not saved."""
        doc = self.ed.doc
        if not doc.dirty:
            action()
            return
        text = message_html(f"{doc.name} has changes that are not saved.",
                            [f"Save them before you {what}?"],
                            "Don't save loses them." + (" It cannot be saved until its "
                                                        "problems are fixed."
                                                        if doc.problems() else ""))

        def chosen(key: str) -> None:
            if key == "save":
                self.save(then=action)
            elif key == "go":
                action()
            elif on_cancel is not None:
                on_cancel()

        self.app.open_dialog(ChoiceDialog(self.app, "Unsaved changes", text,
                                          [("save", "Save first..."), ("go", "Don't save"),
                                           ("cancel", "Cancel")], chosen, default="save",
                                          cancel="cancel"))

    def request_quit(self) -> None:
        """Quit: ask about the scenario's changes, then about a game's moves."""
        app = self.app
        if app.quit_asked:
            app.running = False
            return
        app.quit_asked = True

        def stay() -> None:
            app.quit_asked = False

        def game() -> None:
            app.files.guard_unsaved(lambda: setattr(app, "running", False), "quit", on_cancel=stay)

        self.guard(game, "quit", on_cancel=stay)

    # -- new and open ------------------------------------------------------------------------
    def ask_new(self) -> None:
        self.guard(lambda: self.app.open_dialog(NewBattleDialog(self.app, self.new)),
                   "start a new battle")

    def new(self, ruleset: str, width: float, height: float, name: str,
            path: Path | None = None) -> None:
        doc = EditDoc.new(ruleset, width, height, name, turns=TURNS.get(ruleset, 6), zones=True)
        doc.path = path
        self.ed.set_doc(doc,
                        f"A new battle of {ruleset} on a {width:g} x {height:g} inch table: "
                        "choose units in the Units tab and click the table to place them.")

    def ask_open(self) -> None:
        folder = self.ed.doc.path.parent if self.ed.doc.path else MAPS
        self.app.open_dialog(FileDialog(
            self.app, "Open a scenario to edit", folder, (".toml", ".json"),
            lambda p: self.guard(lambda: self.open_path(p), "open another scenario"),
            places=self.places()))

    def open_path(self, path: str | Path) -> bool:
        try:
            doc = EditDoc.open(path)
        except ScenarioError as exc:
            self.app.say(f"Cannot edit it: {exc}", BAD_TEXT)
            return False
        n = len(doc.problems())
        self.ed.set_doc(doc, f"Editing {doc.path.name}" + (
            f": {n} problem{'s' if n != 1 else ''} to fix (red on the table, and in the "
            "Selected and Battle tabs)." if n else "."))
        return True

    # -- saving ------------------------------------------------------------------------------
    def save(self, then: Callable[[], None] | None = None) -> None:
        doc = self.ed.doc
        if (doc.path is None or doc.path.suffix.lower() != ".toml"
                or writable(doc.path, self.app.saves_dir) is not None):
            self.save_as(then)  # (a shipped battle is saved as the player's own copy)
        else:
            self.save_to(doc.path, then)

    def save_as(self, then: Callable[[], None] | None = None) -> None:
        doc = self.ed.doc
        if not self.can_save():
            return
        folder = doc.path.parent if doc.path is not None else self.app.saves_dir
        if writable(folder / "x.toml", self.app.saves_dir) is not None:
            folder = self.app.saves_dir
        folder.mkdir(parents=True, exist_ok=True)
        name = (doc.path.stem if doc.path is not None else slug(doc.name)) + ".toml"
        self.app.open_dialog(FileDialog(self.app, "Save the scenario as", folder, (".toml",),
                                        lambda p: self.save_to(p, then, ask=True), save=True,
                                        name=name, places=self.places()))

    def can_save(self) -> bool:
        probs = self.ed.doc.problems()
        if probs:
            self.app.say(f"Not saved: {len(probs)} problem{'s' if len(probs) != 1 else ''} "
                         f"first (a scenario saves only when it loads): {probs[0].message}",
                         BAD_TEXT)
            return False
        return True

    def save_to(self, path: str | Path, then: Callable[[], None] | None = None,
                ask: bool = False) -> Path | None:
        """Write the scenario at ``path``; with ``ask``, first ask before replacing a file
        other than the one being edited."""
        p = Path(path)
        doc = self.ed.doc
        if not self.can_save():
            return None
        if p.is_dir():
            self.app.say(f"Not saved: {p} is a folder.", BAD_TEXT)
            return None
        why = writable(p, self.app.saves_dir)
        if why is not None:
            self.app.say(f"Not saved: {why}.", BAD_TEXT)
            return None
        if ask and p.exists() and (doc.path is None or p.resolve() != doc.path.resolve()):
            self.app.confirm(f"{p.name} already exists in {p.parent}. Replace it with this "
                             "scenario?", lambda: self.save_to(p, then), "Replace")
            return None
        try:
            doc.save(p)
        except ScenarioError as exc:
            self.app.say(f"Not saved: {exc}", BAD_TEXT)
            return None
        except OSError as exc:
            self.app.say(f"Not saved: {p}: {exc.strerror or exc}", BAD_TEXT)
            return None
        self.app.say(f"Saved as {p.name} (in {p.parent}).", OK_TEXT)
        self.app.dirty = True
        if then is not None:
            then()
        return p


class NewBattleDialog(Dialog):
    """A new battle: its rules, the table's size and its name."""

    def __init__(self, app: Any, on_create: Callable[[str, float, float, str], None],
                 cancel: Callable[[], None] | None = None) -> None:
        rulesets = available_rulesets()
        w = max(520, 24 + 8 + len(rulesets) * 134)
        r = pygame.Rect(0, 0, w, 300)
        r.center = (app.size[0] // 2, app.size[1] // 2)
        super().__init__(app, r, "New battle")
        self.on_create = on_create
        self.on_cancel = cancel
        m = app.manager
        inner = w - 32
        UILabel(pygame.Rect(0, 4, inner, 20), "Rules", manager=m, container=self.window,
                object_id="#field_label")
        self.rulesets: dict[UIButton, str] = {}
        for k, rid in enumerate(rulesets):
            b = UIButton(pygame.Rect(k * 134, 26, 130, 32), rid, manager=m, container=self.window,
                         tool_tip_text=get_ruleset(rid).title or None)
            self.rulesets[b] = rid
        self.entries: dict[str, UITextEntryLine] = {}
        for k, (key, label) in enumerate((("width", "Table width (inches)"),
                                          ("height", "Table depth (inches)"))):
            x = k * (inner // 2)
            UILabel(pygame.Rect(x, 66, inner // 2 - 8, 20), label, manager=m,
                    container=self.window, object_id="#field_label")
            self.entries[key] = UITextEntryLine(pygame.Rect(x, 88, inner // 2 - 8, 30), manager=m,
                                                container=self.window)
        UILabel(pygame.Rect(0, 124, inner, 20), "Name", manager=m, container=self.window,
                object_id="#field_label")
        self.entries["name"] = UITextEntryLine(pygame.Rect(0, 146, inner, 30), manager=m,
                                               container=self.window)
        self.entries["name"].set_text("New battle")
        self.problem = UILabel(pygame.Rect(0, 180, inner, 20), "", manager=m,
                               container=self.window, object_id="#field_problem")
        self.ok = UIButton(pygame.Rect(inner - 230, 204, 110, 34), "Create", manager=m,
                           container=self.window, object_id="#default_button")
        self.cancel = UIButton(pygame.Rect(inner - 110, 204, 110, 34), "Cancel", manager=m,
                               container=self.window)
        first = default_ruleset()
        self.choose(first if first in rulesets else rulesets[0])

    def choose(self, rid: str) -> None:
        self.ruleset = rid
        for b, r in self.rulesets.items():
            b.change_object_id("#default_button" if r == rid else None)
        tw, th = TABLES.get(rid, (48.0, 48.0))
        self.entries["width"].set_text(f"{tw:g}")
        self.entries["height"].set_text(f"{th:g}")

    def create(self) -> None:
        try:
            w, h = (float(self.entries[k].get_text()) for k in ("width", "height"))
        except ValueError:
            self.problem.set_text("The table's width and depth are numbers of inches.")
            return
        if not (1 <= w <= 1000 and 1 <= h <= 1000):
            self.problem.set_text("The table is 1 to 1000 inches each way.")
            return
        name = self.entries["name"].get_text().strip() or "New battle"
        self.close()
        self.on_create(self.ruleset, w, h, name)

    def handle(self, e: pygame.event.Event) -> bool:
        el = getattr(e, "ui_element", None)
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if el in self.rulesets:
                self.choose(self.rulesets[el])
                return True
            if el is self.ok:
                self.create()
                return True
            if el is self.cancel:
                self.close()
                self.on_close()
                return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and el in self.entries.values():
            self.create()
            return True
        if e.type == pygame.KEYDOWN and e.key in ENTER_KEYS:
            self.create()
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.close()
            self.on_close()
            return True
        return False

    def on_close(self) -> None:
        if self.on_cancel is not None:
            self.on_cancel()

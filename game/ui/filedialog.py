"""Choosing a file: a folder's scenarios and saves (hidden files left out), shortcuts to the
usual folders, a name box; Enter or a double click confirms, Esc cancels."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextEntryLine

from game.ui.dialogs import ENTER_KEYS, Dialog
from game.ui.session import file_time, save_summary

if TYPE_CHECKING:
    from game.ui.app import App

UP = "../  (up one folder)"
#: how much of a file is read to tell whether it is a scenario
PEEK = 64 * 1024
_RULESET_KEY = re.compile(rb'(^|\n)\s*ruleset\s*=|"ruleset"\s*:')


def names_a_ruleset(p: Path) -> bool:
    """Whether a .toml or .json file looks like a scenario (it has a ``ruleset`` key near its
    start), so that other files of those kinds (settings) are not offered as scenarios. A
    scenario with problems still passes: opening it says what is wrong."""
    try:
        with open(p, "rb") as fh:
            head = fh.read(PEEK)
    except OSError:
        return False
    return _RULESET_KEY.search(head) is not None


class FileDialog(Dialog):
    """``save``: the name box is for a new name; otherwise only files that exist may be
    picked. ``places``: (button label, folder) shortcuts. ``on_pick(path)`` gets the choice;
    ``on_cancel()`` is called when the dialog is left without one."""

    def __init__(self, app: App, title: str, folder: Path, exts: Sequence[str],
                 on_pick: Callable[[Path], object], save: bool = False, name: str = "",
                 places: Sequence[tuple[str, Path]] = (),
                 on_cancel: Callable[[], None] | None = None) -> None:
        w, h = app.size
        r = pygame.Rect(0, 0, 620, min(520, h - 40))
        r.center = (w // 2, h // 2)
        super().__init__(app, r, title)
        self.exts = tuple(exts)
        self.on_pick = on_pick
        self.on_cancel = on_cancel
        self.save = save
        self.folder = folder.resolve()
        m = app.manager
        inner = r.w - 32
        x = 0
        self.places: dict[UIButton, Path] = {}
        for label, path in places:
            bw = 16 + 8 * len(label)
            b = UIButton(pygame.Rect(x, 0, bw, 28), label, manager=m, container=self.window)
            self.places[b] = path
            x += bw + 6
        self.where = UILabel(pygame.Rect(0, 32, inner, 22), "", manager=m, container=self.window)
        list_h = r.h - 190
        self.list = UISelectionList(pygame.Rect(0, 56, inner, list_h), [], manager=m,
                                    container=self.window)
        y = 56 + list_h + 6
        self.entry = UITextEntryLine(pygame.Rect(0, y, inner, 32), manager=m, container=self.window)
        self.entry.set_text(name)
        self.problem = UILabel(pygame.Rect(0, y + 34, inner, 20), "", manager=m,
                               container=self.window, object_id="#problem_label")
        self.ok = UIButton(pygame.Rect(inner - 230, y + 54, 110, 32), "Save" if save else "Open",
                           manager=m, container=self.window, object_id="#default_button")
        self.cancel = UIButton(pygame.Rect(inner - 110, y + 54, 110, 32), "Cancel", manager=m,
                               container=self.window)
        self.names: list[str] = []
        self.show(self.folder)
        if save:
            self.entry.focus()

    # -- the folder shown --------------------------------------------------------------------
    def entries(self, folder: Path) -> list[tuple[str, str]]:
        """(the name of the entry, the text of its line): the way up, folders, then the
        files with one of the extensions; hidden files and folders left out."""
        out: list[tuple[str, str]] = []
        if folder.parent != folder:
            out.append(("..", UP))
        try:
            items = sorted(folder.iterdir(), key=lambda p: p.name.lower())
        except OSError:
            items = []
        for p in items:
            if p.name.startswith(".") or p.name.startswith("__"):
                continue
            if p.is_dir():
                out.append((p.name, f"{p.name}/"))
        for p in items:
            if p.name.startswith(".") or not p.is_file() or p.suffix.lower() not in self.exts:
                continue
            text = p.name
            if p.suffix.lower() == ".jsonl":
                info = save_summary(p)
                if info is not None:
                    text += f"  —  {info['name']}, {info['moves']} moves, {file_time(p)}"
            elif not names_a_ruleset(p):
                continue  # a JSON or TOML file that is no scenario (the window's settings)
            out.append((p.name, text))
        return out

    def show(self, folder: Path) -> None:
        self.folder = folder.resolve()
        rows = self.entries(self.folder)
        self.names = [n for n, _ in rows]
        # two lines reading the same would be one selection: make each text unique
        texts = []
        for _, t in rows:
            while t in texts:
                t += " "
            texts.append(t)
        self.texts = texts
        self.list.set_item_list([*texts])  # (pygame_gui's list may hold pairs too: its own copy)
        self.where.set_text(f"In {self.folder}")
        self.problem.set_text("")

    def _chosen_name(self) -> str | None:
        sel = self.list.get_single_selection()
        if sel is None or sel not in self.texts:
            return None
        return self.names[self.texts.index(sel)]

    # -- choosing ----------------------------------------------------------------------------
    def confirm(self) -> None:
        name = self.entry.get_text().strip()
        if not name:
            chosen = self._chosen_name()
            if chosen is None:
                self.problem.set_text("Choose a file, or type a name.")
                return
            name = chosen
        if name == "..":
            self.show(self.folder.parent)
            return
        path = (self.folder / name).expanduser()
        if path.is_dir():
            self.entry.set_text("")
            self.show(path)
            return
        if self.save:
            if path.suffix.lower() not in self.exts:
                path = path.with_name(path.name + self.exts[0])
        elif not path.exists():
            self.problem.set_text(f"There is no file {path.name} here.")
            return
        self.close()
        self.on_pick(path)

    def handle(self, e: pygame.event.Event) -> bool:
        el = getattr(e, "ui_element", None)
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if el is self.ok:
                self.confirm()
                return True
            if el is self.cancel:
                self.close()
                self.on_close()
                return True
            if el in self.places:
                self.show(self.places[el])
                return True
        if e.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and el is self.list:
            name = self._chosen_name()
            if name is not None and name != ".." and not (self.folder / name).is_dir():
                self.entry.set_text(name)
            return True
        if e.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and el is self.list:
            name = self._chosen_name()
            if name is not None:
                self.entry.set_text(name if name != ".." else "..")
                self.confirm()
            return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and el is self.entry:
            self.confirm()
            return True
        if e.type == pygame.KEYDOWN:
            if e.key in ENTER_KEYS:
                self.confirm()
                return True
            if e.key == pygame.K_ESCAPE:
                self.close()
                self.on_close()
                return True
        return False

    def on_close(self) -> None:
        if self.on_cancel is not None:
            self.on_cancel()

"""The editor's form: labelled fields in rows inside a scrolling panel, each with the
problem the check finds in it written just below, and the list a choice is picked from."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UILabel,
    UIScrollingContainer,
    UISelectionList,
    UITextEntryBox,
    UITextEntryLine,
)

from game.core.ruleset import CHOICE, UNIT
from game.ui.dialogs import Dialog
from game.ui.editor.fields import LINES, LIST, READ, SIDE, Field
from game.ui.sprites import font
from game.ui.tooltip import wrap

if TYPE_CHECKING:
    from game.ui.app import App

LABEL_H = 20
ENTRY_H = 28
LINE_H = 25
PROBLEM_H = 20
GAP = 6
NONE = "(none)"

#: the element a field is shown and typed in
Input = UIButton | UILabel | UITextEntryBox | UITextEntryLine


class Picker(Dialog):
    """A short list to pick one item from (Esc or the close button: nothing picked)."""

    def __init__(self, app: App, title: str, choices: Sequence[str],
                 on_pick: Callable[[str], None], near: pygame.Rect | None = None) -> None:
        w = max(220, min(420, 40 + max((font(13).size(c)[0] for c in choices), default=100)))
        h = min(app.size[1] - 40, 70 + 20 * max(3, len(choices)))
        r = pygame.Rect(0, 0, w, h)
        if near is not None:
            r.topleft = (near.x, near.bottom + 2)
        else:
            r.center = (app.size[0] // 2, app.size[1] // 2)
        r.clamp_ip(pygame.Rect(0, 0, *app.size))
        super().__init__(app, r, title)
        self.choices = list(choices)
        self.on_pick = on_pick
        self.list = UISelectionList(pygame.Rect(0, 0, w - 32, h - 60), [*self.choices],
                                    manager=app.manager, container=self.window)

    def handle(self, e: pygame.event.Event) -> bool:
        if e.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and e.ui_element is self.list:
            got = self.list.get_single_selection()
            self.close()
            if got is not None:
                self.on_pick(got)
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.close()
            return True
        return False


def show_start(box: UITextEntryBox) -> None:
    """A text box not being typed in shows its first lines, with no cursor."""
    box.edit_position = 0
    box.cursor_has_moved_recently = True
    box.update(0.0)
    box.cursor_on = False
    if box.text_box_layout is not None:
        box.text_box_layout.turn_off_cursor()
    box.should_redraw_from_text_block = True


class Form:
    """Fields in rows in a scrolling panel at ``rect``. ``on_change(field, text)`` hears every
    change a player makes; :meth:`set_values` shows the file's values, :meth:`set_problems`
    what is wrong with them."""

    def __init__(self, app: App, rect: pygame.Rect, fields: list[Field],
                 on_change: Callable[[Field, str], None], head: str = "") -> None:
        self.app = app
        self.fields = fields
        self.on_change = on_change
        m = app.manager
        self.box = UIScrollingContainer(rect, manager=m, allow_scroll_x=False)
        self.width = rect.w - 20
        self.inputs: dict[str, Input] = {}
        self.buttons: dict[UIButton, tuple[Field, str]] = {}
        self.labels: dict[str, UILabel] = {}
        self.texts: dict[str, str] = {}
        self.problems: dict[str, list[UILabel]] = {}
        self.rows: list[tuple[list[Field], list[Any]]] = []
        self.head_lines: list[UILabel] = []
        self.head = head
        self._build()
        self._problems: dict[str, str] = {}
        self.layout()

    # -- building ----------------------------------------------------------------------------
    def _build(self) -> None:
        row: list[Field] = []
        used = 0.0
        for f in self.fields:
            if row and used + f.width > 1.001:
                self.rows.append((row, []))
                row, used = [], 0.0
            row.append(f)
            used += f.width
        if row:
            self.rows.append((row, []))
        m = self.app.manager
        for fields, elements in self.rows:
            for f in fields:
                w = int(self.width * f.width) - GAP
                lab = UILabel(pygame.Rect(0, 0, w, LABEL_H), f.label, manager=m,
                              container=self.box, object_id="#field_label")
                self.labels[f.key] = lab
                elements.append(lab)
                h = self.input_height(f)
                rect = pygame.Rect(0, 0, w, h)
                if f.kind in (CHOICE, SIDE, UNIT):
                    button = UIButton(rect, "", manager=m, container=self.box)
                    self.buttons[button] = (f, "choose")
                    el: Input = button
                elif f.kind == READ:
                    el = UILabel(rect, "", manager=m, container=self.box,
                                 object_id="#field_value")
                elif f.kind == LINES:
                    el = UITextEntryBox(rect, "", manager=m, container=self.box)
                else:
                    el = UITextEntryLine(rect, manager=m, container=self.box)
                self.inputs[f.key] = el
                elements.append(el)
                if f.choices and f.kind in (LINES, LIST):
                    b = UIButton(pygame.Rect(0, 0, 62, LABEL_H), "Pick...", manager=m,
                                 container=self.box, tool_tip_text=None)
                    self.buttons[b] = (f, "add")
                    elements.append(b)

    @staticmethod
    def input_height(f: Field) -> int:
        return ENTRY_H if f.kind != LINES else 14 + LINE_H * f.lines

    def layout(self) -> None:
        """Place every row, each followed by the problems of its fields."""
        m = self.app.manager
        y = 0
        for lab in self.head_lines:
            lab.kill()
        self.head_lines = []
        head = [self.head] if self.head else []
        head += [t for k, t in self._problems.items() if k == ""]
        for i, text in enumerate(head):
            for line in wrap(text, self.width - 12, font(14)):
                lab = UILabel(pygame.Rect(0, y, self.width, PROBLEM_H), line, manager=m,
                              container=self.box,
                              object_id="#field_problem" if i or not self.head else "#field_label")
                self.head_lines.append(lab)
                y += PROBLEM_H
            y += 4
        for fields, _ in self.rows:
            x = 0
            row_h = 0
            for f in fields:
                w = int(self.width * f.width)
                self.labels[f.key].set_relative_position((x, y))
                el = self.inputs[f.key]
                el.set_relative_position((x, y + LABEL_H))
                for b, (bf, what) in self.buttons.items():
                    if bf is f and what == "add":
                        b.set_relative_position((x + w - GAP - 62, y))
                row_h = max(row_h, LABEL_H + self.input_height(f))
                x += w
            y += row_h + 2
            for f in fields:
                for lab in self.problems.pop(f.key, []):
                    lab.kill()
                problem = self._problems.get(f.key)
                if not problem:
                    continue
                labs = []
                for line in wrap(problem, self.width - 12, font(14)):
                    labs.append(UILabel(pygame.Rect(0, y, self.width, PROBLEM_H), line,
                                        manager=m, container=self.box,
                                        object_id="#field_problem"))
                    y += PROBLEM_H
                self.problems[f.key] = labs
            y += GAP
        self.box.set_scrollable_area_dimensions((self.width, y + 4))

    # -- values and problems -----------------------------------------------------------------
    def set_values(self, texts: dict[str, str], force: bool = False) -> None:
        """Show these texts (by field key); a field being typed in keeps its own unless
        ``force``."""
        for key, text in texts.items():
            el = self.inputs.get(key)
            if el is None or (self.texts.get(key) == text and not force):
                continue
            self.texts[key] = text
            if isinstance(el, UIButton):
                el.set_text(text or NONE)
            elif isinstance(el, UILabel) or (force or not el.is_focused) and el.get_text() != text:
                el.set_text(text)
                if isinstance(el, UITextEntryBox) and not el.is_focused:
                    show_start(el)

    def set_problems(self, problems: dict[str, str], head: str | None = None) -> None:
        """The problem of each field (by key; "" for the form as a whole), and the words at
        the top of the form."""
        if problems != self._problems or head is not None and head != self.head:
            self._problems = dict(problems)
            self.head = self.head if head is None else head
            self.layout()

    def focused(self) -> bool:
        return any(getattr(el, "is_focused", False) for el in self.inputs.values()
                   if isinstance(el, UITextEntryLine | UITextEntryBox))

    # -- events ------------------------------------------------------------------------------
    def handle(self, e: pygame.event.Event) -> bool:
        el = getattr(e, "ui_element", None)
        if e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for key, inp in self.inputs.items():
                if inp is el and isinstance(inp, UITextEntryLine | UITextEntryBox):
                    f = self.field(key)
                    text = inp.get_text()
                    if text != self.texts.get(key):
                        self.texts[key] = text
                        self.on_change(f, text)
                    return True
        if e.type == pygame_gui.UI_BUTTON_PRESSED and el in self.buttons:
            f, what = self.buttons[el]
            self.pick(f, what, el.rect)
            return True
        return False

    def pick(self, f: Field, what: str, near: pygame.Rect) -> None:
        choices = list(f.choices)
        if f.kind == SIDE:
            choices = ["1 (Blue)", "2 (Red)"]
        if f.optional and what == "choose":
            choices = [NONE, *choices]

        def picked(text: str) -> None:
            if what == "add":
                old = self.texts.get(f.key, "")
                sep = "\n" if f.kind == LINES else ", "
                text = f"{old.rstrip()}{sep}{text}" if old.strip() else text
                self.inputs[f.key].set_text(text)
            elif text == NONE:
                text = ""
            self.texts[f.key] = text
            el = self.inputs[f.key]
            if isinstance(el, UIButton):
                el.set_text(text or NONE)  # (set_values skips a text it already has)
            self.on_change(f, text)

        self.app.open_dialog(Picker(self.app, f"{f.label}: pick one", choices, picked, near))

    def field(self, key: str) -> Field:
        return next(f for f in self.fields if f.key == key)

    def tips(self) -> list[tuple[pygame.Rect, str, str]]:
        clip = self.box.rect
        out = []
        for f in self.fields:  # (on the label: a tip never covers what is being typed)
            r = self.labels[f.key].rect
            if f.tip and clip.contains(r):
                out.append((r, f.label, f.tip))
        return out

    def scroll_key(self) -> Any:
        bar = self.box.vert_scroll_bar
        return None if bar is None else round(bar.start_percentage, 4)

    def kill(self) -> None:
        self.box.kill()

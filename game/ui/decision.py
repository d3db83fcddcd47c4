"""A decision the engine waits for, answered by clicking: its choices as buttons (the default
highlighted, Enter takes it), the models it may name picked on the table (a list of them in
order, such as where Defensive Strikes go), a point clicked on the table; typing only as a
fallback. Every answer is checked by the decision's own check before it is sent."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox, UITextEntryLine

from game.core.commands import Answer
from game.core.decisions import PICK_MODELS, PICK_POINT, Ask
from game.core.log import player_text, show_value
from game.core.state import GameState
from game.ui.dialogs import ENTER_KEYS, Dialog

if TYPE_CHECKING:
    from game.ui.app import App

WIDTH = 600


def choice_label(state: GameState, value: Any) -> str:
    """A choice's button: the value in words, with a capital ("Hold", "Stand and shoot",
    a model's name as it is)."""
    text = show_value(state, value)
    return text[:1].upper() + text[1:]


class DecisionDialog(Dialog):
    modal = False  # the table stays open: models and points are picked there

    def __init__(self, app: App, ask: Ask, who: str) -> None:
        v = app.layout.view
        self.ask = ask
        self.state: GameState = app.state
        self.kind = ("options" if ask.options else ask.pick if ask.pick in (PICK_MODELS, PICK_POINT)
                     else "typed")
        n_rows = 1 + (len(self._choice_labels()) - 1) // 5 if self.kind in ("options", PICK_MODELS) else 1
        h = 216 + 40 * n_rows
        r = pygame.Rect(v.x + (v.w - WIDTH) // 2, v.bottom - h - 8, WIDTH, h)
        super().__init__(app, r, f"{who} decides", closable=False)
        m = app.manager
        inner = WIDTH - 32
        question = player_text(self.state, ask.question)
        q = f"<b>{html.escape(question[:1].upper() + question[1:])}</b>"
        UITextBox(q, pygame.Rect(0, 0, inner, 74), manager=m, container=self.window)
        self.picks: list[str] = list(ask.default) if self.kind == PICK_MODELS and isinstance(
            ask.default, list | tuple) else []
        self.choice_buttons: dict[UIButton, Any] = {}
        y = 78
        if self.kind in ("options", PICK_MODELS):
            values = list(ask.options) if self.kind == "options" else list(ask.choices)
            for i, value in enumerate(values):
                label = self._label(value)
                if self.kind == PICK_MODELS:
                    label = "+ " + label
                bw = (inner - 4 * 6) // 5
                rect = pygame.Rect((i % 5) * (bw + 6), y + (i // 5) * 40, bw, 34)
                oid = "#default_button" if self.kind == "options" and value == ask.default else None
                b = UIButton(rect, label, manager=m, container=self.window, object_id=oid)
                self.choice_buttons[b] = value
            y += 40 * n_rows
        self.info = UILabel(pygame.Rect(0, y, inner, 24), "", manager=m, container=self.window)
        self.entry: UITextEntryLine | None = None
        if self.kind == "typed":
            self.entry = UITextEntryLine(pygame.Rect(0, y, inner, 30), manager=m, container=self.window)
            self.entry.set_text(format_open_answer(self.state, ask.default))
            self.info.set_relative_position((0, y + 32))
        self.problem = UILabel(pygame.Rect(0, y + 26 + (32 if self.entry else 0), inner, 22), "",
                               manager=m, container=self.window, object_id="#problem_label")
        by = r.h - 78
        self.ok = UIButton(pygame.Rect(0, by, 130, 34), "OK", manager=m, container=self.window,
                           object_id="#default_button" if self.kind != "options" else None)
        self.use_default = UIButton(pygame.Rect(138, by, 250, 34), "Use the default", manager=m,
                                    container=self.window)
        self.undo_pick = UIButton(pygame.Rect(396, by, 80, 34), "Undo", manager=m,
                                  container=self.window)
        self.clear = UIButton(pygame.Rect(482, by, 86, 34), "Clear", manager=m, container=self.window)
        if self.kind != PICK_MODELS:
            self.undo_pick.hide()
            self.clear.hide()
        if self.kind == "options":
            self.ok.hide()
        self.refresh()

    # -- what is shown -----------------------------------------------------------------------
    def _choice_labels(self) -> list[str]:
        values = self.ask.options if self.ask.options else self.ask.choices
        return [self._label(v) for v in values]

    def _label(self, value: Any) -> str:
        return _short(choice_label(self.state, value), 22)

    def refresh(self) -> None:
        if self.kind == PICK_MODELS:
            n = self.ask.count
            got = ", ".join(f"{i + 1}. {show_value(self.state, p)}" for i, p in enumerate(self.picks))
            self.info.set_text(f"Picked {len(self.picks)} of {n}: {got}" if self.picks else
                               f"Click the models on the table in order ({n} to pick).")
        elif self.kind == PICK_POINT:
            self.info.set_text("Click the table where it should go.")
        elif self.kind == "options":
            self.info.set_text("Click a choice (Enter takes the highlighted one)."
                               + (" Or click the model on the table." if self.table_choices() else ""))

    def table_choices(self) -> tuple[str, ...]:
        """The models a click on the table may answer with (ringed on the table)."""
        values = self.ask.options if self.kind == "options" else self.ask.choices
        if self.kind not in ("options", PICK_MODELS):
            return ()
        return tuple(v for v in values if isinstance(v, str) and v in self.state.models)

    # -- answering ---------------------------------------------------------------------------
    def submit(self, value: Any, by_default: bool = False) -> None:
        if isinstance(value, list):
            value = tuple(value)
        problem = self.ask.problem(list(value) if isinstance(value, tuple) else value)
        if problem:
            self.problem.set_text(player_text(self.state, problem))
            return
        self.app.play.answer(Answer(value, by_default=by_default))

    def table_click(self, point: tuple[float, float], model: str | None) -> bool:
        """A click on the table while the decision waits: True when it was an answer (or a
        pick)."""
        if self.kind == PICK_POINT:
            self.submit((round(point[0], 2), round(point[1], 2)))
            return True
        if model is None or model not in self.table_choices():
            return False
        if self.kind == "options":
            self.submit(model)
            return True
        if len(self.picks) >= self.ask.count:
            self.picks = []  # a full list: clicking starts a new one
        self.picks.append(model)
        self.problem.set_text("")
        self.refresh()
        return True

    def handle(self, e: pygame.event.Event) -> bool:
        el = getattr(e, "ui_element", None)
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if el in self.choice_buttons:
                value = self.choice_buttons[el]
                if self.kind == "options":
                    self.submit(value)
                else:
                    if len(self.picks) >= self.ask.count:
                        self.picks = []
                    self.picks.append(value)
                    self.problem.set_text("")
                    self.refresh()
                return True
            if el is self.ok:
                self.submit_current()
                return True
            if el is self.use_default:
                self.submit(self.ask.default, by_default=True)
                return True
            if el is self.undo_pick:
                if self.picks:
                    self.picks.pop()
                self.refresh()
                return True
            if el is self.clear:
                self.picks = []
                self.refresh()
                return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and el is self.entry:
            self.submit_current()
            return True
        if e.type == pygame.KEYDOWN and e.key in ENTER_KEYS:
            if self.kind == "options":
                self.submit(self.ask.default)
            else:
                self.submit_current()
            return True
        return False

    def submit_current(self) -> None:
        if self.kind == PICK_MODELS:
            self.submit(list(self.picks))
        elif self.kind == "options" or self.kind == PICK_POINT:
            self.submit(self.ask.default)
        else:
            assert self.entry is not None
            try:
                value = parse_open_answer(self.state, self.entry.get_text(), self.ask.default)
            except ValueError as exc:
                self.problem.set_text(str(exc))
                return
            self.submit(value)


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _id_of(state: GameState, word: str) -> str:
    """A model named by its id or by the name players read ("Spear Band 1")."""
    w = word.strip().strip('"')
    if w in state.models or w in state.units:
        return w
    for m in state.models.values():
        if (m.display or "").lower() == w.lower():
            return m.name
    return w


def parse_open_answer(state: GameState, text: str, default: Any) -> Any:
    """What the player typed for an open decision, shaped like its default: a list of models
    (names or ids, separated by commas), a whole number, a number, yes/no, or text."""
    t = text.strip()
    if isinstance(default, list | tuple):
        if default and all(isinstance(v, int | float) for v in default):
            parts = [p for p in t.replace("(", "").replace(")", "").split(",") if p.strip()]
            try:
                return [float(p) for p in parts]
            except ValueError:
                raise ValueError("give numbers separated by commas") from None
        return [_id_of(state, p) for p in t.split(",") if p.strip()] if t else []
    if isinstance(default, bool):
        if t.lower() in ("yes", "y", "true", "1"):
            return True
        if t.lower() in ("no", "n", "false", "0"):
            return False
        raise ValueError("answer yes or no")
    if isinstance(default, int):
        try:
            return int(t)
        except ValueError:
            raise ValueError("a whole number is needed") from None
    if isinstance(default, float):
        try:
            return float(t)
        except ValueError:
            raise ValueError("a number is needed") from None
    return _id_of(state, t) if isinstance(default, str) else t


def format_open_answer(state: GameState, value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(format_open_answer(state, v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, str):
        return show_value(state, value)
    return "" if value is None else str(value)

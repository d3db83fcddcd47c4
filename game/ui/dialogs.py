"""Dialog windows: a question with buttons (Enter picks the highlighted one, Esc the way out),
the help, and the result of a game. Each is a :class:`Dialog`; the app keeps the open ones
and hands them the events first (:meth:`game.ui.app.App.open_dialog`)."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UIWindow

if TYPE_CHECKING:
    from game.ui.app import App

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class Dialog:
    """A window of the app. ``modal``: the table and the keys wait while it is open."""

    modal = True

    def __init__(self, app: App, rect: pygame.Rect, title: str, closable: bool = True) -> None:
        self.app = app
        self.window = UIWindow(rect, app.manager, title, resizable=False)
        self.window.set_blocking(self.modal)
        if not closable and self.window.close_window_button is not None:
            self.window.close_window_button.disable()

    def alive(self) -> bool:
        return bool(self.window.alive())

    def handle(self, e: pygame.event.Event) -> bool:
        """Take an event meant for this dialog; True when it was."""
        return False

    def on_close(self) -> None:
        """The window's own close button was pressed."""

    def close(self) -> None:
        if self.window.alive():
            self.window.kill()


class ChoiceDialog(Dialog):
    """A message and a row of buttons. ``choices``: (key, label); ``default`` is highlighted
    and taken by Enter; ``cancel`` is taken by Esc and by the close button. ``keep``: keys
    whose button leaves the dialog open (Save... on the result screen)."""

    def __init__(self, app: App, title: str, text: str, choices: Sequence[tuple[str, str]],
                 on_choice: Callable[[str], Any], default: str | None = None,
                 cancel: str | None = None, keep: Sequence[str] = (), width: int = 460,
                 text_height: int = 120) -> None:
        w = max(width, 24 + sum(max(110, 14 + 8 * len(label)) + 8 for _, label in choices))
        # the text box as tall as its text (at least text_height), so nothing needs scrolling
        # unless the text would not fit in the window at all
        most = max(text_height, app.size[1] - 140)
        probe = UITextBox(text, pygame.Rect(0, 0, w - 32, -1), manager=app.manager)
        text_height = min(most, max(text_height, probe.rect.height + 4))
        probe.kill()
        h = text_height + 92
        r = pygame.Rect(0, 0, w, h)
        r.center = (app.layout.view.centerx, app.layout.view.centery)
        r.clamp_ip(pygame.Rect(0, 0, *app.size))
        super().__init__(app, r, title, closable=cancel is not None)
        self.on_choice = on_choice
        self.default = default if default is not None else (choices[0][0] if choices else None)
        self.cancel = cancel
        self.keep = set(keep)
        self.text = UITextBox(text, pygame.Rect(0, 0, w - 32, text_height), manager=app.manager,
                              container=self.window)
        self.buttons: dict[str, UIButton] = {}
        x = 8
        for key, label in choices:
            bw = max(110, 14 + 8 * len(label))
            oid = "#default_button" if key == self.default else None
            self.buttons[key] = UIButton(pygame.Rect(x, text_height + 10, bw, 34), label,
                                         manager=app.manager, container=self.window,
                                         object_id=oid)
            x += bw + 8

    def choose(self, key: str) -> None:
        if key not in self.keep:
            self.close()
        self.on_choice(key)

    def handle(self, e: pygame.event.Event) -> bool:
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if e.ui_element is b:
                    self.choose(key)
                    return True
        if e.type == pygame.KEYDOWN:
            if e.key in ENTER_KEYS and self.default is not None:
                self.choose(self.default)
                return True
            if e.key == pygame.K_ESCAPE and self.cancel is not None:
                self.choose(self.cancel)
                return True
        return False

    def on_close(self) -> None:
        if self.cancel is not None:
            self.on_choice(self.cancel)


class HelpWindow(Dialog):
    """Every control, and the actions of the game open (F1 or Esc closes it)."""

    modal = False

    def __init__(self, app: App, text: str) -> None:
        w, h = app.size
        r = pygame.Rect(0, 0, 680, min(h - 60, 760))
        r.center = (w // 2, h // 2)
        super().__init__(app, r, "Help: every control (F1 closes)")
        UITextBox(text, pygame.Rect(0, 0, r.w - 32, r.h - 60), manager=app.manager,
                  container=self.window)

    def handle(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.close()
            return True
        return False


def message_html(head: str, lines: Sequence[str] = (), note: str = "") -> str:
    """A dialog's text: a bold first line, plain lines, a grey note."""
    out = [f"<b>{html.escape(head)}</b>"] + [html.escape(ln) for ln in lines]
    if note:
        out.append(f"<font color='#a8a8a8'>{html.escape(note)}</font>")
    return "<br>".join(out)

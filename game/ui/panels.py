"""The side panel and the lines around the table: the model card with its rules and badges
(hover one for what it does), the action buttons, the dice and rules log, the banner saying
who acts, and the status line saying what a click would do."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UISelectionList, UITextBox

from game.core.log import models_in
from game.core.ruleset import UIAction
from game.core.state import GameState, Model
from game.ui import info
from game.ui.layout import Layout
from game.ui.sprites import font, side_colour
from game.ui.tooltip import spaced_digits, wrap

if TYPE_CHECKING:
    from game.ui.app import App

#: the window's own buttons after the ruleset's
UNDO = UIAction("undo", "Undo", "", tip="Undo the last order (Ctrl+Z)")
REDO = UIAction("redo", "Redo", "", tip="Give again the order undone (Ctrl+Y)")

NEUTRAL = (230, 230, 230)
QUIET = (170, 170, 175)
OK_TEXT = (150, 230, 150)
BAD_TEXT = (255, 110, 95)


def banner_lines(text: str, room: int) -> list[str]:
    """The banner's text in one line, or, when even the smaller font cannot fit it in
    ``room`` pixels, in two, broken at the `` · `` nearest the middle (a line still too long
    ends in "…"), so the end of the sentence (the score) is never cut off unseen."""
    small = font(13, bold=True)
    if small.size(text)[0] <= room:
        return [text]
    parts = text.split(" · ")
    if len(parts) == 1:
        cut = len(text) // 2
        cut = text.rfind(" ", 0, cut) if " " in text[:cut] else cut
        first, second = text[:cut], text[cut:].lstrip()
    else:
        best = min(range(1, len(parts)), key=lambda k: abs(
            small.size(" · ".join(parts[:k]))[0] - small.size(" · ".join(parts[k:]))[0]))
        first, second = " · ".join(parts[:best]), " · ".join(parts[best:])
    out = []
    for line in (first, second):
        if small.size(line)[0] > room:
            while len(line) > 1 and small.size(line + "…")[0] > room:
                line = line[:-1]
            line = line.rstrip() + "…"
        out.append(line)
    return out


def draw_banner(surf: pygame.Surface, rect: pygame.Rect, text: str,
                col: tuple[int, int, int]) -> None:
    """The banner (the window's and the editor's): its colour, and its words in the larger
    font when they fit, else in the smaller one, in two lines if need be."""
    surf.fill(col, rect)
    room = rect.w - 16
    lines = banner_lines(text, room)
    big = len(lines) == 1 and font(16, bold=True).size(text)[0] <= room
    f = font(16 if big else 13, bold=True)
    step = f.get_linesize() - 2
    y = rect.y + (rect.h - step * len(lines)) // 2
    for line in lines:
        surf.blit(f.render(line, True, (255, 255, 255)), (rect.x + 8, y))
        y += step


class PanelArea(Protocol):
    """What the window asks of the side panel and the lines around the table: the game's
    (:class:`Panels`) or the editor's."""

    def build(self, lay: Layout, actions: Sequence[UIAction]) -> None: ...
    def tips(self) -> list[tuple[pygame.Rect, str, str]]: ...
    def update_card(self) -> bool: ...
    def update_buttons(self) -> None: ...
    def update_log(self) -> bool: ...
    def handle(self, e: pygame.event.Event) -> bool: ...
    def draw_banner(self, surf: pygame.Surface) -> None: ...
    def draw_status(self, surf: pygame.Surface) -> None: ...
    def draw_handover(self, surf: pygame.Surface) -> None: ...


class Panels:
    def __init__(self, app: App) -> None:
        self.app = app
        self.elements: list[Any] = []
        self.card: UITextBox | None = None
        self.chips: list[tuple[UIButton, str, str]] = []  # button, title, text
        self.buttons: dict[str, UIButton] = {}
        self.log: UISelectionList | None = None
        self.log_items: list[str] = []
        self.log_events: list[int] = []  # the event index of each item
        self._log_count = 0
        self._log_lines = 0
        self._log_key: object = None
        self._card_key: object = None
        self._buttons_key: object = None
        self._banner: tuple[Any, tuple[str, tuple[int, int, int]]] | None = None

    # -- building ----------------------------------------------------------------------------
    def build(self, lay: Layout, actions: Sequence[UIAction]) -> None:
        for el in self.elements:
            el.kill()
        m = self.app.manager
        self.elements = [UIPanel(lay.panel, manager=m, starting_height=1)]
        self.card = UITextBox("", lay.card, manager=m)
        self.elements.append(self.card)
        self.chips = []
        self.buttons = {}
        if lay.mode == "play":
            for i, a in enumerate(actions):
                b = UIButton(lay.button_rect(i), a.button_text, manager=m,
                             command=self.app.cmd(self.app.play.do_action, a.name))
                self.buttons[a.name] = b
                self.elements.append(b)
        self.log = UISelectionList(lay.log, [], manager=m)
        self.elements.append(self.log)
        self._log_key = self._card_key = self._buttons_key = None
        self._log_count = 0
        self.log_items, self.log_events = [], []

    def tips(self) -> list[tuple[pygame.Rect, str, str]]:
        """The areas of the panel that have a tooltip: the chips and the action buttons."""
        out = [(b.rect, title, text) for b, title, text in self.chips]
        for name, b in self.buttons.items():
            a = self.app.play.button_actions.get(name)
            if a is not None and a.tip:
                out.append((b.rect, a.label, a.tip))
        return out

    # -- the card ----------------------------------------------------------------------------
    def update_card(self) -> bool:
        app = self.app
        if self.card is None:
            return False
        state = app.state
        m = state.models.get(app.selected) if app.selected else None
        key = (app.selected, m, id(state), state.events_applied, app.mode)
        if key == self._card_key:
            return False
        self._card_key = key
        ruleset = app.ruleset
        if m is None:
            self.card.set_text("<font color='#a0a0a0'>Click a model to see its card: its stats, "
                               "its rules and what has happened to it (hover a rule or a badge "
                               "for what it does). F1 lists every control.</font>")
        else:
            self.card.set_text(info.card_html(state, m, ruleset))
        for b, _, _ in self.chips:
            b.kill()
            if b in self.elements:
                self.elements.remove(b)
        self.chips = []
        if m is not None:
            items = [(text, ri.name if ri else text,
                      (ri.description or ri.summary) if ri else "The ruleset has no words for this rule.",
                      "#rule_button") for text, ri in ruleset.presenter.model_rules(state, m)]
            items += self._part_rule_chips(state, m, {i[0] for i in items})
            if m.on_table:
                items += [(mk.label, mk.label, mk.description, "#condition_button")
                          for mk in ruleset.presenter.marks(state, m)]
            self._place_chips(items)
        app.tooltips.set_areas(self.tips() + app.replay_view.tips())
        return True

    def _part_rule_chips(self, state: GameState, m: Model, shown: set[str]) -> list[tuple[str, str, str, str]]:
        """Chips for the rules of a multipart model's parts not already on the card."""
        ruleset = self.app.ruleset
        known = ruleset.rules()
        out = []
        parts = ruleset.presenter.unit_parts(state, m.unit) if m.unit in state.units else ()
        for part in parts:
            for text in part.rules:
                if text in shown:
                    continue
                shown.add(text)
                ri = known.get(text.split("(", 1)[0].strip().lower())
                tip = (ri.description or ri.summary) if ri else "The ruleset has no words for this rule."
                out.append((text, ri.name if ri else text, tip, "#rule_button"))
        return out

    def _place_chips(self, items: list[tuple[str, str, str, str]]) -> None:
        lay = self.app.layout
        x, y = lay.chips.x, lay.chips.y
        f = font(13)
        for text, title, tip, oid in items:
            w = min(lay.chips.w, f.size(text)[0] + 18)
            if x + w > lay.chips.right:
                x, y = lay.chips.x, y + 28
            if y + 25 > lay.chips.bottom:
                break
            b = UIButton(pygame.Rect(x, y, w, 25), text, manager=self.app.manager, object_id=oid,
                         command=self.app.cmd(self.app.say, f"{title}: {tip}"))
            self.chips.append((b, title, tip))
            self.elements.append(b)
            x += w + 4

    # -- buttons -----------------------------------------------------------------------------
    def update_buttons(self) -> None:
        app = self.app
        if app.mode != "play" or app.session is None or not self.buttons:
            return
        key = (app.selected, len(app.session.engine.log), app.session.engine.pending_ask is not None,
               len(app.session.redo_stack), app.session.can_undo())
        if key == self._buttons_key:
            return
        self._buttons_key = key
        open_ = app.play.open_buttons()
        for name, b in self.buttons.items():
            if open_.get(name):
                b.enable()
            else:
                b.disable()

    # -- the log -----------------------------------------------------------------------------
    def update_log(self) -> bool:
        app = self.app
        if self.log is None:
            return False
        n = app.log_length()
        key = (app.mode, n, id(app.session) if app.mode == "play" else id(app.replay))
        if key == self._log_key:
            return False
        self._log_key = key
        if app.mode == "play" and app.session is not None:
            eng = app.session.engine
            if n < self._log_count or self._log_count == 0:
                self._log_count = 0
                self._log_lines = 0
                self.log_items, self.log_events = [], []
            notes = app.opponent.notes
            for i in range(self._log_count, n):
                if i in notes:
                    self._add_line(i, notes[i])
                text = eng.ruleset.presenter.describe(eng.state, eng.log[i])
                if text:
                    self._add_line(i, text)
            self._log_count = n
        elif app.replay is not None:
            self.log_items, self.log_events = [], []
            self._log_lines = 0
            for ln in app.replay.lines_upto():
                self._add_line(ln.index, ln.text)
        self.log.set_item_list(list(self.log_items))
        sb = self.log.scroll_bar
        if sb is not None:
            sb.set_scroll_from_start_percentage(1.0)
            self.log.update(0.0)  # place the item buttons at the new scroll position
        return True

    def _add_line(self, index: int, text: str) -> None:
        """A log line, numbered one after the other, wrapped to the list's width."""
        self._log_lines += 1
        assert self.log is not None
        f = font(13)
        width = self.log_width()
        indent = "\u00a0" * 5
        first, *rest = wrap(spaced_digits(f"{self._log_lines}. {text}"), width, f)
        # (the lines after the first are indented: wrapped the narrower by the indent)
        rest = wrap(" ".join(rest), width - f.size(indent)[0], f) if rest else []
        for k, p in enumerate([first, *rest]):
            p = (indent + p) if k else p
            while p in self.log_items:  # every line of the list must read differently
                p += "\u00a0"
            self.log_items.append(p)
            self.log_events.append(index)

    def log_width(self) -> int:
        """How wide a line of the log may be: the list less its scroll bar and margins."""
        assert self.log is not None
        return int(self.log.rect.w) - 34

    def log_clicked(self) -> None:
        app = self.app
        if self.log is None:
            return
        for i, item in enumerate(self.log.item_list):
            if item["selected"] and i < len(self.log_events):
                idx = self.log_events[i]
                if app.mode == "play" and app.session:
                    evs = app.session.engine.log
                else:
                    assert app.replay is not None  # (the log lists the replay's events)
                    evs = app.replay.events
                if idx < len(evs):
                    app.log_highlight = tuple(n for n in models_in(evs[idx]) if n in app.state.models)
                    names = ", ".join(app.state.models[n].display or n for n in app.log_highlight)
                    app.say(f"Ringed on the table: {names}." if names else "That line names no model.")
                return

    def handle(self, e: pygame.event.Event) -> bool:
        el = getattr(e, "ui_element", None)
        if e.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and el is self.log:
            self.log_clicked()
            return True
        if e.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION and el is self.log:
            self.app.log_highlight = ()
            return True
        return False

    # -- the banner, the status line, the hand-over screen ------------------------------------
    def draw_banner(self, surf: pygame.Surface) -> None:
        draw_banner(surf, self.app.layout.banner, *self.banner_text())

    def draw_status(self, surf: pygame.Surface) -> None:
        lay = self.app.layout
        surf.fill((22, 22, 26), lay.status)
        text, col = self.status_line()
        f = font(14)
        while f.size(text)[0] > lay.status.w - 16 and len(text) > 10:
            text = text[:-12] + "…"
        t = f.render(text, True, col)
        surf.blit(t, (8, lay.status.y + (lay.status.h - t.get_height()) // 2))

    def banner_text(self) -> tuple[str, tuple[int, int, int]]:
        """The banner's words and colour (worked out again only when the game moved on)."""
        app = self.app
        s = app.state
        key = (app.mode, id(s), s.events_applied, app.log_length(),
               app.session.engine.pending_ask is not None if app.session else None,
               app.opponent.status() if app.mode == "play" else None, app.play.pending)
        if self._banner is not None and self._banner[0] == key:
            return self._banner[1]
        out = self._banner_text()
        self._banner = (key, out)
        return out

    def _banner_text(self) -> tuple[str, tuple[int, int, int]]:
        app = self.app
        s = app.state
        if app.mode == "replay" and app.replay is not None:
            r = app.replay
            last = r.last_event()
            what = (r.ruleset.presenter.describe(s, last) or "") if last is not None else "the start"
            parts = [f"REPLAY {r.name}", f"event {r.pos} of {r.length}", f"game turn {s.turn}", what]
            return (" · ".join(p for p in parts if p),
                    (70, 70, 90))
        if s.game_over:
            w = "a draw" if s.winner == "draw" else (f"{info.side_label(s.winner)} wins"
                                                     if isinstance(s.winner, int) and s.winner
                                                     else "no winner")
            return f"Game over: {w} ({s.end_reason}).", (90, 90, 60)
        due = app.play.due_side()
        col = side_colour(due or 0)
        if app.play.pending is not None:
            return (f"{info.side_label(app.play.pending)} is next: click or press a key to hand "
                    "over (or wait a moment)", side_colour(app.play.seat or 0))
        thinking = app.opponent.status()
        if thinking is not None:
            return thinking, col
        ask = app.game_session().engine.pending_ask
        if ask is not None:
            from game.core.log import player_text

            return f"{info.side_label(due)} decides: {player_text(s, ask.question)}", col
        text = app.ruleset.presenter.status_text(s)
        flow = next(iter(app.play.flow.values()), None)
        if app.ruleset.acting_unit(s) is not None and flow is not None:
            text += f" ({flow.label}: {flow.hotkey.upper() or 'Enter'})"
        return text[:1].upper() + text[1:], col

    def status_line(self) -> tuple[str, tuple[int, int, int]]:
        """What the status line says: the last message until the pointer moves, then what a
        click would do (when the pointer is over something to do)."""
        app = self.app
        if app.previews.status is not None and app.said_at != app.mouse:
            return app.previews.status
        return app.message, app.message_colour

    def draw_handover(self, surf: pygame.Surface) -> None:
        app = self.app
        shade_ = pygame.Surface(app.size, pygame.SRCALPHA)
        shade_.fill((10, 10, 14, 235))
        surf.blit(shade_, (0, 0))
        side = app.play.handover
        big = font(40, bold=True).render(f"{info.side_label(side)}, take the seat", True,
                                         side_colour(side or 0))
        small = font(18).render("Click or press a key to continue", True, (220, 220, 220))
        w, h = app.size
        lines = self.handover_lines()
        y = h / 2 - 50 - (len(lines) * 20 + 30) / 2 if lines else h / 2 - 50
        for img in (big, small):
            surf.blit(img, (w / 2 - img.get_width() / 2, y))
            y += img.get_height() + 16
        if lines:
            f = font(15)
            head = font(15, bold=True).render("Since your last turn:", True, (235, 235, 235))
            surf.blit(head, (w / 2 - 300, y + 8))
            y += 32
            for ln in lines:
                surf.blit(f.render(ln, True, (200, 200, 200)), (w / 2 - 300, y))
                y += 20

    def handover_lines(self) -> list[str]:
        """The hand-over screen's account of what happened since the side taking the seat
        last left it: its last lines of the log, each cut to the screen's width."""
        app = self.app
        side = app.play.handover
        if side is None or side not in app.play.left:
            return []
        lines = app.play.since_seat(side)
        f = font(15)
        most = min(600, app.size[0] - 40)
        out = []
        for ln in lines[-8:]:
            while f.size(ln)[0] > most and len(ln) > 10:
                ln = ln[:-12] + "…"
            out.append(ln)
        return ([f"… and {len(lines) - 8} lines before (in the log)"] if len(lines) > 8 else []) + out

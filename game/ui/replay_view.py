"""The replay viewer: a save's game event by event, with play and pause, speeds, steps by
event, activation and game turn, a timeline that goes where it is clicked or dragged and
always shows where the game is, "continue from here" (a new game from that point), and the
study tools under the timeline (:mod:`.study_tools`: a battle report, the odds from here; the
chances of winning, :mod:`.chances`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIPanel

from game.core.log import models_in
from game.ui.replay_model import ReplayModel, save_of_session
from game.ui.sprites import font
from game.ui.study_tools import StudyTools

if TYPE_CHECKING:
    from game.ui.app import App

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
EVENTS_PER_SECOND = 2.0  # replay speed 1x
BUTTONS = (
    ("prev_turn", "|<< Turn", "previous game turn (Page Up)"),
    ("prev_act", "<< Act.", "previous activation ([)"),
    ("prev_ev", "< Event", "one event back (,)"),
    ("play", "Play", "play / pause (Space)"),
    ("next_ev", "Event >", "one event forward (.)"),
    ("next_act", "Act. >>", "next activation (])"),
    ("next_turn", "Turn >>|", "next game turn (Page Down)"),
    ("branch", "Continue from here", "start a new game from this point, saved as a new file (B)"),
)
#: the study tools, a row of their own under the timeline
TOOLS = (
    ("report", "Report...", "write a battle report of this save and open it in your browser"),
    ("odds_here", "Odds from here", "the odds of each fight and charge open to the side to act "
     "at this point"),
    ("chances", "Chances (F3)", "show or hide each side's chances of winning from this point, "
     "and at the start of each game turn"),
)
KEYS = {
    pygame.K_SPACE: "play", pygame.K_COMMA: "prev_ev", pygame.K_PERIOD: "next_ev",
    pygame.K_LEFTBRACKET: "prev_act", pygame.K_RIGHTBRACKET: "next_act",
    pygame.K_PAGEUP: "prev_turn", pygame.K_PAGEDOWN: "next_turn", pygame.K_HOME: "start",
    pygame.K_END: "end", pygame.K_b: "branch", pygame.K_ESCAPE: "back",
}
SPEED_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4}


class ReplayView:
    def __init__(self, app: App) -> None:
        self.app = app
        self.playing = False
        self.speed = 1.0
        self._acc = 0.0
        self.buttons: dict[str, UIButton] = {}
        self.speed_menu: UIDropDownMenu | None = None
        self.elements: list[Any] = []
        self.dragging = False
        self.tools = StudyTools(app)

    # -- opening and leaving -----------------------------------------------------------------
    def open(self, model: ReplayModel, at_end: bool = False) -> None:
        app = self.app
        self.playing = False
        if at_end:
            model.seek(model.length)
        app.replay = model
        app.enter_mode("replay", model.ruleset, model.state)
        self.follow()
        app.say(f"Replay of {model.name}: {model.length} events. Space plays; click or drag the "
                "timeline to go anywhere; F1 lists the controls.")

    def watch_current(self) -> None:
        app = self.app
        if app.session is None:
            return
        self.open(ReplayModel(save_of_session(app.session)), at_end=True)

    def close(self) -> None:
        app = self.app
        if app.session is None:
            app.say("No game is open: press B to continue from this point, or Ctrl+O to open one.")
            return
        self.playing = False
        app.replay = None
        app.enter_mode("play", app.session.engine.ruleset, app.session.state)
        app.say("Back to the game.")

    # -- the bar -----------------------------------------------------------------------------
    def build(self) -> None:
        for el in self.elements:
            el.kill()
        self.elements, self.buttons = [], {}
        app = self.app
        bar = app.layout.bar
        if app.mode != "replay" or bar is None:
            return
        m = app.manager
        self.elements.append(UIPanel(bar, manager=m, starting_height=1))
        specs = list(BUTTONS)
        if app.session is not None:
            specs.append(("back", "Back to game", "leave the replay viewer (Esc)"))
        x = bar.x + 6
        for name, text, _tip in specs:
            bw = 150 if name == "branch" else 110 if name == "back" else 74
            b = UIButton(pygame.Rect(x, bar.y + 4, bw, 30), text, manager=m,
                         command=app.cmd(self.action, name))
            self.buttons[name] = b
            self.elements.append(b)
            x += bw + 3
        self.speed_menu = UIDropDownMenu([f"{s:g}x" for s in SPEEDS], f"{self.speed:g}x",
                                         pygame.Rect(x, bar.y + 4, 70, 30), manager=m)
        self.elements.append(self.speed_menu)
        x = bar.x + 6
        for name, text, _tip in TOOLS:
            bw = 14 + 8 * len(text)
            b = UIButton(pygame.Rect(x, bar.y + 74, bw, 28), text, manager=m,
                         command=app.cmd(self.action, name))
            self.buttons[name] = b
            self.elements.append(b)
            x += bw + 3

    def tips(self) -> list[tuple[pygame.Rect, str, str]]:
        tips = {n: tip for n, _, tip in (*BUTTONS, *TOOLS)}
        tips["back"] = "leave the replay viewer (Esc)"
        return [(b.rect, "", tips[n].capitalize()) for n, b in self.buttons.items()]

    # -- controls ----------------------------------------------------------------------------
    def key(self, k: int) -> None:
        if k in KEYS:
            self.action(KEYS[k])
        elif k in SPEED_KEYS:
            self.set_speed(SPEEDS[SPEED_KEYS[k]])

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.app.say(f"Speed {speed:g}x.")
        if self.speed_menu is not None:
            self.build()

    def action(self, name: str) -> None:
        app = self.app
        r = app.replay
        if r is None:
            return
        if name != "play":
            self.playing = False
        if name == "play":
            if r.pos >= r.length:
                r.seek(0)
            self.playing = not self.playing
            self._acc = 0.0
        elif name in ("prev_ev", "next_ev"):
            r.step(-1 if name == "prev_ev" else 1)
        elif name in ("prev_act", "next_act", "prev_turn", "next_turn"):
            getattr(r, {"prev_act": "prev_activation", "next_act": "next_activation",
                        "prev_turn": "prev_turn", "next_turn": "next_turn"}[name])()
        elif name == "start":
            r.seek(0)
        elif name == "end":
            r.seek(r.length)
        elif name == "branch":
            app.files.guard_unsaved(self.branch, "start a new game from this point")
            return
        elif name == "back":
            self.close()
            return
        elif name in ("report", "odds_here", "chances"):
            {"report": self.tools.ask_report, "odds_here": self.tools.odds_here,
             "chances": app.chances.toggle}[name]()
            return
        self.follow()

    def follow(self) -> None:
        """After the position moved: ring the models of the event just shown."""
        app = self.app
        r = app.replay
        if r is None:
            return
        last = r.last_event()
        app.log_highlight = tuple(n for n in models_in(last) if n in r.state.models) if last else ()
        app.dirty = True

    def branch(self) -> None:
        app = self.app
        r = app.replay
        assert r is not None
        session, path, at = r.branch(app.saves_dir, app.autosave)
        note = "" if at == r.pos else f" (from event {at}, the end of the last whole order)"
        app.start_session(session, f"New game from this point{note}, saved as {path.name}.")

    def update(self, dt: float) -> bool:
        app = self.app
        r = app.replay
        changed = self.tools.update()  # (a report may finish after the viewer was left)
        if app.mode != "replay" or r is None:
            return changed
        if self.playing:
            before = r.pos
            self._acc += dt * EVENTS_PER_SECOND * self.speed
            n = int(self._acc)
            if n:
                self._acc -= n
                r.step(n)
                app.notes.add(r.ruleset, r.state, r.events[before:r.pos])
                self.follow()
                changed = True
                if r.pos >= r.length:
                    self.playing = False
        want = "Pause" if self.playing else "Play"
        if "play" in self.buttons and self.buttons["play"].text != want:
            self.buttons["play"].set_text(want)
            changed = True
        return changed

    # -- the timeline ------------------------------------------------------------------------
    def handle(self, e: pygame.event.Event) -> bool:
        app = self.app
        if app.mode != "replay" or app.replay is None:
            return False
        if e.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and e.ui_element is self.speed_menu:
            self.speed = float(e.text.rstrip("x"))
            return True
        tl = app.layout.timeline
        if tl is None:
            return False
        hit = tl.inflate(0, 16)
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and hit.collidepoint(e.pos):
            self.dragging = True
            self.seek_to(e.pos[0])
            return True
        if e.type == pygame.MOUSEMOTION and self.dragging:
            self.seek_to(e.pos[0])
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.dragging:
            self.dragging = False
            self.seek_to(e.pos[0])
            return True
        return False

    def seek_to(self, x: int) -> None:
        """Go to the event under ``x`` on the timeline."""
        app = self.app
        r, tl = app.replay, app.layout.timeline
        assert r is not None and tl is not None
        k = min(1.0, max(0.0, (x - tl.x) / max(1, tl.w)))
        self.playing = False
        r.seek(round(k * r.length))
        self.follow()

    def draw(self, surf: pygame.Surface) -> None:
        app = self.app
        r, tl = app.replay, app.layout.timeline
        if app.mode != "replay" or r is None or tl is None:
            return
        pygame.draw.rect(surf, (40, 42, 48), tl, border_radius=4)
        n = max(1, r.length)
        for i in r.turns:  # a tick where each game turn starts
            x = tl.x + tl.w * (i + 1) / n
            pygame.draw.line(surf, (110, 115, 130), (x, tl.y + 2), (x, tl.bottom - 3), 1)
        done = pygame.Rect(tl.x, tl.y, int(tl.w * r.pos / n), tl.h)
        pygame.draw.rect(surf, (70, 95, 150), done, border_radius=4)
        tx = tl.x + tl.w * r.pos / n
        pygame.draw.rect(surf, (235, 235, 240), (tx - 4, tl.y - 3, 8, tl.h + 6), border_radius=3)
        lab = font(12).render(f"event {r.pos} of {r.length}", True, (230, 230, 230))
        surf.blit(lab, (tl.right - lab.get_width() - 6, tl.y + (tl.h - lab.get_height()) // 2))

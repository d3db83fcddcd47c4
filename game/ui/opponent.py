"""The computer as a player in the window.

Each side is played by a person or by the AI at a level (``easy``, ``normal``, ``hard``); the
choice is made on the start screen or at any moment with Ctrl+P (the Players dialog), and is
remembered in ``saves/settings.json``. When a side the AI plays is due (to act or to answer a
decision), the AI thinks in a worker thread on a copy of the game (``Engine.fork``), so the
frame never waits for it; the banner says it is thinking. Its move is carried out like a
player's order once at least the chosen pace has passed since its last one, so a person can
follow what it does; its reason goes into the dice and rules log just before the events of
its move. Taking a side over (making it Human) cancels any thinking at once. Undo takes back
the AI's moves since your last order and that order too, so it is your turn again.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from game.ui.dialogs import Dialog
from game.ui.info import side_label

if TYPE_CHECKING:
    from game.ai import Choice, Memory
    from game.core.engine import Engine
    from game.ui.app import App

HUMAN = "human"
#: who may play a side, as the Players dialog offers them
SEATS = ((HUMAN, "Human"), ("easy", "AI easy"), ("normal", "AI normal"), ("hard", "AI hard"))
#: the least time between two moves of the AI (seconds), so that each can be followed
PACES = {"fast": 0.3, "normal": 1.0, "slow": 2.5}
PACE_LABELS = (("fast", "Fast"), ("normal", "Normal"), ("slow", "Slow"))
#: how long the AI may think about one move, by level (its first round always completes)
BUDGETS = {"easy": 0.5, "normal": 1.0, "hard": 2.0}
SETTINGS = "settings.json"


class _Job:
    """One choice being made in a worker thread, for the position ``key``."""

    def __init__(self, key: tuple[int, ...], engine: Engine, side: int, level: str,
                 memory: Memory) -> None:
        self.key = key
        self.memory = memory
        self.side = side
        self.level = level
        self.cancel = threading.Event()
        self.choice: Choice | None = None
        self.error: str | None = None
        self.done = False
        self.thread = threading.Thread(target=self._run, args=(engine,), daemon=True,
                                       name=f"ai-side-{side}")
        self.thread.start()

    def _run(self, engine: Engine) -> None:
        from game.ai import Cancelled, choose

        try:
            self.choice = choose(engine, self.side, self.level, time_budget=BUDGETS.get(self.level, 1.0),
                                 cancel=self.cancel, memory=self.memory)
        except Cancelled:
            pass
        except Exception as exc:  # noqa: BLE001 - reported in the window, never raised there
            self.error = f"{type(exc).__name__}: {exc}"
        self.done = True


class Opponent:
    """Who plays each side, and the AI's moves for the sides it plays."""

    def __init__(self, app: App, players: dict[int, str] | None = None) -> None:
        self.app = app
        self.seats: dict[int, str] = {1: HUMAN, 2: HUMAN}
        self.pace = "normal"
        self.paused = False  # after an error, until the players are chosen again
        self.job: _Job | None = None
        #: what the AI worked out earlier in this game (forgotten on an undo or a new game;
        #: made when the AI first thinks, as the AI itself is loaded then)
        self.memory: Memory | None = None
        self.last_move = 0.0  # time.monotonic() of the AI's last move
        self.refused = 0  # moves refused in a row (a second one pauses the AI)
        #: the AI's reasons, by the index in the log of the first event of the move
        self.notes: dict[int, str] = {}
        #: indexes in the session's command list of the commands the AI gave
        self.moves: set[int] = set()
        self._shown: str | None = None  # the thinking words last drawn
        self.load()
        if players:
            self.seats.update(players)

    # -- settings ----------------------------------------------------------------------------
    def _settings_path(self) -> Path:
        return Path(self.app.saves_dir) / SETTINGS

    def load(self) -> None:
        """The players and pace last chosen (a missing or broken file: both sides human)."""
        try:
            data = json.loads(self._settings_path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if not isinstance(data, dict):
            return
        players = data.get("players")
        if isinstance(players, dict):
            for side in (1, 2):
                v = players.get(str(side))
                if v in dict(SEATS):
                    self.seats[side] = v
        if data.get("ai_pace") in PACES:
            self.pace = data["ai_pace"]

    def save(self) -> None:
        p = self._settings_path()
        try:
            data = json.loads(p.read_text(encoding="utf-8")) if p.is_file() else {}
        except (OSError, ValueError):
            data = {}
        if not isinstance(data, dict):
            data = {}
        data["players"] = {str(k): v for k, v in self.seats.items()}
        data["ai_pace"] = self.pace
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            tmp = p.with_suffix(".tmp")
            tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            tmp.replace(p)
        except OSError as exc:
            self.app.say(f"The players could not be remembered ({exc}); they apply to this game.")

    # -- who plays ---------------------------------------------------------------------------
    def plays(self, side: int | None) -> bool:
        """Whether the AI plays ``side``."""
        return side in (1, 2) and self.seats.get(side, HUMAN) != HUMAN

    def any_ai(self) -> bool:
        return any(self.plays(s) for s in (1, 2))

    def level(self, side: int) -> str:
        return self.seats.get(side, HUMAN)

    def set_seat(self, side: int, who: str) -> None:
        from game.ai import LEVELS

        if (who != HUMAN and who not in LEVELS) or self.seats.get(side) == who:
            return
        self.seats[side] = who
        if who == HUMAN and self.job is not None and self.job.side == side:
            self.cancel()
        self.paused = False
        self.refused = 0
        self.save()
        self.app.play.seat = None
        self.app.play.after_change()
        self.app.dirty = True

    def set_pace(self, pace: str) -> None:
        if pace in PACES and pace != self.pace:
            self.pace = pace
            self.save()

    def describe(self) -> str:
        """"Side 1 (Blue): Human · Side 2 (Red): AI normal"."""
        return " · ".join(f"{side_label(s)}: {dict(SEATS).get(self.seats[s], 'AI ' + self.seats[s])}"
                          for s in (1, 2))

    # -- the AI's turn -----------------------------------------------------------------------
    def due(self) -> int | None:
        """The side the AI should move for now, or None (a person's turn, a dialog open,
        the hand-over screen, the game over, or paused)."""
        app = self.app
        if self.paused or app.mode != "play" or app.session is None or app.session.state.game_over:
            return None
        if app.play.handover is not None or app.modal_open():
            return None
        side = app.play.due_side()
        return side if self.plays(side) else None

    def thinking(self) -> int | None:
        """The side the AI is thinking for (or about to move for), if any."""
        return self.due()

    def busy(self) -> bool:
        """Whether the window must keep stepping (the AI is due or its worker is running)."""
        return self.job is not None or self.due() is not None

    def _key(self) -> tuple[int, ...]:
        s = self.app.session
        assert s is not None
        return (id(s), len(s.engine.log), len(s.commands()))

    def tick(self) -> bool:
        """Start thinking when a side the AI plays is due; carry out a finished choice when
        the pace allows. True when the game changed."""
        changed = self._status_changed()
        job = self.job
        side = self.due()
        if job is not None:
            if side != job.side or self._key() != job.key or self.level(job.side) != job.level:
                self.cancel()  # the game moved on, or the side was taken over
                return changed
            if not job.done:
                return changed
            if time.monotonic() - self.last_move < PACES[self.pace]:
                return changed
            self.job = None
            return self._carry_out(job) or changed
        if side is None:
            return changed
        if self.memory is None:
            from game.ai import Memory

            self.memory = Memory()
        self.job = _Job(self._key(), self.app.game_session().engine.fork(), side, self.level(side),
                        self.memory)
        return changed

    def _status_changed(self) -> bool:
        text = self.status()
        if text != self._shown:
            self._shown = text
            return True
        return False

    def _carry_out(self, job: _Job) -> bool:
        from game.ai import idle

        app = self.app
        session = app.session
        assert session is not None
        if job.error is not None or job.choice is None:
            if job.error is not None:
                self.paused = True
                app.say(f"The AI could not choose a move ({job.error}); press Ctrl+P to play "
                        f"{side_label(job.side)} yourself or to set it going again.", (255, 110, 95))
            return False
        choice = job.choice
        at, index = len(session.engine.log), len(session.commands())
        self.notes[at] = f"AI ({job.level}) for {side_label(job.side)}: {choice.reason}"
        out = app.play.execute(choice.command)
        if out is None or not out.ok:
            self.notes.pop(at, None)
            self.refused += 1
            if self.refused >= 2:
                self.paused = True
                app.say(f"The AI's moves for {side_label(job.side)} were refused twice; press "
                        "Ctrl+P to take the side over or set it going again.", (255, 110, 95))
                return False
            fallback = idle(session.engine.fork(), job.side)
            self.notes[at] = f"AI ({job.level}) for {side_label(job.side)}: nothing better to do"
            out = app.play.execute(fallback.command)
            if out is None or not out.ok:
                self.notes.pop(at, None)
                return False
        self.refused = 0
        self.moves.add(index)
        self.last_move = time.monotonic()
        return True

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel.set()
            self.job = None

    def rewound(self) -> None:
        """After an undo or a new game: forget what no longer happened."""
        self.cancel()
        self.memory = None
        s = self.app.session
        n = len(s.engine.log) if s is not None else 0
        k = len(s.commands()) if s is not None else 0
        self.notes = {i: t for i, t in self.notes.items() if i < n}
        self.moves = {i for i in self.moves if i < k}
        self.last_move = time.monotonic()

    def new_game(self) -> None:
        self.cancel()
        self.memory = None
        self.notes, self.moves = {}, set()
        self.paused = False
        self.refused = 0

    def undo_count(self) -> int:
        """How many commands Undo takes back: the AI's since the last order of a person, and
        that order (only the AI's when no person has given one)."""
        s = self.app.session
        if s is None:
            return 0
        n = len(s.commands())
        k = n
        while k > 0 and (k - 1) in self.moves:
            k -= 1
        return n - k + (1 if k > 0 else 0)

    def status(self) -> str | None:
        """The banner's words while the AI is due: who is thinking, with moving dots."""
        side = self.due()
        if side is None:
            return None
        dots = "." * (1 + int(time.monotonic() * 2.5) % 3)
        return (f"{side_label(side)}: the computer ({self.level(side)}) is thinking{dots}   "
                "Ctrl+P: players")


class PlayersDialog(Dialog):
    """Who plays each side (Human or AI at a level) and how fast the AI moves. Each click
    applies at once; Done (or Enter, or Esc) closes it."""

    def __init__(self, app: App, then: Callable[[], object] | None = None) -> None:
        w, h = 560, 250
        r = pygame.Rect(0, 0, w, h)
        r.center = (app.layout.view.centerx, app.layout.view.centery)
        super().__init__(app, r, "Players", closable=False)
        self.then = then
        opp = app.opponent
        self.buttons: dict[UIButton, tuple[str, Any]] = {}
        y = 10
        for side in (1, 2):
            UILabel(pygame.Rect(8, y, 130, 30), side_label(side), manager=app.manager,
                    container=self.window)
            x = 140
            for key, label in SEATS:
                b = UIButton(pygame.Rect(x, y, 94, 30), label, manager=app.manager,
                             container=self.window,
                             tool_tip_text="a person plays this side" if key == HUMAN else
                             f"the computer plays this side, thinking up to {BUDGETS[key]:g} s a move")
                self.buttons[b] = ("seat", (side, key))
                x += 98
            y += 40
        UILabel(pygame.Rect(8, y, 130, 30), "AI pace", manager=app.manager, container=self.window)
        x = 140
        for key, label in PACE_LABELS:
            b = UIButton(pygame.Rect(x, y, 94, 30), label, manager=app.manager, container=self.window,
                         tool_tip_text=f"at least {PACES[key]:g} s between two moves of the AI")
            self.buttons[b] = ("pace", key)
            x += 98
        y += 46
        self.done = UIButton(pygame.Rect(w - 140, y, 100, 34), "Done", manager=app.manager,
                             container=self.window, object_id="#default_button")
        self.note = UILabel(pygame.Rect(8, y, w - 160, 34), "Ctrl+P changes this at any moment.",
                            manager=app.manager, container=self.window)
        self.mark()
        opp.cancel()

    def mark(self) -> None:
        opp = self.app.opponent
        for b, (what, v) in self.buttons.items():
            on = (what == "seat" and opp.seats.get(v[0]) == v[1]) or (what == "pace" and opp.pace == v)
            want = "#default_button" if on else None
            if b.get_object_ids()[-1:] != [want]:
                b.change_object_id(want)

    def handle(self, e: pygame.event.Event) -> bool:
        opp = self.app.opponent
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if e.ui_element is self.done:
                self.finish()
                return True
            hit = self.buttons.get(e.ui_element)
            if hit is not None:
                what, v = hit
                if what == "seat":
                    opp.set_seat(*v)
                else:
                    opp.set_pace(v)
                self.mark()
                return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.finish()
            return True
        return False

    def finish(self) -> None:
        self.close()
        app = self.app
        app.say(f"Players: {app.opponent.describe()}.")
        app.play.after_change()
        if self.then is not None:
            self.then()

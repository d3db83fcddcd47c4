"""The table window: hot-seat play, saving, undo and redo, and the replay viewer.

The window reads the state and sends commands; it never changes the state itself and never
judges a rule: legality, charge end points and refusals all come from the engine (a command
tried on a copy of it, see :meth:`GameSession.preview`).

The pieces, one module each: :mod:`.layout` (where things go), :mod:`.input` (keys and the
mouse), :mod:`.play` (the play controller), :mod:`.previews` (what a click would do),
:mod:`.panels` (card, buttons, log, banner, status line), :mod:`.decision` (decisions),
:mod:`.files` (saving, opening, the start and result screens), :mod:`.replay_view` (the
viewer), :mod:`.render` and :mod:`.sprites` (the table), :mod:`.effects` (notes floating up
at the models), :mod:`.tooltip`.

``App(...)`` builds the window; ``app.step(events, dt)`` handles one frame's events and
draws it when something changed, so tests drive it without an endless loop; :func:`run_app`
is the loop for people, which sleeps while nothing happens.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.core.errors import ReplayError, ScenarioError
from game.core.replay import is_save
from game.core.ruleset import Ruleset
from game.core.state import GameState
from game.ui import drags, info, layout
from game.ui.camera import Camera, focus_box
from game.ui.chances import ChancesView
from game.ui.dialogs import ChoiceDialog, Dialog, HelpWindow, message_html
from game.ui.effects import Notes, Slides
from game.ui.files import Files
from game.ui.input import ARROWS, InputHandler
from game.ui.odds_view import OddsView
from game.ui.opponent import Opponent
from game.ui.panels import NEUTRAL, Panels
from game.ui.places import DEFAULT_MAP, ROOT, SAVES
from game.ui.play import PlayController
from game.ui.previews import Previews
from game.ui.render import Overlay, TableRenderer
from game.ui.replay_model import ReplayModel
from game.ui.replay_view import ReplayView
from game.ui.running import display_problem, listen_for_stop, main_loop
from game.ui.session import GameSession
from game.ui.tooltip import Tooltips

THEME = ROOT / "assets" / "theme.json"
PAN_SPEED = 700  # px per second while an arrow key is held
LINGER = 1.2  # seconds of drawing after the last input (hover colours, tooltips settle)


class App:
    def __init__(
        self,
        scenario: str | Path | None = None,
        seed: int | None = None,
        replay: str | Path | None = None,
        size: tuple[int, int] = (1280, 800),
        saves_dir: str | Path | None = None,
        autosave: bool = True,
        handover: bool = True,
        strict: bool = False,
        flip: bool = True,
        start_screen: bool = False,
        edit: str | Path | bool | None = None,
        players: dict[int, str] | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Contact Zone")
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = self.screen.get_size()
        self.manager = pygame_gui.UIManager(self.size, str(THEME) if THEME.exists() else None)
        from importlib import resources

        mono = str(resources.files("pygame_gui.data").joinpath("FiraCode-Regular.ttf"))
        self.manager.add_font_paths("fira_code", mono, mono, mono, mono)
        self.manager.preload_fonts([
            {"name": "noto_sans", "point_size": 14, "style": "bold"},
            {"name": "noto_sans", "point_size": 14, "style": "italic"},
            {"name": "fira_code", "point_size": 12, "style": "regular"},
            {"name": "fira_code", "point_size": 12, "style": "bold"},
        ])
        self.saves_dir = Path(saves_dir) if saves_dir is not None else SAVES
        self.autosave = autosave
        self.handover_on = handover
        self.strict = strict
        self.flip = flip
        self.running = True
        self.quit_asked = False
        self.errors: list[str] = []
        self.clock = pygame.time.Clock()
        self.frames = 0  # steps taken
        self.draws = 0  # frames drawn
        self.dirty = True
        self._linger = 0.0

        self.session: GameSession | None = None
        self.replay: ReplayModel | None = None
        self.mode = "play"
        self.renderer: TableRenderer | None = None
        self.camera: Camera | None = None
        self.layout = layout.compute(self.size, "play", 0)
        self.selected: str | None = None
        self.hovered: str | None = None
        self.mouse = (0, 0)
        self.show_names: bool | None = None
        self.log_highlight: tuple[str, ...] = ()
        self.message = ""
        self.message_colour = NEUTRAL
        self.said_at: tuple[int, int] | None = None  # where the pointer was when it was said
        self.dialogs: list[Dialog] = []
        self.decision: Any = None
        self.help: HelpWindow | None = None
        self.editor: Any = None  # the scenario editor (game.ui.editor), once opened

        self.tooltips = Tooltips()
        self.notes = Notes()
        self.slides = Slides()
        self.play = PlayController(self)
        self.previews = Previews(self)
        self.panels = Panels(self)
        self.files = Files(self)
        self.replay_view = ReplayView(self)
        self.input = InputHandler(self)
        self.opponent = Opponent(self, players)
        self.odds, self.chances = OddsView(self), ChancesView(self)

        if replay is not None:
            self.replay_view.open(ReplayModel.open(replay))
        elif edit is not None and edit is not False:
            from game.ui.editor import open_editor

            open_editor(self, None if edit is True else Path(edit))
        else:
            path = Path(scenario) if scenario is not None else DEFAULT_MAP
            if is_save(path):
                session = GameSession.from_save(path, self.saves_dir, autosave)
                self.start_session(session, f"Playing on from {path.name}: "
                                            f"{len(session.commands())} moves so far.")
            else:
                self.start_session(GameSession.from_scenario_file(path, seed, self.saves_dir, autosave))
        if start_screen:
            self.files.show_start(DEFAULT_MAP)

    # ------------------------------------------------------------------------------ modes
    @property
    def state(self) -> GameState:
        if self.mode == "replay" and self.replay is not None:
            return self.replay.state
        if self.mode == "edit" and self.editor is not None:
            return self.editor.state
        assert self.session is not None
        return self.session.state

    @property
    def ruleset(self) -> Ruleset:
        if self.mode == "replay" and self.replay is not None:
            return self.replay.ruleset
        if self.mode == "edit" and self.editor is not None:
            return self.editor.doc.ruleset
        assert self.session is not None
        return self.session.engine.ruleset

    def log_length(self) -> int:
        if self.mode == "replay" and self.replay is not None:
            return self.replay.pos
        return len(self.session.engine.log) if self.session else 0

    def start_session(self, session: GameSession, message: str = "") -> None:
        if self.session is not None and self.session is not session:
            self.session.close()
        self.session = session
        self.opponent.new_game()
        self.replay = None
        self.replay_view.playing = False
        self.play.set_ruleset(session.engine.ruleset)
        self.play.reset()
        self.enter_mode("play", session.engine.ruleset, session.state)
        due = self.play.due_side()
        text = message or (f"{session.state.scenario}: {info.side_label(due)} begins. "
                           "Press F1 for every control.")
        if self.opponent.any_ai():  # (the players chosen before carry over: say so)
            text += f" Players: {self.opponent.describe()} (Ctrl+P changes them)."
        self.say(text)
        self.play.after_change()

    def enter_mode(self, mode: str, ruleset: Ruleset, state: GameState) -> None:
        """Show ``state`` of ``ruleset`` in ``mode`` ("play" or "replay"): a fresh view of the
        whole table and the panels rebuilt."""
        self.mode = mode
        self.selected = None
        self.play.action_mode = None
        self.log_highlight = ()
        self.notes.clear()
        self.previews.clear()
        if self.decision is not None and mode != "play":
            self.decision.close()
            self.decision = None
        self.renderer = TableRenderer(ruleset)
        self.camera = Camera(state.table, self.layout.view)
        self.relayout()

    def relayout(self) -> None:
        n = len(self.play.button_actions) if self.mode == "play" else 0
        self.layout = layout.compute(self.size, self.mode, n)
        if self.camera is not None:
            self.camera.refit(self.layout.view, focus_box(self.state))
        if self.renderer is not None:
            self.renderer.clear()
        self.panels.build(self.layout, list(self.play.button_actions.values()))
        self.replay_view.build()
        self.tooltips.set_areas(self.panels.tips() + self.replay_view.tips())
        self.dirty = True

    def resize(self, w: int, h: int) -> None:
        w, h = max(layout.MIN_SIZE[0], w), max(layout.MIN_SIZE[1], h)
        if (w, h) == self.size:
            return
        self.screen = pygame.display.get_surface()
        if self.screen is None or self.screen.get_size() != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.size = (w, h)
        self.manager.set_window_resolution((w, h))
        self.relayout()

    # ------------------------------------------------------------------------------ helpers
    def say(self, text: str, colour: tuple[int, int, int] = NEUTRAL) -> None:
        """Put ``text`` on the status line: it stands over what the pointer would do until
        the pointer moves (a key's answer, H or Ctrl+Z, is read, not hidden by a hover)."""
        self.message = text
        self.message_colour = colour
        self.said_at = self.mouse
        self.dirty = True

    def cmd(self, fn: Any, *args: Any) -> Any:
        """A button command (pygame_gui wants a function of no arguments)."""

        def run() -> None:
            self.safe(fn, *args)

        return run

    def select(self, name: str | None) -> None:
        self.selected = name
        self.play.action_mode = None
        if name is not None and self.mode == "play":
            m = self.state.models[name]
            self.say(f"{m.display or m.name} selected.{self.play.hint() if self.play.may_order(name) else ''}")

    def select_next(self) -> None:
        """Tab: the next model of the units that may be given orders now."""
        if self.session is None or self.mode != "play":
            return
        s = self.state
        ready = self.ruleset.presenter.units_ready(s)
        names = [n for u in ready for n in s.units[u].models if s.models[n].on_table]
        if not names:
            return
        i = names.index(self.selected) + 1 if self.selected in names else 0
        self.select(names[i % len(names)])

    def in_view(self, pos: tuple[int, int]) -> bool:
        return self.camera is not None and self.camera.view.collidepoint(pos)

    def open_dialog(self, d: Dialog) -> None:
        self.dialogs = [x for x in self.dialogs if x.alive()]
        self.dialogs.append(d)
        self.dirty = True

    def modal_open(self) -> bool:
        self.dialogs = [d for d in self.dialogs if d.alive()]
        return any(d.modal for d in self.dialogs)

    def text_focus(self) -> bool:
        fs = self.manager.get_focus_set()
        return bool(fs) and any(isinstance(x, UITextEntryLine) for x in fs)

    def confirm(self, text: str, action: Any, ok: str = "OK") -> None:
        self.open_dialog(ChoiceDialog(self, "Please confirm", message_html(text),
                                      [("ok", ok), ("cancel", "Cancel")],
                                      lambda key: action() if key == "ok" else None,
                                      default="ok", cancel="cancel"))

    def show_players(self, then: Any = None) -> None:
        """The Players dialog: Human or AI (and its level) for each side, and the AI's pace."""
        from game.ui.opponent import PlayersDialog

        self.open_dialog(PlayersDialog(self, then))

    def toggle_help(self) -> None:
        if self.help is not None and self.help.alive():
            self.help.close()
            self.help = None
            return
        actions = list(self.play.button_actions.values()) if self.mode == "play" else []
        rs, s = self.ruleset, self.state
        rules = {}
        for m in s.models.values():
            for _text, ri in rs.presenter.model_rules(s, m):
                if ri is not None:
                    rules.setdefault(ri.name, ri.summary)
        conditions = [(c.label, c.description) for c in rs.conditions().values()]
        self.help = HelpWindow(self, info.help_html(actions, rs.id, sorted(rules.items()), conditions))
        self.open_dialog(self.help)

    def screenshot(self, path: str | Path | None = None) -> Path:
        """Save the window as a PNG (F12), in saves/screenshots/ unless told where."""
        p = Path(path) if path else self.saves_dir / "screenshots" / time.strftime("contact-zone-%Y%m%d-%H%M%S.png")
        p.parent.mkdir(parents=True, exist_ok=True)
        self.draw()
        pygame.image.save(self.screen, str(p))
        self.say(f"Picture of the window saved as {p.name}.")
        return p

    # ------------------------------------------------------------------------------ the loop
    def step(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / 60) -> bool:
        """One frame: handle ``events`` (or the pending pygame events), update, and draw when
        anything changed. Returns whether it drew."""
        queue = list(pygame.event.get()) if events is None else list(events)
        for _ in range(4):
            for e in queue:
                self.dirty = True
                self._linger = LINGER
                self.safe(self.input.handle, e)
            queue = pygame.event.get()
            if not queue:
                break
        self.safe(self.update, dt)
        self.frames += 1
        if self.dirty or self._linger > 0:
            self.dirty = False
            self.safe(self.draw)
            return True
        return False

    def busy(self) -> bool:
        """Whether the window is animating (it must keep drawing at full rate)."""
        return bool(self._linger > 0 or self.dirty or self.notes.active or self.slides.active
                    or self.replay_view.playing or self.opponent.busy() or self.odds.busy()
                    or self.play.pending is not None
                    or self.input.keys_held or self.tooltips.waiting or self.text_focus())

    def run_frames(self, n: int, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.step([], dt)

    def safe(self, fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:  # noqa: BLE001 - no click or key may close the window
            self.errors.append(traceback.format_exc())
            print(self.errors[-1], file=sys.stderr)
            if self.strict:
                raise
            self.say(f"Something went wrong ({type(exc).__name__}: {exc}); the game is unharmed.",
                     (255, 110, 95))
            return None

    def update(self, dt: float) -> None:
        self._linger = max(0.0, self._linger - dt)
        self.manager.update(dt)
        if self.input.keys_held and self.camera is not None:
            for k in self.input.keys_held:
                if k in ARROWS:
                    dx, dy = ARROWS[k]
                    self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)
        changed = self.replay_view.update(dt)
        if self.notes.active:
            self.notes.update(dt)
            changed = True  # (they fade in and out)
        if self.slides.active:
            self.slides.update(dt)
            changed = True
        changed |= self.play.tick(dt)
        changed |= self.previews.update()
        changed |= self.safe(self.opponent.tick) or False
        changed |= self.odds.update() | self.chances.update()
        changed |= self.panels.update_card()
        self.panels.update_buttons()
        changed |= self.panels.update_log()
        changed |= self.tooltips.update(dt)
        if changed:
            self.dirty = True

    # ------------------------------------------------------------------------------ drawing
    def panels_over_table(self) -> list[pygame.Rect]:
        """The odds panel and the dialogs open, where they stand over the table."""
        odds = self.odds.rect() if self.mode == "play" else None
        return ([odds] if odds is not None else []) + [d.window.rect for d in self.dialogs
                                                       if d.alive()]

    def covered(self) -> list[pygame.Rect]:
        """What notes on the table keep off: its words, and the panels over it."""
        out = ([*self.renderer.words.rects(), *self.renderer.formations.ghost_labels]
               if self.renderer is not None else [])
        return out + self.panels_over_table()

    def overlay(self) -> Overlay:
        s = self.state
        acting: tuple[str, ...] = ()
        if self.mode == "play":
            unit = self.ruleset.acting_unit(s)
            if unit is not None and unit in s.units:
                acting = tuple(n for n in s.units[unit].models if n != self.selected)
        ruler = None
        if self.input.ruler is not None:
            a, b, anchor = self.input.ruler
            ruler = (a, b, self.previews.measure(a, b, anchor))
        picks: tuple[str, ...] = ()
        picked: tuple[str, ...] = ()
        if self.decision is not None and self.decision.alive():
            picks = self.decision.table_choices()
            picked = tuple(self.decision.picks)
        return Overlay(selected=self.selected, hovered=self.hovered, highlighted=self.log_highlight,
                       acting=acting, ghost=self.previews.ghost, target=self.previews.target,
                       ruler=ruler, show_names=self.show_names, picks=picks, picked=picked,
                       unit_ghost=self.previews.unit_ghost, zone=self.previews.zone,
                       handles=tuple((h.x, h.y) for h in drags.handles(self)),
                       covered=tuple(self.panels_over_table()),
                       bumps=self.previews.bumps,
                       extra={"positions": self.slides.positions(), "shot": self.previews.shot})

    def draw(self) -> None:
        surf = self.screen
        if self.camera is None or self.renderer is None:
            return
        self.draws += 1
        self.renderer.draw(surf, self.camera, self.state, self.overlay())
        if self.mode == "edit" and self.editor is not None:
            self.editor.draw(surf)
        self.notes.draw(surf, self.camera, self.state, self.covered(),
                        lambda name: self.renderer.extent(self.state, self.camera, name),
                        self.renderer.words.bases)
        if self.mode == "play":
            self.odds.draw(surf)
        self.chances.draw(surf)
        self.panels.draw_banner(surf)
        self.panels.draw_status(surf)
        self.manager.draw_ui(surf)
        self.replay_view.draw(surf)
        self.tooltips.draw(surf)
        if self.play.handover is not None:
            self.panels.draw_handover(surf)
        if self.flip:
            pygame.display.flip()

def run_app(scenario: str | Path | None = None, seed: int | None = None,
            replay: str | Path | None = None, edit: str | Path | bool | None = None,
            players: dict[int, str] | None = None) -> int:
    """The window's main loop. Returns the exit status."""
    listen_for_stop()
    problem = display_problem()
    if problem is None:
        try:
            pygame.display.init()
        except pygame.error as exc:
            problem = f"the window cannot open: {exc}"
        else:
            if pygame.display.get_driver() in ("offscreen", "dummy") and not os.environ.get("SDL_VIDEODRIVER"):
                problem = "no display to open the window on; play without a window: python run.py play FILE --headless"
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    try:
        app = App(scenario=scenario, seed=seed, replay=replay, edit=edit, players=players,
                  start_screen=scenario is None and replay is None and edit is None)
    except (ScenarioError, ReplayError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        main_loop(app)
    finally:
        app.odds.cancel()
        app.opponent.cancel()
        if app.session is not None:
            app.session.close()
        pygame.quit()
    return 0

"""The table window: hot-seat play, saving, undo, and the replay viewer.

The window reads the state and sends commands; it never changes the state itself and never
judges a rule: legality, charge end points and refusals all come from the engine (a command
tried on a copy of it, see :meth:`GameSession.preview`).

``App(...)`` builds the window; ``app.step(events)`` handles one frame's events and draws it,
so tests drive it without an endless loop; :func:`run_app` is the loop for people.
"""

from __future__ import annotations

import math
import sys
import textwrap
import time
import traceback
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog

from game.core import events as ev
from game.core.commands import Answer, Order
from game.core.engine import Outcome
from game.core.errors import ReplayError, ScenarioError
from game.core.log import models_in
from game.core.replay import is_save
from game.core.ruleset import ENEMY, POINT, Ruleset, UIAction
from game.core.state import GameState, Model
from game.ui import info
from game.ui.camera import Camera
from game.ui.render import (
    BAD,
    SIDE_NAMES,
    Overlay,
    TableRenderer,
    font,
    side_colour,
)
from game.ui.session import (
    GameSession,
    ReplayModel,
    answer_command,
    describe_command,
    format_open_answer,
    parse_open_answer,
    save_of_session,
)

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_MAP = ROOT / "maps" / "default.toml"
THEME = ROOT / "assets" / "theme.json"

BANNER_H = 34
STATUS_H = 26
REPLAY_BAR_H = 72
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
EVENTS_PER_SECOND = 2.0  # replay speed 1x
PAN_STEP = 60
PAN_SPEED = 700  # px per second while an arrow key is held

# the flow orders every ruleset takes, after the ruleset's own action buttons
FLOW_BUTTONS = (
    UIAction("end_activation", "End act.", "e",
             tip="End this activation: the melee it set up is resolved now"),
    UIAction("end_turn", "End turn", "t",
             tip="End the game turn: every unit still waiting activates without acting"),
)
FLOW_HOTKEYS = {pygame.K_RETURN: "end_activation", pygame.K_KP_ENTER: "end_activation"}
BUTTONS_PER_ROW = 4
ARROWS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
# refusal codes that mean "this action is not open to this model now" whatever the target
CLOSED = {"no_actions_left", "charged_already", "shaken", "engaged", "not_your_turn",
          "already_activated", "game_over", "decision_pending", "not_on_table",
          "cannot_activate", "fought_already", "focused_already", "not_a_leader", "unknown_action",
          "moved_already", "passed"}


def ruleset_ui_actions(ruleset: Ruleset) -> tuple[UIAction, ...]:
    """The ruleset's action buttons."""
    return ruleset.ui_actions()


def hotkey_code(name: str) -> int | None:
    """The pygame key code of a hotkey name such as ``"g"`` (None for none)."""
    return getattr(pygame, f"K_{name.lower()}", None) if name else None


def side_label(side: int | None) -> str:
    if side is None:
        return "nobody"
    return f"Side {side} ({SIDE_NAMES.get(side, '?')})"


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
        self.saves_dir = Path(saves_dir) if saves_dir is not None else ROOT / "saves"
        self.autosave = autosave
        self.handover_on = handover
        self.strict = strict
        self.flip = flip
        self.running = True
        self.errors: list[str] = []
        self.clock = pygame.time.Clock()
        self.frames = 0

        self.session: GameSession | None = None
        self.replay: ReplayModel | None = None
        self.mode = "play"
        self.renderer: TableRenderer | None = None
        self.camera: Camera | None = None

        # interaction
        self.selected: str | None = None
        self.hovered: str | None = None
        self.action_mode: str | None = None  # the name of a UIAction waiting for a click | ruler
        self.actions: dict[str, UIAction] = {}  # the action buttons of the open game, by name
        self.hotkeys: dict[int, str] = {}
        self.mouse = (0, 0)
        self.press: dict[str, Any] | None = None
        self.pan_drag: tuple[int, int] | None = None
        self.pan_moved = 0
        self.ruler: tuple[tuple[float, float], tuple[float, float], str | None] | None = None
        self.ruler_active = False
        self.keys_held: set[int] = set()
        self.shift = False
        self.show_names: bool | None = None
        self.log_highlight: tuple[str, ...] = ()
        self.ghost = None
        self.target: str | None = None
        self.message = ""
        self.message_colour = (230, 230, 230)
        self.seat: int | None = None
        self.handover: int | None = None
        self.result_shown = False
        self.playing = False
        self.speed = 1.0
        self._play_acc = 0.0
        self._hover_key: Any = None
        self._card_key: Any = None
        self._buttons_key: Any = None
        self._log_key: Any = None
        self._log_lines: list[int] = []
        self._log_count = 0
        self._preview_status = ""
        self._banner: tuple[Any, tuple[str, tuple[int, int, int]]] | None = None

        # pygame_gui elements (rebuilt by layout)
        self.elements: list[Any] = []
        self.rule_buttons: list[UIButton] = []
        self.action_buttons: dict[str, UIButton] = {}
        self.replay_buttons: dict[str, UIButton] = {}
        self.card: UITextBox | None = None
        self.log_list: UISelectionList | None = None
        self.slider: UIHorizontalSlider | None = None
        self.speed_menu: UIDropDownMenu | None = None
        self.decision: DecisionDialog | None = None
        self.confirm: UIConfirmationDialog | None = None
        self.confirm_action: Any = None
        self.file_dialog: UIFileDialog | None = None
        self.file_purpose = ""
        self.help_window: UIWindow | None = None
        self.result_window: UIWindow | None = None
        self.result_buttons: dict[str, UIButton] = {}

        if replay is not None:
            self.open_replay(ReplayModel.open(replay))
        else:
            path = Path(scenario) if scenario is not None else DEFAULT_MAP
            self.start_session(GameSession.from_scenario_file(path, seed, self.saves_dir, autosave))

    # ------------------------------------------------------------------------------ modes
    def start_session(self, session: GameSession, message: str = "") -> None:
        if self.session is not None and self.session is not session:
            self.session.close()
        self.session = session
        self.replay = None
        self.mode = "play"
        self.playing = False
        self.selected = None
        self.action_mode = None
        self.seat = None
        self.handover = None
        self.result_shown = session.state.game_over
        self.renderer = TableRenderer(session.engine.ruleset)
        self.set_actions(session.engine.ruleset)
        self._new_camera(session.state)
        self.layout()
        self.say(message or f"{session.state.scenario}: {side_label(self.due_side())} begins. Press F1 for help.")
        self.after_change()

    def set_actions(self, ruleset: Any) -> None:
        """The action buttons and hotkeys of ``ruleset``, then the flow orders'."""
        specs = [a for a in ruleset_ui_actions(ruleset) if a.name not in {f.name for f in FLOW_BUTTONS}]
        self.actions = {a.name: a for a in (*specs, *FLOW_BUTTONS)}
        self.hotkeys = dict(FLOW_HOTKEYS)
        for a in self.actions.values():
            code = hotkey_code(a.hotkey)
            if code is not None:
                self.hotkeys.setdefault(code, a.name)

    def open_replay(self, model: ReplayModel) -> None:
        self.replay = model
        self.mode = "replay"
        self.playing = False
        self.selected = None
        self.action_mode = None
        self.handover = None
        self.renderer = TableRenderer(model.ruleset)
        self._new_camera(model.state)
        self.layout()
        self.say(f"Replay of {Path(model.save.path).name}: {model.length} events. Space plays, "
                 "F1 lists the controls.")

    def close_replay(self) -> None:
        if self.session is None:
            self.say("No game is open: press B to continue from this point, or Ctrl+O to open one.")
            return
        self.replay = None
        self.mode = "play"
        self.renderer = TableRenderer(self.session.engine.ruleset)
        self.set_actions(self.session.engine.ruleset)
        self._new_camera(self.session.state)
        self.layout()
        self.say("Back to the game.")

    def _new_camera(self, state: GameState) -> None:
        self.camera = Camera(state.table, self.view_rect())

    @property
    def state(self) -> GameState:
        if self.mode == "replay" and self.replay is not None:
            return self.replay.state
        assert self.session is not None
        return self.session.state

    def log_length(self) -> int:
        if self.mode == "replay" and self.replay is not None:
            return self.replay.pos
        assert self.session is not None
        return len(self.session.engine.log)

    # ------------------------------------------------------------------------------ layout
    def right_width(self) -> int:
        return 420 if self.size[0] >= 1600 else 370

    def view_rect(self) -> pygame.Rect:
        w, h = self.size
        bottom = STATUS_H + (REPLAY_BAR_H if self.mode == "replay" else 0)
        return pygame.Rect(0, BANNER_H, max(100, w - self.right_width()), max(100, h - BANNER_H - bottom))

    def layout(self) -> None:
        for el in self.elements:
            el.kill()
        self.elements = []
        self.rule_buttons = []
        self.action_buttons = {}
        self.replay_buttons = {}
        self._card_key = self._buttons_key = self._log_key = None
        self._log_count = 0
        w, h = self.size
        rw = self.right_width()
        x0 = w - rw
        panel = UIPanel(pygame.Rect(x0, 0, rw, h), manager=self.manager, starting_height=1)
        self.elements.append(panel)
        pad = 6
        y = pad
        card_h = 232 if h >= 700 else 180
        self.card = UITextBox("", pygame.Rect(x0 + pad, y, rw - 2 * pad, card_h), manager=self.manager)
        self.elements.append(self.card)
        y += card_h + 4
        self.rules_y = y
        y += 56
        if self.mode == "play":
            per = BUTTONS_PER_ROW
            bw = (rw - 2 * pad) // per
            for i, a in enumerate(self.actions.values()):
                r = pygame.Rect(x0 + pad + (i % per) * bw, y + (i // per) * 32, bw - 2, 30)
                b = UIButton(r, a.button_text, manager=self.manager, tool_tip_text=a.tip or None,
                             command=self._cmd(self.do_action, a.name))
                self.action_buttons[a.name] = b
                self.elements.append(b)
            y += max(2, math.ceil(len(self.actions) / per)) * 32 + 6
        self.log_list = UISelectionList(pygame.Rect(x0 + pad, y, rw - 2 * pad, h - y - pad), [],
                                        manager=self.manager)
        self.elements.append(self.log_list)
        if self.mode == "replay":
            self._layout_replay_bar()
        if self.camera is not None:
            self.camera.resize(self.view_rect())
            if self.renderer is not None:
                self.renderer.clear()

    def _layout_replay_bar(self) -> None:
        assert self.replay is not None
        w, h = self.size
        vw = w - self.right_width()
        top = h - STATUS_H - REPLAY_BAR_H
        panel = UIPanel(pygame.Rect(0, top, vw, REPLAY_BAR_H), manager=self.manager, starting_height=1)
        self.elements.append(panel)
        specs = [
            ("prev_turn", "|<< Turn", "previous game turn (Page Up)"),
            ("prev_act", "<< Act.", "previous activation ([)"),
            ("prev_ev", "< Event", "one event back (,)"),
            ("play", "Play", "play / pause (Space)"),
            ("next_ev", "Event >", "one event forward (.)"),
            ("next_act", "Act. >>", "next activation (])"),
            ("next_turn", "Turn >>|", "next game turn (Page Down)"),
            ("branch", "Continue from here", "start a new game from this point, saved as a new file (B)"),
        ]
        if self.session is not None:
            specs.append(("back", "Back to game", "leave the replay viewer (Esc)"))
        x = 6
        for name, text, tip in specs:
            bw = 150 if name == "branch" else 110 if name == "back" else 74
            b = UIButton(pygame.Rect(x, top + 4, bw, 28), text, manager=self.manager, tool_tip_text=tip,
                         command=self._cmd(self.replay_action, name))
            self.replay_buttons[name] = b
            self.elements.append(b)
            x += bw + 3
        self.speed_menu = UIDropDownMenu([f"{s:g}x" for s in SPEEDS], f"{self.speed:g}x",
                                         pygame.Rect(x, top + 4, 70, 28), manager=self.manager)
        self.elements.append(self.speed_menu)
        self.slider = UIHorizontalSlider(pygame.Rect(6, top + 38, vw - 12, 28), self.replay.pos,
                                         (0, max(1, self.replay.length)), manager=self.manager)
        self.elements.append(self.slider)

    def resize(self, w: int, h: int) -> None:
        w, h = max(640, w), max(480, h)
        if (w, h) == self.size:
            return
        self.screen = pygame.display.get_surface()
        if self.screen is None or self.screen.get_size() != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.size = (w, h)
        self.manager.set_window_resolution((w, h))
        self.layout()

    # ------------------------------------------------------------------------------ the loop
    def step(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / 60) -> None:
        """One frame: handle ``events`` (or the pending pygame events), update, draw."""
        queue = list(pygame.event.get()) if events is None else list(events)
        for _ in range(4):
            for e in queue:
                self.safe(self.handle_event, e)
            queue = pygame.event.get()
            if not queue:
                break
        self.safe(self.update, dt)
        self.safe(self.draw)
        self.frames += 1

    def run_frames(self, n: int, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.step([], dt)

    def safe(self, fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:  # noqa: BLE001 - no click or key may close the window
            text = traceback.format_exc()
            self.errors.append(text)
            print(text, file=sys.stderr)
            if self.strict:
                raise
            self.say(f"Something went wrong ({type(exc).__name__}: {exc}); the game is unharmed.", BAD)
            return None

    def _cmd(self, fn: Any, *args: Any) -> Any:
        """A button command (pygame_gui wants a function of no arguments)."""

        def run() -> None:
            self.safe(fn, *args)

        return run

    def say(self, text: str, colour: tuple[int, int, int] = (230, 230, 230)) -> None:
        self.message = text
        self.message_colour = colour

    # ------------------------------------------------------------------------------ events
    def handle_event(self, e: pygame.event.Event) -> None:
        t = e.type
        if t == pygame.QUIT:
            self.running = False
            return
        if t == pygame.VIDEORESIZE:
            self.resize(e.w, e.h)
            return
        if hasattr(e, "pos") and t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = (int(e.pos[0]), int(e.pos[1]))
        if t in (pygame.KEYDOWN, pygame.KEYUP):
            self.shift = bool(getattr(e, "mod", 0) & pygame.KMOD_SHIFT)
            if t == pygame.KEYUP:
                self.keys_held.discard(getattr(e, "key", None))
        if self.handover is not None:
            if t in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                if t == pygame.KEYDOWN and getattr(e, "key", None) in (pygame.K_LSHIFT, pygame.K_RSHIFT):
                    return
                self.seat = self.handover
                self.handover = None
                self.after_change()
            return
        consumed = self.manager.process_events(e)
        if self._handle_ui_event(e):
            return
        if t == pygame.MOUSEBUTTONUP:
            # finish drags even when the button comes up over the panel
            self._mouse_up(e, over_ui=consumed)
            return
        if consumed:
            return
        if self._modal_open():
            # with only a decision waiting, the file keys, undo and help still work
            only_decision = not any(w is not None and w.alive() for w in
                                    (self.confirm, self.file_dialog, self.result_window))
            if (t == pygame.KEYDOWN and only_decision and not self._text_focus()
                    and (e.key == pygame.K_F1 or e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))):
                self._key(e)
            return
        if t == pygame.KEYDOWN:
            self._key(e)
        elif t == pygame.MOUSEBUTTONDOWN:
            self._mouse_down(e)
        elif t == pygame.MOUSEMOTION:
            self._mouse_motion(e)
        elif t == pygame.MOUSEWHEEL:
            self._wheel(e)

    def _modal_open(self) -> bool:
        for w in (self.decision.window if self.decision else None, self.confirm, self.file_dialog,
                  self.result_window):
            if w is not None and w.alive():
                return True
        return False

    def _text_focus(self) -> bool:
        fs = self.manager.get_focus_set()
        return bool(fs) and any(isinstance(x, UITextEntryLine) for x in fs)

    def _handle_ui_event(self, e: pygame.event.Event) -> bool:
        t = e.type
        el = getattr(e, "ui_element", None)
        if t == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and el is self.log_list:
            self._log_clicked()
            return True
        if t == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION and el is self.log_list:
            self.log_highlight = ()
            return True
        if t == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and el is self.slider and self.replay:
            self.replay.seek(int(e.value))
            self.playing = False
            return True
        if t == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and el is self.speed_menu:
            self.speed = float(e.text.rstrip("x"))
            return True
        if t == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and el is self.confirm:
            action, self.confirm_action = self.confirm_action, None
            self.confirm = None
            if action is not None:
                action()
            return True
        if t == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and el is self.file_dialog:
            self.file_dialog = None
            self.file_picked(e.text)
            return True
        if t == pygame_gui.UI_WINDOW_CLOSE:
            if el is self.confirm:
                self.confirm = None
                self.confirm_action = None
            elif el is self.file_dialog:
                self.file_dialog = None
            elif el is self.help_window:
                self.help_window = None
            elif el is self.result_window:
                self.result_window = None
            elif self.decision is not None and el is self.decision.window:
                self.decision = None
            return True
        if self.decision is not None and self.decision.handle(e):
            return True
        if self.result_window is not None and t == pygame_gui.UI_BUTTON_PRESSED:
            for name, b in self.result_buttons.items():
                if el is b:
                    self.result_window.kill()
                    self.result_window = None
                    if name == "replay":
                        self.watch_current()
                    elif name == "save":
                        self.ask_save()
                    return True
        return False

    # -- keys
    def _key(self, e: pygame.event.Event) -> None:
        if self._text_focus():
            return
        k = e.key
        ctrl = bool(e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if k == pygame.K_F1:
            self.toggle_help()
            return
        if ctrl:
            if k == pygame.K_s:
                self.ask_save()
            elif k == pygame.K_o:
                self.ask_open("open")
            elif k == pygame.K_r:
                self.ask_open("replay")
            elif k == pygame.K_w:
                self.watch_current()
            elif k == pygame.K_z:
                self.ask_undo()
            elif k == pygame.K_q:
                self.running = False
            return
        if k in ARROWS:
            self.keys_held.add(k)
            dx, dy = ARROWS[k]
            self.camera.pan(dx * PAN_STEP, dy * PAN_STEP)
            return
        if k in (pygame.K_0, pygame.K_KP0):
            self.camera.fit()
            return
        if k == pygame.K_n:
            self.show_names = {None: True, True: False, False: None}[self.show_names]
            self.say({True: "Names on every base.", False: "Names hidden.",
                      None: "Names when zoomed in."}[self.show_names])
            return
        if k == pygame.K_m:
            self.ruler_active = not self.ruler_active
            self.ruler = None
            self.action_mode = "ruler" if self.ruler_active else None
            self.say("Ruler: drag from a base or point to another (M again to put it away)."
                     if self.ruler_active else "Ruler put away.")
            return
        if k == pygame.K_h:
            self.handover_on = not self.handover_on
            self.say(f"Hand-over screens {'on' if self.handover_on else 'off'}.")
            return
        if self.mode == "replay":
            self._replay_key(e)
            return
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_at(self.camera.view.center, 1)
            return
        if k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_at(self.camera.view.center, -1)
            return
        if k == pygame.K_ESCAPE:
            if self.action_mode is not None:
                self.action_mode = None
                self.ruler_active = False
                self.ruler = None
                self.say("Cancelled.")
            else:
                self.selected = None
            return
        if k == pygame.K_TAB:
            self.select_next()
            return
        if k in self.hotkeys:
            self.do_action(self.hotkeys[k])

    def _replay_key(self, e: pygame.event.Event) -> None:
        k = e.key
        names = {
            pygame.K_SPACE: "play", pygame.K_COMMA: "prev_ev", pygame.K_PERIOD: "next_ev",
            pygame.K_LEFTBRACKET: "prev_act", pygame.K_RIGHTBRACKET: "next_act",
            pygame.K_PAGEUP: "prev_turn", pygame.K_PAGEDOWN: "next_turn", pygame.K_HOME: "start",
            pygame.K_END: "end", pygame.K_b: "branch", pygame.K_ESCAPE: "back",
        }
        if k in names:
            self.replay_action(names[k])
            return
        speeds = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3, pygame.K_5: 4}
        if k in speeds:
            self.speed = SPEEDS[speeds[k]]
            self.say(f"Speed {self.speed:g}x.")
            if self.speed_menu is not None:
                self.layout()

    # -- mouse
    def _in_view(self, pos: tuple[int, int]) -> bool:
        return self.camera is not None and self.camera.view.collidepoint(pos)

    def _mouse_down(self, e: pygame.event.Event) -> None:
        if not self._in_view(e.pos):
            return
        if e.button in (2, 3):
            self.pan_drag = e.pos
            self.pan_moved = 0
            return
        if e.button != 1:
            return
        point = self.camera.to_table(e.pos)
        if self.ruler_active:
            self.ruler = (point, point, self.renderer.pick(self.state, point))
            return
        picked = self.renderer.pick(self.state, point)
        self.press = {"pos": e.pos, "model": picked, "drag": False,
                      "shift": bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) or self.shift}
        if picked is not None and picked == self.selected and self.mode == "play" and self._may_order(picked):
            self.press["drag"] = True

    def _mouse_motion(self, e: pygame.event.Event) -> None:
        if self.pan_drag is not None:
            dx, dy = e.pos[0] - self.pan_drag[0], e.pos[1] - self.pan_drag[1]
            self.pan_drag = e.pos
            self.pan_moved += abs(dx) + abs(dy)
            self.camera.pan(dx, dy)
            return
        if self.ruler_active and self.ruler is not None and getattr(e, "buttons", (0,))[0]:
            start, _, anchor = self.ruler
            self.ruler = (start, self.camera.to_table(e.pos), anchor)

    def _mouse_up(self, e: pygame.event.Event, over_ui: bool = False) -> None:
        if e.button in (2, 3):
            if self.pan_drag is not None:
                self.pan_drag = None
                if self.pan_moved < 4 and self.action_mode is not None:
                    self.action_mode = None
                    self.ruler_active = False
                    self.ruler = None
                    self.say("Cancelled.")
            return
        if e.button != 1:
            return
        if self.ruler_active and self.ruler is not None:
            start, _, anchor = self.ruler
            self.ruler = (start, self.camera.to_table(e.pos), anchor)
            return
        press, self.press = self.press, None
        if press is None or over_ui or not self._in_view(e.pos):
            return
        point = self.camera.to_table(e.pos)
        moved = abs(e.pos[0] - press["pos"][0]) + abs(e.pos[1] - press["pos"][1])
        if press["drag"] and moved > 6:
            self.order_move(self.selected, point, press["shift"])
            return
        self.click(point, self.renderer.pick(self.state, point), press["shift"])

    def _wheel(self, e: pygame.event.Event) -> None:
        if not self._in_view(self.mouse):
            return
        steps = int(getattr(e, "y", 0))
        if steps:
            self.camera.zoom_at(self.mouse, max(-3, min(3, steps)))

    # ------------------------------------------------------------------------------ playing
    def due_side(self) -> int | None:
        if self.session is None:
            return None
        s = self.session.state
        if s.game_over:
            return None
        ask = self.session.engine.pending_ask
        if ask is not None and ask.side:
            return ask.side
        return self.session.engine.ruleset.active_side(s)

    def _may_order(self, name: str | None) -> bool:
        """Whether clicks should send orders for this model (its side is the one to act);
        the engine still judges every order."""
        if name is None or self.session is None or self.mode != "play":
            return False
        m = self.session.state.models.get(name)
        s = self.session.state
        return (m is not None and m.on_table and not s.game_over
                and self.session.engine.pending_ask is None and m.side == self.due_side())

    def click(self, point: tuple[float, float], picked: str | None, shift: bool) -> None:
        if self.mode != "play" or shift:
            self.select(picked)
            return
        sel = self.state.models.get(self.selected) if self.selected else None
        mode = self.mode_action()
        if picked is None:
            if (sel is not None and self._may_order(sel.name) and self.point_action() is not None
                    and (self.action_mode is None or (mode is not None and mode.needs == POINT))):
                self.order_move(sel.name, point, self.shift)
            else:
                self.select(None)
            return
        other = self.state.models[picked]
        if sel is not None and other.side != sel.side and self._may_order(sel.name):
            if mode is not None and mode.needs == ENEMY:
                self.execute(self.enemy_order(mode, sel.name, picked))
            else:
                self.attack(sel.name, picked)
            return
        self.select(picked)

    def mode_action(self) -> UIAction | None:
        """The action waiting for a click (None when no action button was pressed)."""
        return self.actions.get(self.action_mode) if self.action_mode else None

    def point_action(self) -> UIAction | None:
        """The action a click on the table sends: the pressed one, else the first that takes a
        point (Move)."""
        mode = self.mode_action()
        if mode is not None and mode.needs == POINT:
            return mode
        return next((a for a in self.actions.values() if a.needs == POINT), None)

    def click_chain(self) -> list[UIAction]:
        """What a click on an enemy tries with no action pressed, in turn: the actions that act
        at once on an enemy the engine accepts (Fight), then the first other one (Charge);
        actions with options of their own (a Diving Charge) only from their button."""
        plain = [a for a in self.actions.values() if a.needs == ENEMY and not a.args]
        direct = [a for a in plain if a.direct]
        other = [a for a in plain if not a.direct]
        return direct + other[:1]

    @staticmethod
    def enemy_order(a: UIAction, actor: str, target: str) -> Order:
        return Order(a.do, actor, (("target", target), *a.args))

    def select(self, name: str | None) -> None:
        self.selected = name
        self.action_mode = None
        if name is not None:
            m = self.state.models[name]
            hint = ""
            if self._may_order(name):
                hint = " Click the table to move, an enemy to charge or fight."
            self.say(f"{m.display or m.name} selected.{hint}")

    def select_next(self) -> None:
        due = self.due_side()
        if due is None:
            return
        s = self.state
        ready = self.session.engine.ruleset.units_ready(s) if self.session else []
        names = [n for u in ready for n in s.units[u].models if s.models[n].on_table]
        if not names:
            return
        i = names.index(self.selected) + 1 if self.selected in names else 0
        self.select(names[i % len(names)])

    def attack(self, actor: str, target: str) -> None:
        """Clicking an enemy: Fight when the engine accepts it (base contact), else Charge
        (the :meth:`click_chain` of the ruleset's actions)."""
        chain = self.click_chain()
        if not chain:
            self.select(target)
            return
        for a in chain[:-1]:
            order = self.enemy_order(a, actor, target)
            pv = self.session.preview(order)
            if pv is not None and pv.ok:
                self.execute(order)
                return
        self.execute(self.enemy_order(chain[-1], actor, target))

    def order_move(self, name: str | None, point: tuple[float, float], face: bool) -> None:
        if name is None:
            return
        self.execute(self.move_order(name, point, face))

    def move_order(self, name: str, point: tuple[float, float], face: bool) -> Order:
        m = self.state.models[name]
        a = self.point_action()
        x, y = round(point[0], 2), round(point[1], 2)
        args: list[tuple[str, Any]] = [("to", (x, y))]
        if face and (x, y) != (m.x, m.y):
            from game.geometry.bases import facing_toward

            args.append(("facing", round(facing_toward(m.x, m.y, x, y), 1)))
        return Order(a.do if a is not None else "move", name, (*args, *(a.args if a else ())))

    def do_action(self, name: str) -> None:
        if self.mode != "play" or self.session is None:
            return
        if name == "end_activation":
            if self.session.engine.ruleset.acting_unit(self.state) is None:
                self.say("No activation is running: order a model to start one.", BAD)
                return
            self.execute(Order("end_activation"))
            return
        if name == "end_turn":
            self.ask_confirm("End the game turn? Every unit that has not activated yet activates "
                             "without acting.", lambda: self.execute(Order("end_turn")), "End turn")
            return
        a = self.actions.get(name)
        if a is None:
            return
        sel = self.selected
        if sel is None:
            self.say("Select one of your models first.", BAD)
            return
        if a.needs == POINT:
            self.action_mode = name
            self.say(f"{a.label}: click where the model should go (Shift: turn to face the way).")
        elif a.needs == ENEMY and a.direct:
            targets = self.enemy_targets(sel, a)
            if len(targets) == 1:
                self.execute(self.enemy_order(a, sel, targets[0]))
            else:
                self.action_mode = name
                self.say(f"{a.label}: click an enemy in base contact." if targets else
                         f"{a.label}: no enemy the engine accepts right now; click one to hear why.")
        elif a.needs == ENEMY:
            self.action_mode = name
            self.say(f"{a.label}: click the enemy to {a.do}.")
        else:
            self.execute(Order(a.do, sel, a.args))

    def nearby_enemies(self, name: str, reach: float = 3.0) -> list[Model]:
        s = self.state
        m = s.models[name]
        out = []
        for o in s.models.values():
            if o.side != m.side and o.on_table and math.hypot(o.x - m.x, o.y - m.y) <= reach:
                out.append(o)
        return sorted(out, key=lambda o: math.hypot(o.x - m.x, o.y - m.y))

    def enemy_targets(self, name: str, a: UIAction) -> list[str]:
        """The enemies near ``name`` the engine accepts as the target of ``a`` now."""
        out = []
        for o in self.nearby_enemies(name):
            pv = self.session.preview(self.enemy_order(a, name, o.name))
            if pv is not None and pv.ok:
                out.append(o.name)
        return out

    def execute(self, cmd: Any) -> Outcome | None:
        if self.session is None:
            return None
        if self.mode != "play":
            return None
        out = self.session.execute(cmd)
        self.action_mode = None
        if not out.ok:
            self.say(f"Refused: {out.refusal}", BAD)
            return out
        lines = [self.session.engine.ruleset.describe(self.state, e) for _, e in out.events]
        lines = [ln for ln in lines if ln]
        self.say(f"{describe_command(cmd)}: " + (lines[-1] if lines else "done"))
        self.after_change()
        return out

    def after_change(self) -> None:
        """After every command (and undo, and opening): hand-over, decisions, the result."""
        if self.mode != "play" or self.session is None:
            return
        if self.selected and not self.state.models.get(self.selected, None):
            self.selected = None
        due = self.due_side()
        if due is not None and self.handover_on and due != self.seat:
            self.handover = due
            if self.decision is not None:
                self.decision.close()
                self.decision = None
            return
        if due is not None:
            self.seat = due
        ask = self.session.engine.pending_ask
        if self.decision is not None and (ask is None or self.decision.ask is not ask):
            self.decision.close()
            self.decision = None
        if ask is not None and self.decision is None:
            self.decision = DecisionDialog(self, ask)
        if self.state.game_over and not self.result_shown:
            self.result_shown = True
            self.show_result()

    def answer(self, value: Any) -> Outcome | None:
        return self.execute(answer_command(value))

    # -- undo, files
    def ask_undo(self) -> None:
        if self.mode != "play" or self.session is None:
            return
        if not self.session.can_undo():
            self.say("Nothing to undo.")
            return
        last = self.session.commands()[-1]
        if self.session.last_command_rolled():
            self.ask_confirm(f"Undo \"{describe_command(last)}\"? It rolled dice: the same order "
                             "given again rolls the same dice from the game's seed.", self.undo, "Undo")
        else:
            self.undo()

    def undo(self) -> None:
        assert self.session is not None
        last = self.session.undo()
        self.result_shown = self.session.state.game_over
        if self.decision is not None:
            self.decision.close()
            self.decision = None
        self.seat = self.due_side()
        self.say(f"Undone: {describe_command(last)}." if last else "Nothing to undo.")
        self.after_change()

    def ask_confirm(self, text: str, action: Any, ok: str = "OK") -> None:
        if self.confirm is not None and self.confirm.alive():
            self.confirm.kill()
        w, h = self.size
        self.confirm = UIConfirmationDialog(pygame.Rect(w / 2 - 200, h / 2 - 110, 400, 220), text,
                                            self.manager, window_title="Please confirm",
                                            action_short_name=ok)
        self.confirm_action = action

    def _file_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w / 2 - 280, h / 2 - 220, 560, 440)

    def ask_save(self) -> None:
        if self.session is None:
            self.say("There is no game to save (continue from a replay point first).", BAD)
            return
        self.saves_dir.mkdir(parents=True, exist_ok=True)
        self._close_file_dialog()
        name = f"game-{time.strftime('%Y%m%d-%H%M%S')}.jsonl"
        self.file_dialog = UIFileDialog(self._file_rect(), self.manager, "Save the game as",
                                        initial_file_path=str(self.saves_dir / name),
                                        allow_existing_files_only=False)
        self.file_purpose = "save"

    def ask_open(self, purpose: str) -> None:
        self.saves_dir.mkdir(parents=True, exist_ok=True)
        self._close_file_dialog()
        title = "Open a scenario or a save to play" if purpose == "open" else "Open a save to watch"
        start = self.saves_dir if purpose == "replay" or any(self.saves_dir.glob("*.jsonl")) else ROOT / "maps"
        self.file_dialog = UIFileDialog(self._file_rect(), self.manager, title,
                                        initial_file_path=str(start) + "/",
                                        allow_existing_files_only=True)
        self.file_purpose = purpose

    def _close_file_dialog(self) -> None:
        if self.file_dialog is not None and self.file_dialog.alive():
            self.file_dialog.kill()
        self.file_dialog = None

    def file_picked(self, path: str) -> None:
        purpose = self.file_purpose
        if purpose == "save":
            self.save_to(path)
        elif purpose == "open":
            self.open_path(path)
        elif purpose == "replay":
            try:
                self.open_replay(ReplayModel.open(path))
            except (ReplayError, ScenarioError, OSError) as exc:
                self.say(f"Cannot open the replay: {exc}", BAD)

    def save_to(self, path: str | Path) -> Path | None:
        if self.session is None:
            return None
        try:
            p = self.session.save_as(path)
        except (ValueError, OSError) as exc:
            self.say(f"Not saved: {exc}", BAD)
            return None
        self.say(f"Saved to {p}.")
        return p

    def open_path(self, path: str | Path) -> None:
        p = Path(path)
        try:
            if p.suffix == ".jsonl" or is_save(p):
                session = GameSession.from_save(p, self.saves_dir, self.autosave)
            else:
                session = GameSession.from_scenario_file(p, None, self.saves_dir, self.autosave)
        except (ReplayError, ScenarioError, OSError) as exc:
            self.say(f"Cannot open {p.name}: {exc}", BAD)
            return
        self.start_session(session, f"Opened {p.name}.")

    def watch_current(self) -> None:
        if self.session is None:
            return
        model = ReplayModel(save_of_session(self.session))
        self.open_replay(model)
        model.seek(model.length)

    # -- replay
    def replay_action(self, name: str) -> None:
        r = self.replay
        if r is None:
            return
        if name != "play":
            self.playing = False
        if name == "play":
            if r.pos >= r.length:
                r.seek(0)
            self.playing = not self.playing
            self._play_acc = 0.0
        elif name == "prev_ev":
            r.step(-1)
        elif name == "next_ev":
            r.step(1)
        elif name == "prev_act":
            r.prev_activation()
        elif name == "next_act":
            r.next_activation()
        elif name == "prev_turn":
            r.prev_turn()
        elif name == "next_turn":
            r.next_turn()
        elif name == "start":
            r.seek(0)
        elif name == "end":
            r.seek(r.length)
        elif name == "branch":
            self.branch()
            return
        elif name == "back":
            self.close_replay()
            return
        self._sync_slider()

    def _sync_slider(self) -> None:
        if self.slider is not None and self.replay is not None:
            self.slider.set_current_value(self.replay.pos)

    def branch(self) -> None:
        assert self.replay is not None
        session, path, at = self.replay.branch(self.saves_dir, self.autosave)
        note = "" if at == self.replay.pos else f" (from event {at}, the end of the last whole command)"
        self.start_session(session, f"New game from this point{note}, saved as {path}.")

    # -- windows
    def toggle_help(self) -> None:
        if self.help_window is not None and self.help_window.alive():
            self.help_window.kill()
            self.help_window = None
            return
        w, h = self.size
        r = pygame.Rect(w / 2 - 330, 30, 660, min(h - 60, 720))
        self.help_window = UIWindow(r, self.manager, "Help: every control (F1 closes)")
        actions: tuple[UIAction, ...] = ()
        ruleset_id = ""
        if self.mode == "play" and self.session is not None:
            actions = tuple(self.actions.values())
            ruleset_id = self.session.engine.ruleset.id
        UITextBox(info.help_html(actions, ruleset_id), pygame.Rect(0, 0, r.w - 32, r.h - 60),
                  manager=self.manager, container=self.help_window)

    def show_result(self) -> None:
        s = self.state
        w, h = self.size
        if s.winner == "draw":
            head = "A draw"
        elif s.winner in (1, 2):
            head = f"{side_label(int(s.winner))} wins"
        else:
            head = "The game is over"
        score = self.session.engine.ruleset.score_text(s) if self.session else ""
        text = (f"<b>{head}</b><br>{s.end_reason}<br><br>Game turn {s.turn}. {score}"
                f"<br>Models left: side 1 "
                f"{len(s.on_table(1))}, side 2 {len(s.on_table(2))}.")
        r = pygame.Rect(w / 2 - 230, h / 2 - 150, 460, 300)
        self.result_window = UIWindow(r, self.manager, "The result")
        UITextBox(text, pygame.Rect(0, 0, r.w - 32, 170), manager=self.manager, container=self.result_window)
        self.result_buttons = {}
        for i, (name, label) in enumerate((("replay", "Watch the replay"), ("save", "Save..."),
                                            ("close", "Close"))):
            self.result_buttons[name] = UIButton(pygame.Rect(8 + i * 140, 180, 134, 34), label,
                                                 manager=self.manager, container=self.result_window)

    # ------------------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        self.manager.update(dt)
        if self.keys_held and self.camera is not None:
            for k in self.keys_held:
                if k in ARROWS:
                    dx, dy = ARROWS[k]
                    self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)
        if self.mode == "replay" and self.replay is not None and self.playing:
            self._play_acc += dt * EVENTS_PER_SECOND * self.speed
            n = int(self._play_acc)
            if n:
                self._play_acc -= n
                self.replay.step(n)
                self._sync_slider()
                if self.replay.pos >= self.replay.length:
                    self.playing = False
        if self.replay is not None and self.mode == "replay" and "play" in self.replay_buttons:
            want = "Pause" if self.playing else "Play"
            if self.replay_buttons["play"].text != want:
                self.replay_buttons["play"].set_text(want)
        self._update_hover()
        self._update_card()
        self._update_buttons()
        self._update_log()

    def _update_hover(self) -> None:
        if self.camera is None or self.renderer is None:
            return
        in_view = self._in_view(self.mouse) and self.handover is None and not self._modal_open()
        point = self.camera.to_table(self.mouse)
        key = (self.mouse, self.selected, self.action_mode, self.log_length(), self.mode,
               in_view, self.shift, self.press is not None and self.press.get("drag"))
        if key == self._hover_key:
            return
        self._hover_key = key
        self.hovered = self.renderer.pick(self.state, point) if in_view else None
        self.ghost = None
        self.target = None
        self._preview_status = ""
        if not in_view or self.mode != "play" or not self._may_order(self.selected) or self.ruler_active:
            return
        sel = self.state.models[self.selected]
        dragging = self.press is not None and self.press.get("drag")
        hov = self.state.models.get(self.hovered) if self.hovered else None
        if hov is not None and hov.side != sel.side and not dragging:
            self._preview_attack(sel, hov)
            return
        if hov is not None and not dragging:
            return
        mode = self.mode_action()
        if self.action_mode is not None and (mode is None or mode.needs != POINT):
            return
        if self.point_action() is None:
            return
        cmd = self.move_order(sel.name, point, self.shift)
        pv = self.session.preview(cmd)
        to = cmd.arg("to")
        facing = cmd.arg("facing", sel.facing)
        stat = next((k for k in ("MOV", "Movement") if k in sel.stats), None)
        mov = sel.stat(stat) if stat is not None else None
        dist = math.hypot(to[0] - sel.x, to[1] - sel.y)
        if pv is not None and pv.ok:
            for _, e in pv.events:
                if isinstance(e, ev.ModelMoved) and e.model == sel.name:
                    dist = e.distance
        allowance = f' of {mov}"' if mov is not None else ""
        label = f'{dist:.1f}"{allowance}'
        ok = pv is not None and pv.ok
        self.ghost = (sel, to[0], to[1], facing, ok, label, (sel.x, sel.y))
        if pv is not None and not pv.ok:
            self._preview_status = f"Cannot move there: {pv.refusal}"
        elif ok:
            self._preview_status = f'Click to move {dist:.1f}"{allowance}.'

    def _preview_attack(self, sel: Model, hov: Model) -> None:
        """Hovering an enemy: what a click would do (the pressed action, else the click chain),
        with a ghost where a charge ends."""
        self.target = hov.name
        mode = self.mode_action()
        chain = [mode] if mode is not None and mode.needs == ENEMY else self.click_chain()
        for i, a in enumerate(chain):
            last = i == len(chain) - 1
            verb = a.label.lower()
            pv = self.session.preview(self.enemy_order(a, sel.name, hov.name))
            if pv is None:
                if last and a.direct:
                    self._preview_status = f"Cannot {verb}: unknown"
                continue
            if pv.ok:
                for _, e in pv.events:
                    if isinstance(e, ev.ModelMoved) and e.model == sel.name:
                        self.ghost = (sel, e.x, e.y, e.facing, True, f'{verb} {e.distance:.1f}"',
                                      (sel.x, sel.y))
                self._preview_status = f"Click to {verb} {hov.display or hov.name}."
                return
            if last:
                self.ghost = None
                self._preview_status = f"Cannot {verb}: {pv.refusal}"

    def _update_card(self) -> None:
        if self.card is None or self.renderer is None:
            return
        m = self.state.models.get(self.selected) if self.selected else None
        key = (self.selected, self.log_length(), self.mode, m)
        if key == self._card_key:
            return
        self._card_key = key
        ruleset = self.session.engine.ruleset if self.mode == "play" and self.session else self.replay.ruleset
        if m is None:
            self.card.set_text("<font color='#a0a0a0'>Click a model to see its card: stats for each "
                               "damage track, keywords and special rules (hover a rule for what it "
                               "does). F1 lists every control.</font>")
        else:
            self.card.set_text(info.card_html(self.state, m, ruleset))
        for b in self.rule_buttons:
            b.kill()
            if b in self.elements:
                self.elements.remove(b)
        self.rule_buttons = []
        if m is None:
            return
        x0 = self.size[0] - self.right_width() + 6
        x, y = x0, self.rules_y
        items = [(r, info.rule_description(ruleset, r), "#rule_button") for r in m.rules]
        items += [(c.capitalize(), info.condition_description(ruleset, c), "#condition_button")
                  for c in sorted(m.conditions)]
        for text, tip, oid in items:
            w = min(self.right_width() - 12, 16 + 8 * len(text))
            if x + w > x0 + self.right_width() - 12:
                x, y = x0, y + 27
            if y > self.rules_y + 30:
                break
            b = UIButton(pygame.Rect(x, y, w, 25), text, manager=self.manager, tool_tip_text=tip,
                         object_id=oid, command=self._cmd(self.say, tip))
            self.rule_buttons.append(b)
            self.elements.append(b)
            x += w + 4

    def _update_buttons(self) -> None:
        if self.mode != "play" or not self.action_buttons or self.session is None:
            return
        key = (self.selected, len(self.session.engine.log), self.session.engine.pending_ask is not None)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        s = self.state
        sel = self.selected if self.selected and self._may_order(self.selected) else None
        open_: dict[str, bool] = {}
        for name, a in self.actions.items():
            if name == "end_activation":
                open_[name] = (self.session.engine.ruleset.acting_unit(s) is not None
                               and self.session.engine.pending_ask is None)
            elif name == "end_turn":
                open_[name] = not s.game_over and self.session.engine.pending_ask is None
            elif sel is None:
                open_[name] = False
            elif a.needs == POINT:
                m = s.models[sel]
                pv = self.session.preview(Order(a.do, sel, (("to", (m.x, m.y)), *a.args)))
                open_[name] = pv is not None and (pv.ok or pv.refusal.code not in CLOSED)
            elif a.needs == ENEMY and a.direct:
                open_[name] = bool(self.enemy_targets(sel, a))
            elif a.needs == ENEMY:
                enemies = [o for o in s.models.values() if o.on_table and o.side != s.models[sel].side]
                if enemies:
                    m = s.models[sel]
                    near = min(enemies, key=lambda o: math.hypot(o.x - m.x, o.y - m.y))
                    pv = self.session.preview(self.enemy_order(a, sel, near.name))
                    open_[name] = pv is not None and (pv.ok or pv.refusal.code not in CLOSED)
                else:
                    open_[name] = False
            else:
                pv = self.session.preview(Order(a.do, sel, a.args))
                open_[name] = pv is not None and pv.ok
        for name, b in self.action_buttons.items():
            if open_.get(name):
                b.enable()
            else:
                b.disable()

    def _update_log(self) -> None:
        if self.log_list is None:
            return
        n = self.log_length()
        key = (self.mode, n, id(self.session) if self.mode == "play" else id(self.replay))
        if key == self._log_key:
            return
        self._log_key = key
        if self.mode == "play" and self.session is not None:
            eng = self.session.engine
            if n < self._log_count:
                self._log_count = 0
                self._log_lines = []
                self._log_items: list[str] = []
            if self._log_count == 0:
                self._log_items = []
                self._log_lines = []
            for i in range(self._log_count, n):
                text = eng.ruleset.describe(eng.state, eng.log[i])
                if text:
                    self._add_log_line(i, text)
            self._log_count = n
        elif self.replay is not None:
            self._log_items = []
            self._log_lines = []
            for ln in self.replay.lines_upto():
                self._add_log_line(ln.index, ln.text)
            last = self.replay.last_event()
            self.log_highlight = tuple(models_in(last)) if last is not None else ()
        self.log_list.set_item_list(list(self._log_items))
        sb = self.log_list.scroll_bar
        if sb is not None:
            sb.set_scroll_from_start_percentage(1.0)
            self.log_list.update(0.0)  # place the item buttons at the new scroll position

    def _add_log_line(self, index: int, text: str) -> None:
        width = max(20, (self.right_width() - 40) // 7)
        parts = textwrap.wrap(f"{index + 1}: {text}", width=width, subsequent_indent="    ") or [""]
        for p in parts:
            if p.startswith("    "):
                p = "\u00a0" * 6 + p[4:]
            else:
                p = p.replace(": ", ":\u00a0", 1)
            self._log_items.append(p)
            self._log_lines.append(index)

    def _log_clicked(self) -> None:
        if self.log_list is None:
            return
        for i, item in enumerate(self.log_list.item_list):
            if item["selected"] and i < len(self._log_lines):
                idx = self._log_lines[i]
                evs = self.session.engine.log if self.mode == "play" and self.session else self.replay.events
                if idx < len(evs):
                    self.log_highlight = tuple(n for n in models_in(evs[idx]) if n in self.state.models)
                    who = ", ".join(self.log_highlight) or "no model"
                    self.say(f"Event {idx + 1}: {who}.")
                return

    # ------------------------------------------------------------------------------ drawing
    def overlay(self) -> Overlay:
        s = self.state
        acting: tuple[str, ...] = ()
        acting_unit = self.session.engine.ruleset.acting_unit(s) if self.session else None
        if acting_unit is not None:
            acting = tuple(n for n in s.units[acting_unit].models if n != self.selected)
        ruler = None
        if self.ruler is not None:
            a, b, anchor = self.ruler
            ruler = (a, b, self.measure(a, b, anchor))
        return Overlay(selected=self.selected, hovered=self.hovered, highlighted=self.log_highlight,
                       acting=acting, ghost=self.ghost, target=self.target, ruler=ruler,
                       show_names=self.show_names)

    def measure(self, a: tuple[float, float], b: tuple[float, float], anchor: str | None) -> str:
        from shapely.geometry import Point

        s = self.state
        table = self.renderer.table
        end = self.renderer.pick(s, b)
        ma = s.models.get(anchor) if anchor else None
        mb = s.models.get(end) if end else None
        if ma is not None and mb is not None and ma.name != mb.name:
            d = table.distance(ma, mb)
            return f'{d:.2f}" edge to edge ({ma.name} to {mb.name})'
        if ma is not None:
            d = float(table.poly(ma).exterior.distance(Point(b))) if not table.poly(ma).contains(Point(b)) else 0.0
            return f'{d:.2f}" from the edge of {ma.name}'
        if mb is not None:
            d = float(table.poly(mb).exterior.distance(Point(a))) if not table.poly(mb).contains(Point(a)) else 0.0
            return f'{d:.2f}" to the edge of {mb.name}'
        return f'{math.hypot(b[0] - a[0], b[1] - a[1]):.2f}"'

    def draw(self) -> None:
        surf = self.screen
        if self.camera is None or self.renderer is None:
            return
        self.renderer.draw(surf, self.camera, self.state, self.overlay())
        self._draw_banner(surf)
        self._draw_status(surf)
        self.manager.draw_ui(surf)
        if self.handover is not None:
            self._draw_handover(surf)
        if self.flip:
            pygame.display.flip()

    def banner_text(self) -> tuple[str, tuple[int, int, int]]:
        key = (self.mode, id(self.state), self.log_length(), self.state.events_applied)
        if getattr(self, "_banner", None) is not None and self._banner[0] == key:
            return self._banner[1]
        out = self._banner_text()
        self._banner = (key, out)
        return out

    def _banner_text(self) -> tuple[str, tuple[int, int, int]]:
        s = self.state
        if self.mode == "replay" and self.replay is not None:
            r = self.replay
            last = r.last_event()
            what = r.ruleset.describe(s, last) if last is not None else "the start"
            return (f"REPLAY {Path(r.save.path).name} · event {r.pos}/{r.length} · game turn {s.turn}"
                    f" · {what or type(last).__name__}", (70, 70, 90))
        if s.game_over:
            w = "a draw" if s.winner == "draw" else f"{side_label(s.winner)} wins" if s.winner else "over"
            return f"Game over: {w}. {s.end_reason}", (90, 90, 60)
        ask = self.session.engine.pending_ask
        due = self.due_side()
        col = side_colour(due or 0)
        if ask is not None:
            return f"{side_label(due)} decides: {ask.question}", col
        u = self.session.engine.ruleset.acting_unit(s)
        if u is not None:
            name = s.units[u].display
            return (f"Game turn {s.turn} · {side_label(due)} is activating {name or u} — "
                    "order its models, then End activation (E)", col)
        left = len(self.session.engine.ruleset.units_ready(s)) if due else 0
        return (f"Game turn {s.turn} · {side_label(due)} to activate one of {left} waiting "
                f"unit{'s' if left != 1 else ''}", col)

    def _draw_banner(self, surf: pygame.Surface) -> None:
        w = self.size[0] - self.right_width()
        text, col = self.banner_text()
        surf.fill(col, (0, 0, w, BANNER_H))
        f = font(16, bold=True)
        t = f.render(text, True, (255, 255, 255))
        if t.get_width() > w - 12:
            t = font(13, bold=True).render(text, True, (255, 255, 255))
        surf.blit(t, (8, (BANNER_H - t.get_height()) // 2))

    def _draw_status(self, surf: pygame.Surface) -> None:
        w = self.size[0] - self.right_width()
        y = self.size[1] - STATUS_H
        surf.fill((22, 22, 26), (0, y, w, STATUS_H))
        text, col = self.message, self.message_colour
        if self._preview_status:
            text = self._preview_status
            col = BAD if text.startswith("Cannot") else (150, 230, 150)
        t = font(14).render(text, True, col)
        surf.blit(t, (8, y + (STATUS_H - t.get_height()) // 2))

    def _draw_handover(self, surf: pygame.Surface) -> None:
        shade_ = pygame.Surface(self.size, pygame.SRCALPHA)
        shade_.fill((10, 10, 14, 235))
        surf.blit(shade_, (0, 0))
        side = self.handover
        col = side_colour(side or 0)
        big = font(40, bold=True).render(f"{side_label(side)}, take the seat", True, col)
        small = font(18).render("Click or press a key to continue", True, (220, 220, 220))
        w, h = self.size
        surf.blit(big, (w / 2 - big.get_width() / 2, h / 2 - 50))
        surf.blit(small, (w / 2 - small.get_width() / 2, h / 2 + 10))


class DecisionDialog:
    """A decision the engine waits for, as a modal window with the default preselected."""

    def __init__(self, app: App, ask: Any) -> None:
        self.app = app
        self.ask = ask
        w, h = app.size
        r = pygame.Rect(w / 2 - 250, h / 2 - 170, 500, 340)
        side = f"{side_label(ask.side)} decides" if ask.side else "A decision"
        self.window = UIWindow(r, app.manager, side, resizable=False)
        self.window.set_blocking(True)
        if self.window.close_window_button is not None:
            self.window.close_window_button.disable()  # a decision cannot be dismissed
        m = app.manager
        q = f"<b>{ask.question}</b>"
        if ask.model:
            q += f"<br><font color='#b0b0b0'>({ask.model})</font>"
        UITextBox(q, pygame.Rect(0, 0, r.w - 32, 80), manager=m, container=self.window)
        self.options = list(ask.options)
        self.list: UISelectionList | None = None
        self.entry: UITextEntryLine | None = None
        if self.options:
            labels = [self._label(i, o) for i, o in enumerate(self.options)]
            default = labels[self.options.index(ask.default)] if ask.default in self.options else None
            self.labels = labels
            self.list = UISelectionList(pygame.Rect(0, 84, r.w - 32, 130), labels, manager=m,
                                        container=self.window, default_selection=default)
        else:
            self.entry = UITextEntryLine(pygame.Rect(0, 90, r.w - 32, 32), manager=m, container=self.window)
            self.entry.set_text(format_open_answer(ask.default))
            UITextBox("<font color='#b0b0b0'>Type the answer (names separated by commas for a "
                      "list); the default is filled in.</font>", pygame.Rect(0, 126, r.w - 32, 60),
                      manager=m, container=self.window)
        self.problem = UITextBox("", pygame.Rect(0, 200, r.w - 32, 50), manager=m, container=self.window)
        self.ok = UIButton(pygame.Rect(0, 254, 150, 34), "OK", manager=m, container=self.window)
        self.use_default = UIButton(pygame.Rect(160, 254, 180, 34), "Use the default", manager=m,
                                    container=self.window)

    @staticmethod
    def _label(i: int, o: Any) -> str:
        return f"{i + 1}. {format_open_answer(o)}"

    def value(self) -> Any:
        if self.list is not None:
            chosen = self.list.get_single_selection()
            if chosen is None:
                raise ValueError("pick one of the choices")
            return self.options[self.labels.index(chosen)]
        assert self.entry is not None
        return parse_open_answer(self.entry.get_text(), self.ask.default)

    def submit(self, value: Any = None, use_default: bool = False) -> None:
        try:
            v = self.ask.default if use_default else (self.value() if value is None else value)
        except ValueError as exc:
            self.problem.set_text(f"<font color='#ff7070'>{exc}</font>")
            return
        cmd = Answer(self.ask.default, by_default=True) if use_default else answer_command(v)
        problem = self.ask.problem(cmd.value)
        if problem:
            self.problem.set_text(f"<font color='#ff7070'>{problem}</font>")
            return
        self.close()
        self.app.decision = None
        self.app.execute(cmd)

    def handle(self, e: pygame.event.Event) -> bool:
        el = getattr(e, "ui_element", None)
        if e.type == pygame_gui.UI_BUTTON_PRESSED:
            if el is self.ok:
                self.submit()
                return True
            if el is self.use_default:
                self.submit(use_default=True)
                return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and el is self.entry:
            self.submit()
            return True
        if e.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and el is self.list:
            self.submit()
            return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.list is not None:
            self.submit()
            return True
        return False

    def close(self) -> None:
        if self.window.alive():
            self.window.kill()


def run_app(scenario: str | Path | None = None, seed: int | None = None,
            replay: str | Path | None = None) -> int:
    """The window's main loop. Returns the exit status."""
    try:
        app = App(scenario=scenario, seed=seed, replay=replay)
    except (ScenarioError, ReplayError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        while app.running:
            dt = app.clock.tick(60) / 1000.0
            app.step(None, min(dt, 0.1))
    finally:
        if app.session is not None:
            app.session.close()
        pygame.quit()
    return 0

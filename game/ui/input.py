"""Keys and the mouse: each pygame event goes to the open dialogs first, then to the panel,
then to the table (clicks, drags, the ruler, panning and zooming) and the hotkeys."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui import drags
from game.ui.drags import Press

if TYPE_CHECKING:
    from game.ui.app import App

PAN_STEP = 60
ARROWS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
SHIFT_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT)
DRAG_PIXELS = 6


class InputHandler:
    def __init__(self, app: App) -> None:
        self.app = app
        self.keys_held: set[int] = set()
        self.shift_down = False
        self.press: Press | None = None
        self.pan_drag: tuple[int, int] | None = None
        self.pan_moved = 0
        self.ruler_on = False
        self.ruler: tuple[tuple[float, float], tuple[float, float], str | None] | None = None

    def shift(self) -> bool:
        """Whether Shift is held now (read at the moment of a click or a drop)."""
        return self.shift_down or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)

    def dragging_model(self) -> bool:
        return bool(self.press is not None and self.press.get("drag"))

    # -- dispatch ----------------------------------------------------------------------------
    def handle(self, e: pygame.event.Event) -> None:
        app = self.app
        t = e.type
        if t == pygame.QUIT:
            app.files.request_quit()
            return
        if t == pygame.VIDEORESIZE:
            app.resize(e.w, e.h)
            return
        if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and hasattr(e, "pos"):
            app.mouse = (int(e.pos[0]), int(e.pos[1]))
            app.tooltips.motion(app.mouse)
        if t in (pygame.KEYDOWN, pygame.KEYUP):
            if getattr(e, "key", None) in SHIFT_KEYS:
                self.shift_down = t == pygame.KEYDOWN
            elif hasattr(e, "mod"):
                self.shift_down = bool(e.mod & pygame.KMOD_SHIFT)
            if t == pygame.KEYUP:
                self.keys_held.discard(getattr(e, "key", None))
        if app.play.handover is not None:
            if t == pygame.MOUSEBUTTONUP or (t == pygame.KEYDOWN and e.key not in SHIFT_KEYS):
                app.play.take_seat()
            return
        if app.play.pending is not None and not app.modal_open() and (
                t == pygame.MOUSEBUTTONUP and getattr(e, "button", 0) == 1 and app.in_view(e.pos)
                or t == pygame.KEYDOWN and e.key not in (*SHIFT_KEYS, pygame.K_F1, pygame.K_F12)
                and not e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)):
            self.press = None
            app.play.hand_over()  # (the player has seen enough: the next one's turn)
            return
        consumed = app.manager.process_events(e)
        if t >= pygame.USEREVENT or not consumed and t == pygame.KEYDOWN:
            for d in reversed(app.dialogs):
                if d.alive() and d.handle(e):
                    return
        if app.panels.handle(e) or app.replay_view.handle(e):
            return
        if t == pygame.MOUSEBUTTONUP:
            self.mouse_up(e, over_ui=consumed)  # finish drags even over the panel
            return
        if consumed:
            return
        if app.modal_open():
            if t == pygame.KEYDOWN and e.key == pygame.K_F1:
                app.toggle_help()
            elif t == pygame.KEYDOWN and e.key == pygame.K_F12:
                app.screenshot()  # (a picture of a dialog too)
            return
        if t == pygame.KEYDOWN:
            self.key(e)
        elif t == pygame.MOUSEBUTTONDOWN:
            self.mouse_down(e)
        elif t == pygame.MOUSEMOTION:
            self.mouse_motion(e)
        elif t == pygame.MOUSEWHEEL:
            self.wheel(e)

    # -- keys --------------------------------------------------------------------------------
    def key(self, e: pygame.event.Event) -> None:
        app = self.app
        if app.text_focus():
            return
        k = e.key
        ctrl = bool(e.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if k == pygame.K_F1:
            app.toggle_help()
        elif k == pygame.K_F12:
            app.screenshot()
        elif ctrl:
            self.ctrl_key(k, bool(e.mod & pygame.KMOD_SHIFT))
        elif k in ARROWS:
            self.keys_held.add(k)
            dx, dy = ARROWS[k]
            app.view_camera().pan(dx * PAN_STEP, dy * PAN_STEP)
        elif k in (pygame.K_0, pygame.K_KP0):
            app.view_camera().fit()
        elif k == pygame.K_l:
            app.show_names = {None: True, True: False, False: None}[app.show_names]
            app.say({True: "Names on every base.", False: "Names hidden.",
                     None: "Names when zoomed in."}[app.show_names])
        elif k == pygame.K_F3:
            app.chances.toggle()
        elif k == pygame.K_m:
            self.ruler_on = not self.ruler_on
            self.ruler = None
            app.say("Ruler: drag from a base or point to another (M again to put it away)."
                    if self.ruler_on else "Ruler put away.")
        elif k == pygame.K_h:
            app.handover_on = not app.handover_on
            app.say(f"Hand-over screens {'on' if app.handover_on else 'off'}.")
        elif app.mode == "replay":
            app.replay_view.key(k)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            cam = app.view_camera()
            cam.zoom_at(cam.view.center, 1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            cam = app.view_camera()
            cam.zoom_at(cam.view.center, -1)
        elif k == pygame.K_ESCAPE:
            self.escape()
        elif k == pygame.K_TAB:
            app.select_next()
        elif k in app.play.hotkeys:
            app.play.do_action(app.play.hotkeys[k])

    def ctrl_key(self, k: int, shift: bool) -> None:
        app = self.app
        if k == pygame.K_s:
            app.files.ask_save()
        elif k == pygame.K_o:
            app.files.ask_open()
        elif k == pygame.K_r:
            app.files.ask_replay()
        elif k == pygame.K_w:
            app.replay_view.watch_current()
        elif k == pygame.K_z and shift or k == pygame.K_y:
            app.play.redo()
        elif k == pygame.K_z:
            app.play.ask_undo()
        elif k == pygame.K_q:
            app.files.request_quit()
        elif k == pygame.K_p and app.mode == "play":
            app.show_players()
        elif k == pygame.K_e and app.editor is not None:
            app.editor.back()

    def escape(self) -> None:
        app = self.app
        if app.play.action_mode is not None or self.ruler_on:
            app.play.action_mode = None
            self.ruler_on = False
            self.ruler = None
            app.say("Cancelled.")
        else:
            app.select(None)

    # -- the mouse on the table --------------------------------------------------------------
    def mouse_down(self, e: pygame.event.Event) -> None:
        app = self.app
        if not app.in_view(e.pos):
            return
        if e.button in (2, 3):
            self.pan_drag = e.pos
            self.pan_moved = 0
            return
        if e.button != 1:
            return
        point = app.view_camera().to_table(e.pos)
        if self.ruler_on:
            self.ruler = (point, point, app.table_renderer().pick(app.state, point))
            return
        picked = app.table_renderer().pick(app.state, point)
        self.press = {"pos": e.pos, "model": picked, "drag": False}
        grab = drags.handle_at(app, e.pos)
        if grab is not None or drags.drags_body(app, picked):  # a unit in formation: its block
            self.press = {"pos": e.pos, "model": None, "drag": True, "start": point,
                          "handle": grab.name if grab is not None else drags.BODY}
        elif (picked is not None and picked == app.selected and app.mode == "play"
                and app.play.may_order(picked) and app.decision is None):
            self.press["drag"] = True

    def mouse_motion(self, e: pygame.event.Event) -> None:
        app = self.app
        if self.pan_drag is not None:
            dx, dy = e.pos[0] - self.pan_drag[0], e.pos[1] - self.pan_drag[1]
            self.pan_drag = e.pos
            self.pan_moved += abs(dx) + abs(dy)
            app.view_camera().pan(dx, dy)
            return
        if self.ruler_on and self.ruler is not None and getattr(e, "buttons", (0,))[0]:
            start, _, anchor = self.ruler
            self.ruler = (start, app.view_camera().to_table(e.pos), anchor)

    def mouse_up(self, e: pygame.event.Event, over_ui: bool = False) -> None:
        app = self.app
        if e.button in (2, 3):
            if self.pan_drag is not None:
                self.pan_drag = None
                if self.pan_moved < 4 and (app.play.action_mode is not None or self.ruler_on):
                    self.escape()
            return
        if e.button != 1:
            return
        if self.ruler_on and self.ruler is not None:
            start, _, anchor = self.ruler
            self.ruler = (start, app.view_camera().to_table(e.pos), anchor)
            return
        press, self.press = self.press, None
        if press is None or over_ui or not app.in_view(e.pos):
            return
        point = app.view_camera().to_table(e.pos)
        moved = abs(e.pos[0] - press["pos"][0]) + abs(e.pos[1] - press["pos"][1])
        if press.get("handle") and moved > DRAG_PIXELS:
            got = drags.order(app, press, point)
            if got is not None:
                app.play.execute(got)
            return
        if press["drag"] and moved > DRAG_PIXELS:
            if app.selected is not None:  # (Escape during the drag drops the selection)
                app.play.execute(app.play.move_order(app.selected, point, self.shift()))
            return
        picked = app.table_renderer().pick(app.state, point)
        if app.decision is not None and app.decision.table_click(point, picked):
            return
        app.play.click(point, picked, self.shift())

    def wheel(self, e: pygame.event.Event) -> None:
        app = self.app
        if not app.in_view(app.mouse):
            return
        steps = int(getattr(e, "y", 0))
        if steps:
            app.view_camera().zoom_at(app.mouse, max(-3, min(3, steps)))

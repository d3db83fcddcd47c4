"""Keys and the mouse while editing: the window's own handling (dialogs, panning, zooming,
the ruler, help, pictures) with the table's clicks and drags, and the hotkeys, given to the
editor; a roster line dragged onto the table places its unit there."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextEntryBox, UITextEntryLine

from game.core.roster import Profile
from game.ui.input import InputHandler
from game.ui.panels import QUIET

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.editor.editor import Editor

TURN_STEP = 15.0
#: Ctrl+ these keys work even while a field is being typed in
FILE_KEYS = (pygame.K_s, pygame.K_o, pygame.K_n, pygame.K_q, pygame.K_z, pygame.K_y)


class EditorInput(InputHandler):
    def __init__(self, app: App, editor: Editor) -> None:
        super().__init__(app)
        self.ed = editor
        self.carrying: Profile | None = None  # a roster line being dragged onto the table

    def handle(self, e: pygame.event.Event) -> None:
        app = self.app
        t = e.type
        if t == pygame.QUIT:
            self.ed.files.request_quit()
            return
        if t == pygame.KEYDOWN and self.editing_text() and not app.modal_open():
            # the file keys work while a field is being typed in
            ctrl = bool(getattr(e, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META))
            if ctrl and e.key in FILE_KEYS:
                self.ctrl_key(e.key, bool(e.mod & pygame.KMOD_SHIFT))
                return
            if e.key in (pygame.K_F1, pygame.K_F5, pygame.K_F12):
                keys: dict[int, Callable[[], object]] = {
                    pygame.K_F1: app.toggle_help, pygame.K_F5: self.ed.play,
                    pygame.K_F12: app.screenshot}
                keys[e.key]()
                return
        if t == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 0) == 1 and not app.modal_open():
            self.carrying = (self.ed.panel.roster.profile_at(e.pos)
                             if self.ed.panel.tab == "units" else None)
        elif t == pygame.MOUSEMOTION and self.carrying is not None:
            if getattr(e, "buttons", (0,))[0] and app.in_view(e.pos):
                self.ed.hover(e.pos, app.view_camera().to_table(e.pos), self.carrying)
        elif t == pygame.MOUSEBUTTONUP and getattr(e, "button", 0) == 1 and self.carrying:
            profile, self.carrying = self.carrying, None
            self.ed.ghost = None
            if app.in_view(e.pos) and not app.modal_open():
                self.ed.arm(profile)
                self.ed.place(profile, app.view_camera().to_table(e.pos))
        super().handle(e)

    def editing_text(self) -> bool:
        fs = self.app.manager.get_focus_set()
        return bool(fs) and any(isinstance(x, UITextEntryLine | UITextEntryBox) for x in fs)

    # -- keys --------------------------------------------------------------------------------
    def key(self, e: pygame.event.Event) -> None:
        if self.editing_text():
            return
        ed = self.ed
        k = e.key
        mod = getattr(e, "mod", 0)
        shift = bool(mod & pygame.KMOD_SHIFT)
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.ctrl_key(k, shift)
        elif k == pygame.K_F5:
            ed.play()
        elif k == pygame.K_BACKSPACE and ed.draft:
            ed.draft.pop()
            self.app.dirty = True
        elif k == pygame.K_DELETE or k == pygame.K_BACKSPACE and self.app.in_view(self.app.mouse):
            ed.delete(self.app.mouse)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and ed.draft:
            ed.finish_polygon()
        elif k in (pygame.K_q, pygame.K_e):
            step = 1.0 if shift else TURN_STEP
            ed.turn_by(step if k == pygame.K_e else -step)
        elif k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            ed.files_by(1 if k == pygame.K_RIGHTBRACKET else -1)
        elif k in (pygame.K_1, pygame.K_2, pygame.K_KP1, pygame.K_KP2):
            ed.set_side(1 if k in (pygame.K_1, pygame.K_KP1) else 2)
        elif k == pygame.K_TAB:
            self.next_unit(-1 if shift else 1)
        else:
            super().key(e)

    def ctrl_key(self, k: int, shift: bool) -> None:
        ed = self.ed
        if k == pygame.K_s:
            ed.files.save_as() if shift else ed.files.save()
        elif k == pygame.K_o:
            ed.files.ask_open()
        elif k == pygame.K_n:
            ed.files.ask_new()
        elif k == pygame.K_z and shift or k == pygame.K_y:
            ed.redo()
        elif k == pygame.K_z:
            ed.undo()
        elif k == pygame.K_d:
            ed.duplicate()
        elif k == pygame.K_q:
            ed.files.request_quit()
        elif k in (pygame.K_r, pygame.K_w):
            self.app.say("Replays open from a game: F5 plays this battle.", QUIET)

    def escape(self) -> None:
        if self.ruler_on:
            super().escape()
        else:
            self.ed.escape()

    def next_unit(self, step: int) -> None:
        units = self.ed.doc.units()
        if not units:
            return
        sel = self.ed.sel
        i = sel[1] + step if sel is not None and sel[0] == "unit" else 0
        self.ed.select(("unit", i % len(units), None))

    # -- the mouse on the table --------------------------------------------------------------
    def mouse_down(self, e: pygame.event.Event) -> None:
        app = self.app
        if not app.in_view(e.pos) or e.button in (2, 3) or self.ruler_on or e.button != 1:
            super().mouse_down(e)
            return
        mod = pygame.key.get_mods()
        self.ed.tools.press(e.pos, self.shift(), bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META)))

    def mouse_motion(self, e: pygame.event.Event) -> None:
        if self.pan_drag is not None or (self.ruler_on and self.ruler is not None):
            super().mouse_motion(e)
            return
        if self.carrying is not None:
            return
        held = bool(getattr(e, "buttons", (0,))[0])
        self.ed.tools.motion(e.pos, self.shift(), held)

    def mouse_up(self, e: pygame.event.Event, over_ui: bool = False) -> None:
        ed = self.ed
        if e.button in (2, 3):
            quiet = self.pan_drag is not None and self.pan_moved < 4
            super().mouse_up(e, over_ui)
            if quiet and (ed.draft or ed.armed is not None or ed.tool != "select"):
                ed.escape()
            return
        if e.button != 1:
            return
        if self.ruler_on and self.ruler is not None:
            super().mouse_up(e, over_ui)
            return
        ed.tools.release(e.pos, self.shift())

    def dragging_model(self) -> bool:
        return self.ed.tools.drag is not None

"""What a click would do, shown before it is made: a ghost of the model where a move, a turn
or a charge would put it (green when the engine accepts the order, red with the reason when
it refuses it), the enemy a click would attack, what the selected unit could shoot
(:mod:`game.ui.shots`), and the ruler's measure.

Every preview is the engine's own answer to the order, tried on a copy of the game
(:meth:`game.ui.session.GameSession.preview`). An order refused because the action is not open
to the model at all now (``NOT_NOW``: no actions left, not its turn) draws no ghost and says
so quietly instead of painting every place red.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from shapely.geometry import Point

from game.core import events as ev
from game.core.commands import Order
from game.core.engine import Outcome
from game.core.errors import NOT_NOW
from game.core.log import player_text
from game.core.ruleset import ENEMY, FACING, POINT, ChargeZone, Outline, ShotView
from game.core.state import Model
from game.ui import drags
from game.ui.drags import Press
from game.ui.panels import BAD_TEXT, OK_TEXT, QUIET
from game.ui.play import sentence
from game.ui.render import Ghost
from game.ui.shots import ShotLayer

if TYPE_CHECKING:
    from game.ui.app import App


def inches(d: float, limit: float | None = None) -> str:
    """A distance in inches, to a tenth, or as many places as it takes (up to three) to show
    on which side of ``limit`` it falls (8.04 of 8 is not "8.0")."""
    for places in (1, 2, 3):
        text = f"{d:.{places}f}"
        if limit is None or (float(text) > limit) == (d > limit):
            return text
    return text


class Previews:
    def __init__(self, app: App) -> None:
        self.app = app
        self.ghost: Ghost | None = None
        self.unit_ghost: tuple[Outline, bool, str] | None = None
        self.zone: ChargeZone | None = None
        self.shots = ShotLayer()
        self.shot: ShotView | None = None  # what the selected unit could shoot
        self.target: str | None = None
        self.status: tuple[str, tuple[int, int, int]] | None = None
        self.bumps: tuple[str, ...] = ()  # what a dragged unit would run into
        self._key: tuple[object, ...] | None = None

    def clear(self) -> None:
        self.ghost = None
        self.unit_ghost = None
        self.zone = None
        self.shot = None
        self.target = None
        self.status = None
        self.bumps = ()
        self._key = None

    def update(self) -> bool:
        """Work out the preview for the pointer; True when it changed."""
        app = self.app
        if app.camera is None:
            return False
        play = app.play
        in_view = (app.in_view(app.mouse) and play.handover is None and not app.modal_open())
        dragging = app.input.dragging_model()
        key = (app.mouse, app.selected, play.action_mode, app.log_length(), app.mode, in_view,
               app.input.shift(), dragging, id(app.decision))
        if key == self._key:
            return False
        self._key = key
        old = (self.ghost, self.unit_ghost, self.zone, self.target, self.status, app.hovered,
               self.bumps, self.shot)
        self.ghost, self.unit_ghost, self.zone, self.target, self.status = None, None, None, None, None
        self.bumps = ()
        point = app.camera.to_table(app.mouse)
        app.hovered = app.table_renderer().pick(app.state, point) if in_view else None
        if in_view and app.mode == "play" and not app.input.ruler_on:
            self._play_preview(point, dragging)
        self.shot = self.shots.wanted(app)
        return old != (self.ghost, self.unit_ghost, self.zone, self.target, self.status,
                       app.hovered, self.bumps, self.shot)

    def _play_preview(self, point: tuple[float, float], dragging: bool) -> None:
        app = self.app
        play = app.play
        if app.decision is not None:
            if app.hovered is not None and app.hovered in app.decision.table_choices():
                self.status = (f"Click to pick {app.state.models[app.hovered].display}.", OK_TEXT)
            return
        if app.selected is None or not play.may_order(app.selected):
            if app.hovered is not None and play.may_order(app.hovered):
                self.status = (f"Click to select {app.state.models[app.hovered].display}.", QUIET)
            return
        sel = app.state.models[app.selected]
        press = app.input.press
        if dragging and press is not None and press.get("handle"):
            self._drag_preview(sel, press, point)
            return
        hov = app.state.models.get(app.hovered) if app.hovered else None
        mode = play.mode_action()
        charging = mode is not None and mode.needs == ENEMY
        if charging or (hov is not None and hov.side != sel.side):
            self.zone = app.ruleset.presenter.charge_zone(app.state, sel.name)
        if mode is not None and mode.needs == FACING:
            self._turn_preview(sel, point)
            return
        if hov is not None and hov.side != sel.side and not dragging:
            self._attack_preview(sel, hov)
            return
        if hov is not None and not dragging:
            if hov.name != sel.name:
                self.status = (f"Click to select {hov.display or hov.name}.", QUIET)
            return
        if mode is not None and mode.needs != POINT:
            return
        if play.point_action() is None:
            return
        self._move_preview(sel, point)

    def _refused(self, cmd: Order, pv: Outcome | None) -> bool:
        """A refusal that is about the model, not the place (said quietly, no ghost), or one
        that came after dice the game has not rolled yet (the window does not tell it: that
        would tell the future)."""
        if pv is None or pv.refusal is None:
            return False
        if self.app.game_session().blind(cmd):
            self.status = (self.blind_words(), QUIET)
            return True
        if pv.refusal.kind == NOT_NOW:
            self.status = (sentence(player_text(self.app.state, str(pv.refusal))) + ".", QUIET)
            return True
        return False

    def blind_words(self) -> str:
        """What the window says of an order whose verdict waits on dice not rolled yet."""
        flow = next(iter(self.app.play.flow.values()), None)
        first = (f"{flow.label} ({flow.hotkey.upper()}) first: " if flow is not None and flow.hotkey
                 else "First ")
        return (first + "dice are rolled as the game moves on (tests), and they decide whether "
                "this can be done.")

    def _move_preview(self, sel: Model, point: tuple[float, float]) -> None:
        app = self.app
        cmd = app.play.move_order(sel.name, point, app.input.shift())
        pv = app.game_session().preview(cmd)
        if self._refused(cmd, pv):
            return
        to = cmd.arg("to")
        facing = cmd.arg("facing", sel.facing)
        dist = math.hypot(to[0] - sel.x, to[1] - sel.y) if to is not None else 0.0
        path: tuple[tuple[float, float], ...] = ((sel.x, sel.y),)
        if pv is not None and pv.ok:
            for _, e in pv.events:
                if isinstance(e, ev.ModelMoved) and e.model == sel.name:
                    dist = e.distance
                    path = ((sel.x, sel.y), *e.via)
        allowance = app.ruleset.presenter.move_allowance(app.state, sel)
        of = f' of {allowance:g}"' if allowance is not None else ""
        ok = pv is not None and pv.ok
        if to is None:  # an order that names no place: a unit in formation moving its block
            self._unit_move_preview(cmd, pv)
            return
        far = inches(dist, allowance)
        self.ghost = Ghost(sel, to[0], to[1], facing, ok, f'{far}"{of}', path)
        if pv is not None and not pv.ok:
            self.status = (sentence(player_text(app.state, str(pv.refusal))) + ".", BAD_TEXT)
        elif ok:
            face = " and turn to face that way" if cmd.arg("facing") is not None else ""
            self.status = (f'Click to move {far}"{of}{face}. Shift: face the way it moves; '
                           "drag the model to move it too.", OK_TEXT)

    def _unit_move_preview(self, cmd: Order, pv: Outcome | None) -> None:
        """A unit in formation: its outline where the move ends (the engine's answer); a
        refused move in red where it was asked to go."""
        app = self.app
        if pv is None:
            return
        if not pv.ok:
            self.status = (sentence(player_text(app.state, str(pv.refusal))) + ".", BAD_TEXT)
            asked = app.ruleset.presenter.order_outline(app.state, cmd)
            if asked is not None:
                self.unit_ghost = (asked, False, "")
            return
        for _, e in pv.events:
            if isinstance(e, ev.UnitMoved):
                got = app.ruleset.presenter.outline_after(app.state, e)
                if got is not None:
                    self.unit_ghost = (got, True, f'{e.distance:.1f}"')
                    self.status = (f'Click to {e.reason} {e.distance:.1f}". Ahead: wheel and '
                                   "advance; behind: step back; beside: sideways.", OK_TEXT)
                    return

    def _drag_preview(self, sel: Model, press: Press, point: tuple[float, float]) -> None:
        """A unit dragged by a handle or by its block: its ghost where the move ends, the path
        in words and what it costs, or in red with what it runs into."""
        app = self.app
        cmd = drags.order(app, press, point)
        if cmd is None:
            self.status = ("Drag a front corner to wheel, the block to move it ahead, back or "
                           "sideways; let go to move.", QUIET)
            return
        pv = app.game_session().preview(cmd)
        if pv is None or self._refused(cmd, pv):
            return
        outline = app.ruleset.presenter.order_outline(app.state, cmd)
        words = app.ruleset.presenter.order_words(app.state, cmd)
        allowance = app.ruleset.presenter.move_allowance(app.state, sel)
        of = f' of {allowance:g}"' if allowance is not None else ""
        if pv.ok:
            cost = next((e.distance for _, e in pv.events if isinstance(e, ev.UnitMoved)), 0.0)
            label = f'{words}: {inches(cost, allowance)}"{of}'
            self.status = (f"Let go to {label}.", OK_TEXT)
        else:
            self.bumps = app.ruleset.presenter.bumps(app.state, cmd)
            label = words
            self.status = (sentence(player_text(app.state, str(pv.refusal))) + ".", BAD_TEXT)
        if outline is not None:
            self.unit_ghost = (outline, pv.ok, label)

    def _turn_preview(self, sel: Model, point: tuple[float, float]) -> None:
        app = self.app
        cmd = app.play.turn_order(sel, point)
        pv = app.game_session().preview(cmd)
        if self._refused(cmd, pv):
            return
        if cmd.arg("to") is None:
            self._unit_move_preview(cmd, pv)
            return
        ok = pv is not None and pv.ok
        facing = cmd.arg("facing")
        self.ghost = Ghost(sel, sel.x, sel.y, facing, ok, f"{facing:.0f}°", ())
        if ok:
            self.status = ("Click to turn the model to face this way.", OK_TEXT)
        elif pv is not None:
            self.status = (sentence(player_text(app.state, str(pv.refusal))) + ".", BAD_TEXT)

    def _attack_preview(self, sel: Model, hov: Model) -> None:
        """Hovering an enemy: what a click would do (the pressed button, else Fight when the
        engine takes it, else Charge), with a ghost where a charge ends."""
        app = self.app
        self.target = hov.name
        mode = app.play.mode_action()
        chain = [mode] if mode is not None and mode.needs == ENEMY else app.play.click_chain()
        grouped = hov.unit in app.table_renderer().formations.in_formation(app.state)
        name = app.state.units[hov.unit].display if grouped else (hov.display or hov.name)
        last_refusal: tuple[Order, Outcome] | None = None
        for a in chain:
            verb = a.label.lower()
            order = app.play.enemy_order(a, sel.name, hov.name)
            pv = app.game_session().preview(order)
            if pv is None:
                continue
            if pv.ok:
                for _, e in pv.events:
                    if isinstance(e, ev.ModelMoved) and e.model == sel.name:
                        self.ghost = Ghost(sel, e.x, e.y, e.facing, True, f'{verb} {e.distance:.1f}"',
                                           ((sel.x, sel.y), *e.via))
                # (only a charge ends anywhere: a shot armed at the enemy showed where the unit
                # would stand "if the charge reaches")
                end = (app.ruleset.presenter.charge_end(app.state, sel.name, hov.name)
                       if order.do == "charge" else None)
                if end is not None:
                    self.unit_ghost = (end, True, f"if the charge reaches: {verb} {name}")
                self.status = (f"Click to {verb} {name}.", OK_TEXT)
                return
            last_refusal = (order, pv)
        if last_refusal is None:
            return
        if self._refused(*last_refusal):
            self.target = None
            return
        self.status = (sentence(player_text(app.state, str(last_refusal[1].refusal))) + ".",
                       BAD_TEXT)

    # -- the ruler ---------------------------------------------------------------------------
    def measure(self, a: tuple[float, float], b: tuple[float, float], anchor: str | None) -> str:
        """The ruler's words: edge to edge between bases, from a base's edge to a point, or
        point to point, in inches, naming the models."""
        app = self.app
        s = app.state
        table = app.table_renderer().table
        end = app.table_renderer().pick(s, b)
        ma = s.models.get(anchor) if anchor else None
        mb = s.models.get(end) if end else None
        if ma is not None and mb is not None and ma.name != mb.name:
            return f'{table.distance(ma, mb):.2f}" edge to edge ({ma.display} to {mb.display})'
        if ma is not None:
            poly = table.poly(ma)
            d = 0.0 if poly.contains(Point(b)) else float(poly.exterior.distance(Point(b)))
            return f'{d:.2f}" from the edge of {ma.display}'
        if mb is not None:
            poly = table.poly(mb)
            d = 0.0 if poly.contains(Point(a)) else float(poly.exterior.distance(Point(a)))
            return f'{d:.2f}" to the edge of {mb.display}'
        return f'{math.hypot(b[0] - a[0], b[1] - a[1]):.2f}"'

"""Dragging a unit in formation by its handles: the ruleset's handles of the selected unit (a
wheel handle at each front corner), which one is under the pointer, and the order a drag makes
(:meth:`~game.core.ruleset.Ruleset.drag_order`: a wheel and a move on for a corner, a slide
for the block itself). The window only measures the gesture; the ruleset turns it into the
order and the engine judges it like any other."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from game.core.commands import Order
from game.core.errors import NOT_NOW
from game.core.ruleset import POINT, Handle

if TYPE_CHECKING:
    from game.ui.app import App

#: how near (pixels) the pointer must be to a handle to grab it
GRAB = 11
BODY = "body"


def handles(app: App) -> tuple[Handle, ...]:
    """The handles of the selected unit, when its player may move it now."""
    sel = app.selected
    if app.mode != "play" or sel is None or not app.play.may_order(sel) or app.decision is not None:
        return ()
    mode = app.play.mode_action()
    if mode is not None and mode.needs != POINT:  # (Reform, Charge armed: no dragging)
        return ()
    a = app.play.point_action()
    if a is None:
        return ()
    m = app.state.models[sel]
    pv = app.session.preview(app.ruleset.presenter.ui_order(app.state, a, sel, point=(m.x, m.y)))
    if pv is not None and not pv.ok and pv.refusal.kind == NOT_NOW:
        return ()  # (it cannot move now: nothing to grab)
    return app.ruleset.presenter.handles(app.state, sel)


def handle_at(app: App, pos: tuple[int, int]) -> Handle | None:
    """The handle under the pointer, if any."""
    for h in handles(app):
        x, y = app.camera.to_screen(h.x, h.y)
        if math.hypot(x - pos[0], y - pos[1]) <= GRAB:
            return h
    return None


def drags_body(app: App, picked: str | None) -> bool:
    """Whether pressing on ``picked`` grabs the selected unit itself (a model of its block)."""
    if picked is None or not handles(app):
        return False
    blocks = app.renderer.formations
    mine, there = blocks.block_at(app.state, app.selected), blocks.block_at(app.state, picked)
    return mine is not None and there is not None and mine.unit == there.unit


def order(app: App, press: dict[str, Any], point: tuple[float, float]) -> Order | None:
    """The order of the drag ``press`` (its handle and where it began) to ``point``."""
    a = app.play.point_action()
    if a is None or app.selected is None:
        return None
    return app.ruleset.presenter.drag_order(app.state, a, app.selected, press["handle"], press["start"],
                                  point)

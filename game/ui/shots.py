"""Shooting on the table: with one of your units selected that may shoot in this player turn,
its range bands (its front arc out to half its weapon's range and to the whole of it); pointing
at an enemy unit, the sight lines of its files (bright where a file sees the target, red where
something blocks it) and a few words by the target: what a shot would be (how many shoot, long
range, cover and what gives it, the average casualties and the chance of a failed Panic test)
or why it cannot be made. Everything comes from the ruleset's
:meth:`~game.core.ruleset.Ruleset.shot_view`, worked out once per position, selection and
target; this module only draws it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.ruleset import ShotView
from game.core.state import GameState
from game.ui.camera import Camera
from game.ui.formations import _translucent

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.render import TableRenderer

BAND = (120, 190, 250)
CLEAR = (150, 235, 150)
BLOCKED = (235, 110, 95)
NOTE = (235, 235, 235)


class ShotLayer:
    """The shot view wanted now (see the module), kept until the game, the selection or the
    enemy pointed at changes."""

    def __init__(self) -> None:
        self._key: Any = None
        self.view: ShotView | None = None

    def wanted(self, app: App) -> ShotView | None:
        if app.mode != "play" or app.session is None or app.selected is None:
            return None
        s = app.state
        sel = s.models.get(app.selected)
        if sel is None or not app.play.may_order(sel.name):
            return None
        hov = s.models.get(app.hovered) if app.hovered else None
        foe = hov.name if hov is not None and hov.side != sel.side and hov.on_table else None
        key = (id(app.session), s.events_applied, sel.name, foe)
        if key != self._key:
            self._key = key
            try:
                self.view = app.ruleset.presenter.shot_view(s, sel.name, foe)
            except Exception:  # noqa: BLE001 - a view that cannot be drawn is left out
                self.view = None
        return self.view


def _polygon(surf: pygame.Surface, cam: Camera, pts: tuple[tuple[float, float], ...],
             alpha: int) -> None:
    scr = [cam.to_screen(x, y) for x, y in pts]
    _translucent(surf, scr, BAND, alpha)
    pygame.draw.lines(surf, BAND, True, scr, 1)


def _middle(pts: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def draw_bands(r: TableRenderer, surf: pygame.Surface, cam: Camera, view: ShotView) -> None:
    """The range bands, under the models, each named at its point farthest from the unit."""
    if not view.bands:
        return
    home = _middle(view.bands[-1][1])  # (the nearest band lies about the unit)
    for i, (label, pts) in enumerate(view.bands):
        if len(pts) < 3:
            continue
        _polygon(surf, cam, pts, 26 if i == 0 else 34)
        far = max(pts, key=lambda p: (p[0] - home[0]) ** 2 + (p[1] - home[1]) ** 2)
        lab = r.label(label, 12, BAND, 140)
        x, y = cam.to_screen(*far)
        surf.blit(lab, (x - lab.get_width() / 2, y - lab.get_height() / 2))


def draw_sight(r: TableRenderer, surf: pygame.Surface, cam: Camera, view: ShotView,
               state: GameState) -> None:
    """The sight lines and the words by the target, over the models."""
    if view.target is None:
        return
    for a, b, clear in view.lines:
        pygame.draw.line(surf, CLEAR if clear else BLOCKED, cam.to_screen(*a), cam.to_screen(*b),
                         2 if clear else 1)
    if not view.lines or not view.note:
        return
    # the words go beyond the target, on the far side from the shooter
    sx, sy = _middle(tuple(a for a, _, _ in view.lines))
    ex, ey = _middle(tuple(b for _, b, _ in view.lines))
    x, y = cam.to_screen(ex, ey)
    x0, y0 = cam.to_screen(sx, sy)
    corners = [cam.to_screen(*c) for o in r.formations.outlines(state) if o.unit == view.target
               for c in o.corners]
    ys = [c[1] for c in corners] or [y]
    parts = [r.label(p, 12, NOTE if view.ok else BLOCKED, 170) for p in view.note.split("; ")]
    height = sum(lab.get_height() + 1 for lab in parts)
    y = max(ys) + 18 if y > y0 else min(ys) - 18 - height
    vw = cam.view
    y = min(max(y, vw.top + 4), vw.bottom - height - 4)
    for lab in parts:
        lx = min(max(x - lab.get_width() / 2, vw.left + 4), vw.right - lab.get_width() - 4)
        surf.blit(lab, (lx, y))
        y += lab.get_height() + 1

"""The view onto the table: inches on the table to pixels on the screen and back.

The zoom moves in whole steps (``ZOOM_STEP`` apart) so that base sprites can be cached per
zoom level; a step keeps the table point under the cursor where it is.
"""

from __future__ import annotations

import pygame

from game.core.state import GameState

ZOOM_STEP = 1.15
MIN_STEP = -8
MAX_STEP = 26
FOCUS_SCALE = 64.0  # pixels per inch at most when a game opens on a few models


class Camera:
    def __init__(self, table: tuple[float, float], view: pygame.Rect) -> None:
        self.table = table
        self.view = pygame.Rect(view)
        self.base = 1.0
        self.step = 0
        self.ox = 0.0
        self.oy = 0.0
        self.fit()

    # -- set up ------------------------------------------------------------------------------
    def fit(self, focus: tuple[float, float, float, float] | None = None) -> None:
        """Show the whole table, centred, with a small margin; or, given ``focus`` (a box on
        the table, x0 y0 x1 y1), zoom in on it when the whole table would show it small (at
        most :data:`FOCUS_SCALE` pixels per inch)."""
        tw, th = self.table
        self.base = max(1e-3, min(self.view.w / (tw + 1.0), self.view.h / (th + 1.0)))
        self.step = 0
        if focus is not None:
            x0, y0, x1, y1 = focus
            want = min(self.view.w / max(x1 - x0, 1.0), self.view.h / max(y1 - y0, 1.0),
                       FOCUS_SCALE)
            while self.step < MAX_STEP and self.base * ZOOM_STEP ** (self.step + 1) <= want:
                self.step += 1
        s = self.scale
        if self.step == 0 or focus is None:
            self.ox = self.view.x + (self.view.w - tw * s) / 2
            self.oy = self.view.y + (self.view.h - th * s) / 2
        else:
            cx, cy = (focus[0] + focus[2]) / 2, (focus[1] + focus[3]) / 2
            self.ox = self.view.centerx - cx * s
            self.oy = self.view.centery - cy * s
            self._keep_in_view()

    def refit(self, view: pygame.Rect, focus: tuple[float, float, float, float] | None = None) -> None:
        """A new view size (the window was resized, a game opened): show the table again."""
        self.view = pygame.Rect(view)
        self.fit(focus)

    def resize(self, view: pygame.Rect) -> None:
        """Keep the table point at the centre of the view in the centre of the new view."""
        cx, cy = self.to_table(self.view.center)
        old_scale = self.scale
        self.view = pygame.Rect(view)
        tw, th = self.table
        self.base = max(1e-3, min(self.view.w / (tw + 1.0), self.view.h / (th + 1.0)))
        # pick the step nearest to the old scale
        best, best_err = 0, None
        for k in range(MIN_STEP, MAX_STEP + 1):
            err = abs(self.base * ZOOM_STEP**k - old_scale)
            if best_err is None or err < best_err:
                best, best_err = k, err
        self.step = best
        s = self.scale
        self.ox = self.view.centerx - cx * s
        self.oy = self.view.centery - cy * s

    def shifted(self) -> Camera:
        """The same view drawn into a surface of the view's own size (origin at its corner)."""
        out = Camera.__new__(Camera)
        out.__dict__.update(self.__dict__)
        out.view = pygame.Rect(0, 0, self.view.w, self.view.h)
        out.ox, out.oy = self.ox - self.view.x, self.oy - self.view.y
        return out

    # -- queries -----------------------------------------------------------------------------
    @property
    def scale(self) -> float:
        """Pixels per inch."""
        return self.base * ZOOM_STEP**self.step

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        s = self.scale
        return self.ox + x * s, self.oy + y * s

    def to_table(self, pos: tuple[float, float]) -> tuple[float, float]:
        s = self.scale
        return (pos[0] - self.ox) / s, (pos[1] - self.oy) / s

    def table_rect(self) -> pygame.Rect:
        s = self.scale
        tw, th = self.table
        return pygame.Rect(round(self.ox), round(self.oy), round(tw * s), round(th * s))

    # -- moves -------------------------------------------------------------------------------
    def zoom_at(self, pos: tuple[float, float], steps: int) -> None:
        tx, ty = self.to_table(pos)
        self.step = max(MIN_STEP, min(MAX_STEP, self.step + steps))
        s = self.scale
        self.ox = pos[0] - tx * s
        self.oy = pos[1] - ty * s

    def pan(self, dx: float, dy: float) -> None:
        self.ox += dx
        self.oy += dy
        self._keep_in_view()

    def _keep_in_view(self) -> None:
        # never lose the table entirely: keep at least 40 px of it inside the view
        r = self.table_rect()
        m = 40
        if r.right < self.view.x + m:
            self.ox += self.view.x + m - r.right
        if r.x > self.view.right - m:
            self.ox -= r.x - (self.view.right - m)
        if r.bottom < self.view.y + m:
            self.oy += self.view.y + m - r.bottom
        if r.y > self.view.bottom - m:
            self.oy -= r.y - (self.view.bottom - m)


def focus_box(state: GameState, margin: float = 5.0) -> tuple[float, float, float, float] | None:
    """The part of the table where the models are, with ``margin`` inches around, when it
    is less than half the table each way (the view opens on it: a few models on a big
    table would show small), else None."""
    ms = [m for m in state.models.values() if m.on_table] or list(state.models.values())
    if not ms:
        return None
    tw, th = state.table
    box = (max(0.0, min(m.x for m in ms) - margin), max(0.0, min(m.y for m in ms) - margin),
           min(tw, max(m.x for m in ms) + margin), min(th, max(m.y for m in ms) + margin))
    if box[2] - box[0] > tw / 2 or box[3] - box[1] > th / 2:
        return None  # the battle spreads over the table: show all of it
    return box

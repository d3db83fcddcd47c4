"""Notes floating up at the models as things happen to them: each die rolled, each point of
damage, a model going Down or destroyed. They come one after the other in the order of the log
(:data:`STAGGER` seconds apart), each rising and fading over :data:`LIFE` seconds; the ruleset
words them (:meth:`~game.core.ruleset.Ruleset.table_note`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from game.core import events as ev
from game.core.ruleset import Ruleset, TableNote
from game.core.state import GameState
from game.ui.camera import Camera
from game.ui.sprites import font, tone_colour

STAGGER = 0.35
LIFE = 1.8
RISE = 36  # pixels
MAX_WAITING = 24  # a long chain of events shows only its last notes


@dataclass
class Floating:
    note: TableNote
    start: float  # seconds from now (negative once shown)
    stack: int  # how many notes above it at the same model when it started


class Notes:
    def __init__(self) -> None:
        self.items: list[Floating] = []
        self.clock = 0.0
        self._surfaces: dict[tuple[str, str], pygame.Surface] = {}

    def clear(self) -> None:
        self.items.clear()

    @property
    def active(self) -> bool:
        return bool(self.items)

    def add(self, ruleset: Ruleset, state: GameState, events: Iterable[ev.Event]) -> None:
        """Queue the notes of ``events`` (just applied to ``state``) after those waiting."""
        notes = []
        for e in events:
            try:
                n = ruleset.table_note(state, e)
            except Exception:  # noqa: BLE001 - a note never breaks the window
                n = None
            if n is not None and n.model in state.models:
                notes.append(n)
        notes = notes[-MAX_WAITING:]
        last = max((f.start for f in self.items), default=-STAGGER)
        t = max(0.0, last + STAGGER)
        for n in notes:
            same = sum(1 for f in self.items if f.note.model == n.model and f.start > -LIFE / 2)
            self.items.append(Floating(n, t, min(same, 3)))
            t += STAGGER

    def update(self, dt: float) -> None:
        for f in self.items:
            f.start -= dt
        self.items = [f for f in self.items if f.start > -LIFE]

    def _surface(self, note: TableNote) -> pygame.Surface:
        key = (note.text, note.tone)
        s = self._surfaces.get(key)
        if s is None:
            if len(self._surfaces) > 500:
                self._surfaces.clear()
            f = font(15, bold=True)
            fg = f.render(note.text, True, tone_colour(note.tone))
            s = pygame.Surface((fg.get_width() + 8, fg.get_height() + 2), pygame.SRCALPHA)
            pygame.draw.rect(s, (10, 10, 14, 200), s.get_rect(), border_radius=5)
            s.blit(fg, (4, 1))
            self._surfaces[key] = s
        return s

    def draw(self, surf: pygame.Surface, cam: Camera, state: GameState) -> None:
        clip = surf.get_clip()
        surf.set_clip(cam.view)
        for f in self.items:
            if f.start > 0:
                continue
            m = state.models.get(f.note.model)
            if m is None:
                continue
            age = -f.start / LIFE  # 0 to 1
            sx, sy = cam.to_screen(m.x, m.y)
            img = self._surface(f.note)
            img.set_alpha(int(255 * min(1.0, 2.5 * (1 - age))))
            y = sy - 18 - f.stack * (img.get_height() + 2) - RISE * age
            surf.blit(img, (sx - img.get_width() / 2, y - img.get_height()))
        surf.set_clip(clip)


SLIDE = 0.45  # seconds a unit takes to slide to where an order put it


class Slides:
    """Models gliding from where they stood to where the last order put them (a charge, a
    flight, a pursuit), so a player sees a unit go rather than jump."""

    def __init__(self) -> None:
        self.moves: dict[str, tuple[float, float, float, float]] = {}
        self.t = SLIDE

    @property
    def active(self) -> bool:
        return self.t < SLIDE and bool(self.moves)

    def start(self, before: dict[str, tuple[float, float]], state: GameState) -> None:
        """Slide every model that moved since ``before`` (name -> x, y) and is on the table."""
        self.moves = {}
        for name, (x0, y0) in before.items():
            m = state.models.get(name)
            if m is not None and m.on_table and (abs(m.x - x0) > 1e-6 or abs(m.y - y0) > 1e-6):
                self.moves[name] = (x0, y0, m.x, m.y)
        self.t = 0.0 if self.moves else SLIDE

    def update(self, dt: float) -> None:
        self.t = min(SLIDE, self.t + dt)

    def positions(self) -> dict[str, tuple[float, float]]:
        """Where each sliding model is drawn now."""
        if not self.active:
            return {}
        k = self.t / SLIDE
        k = k * k * (3 - 2 * k)  # ease in and out
        return {n: (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k) for n, (x0, y0, x1, y1) in self.moves.items()}

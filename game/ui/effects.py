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

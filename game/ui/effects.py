"""Notes at the models as things happen to them: each die rolled, each point of damage, a
model going Down or destroyed, a combat's result. They come one after the other in the order
of the log (:data:`STAGGER` seconds apart), each staying :data:`LIFE` seconds and fading; the
ruleset words them (:meth:`~game.core.ruleset.Ruleset.table_note`).

They are laid out so that none covers another, a name or a label on the table, or a panel over
it, and all stay in the view (:func:`game.ui.labels.place_words`): the notes of one order at
one model stand in a column above it, what came of it (``result``: damage, a model destroyed,
the combat's result) on top, larger and longest, so it reads first, the rolls under it in the
order they were thrown. A note keeps its place while it is shown; one that finds no room waits
(its time does not run) until another has gone."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from game.core import events as ev
from game.core.ruleset import Ruleset, TableNote
from game.core.state import GameState
from game.ui.camera import Camera
from game.ui.labels import Word, place_words
from game.ui.sprites import font, tone_colour

STAGGER = 0.35
LIFE = 1.8
RESULT_LIFE = 3.0  # what came of it stays longer
FADE_IN = 0.15
GAP = 2  # pixels between two notes of a column
MAX_WAITING = 24  # a long chain of events shows only its last notes
MAX_WAIT = 4.0  # seconds a note due may wait for room before it is given up (the log has it)


@dataclass
class Floating:
    note: TableNote
    start: float  # seconds from now (negative once shown)
    row: int  # its row in its column (0 at the top)
    rows: int  # the notes of its column
    offset: tuple[int, int] | None = None  # where it stands from its model's centre, once shown
    placed: bool = False  # drawn in the last frame
    waited: float = 0.0  # seconds due without room

    @property
    def life(self) -> float:
        return RESULT_LIFE if self.note.result else LIFE


class Notes:
    def __init__(self) -> None:
        self.items: list[Floating] = []
        self._surfaces: dict[tuple[str, str, bool], pygame.Surface] = {}
        self.drawn: list[tuple[Floating, pygame.Rect]] = []

    def clear(self) -> None:
        self.items.clear()
        self.drawn = []

    @property
    def active(self) -> bool:
        return bool(self.items)

    def add(self, ruleset: Ruleset, state: GameState, events: Iterable[ev.Event]) -> None:
        """Queue the notes of ``events`` (just applied to ``state``) after those waiting."""
        notes = []
        for e in events:
            try:
                n = ruleset.presenter.table_note(state, e)
            except Exception:  # noqa: BLE001 - a note never breaks the window
                n = None
            if n is not None and n.model in state.models:
                notes.append(n)
        notes = notes[-MAX_WAITING:]
        columns: dict[str, list[TableNote]] = {}
        for n in notes:
            columns.setdefault(n.model, []).append(n)
        row: dict[int, tuple[int, int]] = {}
        for column in columns.values():
            ordered = [n for n in column if n.result] + [n for n in column if not n.result]
            for k, n in enumerate(ordered):
                row[id(n)] = (k, len(ordered))
        last = max((f.start for f in self.items), default=-STAGGER)
        t = max(0.0, last + STAGGER)
        for n in notes:
            self.items.append(Floating(n, t, *row[id(n)]))
            t += STAGGER

    def update(self, dt: float) -> None:
        for f in self.items:
            if f.start > 0 or f.placed:  # (a note due that found no room waits, for a while)
                f.start -= dt
            else:
                f.waited += dt
        self.items = [f for f in self.items if f.start > -f.life and f.waited < MAX_WAIT]

    def _surface(self, note: TableNote) -> pygame.Surface:
        key = (note.text, note.tone, note.result)
        s = self._surfaces.get(key)
        if s is None:
            if len(self._surfaces) > 500:
                self._surfaces.clear()
            f = font(17 if note.result else 15, bold=True)
            colour = tone_colour(note.tone)
            fg = f.render(note.text, True, colour)
            s = pygame.Surface((fg.get_width() + 10, fg.get_height() + 2), pygame.SRCALPHA)
            pygame.draw.rect(s, (10, 10, 14, 215), s.get_rect(), border_radius=5)
            if note.result:
                pygame.draw.rect(s, colour, s.get_rect(), 2, border_radius=5)
            s.blit(fg, (5, 1))
            self._surfaces[key] = s
        return s

    def layout(self, cam: Camera, state: GameState, taken: Sequence[pygame.Rect],
               extent: Callable[[str], pygame.Rect | None],
               bases: Sequence[pygame.Rect] = ()) -> list[tuple[Floating, pygame.Rect]]:
        """Where each note due is drawn: the ones already shown where they were, then the new
        ones, results first; ``taken``: what the notes never cover (the words on the table, a
        panel); ``bases``: what they keep off when they can; ``extent(model)``: the box a
        model's base takes on the screen (None: not drawn)."""
        due = [f for f in self.items if f.start <= 0]
        due.sort(key=lambda f: (f.offset is None, not f.note.result, -f.start))
        words, anchors = [], []
        for f in due:
            box = extent(f.note.model)
            img = self._surface(f.note)
            w, h = img.get_size()
            if box is None:
                anchors.append(None)
                words.append(Word(w, h, []))
                continue
            anchors.append(box.center)
            others = [b for b in bases if not box.contains(b)]
            words.append(Word(w, h, self._spots(f, w, h, box), avoid=others))
        got = place_words(words, cam.view, taken=taken)
        out = []
        for f, rect, anchor in zip(due, got, anchors, strict=True):
            f.placed = rect is not None and anchor is not None
            if rect is not None and anchor is not None:
                f.offset = (rect.x - int(anchor[0]), rect.y - int(anchor[1]))
                out.append((f, rect))
        return out

    @staticmethod
    def _spots(f: Floating, w: int, h: int, box: pygame.Rect) -> list[tuple[float, float]]:
        """Its place from before, then its row of the column above the base, that column
        higher up, below the base, beside it."""
        out: list[tuple[float, float]] = []
        cx, cy = box.center
        if f.offset is not None:
            out.append((cx + f.offset[0], cy + f.offset[1]))
        step = h + GAP
        top = box.top - 4 - f.rows * step
        x = cx - w / 2
        out += [(x, top + (f.row - k) * step) for k in range(0, 8)]
        out += [(x, box.bottom + 4 + (f.row + k) * step) for k in range(0, 6)]
        for k in range(0, 4):
            y = cy - f.rows * step / 2 + (f.row + k) * step
            out += [(box.right + 6, y), (box.left - 6 - w, y)]
        return out

    def draw(self, surf: pygame.Surface, cam: Camera, state: GameState,
             taken: Sequence[pygame.Rect] = (),
             extent: Callable[[str], pygame.Rect | None] | None = None,
             bases: Sequence[pygame.Rect] = ()) -> None:
        def around(name: str) -> pygame.Rect | None:
            m = state.models.get(name)
            if m is None:
                return None
            sx, sy = cam.to_screen(m.x, m.y)
            return pygame.Rect(int(sx) - 8, int(sy) - 8, 16, 16)

        self.drawn = self.layout(cam, state, taken, extent or around, bases)
        clip = surf.get_clip()
        surf.set_clip(cam.view)
        for f, rect in self.drawn:
            age = -f.start
            img = self._surface(f.note)
            fade = min(1.0, age / FADE_IN, 2.5 * (1 - age / f.life))
            img.set_alpha(int(255 * max(0.0, fade)))
            surf.blit(img, rect.topleft)
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

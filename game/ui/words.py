"""The words on the table, laid out together: the names of the units in formation, the labels
of the terrain and the names of the models, none over another, none over a base but its own
when it can help it, none off the view (:func:`game.ui.labels.place_words`).

They are placed in this order, the first getting the best places: the model selected or under
the pointer, the units' names, the terrain's labels, then the other models' names (shown when
zoomed in, or always or never with L). The layout is worked out again when the view, the
state or what is to be named changes, and kept otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pygame

from game.core.state import GameState
from game.ui.camera import Camera
from game.ui.labels import Word, block_spots, name_spots, place_words, terrain_spots

if TYPE_CHECKING:
    from game.ui.render import Overlay, TableRenderer

#: how far past the view a base may stand and still count as something to keep off
MARGIN = 120


class TableWords:
    def __init__(self, renderer: TableRenderer) -> None:
        self.renderer = renderer
        self._key: object = None
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []
        #: the bases (with their pips and badges) near the view, as laid out last
        self.bases: list[pygame.Rect] = []

    def rects(self) -> list[pygame.Rect]:
        """Where the words drawn last stand (the notes keep off them)."""
        return [r for _, r in self.placed]

    def clear(self) -> None:
        self._key = None

    def draw(self, surf: pygame.Surface, cam: Camera, state: GameState, ov: Overlay) -> None:
        surf.fblits([(img, r.topleft) for img, r in self.layout(state, cam, ov)])

    def layout(self, state: GameState, cam: Camera, ov: Overlay) -> list[tuple[pygame.Surface,
                                                                              pygame.Rect]]:
        s = cam.scale
        show_names = ov.show_names if ov.show_names is not None else s >= 20
        # (with every name shown, the pointer moving changes nothing: no new layout for it)
        focus = (ov.selected,) if show_names else (ov.selected, ov.hovered)
        key = (cam.step, round(cam.base, 6), round(cam.ox, 1), round(cam.oy, 1), tuple(cam.view),
               id(state), state.events_applied, show_names, focus,
               tuple(tuple(r) for r in ov.covered))
        if key == self._key:
            return self.placed
        self._key = key
        r = self.renderer
        view = cam.view
        near = view.inflate(2 * MARGIN, 2 * MARGIN)
        zoom_key = (cam.step, round(cam.base, 4))
        name_size = 11 if s < 40 else 13
        blocks = r.formations.in_formation(state)
        bases: list[pygame.Rect] = []
        index: dict[str, int] = {}
        names: dict[str, tuple[pygame.Surface, Word]] = {}
        walls = [self._box(cam, t.polygon) for t in state.terrain
                 if t.kind in ("obstacle", "impassable")]
        for m in state.models.values():
            if not m.on_table:
                continue
            _, _, _, _, hw, hh, lab, badges, pips = r._entry(m, s, zoom_key, name_size)
            sx, sy = cam.to_screen(m.x, m.y)
            top = hh + (pips.get_height() + 1 if pips is not None else 0)
            right = hw + max((b.get_width() for b in badges), default=0)
            box = pygame.Rect(int(sx - hw), int(sy - top), int(hw + right), int(hh + top))
            if not box.colliderect(near):
                continue
            index[m.name] = len(bases)
            bases.append(box)
            if lab is not None and m.unit not in blocks:
                w, h = lab.get_size()
                names[m.name] = (lab, Word(w, h, name_spots(w, h, sx, sy, hh, top),
                                           frozenset({len(bases) - 1}), walls))
        words: list[tuple[pygame.Surface, Word]] = []
        for first in dict.fromkeys(focus):
            if first in names:
                words.append(names.pop(first))
        for o in r.formations.outlines(state):
            pts = [cam.to_screen(x, y) for x, y in o.corners]
            if not any(near.collidepoint(p) for p in pts):
                continue
            bases += [pygame.Rect(int(x), int(y), *img.get_size())
                      for img, (x, y) in r.formations.badges(state, o, pts, s)]
            lab = r.label(o.label, 12 if s < 30 else 14)
            own = frozenset(index[n] for n in state.units[o.unit].models if n in index)
            words.append((lab, Word(*lab.get_size(), block_spots(*lab.get_size(), pts), own)))
        if s >= 8:
            pieces = [self._box(cam, t.polygon) for t in state.terrain]
            for i, t in enumerate(state.terrain):
                if not pieces[i].colliderect(near):
                    continue
                height = f' {t.height:g}"' if t.height else ""
                lab = r.label(f"{t.display} ({t.kind}{height})", 11, (235, 230, 210))
                outline = [cam.to_screen(x, y) for x, y in t.polygon]
                others = [p for j, p in enumerate(pieces) if j != i]
                words.append((lab, Word(*lab.get_size(), terrain_spots(*lab.get_size(), pieces[i],
                                                                        outline), avoid=others)))
        if show_names:
            words += names.values()
        self.bases = bases
        got = place_words([w for _, w in words], view, bases, ov.covered)
        self.placed = [(img, rect) for (img, _), rect in zip(words, got) if rect is not None]
        return self.placed

    @staticmethod
    def _box(cam: Camera, polygon: Iterable[tuple[float, float]]) -> pygame.Rect:
        pts = [cam.to_screen(x, y) for x, y in polygon]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1,
                           int(max(ys) - min(ys)) + 1)

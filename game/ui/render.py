"""Drawing the table: terrain, bases at their real size, what is shown about each model, and
the overlays of the moment.

Nothing here decides anything about the rules: it draws a :class:`GameState` with what the
ruleset says players should see of each model (its marks and damage), and whatever overlay
the window hands it (a ghost the engine has already judged, a ruler, highlights). Each base
is drawn once per (base, side, facing, zoom, status) into a cached sprite; the table and its
terrain once per view into a cached layer; a frame is then mostly blits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from game.core.ruleset import ChargeZone, Outline, Ruleset
from game.core.state import GameState, Model
from game.geometry.bases import footprint
from game.rulesets.common.table import Table
from game.ui import shots
from game.ui.camera import Camera
from game.ui.formations import FormationLayer
from game.ui.sprites import (
    BAD,
    GOOD,
    SIDE_COLOURS,
    SIDE_NAMES,
    fast,
    font,
    make_badge,
    make_pips,
    make_sprite,
    shade,
    side_colour,
)
from game.ui.words import TableWords

__all__ = ["BAD", "GOOD", "Overlay", "SIDE_COLOURS", "SIDE_NAMES", "TableRenderer", "font",
           "side_colour"]

TABLE_COLOUR = (70, 98, 64)
BACKGROUND = (28, 30, 34)
GRID_COLOUR = (82, 112, 76)
HIGHLIGHT = (255, 225, 70)
LOG_HIGHLIGHT = (255, 255, 255)
PICK_COLOUR = (120, 220, 255)
GRID = 2.0  # inches per cell of the picking grid

TERRAIN_COLOURS = {
    "impassable": (74, 62, 56),
    "obstacle": (128, 120, 104),
    "area": (46, 88, 46),
    "elevation": (150, 130, 88),
}


def terrain_colour(kind: str, height: float) -> tuple[int, int, int]:
    base = TERRAIN_COLOURS.get(kind, (100, 100, 100))
    return shade(base, min(0.45, 0.09 * height))


def table_for(ruleset: Any) -> Table:
    """The ruleset's own table geometry if it has one, else one built from its base sizes."""
    t = ruleset.table
    if isinstance(t, Table):
        return t
    return _generic_table(tuple(sorted(ruleset.base_sizes.items())))


@lru_cache(maxsize=8)
def _generic_table(sizes: tuple[tuple[str, tuple[float, float]], ...]) -> Table:
    return Table(dict(sizes))


@dataclass
class Ghost:
    """Where a model would go: its place and facing, whether the engine accepts it, a label
    (the inches used), and the points its centre passes on the way."""

    model: Model
    x: float
    y: float
    facing: float
    ok: bool
    label: str
    path: tuple[tuple[float, float], ...]


@dataclass
class Overlay:
    """What the window wants drawn on top of the table this frame."""

    selected: str | None = None
    hovered: str | None = None
    highlighted: tuple[str, ...] = ()
    acting: tuple[str, ...] = ()
    ghost: Ghost | None = None
    target: str | None = None
    ruler: tuple[tuple[float, float], tuple[float, float], str] | None = None
    show_names: bool | None = None  # None: decide by zoom
    picks: tuple[str, ...] = ()  # models a decision may pick (ringed)
    picked: tuple[str, ...] = ()  # models picked so far, in order (numbered)
    unit_ghost: tuple[Outline, bool, str] | None = None  # where a unit would stand
    zone: ChargeZone | None = None  # what the selected unit could charge
    handles: tuple[tuple[float, float], ...] = ()  # where the selected unit may be grabbed
    covered: tuple[pygame.Rect, ...] = ()  # panels over the table (the words keep off them)
    bumps: tuple[str, ...] = ()  # units and terrain a dragged unit would run into
    extra: dict[str, Any] = field(default_factory=dict)


class TableRenderer:
    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.table = table_for(ruleset)
        self._sprites: dict[tuple[Any, ...], pygame.Surface] = {}
        self._labels: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
        self._per_model: dict[str, tuple[Any, ...]] = {}
        self._ground: tuple[Any, pygame.Surface] | None = None
        self._grid: tuple[Any, dict[tuple[int, int], list[str]]] | None = None
        self.formations = FormationLayer(self)
        self.words = TableWords(self)

    # -- caches ------------------------------------------------------------------------------
    def clear(self) -> None:
        self._sprites.clear()
        self._labels.clear()
        self._per_model.clear()
        self._ground = None
        self.words.clear()

    def label(self, text: str, size: int, colour: tuple[int, int, int] = (240, 240, 240),
              alpha: int = 130) -> pygame.Surface:
        key = (text, size, colour)
        s = self._labels.get(key)
        if s is None:
            if len(self._labels) > 4000:
                self._labels.clear()
            fg = font(size).render(text, True, colour)
            s = pygame.Surface((fg.get_width() + 6, fg.get_height()), pygame.SRCALPHA)
            s.fill((0, 0, 0, alpha))
            s.blit(fg, (3, 0))
            s = fast(s)
            self._labels[key] = s
        return s

    def sprite(self, m: Model, scale: float, zoom_key: Any) -> pygame.Surface:
        shape = self.table.shape(m)
        facing = round(m.facing * 2) / 2
        greyed = not m.on_table
        key = (shape, m.side, facing, zoom_key, m.status, greyed)
        s = self._sprites.get(key)
        if s is None:
            if len(self._sprites) > 6000:
                self._sprites.clear()
            s = fast(make_sprite(shape, side_colour(m.side), facing, scale, m.status, greyed))
            self._sprites[key] = s
        return s

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, cam: Camera, state: GameState, ov: Overlay) -> None:
        self._state = state  # (for the marks of models whose pictures are made this frame)
        self.formations.ghost_labels = []
        old_clip = surf.get_clip()
        surf.set_clip(cam.view)
        try:
            self._draw_ground(surf, cam, state)
            if ov.zone is not None:
                self.formations.draw_zone(surf, cam, ov.zone)
            shot = ov.extra.get("shot")
            if shot is not None:
                shots.draw_bands(self, surf, cam, shot)
            self._draw_models(surf, cam, state, ov)
            block = self.formations.block_at(state, ov.selected)
            if not ov.extra.get("positions"):  # (no outlines while units slide into place)
                self.formations.draw_units(surf, cam, state, block.unit if block else None)
            self.words.draw(surf, cam, state, ov)
            if shot is not None:
                shots.draw_sight(self, surf, cam, shot, state)
            self._draw_overlay(surf, cam, state, ov)
        finally:
            surf.set_clip(old_clip)

    def _draw_ground(self, surf: pygame.Surface, cam: Camera, state: GameState) -> None:
        """The table, its grid and the terrain: drawn once per view into a cached layer."""
        view = cam.view
        key = (tuple(view), cam.step, round(cam.base, 6), round(cam.ox, 3), round(cam.oy, 3),
               state.table, state.terrain)
        if self._ground is None or self._ground[0] != key:
            layer = pygame.Surface(view.size)
            shifted = cam.shifted()
            layer.fill(BACKGROUND)
            self._draw_table(layer, shifted, state)
            self._draw_terrain(layer, shifted, state)
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            self._ground = (key, layer)
        surf.blit(self._ground[1], view.topleft)

    def _draw_table(self, surf: pygame.Surface, cam: Camera, state: GameState) -> None:
        r = cam.table_rect()
        surf.fill(TABLE_COLOUR, r.clip(cam.view))
        s = cam.scale
        tw, th = state.table
        step = 1 if s >= 28 else 6 if s >= 6 else 12
        for horizontal, length in ((False, tw), (True, th)):
            v = step
            while v < length:
                w = (1 if v % 6 else 2) if s >= 28 else 1
                if horizontal:
                    sy = round(cam.oy + v * s)
                    pygame.draw.line(surf, GRID_COLOUR, (r.left, sy), (r.right, sy), w)
                else:
                    sx = round(cam.ox + v * s)
                    pygame.draw.line(surf, GRID_COLOUR, (sx, r.top), (sx, r.bottom), w)
                v += step
        pygame.draw.rect(surf, (30, 40, 28), r, 2)

    def _draw_terrain(self, surf: pygame.Surface, cam: Camera, state: GameState) -> None:
        s = cam.scale
        for t in state.terrain:
            pts = [(cam.ox + x * s, cam.oy + y * s) for x, y in t.polygon]
            col = terrain_colour(t.kind, t.height)
            pygame.draw.polygon(surf, col, pts)
            edge = shade(col, -0.45)
            if t.kind == "area":
                pygame.draw.polygon(surf, shade(col, 0.25), pts, 1)
            else:
                pygame.draw.polygon(surf, edge, pts, 2)
            if t.kind == "impassable":
                # hatching tells "no way through" at a glance
                xs = [p[0] for p in pts]
                ys = [p[1] for p in pts]
                clip = surf.get_clip()
                bbox = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
                surf.set_clip(bbox.clip(clip))
                gap = max(6, int(s * 0.6))
                for k in range(int(bbox.left - bbox.height), int(bbox.right), gap):
                    pygame.draw.line(surf, edge, (k, bbox.bottom), (k + bbox.height, bbox.top), 1)
                surf.set_clip(clip)

    def _draw_models(self, surf: pygame.Surface, cam: Camera, state: GameState, ov: Overlay) -> None:
        s = cam.scale
        zoom_key = (cam.step, round(cam.base, 4))
        name_size = 11 if s < 40 else 13
        blits: list[tuple[pygame.Surface, tuple[float, float]]] = []
        extras: list[tuple[pygame.Surface, tuple[float, float]]] = []
        view = cam.view
        vl, vr, vt, vb = view.left, view.right, view.top, view.bottom
        ox, oy = cam.ox, cam.oy
        cache = self._per_model
        if len(cache) > 4 * len(state.models) + 100:
            cache.clear()
        ranked = {u for u, rec in state.units.items() if rec.formation is not None}
        blocks = self.formations.in_formation(state)  # (drawn as whole blocks, not sprites)
        slid = ov.extra.get("positions") or {}
        for live in (False, True):  # the fallen first, underneath the living
            for m in state.models.values():
                if m.on_table is not live or (not live and m.unit in ranked):
                    continue  # (casualties of a unit in formation leave its ranks: not drawn)
                entry = self._entry(m, s, zoom_key, name_size)
                _, _, _, spr, hw, hh, _, badges, pips = entry
                if live and m.unit in blocks:
                    continue
                mx, my = slid.get(m.name, (m.x, m.y))
                sx, sy = ox + mx * s, oy + my * s
                if sx + hw < vl or sx - hw > vr or sy + hh < vt or sy - hh > vb:
                    continue
                blits.append((spr, (sx - hw, sy - hh)))
                if not live:
                    continue
                if pips is not None:
                    extras.append((pips, (sx - pips.get_width() / 2, sy - hh - pips.get_height() - 1)))
                bx, by = sx + hw - 2, sy - hh - 2
                for badge in badges:
                    extras.append((badge, (bx, by)))
                    by += badge.get_height() + 1
        surf.fblits(blits)
        if blocks:
            self.formations.draw_blocks(surf, cam, state, slid)
        surf.fblits(extras)

    def _entry(self, m: Model, scale: float, zoom_key: Any, name_size: int) -> tuple[Any, ...]:
        entry = self._per_model.get(m.name)
        if entry is None or entry[0] is not m or entry[1] != zoom_key or entry[2] != name_size:
            entry = self._model_entry(m, scale, zoom_key, name_size)
            self._per_model[m.name] = entry
        return entry

    def _model_entry(self, m: Model, scale: float, zoom_key: Any, name_size: int) -> tuple[Any, ...]:
        spr = self.sprite(m, scale, zoom_key)
        w, h = spr.get_size()
        grouped = m.unit in self.formations.in_formation(self._state)
        lab = self.label(m.display or m.name, name_size) if m.on_table and not grouped else None
        badges, pips = [], None
        if m.on_table and not grouped:
            size = 11 if scale < 40 else 13
            badges = [make_badge(mk, size) for mk in self.ruleset.presenter.marks(self._state, m)]
            wounds = self.ruleset.presenter.wounds(m)
            if wounds is not None and wounds[1] > 1:
                pips = make_pips(wounds[0], wounds[1], self.table.shape(m).width * scale)
        return (m, zoom_key, name_size, spr, w / 2, h / 2, lab, badges, pips)

    #: the state drawn (a model's marks are asked with it; its pictures are kept while the
    #: model record is the same)
    _state: Any = None

    def extent(self, state: GameState, cam: Camera, name: str) -> pygame.Rect | None:
        """The box a model takes on the screen (its whole block for a model of a unit in
        formation), or None for a model not on the table."""
        m = state.models.get(name)
        if m is None:
            return None
        block = self.formations.block_at(state, name)
        if block is not None:
            pts = [cam.to_screen(x, y) for x, y in block.corners]
        else:
            pts = self.outline(m, cam)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1,
                           int(max(ys) - min(ys)) + 1)

    def outline(self, m: Model, cam: Camera, x: float | None = None, y: float | None = None,
                facing: float | None = None) -> list[tuple[float, float]]:
        shape = self.table.shape(m)
        poly = footprint(shape, m.x if x is None else x, m.y if y is None else y,
                         m.facing if facing is None else facing)
        coords = list(poly.exterior.coords)[:-1]
        if shape.is_round:
            coords = coords[::4]
        return [cam.to_screen(px, py) for px, py in coords]

    def _ring(self, surf: pygame.Surface, cam: Camera, m: Model, colour: tuple[int, int, int],
              width: int = 3, k: float = 0.75) -> tuple[float, float, float]:
        sx, sy = cam.to_screen(m.x, m.y)
        sh = self.table.shape(m)
        r = max(6, max(sh.width, sh.depth) * cam.scale * k)
        pygame.draw.circle(surf, colour, (sx, sy), r, width)
        return sx, sy, r

    def _draw_overlay(self, surf: pygame.Surface, cam: Camera, state: GameState, ov: Overlay) -> None:
        for name in ov.acting:
            m = state.models.get(name)
            if m is not None and m.on_table:
                pygame.draw.polygon(surf, (250, 250, 250), self.outline(m, cam), 1)
        for name in ov.highlighted:
            m = state.models.get(name)
            if m is not None:
                self._ring(surf, cam, m, LOG_HIGHLIGHT)
        for name in ov.picks:
            m = state.models.get(name)
            if m is not None:
                self._ring(surf, cam, m, PICK_COLOUR, 2, 0.85)
        for name in dict.fromkeys(ov.picked):  # each model once, numbered by its picks
            m = state.models.get(name)
            if m is not None:
                sx, sy, r = self._ring(surf, cam, m, PICK_COLOUR, 3, 0.85)
                text = ",".join(str(k + 1) for k, n in enumerate(ov.picked) if n == name)
                lab = self.label(text, 15, (20, 20, 20), 0)
                bg = pygame.Rect(0, 0, lab.get_width() + 6, lab.get_height() + 2)
                bg.center = (int(sx), int(sy))
                pygame.draw.rect(surf, PICK_COLOUR, bg, border_radius=7)
                surf.blit(lab, (bg.x + 3, bg.y + 1))
        # (a model of a block rings its whole unit: the block's outline)
        for name, colour, width in ((ov.hovered if ov.hovered != ov.selected else None,
                                     (230, 230, 230), 2), (ov.selected, HIGHLIGHT, 3),
                                    (ov.target, BAD, 3)):
            m = state.models.get(name) if name else None
            if m is None or (not m.on_table and name != ov.selected):
                continue
            block = self.formations.block_at(state, name)
            if block is not None:
                if name != ov.selected:  # (the selected block's outline is drawn yellow)
                    pygame.draw.polygon(surf, colour, [cam.to_screen(*p) for p in block.corners],
                                        width)
            else:
                pygame.draw.polygon(surf, colour, self.outline(m, cam), width)
        for key in ov.bumps:  # what a dragged unit runs into, outlined in red
            o = next((o for o in self.formations.outlines(state) if o.unit == key), None)
            t = next((t for t in state.terrain if t.id == key), None)
            pts = (o.corners if o is not None else t.polygon if t is not None else ())
            if len(pts) >= 3:
                pygame.draw.polygon(surf, BAD, [cam.to_screen(*p) for p in pts], 3)
        for x, y in ov.handles:  # the wheel handles of the selected unit
            c = cam.to_screen(x, y)
            pygame.draw.circle(surf, (255, 236, 150), c, 7)
            pygame.draw.circle(surf, (40, 40, 40), c, 7, 2)
        if ov.zone is not None:
            self.formations.draw_zone_label(surf, cam, ov.zone)
        if ov.ghost is not None:
            self.formations.draw_model_ghost(surf, cam, ov.ghost)
        if ov.unit_ghost is not None:
            self.formations.draw_ghost(surf, cam, *ov.unit_ghost)
        if ov.ruler is not None:
            a, b, text = ov.ruler
            pa, pb = cam.to_screen(*a), cam.to_screen(*b)
            pygame.draw.line(surf, (255, 255, 255), pa, pb, 2)
            for p in (pa, pb):
                pygame.draw.circle(surf, (255, 255, 255), p, 4)
            lab = self.label(text, 16, (255, 255, 255), 170)
            at = lab.get_rect(bottomleft=((pa[0] + pb[0]) / 2 + 8, (pa[1] + pb[1]) / 2 - 4))
            surf.blit(lab, at.clamp(cam.view))

    def pick(self, state: GameState, point: tuple[float, float], live_only: bool = True) -> str | None:
        """The model whose base covers ``point`` (inches): the topmost living one."""
        from shapely.geometry import Point

        grid = self._grid_of(state)
        px, py = point
        p = Point(px, py)
        best = None
        for name in grid.get((int(px // GRID), int(py // GRID)), ()):
            m = state.models[name]
            if live_only and not m.on_table:
                continue
            if self.table.poly(m).intersects(p):
                best = name
        return best

    def _grid_of(self, state: GameState) -> dict[tuple[int, int], list[str]]:
        """Models by the grid cells their bases may reach into (rebuilt when the state moves
        on)."""
        key = (id(state), state.events_applied)
        if self._grid is not None and self._grid[0] == key:
            return self._grid[1]
        grid: dict[tuple[int, int], list[str]] = {}
        for m in state.models.values():
            sh = self.table.shape(m)
            reach = max(sh.width, sh.depth) * 0.75
            for gx in range(int((m.x - reach) // GRID), int((m.x + reach) // GRID) + 1):
                for gy in range(int((m.y - reach) // GRID), int((m.y + reach) // GRID) + 1):
                    grid.setdefault((gx, gy), []).append(m.name)
        self._grid = (key, grid)
        return grid

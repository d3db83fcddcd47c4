"""Drawing the table: terrain, bases at their real size, markers and overlays.

Nothing here decides anything about the rules: it draws a :class:`GameState` and whatever
overlay the app hands it (a ghost the engine has already judged, a ruler, highlights).
Each base is drawn once per (base, side, facing, zoom, damage, status) into a cached sprite;
a frame is then mostly blits.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

import pygame

from game.core.state import GameState, Model
from game.geometry.bases import BaseShape, facing_vector, footprint
from game.rulesets.common.table import Table
from game.ui.camera import Camera

SIDE_COLOURS: dict[int, tuple[int, int, int]] = {1: (60, 120, 215), 2: (205, 65, 55)}
SIDE_NAMES = {1: "Blue", 2: "Red"}
TABLE_COLOUR = (70, 98, 64)
BACKGROUND = (28, 30, 34)
GRID_COLOUR = (82, 112, 76)
GREY = (125, 125, 125)
HIGHLIGHT = (255, 225, 70)
LOG_HIGHLIGHT = (255, 255, 255)
GOOD = (120, 230, 120)
BAD = (255, 70, 60)

TERRAIN_COLOURS = {
    "impassable": (74, 62, 56),
    "obstacle": (128, 120, 104),
    "area": (46, 88, 46),
    "elevation": (150, 130, 88),
}

CONDITION_BADGES = {
    "shaken": ("S", (240, 200, 40)),
    "disabled": ("D", (170, 110, 220)),
    "burning": ("B", (255, 130, 30)),
    "poisoned": ("P", (110, 200, 80)),
    "inspired": ("I", (120, 210, 255)),
}


def side_colour(side: int) -> tuple[int, int, int]:
    return SIDE_COLOURS.get(side, (200, 200, 200))


def font_path(bold: bool = False) -> str:
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return str(resources.files("pygame_gui.data").joinpath(name))


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(font_path(bold), max(6, size))


def table_for(ruleset: Any) -> Table:
    """The ruleset's own table geometry if it has one, else one built from its base sizes."""
    t = ruleset.table
    if isinstance(t, Table):
        return t
    return _generic_table(tuple(sorted(ruleset.base_sizes.items())))


@lru_cache(maxsize=8)
def _generic_table(sizes: tuple[tuple[str, tuple[float, float]], ...]) -> Table:
    return Table(dict(sizes))


def shade(colour: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    """Lighter for k > 0, darker for k < 0."""
    if k >= 0:
        return tuple(min(255, int(c + (255 - c) * k)) for c in colour)  # type: ignore[return-value]
    return tuple(max(0, int(c * (1 + k))) for c in colour)  # type: ignore[return-value]


def terrain_colour(kind: str, height: float) -> tuple[int, int, int]:
    base = TERRAIN_COLOURS.get(kind, (100, 100, 100))
    return shade(base, min(0.45, 0.09 * height))


@dataclass
class Overlay:
    """What the app wants drawn on top of the table this frame."""

    selected: str | None = None
    hovered: str | None = None
    highlighted: tuple[str, ...] = ()
    acting: tuple[str, ...] = ()
    # a ghost: (model, x, y, facing, legal, label, from_xy)
    ghost: tuple[Model, float, float, float, bool, str, tuple[float, float]] | None = None
    target: str | None = None
    ruler: tuple[tuple[float, float], tuple[float, float], str] | None = None
    show_names: bool | None = None  # None: decide by zoom
    extra: dict[str, Any] = field(default_factory=dict)


class TableRenderer:
    def __init__(self, ruleset: Any) -> None:
        self.table = table_for(ruleset)
        self._sprites: dict[tuple[Any, ...], pygame.Surface] = {}
        self._labels: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
        self._per_model: dict[str, tuple[Any, ...]] = {}
        self._ground: tuple[Any, pygame.Surface] | None = None
        self._grid: tuple[Any, dict[tuple[int, int], list[str]]] | None = None
        self._name_key: Any = None
        self._name_layout: dict[str, float] = {}

    # -- caches ------------------------------------------------------------------------------
    def clear(self) -> None:
        self._sprites.clear()
        self._labels.clear()
        self._per_model.clear()
        self._ground = None
        self._name_key = None

    def label(self, text: str, size: int, colour: tuple[int, int, int] = (240, 240, 240)) -> pygame.Surface:
        key = (text, size, colour)
        s = self._labels.get(key)
        if s is None:
            if len(self._labels) > 4000:
                self._labels.clear()
            f = font(size)
            fg = f.render(text, True, colour)
            s = pygame.Surface((fg.get_width() + 4, fg.get_height()), pygame.SRCALPHA)
            s.fill((0, 0, 0, 130))
            s.blit(fg, (2, 0))
            s = _fast(s)
            self._labels[key] = s
        return s

    def sprite(self, m: Model, scale: float, zoom_key: Any) -> pygame.Surface:
        shape = self.table.shape(m)
        facing = round(m.facing * 2) / 2
        dt = max(1, m.stat("DT", 0)) if "DT" in m.stats else 0
        greyed = not m.on_table
        key = (shape, m.side, facing, zoom_key, min(m.damage, 40), dt, m.status, greyed)
        s = self._sprites.get(key)
        if s is None:
            if len(self._sprites) > 6000:
                self._sprites.clear()
            s = _fast(make_sprite(shape, side_colour(m.side), facing, scale, m.damage, dt, m.status, greyed))
            self._sprites[key] = s
        return s

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, cam: Camera, state: GameState, ov: Overlay) -> None:
        view = cam.view
        old_clip = surf.get_clip()
        surf.set_clip(view)
        try:
            self._draw_ground(surf, cam, state)
            self._draw_models(surf, cam, state, ov)
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
            shifted = Camera.__new__(Camera)
            shifted.__dict__.update(cam.__dict__)
            shifted.view = pygame.Rect(0, 0, view.w, view.h)
            shifted.ox, shifted.oy = cam.ox - view.x, cam.oy - view.y
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
        x = step
        while x < tw:
            sx = round(cam.ox + x * s)
            w = 1 if (x % 6) else 2
            pygame.draw.line(surf, GRID_COLOUR, (sx, r.top), (sx, r.bottom), w if s >= 28 else 1)
            x += step
        y = step
        while y < th:
            sy = round(cam.oy + y * s)
            w = 1 if (y % 6) else 2
            pygame.draw.line(surf, GRID_COLOUR, (r.left, sy), (r.right, sy), w if s >= 28 else 1)
            y += step
        pygame.draw.rect(surf, (30, 40, 28), r, 2)

    def _draw_terrain(self, surf: pygame.Surface, cam: Camera, state: GameState) -> None:
        s = cam.scale
        for t in state.terrain:
            pts = [(cam.ox + x * s, cam.oy + y * s) for x, y in t.polygon]
            col = terrain_colour(t.kind, t.height)
            pygame.draw.polygon(surf, col, pts)
            edge = shade(col, -0.45)
            if t.kind == "area":
                # a dashed look for open ground: dots along the outline
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
            if s >= 8:
                cx = sum(p[0] for p in pts) / len(pts)
                cy = sum(p[1] for p in pts) / len(pts)
                h = f' {t.height:g}"' if t.height else ""
                lab = self.label(f"{t.id} ({t.kind}{h})", 11, (235, 230, 210))
                surf.blit(lab, (cx - lab.get_width() / 2, cy - lab.get_height() / 2))

    def _draw_models(self, surf: pygame.Surface, cam: Camera, state: GameState, ov: Overlay) -> None:
        s = cam.scale
        zoom_key = (cam.step, round(cam.base, 4))
        show_names = ov.show_names if ov.show_names is not None else s >= 20
        name_size = 11 if s < 40 else 13
        blits: list[tuple[pygame.Surface, tuple[float, float]]] = []
        labels: list[tuple[pygame.Surface, tuple[float, float]]] = []
        view = cam.view
        vl, vr, vt, vb = view.left, view.right, view.top, view.bottom
        ox, oy = cam.ox, cam.oy
        cache = self._per_model
        if len(cache) > 4 * len(state.models) + 100:
            cache.clear()
        focus = (ov.selected, ov.hovered)
        living: list[Model] = []
        names: list[tuple[pygame.Surface, float, str]] = []
        # the fallen first, underneath the living
        for live in (False, True):
            for m in state.models.values():
                if m.on_table is not live:
                    continue
                entry = cache.get(m.name)
                if entry is None or entry[0] is not m or entry[1] != zoom_key or entry[2] != name_size:
                    entry = self._model_entry(m, s, zoom_key, name_size)
                    cache[m.name] = entry
                _, _, _, spr, hw, hh, lab, badges = entry
                if live:
                    living.append(m)
                sx, sy = ox + m.x * s, oy + m.y * s
                if sx + hw < vl or sx - hw > vr or sy + hh < vt or sy - hh > vb:
                    continue
                blits.append((spr, (sx - hw, sy - hh)))
                if not live:
                    continue
                if lab is not None and (show_names or m.name in focus):
                    names.append((lab, sx - lab.get_width() / 2, m.name))
                if badges:
                    bx = sx + hw - 2
                    by = sy - hh - 4
                    for badge in badges:
                        labels.append((badge, (bx, by)))
                        by += badge.get_height() + 1
        if names:
            tops = self._name_tops(living, show_names, focus, s, zoom_key, name_size)
            labels[:0] = [(lab, (x, oy + tops[name])) for lab, x, name in names]
        surf.fblits(blits)
        surf.fblits(labels)

    def _name_tops(self, living: list[Model], show_names: bool, focus: tuple[str | None, ...],
                   scale: float, zoom_key: Any, name_size: int) -> dict[str, float]:
        """The top of each name shown (in pixels from the table's top edge at this zoom),
        placed by :func:`place_labels`; kept until a model changes, the zoom changes or other
        names show."""
        key = (zoom_key, name_size, show_names or focus, tuple(living))
        if self._name_key == key:
            return self._name_layout
        shown = {m.name for m in living if show_names or m.name in focus}
        bases: list[pygame.Rect] = []
        names: list[tuple[str, int, int, float, float, float, int]] = []
        cache = self._per_model
        for m in living:
            entry = cache.get(m.name)
            if entry is None or entry[0] is not m or entry[1] != zoom_key or entry[2] != name_size:
                entry = self._model_entry(m, scale, zoom_key, name_size)
                cache[m.name] = entry
            _, _, _, _, hw, hh, lab, _ = entry
            sx, sy = m.x * scale, m.y * scale
            bases.append(pygame.Rect(int(sx - hw), int(sy - hh), int(2 * hw), int(2 * hh)))
            if lab is not None and m.name in shown:
                names.append((m.name, *lab.get_size(), sx, sy, hh, len(bases) - 1))
        tops = place_labels([n[1:] for n in names], bases)
        self._name_layout = {n[0]: top for n, top in zip(names, tops, strict=True)}
        self._name_key = key
        return self._name_layout

    def _model_entry(self, m: Model, scale: float, zoom_key: Any, name_size: int) -> tuple[Any, ...]:
        spr = self.sprite(m, scale, zoom_key)
        w, h = spr.get_size()
        lab = self.label(m.display or m.name, name_size) if m.on_table else None
        badges = []
        for c in sorted(m.conditions):
            letter, col = CONDITION_BADGES.get(c, (c[:1].upper(), (220, 220, 220)))
            badges.append(self._badge(letter, col))
        return (m, zoom_key, name_size, spr, w / 2, h / 2, lab, badges)

    def _badge(self, letter: str, col: tuple[int, int, int]) -> pygame.Surface:
        key = ("badge:" + letter, 0, col)
        b = self._labels.get(key)
        if b is None:
            f = font(11, bold=True)
            t = f.render(letter, True, (20, 20, 20))
            d = max(t.get_width(), t.get_height()) + 2
            b = pygame.Surface((d, d), pygame.SRCALPHA)
            pygame.draw.circle(b, col, (d / 2, d / 2), d / 2)
            pygame.draw.circle(b, (20, 20, 20), (d / 2, d / 2), d / 2, 1)
            b.blit(t, ((d - t.get_width()) / 2, (d - t.get_height()) / 2))
            b = _fast(b)
            self._labels[key] = b
        return b

    def outline(self, m: Model, cam: Camera, x: float | None = None, y: float | None = None,
                facing: float | None = None) -> list[tuple[float, float]]:
        shape = self.table.shape(m)
        poly = footprint(shape, m.x if x is None else x, m.y if y is None else y,
                         m.facing if facing is None else facing)
        coords = list(poly.exterior.coords)[:-1]
        if shape.is_round:
            coords = coords[::4]
        return [cam.to_screen(px, py) for px, py in coords]

    def _draw_overlay(self, surf: pygame.Surface, cam: Camera, state: GameState, ov: Overlay) -> None:
        for name in ov.acting:
            m = state.models.get(name)
            if m is not None and m.on_table:
                pygame.draw.polygon(surf, (250, 250, 250), self.outline(m, cam), 1)
        for name in ov.highlighted:
            m = state.models.get(name)
            if m is not None:
                sx, sy = cam.to_screen(m.x, m.y)
                r = max(6, self.table.shape(m).width * cam.scale * 0.75)
                pygame.draw.circle(surf, LOG_HIGHLIGHT, (sx, sy), r, 3)
        if ov.hovered and ov.hovered != ov.selected:
            m = state.models.get(ov.hovered)
            if m is not None and m.on_table:
                pygame.draw.polygon(surf, (230, 230, 230), self.outline(m, cam), 2)
        if ov.selected:
            m = state.models.get(ov.selected)
            if m is not None:
                pygame.draw.polygon(surf, HIGHLIGHT, self.outline(m, cam), 3)
        if ov.target:
            m = state.models.get(ov.target)
            if m is not None:
                pygame.draw.polygon(surf, BAD, self.outline(m, cam), 3)
        if ov.ghost is not None:
            m, gx, gy, gf, ok, text, start = ov.ghost
            col = GOOD if ok else BAD
            pts = self.outline(m, cam, gx, gy, gf)
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            bx, by = min(xs), min(ys)
            gw, gh = int(max(xs) - bx) + 2, int(max(ys) - by) + 2
            if gw < 4000 and gh < 4000:
                ghost = pygame.Surface((gw, gh), pygame.SRCALPHA)
                pygame.draw.polygon(ghost, (*col, 90), [(px - bx, py - by) for px, py in pts])
                surf.blit(ghost, (bx, by))
            pygame.draw.polygon(surf, col, pts, 2)
            fx, fy = facing_vector(gf)
            c = cam.to_screen(gx, gy)
            d = self.table.shape(m).depth * cam.scale / 2
            pygame.draw.line(surf, col, c, (c[0] + fx * d, c[1] + fy * d), 2)
            pygame.draw.line(surf, col, cam.to_screen(*start), c, 2)
            if text:
                lab = self.label(text, 14, col)
                surf.blit(lab, (c[0] + d + 6, c[1] - lab.get_height() - 4))
        if ov.ruler is not None:
            a, b, text = ov.ruler
            pa, pb = cam.to_screen(*a), cam.to_screen(*b)
            pygame.draw.line(surf, (255, 255, 255), pa, pb, 2)
            for p in (pa, pb):
                pygame.draw.circle(surf, (255, 255, 255), p, 4)
            lab = self.label(text, 16, (255, 255, 255))
            surf.blit(lab, ((pa[0] + pb[0]) / 2 + 8, (pa[1] + pb[1]) / 2 - lab.get_height() - 4))

    def pick(self, state: GameState, point: tuple[float, float], live_only: bool = True) -> str | None:
        """The model whose base covers ``point`` (inches): the topmost living one."""
        from shapely.geometry import Point

        grid = self._grid_of(state)
        px, py = point
        p = Point(px, py)
        best = None
        cands = grid.get((int(px // GRID), int(py // GRID)), ())
        for name in cands:
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


GRID = 2.0  # inches per cell of the picking grid


def place_labels(names: list[tuple[int, int, float, float, float, int]],
                 bases: list[pygame.Rect]) -> list[float]:
    """The top of each name ``(width, height, base centre x, y, base half height, index of its
    base in bases)``: under its base, else above it, else lower down, at the first place that
    overlaps no name placed before it and no other base (models in base contact side by side
    or one above the other); when every place overlaps something, the first that overlaps no
    other name, else under its base."""
    placed: list[pygame.Rect] = []
    out: list[float] = []
    for w, h, sx, sy, hh, own in names:
        x = int(sx - w / 2)
        tops = (sy + hh, sy - hh - h, sy + hh + h, sy - hh - 2 * h, sy + hh + 2 * h)
        rects = [pygame.Rect(x, int(t), w, h) for t in tops]
        free = [r for r in rects if r.collidelist(placed) < 0]
        best = next((r for r in free if all(i == own for i in r.collidelistall(bases))), None)
        r = best or (free[0] if free else rects[0])
        placed.append(r)
        out.append(float(r.y))
    return out


def _fast(surf: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format (much faster to blit), when there is one."""
    if pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


def make_sprite(shape: BaseShape, colour: tuple[int, int, int], facing: float, scale: float,
                damage: int, dt: int, status: str, greyed: bool) -> pygame.Surface:
    poly = footprint(shape, 0.0, 0.0, facing)
    coords = [(x * scale, y * scale) for x, y in list(poly.exterior.coords)[:-1]]
    half = max(max(abs(x), abs(y)) for x, y in coords)
    size = int(math.ceil(half * 2)) + 4
    size += size % 2 == 0  # odd: a true centre pixel
    c = size / 2
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    fill: tuple[int, ...] = GREY if greyed else colour
    if status not in ("active",) and not greyed:
        fill = shade(colour, -0.45)  # Down or otherwise out of sorts: darker
    edge: tuple[int, ...] = shade(fill, -0.5)  # type: ignore[arg-type]
    if greyed:
        fill, edge = (*fill, 120), (*edge, 150)
    pts = [(x + c, y + c) for x, y in coords]
    width = 2 if half >= 8 else 1
    if shape.is_round:
        r = shape.radius * scale
        pygame.draw.circle(surf, fill, (c, c), r)
        pygame.draw.circle(surf, edge, (c, c), r, width)
    else:
        pygame.draw.polygon(surf, fill, pts)
        pygame.draw.polygon(surf, edge, pts, width)
    fx, fy = facing_vector(facing)
    rx, ry = -fy, fx
    hd = shape.depth * scale / 2
    hw = shape.width * scale / 2
    if greyed:
        k = hw * 0.6
        pygame.draw.line(surf, (50, 50, 50, 170), (c - k, c - k), (c + k, c + k), 2)
        pygame.draw.line(surf, (50, 50, 50, 170), (c - k, c + k), (c + k, c - k), 2)
        return surf
    # facing mark: a light wedge at the front edge
    tip = (c + fx * hd * 0.92, c + fy * hd * 0.92)
    back = 0.42
    left = (c + fx * hd * back - rx * hw * 0.32, c + fy * hd * back - ry * hw * 0.32)
    right = (c + fx * hd * back + rx * hw * 0.32, c + fy * hd * back + ry * hw * 0.32)
    pygame.draw.polygon(surf, (245, 245, 235), [tip, left, right])
    # damage: one dark pip per point taken, along the back
    if damage > 0 and dt > 0:
        n = min(damage, dt)
        pr = max(1.5, min(hw, hd) * 0.16)
        spacing = pr * 2.4
        for i in range(n):
            off = (i - (n - 1) / 2) * spacing
            px = c - fx * hd * 0.62 + rx * off
            py = c - fy * hd * 0.62 + ry * off
            pygame.draw.circle(surf, (15, 15, 15), (px, py), pr)
            if pr >= 2.5:
                pygame.draw.circle(surf, (250, 250, 250), (px, py), pr, 1)
    return surf


def models_box(models: Iterable[Model]) -> tuple[float, float, float, float] | None:
    xs = [m.x for m in models]
    ys = [m.y for m in models]
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)

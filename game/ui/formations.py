"""Ghosts of what an order would do, and units in formation on the table: a model's ghost
where a move or charge would put it; each unit's Unit Boundary in its side's colour with its
front edge bright, its name behind it and its badges (Stupid, Engaged...) at its front corner;
the outline of where a move or a charge would put a unit; a unit's charge zone (its front arc
out to the farthest it could charge). The rulesets give the shapes
(:meth:`~game.core.ruleset.Ruleset.outlines`, ``outline_after``, ``charge_end``,
``charge_zone``); this module only draws them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.ruleset import ChargeZone, Outline
from game.core.state import GameState
from game.geometry.bases import facing_vector, footprint
from game.ui.camera import Camera
from game.ui.labels import Word, inside, place_words
from game.ui.sprites import BAD, GOOD, fast, make_badge, shade, side_colour

if TYPE_CHECKING:
    from game.ui.render import Ghost, TableRenderer


def _translucent(surf: pygame.Surface, pts: list[tuple[float, float]],
                 colour: tuple[int, int, int], alpha: int) -> None:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    bx, by = min(xs), min(ys)
    w, h = int(max(xs) - bx) + 2, int(max(ys) - by) + 2
    if 0 < w < 5000 and 0 < h < 5000:
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(layer, (*colour, alpha), [(px - bx, py - by) for px, py in pts])
        surf.blit(layer, (bx, by))


class FormationLayer:
    """Draws the units in formation for a :class:`~game.ui.render.TableRenderer`."""

    def __init__(self, renderer: TableRenderer) -> None:
        self.renderer = renderer
        self._key: Any = None
        self._outlines: tuple[Outline, ...] = ()
        self._badges: dict[Any, pygame.Surface] = {}
        self.ghost_labels: list[pygame.Rect] = []  # where the ghosts' words were drawn last
        self._blocks_key: Any = None
        self._blocks: list[tuple[pygame.Surface, tuple[float, float]]] = []

    def outlines(self, state: GameState) -> tuple[Outline, ...]:
        """The ruleset's unit outlines for ``state`` (worked out once per state change)."""
        key = (id(state), state.events_applied)
        if key != self._key:
            self._outlines = self.renderer.ruleset.presenter.outlines(state)
            self._key = key
        return self._outlines

    def in_formation(self, state: GameState) -> set[str]:
        return {o.unit for o in self.outlines(state)}

    def block_at(self, state: GameState, name: str | None) -> Outline | None:
        """The block a model stands in (its own unit's, or the one a character joined), so
        selecting, hovering or targeting any model of it rings the whole unit."""
        m = state.models.get(name) if name else None
        if m is None or not m.on_table:
            return None
        for o in self.outlines(state):
            if o.unit == m.unit or inside((m.x, m.y), o.corners):
                return o
        return None

    def draw_blocks(self, surf: pygame.Surface, cam: Camera, state: GameState,
                    slid: dict[str, tuple[float, float]]) -> None:
        """The models of units in formation, each base its exact outline on the screen, so a
        wheeled block stays one straight-edged block at any angle (sprites, each rounded to
        the pixel, would stagger into steps). Each block is drawn once per state and zoom into
        a picture of its own (a pan only moves the pictures); while units slide into place
        the sliding ones are drawn where they are."""
        if slid:
            for o in self.outlines(state):
                for pts, fill, edge in self._bases(state, o, cam.scale, slid):
                    pts = [(cam.ox + x, cam.oy + y) for x, y in pts]
                    pygame.draw.polygon(surf, fill, pts)
                    pygame.draw.polygon(surf, edge, pts, 1)
            return
        key = (id(state), state.events_applied, cam.step, round(cam.base, 6))
        if self._blocks_key != key:
            self._blocks = [self._picture(self._bases(state, o, cam.scale, {}))
                            for o in self.outlines(state)]
            self._blocks_key = key
        surf.fblits([(img, (cam.ox + dx, cam.oy + dy)) for img, (dx, dy) in self._blocks])

    def _bases(self, state: GameState, o: Outline, scale: float,
               slid: dict[str, tuple[float, float]]) -> list[tuple[list[tuple[float, float]],
                                                                    tuple[int, int, int],
                                                                    tuple[int, int, int]]]:
        """Each base of the unit: its outline in pixels from the table's corner, fill, edge."""
        col = side_colour(o.side)
        edge = shade(col, -0.45)
        out = []
        for name in state.units[o.unit].models:
            m = state.models[name]
            if not m.on_table:
                continue
            x, y = slid.get(name, (m.x, m.y))
            poly = footprint(self.renderer.table.shape(m), x, y, m.facing)
            pts = [(px * scale, py * scale) for px, py in list(poly.exterior.coords)[:-1]]
            out.append((pts, col if m.status == "active" else shade(col, -0.5), edge))
        return out

    @staticmethod
    def _picture(bases: list[Any]) -> tuple[pygame.Surface, tuple[float, float]]:
        """The bases drawn into one picture, and where its corner stands."""
        xs = [x for pts, _, _ in bases for x, _ in pts] or [0.0]
        ys = [y for pts, _, _ in bases for _, y in pts] or [0.0]
        x0, y0 = int(min(xs)) - 1, int(min(ys)) - 1
        img = pygame.Surface((int(max(xs)) - x0 + 2, int(max(ys)) - y0 + 2), pygame.SRCALPHA)
        for pts, fill, edge in bases:
            local = [(x - x0, y - y0) for x, y in pts]
            pygame.draw.polygon(img, fill, local)
            pygame.draw.polygon(img, edge, local, 1)
        return fast(img), (x0, y0)

    def draw_units(self, surf: pygame.Surface, cam: Camera, state: GameState,
                   selected_unit: str | None) -> None:
        for o in self.outlines(state):
            pts = [cam.to_screen(x, y) for x, y in o.corners]
            col = side_colour(o.side)
            edge = (255, 236, 150) if o.unit == selected_unit else shade(col, 0.45)
            pygame.draw.polygon(surf, edge, pts, 2 if o.unit == selected_unit else 1)
            self._front(surf, pts, (255, 255, 255) if o.unit == selected_unit else shade(col, 0.75))
            surf.fblits(self.badges(state, o, pts, cam.scale))

    def badges(self, state: GameState, o: Outline, pts: list[tuple[float, float]],
               scale: float) -> list[tuple[pygame.Surface, tuple[float, float]]]:
        """The unit's badges (Engaged, Stupid...) down from its front right corner."""
        models = [state.models[m] for m in state.units[o.unit].models if state.models[m].on_table]
        if not models:
            return []
        out = []
        bx, by = pts[1][0] + 3, pts[1][1] - 2
        for mk in self.renderer.ruleset.presenter.marks(state, models[0]):
            key = (mk, 11 if scale < 40 else 13)
            badge = self._badges.get(key)
            if badge is None:
                badge = self._badges[key] = make_badge(*key)
            out.append((badge, (bx, by)))
            by += badge.get_height() + 1
        return out

    @staticmethod
    def _front(surf: pygame.Surface, pts: list[tuple[float, float]],
               colour: tuple[int, int, int]) -> None:
        """The front of a block, unmistakable at any angle: its front edge drawn thick and a
        pointer from inside the block to the middle of it."""
        (ax, ay), (bx, by) = pts[0], pts[1]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        cx, cy = sum(p[0] for p in pts) / 4, sum(p[1] for p in pts) / 4
        fx, fy = mx - cx, my - cy
        depth = max(1.0, (fx * fx + fy * fy) ** 0.5)
        fx, fy = fx / depth, fy / depth
        width = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
        pygame.draw.polygon(surf, colour, [(ax, ay), (bx, by), (bx - 3 * fx, by - 3 * fy),
                                           (ax - 3 * fx, ay - 3 * fy)])
        length = min(2 * depth * 0.6, width * 0.35, 40.0)
        if length >= 6:
            half = length * 0.3
            base = (mx - fx * length, my - fy * length)
            pygame.draw.polygon(surf, colour, [
                (mx - fx * 2, my - fy * 2),
                (base[0] - fy * half, base[1] + fx * half), (base[0] + fy * half, base[1] - fx * half)])
            pygame.draw.polygon(surf, shade(colour, -0.6), [
                (mx - fx * 2, my - fy * 2),
                (base[0] - fy * half, base[1] + fx * half), (base[0] + fy * half, base[1] - fx * half)], 1)

    def draw_ghost(self, surf: pygame.Surface, cam: Camera, outline: Outline, ok: bool,
                   label: str) -> None:
        col = GOOD if ok else BAD
        pts = [cam.to_screen(x, y) for x, y in outline.corners]
        _translucent(surf, pts, col, 80)
        pygame.draw.polygon(surf, col, pts, 2)
        pygame.draw.line(surf, (255, 255, 255), pts[0], pts[1], 3)
        if label:  # (beside the ghost, off the table's words, in the view)
            lab = self.renderer.label(label, 14, col, 160)
            w, h = lab.get_size()
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            self._ghost_label(surf, cam, lab, [
                (max(xs) + 6, min(ys) - 4), (min(xs) - 6 - w, min(ys) - 4),
                ((min(xs) + max(xs) - w) / 2, min(ys) - h - 6),
                ((min(xs) + max(xs) - w) / 2, max(ys) + 6)])

    def draw_zone(self, surf: pygame.Surface, cam: Camera, zone: ChargeZone) -> None:
        if len(zone.arc) < 3:
            return
        pts = [cam.to_screen(x, y) for x, y in zone.arc]
        _translucent(surf, pts, (250, 220, 120), 38)
        pygame.draw.polygon(surf, (250, 220, 120), pts, 1)

    def draw_zone_label(self, surf: pygame.Surface, cam: Camera, zone: ChargeZone) -> None:
        """The zone's words, over the units (drawn with the ghosts), off the table's words."""
        if len(zone.arc) < 3:
            return
        pts = [cam.to_screen(x, y) for x, y in zone.arc]
        lab = self.renderer.label(f'charge reach {zone.likely:.0f}" on average, {zone.reach:g}" at '
                                  "most", 12, (250, 230, 160), 150)
        w, h = lab.get_size()
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        top = min(pts, key=lambda p: p[1])
        self._ghost_label(surf, cam, lab, [
            (top[0] - w / 2, top[1] - h - 2), (top[0] - w / 2, top[1] + 4),
            ((min(xs) + max(xs) - w) / 2, (min(ys) + max(ys) - h) / 2),
            ((min(xs) + max(xs) - w) / 2, max(ys) + 4)])

    def draw_model_ghost(self, surf: pygame.Surface, cam: Camera, g: Ghost) -> None:
        """Where a model would go: its base in green (or red), its facing, its route."""
        r = self.renderer
        col = GOOD if g.ok else BAD
        pts = r.outline(g.model, cam, g.x, g.y, g.facing)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        bx, by = min(xs), min(ys)
        gw, gh = int(max(xs) - bx) + 2, int(max(ys) - by) + 2
        if gw < 4000 and gh < 4000:
            ghost = pygame.Surface((gw, gh), pygame.SRCALPHA)
            pygame.draw.polygon(ghost, (*col, 90), [(px - bx, py - by) for px, py in pts])
            surf.blit(ghost, (bx, by))
        pygame.draw.polygon(surf, col, pts, 2)
        fx, fy = facing_vector(g.facing)
        c = cam.to_screen(g.x, g.y)
        d = r.table.shape(g.model).depth * cam.scale / 2
        pygame.draw.line(surf, col, c, (c[0] + fx * d, c[1] + fy * d), 2)
        route = [cam.to_screen(*p) for p in (*g.path, (g.x, g.y))]
        if len(route) >= 2:
            pygame.draw.lines(surf, col, False, route, 2)
        if g.label:
            lab = r.label(g.label, 14, col, 160)
            w, h = lab.get_size()
            self._ghost_label(surf, cam, lab, [
                (c[0] + d + 6, c[1] - h - 4), (c[0] - d - 6 - w, c[1] - h - 4),
                (c[0] - w / 2, c[1] - d - h - 6), (c[0] - w / 2, c[1] + d + 6)])

    def _ghost_label(self, surf: pygame.Surface, cam: Camera, lab: pygame.Surface,
                     spots: list[tuple[float, float]]) -> None:
        """A ghost's words at the first of ``spots`` that covers no word on the table and
        lies in the view (never under the side panel), else over them, pulled into the view."""
        taken = [*self.renderer.words.rects(), *self.ghost_labels]
        (at,) = place_words([Word(*lab.get_size(), spots)], cam.view, taken=taken)
        if at is None:
            at = lab.get_rect(topleft=spots[0]).clamp(cam.view)
        self.ghost_labels.append(at)
        surf.blit(lab, at)

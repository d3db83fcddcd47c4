"""What the editor draws over the table: deployment zones, the units and terrain that have a
problem (red, with the reason beside them), the selection with its handles, a drag's
footing, the outline being drawn, and the ghost of the unit about to be placed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui.editor.view import outline, plain
from game.ui.render import BAD, GOOD, HIGHLIGHT
from game.ui.sprites import side_colour

if TYPE_CHECKING:
    from game.ui.camera import Camera
    from game.ui.editor.editor import Editor

PROBLEM = (255, 80, 64)
HANDLE = (255, 235, 120)
CHARACTER = (235, 190, 60)


def draw(surf: pygame.Surface, ed: Editor) -> None:
    app = ed.app
    cam = app.camera
    if cam is None:
        return
    old = surf.get_clip()
    surf.set_clip(cam.view)
    try:
        _zones(surf, ed, cam)
        _characters(surf, ed, cam)
        _problems(surf, ed, cam)
        _selection(surf, ed, cam)
        _drafts(surf, ed, cam)
    finally:
        surf.set_clip(old)


def _poly(surf: pygame.Surface, cam: Camera, pts: Sequence[tuple[float, float]],
          colour: tuple[int, int, int], width: int, fill: int = 0) -> None:
    if len(pts) < 2:
        return
    sp = [cam.to_screen(x, y) for x, y in pts]
    if fill and len(sp) >= 3:
        xs, ys = [p[0] for p in sp], [p[1] for p in sp]
        box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 2, max(ys) - min(ys) + 2)
        box = box.clip(cam.view)
        if box.w > 0 and box.h > 0:
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.polygon(layer, (*colour, fill), [(x - box.x, y - box.y) for x, y in sp])
            surf.blit(layer, box.topleft)
    pygame.draw.polygon(surf, colour, sp, width) if len(sp) >= 3 else \
        pygame.draw.line(surf, colour, sp[0], sp[1], width)


def _label(surf: pygame.Surface, ed: Editor, text: str, at: tuple[float, float],
           colour: tuple[int, int, int], taken: list[pygame.Rect] | None = None) -> None:
    """A few words on the table at ``at``; with ``taken``, moved down clear of the labels
    already there (and added to them)."""
    if len(text) > 70:
        text = text[:67] + "..."
    lab = ed.app.table_renderer().label(text, 12, colour, 190)
    r = lab.get_rect(topleft=(int(at[0]), int(at[1])))
    if taken is not None:
        while r.collidelist(taken) >= 0:
            r.y = taken[r.collidelist(taken)].bottom + 1
        taken.append(r)
    surf.blit(lab, r.topleft)


def _zones(surf: pygame.Surface, ed: Editor, cam: Camera) -> None:
    for i, z in enumerate(ed.doc.zones()):
        r = ed.zone_rect(i)
        if r is None:
            continue
        side = z.get("side") if isinstance(z, dict) else None
        col = side_colour(side if isinstance(side, int) else 0)
        pts = [(r[0], r[1]), (r[2], r[1]), (r[2], r[3]), (r[0], r[3])]
        _poly(surf, cam, pts, col, 2, 46)
        sx, sy = cam.to_screen(r[0], r[1])
        _label(surf, ed, f"Side {side} sets up here", (sx + 4, sy + 3), (235, 235, 235))


def _characters(surf: pygame.Surface, ed: Editor, cam: Camera) -> None:
    """Characters standing in the unit they joined: a gold edge, to find them to click."""
    sizes = ed.doc.ruleset.base_sizes
    for i, u in enumerate(ed.doc.units()):
        if isinstance(u, dict) and "joins" in u:
            for name in ed.view.models_of(i):
                _poly(surf, cam, outline(ed.state, [name], sizes), CHARACTER, 2)


def _problems(surf: pygame.Surface, ed: Editor, cam: Camera) -> None:
    """Everything that stops the scenario from loading, in red with its reason."""
    sizes = ed.doc.ruleset.base_sizes
    state = ed.state
    said: set[tuple[str, int]] = set()
    taken: list[pygame.Rect] = []
    for p in ed.doc.problems():
        if p.index is None or (p.part, p.index) in said:
            continue
        said.add((p.part, p.index))
        pts: list[tuple[float, float]] = []
        if p.part == "units":
            pts = outline(state, ed.view.models_of(p.index), sizes)
        elif p.part == "terrain":
            pts = ed.polygon(p.index) or []
        if not pts:
            continue
        _poly(surf, cam, pts, PROBLEM, 3, 60)
        xs = [cam.to_screen(x, y) for x, y in pts]
        right = max(x for x, _ in xs)
        top = min(y for _, y in xs)
        _label(surf, ed, plain(state, p.reason), (right + 6, top), (255, 190, 180), taken)


def _selection(surf: pygame.Surface, ed: Editor, cam: Camera) -> None:
    sel = ed.sel
    if ed.trouble is not None:
        models, why = ed.trouble
        _poly(surf, cam, outline(ed.state, models, ed.doc.ruleset.base_sizes),
              BAD if why else GOOD, 3, 50)
    if sel is None:
        return
    kind, i, model = sel
    if kind == "unit":
        models = ed.moving_models(*ed.mover(i, model)) if model is None else ed.moving_models(i, model)
        own = ed.view.models_of(i) if model is None else models
        box = outline(ed.state, own, ed.doc.ruleset.base_sizes)
        _poly(surf, cam, box, HIGHLIGHT, 2)
        handle = ed.tools.turn_handle()
        if handle is not None:
            hx, hy = cam.to_screen(handle[0], handle[1])
            f = ed.state.models[models[0]].facing if models and models[0] in ed.state.models else 0
            import math

            back = 10
            bx = hx - math.sin(math.radians(f)) * (back + 14)
            by = hy + math.cos(math.radians(f)) * (back + 14)
            pygame.draw.line(surf, HANDLE, (bx, by), (hx, hy), 2)
            pygame.draw.circle(surf, (30, 30, 30), (hx, hy), 8)
            pygame.draw.circle(surf, HANDLE, (hx, hy), 8, 2)
            pygame.draw.circle(surf, HANDLE, (hx, hy), 3)
    elif kind == "terrain":
        poly = ed.polygon(i) or []
        d = ed.tools.drag
        if (d is not None and (d["kind"] == "vertex" or d["kind"] == "piece") and d["piece"] == i
                and "new" in d):
            poly = [(p[0], p[1]) for p in d["new"]]
        _poly(surf, cam, poly, HIGHLIGHT, 2)
        hover = ed.tools.vertex_at(ed.app.mouse)
        for j, (x, y) in enumerate(poly):
            sx, sy = cam.to_screen(x, y)
            r = pygame.Rect(0, 0, 11 if j == hover else 9, 11 if j == hover else 9)
            r.center = (int(sx), int(sy))
            pygame.draw.rect(surf, (30, 30, 30), r)
            pygame.draw.rect(surf, HANDLE, r, 2)
    elif kind == "zone":
        zr = ed.zone_rect(i)
        if zr is None:
            return
        corners = [(zr[0], zr[1]), (zr[2], zr[1]), (zr[2], zr[3]), (zr[0], zr[3])]
        _poly(surf, cam, corners, HIGHLIGHT, 2)
        for x, y in corners:
            sx, sy = cam.to_screen(x, y)
            mark = pygame.Rect(0, 0, 9, 9)
            mark.center = (int(sx), int(sy))
            pygame.draw.rect(surf, HANDLE, mark)


def _drafts(surf: pygame.Surface, ed: Editor, cam: Camera) -> None:
    d = ed.tools.drag
    if d is not None and d["kind"] == "draw":
        (x0, y0), (x1, y1) = d["start"], d["end"]
        col = side_colour(ed.side) if ed.tool == "zone" else HANDLE
        _poly(surf, cam, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], col, 2, 40)
    if ed.draft:
        pts = [cam.to_screen(x, y) for x, y in ed.draft]
        if len(pts) >= 2:
            pygame.draw.lines(surf, HANDLE, False, pts, 2)
        if ed.app.in_view(ed.app.mouse):
            pygame.draw.line(surf, (200, 200, 160), pts[-1], ed.app.mouse, 1)
        for k, p in enumerate(pts):
            pygame.draw.circle(surf, HANDLE, p, 6 if k == 0 else 4, 0 if k else 2)
    if ed.ghost is not None:
        polys, why = ed.ghost
        for poly in polys:
            _poly(surf, cam, [(float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1]],
                  BAD if why else GOOD, 2, 70)

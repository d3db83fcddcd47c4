"""Where the words on the table go: model names and terrain labels placed so that they cover
no other name, no other base and, when they can help it, no terrain piece they do not name.

Everything here works in screen pixels on plain rectangles; :mod:`game.ui.render` measures
the labels and the bases and draws the result.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame


def place_labels(names: list[tuple[int, int, float, float, float, float, int]],
                 bases: list[pygame.Rect], avoid: Sequence[pygame.Rect] = ()) -> list[tuple[float, float]]:
    """The top-left corner of each name ``(width, height, base centre x, y, half height of the
    base below the centre, height above the centre of what is drawn over it (the base and
    its damage pips), index of its base in bases)``: under its base, else above it, else
    beside it, else lower down or higher up, at the first place that overlaps no name placed
    before it, no other base and nothing in ``avoid`` (thin terrain the name would hide);
    failing that the first that overlaps no name and no other base, then no other name, else
    under its base."""
    placed: list[pygame.Rect] = []
    out: list[tuple[float, float]] = []
    for w, h, sx, sy, hh, top, own in names:
        x = int(sx - w / 2)
        spots = [(x, sy + hh), (x, sy - top - h), (int(sx + hh + 3), sy - h / 2),
                 (int(sx - hh - 3 - w), sy - h / 2), (x, sy + hh + h), (x, sy - top - 2 * h),
                 (x, sy + hh + 2 * h)]
        rects = [pygame.Rect(px, int(py), w, h) for px, py in spots]
        free = [r for r in rects if r.collidelist(placed) < 0]
        clear = [r for r in free if all(i == own for i in r.collidelistall(bases))]
        best = next((r for r in clear if r.collidelist(list(avoid)) < 0), None)
        r = best or (clear[0] if clear else free[0] if free else rects[0])
        placed.append(r)
        out.append((float(r.x), float(r.y)))
    return out


def place_terrain_labels(
    labels: Sequence[tuple[int, int, pygame.Rect, Sequence[tuple[float, float]]]],
    pieces: Sequence[pygame.Rect],
    bases: Sequence[pygame.Rect],
) -> list[tuple[int, int]]:
    """The top-left corner of each terrain label ``(width, height, bounding box of its piece,
    outline of its piece)``: inside the piece when it fits there wholly, else just beside it
    (below, above, right, left), at the first place that covers no base, no label placed
    before it and no other piece; else the first place that covers no base and no label;
    else its piece's centre. ``pieces`` are the bounding boxes of every piece, in the same
    order as ``labels``."""
    placed: list[pygame.Rect] = []
    out: list[tuple[int, int]] = []
    for i, (w, h, box, outline) in enumerate(labels):
        cx, cy = box.center
        gap = 3
        spots = []
        if _fits_inside(w, h, box, outline):
            spots.append((cx - w // 2, cy - h // 2))
        spots += [
            (cx - w // 2, box.bottom + gap),
            (cx - w // 2, box.top - h - gap),
            (box.right + gap, cy - h // 2),
            (box.left - w - gap, cy - h // 2),
        ]
        rects = [pygame.Rect(x, y, w, h) for x, y in spots]
        others = [p for j, p in enumerate(pieces) if j != i]

        def clear(r: pygame.Rect, strict: bool, others: list[pygame.Rect] = others) -> bool:
            if r.collidelist(placed) >= 0 or r.collidelist(list(bases)) >= 0:
                return False
            return not strict or r.collidelist(others) < 0

        best = (next((r for r in rects if clear(r, True)), None)
                or next((r for r in rects if clear(r, False)), None)
                or pygame.Rect(cx - w // 2, cy - h // 2, w, h))
        placed.append(best)
        out.append(best.topleft)
    return out


def _fits_inside(w: int, h: int, box: pygame.Rect, outline: Sequence[tuple[float, float]]) -> bool:
    """Whether a w x h label centred on the piece lies within its outline (with a margin)."""
    if w + 4 > box.width or h + 4 > box.height:
        return False
    cx, cy = box.center
    corners = [(cx - w / 2 - 2, cy - h / 2 - 2), (cx + w / 2 + 2, cy - h / 2 - 2),
               (cx + w / 2 + 2, cy + h / 2 + 2), (cx - w / 2 - 2, cy + h / 2 + 2)]
    return all(_inside(p, outline) for p in corners)


def _inside(p: tuple[float, float], poly: Sequence[tuple[float, float]]) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside

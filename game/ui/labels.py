"""Where the words on the table go: unit names, terrain labels, model names and the notes that
float up, placed so that no two cover each other and every one lies wholly inside the view.

Everything here works in screen pixels on plain rectangles; :mod:`game.ui.words` and
:mod:`game.ui.effects` measure what is to be placed and draw the result. A word goes to the
first of its places (best first) that lies in the view and covers no word placed before it,
preferring one that covers no base but its own and nothing it should keep off (a thin wall,
another terrain piece); a word with no such place is not shown (it is in the log, the card or
under the pointer), rather than written over another.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import pygame

Spot = tuple[float, float]


@dataclass
class Word:
    """A word to place: its size, the top-left corners it may take (best first), the bases it
    may cover (indexes into the bases: its own), and what it should keep off if it can."""

    w: int
    h: int
    spots: Sequence[Spot]
    own: frozenset[int] = frozenset()
    avoid: Sequence[pygame.Rect] = field(default_factory=list)


def place_words(words: Sequence[Word], view: pygame.Rect, bases: Sequence[pygame.Rect] = (),
                taken: Sequence[pygame.Rect] = ()) -> list[pygame.Rect | None]:
    """The rectangle of each word, in order (earlier words are placed first and so get the
    better places), or None for a word with no free place. ``taken``: rectangles no word may
    cover (words already placed, a panel over the table)."""
    placed: list[pygame.Rect] = list(taken)
    out: list[pygame.Rect | None] = []
    for word in words:
        best = free = clear = None
        for r in _rects(word, view):  # (tried one by one: most words take their first place)
            if not view.contains(r) or r.collidelist(placed) >= 0:
                continue
            free = free or r
            if any(i not in word.own for i in r.collidelistall(bases)):
                continue
            clear = clear or r
            if r.collidelist(word.avoid) < 0:
                best = r
                break
        best = best or clear or free
        if best is not None:
            placed.append(best)
        out.append(best)
    return out


def _rects(word: Word, view: pygame.Rect) -> Iterator[pygame.Rect]:
    """The word's places as rectangles, then those past the view's edge pulled into it."""
    past = []
    for x, y in word.spots:
        r = pygame.Rect(int(x), int(y), word.w, word.h)
        yield r
        if not view.contains(r):
            past.append(r)
    for r in past:
        yield r.clamp(view)


def overlaps(rects: Sequence[pygame.Rect]) -> list[tuple[int, int]]:
    """The pairs of rectangles that cover each other (for checks)."""
    return [(i, j) for i, a in enumerate(rects) for j in range(i + 1, len(rects))
            if a.colliderect(rects[j])]


def name_spots(w: int, h: int, sx: float, sy: float, below: float, above: float) -> list[Spot]:
    """Where a model's name may go: under its base, above it (over its damage pips), beside
    it, then a line further down or up. ``below``: the base's half height under its centre
    ``(sx, sy)``; ``above``: the height over the centre of what is drawn there."""
    x = sx - w / 2
    return [(x, sy + below), (x, sy - above - h), (sx + below + 3, sy - h / 2),
            (sx - below - 3 - w, sy - h / 2), (x, sy + below + h), (x, sy - above - 2 * h),
            (x, sy + below + 2 * h)]


def terrain_spots(w: int, h: int, box: pygame.Rect, outline: Sequence[Spot]) -> list[Spot]:
    """Where a terrain label may go: inside its piece when it fits there wholly, else just
    beside it (below, above, right, left)."""
    cx, cy = box.center
    gap = 3
    spots: list[Spot] = []
    if _fits_inside(w, h, box, outline):
        spots.append((cx - w // 2, cy - h // 2))
    return spots + [(cx - w // 2, box.bottom + gap), (cx - w // 2, box.top - h - gap),
                    (box.right + gap, cy - h // 2), (box.left - w - gap, cy - h // 2)]


def block_spots(w: int, h: int, corners: Sequence[Spot]) -> list[Spot]:
    """Where a unit's name may go: just behind its rear edge, in the middle; then further
    behind, in front of it, and beside it. ``corners``: front left, front right, rear right,
    rear left, on the screen."""
    (fl, fr, rr, rl) = corners
    cx, cy = sum(p[0] for p in corners) / 4, sum(p[1] for p in corners) / 4
    out: list[Spot] = []
    for (ax, ay), (bx, by), k in ((rr, rl, 0.9), (rr, rl, 2.0), (fl, fr, 0.9), (fl, fr, 2.0),
                                  (fr, rr, 0.0), (rl, fl, 0.0)):
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = mx - cx, my - cy
        n = max(1.0, (dx * dx + dy * dy) ** 0.5)
        if k == 0.0:  # beside: clear of the side by half the word's width or height
            k = abs(dx / n) * (w / 2 + 4) / max(1, h) + abs(dy / n) * 0.9
        px, py = mx + dx / n * h * k, my + dy / n * h * k
        out.append((px - w / 2, py - h / 2))
    return out


def _fits_inside(w: int, h: int, box: pygame.Rect, outline: Sequence[Spot]) -> bool:
    """Whether a w x h label centred on the piece lies within its outline (with a margin)."""
    if w + 4 > box.width or h + 4 > box.height:
        return False
    cx, cy = box.center
    corners = [(cx - w / 2 - 2, cy - h / 2 - 2), (cx + w / 2 + 2, cy - h / 2 - 2),
               (cx + w / 2 + 2, cy + h / 2 + 2), (cx - w / 2 - 2, cy + h / 2 + 2)]
    return all(inside(p, outline) for p in corners)


def inside(p: Spot, poly: Sequence[Spot]) -> bool:
    """Whether the point ``p`` lies inside the polygon ``poly``."""
    x, y = p
    result = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            result = not result
    return result

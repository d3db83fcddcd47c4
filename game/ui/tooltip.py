"""Tooltips: a few lines of text shown after the pointer rests on something that has one
(a rule, a badge, a button), wrapped to a readable width and always kept inside the window."""

from __future__ import annotations

import re

import pygame

from game.ui.sprites import font

DELAY = 0.45  # seconds the pointer must rest before the tip shows
WIDTH = 340  # pixels of text at most per line
PAD = 8


#: where a line may break: any white space but a no-break or a hair space (which stay with
#: the word before them, see :func:`spaced_digits`)
_BREAK = re.compile(r"[^\S\u00a0\u200a]+")


def wrap(text: str, width: int, f: pygame.font.Font) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels (at spaces; blank lines
    kept as paragraph breaks)."""
    out: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in filter(None, _BREAK.split(para)):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


#: a space between two digits, as the window draws it: Noto Sans at 13 px sets "4" and the
#: digit after the space so close that the dice "6 4 3" read "6 43"; a hair space before the
#: space opens the gap (only for drawing: the words themselves keep their spaces)
_DIGITS = re.compile(r"(?<=\d) (?=\d)")


def spaced_digits(text: str) -> str:
    """``text`` with the gaps between digits opened, to be wrapped (:func:`wrap` measures the
    hair spaces with the digits before them) and drawn."""
    return _DIGITS.sub("\u200a ", text)


class Tooltips:
    """The tips of the moment: areas of the window with their text, and the one the pointer
    rests on."""

    def __init__(self) -> None:
        self.areas: list[tuple[pygame.Rect, str, str]] = []  # rect, title, text
        self.rest = 0.0
        self.pos = (0, 0)
        self.current: tuple[pygame.Rect, str, str] | None = None
        self._image: tuple[tuple[str, str], pygame.Surface] | None = None

    def set_areas(self, areas: list[tuple[pygame.Rect, str, str]]) -> None:
        self.areas = areas
        self.current = None

    def motion(self, pos: tuple[int, int]) -> None:
        if pos != self.pos:
            self.pos = pos
            self.rest = 0.0

    def update(self, dt: float) -> bool:
        """Advance the pointer's rest time; True when what is shown changes."""
        before = self.showing
        self.rest += dt
        hit = next((a for a in self.areas if a[0].collidepoint(self.pos)), None)
        changed = hit != self.current
        self.current = hit
        return changed or before != self.showing

    @property
    def showing(self) -> bool:
        return self.current is not None and self.rest >= DELAY

    @property
    def waiting(self) -> bool:
        """A tip is about to show: the window must keep drawing."""
        return self.current is not None and self.rest < DELAY + 0.1

    def image(self, title: str, text: str) -> pygame.Surface:
        key = (title, text)
        if self._image is not None and self._image[0] == key:
            return self._image[1]
        bold, body = font(14, bold=True), font(13)
        lines = [(bold, ln) for ln in wrap(title, WIDTH, bold)] if title else []
        lines += [(body, ln) for ln in wrap(spaced_digits(text), WIDTH, body)]
        w = max(f.size(t)[0] for f, t in lines) + 2 * PAD
        h = sum(f.get_linesize() for f, _ in lines) + 2 * PAD
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(img, (24, 26, 32, 245), img.get_rect(), border_radius=6)
        pygame.draw.rect(img, (120, 130, 150), img.get_rect(), 1, border_radius=6)
        y = PAD
        for f, t in lines:
            img.blit(f.render(t, True, (235, 235, 235) if f is body else (255, 225, 120)), (PAD, y))
            y += f.get_linesize()
        self._image = (key, img)
        return img

    def draw(self, surf: pygame.Surface) -> None:
        if not self.showing or self.current is None:
            return
        rect, title, text = self.current
        img = self.image(title, text)
        place = place_tip(img.get_size(), rect, self.pos, surf.get_size())
        surf.blit(img, place)


def place_tip(size: tuple[int, int], anchor: pygame.Rect, pointer: tuple[int, int],
              window: tuple[int, int]) -> tuple[int, int]:
    """Where a tip of ``size`` goes: below the pointer, else above the thing it explains,
    shifted left or up as needed so that it lies wholly inside the window."""
    w, h = size
    ww, wh = window
    x = pointer[0] - w // 3
    y = pointer[1] + 22
    if y + h > wh - 4:
        y = anchor.top - h - 6
    x = max(4, min(x, ww - w - 4))
    y = max(4, min(y, wh - h - 4))
    return x, y

"""Pictures of models: a base at its real size in its side's colour with its facing wedge,
the badges of what the ruleset says about it (conditions, Down, markers), and the pips of the
damage it has taken. Each picture is drawn once and cached; a frame only blits them."""

from __future__ import annotations

import math
from functools import lru_cache
from importlib import resources

import pygame

from game.core.ruleset import BAD as BAD_TONE
from game.core.ruleset import GOOD as GOOD_TONE
from game.core.ruleset import Mark
from game.geometry.bases import BaseShape, facing_vector, footprint

SIDE_COLOURS: dict[int, tuple[int, int, int]] = {1: (60, 120, 215), 2: (205, 65, 55)}
SIDE_NAMES = {1: "Blue", 2: "Red"}
GREY = (125, 125, 125)
TONE_COLOURS = {BAD_TONE: (235, 90, 70), GOOD_TONE: (110, 205, 120)}
INFO_COLOUR = (225, 200, 120)
PIP_LOST = (220, 40, 35)
PIP_LEFT = (235, 235, 225)


#: a ghost the engine accepts, and one it refuses
GOOD = (120, 230, 120)
BAD = (255, 70, 60)


def side_colour(side: int) -> tuple[int, int, int]:
    return SIDE_COLOURS.get(side, (200, 200, 200))


def tone_colour(tone: str) -> tuple[int, int, int]:
    return TONE_COLOURS.get(tone, INFO_COLOUR)


def font_path(bold: bool = False) -> str:
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return str(resources.files("pygame_gui.data").joinpath(name))


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(font_path(bold), max(6, size))


def shade(colour: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    """Lighter for k > 0, darker for k < 0."""

    def one(c: int) -> int:
        return min(255, int(c + (255 - c) * k)) if k >= 0 else max(0, int(c * (1 + k)))

    r, g, b = colour
    return one(r), one(g), one(b)


def fast(surf: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format (much faster to blit), when there is one."""
    if pygame.display.get_surface() is not None:
        return surf.convert_alpha()
    return surf


def make_sprite(shape: BaseShape, colour: tuple[int, int, int], facing: float, scale: float,
                status: str, greyed: bool) -> pygame.Surface:
    """A base seen from above: filled in ``colour`` (darker when its status is not "active",
    grey and crossed when it is off the table), its front marked by a light wedge."""
    poly = footprint(shape, 0.0, 0.0, facing)
    coords = [(x * scale, y * scale) for x, y in list(poly.exterior.coords)[:-1]]
    half = max(max(abs(x), abs(y)) for x, y in coords)
    size = int(math.ceil(half * 2)) + 4
    size += size % 2 == 0  # odd: a true centre pixel
    c = size / 2
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    body = GREY if greyed else colour
    lying = status != "active" and not greyed  # Down, knocked over...: darker, striped
    if lying:
        body = shade(colour, -0.5)
    rim = shade(body, -0.5)
    fill: tuple[int, ...] = body
    edge: tuple[int, ...] = rim
    if greyed:
        fill, edge = (*body, 120), (*rim, 150)
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
    # the front, readable at any angle and zoom: a light band along the front edge and a long,
    # narrow pointer from just ahead of the centre (left in the side's colour) to it
    light = (245, 245, 235) if not lying else (170, 170, 160)
    band = max(2, round(min(hd, hw) * 0.22))
    if shape.is_round:
        r = shape.radius * scale
        ang = math.atan2(fy, fx)
        arc = [ang + 0.85 * (k / 8 - 1) for k in range(17)]  # (a band polygon: arcs have holes)
        pygame.draw.polygon(surf, light, [(c + r * math.cos(a), c + r * math.sin(a)) for a in arc]
                            + [(c + (r - band) * math.cos(a), c + (r - band) * math.sin(a))
                               for a in reversed(arc)])
    else:
        front = [(c + fx * d - rx * k * hw, c + fy * d - ry * k * hw)
                 for d, k in ((hd, 1), (hd, -1), (hd - band, -1), (hd - band, 1))]
        pygame.draw.polygon(surf, light, front)
    tip = (c + fx * hd * 0.8, c + fy * hd * 0.8)
    back = max(hd * 0.15, 2.0)  # (pixels ahead of the centre)
    half = min(hw * 0.22, hd * 0.4)
    left = (c + fx * back - rx * half, c + fy * back - ry * half)
    right = (c + fx * back + rx * half, c + fy * back + ry * half)
    pygame.draw.polygon(surf, light, [tip, left, right])
    if lying and hw >= 6:
        # lying on the ground: two dark stripes across the base
        for k in (-0.35, 0.35):
            a = (c - rx * hw * 0.7 + fx * hd * k, c - ry * hw * 0.7 + fy * hd * k)
            b = (c + rx * hw * 0.7 + fx * hd * k, c + ry * hw * 0.7 + fy * hd * k)
            pygame.draw.line(surf, (25, 25, 25), a, b, 2)
    return surf


def make_badge(mark: Mark, size: int) -> pygame.Surface:
    """A mark's badge: its short text on a rounded tab in its tone's colour."""
    f = font(size, bold=True)
    t = f.render(mark.short, True, (20, 20, 20))
    w = max(t.get_width() + 6, t.get_height())
    h = t.get_height()
    b = pygame.Surface((w, h), pygame.SRCALPHA)
    col = tone_colour(mark.tone)
    pygame.draw.rect(b, col, b.get_rect(), border_radius=h // 2)
    pygame.draw.rect(b, (20, 20, 20), b.get_rect(), 1, border_radius=h // 2)
    b.blit(t, ((w - t.get_width()) / 2, 0))
    return fast(b)


def make_pips(taken: int, total: int, base_px: float) -> pygame.Surface:
    """The damage a model has taken out of the most it can take: one pip each, red when
    lost, light when still there; a segmented bar when there are too many to count."""
    r = max(2.5, min(4.5, base_px / 9))
    gap = 2.0
    width = total * (2 * r + gap) - gap
    if width > max(base_px * 1.6, 48):
        w, h = int(max(base_px * 1.2, 40)), 6
        surf = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
        pygame.draw.rect(surf, (15, 15, 15), surf.get_rect())
        lost = round(w * taken / total)
        pygame.draw.rect(surf, PIP_LEFT, (1, 1, w, h))
        if lost:
            pygame.draw.rect(surf, PIP_LOST, (1 + w - lost, 1, lost, h))
        return fast(surf)
    size = (int(math.ceil(width)) + 2, int(math.ceil(2 * r)) + 2)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(total):
        cx = 1 + r + i * (2 * r + gap)
        col = PIP_LOST if i >= total - taken else PIP_LEFT
        pygame.draw.circle(surf, col, (cx, 1 + r), r)
        pygame.draw.circle(surf, (15, 15, 15), (cx, 1 + r), r, 1)
    return fast(surf)

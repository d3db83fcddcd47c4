"""Where everything goes in the window, for a window size and a mode: the table view on the
left between the banner and the status line (with the replay bar under it in the viewer),
and the side panel on the right: the unit card, its rules and badges, the action buttons and
the dice and rules log. Pure geometry, recomputed on every resize."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

BANNER_H = 34
STATUS_H = 26
REPLAY_BAR_H = 106  # the controls, the timeline, the study tools
CHIPS_H = 58  # two rows of rule and badge chips
BUTTON_H = 30
BUTTONS_PER_ROW = 4
PAD = 6
MIN_SIZE = (800, 560)


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    mode: str
    panel: pygame.Rect
    banner: pygame.Rect
    view: pygame.Rect
    status: pygame.Rect
    bar: pygame.Rect | None  # the replay viewer's controls
    timeline: pygame.Rect | None
    card: pygame.Rect
    chips: pygame.Rect
    actions: pygame.Rect
    log: pygame.Rect

    @property
    def per_row(self) -> int:
        return per_row(self.actions.w)

    def button_rect(self, i: int) -> pygame.Rect:
        """The i-th action button, four to a row (three on a narrow panel)."""
        n = self.per_row
        bw = self.actions.w // n
        return pygame.Rect(self.actions.x + (i % n) * bw,
                           self.actions.y + (i // n) * (BUTTON_H + 2), bw - 2, BUTTON_H)


def per_row(width: int) -> int:
    return BUTTONS_PER_ROW if width >= 380 else BUTTONS_PER_ROW - 1


def panel_width(w: int) -> int:
    return 440 if w >= 1600 else 400 if w >= 1200 else 340


def compute(size: tuple[int, int], mode: str, n_buttons: int) -> Layout:
    """The layout of a window of ``size`` in ``mode`` ("play" or "replay") with
    ``n_buttons`` action buttons."""
    w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
    rw = panel_width(w)
    vw = w - rw
    panel = pygame.Rect(vw, 0, rw, h)
    bar = None
    timeline = None
    bottom = h - STATUS_H
    if mode == "replay":
        bar = pygame.Rect(0, bottom - REPLAY_BAR_H, vw, REPLAY_BAR_H)
        timeline = pygame.Rect(10, bar.y + 42, vw - 20, 24)
        bottom = bar.y
    view = pygame.Rect(0, BANNER_H, vw, max(100, bottom - BANNER_H))
    x0, inner = vw + PAD, rw - 2 * PAD
    card_h = max(170, min(380, round(h * 0.36)))  # room for a multipart model and its combat
    card = pygame.Rect(x0, PAD, inner, card_h)
    chips = pygame.Rect(x0, card.bottom + 4, inner, CHIPS_H)
    rows = math.ceil(n_buttons / per_row(inner)) if mode == "play" else 0
    actions = pygame.Rect(x0, chips.bottom + 4, inner, rows * (BUTTON_H + 2))
    top = actions.bottom + (6 if rows else 0)
    log = pygame.Rect(x0, top, inner, max(60, h - top - PAD))
    return Layout((w, h), mode, panel, pygame.Rect(0, 0, vw, BANNER_H), view,
                  pygame.Rect(0, h - STATUS_H, vw, STATUS_H), bar, timeline, card, chips,
                  actions, log)

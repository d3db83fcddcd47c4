"""Running the window: whether a window can open here, and the main loop, which sleeps in
``pygame.event.wait`` while nothing changes."""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


def display_problem() -> str | None:
    """Why no window can open here, or None: no desktop session to draw in (SDL would fall
    back to an invisible offscreen window and the program would seem to hang)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None  # asked for explicitly (tests use the dummy driver)
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        return ("no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
                "run it from a desktop session, or play without a window: "
                "python run.py play FILE --headless")
    return None


def main_loop(app: App) -> None:
    """Frames at up to 60 a second while something moves; asleep in ``pygame.event.wait``
    while nothing does (idle, the window costs next to nothing)."""
    last = time.perf_counter()
    while app.running:
        if app.busy():
            app.clock.tick(60)
            events = pygame.event.get()
        else:
            first = pygame.event.wait(1000)  # asleep until something happens
            events = [first, *pygame.event.get()] if first.type != pygame.NOEVENT else []
        now = time.perf_counter()
        app.step(events, min(now - last, 0.1))
        last = now

"""Running the window: whether a window can open here, the main loop, which sleeps in
``pygame.event.wait`` while nothing changes, and stopping when the system asks (SIGTERM,
SIGHUP: a logout, a shutdown, ``kill``; SIGINT: Ctrl+C in the terminal): the window keeps what the player has (the game is in
its autosave already; a scenario being edited is written to a recovery file the next start
offers) and ends at once, asking nothing, since nobody may be there to answer."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
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


#: set when the system asks the window to stop
STOP = threading.Event()
#: the signals that ask it to (SDL's own handlers, which would turn them into a question on
#: the screen, are left out: see :func:`listen_for_stop`)
STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP", "SIGINT")
                     if hasattr(signal, n))


def listen_for_stop() -> None:
    """Take the stop signals before SDL does (call before the display is opened)."""
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"

    def stop(signum: int, frame: object) -> None:
        STOP.set()
        with contextlib.suppress(pygame.error):  # (wake the loop from its sleep)
            pygame.event.post(pygame.event.Event(pygame.USEREVENT + 31))

    for sig in STOP_SIGNALS:
        signal.signal(sig, stop)


def main_loop(app: App) -> None:
    """Frames at up to 60 a second while something moves; asleep in ``pygame.event.wait``
    while nothing does (idle, the window costs next to nothing). Asked to stop by the
    system, it keeps what the player has and returns."""
    last = time.perf_counter()
    while app.running:
        if STOP.is_set():
            app.files.keep_and_stop()
            break
        if app.busy():
            app.clock.tick(60)
            events = pygame.event.get()
        else:
            first = pygame.event.wait(1000)  # asleep until something happens
            events = [first, *pygame.event.get()] if first.type != pygame.NOEVENT else []
        now = time.perf_counter()
        app.step(events, min(now - last, 0.1))
        last = now

"""Pictures of the table for a battle report, drawn by the window's own renderer
(:class:`game.ui.render.TableRenderer`) into a surface in memory: no window and no display
are needed (SDL's dummy video driver is asked for if nothing else is set).

The pictures are written as PNG by :func:`png` here rather than by pygame's own saving, which
takes about four times as long (it compresses harder): a report draws one picture per game
turn, and a long game has a hundred.
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Callable

from game.core.ruleset import Ruleset
from game.core.state import GameState

#: the width of a picture in pixels (its height follows the table's proportions)
WIDTH = 720
#: the most a picture may be high, in pixels
MAX_HEIGHT = 720


def drawer(ruleset: Ruleset, table: tuple[float, float], width: int = WIDTH,
           max_height: int = MAX_HEIGHT) -> Callable[[GameState], bytes]:
    """A function that draws a state of a game of ``ruleset`` on a table of ``table``
    inches as PNG bytes, the whole table in view, names shown."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.camera import Camera
    from game.ui.render import Overlay, TableRenderer

    if not pygame.font.get_init():
        pygame.font.init()
    tw, th = table
    w = width
    h = max(1, round(w * th / tw))
    if h > max_height:
        w, h = max(1, round(max_height * tw / th)), max_height
    renderer = TableRenderer(ruleset)
    surface = pygame.Surface((w, h))
    view = pygame.Rect(0, 0, w, h)
    overlay = Overlay(show_names=True)

    def draw(state: GameState) -> bytes:
        renderer.draw(surface, Camera(state.table, view), state, overlay)
        return png(pygame.image.tobytes(surface, "RGB"), w, h)

    return draw


def png(rgb: bytes, width: int, height: int, level: int = 3) -> bytes:
    """PNG bytes of an image given as rows of RGB bytes, top first."""
    stride = width * 3
    rows = b"".join(b"\x00" + rgb[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    head = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head)
            + chunk(b"IDAT", zlib.compress(rows, level)) + chunk(b"IEND", b""))

"""The pygame-ce window (see :mod:`game.ui.app`)."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no greeting line on the terminal

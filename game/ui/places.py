"""Where the window finds and keeps files: the program's folder (its shipped battles in
``maps/``, its assets) is read, never written; a player's games, battles and settings go in
the saves folder (``saves/`` of the program's folder, or the folder the environment variable
``CONTACT_ZONE_SAVES`` names)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
DEFAULT_MAP = MAPS / "default.toml"
#: the saves folder: CONTACT_ZONE_SAVES when it is set, else saves/ in the program's folder
SAVES = Path(os.environ.get("CONTACT_ZONE_SAVES") or ROOT / "saves")


def writable(path: str | Path, saves_dir: str | Path) -> str | None:
    """Why the window must not write ``path``, or None when it may: anything inside the
    program's own folder (its shipped battles, code and assets) except the saves folder."""
    p = Path(path).resolve()
    saves = Path(saves_dir).resolve()
    if p.is_relative_to(saves) or not p.is_relative_to(ROOT):
        return None
    where = "the shipped battles" if p.is_relative_to(MAPS) else "the program's own files"
    return (f"{p.parent} holds {where}, which are never changed: save it in the saves folder "
            f"({saves}) or anywhere else")

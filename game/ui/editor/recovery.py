"""A scenario being edited when the system closed the window (a logout, ``kill``): its table
of keys, changes and problems included, is written to ``recovery.json`` in the saves folder;
the next start offers it (the start screen's Recover battle, and ``run.py edit``), and opening
it takes the file away."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.ui.editor.document import EditDoc

if TYPE_CHECKING:
    from game.ui.app import App

RECOVERY = "recovery.json"


def keep(saves_dir: str | Path, doc: EditDoc) -> Path | None:
    """Write ``doc`` where the next start finds it (None when it cannot be written)."""
    p = Path(saves_dir) / RECOVERY
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp = p.with_suffix(".part")
        tmp.write_text(json.dumps({"path": str(doc.path) if doc.path else None,
                                   "data": doc.data}), encoding="utf-8")
        os.replace(tmp, p)
    except (OSError, TypeError, ValueError):
        return None
    return p


def kept(saves_dir: str | Path) -> EditDoc | None:
    """The scenario kept, as a document with its changes not saved, or None."""
    p = Path(saves_dir) / RECOVERY
    try:
        got: Any = json.loads(p.read_text(encoding="utf-8"))
        data, path = got["data"], got.get("path")
        doc = EditDoc(data, Path(path) if isinstance(path, str) else None)
        doc.ruleset  # noqa: B018 - (a ruleset that is not there: nothing to offer)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    doc.saved_revision = -1  # (its changes are not in any file)
    return doc


def reopen(app: App) -> bool:
    """Open the kept scenario in the editor and take the recovery file away."""
    from game.ui.editor import open_editor

    doc = kept(app.saves_dir)
    if doc is None:
        return False
    editor = open_editor(app, None, ask_new=False, recover=False)
    editor.set_doc(doc, f"Recovered {doc.name}, as it was when the window was closed: save it "
                        "to keep it (Ctrl+S).")
    (Path(app.saves_dir) / RECOVERY).unlink(missing_ok=True)
    return True

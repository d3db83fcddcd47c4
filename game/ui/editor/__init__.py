"""The scenario editor: set up a battle with the mouse (units from the rosters, terrain,
deployment zones, the battle's settings), save it as a scenario file, play it and come back.

``open_editor(app, path)`` opens it in the window (a file to edit, or a new battle when
``path`` is None); :mod:`.document` and :mod:`.edits` are the scenario and its edits (no
pygame), the other modules the editor's part of the window."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.ui.editor.document import EditDoc
from game.ui.editor.editor import Editor

if TYPE_CHECKING:
    from game.ui.app import App


def open_editor(app: App, path: str | Path | None = None, ask_new: bool = True,
                recover: bool = True) -> Editor:
    """Open the editor in ``app``: on the scenario at ``path`` (which may have problems to
    fix, but must parse), or on a new battle (with the New battle dialog when ``ask_new``),
    to be saved at ``path`` when there is no file there yet; with no ``path``, on the battle
    being edited when the window was last closed by the system, when one was kept
    (``recover``).
    Raises :class:`~game.core.errors.ScenarioError` for a file that cannot be edited."""
    if path is None and recover:
        from game.ui.editor import recovery

        if recovery.kept(app.saves_dir) is not None and recovery.reopen(app):
            assert app.editor is not None  # (reopening opens the editor)
            return app.editor
    fresh = path is None or not Path(path).exists()  # (a file to be: a new battle saved there)
    doc = EditDoc.new("skirmish-d10", 36.0, 36.0) if path is None or fresh else EditDoc.open(path)
    editor = app.editor
    if editor is None:
        editor = app.editor = Editor(app, doc)
        editor.enter()
    else:
        editor.set_doc(doc)
    if fresh and ask_new:
        from game.ui.editor.files import NewBattleDialog

        target = Path(path) if path is not None else None
        files = editor.files

        def create(ruleset: str, width: float, height: float, name: str) -> None:
            files.new(ruleset, width, height, name, path=target)

        app.open_dialog(NewBattleDialog(app, create))
    return editor


__all__ = ["EditDoc", "Editor", "open_editor"]

"""Asked to stop by the system (SIGTERM: a logout, ``kill``), the window asks nothing and ends
at once, keeping what the player has: the game in its autosave, a scenario being edited in a
recovery file the next start offers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.core.replay import read_save
from game.ui.dialogs import ChoiceDialog
from game.ui.editor.recovery import RECOVERY
from game.ui.session import autosaves
from tests.ui.conftest import DUEL, ROOT, click, click_button, click_model, dialogs, screen_of
from tests.ui.test_editor import at, new_battle, pick_profile


def catches(pid: int, sig: int) -> bool:
    """Whether the process has a handler of its own for ``sig`` (Linux's /proc)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = int(next(ln.split()[1] for ln in text.splitlines() if ln.startswith("SigCgt:")), 16)
    return bool(mask & (1 << (sig - 1)))


def test_run_py_edit_ends_on_sigterm_with_its_question_open(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CONTACT_ZONE_SAVES": str(tmp_path / "saves")}
    proc = subprocess.Popen([sys.executable, "run.py", "edit"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        end = time.monotonic() + 60
        while not catches(proc.pid, signal.SIGTERM) and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(1.0)  # (the window up, its New battle question open)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert proc.returncode == 0 and "Traceback" not in err, err


def test_a_battle_being_edited_is_kept_and_offered_at_the_next_start(make_app):
    app = new_battle(make_app, "skirmish-d10", "24", "24", name="Half done")
    pick_profile(app, "Zombie")
    click(app, at(app, 10, 10))
    app.files.keep_and_stop()  # what the window does on SIGTERM
    assert not app.running and (app.saves_dir / RECOVERY).is_file()
    again = make_app(None, start_screen=True, saves_dir=app.saves_dir)
    (start,) = dialogs(again, ChoiceDialog)
    assert "Half done" in start.text.html_text
    click_button(again, start.buttons["recover"])
    doc = again.editor.doc
    assert again.mode == "edit" and doc.name == "Half done" and doc.dirty
    assert [u["name"] for u in doc.units()] == ["Zombie"]
    assert not (app.saves_dir / RECOVERY).exists()  # (recovered: not offered again)


def test_a_game_is_kept_in_its_autosave_when_stopped(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    click(app, screen_of(app, 12.0, 17.0))
    app.files.keep_and_stop()
    assert not app.running
    (auto,) = autosaves(app.saves_dir)
    assert len(read_save(auto).records) == 2  # the start and the move

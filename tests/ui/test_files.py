"""A game is never lost: every game has its own autosave, written as it goes and named by its
scenario and time, a bounded number kept; the start screen continues the last one; leaving a
game with moves not saved under a name asks first; saves and dialogs behave (Enter confirms,
hidden files stay hidden); ``play SAVE.jsonl`` plays on from a save; no display, no hang."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pygame
import pytest

from game.core.replay import check, read_save
from game.ui.dialogs import ChoiceDialog
from game.ui.filedialog import FileDialog
from game.ui.session import AUTOSAVES_KEPT, GameSession, autosaves
from tests.ui.conftest import (
    DUEL,
    ROOT,
    click,
    click_button,
    click_model,
    ctrl,
    dialogs,
    key,
    screen_of,
)


def move_orc(app, y=17.0):
    click_model(app, "orc")
    click(app, screen_of(app, 12.0, y))


def test_each_game_has_its_own_autosave_written_as_it_goes(make_app):
    app = make_app(DUEL)
    assert autosaves(app.saves_dir) == []  # nothing played, nothing written
    move_orc(app)
    (first,) = autosaves(app.saves_dir)
    assert first.name.startswith("duel-at-the-ford-") and first.parent.name == "autosave"
    assert len(read_save(first).records) == 2
    key(app, pygame.K_e)
    assert len(read_save(first).records) == 3  # appended at once
    # undo rewrites it without the last order; a second game gets a file of its own
    ctrl(app, pygame.K_z)
    assert len(read_save(first).records) == 2
    app2 = make_app(DUEL)
    move_orc(app2, 16.0)
    assert len(autosaves(app.saves_dir)) == 2
    assert len(read_save(first).records) == 2  # the first game's file untouched
    assert check(first).ok


def test_only_the_newest_autosaves_are_kept(tmp_path):
    from game.core.commands import Order
    from game.core.scenario import load_scenario

    sc = load_scenario(DUEL)
    saves = tmp_path / "saves"
    made = []
    for i in range(AUTOSAVES_KEPT + 3):
        s = GameSession(sc, 1, saves)
        assert s.execute(Order("focus", "orc")).ok
        made.append(s.autosave_path)
        s.close()
        os.utime(made[-1], (time.time() - 100 + i, time.time() - 100 + i))  # oldest first
    kept = autosaves(saves)
    assert len(kept) == AUTOSAVES_KEPT
    assert set(kept) == set(made[-AUTOSAVES_KEPT:])


def test_the_start_screen_continues_the_last_game_in_its_own_file(make_app):
    app = make_app(DUEL)
    move_orc(app)
    (auto,) = autosaves(app.saves_dir)
    app.session.close()
    fresh = make_app(None, start_screen=True)
    (start,) = dialogs(fresh, ChoiceDialog)
    assert "Continue last game" in [b.text for b in start.buttons.values()]
    assert "Duel at the ford" in start.text.html_text and "1 move," in start.text.html_text
    key(fresh, pygame.K_RETURN)  # the highlighted choice: continue
    assert fresh.state.scenario == "Duel at the ford"
    assert fresh.state.models["orc"].y == pytest.approx(17.0, abs=0.05)
    key(fresh, pygame.K_e)
    assert fresh.session.autosave_path == auto
    assert autosaves(fresh.saves_dir) == [auto]  # on in the same file
    assert len(read_save(auto).records) == 3


def test_opening_another_game_with_unsaved_moves_asks_first(make_app, tmp_path):
    app = make_app(DUEL)
    move_orc(app)
    app.files.guard_unsaved(lambda: app.files.open_path(ROOT / "maps" / "trench.toml"), "open another game")
    (d,) = dialogs(app, ChoiceDialog)
    assert "1 move not saved" in d.text.html_text and "autosave" in d.text.html_text
    key(app, pygame.K_ESCAPE)  # cancel: still the duel
    assert app.state.scenario == "Duel at the ford" and not dialogs(app, ChoiceDialog)
    app.files.guard_unsaved(lambda: app.files.open_path(ROOT / "maps" / "trench.toml"), "open another game")
    click_button(app, dialogs(app, ChoiceDialog)[0].buttons["go"])
    assert app.state.ruleset == "trench-crusade"
    # once saved under a name, no question
    app.files.save_to(tmp_path / "mine.jsonl")
    app.files.guard_unsaved(lambda: app.files.open_path(DUEL), "open another game")
    assert app.state.scenario == "Duel at the ford"


def test_quitting_with_unsaved_moves_asks_and_a_second_close_quits(make_app):
    app = make_app(DUEL)
    app.step([pygame.event.Event(pygame.QUIT)])
    assert not app.running  # nothing played: quits at once
    app = make_app(DUEL)
    move_orc(app)
    app.step([pygame.event.Event(pygame.QUIT)])
    assert app.running and dialogs(app, ChoiceDialog)
    key(app, pygame.K_ESCAPE)
    assert app.running and not app.quit_asked
    ctrl(app, pygame.K_q)
    app.step([pygame.event.Event(pygame.QUIT)])  # the close button again: go
    assert not app.running


def test_ctrl_s_saves_with_enter_and_the_dialog_hides_hidden_files(make_app):
    app = make_app(DUEL)
    app.saves_dir.mkdir(parents=True, exist_ok=True)
    (app.saves_dir / ".gitkeep").write_text("")
    (app.saves_dir / "notes.txt").write_text("x")
    move_orc(app)
    ctrl(app, pygame.K_s)
    (fd,) = dialogs(app, FileDialog)
    assert fd.save and fd.entry.get_text().startswith("duel-at-the-ford-")
    listed = " ".join(fd.texts)
    assert ".gitkeep" not in listed and "notes.txt" not in listed and "autosave/" in listed
    fd.entry.unfocus()
    key(app, pygame.K_RETURN)
    (saved,) = [p for p in app.saves_dir.glob("duel-at-the-ford-*.jsonl")]
    assert check(saved).ok and "Saved as" in app.message
    assert app.session.unsaved == 0


def test_ctrl_o_starts_with_the_scenarios(make_app):
    app = make_app(DUEL)
    ctrl(app, pygame.K_o)
    (fd,) = dialogs(app, FileDialog)
    assert fd.folder == (ROOT / "maps").resolve()
    assert "duel.toml" in fd.names and "trench.toml" in fd.names
    fd.entry.set_text("trench.toml")
    fd.confirm()
    assert app.state.ruleset == "trench-crusade"


def test_the_result_screen_keeps_watch_the_replay_after_save(make_app, tmp_path):
    app = make_app(DUEL)
    for _ in range(12):
        key(app, pygame.K_t)  # End turn asks first
        key(app, pygame.K_RETURN)
        if app.state.game_over:
            break
    assert app.state.game_over
    (result,) = [d for d in dialogs(app, ChoiceDialog) if "replay" in d.buttons]
    click_button(app, result.buttons["save"])
    (fd,) = dialogs(app, FileDialog)
    fd.entry.set_text(str(tmp_path / "end.jsonl"))
    fd.confirm()
    assert (tmp_path / "end.jsonl").exists() and result.alive()
    click_button(app, result.buttons["replay"])
    assert app.mode == "replay" and app.replay.pos == app.replay.length


def test_play_save_resumes_it_in_the_window(make_app, tmp_path, capsys):
    app = make_app(DUEL)
    move_orc(app)
    p = app.files.save_to(tmp_path / "game.jsonl")
    again = make_app(p)
    assert again.state.models["orc"].y == pytest.approx(17.0, abs=0.05)
    assert "Playing on from game.jsonl" in again.message
    # headless, the game goes on from the same place: what is in progress is closed, and
    # the log starts after the save's last event
    from game.cli import main

    capsys.readouterr()
    assert main(["play", str(p), "--headless", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["units"]["orc"]["y"] == pytest.approx(17.0, abs=0.05)
    assert len(doc["events"]) > len(read_save(p).event_dicts())


def test_no_display_gives_one_line_and_exit_2_quickly():
    if not sys.platform.startswith("linux"):
        pytest.skip("the display check is for Linux desktops")
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "run.py"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=20)
    took = time.perf_counter() - t
    assert out.returncode == 2 and took < 5
    assert out.stderr.count("\n") == 1 and "display" in out.stderr and "Traceback" not in out.stderr
    assert out.stdout == ""


def test_an_autosave_that_cannot_be_written_is_said_and_the_game_goes_on(make_app, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the saves folder should be")
    app = make_app(DUEL, saves_dir=blocked)
    move_orc(app)
    assert app.state.models["orc"].y == pytest.approx(17.0, abs=0.05)
    assert "autosave stopped" in app.message and "Ctrl+S" in app.message
    key(app, pygame.K_e)
    assert app.errors == []


def test_the_open_dialog_lists_scenarios_and_saves_but_not_the_settings(make_app):
    app = make_app(DUEL)
    app.opponent.set_pace("slow")  # writes saves/settings.json
    assert (app.saves_dir / "settings.json").is_file()
    (app.saves_dir / "mine.json").write_text('{"format": 1, "ruleset": "skirmish-d10"}')
    ctrl(app, pygame.K_o)
    (d,) = dialogs(app, FileDialog)
    d.show(app.saves_dir)
    assert "mine.json" in d.names and "settings.json" not in d.names
    d.show(ROOT / "maps")
    assert {p.name for p in (ROOT / "maps").glob("*.toml")} <= set(d.names)


def test_a_file_that_cannot_be_opened_is_said_whole_before_any_question(make_app):
    app = make_app(DUEL)
    move_orc(app)  # a move not saved under a name: leaving the game would ask first
    broken = app.saves_dir / "broken.json"
    broken.write_text('{"format": 1, "ruleset": "skirmish-d10", "name": "Broken"}')
    ctrl(app, pygame.K_o)
    (d,) = dialogs(app, FileDialog)
    d.show(app.saves_dir)
    d.entry.set_text("broken.json")
    key(app, pygame.K_RETURN)
    (msg,) = dialogs(app, ChoiceDialog)
    assert msg.window.window_display_title == "Cannot open broken.json"
    text = msg.text.html_text
    assert str(broken) in text and text.endswith("missing required key &#x27;units&#x27;")
    assert msg.text.scroll_bar is None  # and no scrolling needed to read it
    assert app.state.scenario == "Duel at the ford"  # the game open is untouched
    key(app, pygame.K_RETURN)
    assert not dialogs(app, ChoiceDialog)


def test_the_welcome_and_unsaved_moves_texts_need_no_scrolling(make_app):
    app = make_app(DUEL)
    move_orc(app)
    app.files.guard_unsaved(lambda: None, "open another game")
    app.files.show_start(DUEL)
    for d in dialogs(app, ChoiceDialog):
        assert d.text.scroll_bar is None, d.window.window_display_title
        assert d.window.rect.height <= app.size[1]

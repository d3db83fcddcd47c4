"""Playing against the computer in the window: the AI moves for its side off the frame loop,
its reasons go into the log, a person may take the side over at any moment, Undo takes back
the AI's moves with the person's last order, the choice of players is remembered; and the odds
panel shows what an armed Charge would do to the enemy under the pointer."""

from __future__ import annotations

import json
import time

import pygame

from game.core.commands import Order
from game.ui.opponent import PlayersDialog
from tests.ui.conftest import DUEL, click, click_button, key, move_mouse, screen_of


def run_until(app, done, seconds=20.0):
    """Step the window (in real time: the AI thinks in a thread) until ``done(app)``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.run_frames(1)
        if done(app):
            return True
        time.sleep(0.005)
    return False


def orc_waits(app):
    """Side 1's orc activates without acting: side 2 (the AI) is due."""
    app.play.execute(Order("pass", "orc"))
    app.play.execute(Order("end_activation"))
    assert app.play.due_side() == 2


def ai_app(make_app, **kw):
    app = make_app(DUEL, players={2: "easy"}, **kw)
    app.opponent.pace = "fast"
    return app


def test_the_ai_plays_its_side_and_says_why_in_the_log(make_app):
    app = ai_app(make_app)
    assert app.opponent.plays(2) and not app.opponent.plays(1)
    orc_waits(app)
    assert run_until(app, lambda a: a.opponent.moves), "the AI never moved"
    # its move is in the log, after a line with its reason
    app.run_frames(2)
    notes = list(app.opponent.notes.values())
    assert notes and notes[0].startswith("AI (easy) for Side 2 (Red): ")
    assert any(item.split(". ", 1)[-1].startswith("AI (easy)") for item in app.panels.log_items)


def test_the_banner_says_the_computer_is_thinking(make_app):
    app = ai_app(make_app)
    app.opponent.pace = "slow"
    orc_waits(app)
    app.run_frames(1)
    text, _ = app.panels.banner_text()
    assert "the computer (easy) is thinking" in text
    assert app.busy()  # the window keeps stepping while the AI thinks
    assert not app.play.may_order("elf")  # clicks give the AI's models no orders


def test_taking_the_side_over_stops_the_ai(make_app):
    app = ai_app(make_app)
    app.opponent.pace = "slow"
    orc_waits(app)
    app.run_frames(1)
    assert app.opponent.job is not None
    app.opponent.set_seat(2, "human")
    assert app.opponent.job is None and not app.opponent.plays(2)
    app.run_frames(3)
    assert not app.opponent.moves
    assert app.play.may_order("elf")  # now a person gives the elf its orders


def test_undo_takes_back_the_ais_moves_and_your_order(make_app):
    app = ai_app(make_app)
    orc_waits(app)
    assert run_until(app, lambda a: a.opponent.moves and a.play.due_side() == 1)
    n_ai = len(app.opponent.moves)
    assert app.opponent.undo_count() == n_ai + 1
    assert app.opponent.memory is not None  # (what the AI worked out, kept for the game)
    app.play.undo()
    # back before the orc's last order (its end of activation): side 1 to act
    assert [c.do for c in app.session.commands()] == ["pass"]
    assert not app.opponent.moves and not app.opponent.notes
    assert app.opponent.memory is None  # (and what it worked out there is forgotten)
    assert app.play.due_side() == 1


def test_the_players_dialog_sets_the_sides_and_remembers_them(make_app, tmp_path):
    app = make_app(DUEL)
    assert not app.opponent.any_ai()
    key(app, pygame.K_p, mod=pygame.KMOD_CTRL)
    dlg = next(d for d in app.dialogs if isinstance(d, PlayersDialog))
    hard2 = next(b for b, (w, v) in dlg.buttons.items() if w == "seat" and v == (2, "hard"))
    slow = next(b for b, (w, v) in dlg.buttons.items() if w == "pace" and v == "slow")
    click_button(app, hard2)
    click_button(app, slow)
    assert app.opponent.seats == {1: "human", 2: "hard"} and app.opponent.pace == "slow"
    click_button(app, dlg.done)
    assert not dlg.alive()
    saved = json.loads((tmp_path / "saves" / "settings.json").read_text())
    assert saved == {"players": {"1": "human", "2": "hard"}, "ai_pace": "slow"}
    # a new window starts with them
    again = make_app(DUEL)
    assert again.opponent.seats[2] == "hard" and again.opponent.pace == "slow"


def test_a_broken_settings_file_means_two_people(make_app, tmp_path):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "settings.json").write_text("{not json")
    app = make_app(DUEL)
    assert app.opponent.seats == {1: "human", 2: "human"}


def orc_charge_armed_at_the_elf(make_app):
    """The duel, the orc's Charge armed and the pointer on the elf (the odds panel's work)."""
    app = make_app(DUEL)
    app.select("orc")
    app.play.do_action("charge")
    elf = app.state.models["elf"]
    move_mouse(app, screen_of(app, elf.x, elf.y))
    return app, elf


def test_the_odds_panel_follows_the_enemy_under_the_pointer_with_charge_armed(make_app):
    app, elf = orc_charge_armed_at_the_elf(make_app)
    assert app.odds.key is not None and app.odds.label == "Charge Elf Blademaster"
    assert run_until(app, lambda a: a.odds.work.odds is not None and a.odds.work.odds.samples >= 1000)
    odds = app.odds.work.odds
    assert 0.0 < odds.target_destroyed < 1.0
    assert abs(sum(odds.damage_to_target.values()) - 1.0) < 1e-9
    # the pointer leaves the enemy: the work stops and the panel goes
    work = app.odds.work
    move_mouse(app, screen_of(app, elf.x + 10, elf.y + 10))
    assert app.odds.key is None and app.odds.work is None
    assert work.est is None or work.est._cancel.is_set()


def test_no_odds_without_an_armed_action(make_app):
    app = make_app(DUEL)
    app.select("orc")
    elf = app.state.models["elf"]
    move_mouse(app, screen_of(app, elf.x, elf.y))
    assert app.odds.key is None


def test_click_the_start_screens_players_button(make_app):
    app = make_app(DUEL, start_screen=True)
    start = app.dialogs[-1]
    click_button(app, start.buttons["players"])
    assert any(isinstance(d, PlayersDialog) and d.alive() for d in app.dialogs)


def test_a_window_started_with_ai_players(make_app):
    app = make_app(DUEL, players={1: "normal"})
    assert app.opponent.plays(1) and app.opponent.level(1) == "normal"
    click(app, (5, 5))  # a click anywhere: nothing breaks while the AI is due
    assert run_until(app, lambda a: a.opponent.moves)


def test_play_with_ai_opens_the_window_with_those_players(monkeypatch):
    import game.ui.app as window
    from game.cli import main

    got = {}
    monkeypatch.setattr(window, "run_app", lambda **kw: got.update(kw) or 0)
    assert main(["play", str(DUEL), "--ai", "2=hard"]) == 0
    assert got["players"] == {2: "hard"} and got["scenario"] == str(DUEL)


def test_players_carried_over_to_the_next_game_are_said_at_its_start(make_app, tmp_path):
    app = make_app(DUEL, players={2: "normal"})
    assert "Players: Side 1 (Blue): Human · Side 2 (Red): AI normal (Ctrl+P changes them)." in app.message
    app.opponent.set_seat(1, "easy")  # (chosen with Ctrl+P: remembered for the next games)
    app.opponent.set_seat(1, "human")
    again = make_app(DUEL, saves_dir=app.saves_dir)
    assert again.opponent.plays(2) and "Side 2 (Red): AI normal" in again.message
    people = make_app(DUEL, saves_dir=tmp_path / "elsewhere")
    assert "Players:" not in people.message  # (two people, as at first: nothing to say)

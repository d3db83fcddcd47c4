"""The chances of winning (F3) and the replay viewer's study tools: quick games from the
position, off the frame loop, cancelled when the position changes, the same figures as the
games played directly; the figure at the start of each game turn; "Report..." writes the page
and opens it; "Odds from here" gives the odds engine's figures for that position."""

from __future__ import annotations

import json
import time
import webbrowser

import pygame
import pytest

from game.ai.onward import chances
from game.core.commands import Order
from game.core.position import engine_at
from game.core.replay import read_save, write_save
from game.odds import OddsEstimator
from game.ui import chances as chances_module
from game.ui.chances import seed_of, turn_starts
from game.ui.filedialog import FileDialog
from game.ui.study_tools import SAMPLES, OddsHere
from tests.support import scenario, unit
from tests.ui.conftest import DUEL, click_button, click_model, dialogs, key


def wait(app, done, limit=60.0):
    t0 = time.monotonic()
    while not done():
        assert time.monotonic() - t0 < limit, "the work did not finish"
        app.step([])
        time.sleep(0.02)
    app.step([])


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(chances_module, "GAMES", 12)
    monkeypatch.setattr(chances_module, "TURN_GAMES", 4)


def test_the_chances_come_from_quick_games_of_the_position(make_app, quick) -> None:
    app = make_app(DUEL)
    assert app.chances.work is None  # nothing is played until asked for
    key(app, pygame.K_F3)
    wait(app, lambda: app.chances.work is not None)  # once the position has settled
    work = app.chances.work
    wait(app, lambda: work.done)
    t = work.tally
    # the same games as played directly from a copy of the game, seeded by the position
    engine = app.session.engine
    want = chances(engine.fork(), 12, seed_of(engine))
    assert (t.games, t.wins, t.draws) == (want.games, want.wins, want.draws) and t.games == 12
    lo, hi = t.interval(1)
    assert lo <= t.rate(1) <= hi
    # an order moves the game on: the old games stop, new ones start from the new position
    click_model(app, "orc")
    click_model(app, "elf")
    app.step([])
    assert app.chances.work is None and app.chances.key[2] == len(engine.log)
    assert work._stop.is_set()  # the old position's games were dropped at once
    wait(app, lambda: app.chances.work is not None)
    assert app.chances.work is not work
    # hidden again: nothing runs
    key(app, pygame.K_F3)
    assert app.chances.work is None


def test_the_replay_viewer_gives_the_chances_at_the_start_of_each_game_turn(
        make_app, tmp_path, quick) -> None:
    from game.cli import main

    # a small battle of three game turns
    units = [unit(f"a{i}", 1, 4 + 5 * i, 20) for i in range(2)]
    units += [unit(f"b{i}", 2, 4 + 5 * i, 4, 180) for i in range(2)]
    src = tmp_path / "small.json"
    src.write_text(json.dumps(scenario(units, turns=3)))
    save = tmp_path / "game.jsonl"
    assert main(["play", str(src), "--headless", "--ai", "both=random", "--seed", "4",
                 "--save", str(save)]) == 0
    loaded = read_save(save)
    starts = turn_starts(loaded)
    begun = sum(1 for d in loaded.event_dicts() if d["type"] == "turn_started")
    # every game turn begun before the game ended, each copy where it begins
    assert sorted(starts) == list(range(1, 1 + len(starts))) and 2 <= len(starts) <= begun
    for turn, engine in starts.items():
        assert engine.state.turn == turn and not engine.state.game_over
    app = make_app(replay=save)
    app.replay.seek(app.replay.length // 2)
    click_button(app, app.replay_view.buttons["chances"])
    assert app.chances.turns is not None
    wait(app, lambda: app.chances.turns.done and app.chances.work is not None
         and app.chances.work.done, limit=240)
    tallies = app.chances.turns.tallies
    assert sorted(tallies) == sorted(starts)
    for turn, tally in tallies.items():
        assert tally.games == 4
        got = chances(starts[turn], 4, seed_of(starts[turn]))
        assert tally.wins == {s: got.wins.get(s, 0) for s in (1, 2)}


def test_report_writes_the_page_and_opens_it(make_app, tmp_path, monkeypatch) -> None:
    from game.headless import run_orders

    save = tmp_path / "duel.jsonl"
    write_save(run_orders(str(DUEL), 7), save)
    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: opened.append(url) or True)
    app = make_app(replay=save)
    click_button(app, app.replay_view.buttons["report"])
    (d,) = dialogs(app, FileDialog)
    out = tmp_path / "the report.html"
    d.on_pick(out)
    d.close()
    tools = app.replay_view.tools
    wait(app, lambda: tools.job is None, limit=120)
    assert out.exists() and "Contact Zone battle report" in out.read_text(encoding="utf-8")
    assert opened == [out.resolve().as_uri()]
    assert "Battle report written" in app.message


def test_odds_from_here_are_the_odds_engine_figures(make_app, tmp_path) -> None:
    from game.headless import run_orders

    save = tmp_path / "duel.jsonl"
    write_save(run_orders(str(DUEL), 7), save)
    app = make_app(replay=save)
    r = app.replay
    r.seek(r.record_ends[1])  # after the charge, before the fight is declared
    click_button(app, app.replay_view.buttons["odds_here"])
    (d,) = dialogs(app, OddsHere)
    wait(app, lambda: d.done and d._shown == d.version, 60)
    text = d.box.html_text
    engine = engine_at(read_save(save), r.pos)[0]
    est = OddsEstimator(engine.fork(), Order("fight", "orc", (("target", "elf"),)))
    odds = est.exact() or est.run(SAMPLES, batch=250)  # (the same samples: the same seed)
    assert odds.samples == SAMPLES or odds.exact
    assert (f"destroys it {odds.target_destroyed:.0%}, is destroyed "
            f"{odds.actor_destroyed:.0%}") in text
    assert "Orc Brute</b> fights <b>Elf Blademaster" in text

"""The replay viewer: the timeline goes where it is clicked or dragged and always shows where
the game is; steps by event, activation and turn; the log numbered line by line; "continue
from here" branches a new game into a new file."""

from __future__ import annotations

import pygame
import pytest

from game.core import events as ev
from game.core.replay import check, read_save, write_save
from game.ui.sprites import side_colour
from tests.ui.conftest import DUEL, click, click_model, ctrl, key, screen_of


@pytest.fixture
def duel_save(tmp_path):
    from game.headless import run_orders

    engine = run_orders(str(DUEL), 7)
    p = tmp_path / "duel.jsonl"
    write_save(engine, p)
    return p, engine


def thumb_x(app):
    """Where the timeline's thumb is drawn: the column of the brightest pixels on it."""
    tl = app.layout.timeline
    y = tl.y - 2  # the thumb sticks out above the track
    xs = [x for x in range(tl.x, tl.right) if sum(tuple(app.screen.get_at((x, y)))[:3]) > 650]
    return sum(xs) / len(xs)


def test_the_timeline_jumps_to_the_click_and_follows_the_position(make_app, duel_save):
    path, engine = duel_save
    app = make_app(replay=path)
    r = app.replay
    tl = app.layout.timeline
    assert r.pos == 0 and abs(thumb_x(app) - tl.x) < 6
    click(app, (tl.x + tl.w * 3 // 4, tl.centery))
    assert r.pos == round(0.75 * r.length)
    app.step([])
    assert abs(thumb_x(app) - (tl.x + tl.w * r.pos / r.length)) < 6
    # a drag goes along with the pointer
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(tl.x + 5, tl.centery), button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=(tl.x + tl.w // 4, tl.centery), rel=(0, 0),
                                 buttons=(1, 0, 0))])
    assert r.pos == round(0.25 * r.length) or abs(r.pos - 0.25 * r.length) <= 1
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(tl.right, tl.centery), button=1)])
    assert r.pos == r.length
    assert app.state.models["orc"] == engine.state.models["orc"]
    app.step([])
    assert abs(thumb_x(app) - tl.right) < 6


def test_watching_the_game_so_far_opens_at_its_end_with_the_thumb_there(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    click_model(app, "elf")
    ctrl(app, pygame.K_w)
    assert app.mode == "replay" and app.replay.pos == app.replay.length
    app.step([])
    tl = app.layout.timeline
    assert abs(thumb_x(app) - tl.right) < 6
    key(app, pygame.K_ESCAPE)
    assert app.mode == "play"


def test_steps_the_log_and_branching(make_app, duel_save):
    path, _ = duel_save
    app = make_app(replay=path)
    r = app.replay
    charge = next(i for i, e in enumerate(r.events) if isinstance(e, ev.ModelMoved))
    r.seek(charge)
    app.replay_view.follow()
    app.step([])
    assert app.state.models["orc"].y == 15.0
    assert tuple(app.screen.get_at(screen_of(app, 12.0, 15.0)))[:3] == side_colour(1)
    key(app, pygame.K_PERIOD)
    mv = r.events[charge]
    assert (app.state.models["orc"].x, app.state.models["orc"].y) == (mv.x, mv.y)
    assert "orc" in app.log_highlight
    numbers = [int(t.split(".", 1)[0]) for t in app.panels.log_items if t[:1].isdigit()]
    assert numbers == list(range(1, len(numbers) + 1))
    key(app, pygame.K_5)
    key(app, pygame.K_SPACE)
    before = r.pos
    app.run_frames(30, dt=1 / 30)
    assert r.pos > before
    key(app, pygame.K_SPACE)
    key(app, pygame.K_END)
    key(app, pygame.K_COMMA)
    key(app, pygame.K_b)
    assert app.mode == "play"
    (branch,) = app.saves_dir.glob("branch-*.jsonl")
    assert len(read_save(branch).records) <= len(read_save(path).records)
    assert check(branch).ok


def test_the_replay_banner_never_ends_in_a_stray_dot(make_app, duel_save, monkeypatch):
    path, _ = duel_save
    app = make_app(replay=path)
    r = app.replay
    r.seek(5)
    text, _ = app.panels.banner_text()
    assert text.startswith("REPLAY duel.jsonl · event 5 of ")
    # an event with no line of its own (bookkeeping): nothing after the turn, no dangling dot
    monkeypatch.setattr(type(r.ruleset.presenter), "describe", lambda self, state, e: None)
    r.seek(6)
    text, _ = app.panels.banner_text()
    assert text.endswith(f"game turn {r.state.turn}"), text

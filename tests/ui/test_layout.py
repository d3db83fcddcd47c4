"""The words on the table over many random battles: the names of units and models, the labels
of the terrain and the notes that float up as orders are carried out never cover one another
(nor the odds panel), and every one lies wholly inside the view, whatever the zoom, the pan,
the window's size or the names shown."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai import choose
from game.ai.player import side_to_act
from game.ui.labels import overlaps
from tests.ui.conftest import ROOT, key

MAPS = ["default", "trench", "old-world", "ninth-age", "duel"]


def arm_odds(app):
    """Arm the first enemy action of a model of the side to act and point at the enemy
    nearest it (the odds panel shows when the engine takes the order)."""
    from game.core.ruleset import ENEMY
    from tests.ui.conftest import move_mouse

    s = app.state
    mine = [m for m in s.models.values() if app.play.may_order(m.name)]
    action = next((a for a in app.play.actions.values() if a.needs == ENEMY and not a.args), None)
    if not mine or action is None:
        return
    m = mine[0]
    foes = [o for o in s.models.values() if o.on_table and o.side != m.side]
    if not foes:
        return
    o = min(foes, key=lambda o: (o.x - m.x) ** 2 + (o.y - m.y) ** 2)
    app.select(m.name)
    app.play.do_action(action.name)
    move_mouse(app, app.camera.to_screen(o.x, o.y))


def check(app, where):
    view = app.camera.view
    words = [r for _, r in app.renderer.words.placed]
    notes = [r for _, r in app.notes.drawn]
    odds = [app.odds.rect()] if app.odds.rect() is not None else []
    every = words + notes + odds
    assert not overlaps(every), (where, [(every[i], every[j]) for i, j in overlaps(every)])
    outside = [r for r in words + notes if not view.contains(r)]
    assert not outside, (where, outside)
    return len(words), len(notes)


@pytest.mark.parametrize("name", MAPS)
def test_words_and_notes_never_cover_each_other_and_stay_in_view(make_app, name):
    rng = random.Random(name)
    seen_words = seen_notes = seen_odds = 0
    for battle in range(2):
        app = make_app(ROOT / "maps" / f"{name}.toml", seed=rng.randrange(1000))
        if battle:
            app.step([pygame.event.Event(pygame.VIDEORESIZE, w=900, h=620, size=(900, 620))])
        for k in range(36):
            eng = app.session.engine
            if app.state.game_over:
                break
            side = side_to_act(eng)
            choice = choose(eng.fork(), side, "easy")  # (no time budget: the same game every run)
            app.play.execute(choice.command)
            here = [m for m in app.state.models.values() if m.on_table]
            if here and rng.random() < 0.3:  # a new look at the table: zoom at a model, pan, names
                m = rng.choice(here)
                app.camera.zoom_at(app.camera.to_screen(m.x, m.y), rng.randrange(-2, 4))
                app.camera.pan(rng.randrange(-150, 150), rng.randrange(-150, 150))
                if rng.random() < 0.3:
                    key(app, pygame.K_l)
            if rng.random() < 0.12:
                arm_odds(app)  # (the odds panel over the table: the words keep off it)
            for _ in range(8):  # the notes come one after another: look as they do
                app.step([], 0.2)
                w, n = check(app, (name, battle, k))
                seen_words, seen_notes = max(seen_words, w), max(seen_notes, n)
                seen_odds += app.odds.rect() is not None
            key(app, pygame.K_ESCAPE)
    assert seen_words >= 3 and seen_notes >= 3  # (the check saw crowded tables)
    assert seen_odds or name in ("old-world", "ninth-age")  # (and the odds panel, where armed)


def test_a_charge_ghost_s_words_stay_in_the_view(make_app, tmp_path):
    import json

    from tests.old_world.helpers import block, facing_off, ow
    from tests.ui.conftest import move_mouse

    a = block("a", 1, 44, 30, name="Swordsmen")  # at the table's right edge
    b = block("b", 2, 44, 0, name="Skeletons")
    p = tmp_path / "edge.json"
    p.write_text(json.dumps(ow(facing_off(a, b, gap=6.0), seed=3)))
    app = make_app(p)
    app.select("a.3")
    app.play.do_action("charge")
    target = app.state.models["b.3"]
    move_mouse(app, app.camera.to_screen(target.x, target.y))
    assert app.previews.unit_ghost is not None
    app.draw()
    labels = app.renderer.formations.ghost_labels
    assert labels and all(app.camera.view.contains(r) for r in labels)


def _blank_columns_between(f, text: str) -> int:
    """How many pixel columns without ink separate the first glyph of ``text`` from the last,
    as ``f`` draws it (anti-aliased ink counts from a fourth of full brightness)."""
    img = f.render(text, True, (255, 255, 255), (0, 0, 0))
    ink = [any(img.get_at((x, y))[0] > 60 for y in range(img.get_height()))
           for x in range(img.get_width())]
    first_end = ink.index(False, ink.index(True))
    last_start = len(ink) - 1 - ink[::-1].index(True)
    while last_start > 0 and ink[last_start - 1]:
        last_start -= 1
    return last_start - first_end


def test_the_log_draws_dice_apart():
    """At 13 px Noto Sans sets a "4" so close to the digit after the space that the dice
    "6 4 3" read "6 43": the window opens that gap at least as wide as between "2" and "3"."""
    from game.ui.sprites import font
    from game.ui.tooltip import spaced_digits, wrap

    pygame.font.init()
    f = font(13)
    line = 'Ash Wyrm: pursuit 6 4 3 (the lowest dropped) — 10"'
    shown = spaced_digits(line)
    assert shown.replace("\u200a", "") == line  # the words are the same
    four_three = shown[shown.index("4"):shown.index("3 (") + 1]
    assert _blank_columns_between(f, four_three) >= _blank_columns_between(f, "2 3")
    # wrapped just short of the dice, every line keeps the gaps and stays inside the width
    width = f.size(shown[:shown.index(" (")])[0]
    lines = wrap(shown, width, f)
    assert lines[0].endswith("6\u200a 4\u200a 3") and len(lines) > 1
    assert all(f.size(ln)[0] <= width for ln in lines)


def test_log_lines_wrap_inside_the_log(make_app):
    from game.ui.sprites import font

    app = make_app(ROOT / "maps" / "ninth-age.toml", seed=2)
    for _ in range(40):
        if app.state.game_over:
            break
        eng = app.session.engine
        app.play.execute(choose(eng.fork(), side_to_act(eng), "easy").command)
    app.run_frames(2)
    items = app.panels.log_items
    assert len(items) > 40 and any(i.startswith("\u00a0") for i in items)  # long lines wrapped
    assert max(font(13).size(i.rstrip("\u00a0"))[0] for i in items) <= app.panels.log_width()

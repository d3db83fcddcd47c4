"""The table as drawn: bases where the state puts them, at real size, in their side's colour;
the view fitted to the table on opening and on resizing; words that keep off each other and
off the bases; badges and damage pips from what the ruleset says of each model."""

from __future__ import annotations

import pygame

from game.ui.sprites import PIP_LEFT, PIP_LOST, side_colour
from tests.ui.conftest import DEFAULT, DUEL, STUDY, TRENCH, key, move_mouse, screen_of


def pixel(app, x, y):
    return tuple(app.screen.get_at(screen_of(app, x, y)))[:3]


def test_bases_are_drawn_at_their_table_position_in_their_side_colour(make_app):
    app = make_app(DEFAULT)
    for m in app.state.models.values():
        assert pixel(app, m.x, m.y) == side_colour(m.side), m.name
    assert pixel(app, 1.0, 15.0) not in (side_colour(1), side_colour(2))


def test_base_size_is_real_scale(make_app):
    app = make_app(DUEL)
    orc = app.state.models["orc"]  # a standard base: 25 mm = 0.984 inches square
    half = 25.0 / 25.4 / 2
    assert pixel(app, orc.x + half * 0.8, orc.y) == side_colour(1)
    assert pixel(app, orc.x + half * 1.3, orc.y) != side_colour(1)


def test_wheel_zooms_toward_the_cursor_and_drag_pans(make_app):
    app = make_app(DUEL)
    cam = app.camera
    pos = screen_of(app, 6.0, 8.0)
    before = cam.scale
    move_mouse(app, pos)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)])
    assert cam.scale > before * 1.2
    tx, ty = cam.to_table(pos)
    assert abs(tx - 6.0) < 0.05 and abs(ty - 8.0) < 0.05
    ox, oy = cam.ox, cam.oy
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=3),
              pygame.event.Event(pygame.MOUSEMOTION, pos=(340, 320), rel=(40, 20), buttons=(0, 0, 1)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(340, 320), button=3)])
    assert (cam.ox - ox, cam.oy - oy) == (40, 20)
    orc = app.state.models["orc"]
    assert pixel(app, orc.x, orc.y) == side_colour(1)


def test_resizing_refits_the_whole_table_into_the_new_view(make_app):
    app = make_app(DEFAULT)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0)])
    for size in ((1600, 900), (900, 640)):
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
        assert app.size == size
        view, table = app.camera.view, app.camera.table_rect()
        assert view.right == app.layout.panel.left
        assert view.contains(table)  # all of it shows...
        # ...as big as the view allows (it touches the view's sides or its top and bottom)
        assert table.w >= view.w - 30 or table.h >= view.h - 30
        for m in app.state.models.values():
            assert pixel(app, m.x, m.y) == side_colour(m.side)


def test_a_small_battle_on_a_big_table_opens_zoomed_on_the_models(make_app):
    app = make_app(STUDY)
    tw, th = app.state.table
    assert app.camera.scale >= 40  # a 24" table would show at about 28 pixels an inch
    for m in app.state.models.values():
        assert app.camera.view.collidepoint(screen_of(app, m.x, m.y))
    key(app, pygame.K_0)  # the whole table
    assert app.camera.view.contains(app.camera.table_rect())


def _name_rects(app):
    """The rectangle of each model's name drawn, by model."""
    r = app.renderer
    zoom_key = (app.camera.step, round(app.camera.base, 4))
    size = 11 if app.camera.scale < 40 else 13
    labels = {id(r._entry(m, app.camera.scale, zoom_key, size)[6]): m.name
              for m in app.state.models.values() if m.on_table}
    return {labels[id(img)]: rect for img, rect in r.words.placed if id(img) in labels}


def test_names_cover_no_other_name_nor_another_base(make_app):
    from game.ui.labels import Word, place_words

    view = pygame.Rect(0, 0, 400, 400)
    bases = [pygame.Rect(100, 100, 20, 20), pygame.Rect(120, 100, 20, 20)]
    a, b = (Word(60, 14, [(80, 120), (80, 86)], frozenset({0})),
            Word(60, 14, [(100, 120), (100, 86)], frozenset({1})))
    assert place_words([a, b], view, bases) == [pygame.Rect(80, 120, 60, 14),
                                               pygame.Rect(100, 86, 60, 14)]  # under, then above
    edge = Word(60, 14, [(370, 120)])  # past the view's right edge: pulled in
    assert place_words([edge], view) == [pygame.Rect(340, 120, 60, 14)]
    assert place_words([a, a], view, bases) == [pygame.Rect(80, 120, 60, 14),
                                               pygame.Rect(80, 86, 60, 14)]
    assert place_words([edge, edge, edge], view)[2] is None  # no free place: not shown
    for scenario in (TRENCH, STUDY):
        app = make_app(scenario)
        key(app, pygame.K_l)  # names on every base
        app.step([])
        rects = _name_rects(app)
        assert set(rects) == {m.name for m in app.state.models.values() if m.on_table}
        every = [r for _, r in app.renderer.words.placed]
        assert not [(x, y) for i, x in enumerate(every) for y in every[i + 1:] if x.colliderect(y)]
        assert all(app.camera.view.contains(r) for r in every)
        for name, rect in rects.items():
            for m in app.state.models.values():
                if m.name == name:
                    continue
                hw = app.renderer._per_model[m.name][4]
                sx, sy = app.camera.to_screen(m.x, m.y)
                base = pygame.Rect(int(sx - hw), int(sy - hw), int(2 * hw), int(2 * hw))
                assert not rect.colliderect(base.inflate(-2, -2)), (name, m.name)


def test_terrain_shows_its_name_and_labels_do_not_hide_thin_walls(make_app):
    app = make_app(TRENCH)
    app.step([])
    r = app.renderer
    texts = [t.display for t in app.state.terrain]
    assert "Sandbag barricade (west)" in texts  # the name, not the id "sandbags-west"
    s, ox, oy = app.camera.scale, app.camera.ox, app.camera.oy
    placed = {id(img): rect for img, rect in r.words.placed}
    for t in app.state.terrain:
        h = f' {t.height:g}"' if t.height else ""
        img = r.label(f"{t.display} ({t.kind}{h})", 11, (235, 230, 210))
        rect = placed[id(img)]
        xs = [ox + px * s for px, _ in t.polygon]
        ys = [oy + py * s for _, py in t.polygon]
        piece = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        if piece.h < rect.h + 4 or piece.w < rect.w + 4:
            assert not rect.colliderect(piece), t.id  # beside a thin piece, not on it


def test_badges_and_damage_pips_show_what_the_ruleset_says(make_app, scenario_file):
    from tests.support import scenario, unit

    hurt = unit("hurt", 1, 10, 10, stats={"DT": 3}, name="Hurt")
    foe = unit("foe", 2, 16, 16, name="Foe")
    path = scenario_file(scenario([hurt, foe]))
    app = make_app(path)
    from game.core import events as ev

    # damage and a condition, as the engine would apply them
    app.session.engine._emit(ev.DamageTaken("hurt", 2, "test"))
    app.session.engine._emit(ev.ConditionAdded("hurt", "shaken", "test", ()))
    app.renderer.clear()
    app.dirty = True
    app.step([])
    entry = app.renderer._entry(app.state.models["hurt"], app.camera.scale,
                                (app.camera.step, round(app.camera.base, 4)), 11)
    badges, pips = entry[7], entry[8]
    assert len(badges) == 1  # Shaken
    assert pips is not None
    # two of the three pips are the red of damage taken
    row = [tuple(pips.get_at((x, pips.get_height() // 2)))[:3] for x in range(pips.get_width())]
    red, light = row.count(PIP_LOST), row.count(PIP_LEFT)
    assert light > 0 and abs(red / light - 2.0) < 0.3

"""The window as a whole: it redraws only when something changed, survives thousands of random
events, its controls are all documented, and its code stays in small modules that know no
rule of any game."""

from __future__ import annotations

import random
import re

import pygame

from tests.ui.conftest import DEFAULT, DUEL, ROOT, click_model, move_mouse, screen_of


def test_idle_the_window_does_not_redraw_and_any_change_redraws_it(make_app):
    app = make_app(DUEL)
    app.run_frames(120, dt=1 / 30)  # four seconds: everything settles
    assert not app.busy()
    before = app.draws
    app.run_frames(300, dt=1 / 30)  # ten idle seconds
    assert app.draws == before
    # a hover that changes what is shown draws again, then settles
    move_mouse(app, screen_of(app, 3.0, 3.0))
    assert app.draws > before
    app.run_frames(120, dt=1 / 30)
    settled = app.draws
    app.run_frames(60, dt=1 / 30)
    assert app.draws == settled
    # an order draws, and its notes keep the window drawing until they have floated away
    click_model(app, "orc")
    click_model(app, "elf")
    assert app.notes.active or app.busy()
    app.run_frames(200, dt=1 / 30)
    assert not app.notes.active and not app.busy()


def test_five_thousand_random_events_raise_nothing(make_app):
    app = make_app(DEFAULT, handover=True, strict=True)
    rng = random.Random(5)
    w, h = app.size
    keys = [pygame.K_g, pygame.K_c, pygame.K_f, pygame.K_o, pygame.K_i, pygame.K_p, pygame.K_e,
            pygame.K_t, pygame.K_m, pygame.K_n, pygame.K_h, pygame.K_r, pygame.K_TAB, pygame.K_ESCAPE,
            pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_UP, pygame.K_0, pygame.K_F1,
            pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_o, pygame.K_w, pygame.K_PERIOD,
            pygame.K_COMMA, pygame.K_LEFTBRACKET, pygame.K_b, pygame.K_END, pygame.K_a, pygame.K_1]
    batch: list[pygame.event.Event] = []
    for _i in range(5000):
        pos = (rng.randrange(w), rng.randrange(h))
        kind = rng.random()
        if kind < 0.35:
            batch.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                            buttons=(rng.random() < 0.2, 0, 0)))
        elif kind < 0.65:
            b = rng.choice([1, 1, 1, 2, 3])
            batch.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b))
            batch.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=b))
        elif kind < 0.72:
            batch.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]),
                                            flipped=False, precise_x=0.0, precise_y=1.0))
        else:
            k = rng.choice(keys)
            mod = pygame.KMOD_LCTRL if rng.random() < 0.1 else 0
            batch.append(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
            batch.append(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
        if len(batch) >= 10:
            app.step(batch)
            batch = []
    app.step(batch)
    assert app.errors == []


def test_docs_list_every_control():
    from game.ui.info import CONTROLS

    text = (ROOT / "docs" / "ui.md").read_text(encoding="utf-8")
    for _, rows in CONTROLS:
        for k, what in rows:
            assert f"| {k} | {what} |" in text, k


def test_the_window_code_is_in_small_modules_that_name_no_rule():
    stats = r"\b(MOV|MAV|DT|DV|DIS|Movement|Melee|Armour)\b"
    conditions = r"[\"'](shaken|disabled|burning|poisoned|inspired|down|out_of_action)[\"']"
    for path in sorted((ROOT / "game" / "ui").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert text.count("\n") <= 500, path.name
        code = re.sub(r'"""[\s\S]*?"""|#[^\n]*', "", text)  # docstrings and comments aside
        assert not re.search(stats, code), (path.name, re.search(stats, code).group(0))
        assert not re.search(conditions, code), path.name
        assert "rulesets.common.flow" not in code and "skirmish_d10" not in code, path.name
        assert "trench_crusade" not in code, path.name


def test_f1_lists_the_game_s_actions_rules_and_conditions(make_app):
    from tests.ui.conftest import TRENCH, key

    app = make_app(TRENCH)
    key(app, pygame.K_F1)
    assert app.help is not None and app.help.alive()
    text = app.help.window.get_container().elements[0].html_text
    rs = app.ruleset
    for name in ("FEAR", "TOUGH", "ARMOUR PIERCING"):
        info = rs.rules()[name.lower()]
        assert name in text and info.summary.replace("'", "&#x27;") in text
    assert "Down" in text and "Diving Charge" in text and "Ctrl+Y" in text
    key(app, pygame.K_F1)
    assert not app.help.alive()


def test_every_hotkey_of_every_ruleset_reaches_its_button(make_app, monkeypatch):
    """No key of the window itself (names, ruler, hand-over...) shadows a ruleset's hotkey:
    old-world's and ninth-age's N is Next phase."""
    from game.ui.play import hotkey_code
    from tests.ui.conftest import TRENCH, key

    for scenario in (DEFAULT, TRENCH, ROOT / "maps" / "old-world.toml",
                     ROOT / "maps" / "ninth-age.toml"):
        app = make_app(scenario)
        pressed: list[str] = []
        monkeypatch.setattr(app.play, "do_action", pressed.append)
        actions = [*app.ruleset.presenter.ui_actions(), *app.ruleset.presenter.flow_actions()]
        for a in actions:
            key(app, hotkey_code(a.hotkey))
        assert pressed == [a.name for a in actions], scenario.name


def test_the_window_page_shows_every_shipped_map_and_its_pictures_are_there():
    text = (ROOT / "docs" / "ui.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((screenshots/[^)]+\.png)\)", text)
    for m in sorted((ROOT / "maps").glob("*.toml")):
        assert f"screenshots/{m.stem}-battle.png" in links, m.name
        assert f"screenshots/{m.stem}-editor.png" in links, m.name
    assert "screenshots/old-world-drag.png" in links and "screenshots/ninth-age-drag.png" in links
    for link in links:
        assert (ROOT / "docs" / link).is_file(), link

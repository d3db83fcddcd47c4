"""The window on a trench-crusade game: the action bar comes from the ruleset (Move, Turn,
Charge, Diving Charge, Fight, Stand Up, Pass), its buttons, hotkeys and clicks reach the
engine, and the card shows the markers and weapons as they stand."""

from __future__ import annotations

import pygame
import pytest

from game.core import events as ev
from game.rulesets.trench_crusade.terrain import within
from tests.ui.conftest import TRENCH, click, click_button, click_model, key, move_mouse, screen_of


def taken(app):
    return [(e.model, e.action) for e in app.session.engine.log if isinstance(e, ev.ActionTaken)]


def test_the_trench_buttons_open_for_the_diver_on_the_roof(make_app):
    app = make_app(TRENCH)
    b = app.panels.buttons
    click_model(app, "diver")
    app.step([])
    assert b["move"].is_enabled and b["charge"].is_enabled and b["diving_charge"].is_enabled
    assert b["pass"].is_enabled
    assert not b["fight"].is_enabled and not b["stand_up"].is_enabled
    from game.ui.info import help_html

    text = help_html(app.play.button_actions.values(), "trench-crusade")
    assert "Diving Charge" in text and "Stand Up" in text and "trench-crusade" in text


def test_move_by_hotkey_and_click_then_end_the_activation(make_app):
    app = make_app(TRENCH)
    click_model(app, "horror")
    key(app, pygame.K_g)
    assert app.play.action_mode == "move"
    click(app, screen_of(app, 20.0, 8.0))
    horror = app.state.models["horror"]
    assert (horror.x, horror.y) == pytest.approx((20.0, 8.0), abs=1.0 / app.camera.scale)
    assert taken(app) == [("horror", "move")]
    assert app.ruleset.acting_unit(app.state) == "horror"
    key(app, pygame.K_e)
    assert app.ruleset.acting_unit(app.state) is None
    assert app.play.due_side() == 1


def test_a_refused_charge_is_told_in_words_with_names_and_changes_nothing(make_app):
    app = make_app(TRENCH)
    click_model(app, "horror")
    key(app, pygame.K_c)
    click_model(app, "zealot")  # around the sandbags is further than the Hound can run
    assert app.message == ('Hound of Mammon cannot reach Zealot: the charge costs 11.15" but its '
                           'Movement is 8".')
    assert taken(app) == []
    assert (app.state.models["horror"].x, app.state.models["horror"].y) == (23.5, 8.0)


def test_diving_charge_button_then_fight_button(make_app):
    app = make_app(TRENCH)
    click_model(app, "diver")
    click_button(app, app.panels.buttons["diving_charge"])
    assert app.play.action_mode == "diving_charge"
    knight = app.state.models["knight"]
    move_mouse(app, screen_of(app, knight.x, knight.y))
    g = app.previews.ghost
    assert g is not None and g.ok and "diving charge" in g.label
    click_model(app, "knight")
    s = app.state
    assert taken(app) == [("diver", "diving_charge")]
    assert within(s, s.models["diver"], s.models["knight"])
    assert s.models["diver"].flag("diving_charge") is True  # it landed well (seed 17)
    app.step([])
    assert app.panels.buttons["fight"].is_enabled
    click_button(app, app.panels.buttons["fight"])
    assert taken(app) == [("diver", "diving_charge"), ("diver", "fight")]


def test_clicking_an_enemy_charges_it_without_the_dive(make_app):
    app = make_app(TRENCH)
    click_model(app, "diver")
    click_model(app, "knight")
    assert taken(app) == [("diver", "charge")]
    s = app.state
    assert within(s, s.models["diver"], s.models["knight"])
    assert not s.models["diver"].flag("diving_charge")


def test_the_card_shows_markers_as_they_stand_and_the_weapons(make_app):
    app = make_app(TRENCH)
    click_model(app, "knight", shift=True)
    chips = [b.text for b, _, _ in app.panels.chips]
    assert "Blessing Markers: 1" in chips and "TOUGH" in chips and "ARMOUR PIERCING" in chips
    assert not any(c.startswith("Blessing Markers (") for c in chips)
    assert "Great Sword: melee, +1 INJURY DICE, ARMOUR PIERCING" in app.panels.card.html_text
    # spent: the badge and the chip go
    app.session.engine._emit(ev.CounterChanged("knight", "blessing_markers", -1, "spent"))
    app.dirty = True
    app.step([])
    assert not any(c.startswith("Blessing") for c, in [(b.text,) for b, _, _ in app.panels.chips])

"""The window on a trench-crusade game: the action bar comes from the ruleset (Move, Charge,
Diving Charge, Fight, Stand Up, Pass), and its buttons, hotkeys and clicks reach the engine."""

from __future__ import annotations

import pygame
import pytest

from game.core import events as ev
from game.rulesets.common.flow import activation
from game.rulesets.trench_crusade.terrain import within
from tests.ui.conftest import ROOT, click, click_button, click_model, key, move_mouse, screen_of

TRENCH = ROOT / "maps" / "trench.toml"


def taken(app):
    return [(e.model, e.action) for e in app.session.engine.log if isinstance(e, ev.ActionTaken)]


def test_the_trench_window_shows_the_trench_actions(make_app):
    app = make_app(TRENCH)
    b = app.action_buttons
    assert list(b) == ["move", "charge", "diving_charge", "fight", "stand_up", "pass",
                       "end_activation", "end_turn"]
    assert "focus" not in b and "inspire" not in b  # skirmish-d10's, not trench-crusade's
    assert b["diving_charge"].text == "Dive (D)" and b["stand_up"].text == "Stand Up (U)"
    # every button fits on the panel
    panel = pygame.Rect(app.size[0] - app.right_width(), 0, app.right_width(), app.size[1])
    assert all(panel.contains(x.rect) for x in b.values())
    # the Death Commando on the bunker roof: it may move, charge, dive; nobody is in reach
    click_model(app, "diver")
    app.step([])
    assert b["move"].is_enabled and b["charge"].is_enabled and b["diving_charge"].is_enabled
    assert b["pass"].is_enabled
    assert not b["fight"].is_enabled
    assert not b["stand_up"].is_enabled  # it is not Down
    # F1 lists this game's actions with their keys
    from game.ui.info import help_html

    text = help_html(app.actions.values(), "trench-crusade")
    assert "Diving Charge" in text and "Stand Up" in text and "trench-crusade" in text


def test_move_by_hotkey_and_click_then_end_the_activation(make_app):
    app = make_app(TRENCH)
    click_model(app, "horror")
    key(app, pygame.K_g)
    assert app.action_mode == "move"
    click(app, screen_of(app, 20.0, 8.0))
    horror = app.state.models["horror"]
    tol = 1.0 / app.camera.scale
    assert (horror.x, horror.y) == pytest.approx((20.0, 8.0), abs=tol)
    assert taken(app) == [("horror", "move")]
    assert activation(app.state) is not None and activation(app.state).unit == "horror"
    key(app, pygame.K_e)
    assert activation(app.state) is None
    assert app.due_side() == 1


def test_a_refused_charge_is_told_in_words_and_changes_nothing(make_app):
    app = make_app(TRENCH)
    click_model(app, "horror")
    key(app, pygame.K_c)
    click_model(app, "zealot")  # the sandbag barricade is in the way
    assert app.message.startswith("Refused") and "the charge costs 11.15\" but its Movement is 8\"" in app.message
    assert taken(app) == []
    assert (app.state.models["horror"].x, app.state.models["horror"].y) == (23.5, 8.0)


def test_diving_charge_button_then_fight_button(make_app):
    app = make_app(TRENCH)
    click_model(app, "diver")
    click_button(app, app.action_buttons["diving_charge"])
    assert app.action_mode == "diving_charge"
    knight = app.state.models["knight"]
    move_mouse(app, screen_of(app, knight.x, knight.y))
    assert app.ghost is not None and app.ghost[4] is True and "diving charge" in app.ghost[5]
    click_model(app, "knight")
    s = app.state
    assert taken(app) == [("diver", "diving_charge")]
    assert any(isinstance(e, ev.DiceRolled) and e.purpose == "diving_charge" for e in app.session.engine.log)
    diver = s.models["diver"]
    assert within(s, diver, s.models["knight"])
    assert diver.flag("diving_charge") is True  # it landed well (seed 17)
    # in reach of one enemy: the Fight button fights it with every melee weapon at once
    app.step([])
    assert app.action_buttons["fight"].is_enabled
    click_button(app, app.action_buttons["fight"])
    assert taken(app) == [("diver", "diving_charge"), ("diver", "fight")]
    fight_at = next(i for i, e in enumerate(app.session.engine.log)
                    if isinstance(e, ev.ActionTaken) and e.action == "fight")
    rolls = [e for e in app.session.engine.log[fight_at:] if isinstance(e, ev.DiceRolled)]
    assert rolls, "the melee attacks were rolled"


def test_clicking_an_enemy_charges_it_without_the_dive(make_app):
    app = make_app(TRENCH)
    click_model(app, "diver")
    click_model(app, "knight")  # no button pressed: out of reach, so a (plain) Charge
    assert taken(app) == [("diver", "charge")]
    moves = [e for e in app.session.engine.log if isinstance(e, ev.ModelMoved) and e.model == "diver"]
    assert [m.reason for m in moves] == ["charge"]
    s = app.state
    assert within(s, s.models["diver"], s.models["knight"])
    assert not s.models["diver"].flag("diving_charge")


def test_names_of_models_in_base_contact_do_not_overlap(make_app):
    from game.ui.render import place_labels

    # side by side: the second name goes above its base
    bases = [pygame.Rect(100, 100, 20, 20), pygame.Rect(120, 100, 20, 20)]
    tops = place_labels([(60, 14, 110, 110, 10, 0), (60, 14, 130, 110, 10, 1)], bases)
    assert tops == [120.0, 86.0]
    # one above the other: the upper name goes above its base, off the lower base
    bases = [pygame.Rect(100, 100, 20, 20), pygame.Rect(100, 120, 20, 20)]
    tops = place_labels([(60, 14, 110, 110, 10, 0), (60, 14, 110, 130, 10, 1)], bases)
    assert tops == [86.0, 140.0]

    # in the window: the pilgrim and the trooper touch across the sandbags
    app = make_app(TRENCH)
    key(app, pygame.K_n)  # names on every base
    app.step([])
    r = app.renderer
    rects = {}
    for name, top in r._name_layout.items():
        m = app.state.models[name]
        lab = r._per_model[name][6]
        x = m.x * app.camera.scale - lab.get_width() / 2
        rects[name] = pygame.Rect(int(x), int(top), *lab.get_size())
    assert set(rects) == set(app.state.models)
    names = list(rects)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not rects[a].colliderect(rects[b]), (a, b)
    # nor does the trooper's name cover the pilgrim's base just below it
    s = app.camera.scale
    p = app.state.models["pilgrim"]
    hw, hh = r._per_model["pilgrim"][4:6]
    pilgrim_base = pygame.Rect(int(p.x * s - hw), int(p.y * s - hh), int(2 * hw), int(2 * hh))
    assert not rects["trooper"].colliderect(pilgrim_base)

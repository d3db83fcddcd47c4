"""Playing in the window, driven by posted mouse and keyboard events: the card, moves with
their ghost, turning in place, Shift to face, charges that end flush, fights, the action
buttons, refusals in words, undo and redo, notes floating up at the models."""

from __future__ import annotations

import math

import pygame
import pytest

from game.core import events as ev
from tests.ui.conftest import (
    DUEL,
    TRENCH,
    click,
    click_button,
    click_model,
    ctrl,
    drag,
    key,
    move_mouse,
    screen_of,
)


def moved(app, name):
    return [e for e in app.session.engine.log if isinstance(e, ev.ModelMoved) and e.model == name]


def taken(app):
    return [(e.model, e.action) for e in app.session.engine.log if isinstance(e, ev.ActionTaken)]


def test_the_card_shows_stats_rules_and_their_descriptions(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    assert app.selected == "orc"
    text = app.panels.card.html_text
    assert "Orc Brute" in text and "MAV" in text and "Track" in text and "damage 0 of" in text
    chips = {b.text: (title, tip) for b, title, tip in app.panels.chips}
    tough = app.session.engine.ruleset.rules()["tough"]
    assert chips["Tough"] == ("Tough", tough.description)
    # the tooltip shows after a rest on the chip, wrapped and inside the window
    b = next(b for b, _, _ in app.panels.chips if b.text == "Tough")
    move_mouse(app, b.rect.center)
    app.run_frames(40, dt=1 / 30)
    assert app.tooltips.showing
    img = app.tooltips.image("Tough", tough.description)
    from game.ui.tooltip import place_tip

    x, y = place_tip(img.get_size(), b.rect, b.rect.center, app.size)
    assert x >= 0 and x + img.get_width() <= app.size[0] and y + img.get_height() <= app.size[1]
    assert img.get_width() <= 360


def test_click_to_move_with_a_ghost_then_an_illegal_move_is_refused_in_words(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    target = screen_of(app, 14.0, 17.0)
    move_mouse(app, target)
    g = app.previews.ghost
    assert g is not None and g.ok and 'of 5"' in g.label
    assert app.panels.status_line()[0].startswith("Click to move")
    click(app, target)
    orc = app.state.models["orc"]
    px = 1.0 / app.camera.scale
    assert (orc.x, orc.y) == pytest.approx((14.0, 17.0), abs=px)
    far = screen_of(app, 14.0, 23.5)
    move_mouse(app, far)
    assert app.previews.ghost is not None and not app.previews.ghost.ok
    text = app.panels.status_line()[0]
    assert text.startswith("Orc Brute cannot move there") and '"' + "orc" not in text
    n = len(app.session.engine.log)
    click(app, far)
    assert len(app.session.engine.log) == n
    assert app.message.startswith("Orc Brute cannot move there")


def test_a_model_with_no_action_left_gets_no_red_ghost_only_a_quiet_word(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    click(app, screen_of(app, 12.0, 16.0))
    click(app, screen_of(app, 12.0, 17.0))  # both actions spent
    move_mouse(app, screen_of(app, 13.0, 18.0))
    assert app.previews.ghost is None
    text, colour = app.panels.status_line()
    assert "both its actions" in text and colour[0] < 200  # grey, not red
    # nor a red "cannot charge" on an enemy
    elf = app.state.models["elf"]
    move_mouse(app, screen_of(app, elf.x, elf.y))
    assert app.previews.ghost is None and app.previews.target is None


def test_drag_moves_and_shift_at_the_drop_turns_to_face(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    orc = app.state.models["orc"]
    drag(app, screen_of(app, orc.x, orc.y), screen_of(app, 10.0, 16.0), shift_at_drop=True)
    orc = app.state.models["orc"]
    assert (orc.x, orc.y) == pytest.approx((10.0, 16.0), abs=1.0 / app.camera.scale)
    # it faces the way it moved: 2" left and 1" down (y grows down), clockwise from up
    want = math.degrees(math.atan2(-2.0, -1.0)) % 360  # atan2(dx, -dy)
    assert orc.facing == pytest.approx(want, abs=0.5)


def test_shift_click_on_the_table_moves_and_faces_and_does_not_deselect(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    click(app, screen_of(app, 15.0, 15.0), shift=True)
    orc = app.state.models["orc"]
    assert app.selected == "orc"
    assert (orc.x, orc.y) == pytest.approx((15.0, 15.0), abs=1.0 / app.camera.scale)
    assert orc.facing == pytest.approx(90.0, abs=1)  # to the right
    # Shift on a model selects it without acting
    click_model(app, "elf", shift=True)
    assert app.selected == "elf" and taken(app) == [("orc", "move")]


def test_turn_in_place_with_the_turn_button(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    key(app, pygame.K_r)
    assert app.play.action_mode == "turn"
    move_mouse(app, screen_of(app, 8.0, 15.0))
    g = app.previews.ghost
    assert g is not None and g.ok and (g.x, g.y) == (12.0, 15.0)
    click(app, screen_of(app, 8.0, 15.0))
    orc = app.state.models["orc"]
    assert (orc.x, orc.y) == (12.0, 15.0) and orc.facing == pytest.approx(270.0, abs=0.5)
    assert moved(app, "orc")[-1].distance == 0.0


def test_charge_ends_flush_then_fight_and_end_the_activation(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    elf = app.state.models["elf"]
    move_mouse(app, screen_of(app, elf.x, elf.y))
    assert app.previews.target == "elf"
    g = app.previews.ghost
    assert g is not None and g.ok and "charge" in g.label
    click_model(app, "elf")
    orc = app.state.models["orc"]
    assert (orc.x, orc.y) == pytest.approx((g.x, g.y))
    from game.rulesets.skirmish_d10.ruleset import TABLE

    assert TABLE.in_contact(orc, app.state.models["elf"])
    # what the charge did is read first, until the pointer moves; then hovering the enemy
    # offers the fight (not a red "cannot charge")
    assert app.panels.status_line()[0] == 'Orc Brute runs 4.0" into base contact'
    move_mouse(app, screen_of(app, elf.x + 0.2, elf.y))
    assert app.panels.status_line()[0] == "Click to fight Elf Blademaster."
    click_model(app, "elf")
    assert taken(app) == [("orc", "charge"), ("orc", "fight")]
    key(app, pygame.K_e)
    rolls = [e for e in app.session.engine.log if isinstance(e, ev.DiceRolled) and e.purpose == "attack"]
    assert rolls
    assert app.ruleset.acting_unit(app.state) is None
    assert any("attack at Elf Blademaster: d10" in item for item in app.panels.log_items)
    # the rolls float up at the models that rolled them, one after the other
    assert app.notes.active and {f.note.model for f in app.notes.items} >= {"orc"}
    starts = [f.start for f in app.notes.items]
    assert starts == sorted(starts) and len(set(starts)) == len(starts)


def test_action_buttons_reflect_what_the_engine_allows(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    app.step([])
    b = app.panels.buttons
    assert b["move"].is_enabled and b["charge"].is_enabled and b["focus"].is_enabled
    assert not b["inspire"].is_enabled  # the orc is no leader
    assert not b["fight"].is_enabled  # nobody in contact
    assert not b["end_activation"].is_enabled and b["end_turn"].is_enabled
    assert not b["undo"].is_enabled and not b["redo"].is_enabled
    click_button(app, b["focus"])
    assert taken(app) == [("orc", "focus")]
    app.step([])
    assert b["end_activation"].is_enabled and b["undo"].is_enabled


def test_undo_then_redo_gives_the_same_order_and_the_same_dice(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    click_model(app, "elf")  # charge
    click_model(app, "elf")  # fight
    key(app, pygame.K_e)  # rolls dice
    log = [ev.event_to_dict(e) for e in app.session.engine.log]
    ctrl(app, pygame.K_z)
    from game.ui.dialogs import ChoiceDialog
    from tests.ui.conftest import choose, dialogs

    assert dialogs(app, ChoiceDialog)  # it rolled dice: asks first
    choose(app, "ok")
    assert app.ruleset.acting_unit(app.state) is not None
    assert not app.notes.active and app.log_highlight == ()
    ctrl(app, pygame.K_y)
    assert [ev.event_to_dict(e) for e in app.session.engine.log] == log
    ctrl(app, pygame.K_y)
    assert app.message == "Nothing to redo."


def test_log_line_click_rings_the_models_until_the_next_order(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    click_model(app, "elf")
    app.step([])
    idx = next(i for i, t in enumerate(app.panels.log_items) if "charges" in t)
    item = app.panels.log.item_list[idx]
    if item["button_element"] is None:
        pytest.skip("line scrolled out of view")
    click(app, item["button_element"].rect.center)
    assert set(app.log_highlight) == {"orc", "elf"}
    assert "Orc Brute" in app.message
    click_model(app, "orc")
    key(app, pygame.K_o)  # focus: a new order
    assert app.log_highlight == ()
    # the log is numbered line after line
    numbers = [int(t.split(".", 1)[0]) for t in app.panels.log_items if t[:1].isdigit()]
    assert numbers == list(range(1, len(numbers) + 1))


def test_wrong_side_is_not_ordered(make_app):
    app = make_app(DUEL)
    click_model(app, "elf")
    key(app, pygame.K_o)  # Focus
    assert not taken(app)
    assert "Select one of your models" in app.message


def test_trench_buttons_come_from_the_ruleset(make_app):
    app = make_app(TRENCH)
    b = app.panels.buttons
    assert list(b) == ["move", "turn", "charge", "diving_charge", "fight", "stand_up", "pass",
                       "end_activation", "end_turn", "undo", "redo"]
    assert b["diving_charge"].text == "Dive (D)"
    assert all(app.layout.panel.contains(x.rect) for x in b.values())


def test_a_key_s_answer_is_read_over_the_hover_until_the_pointer_moves(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    target = screen_of(app, 14.0, 17.0)
    move_mouse(app, target)
    assert app.panels.status_line()[0].startswith("Click to move")
    key(app, pygame.K_h)
    assert app.panels.status_line()[0] == "Hand-over screens on."
    click(app, target)  # a move; then undo it
    ctrl(app, pygame.K_z)
    assert app.panels.status_line()[0].startswith("Undone: Orc Brute: move.")
    move_mouse(app, screen_of(app, 14.0, 17.5))
    assert app.panels.status_line()[0].startswith("Click to move")

"""The window driven by posted mouse and keyboard events; checks on the engine state and on
the pixels drawn."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from game.core import events as ev
from game.core.replay import check, is_save, read_save, write_save
from game.rulesets.common.flow import activation
from game.ui.render import side_colour
from tests.support import scenario, unit
from tests.ui.conftest import (
    DEFAULT,
    DUEL,
    click,
    click_button,
    click_model,
    key,
    move_mouse,
    screen_of,
)


def pixel(app, x, y):
    return tuple(app.screen.get_at(screen_of(app, x, y)))[:3]


def moved(app, name):
    return [e for e in app.session.engine.log if isinstance(e, ev.ModelMoved) and e.model == name]


# --- the table ---------------------------------------------------------------------------------


def test_bases_are_drawn_at_their_table_position_in_their_side_colour(make_app):
    app = make_app(DEFAULT)
    s = app.state
    for m in s.models.values():
        assert pixel(app, m.x, m.y) == side_colour(m.side), m.name
    # a point of bare table between them is not a base colour
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
    # right-drag pans by the mouse movement
    ox, oy = cam.ox, cam.oy
    start = (300, 300)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3),
              pygame.event.Event(pygame.MOUSEMOTION, pos=(340, 320), rel=(40, 20), buttons=(0, 0, 1)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(340, 320), button=3)])
    assert (cam.ox - ox, cam.oy - oy) == (40, 20)
    key(app, pygame.K_LEFT)
    assert cam.ox > ox + 40
    # the bases are still drawn where the camera says
    orc = app.state.models["orc"]
    assert pixel(app, orc.x, orc.y) == side_colour(1)


def test_the_window_resizes(make_app):
    app = make_app(DUEL)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))])
    assert app.size == (1600, 900)
    assert app.camera.view.right == 1600 - app.right_width()
    elf = app.state.models["elf"]
    assert pixel(app, elf.x, elf.y) == side_colour(2)


# --- acting --------------------------------------------------------------------------------------


def test_select_shows_the_card_with_rules_and_their_descriptions(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    assert app.selected == "orc"
    text = app.card.html_text
    assert "Orc Brute" in text and "MAV" in text and "Track" in text
    tough = [b for b in app.rule_buttons if b.text == "Tough"]
    assert tough, "the Tough rule is listed"
    assert tough[0].tool_tip_text == app.session.engine.ruleset.rules()["tough"].description
    # the selection outline is drawn in yellow around the base
    orc = app.state.models["orc"]
    edge = screen_of(app, orc.x - 25 / 25.4 / 2, orc.y)
    near = [tuple(app.screen.get_at((edge[0] + dx, edge[1])))[:3] for dx in (-1, 0, 1)]
    assert (255, 225, 70) in near


def test_click_to_move_with_a_ghost_then_an_illegal_move_is_refused_in_words(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    target = screen_of(app, 14.0, 17.0)
    move_mouse(app, target)
    assert app.ghost is not None and app.ghost[4] is True
    assert 'of 5"' in app.ghost[5]
    # the legal ghost is drawn in green-ish at the target
    r, g, b = pixel(app, 14.0, 17.0)
    assert g > r
    click(app, target)
    orc = app.state.models["orc"]
    px = 1.0 / app.camera.scale  # one pixel, in inches
    assert (orc.x, orc.y) == pytest.approx((14.0, 17.0), abs=px)
    assert moved(app, "orc")[-1].distance == pytest.approx(math.hypot(orc.x - 12, orc.y - 15), abs=1e-3)
    # redrawn at the new place
    app.step([])
    assert pixel(app, 14.0, 17.0) == side_colour(1)
    # too far: red ghost, refusal in words, nothing moves
    far = screen_of(app, 14.0, 23.5)
    move_mouse(app, far)
    assert app.ghost is not None and app.ghost[4] is False
    assert "MOV" in app._preview_status
    n = len(app.session.engine.log)
    click(app, far)
    assert len(app.session.engine.log) == n
    assert app.message.startswith("Refused") and "MOV" in app.message


def test_drag_moves_the_model(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    orc = app.state.models["orc"]
    a = screen_of(app, orc.x, orc.y)
    b = screen_of(app, 10.0, 16.0)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    orc = app.state.models["orc"]
    assert (orc.x, orc.y) == pytest.approx((10.0, 16.0), abs=1.0 / app.camera.scale)


def test_wrong_side_is_refused_in_words(make_app):
    app = make_app(DUEL)
    click_model(app, "elf")
    key(app, pygame.K_o)  # Focus
    assert "Refused" in app.message or "Select" in app.message or app.selected == "elf"
    assert not [e for e in app.session.engine.log if isinstance(e, ev.ActionTaken)]


def test_charge_shows_the_end_point_then_fight_and_end_activation(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    elf = app.state.models["elf"]
    move_mouse(app, screen_of(app, elf.x, elf.y))
    assert app.target == "elf"
    assert app.ghost is not None and app.ghost[4] is True and "charge" in app.ghost[5]
    gx, gy = app.ghost[1], app.ghost[2]
    click_model(app, "elf")
    orc = app.state.models["orc"]
    assert (orc.x, orc.y) == pytest.approx((gx, gy))
    from game.rulesets.skirmish_d10.ruleset import TABLE

    assert TABLE.in_contact(orc, app.state.models["elf"])
    # now in contact: clicking the enemy declares a Fight
    click_model(app, "elf")
    acts = [e for e in app.session.engine.log if isinstance(e, ev.ActionTaken)]
    assert [a.action for a in acts] == ["charge", "fight"]
    key(app, pygame.K_e)  # end the activation: the melee is resolved
    rolls = [e for e in app.session.engine.log if isinstance(e, ev.DiceRolled) and e.purpose == "attack"]
    assert rolls, "the Attack Checks were rolled"
    assert activation(app.state) is None
    assert any("attack at Elf Blademaster" in item for item in app._log_items)


def test_action_buttons_reflect_what_the_engine_allows(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    app.step([])
    b = app.action_buttons
    assert b["move"].is_enabled and b["charge"].is_enabled and b["focus"].is_enabled
    assert not b["inspire"].is_enabled  # the orc is no leader
    assert not b["fight"].is_enabled  # nobody in contact
    click_button(app, b["focus"])
    acts = [e.action for e in app.session.engine.log if isinstance(e, ev.ActionTaken)]
    assert acts == ["focus"]


# --- decisions -----------------------------------------------------------------------------------


def two_on_one(scenario_file):
    d = unit("d", 2, 10, 10, 180, stats={"DV": 20, "MA": 2, "DT": 3})
    a = unit("a", 1, 0, 0, 0, stats={"DV": 20})
    del a["x"], a["y"]
    a["positions"] = [[10 - 25 / 50.8, 10 + 25 / 25.4, 0], [10 + 25 / 50.8, 10 + 25 / 25.4, 0]]
    return scenario_file(scenario([d, a], dice=[1] * 40))


def test_a_decision_is_a_dialog_with_the_default_and_checked_answers(make_app, scenario_file):
    app = make_app(two_on_one(scenario_file), handover=True)
    # the first side takes the seat
    assert app.handover == 1
    click(app, (200, 200))
    assert app.handover is None
    click_model(app, "a.1")
    click_model(app, "d")
    click_model(app, "a.2")
    click_model(app, "d")
    acts = [(e.model, e.action) for e in app.session.engine.log if isinstance(e, ev.ActionTaken)]
    assert acts == [("a.1", "fight"), ("a.2", "fight")]
    key(app, pygame.K_e)
    # side 2 must decide: first the hand-over screen, then the dialog
    assert app.session.engine.pending_ask is not None
    assert app.handover == 2 and app.decision is None
    app.step([])
    assert tuple(app.screen.get_at((app.size[0] // 2, 5)))[:3] != (0, 0, 0)
    key(app, pygame.K_SPACE)
    assert app.decision is not None
    dlg = app.decision
    assert dlg.entry.get_text() == "a.1, a.2"
    # a wrong answer is refused by the engine's own check, in words
    dlg.entry.set_text("a.1, a.1, a.1")
    click_button(app, dlg.ok)
    assert app.session.engine.pending_ask is not None
    assert "only 2 Defensive Strike" in dlg.problem.html_text
    dlg.entry.set_text("a.2, a.2")
    click_button(app, dlg.ok)
    assert app.session.engine.pending_ask is None
    answered = [e for e in app.session.engine.log if isinstance(e, ev.DecisionAnswered)]
    assert answered and list(answered[-1].answer) == ["a.2", "a.2"]
    ds = [e for e in app.session.engine.log if isinstance(e, ev.DiceRolled) and e.purpose == "defensive_strike"]
    assert [e.against for e in ds] == ["a.2", "a.2"]


# --- undo and saving -----------------------------------------------------------------------------


def test_undo_cuts_the_last_command(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    click(app, screen_of(app, 12.0, 17.0))
    assert app.state.models["orc"].y == pytest.approx(17.0, abs=0.05)
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert app.state.models["orc"].y == 15.0
    assert len(app.session.engine.records) == 1
    # the autosave was rewritten without it
    save = read_save(app.saves_dir / "autosave.jsonl")
    assert len(save.records) == 1


def test_undo_asks_first_when_dice_were_rolled(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    click_model(app, "elf")  # charge
    click_model(app, "elf")  # fight
    key(app, pygame.K_e)  # rolls dice
    n = len(app.session.engine.records)
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)
    assert app.confirm is not None and len(app.session.engine.records) == n
    click_button(app, app.confirm.confirm_button)
    assert len(app.session.engine.records) == n - 1
    assert activation(app.state) is not None  # back before the end of the activation


def test_autosave_after_every_command_and_ctrl_s_saves(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    click(app, screen_of(app, 12.0, 17.0))
    auto = app.saves_dir / "autosave.jsonl"
    assert len(read_save(auto).records) == 2
    key(app, pygame.K_s, mod=pygame.KMOD_LCTRL)
    assert app.file_dialog is not None
    click_button(app, app.file_dialog.ok_button)
    saves = [p for p in app.saves_dir.glob("game-*.jsonl")]
    assert len(saves) == 1 and is_save(saves[0])
    assert check(saves[0]).ok
    assert "Saved" in app.message


def test_open_a_save_to_play_on(make_app, tmp_path):
    app = make_app(DUEL)
    click_model(app, "orc")
    click(app, screen_of(app, 12.0, 17.0))
    p = app.save_to(tmp_path / "mine.jsonl")
    app2 = make_app(DEFAULT)
    app2.open_path(p)
    assert app2.state.scenario == "Duel at the ford"
    assert app2.state.models["orc"].y == app.state.models["orc"].y != 15.0


# --- hot-seat ------------------------------------------------------------------------------------


def test_hand_over_between_sides_and_a_result_screen(make_app):
    app = make_app(DUEL, handover=True)
    assert app.handover == 1
    click(app, (100, 100))
    for _ in range(12):
        if app.state.game_over:
            break
        key(app, pygame.K_t)
        if app.confirm is not None:
            click_button(app, app.confirm.confirm_button)
        if app.handover is not None:
            key(app, pygame.K_SPACE)
    assert app.state.game_over
    assert app.result_window is not None
    app.step([])
    # the result names the winner the engine decided
    assert "draw" in app.banner_text()[0] or "wins" in app.banner_text()[0]


# --- the replay viewer ---------------------------------------------------------------------------


@pytest.fixture
def duel_save(tmp_path):
    from game.cli import run_orders

    engine = run_orders(str(DUEL), 7)
    p = tmp_path / "duel.jsonl"
    write_save(engine, p)
    return p, engine


def test_replay_seek_steps_and_branch(make_app, duel_save):
    path, engine = duel_save
    app = make_app(replay=path)
    r = app.replay
    assert app.mode == "replay" and r.pos == 0
    key(app, pygame.K_END)
    assert r.pos == r.length
    final = engine.state
    assert app.state.models["orc"] == final.models["orc"]
    # the slider seeks anywhere; the board follows
    charge = next(i for i, e in enumerate(r.events) if isinstance(e, ev.ModelMoved))
    app.step([pygame.event.Event(pygame_gui_slider_moved(), ui_element=app.slider, value=charge)])
    assert r.pos == charge
    orc0 = app.state.models["orc"]
    assert (orc0.x, orc0.y) == (12.0, 15.0)
    app.step([])
    assert pixel(app, 12.0, 15.0) == side_colour(1)
    key(app, pygame.K_PERIOD)  # one event forward: the charge move
    mv = r.events[charge]
    assert (app.state.models["orc"].x, app.state.models["orc"].y) == (mv.x, mv.y)
    assert "orc" in app.log_highlight
    key(app, pygame.K_COMMA)
    assert r.pos == charge
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHTBRACKET)  # next activation
    assert isinstance(r.events[r.pos - 1], ev.ActivationStarted)
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEUP)
    # the log shows the lines up to the position
    assert len(app._log_items) >= 1
    # play at 8x for a second of frames
    key(app, pygame.K_5)
    key(app, pygame.K_SPACE)
    before = r.pos
    app.run_frames(30, dt=1 / 30)
    assert r.pos > before
    key(app, pygame.K_SPACE)
    # continue from here: a new game from this point, as a new file
    key(app, pygame.K_END)
    key(app, pygame.K_COMMA)
    key(app, pygame.K_COMMA)
    key(app, pygame.K_b)
    assert app.mode == "play"
    branches = list(app.saves_dir.glob("branch-*.jsonl"))
    assert len(branches) == 1
    saved = read_save(branches[0])
    assert len(saved.records) <= len(read_save(path).records)
    assert check(branches[0]).ok


def pygame_gui_slider_moved():
    import pygame_gui

    return pygame_gui.UI_HORIZONTAL_SLIDER_MOVED


def test_log_line_click_highlights_models(make_app):
    app = make_app(DUEL)
    click_model(app, "orc")
    click_model(app, "elf")
    app.step([])
    lst = app.log_list
    # find the visible item of the charge line and click it
    idx = next(i for i, t in enumerate(app._log_items) if "charge" in t)
    item = lst.item_list[idx]
    if item["button_element"] is None:
        pytest.skip("line scrolled out of view")
    click(app, item["button_element"].rect.center)
    app.step([])
    assert "orc" in app.log_highlight


# --- help, ruler, robustness ---------------------------------------------------------------------


def test_help_lists_every_hotkey(make_app):
    app = make_app(DUEL)
    key(app, pygame.K_F1)
    assert app.help_window is not None and app.help_window.alive()
    from game.ui.info import help_html

    text = help_html()
    for k in ("Ctrl+S", "Ctrl+O", "Ctrl+Z", "F1", "Space", "Mouse wheel", "Tab", "M"):
        assert k in text
    key(app, pygame.K_F1)
    assert app.help_window is None


def test_ruler_measures_edge_to_edge(make_app):
    app = make_app(DUEL)
    key(app, pygame.K_m)
    orc, elf = app.state.models["orc"], app.state.models["elf"]
    a, b = screen_of(app, orc.x, orc.y), screen_of(app, elf.x, elf.y)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    text = app.overlay().ruler[2]
    gap = 5.0 - 25 / 25.4
    assert text.startswith(f'{gap:.2f}"')


def test_five_thousand_random_events_raise_nothing(make_app):
    app = make_app(DEFAULT, handover=True, strict=True)
    rng = random.Random(5)
    w, h = app.size
    keys = [pygame.K_g, pygame.K_c, pygame.K_f, pygame.K_o, pygame.K_i, pygame.K_p, pygame.K_e,
            pygame.K_t, pygame.K_m, pygame.K_n, pygame.K_h, pygame.K_TAB, pygame.K_ESCAPE,
            pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_UP, pygame.K_0, pygame.K_F1,
            pygame.K_z, pygame.K_s, pygame.K_o, pygame.K_w, pygame.K_PERIOD, pygame.K_COMMA,
            pygame.K_LEFTBRACKET, pygame.K_b, pygame.K_END, pygame.K_a, pygame.K_1]
    batch: list[pygame.event.Event] = []
    for _i in range(5000):
        pos = (rng.randrange(w), rng.randrange(h))
        kind = rng.random()
        if kind < 0.35:
            batch.append(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(rng.random() < 0.2, 0, 0)))
        elif kind < 0.65:
            b = rng.choice([1, 1, 1, 2, 3])
            batch.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b))
            batch.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=b))
        elif kind < 0.72:
            batch.append(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False,
                                            precise_x=0.0, precise_y=1.0))
        else:
            k = rng.choice(keys)
            mod = pygame.KMOD_LCTRL if rng.random() < 0.1 and k != pygame.K_q else 0
            batch.append(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
            batch.append(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
        if len(batch) >= 10:
            app.step(batch)
            batch = []
    app.step(batch)
    assert app.errors == []
    assert app.running


def test_docs_list_every_control():
    from game.ui.info import CONTROLS
    from tests.ui.conftest import ROOT

    text = (ROOT / "docs" / "ui.md").read_text(encoding="utf-8")
    for _, rows in CONTROLS:
        for k, what in rows:
            assert f"| {k} | {what} |" in text, k


def test_a_choice_decision_preselects_its_default(make_app):
    from game.core.decisions import Ask
    from game.ui.app import DecisionDialog

    app = make_app(DUEL)
    ask = Ask("parry", "Parry the blow?", ("yes", "no"), "no", "elf", 2)
    dlg = DecisionDialog(app, ask)
    app.step([])
    assert dlg.value() == "no"
    # picking the other option by clicking it
    item = next(i for i in dlg.list.item_list if i["text"].endswith("yes"))
    click(app, item["button_element"].rect.center)
    app.step([])
    assert dlg.value() == "yes"
    dlg.close()


def test_undo_works_while_a_decision_waits(make_app, scenario_file):
    app = make_app(two_on_one(scenario_file))
    click_model(app, "a.1")
    click_model(app, "d")
    click_model(app, "a.2")
    click_model(app, "d")
    key(app, pygame.K_e)
    assert app.decision is not None
    key(app, pygame.K_z, mod=pygame.KMOD_LCTRL)  # the end of the activation rolled dice
    assert app.confirm is not None
    click_button(app, app.confirm.confirm_button)
    assert app.session.engine.pending_ask is None and app.decision is None
    assert activation(app.state) is not None

"""Decisions are answered by clicking: the models a list decision names picked on the table
in order, the choices of the others as buttons with the default highlighted, a point clicked
on the table; typing (with the names players read) only as a fallback."""

from __future__ import annotations

import pygame

from game.core import events as ev
from game.core.decisions import PICK_POINT, Ask
from game.ui.decision import DecisionDialog, parse_open_answer
from tests.support import scenario, unit
from tests.ui.conftest import DUEL, click, click_button, click_model, key, screen_of


def two_on_one(scenario_file):
    d = unit("d", 2, 10, 10, 180, stats={"DV": 20, "MA": 2, "DT": 3}, name="Defender")
    a = unit("a", 1, 0, 0, 0, stats={"DV": 20}, name="Raider")
    del a["x"], a["y"]
    a["positions"] = [[10 - 25 / 50.8, 10 + 25 / 25.4, 0], [10 + 25 / 50.8, 10 + 25 / 25.4, 0]]
    return scenario_file(scenario([d, a], dice=[1] * 40))


def fight_both(app):
    click_model(app, "a.1")
    click_model(app, "d")
    click_model(app, "a.2")
    click_model(app, "d")
    key(app, pygame.K_e)


def strikes(app):
    return [e.against for e in app.session.engine.log
            if isinstance(e, ev.DiceRolled) and e.purpose == "defensive_strike"]


def test_defensive_strikes_are_given_by_clicking_the_attackers_in_order(make_app, scenario_file):
    app = make_app(two_on_one(scenario_file), handover=True)
    click(app, (200, 200))  # side 1 takes the seat
    fight_both(app)
    # side 2 decides: first the hand-over (once side 1 has seen its fight), then the dialog
    assert app.session.engine.pending_ask is not None and app.play.pending == 2
    key(app, pygame.K_SPACE)  # side 1 has seen enough: hand over now
    assert app.play.handover == 2
    key(app, pygame.K_SPACE)
    dlg = app.decision
    assert isinstance(dlg, DecisionDialog) and dlg.kind == "models"
    assert dlg.picks == ["a.1", "a.2"]  # the default, already picked
    assert set(app.overlay().picks) == {"a.1", "a.2"}  # ringed on the table
    assert "Raider 1" in dlg.info.text and "a.1" not in dlg.info.text
    # clicking on the table: a full list starts again, then fills in the order clicked
    click_model(app, "a.2")
    click_model(app, "a.2")
    assert dlg.picks == ["a.2", "a.2"]
    key(app, pygame.K_RETURN)
    assert app.session.engine.pending_ask is None
    assert strikes(app) == ["a.2", "a.2"]
    answered = [e for e in app.session.engine.log if isinstance(e, ev.DecisionAnswered)]
    assert list(answered[-1].answer) == ["a.2", "a.2"] and not answered[-1].by_default


def test_a_wrong_pick_is_refused_in_words_and_the_default_button_works(make_app, scenario_file):
    app = make_app(two_on_one(scenario_file))
    fight_both(app)
    dlg = app.decision
    click_button(app, dlg.clear)
    click_button(app, next(b for b, v in dlg.choice_buttons.items() if v == "a.1"))
    click_button(app, dlg.ok)  # one of two: refused, with the engine's own reason
    assert app.session.engine.pending_ask is not None
    assert "Defensive Strikes are spent" in dlg.problem.text and "a.1" not in dlg.problem.text
    click_button(app, dlg.use_default)
    assert app.session.engine.pending_ask is None and app.decision is None
    assert strikes(app) == ["a.1", "a.2"]


def test_a_choice_decision_is_buttons_with_the_default_highlighted(make_app):
    app = make_app(DUEL)
    ask = Ask("parry", 'Does "elf" parry?', (True, False), False, "elf", 2)
    dlg = DecisionDialog(app, ask, "Side 2")
    app.open_dialog(dlg)
    app.step([])
    labels = {b.text: v for b, v in dlg.choice_buttons.items()}
    assert labels == {"Yes": True, "No": False}
    default = next(b for b, v in dlg.choice_buttons.items() if v is False)
    assert "#default_button" in default.get_object_ids()
    answers = []
    dlg.submit = lambda value, by_default=False: answers.append(value)  # type: ignore[method-assign]
    key(app, pygame.K_RETURN)
    click_button(app, next(b for b, v in dlg.choice_buttons.items() if v is True))
    assert answers == [False, True]
    dlg.close()


def test_a_point_decision_takes_a_click_on_the_table(make_app):
    app = make_app(DUEL)
    seen = []
    ask = Ask("break_away", "Where?", (), (3.0, 3.0), "orc", 1, pick=PICK_POINT,
              check=lambda p: None if p[0] > 5 else "too close")
    dlg = DecisionDialog(app, ask, "Side 1")
    app.decision = dlg
    app.open_dialog(dlg)
    dlg.app.play.answer = lambda cmd: seen.append(cmd.value)  # type: ignore[method-assign]
    click(app, screen_of(app, 4.0, 4.0))
    assert seen == [] and dlg.problem.text == "too close"
    click(app, screen_of(app, 8.0, 4.0))
    assert len(seen) == 1 and abs(seen[0][0] - 8.0) < 0.1
    dlg.close()
    app.decision = None


def test_typed_answers_accept_the_names_players_read(make_app):
    app = make_app(DUEL)
    s = app.state
    assert parse_open_answer(s, "Elf Blademaster, orc", ["x"]) == ["elf", "orc"]
    assert parse_open_answer(s, "yes", False) is True
    assert parse_open_answer(s, "(2.5, 3)", (1.0, 1.0)) == [2.5, 3.0]


def test_undo_works_while_a_decision_waits(make_app, scenario_file):
    from game.ui.dialogs import ChoiceDialog
    from tests.ui.conftest import choose, ctrl, dialogs

    app = make_app(two_on_one(scenario_file))
    fight_both(app)
    assert app.decision is not None
    ctrl(app, pygame.K_z)  # the end of the activation rolled dice: asks first
    assert dialogs(app, ChoiceDialog)
    choose(app, "ok")
    assert app.session.engine.pending_ask is None and app.decision is None
    assert app.ruleset.acting_unit(app.state) == "a"

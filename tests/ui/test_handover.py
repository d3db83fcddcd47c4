"""Hot-seat: the hand-over comes once the player who acted has seen what came of it (the notes
of the last order, or a click), and the player taking the seat sees what happened to them."""

from __future__ import annotations

import pygame

from game.core import events as ev
from tests.ui.conftest import DUEL, click, click_model, key


def test_the_hand_over_waits_for_the_outcome_and_shows_what_happened(make_app):
    app = make_app(DUEL, handover=True)
    assert app.play.handover == 1  # the first seat: nothing to see before it
    click(app, (200, 200))
    click_model(app, "orc")
    click_model(app, "elf")  # charge
    click_model(app, "elf")  # fight
    key(app, pygame.K_e)  # end the activation: the melee is fought, side 2 is due
    assert any(isinstance(e, ev.DamageTaken) for e in app.session.engine.log)
    assert app.play.due_side() == 2
    assert app.play.handover is None and app.play.pending == 2  # not yet: the notes first
    assert app.notes.active and "hand over" in app.panels.banner_text()[0]
    assert not app.play.may_order("elf")  # (side 1's player cannot move side 2's models)
    frames = 0
    while app.play.handover is None and frames < 400:
        app.step([], 1 / 30)
        frames += 1
    assert app.play.handover == 2 and not app.notes.active  # after the notes, by itself
    lines = app.panels.handover_lines()
    assert "Elf Blademaster loses 1 damage track (attack by Orc Brute)" in lines
    assert lines[0].startswith("… and ") and len(lines) == 9  # (the newest 8, then the log)
    click(app, (300, 300))  # side 2 takes the seat: what happened to it floats up again
    assert app.play.seat == 2 and app.play.handover is None
    assert {f.note.model for f in app.notes.items} >= {"elf"}


def test_a_click_hands_over_at_once_and_undo_still_works(make_app):
    app = make_app(DUEL, handover=True)
    click(app, (200, 200))
    click_model(app, "orc")
    key(app, pygame.K_p)  # pass
    key(app, pygame.K_e)
    assert app.play.pending == 2
    click(app, (300, 300))  # seen enough
    assert app.play.handover == 2 and app.play.pending is None
    key(app, pygame.K_SPACE)
    assert app.play.seat == 2

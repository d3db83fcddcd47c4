"""The odds panel says no more than it knows: each figure with its own margin, the engine's
refusal instead of odds for an order it refuses, nothing about dice not rolled yet; and what
the window shows after a unit has acted is not left over from before."""

from __future__ import annotations

import json
import math
import re

from game.core import events as ev
from tests.old_world.helpers import block, facing_off, ow
from tests.ui.conftest import click, move_mouse, screen_of
from tests.ui.test_opponent import orc_charge_armed_at_the_elf, run_until


def texts(app):
    return [t for t, _, _ in app.odds.lines()]


def test_each_figure_has_its_own_margin(make_app):
    app, _ = orc_charge_armed_at_the_elf(make_app)
    assert run_until(app, lambda a: a.odds.work.odds is not None and a.odds.work.odds.samples >= 2000)
    app.odds.work.cancel()  # (what it has so far: the figures hold still to be read)
    assert run_until(app, lambda a: a.odds.work.done)
    odds = app.odds.work.odds
    assert not odds.exact and odds.samples >= 1000
    head = texts(app)[1]
    got = re.fullmatch(r"Destroy it: (\d+)% ±([\d.]+)%   be destroyed: 0% \(under ([\d.]+)%\)",
                       head)
    assert got, head
    p = odds.target_destroyed
    assert got.group(2) == f"{100 * 1.96 * math.sqrt(p * (1 - p) / odds.samples):.1f}"
    # the orc was never destroyed in the games played: not "±0%", but how rare it must be
    assert odds.actor_destroyed == 0.0 and got.group(3) == f"{300 / odds.samples:.2f}"
    assert re.fullmatch(r"Average damage: [\d.]+ ±[\d.]+ dealt, [\d.]+ ±[\d.]+ taken", texts(app)[2])


def old_world(tmp_path, dice=None, **a_kw):
    a = block("a", 1, 24, 30, name="Swordsmen", **a_kw)
    b = block("b", 2, 24, 0, name="Skeletons")
    p = tmp_path / "ow.json"
    p.write_text(json.dumps(ow(facing_off(a, b, gap=8.0), dice=dice, seed=3)))
    return p


def test_after_moving_no_odds_no_red_ghost_and_charge_is_off(make_app, tmp_path):
    app = make_app(old_world(tmp_path))
    app.select("a.3")
    front = app.state.models["a.3"]
    click(app, screen_of(app, front.x, front.y - 2.0))
    assert [e.unit for e in app.session.engine.log if isinstance(e, ev.UnitMoved)] == ["a"]
    app.select("a.3")
    app.run_frames(2)
    assert not app.panels.buttons["charge"].is_enabled  # it has moved: no charge now
    assert not app.panels.buttons["move"].is_enabled
    move_mouse(app, screen_of(app, front.x + 4, front.y - 4))  # where a move would go
    assert app.previews.unit_ghost is None and app.previews.ghost is None
    assert app.panels.status_line()[0] == "Swordsmen has already moved this turn."
    app.play.do_action("charge")
    target = app.state.models["b.3"]
    move_mouse(app, screen_of(app, target.x, target.y))
    assert texts(app) == ["Odds: Charge Skeletons", "No odds: charges are declared at the start "
                          "of the Movement phase, before any other move."]
    assert app.odds.rect() is not None  # (shown, opaque, instead of odds)


def test_a_test_not_rolled_yet_is_not_told(make_app, tmp_path):
    # the Stupidity test as side 1's turn begins will fail (6 + 6 against Leadership 9)
    app = make_app(old_world(tmp_path, dice=[6, 6], rules=["Stupidity"], stats={"Ld": 9}))
    app.select("a.3")
    app.play.do_action("charge")
    target = app.state.models["b.3"]
    move_mouse(app, screen_of(app, target.x, target.y))
    status = app.panels.status_line()[0]
    assert "Stupid" not in status and status.startswith("Next phase (N) first: dice are rolled")
    assert "Stupid" not in " ".join(texts(app)) and "dice are rolled" in texts(app)[1]
    assert not any(isinstance(e, ev.DiceRolled) for e in app.session.engine.log)
    # once the turn has begun and the test failed, it is said
    app.play.do_action("next_phase")
    app.play.do_action("charge")
    move_mouse(app, screen_of(app, target.x + 0.5, target.y))
    assert app.panels.status_line()[0] == "Swordsmen is Stupid this turn and cannot charge."


def test_a_distance_is_shown_to_the_places_that_tell_it_from_the_limit():
    from game.ui.previews import inches

    assert inches(8.04, 8.0) == "8.04"  # not "8.0" of 8" in red
    assert inches(8.004, 8.0) == "8.004"
    assert inches(7.96, 8.0) == "8.0"  # (within it: a tenth says enough)

"""Units in formation in the window (old-world): each unit drawn with its boundary and front,
clicks that move a whole unit, charges declared by clicking and moved by Next phase, the
charge zone and the ghost of where a charge would end."""

from __future__ import annotations

import json

from game.core import events as ev
from game.core.commands import Answer
from game.rulesets.rank_and_flank.flow import phases
from tests.old_world.helpers import block, facing_off, ow
from tests.ui.conftest import ROOT, click, move_mouse, screen_of

OLD_WORLD = ROOT / "maps" / "old-world.toml"


def duel(tmp_path, gap=6.0):
    a = block("a", 1, 24, 30, name="Swordsmen")
    b = block("b", 2, 24, 0, name="Skeletons")
    p = tmp_path / "ow.json"
    p.write_text(json.dumps(ow(facing_off(a, b, gap=gap), seed=3)))
    return p


def test_every_unit_in_formation_is_outlined_and_named_once(make_app):
    app = make_app(OLD_WORLD)
    outlines = app.renderer.formations.outlines(app.state)
    # every unit but the two characters, who stand inside the units they joined
    assert sorted(o.unit for o in outlines) == sorted(
        u for u in app.state.units if u not in ("lord", "wights"))
    spears = next(o for o in outlines if o.unit == "spears")
    assert spears.label == "Dreadspears"
    # the front edge (first two corners) is the side the unit faces: up the table
    (x0, y0), (x1, y1), (x2, y2), _ = spears.corners
    assert y0 == y1 and y2 > y0


def test_a_click_ahead_of_a_unit_moves_the_whole_unit(make_app, tmp_path):
    app = make_app(duel(tmp_path, gap=12.0))
    app.select("a.3")
    front = app.state.models["a.3"]
    click(app, screen_of(app, front.x, front.y - 3.0))
    moved = [e for e in app.session.engine.log if isinstance(e, ev.UnitMoved)]
    assert len(moved) == 1 and moved[0].unit == "a" and moved[0].reason == "move"
    assert all(app.state.models[f"a.{i}"].y < 30 for i in range(1, 6))


def test_a_charge_by_click_shows_its_zone_and_end_then_moves_with_next_phase(make_app, tmp_path):
    app = make_app(duel(tmp_path))
    app.select("a.3")
    app.play.do_action("charge")
    target = app.state.models["b.3"]
    move_mouse(app, screen_of(app, target.x, target.y))
    assert app.previews.zone is not None and app.previews.zone.reach == 10.0
    assert app.previews.unit_ghost is not None and app.previews.unit_ghost[1]
    click(app, screen_of(app, target.x, target.y))
    assert app.state.units["a"].flag("charge_declared")[0] == "b"
    assert app.session.engine.pending_ask.kind == "charge_reaction"  # b's side decides
    app.play.answer(Answer("hold"))
    app.play.do_action("next_phase")
    assert phases(app.state).phase == "shooting"
    assert [e.unit for e in app.session.engine.log if isinstance(e, ev.UnitMoved)] == ["a"]


def test_the_flow_buttons_are_next_phase_and_end_turn(make_app, tmp_path):
    app = make_app(duel(tmp_path))
    assert [a.name for a in app.ruleset.presenter.flow_actions()] == ["next_phase", "end_turn"]
    app.play.do_action("next_phase")
    assert phases(app.state).phase == "movement"
    assert "Movement phase" in app.ruleset.presenter.status_text(app.state)


def test_a_unit_that_may_shoot_shows_its_range_and_its_sight_of_an_enemy(make_app, tmp_path):
    # a (bows, 24") 10" from b, behind a low wall: the bands are its front arc to 24" and 12";
    # pointing at b shows a sight line per file, and the words say partial cover and the odds
    a = block("a", 1, 24, 30, name="Archers", weapons=["hand weapon", "bow"])
    b = block("b", 2, 24, 0, name="Skeletons")
    wall = {"id": "wall", "name": "Low Wall", "kind": "obstacle", "height": 1.0,
            "polygon": [[16.0, 23.0], [32.0, 23.0], [32.0, 23.3], [16.0, 23.3]]}
    data = ow(facing_off(a, b, gap=10.0), seed=3, terrain=[wall])
    p = tmp_path / "shoot.json"
    p.write_text(json.dumps(data))
    app = make_app(p)
    app.play.do_action("next_phase")
    app.play.do_action("next_phase")
    assert phases(app.state).phase == "shooting"
    app.select("a.3")
    move_mouse(app, screen_of(app, 5.0, 40.0))  # nowhere in particular
    shot = app.previews.shot
    assert shot is not None and [label for label, _ in shot.bands] == ['range 24"', 'half range 12"']
    assert shot.target is None
    app.play.do_action("shoot")
    target = app.state.models["b.3"]
    move_mouse(app, screen_of(app, target.x, target.y))
    shot = app.previews.shot
    assert shot is not None and shot.target == "b" and shot.ok
    assert len(shot.lines) == 5 and all(clear for _, _, clear in shot.lines)
    assert "partial cover" in shot.note and "Low Wall" in shot.note
    assert shot.panic is not None and 0.0 <= shot.panic < 1.0
    app.run_frames(1)  # drawn without trouble
    click(app, screen_of(app, target.x, target.y))
    assert any(isinstance(e, ev.ActionTaken) and e.action == "shoot"
               for e in app.session.engine.log)
    # once it has shot, the unit shows no bands
    app.select("a.3")
    move_mouse(app, screen_of(app, 5.0, 40.0))
    assert app.previews.shot is None


def press_drag(app, a, b, release=True):
    import pygame

    evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)),
           pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
           pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))]
    if release:
        evs.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.step(evs)


def last_path(app):
    cmd = app.session.commands()[-1]
    return [list(seg) for seg in cmd.arg("path")]


def test_a_front_corner_s_handle_wheels_the_block_and_brings_the_corner_to_the_pointer(make_app, tmp_path):
    import math

    import pygame

    a = block("a", 1, 24, 30, name="Swordsmen", stats={"M": 8})
    b = block("b", 2, 24, 0, name="Skeletons")
    p = tmp_path / "ow.json"
    p.write_text(json.dumps(ow(facing_off(a, b, gap=14.0), seed=3)))
    app = make_app(p)
    app.select("a.3")
    app.run_frames(1)
    left, right = app.ruleset.presenter.handles(app.state, "a.3")
    assert app.overlay().handles == ((left.x, left.y), (right.x, right.y))
    width = math.hypot(left.x - right.x, left.y - right.y)
    # pull the left corner forward and round: 15 degrees clockwise about the right corner, and
    # 3" further on than the wheel alone would take it
    reach = math.hypot(width, 3.0)
    ang = math.radians(180 + 15) + math.atan2(3.0, width)
    target = screen_of(app, right.x + reach * math.cos(ang), right.y + reach * math.sin(ang))
    press_drag(app, screen_of(app, left.x, left.y), target, release=False)
    outline, ok, label = app.previews.unit_ghost
    pointer = app.camera.to_table(target)
    assert ok and math.dist(outline.corners[0], pointer) < 0.01  # the ghost's corner: there
    assert label.startswith("wheel 1") and ', forward ' in label and label.endswith('" of 8"')
    assert app.panels.status_line()[0] == f"Let go to {label}."
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1)])
    (wheel, forward) = last_path(app)
    assert wheel[0] == "wheel" and abs(wheel[1] - 15.0) < 1.0
    assert forward[0] == "forward" and abs(forward[1] - 3.0) < 0.1
    moved = [e for e in app.session.engine.log if isinstance(e, ev.UnitMoved)][-1]
    assert label == f'wheel {wheel[1]:.0f}° right, forward {forward[1]:.1f}": {moved.distance:.1f}" of 8"'
    (fl, _, _, _) = next(o for o in app.renderer.formations.outlines(app.state) if o.unit == "a").corners
    assert math.dist(fl, pointer) < 0.01  # the corner came to the pointer


def test_a_ninth_age_shot_armed_in_the_magic_phase_has_exact_odds_and_no_charge_ghost(make_app, tmp_path):
    """Crossbows 20" from the enemy with nothing between, in the Magic phase (a shot ordered
    there goes straight on to the Shooting phase): the odds panel works the shot out exactly
    rather than playing it out, and no ghost shows where the unit would stand "if the charge
    reaches" (it showed one, a charge's end, for a shot)."""
    from tests.ninth_age.helpers import block as na_block
    from tests.ninth_age.helpers import na
    from tests.ui.test_opponent import run_until

    a = na_block("a", 1, 24, 44, models=15, name="Crossbowmen",
                 weapons=[{"name": "crossbow", "aim": 3}])
    b = na_block("b", 2, 24, 0, facing=180, models=10, name="Goblins")
    p = tmp_path / "magic.json"
    p.write_text(json.dumps(na(facing_off(a, b, gap=20.0), orders=[])))
    app = make_app(p)
    for _ in range(2):  # (into the Movement phase, then on into the Magic phase)
        app.play.do_action("next_phase")
    assert phases(app.state).phase == "magic"
    app.select("a.3")
    app.play.do_action("shoot")
    target = app.state.models["b.3"]
    move_mouse(app, screen_of(app, target.x, target.y))
    assert app.panels.status_line()[0] == "Click to shoot Goblins."
    assert app.previews.unit_ghost is None
    assert app.ruleset.presenter.charge_end(app.state, "a.3", "b.3") is not None  # (a charge's)
    assert run_until(app, lambda x: x.odds.work is not None and x.odds.work.done)
    assert app.odds.work.odds.exact


def test_the_block_dragged_slides_and_a_move_into_an_enemy_shows_what_it_runs_into(make_app, tmp_path):
    import pygame

    app = make_app(duel(tmp_path, gap=3.0))
    app.select("a.3")
    m = app.state.models["a.3"]
    # forward 2.5": it would end 0.5" from the enemy, which is outlined in red
    press_drag(app, screen_of(app, m.x, m.y), screen_of(app, m.x, m.y - 2.5), release=False)
    outline, ok, label = app.previews.unit_ghost
    assert not ok and label.startswith("forward 2.5")
    assert app.previews.bumps == ("b",) and app.overlay().bumps == ("b",)
    assert "Skeletons" in app.panels.status_line()[0]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=screen_of(app, m.x, m.y - 2.5),
                                 button=1)])
    assert app.session.commands() == []  # refused: nothing moved
    # sideways, dragged by the block itself
    press_drag(app, screen_of(app, m.x, m.y), screen_of(app, m.x + 1.5, m.y + 0.2))
    ((kind, d),) = last_path(app)
    assert kind == "sideways" and abs(d - 1.5) < 2 / app.camera.scale + 0.01

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
    assert [a.name for a in app.ruleset.flow_actions()] == ["next_phase", "end_turn"]
    app.play.do_action("next_phase")
    assert phases(app.state).phase == "movement"
    assert "Movement phase" in app.ruleset.status_text(app.state)


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

"""What the table shows is readable: the front of a base at every angle and zoom, a wheeled
block drawn as one straight-edged block, and a model of a block selected rings its whole unit."""

from __future__ import annotations

import math

import pytest

from game.core.commands import Answer, Order
from game.geometry.bases import facing_vector, parse_base
from game.ui.sprites import make_sprite
from tests.ui.conftest import ROOT

OLD_WORLD = ROOT / "maps" / "old-world.toml"
BLUE = (60, 120, 215)


def lit(colour) -> bool:
    return min(colour[:3]) > 200 and colour[3] > 0


@pytest.mark.parametrize("base", ["25x25", "25x50", "60x100", "r32"])
@pytest.mark.parametrize("scale", [10, 22, 45])
def test_the_front_of_a_base_is_lit_at_every_angle(base, scale):
    from game.core.ruleset import get_ruleset

    shape = parse_base(base, get_ruleset("trench-crusade").base_sizes)
    hw, hd = shape.width * scale / 2, shape.depth * scale / 2
    for facing in range(0, 360, 15):
        spr = make_sprite(shape, BLUE, facing, scale, "active", False)
        c = spr.get_width() / 2
        fx, fy = facing_vector(facing)
        rx, ry = -fy, fx

        def at(along, across, spr=spr, c=c, f=(fx, fy), r=(rx, ry)):
            """A pixel of the base: ``along`` its facing, ``across`` to its right."""
            x = c + f[0] * along + r[0] * across
            y = c + f[1] * along + r[1] * across
            return spr.get_at((int(x), int(y)))

        span = [k / 10 for k in range(-6, 7)]  # across the middle of each edge
        reach = hw if not shape.is_round else hw * 0.5
        front = [lit(at(hd - 1.2, k * reach)) for k in span]
        back = [lit(at(-hd + 1.2, k * reach)) for k in span]
        sides = [lit(at(k * hd * 0.5, s * (hw - 1.2))) for k in span for s in (-1, 1)]
        assert sum(front) >= 0.8 * len(front), (base, scale, facing)  # the front edge is lit
        assert not any(back) and sum(sides) <= 0.2 * len(sides), (base, scale, facing)
        assert lit(at(hd * 0.55, 0))  # and a pointer runs to it from the middle


def pass_the_first_turn(app):
    """Side 2's first turn passes, its decisions taking their defaults: side 1 to move."""
    e = app.session.engine
    while e.pending_ask is not None:
        app.play.answer(Answer(e.state.resume.ask.default))
    assert app.play.execute(Order("end_turn")).ok
    while e.pending_ask is not None:
        app.play.answer(Answer(e.state.resume.ask.default))
    assert app.play.due_side() == 1


def wheeled(make_app, degrees=7.0):
    app = make_app(OLD_WORLD)
    pass_the_first_turn(app)  # (the dead move first on the map)
    out = app.play.execute(Order("move", "corsairs", (("path", (("wheel", degrees),)),)))
    assert out.ok, out.refusal
    m = app.state.models["corsairs.1"]
    for _ in range(2):
        app.camera.zoom_at(app.camera.to_screen(m.x, m.y), 3)
    app.run_frames(120, dt=1 / 30)  # (the slide into place over)
    app.draw()
    return app


def test_a_wheeled_block_is_drawn_with_straight_edges(make_app):
    app = wheeled(make_app)
    o = next(o for o in app.renderer.formations.outlines(app.state) if o.unit == "corsairs")
    (ax, ay), (bx, by), (cx, cy), _ = [app.camera.to_screen(*p) for p in o.corners]
    # along the block's right side (front corner to rear corner), just inside and outside it
    length = math.hypot(cx - bx, cy - by)
    ux, uy = (cx - bx) / length, (cy - by) / length
    nx, ny = (bx - ax) / math.hypot(bx - ax, by - ay), (by - ay) / math.hypot(bx - ax, by - ay)
    inside = outside = 0
    steps = list(range(6, int(length) - 6, 2))
    for k in steps:
        px, py = bx + ux * k, by + uy * k
        inside += app.screen.get_at((int(px - nx * 2.5), int(py - ny * 2.5)))[:3] == BLUE
        outside += app.screen.get_at((int(px + nx * 3.5), int(py + ny * 3.5)))[:3] != BLUE
    assert inside == len(steps) and outside == len(steps)


def test_a_model_of_a_block_selected_rings_its_whole_unit(make_app):
    app = make_app(OLD_WORLD)
    app.select("corsairs.3")
    app.run_frames(2)
    app.draw()
    m = app.state.models["corsairs.3"]
    sx, sy = app.camera.to_screen(m.x, m.y)
    half = app.renderer.table.shape(m).width * app.camera.scale / 2
    # its sides between its neighbours in the rank: where a ring round it alone would be
    near = [app.screen.get_at((int(sx + s * (half + d)), int(sy + k)))[:3]
            for s in (-1, 1) for d in (-1, 0, 1) for k in range(-3, 4)]
    assert (255, 225, 70) not in near  # no ring round the one model clicked
    o = next(o for o in app.renderer.formations.outlines(app.state) if o.unit == "corsairs")
    (ax, ay), _, (cx, cy), _ = [app.camera.to_screen(*p) for p in o.corners]
    rear = app.screen.get_at((int((ax + cx) / 2), int(cy)))[:3]  # (the rear edge's middle)
    assert rear == (255, 236, 150)  # the whole unit's outline is the selection's colour

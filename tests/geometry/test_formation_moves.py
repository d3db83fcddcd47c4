"""Moves of units in formation: segments, swept areas, checks and straight travel."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.formation import Block
from game.geometry.formation_moves import (
    ARC_ERROR,
    TABLE_EDGE,
    Segment,
    Surroundings,
    apply_segment,
    check_move,
    crossed_units,
    parse_path,
    parse_segment,
    plan_move,
    turn_block,
)

# 4 wide, 2 deep at (10, 10) facing up: corners FL (8, 9), FR (12, 9), RR (12, 11), RL (8, 11).
A = Block(10.0, 10.0, 0.0, 4, 8, 1.0, 1.0)


def same(a: Block, b: Block, tol: float = 1e-9) -> bool:
    turn = abs((a.facing - b.facing + 180.0) % 360.0 - 180.0)
    return (
        math.dist(a.centre, b.centre) <= tol
        and turn <= tol
        and (a.files, a.models) == (b.files, b.models)
    )


# ------------------------------------------------------------------ parsing


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (["jump", 3], 'move step ["jump", 3]: unknown step "jump" (use forward, backward'),
        (["forward", -1.0], "forward needs a distance of 0 inches or more"),
        (["turn", 45], "a turn is 90, -90 or 180 degrees"),
        (["reform", 0, 90], "the number of files must be a whole number of at least 1"),
        (["reform", 5], "reform takes a number of files and a facing"),
        (["wheel", "x"], "wheel takes one number"),
        (["wheel", 400], "a wheel turns at most 360 degrees either way"),
        (["sideways", True], "sideways takes one number"),
        ("forward", "write a step as a name and a number"),
    ],
)
def test_bad_segments_are_refused_with_a_reason(raw: object, message: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_segment(raw)
    assert message in str(err.value)


def test_segments_are_read_as_the_contract_writes_them() -> None:
    path = parse_path([["forward", 3], ["Wheel", -30.5], ["reform", 6, 90], ["turn", 180]])
    assert path == (
        Segment("forward", 3.0),
        Segment("wheel", -30.5),
        Segment("reform", 90.0, 6),
        Segment("turn", 180.0),
    )
    assert [s.as_list() for s in path][2] == ["reform", 6, 90.0]


def test_a_bad_step_is_named_by_its_position() -> None:
    with pytest.raises(ValueError, match=r"^step 2: move step \[\"turn\", 45\]"):
        parse_path([["forward", 1], ["turn", 45]])
    with pytest.raises(ValueError, match="step 1: a unit of 8 models cannot form 9 files"):
        plan_move(A, [["reform", 9, 0]])


# ------------------------------------------------------------------ single segments


def test_straight_segments() -> None:
    right = Block(10.0, 10.0, 90.0, 4, 8, 1.0, 1.0)
    assert apply_segment(right, ["forward", 3]).centre == pytest.approx((13.0, 10.0))
    assert apply_segment(A, ["backward", 2]).centre == pytest.approx((10.0, 12.0))
    assert apply_segment(A, ["sideways", 2]).centre == pytest.approx((12.0, 10.0))
    down = Block(10.0, 10.0, 180.0, 4, 8, 1.0, 1.0)  # its right is -x
    assert apply_segment(down, ["sideways", -1]).centre == pytest.approx((11.0, 10.0))


def test_clockwise_wheel_pivots_on_the_front_right_corner() -> None:
    w = apply_segment(A, ["wheel", 90])
    assert w.facing == 90.0
    assert w.centre == pytest.approx((11.0, 7.0))
    assert w.corners[1] == pytest.approx((12.0, 9.0))  # the pivot did not move
    assert w.corners[0] == pytest.approx((12.0, 5.0))


def test_counter_clockwise_wheel_pivots_on_the_front_left_corner() -> None:
    w = apply_segment(A, ["wheel", -90])
    assert w.facing == 270.0
    assert w.centre == pytest.approx((9.0, 7.0))
    assert w.corners[0] == pytest.approx((8.0, 9.0))
    assert w.corners[1] == pytest.approx((8.0, 5.0))


def test_wheel_costs_the_outer_corner_arc() -> None:
    plan = plan_move(A, [["wheel", 90]])
    assert plan.distance == pytest.approx(4.0 * math.pi / 2.0)
    plan = plan_move(A, [["wheel", -30]])
    assert plan.distance == pytest.approx(4.0 * math.pi / 6.0)


def test_a_quarter_turn_of_full_ranks_turns_on_the_spot() -> None:
    t = apply_segment(A, ["turn", 90])
    assert (t.files, t.ranks, t.facing) == (2, 4, 90.0)
    assert t.centre == pytest.approx(A.centre)
    assert shapely.equals_exact(shapely.normalize(t.polygon), shapely.normalize(A.polygon), 1e-9)


def test_a_turn_moves_a_short_rear_rank_to_the_new_rear() -> None:
    b = Block(0.0, 0.0, 0.0, 5, 12, 1.0, 1.0)  # 2 full ranks at y = -1 and 0, rear of 2
    t = turn_block(b, 90.0)
    assert (t.files, t.ranks, t.facing) == (2, 6, 90.0)
    # the ten models of the full ranks stand where they stood, turned
    before = sorted(tuple(round(c, 9) for c in p) for p in b.model_positions()[:10])
    after = sorted(tuple(round(c, 9) for c in p) for p in t.model_positions()[:10])
    assert before == after
    # the two others are behind the new formation: facing +x, so at smaller x
    assert [p[0] for p in t.model_positions()[10:]] == pytest.approx([-3.0, -3.0])
    assert t.centre == pytest.approx((-0.5, -0.5))


def test_turn_180_keeps_the_boundary() -> None:
    t = apply_segment(A, ["turn", 180])
    assert (t.files, t.facing) == (4, 180.0)
    assert t.centre == pytest.approx(A.centre)


def test_reform_about_the_centre() -> None:
    r = apply_segment(A, ["reform", 8, 90])
    assert (r.x, r.y, r.facing, r.files, r.ranks) == (10.0, 10.0, 90.0, 8, 1)


def test_costs_are_weighed_by_the_ruleset() -> None:
    plan = plan_move(A, [["forward", 3], ["backward", 1], ["sideways", -2], ["turn", 90]])
    assert [s.distance for s in plan.steps] == [3.0, 1.0, 2.0, 0.0]
    assert plan.distance == 6.0
    assert plan.cost({"backward": 2.0, "sideways": 2.0}, {"turn": 1.25}) == 3 + 2 + 4 + 1.25


# ------------------------------------------------------------------ inverses


def _blocks() -> st.SearchStrategy[Block]:
    return st.builds(
        lambda x, y, f, files, ranks, w, d: Block(x, y, f, files, files * ranks, w, d),
        st.floats(5.0, 40.0),
        st.floats(5.0, 40.0),
        st.floats(0.0, 360.0),
        st.integers(1, 8),
        st.integers(1, 5),
        st.sampled_from([25 / 25.4, 20 / 25.4, 40 / 25.4, 1.0]),
        st.sampled_from([25 / 25.4, 50 / 25.4, 60 / 25.4, 1.0]),
    )


@settings(max_examples=150, deadline=None)
@given(_blocks(), st.floats(0.0, 12.0), st.floats(-8.0, 8.0))
def test_straight_moves_and_their_inverses_return_to_the_start(
    b: Block, d: float, side: float
) -> None:
    end = plan_move(b, [["forward", d], ["sideways", side], ["backward", d], ["sideways", -side]])
    assert same(end.end, b)


@settings(max_examples=150, deadline=None)
@given(_blocks(), st.floats(-180.0, 180.0))
def test_a_wheel_is_undone_by_the_opposite_wheel_and_a_step_back(b: Block, deg: float) -> None:
    """Wheeling back pivots on the other front corner; the difference is a shift forward by
    w sin(deg) and to the right by w (1 - cos(deg)) (worked out by hand for 90 degrees: a
    4-wide unit ends 4" ahead and 4" to the right)."""
    w = b.width
    rad = math.radians(deg)
    # mirrored for a counter-clockwise wheel: forward the same, to the left instead
    path = [
        ["wheel", deg],
        ["wheel", -deg],
        ["backward", w * math.sin(abs(rad))],
        ["sideways", -math.copysign(w * (1.0 - math.cos(rad)), deg)],
    ]
    assert same(plan_move(b, path).end, b, 1e-9)


def test_wheel_and_back_worked_by_hand() -> None:
    there = plan_move(A, [["wheel", 90], ["wheel", -90]]).end
    assert there.centre == pytest.approx((14.0, 6.0))  # 4 ahead (y - 4) and 4 to the right
    assert there.facing == 0.0


@settings(max_examples=100, deadline=None)
@given(_blocks(), st.sampled_from([90.0, -90.0, 180.0]))
def test_turns_are_undone_by_the_opposite_turn(b: Block, deg: float) -> None:
    back = -deg if deg != 180.0 else 180.0
    assert same(plan_move(b, [["turn", deg], ["turn", back]]).end, b)


@settings(max_examples=100, deadline=None)
@given(_blocks(), st.integers(1, 40), st.floats(0.0, 360.0))
def test_reforms_are_undone_by_reforming_back(b: Block, files: int, facing: float) -> None:
    files = min(files, b.models)
    path = [["reform", files, facing], ["reform", b.files, b.facing]]
    assert same(plan_move(b, path).end, b)


# ------------------------------------------------------------------ swept areas


def test_straight_sweeps_are_exact() -> None:
    b = Block(20.0, 20.0, 30.0, 4, 8, 1.0, 1.0)
    fwd = plan_move(b, [["forward", 5]])
    assert fwd.swept.area == pytest.approx(4.0 * (2.0 + 5.0))
    side = plan_move(b, [["sideways", -3]])
    assert side.swept.area == pytest.approx((4.0 + 3.0) * 2.0)
    for plan in (fwd, side):
        assert plan.swept.buffer(1e-9).contains(plan.start.polygon)
        assert plan.swept.buffer(1e-9).contains(plan.end.polygon)


def test_wheel_sweep_of_a_square_by_hand() -> None:
    """A 1" square wheeling 90 degrees about its front-right corner covers its start, its end
    (together a 1 x 2 strip) and the quarter disc of radius sqrt 2 traced by its far corner,
    less the triangle of it inside the strip: 2 + (pi/2 - 1)."""
    sq = Block(0.5, 0.5, 0.0, 1, 1, 1.0, 1.0)
    area = plan_move(sq, [["wheel", 90]]).swept.area
    want = 1.0 + math.pi / 2.0
    arc = math.sqrt(2.0) * math.pi / 2.0
    assert want - 1e-9 <= area <= want + arc * ARC_ERROR


@pytest.mark.parametrize("deg", [35.0, -90.0, 170.0, -300.0])
def test_wheel_sweep_covers_every_position_on_the_way(deg: float) -> None:
    b = Block(30.0, 30.0, 20.0, 5, 20, 25 / 25.4, 25 / 25.4)
    plan = plan_move(b, [["wheel", deg]])
    frames = plan.steps[0].frames(degrees=abs(deg) / 500.0)
    sampled = shapely.union_all([f.polygon for f in frames])
    swept = plan.swept
    assert shapely.difference(sampled, swept).area < 1e-9
    # Against the true sweep, its arc drawn with 50,000 points: never smaller, and larger
    # by no more than the arc times ARC_ERROR.
    pivot, far = (b.corners[1], b.corners[3]) if deg > 0 else (b.corners[0], b.corners[2])
    radius = math.dist(pivot, far)
    start = math.atan2(far[1] - pivot[1], far[0] - pivot[0])
    angs = start + np.linspace(0.0, math.radians(deg), 50_001)
    arc = shapely.Polygon(
        [pivot, *zip(pivot[0] + radius * np.cos(angs), pivot[1] + radius * np.sin(angs))]
    )
    true = shapely.union_all([b.polygon, plan.end.polygon, arc.buffer(0)])
    slack = radius * math.radians(abs(deg)) * ARC_ERROR
    assert true.area - 1e-6 <= swept.area <= true.area + slack
    assert sampled.area <= true.area + 1e-9


def test_turns_and_reforms_sweep_only_their_ends() -> None:
    plan = plan_move(A, [["reform", 2, 45.0]])
    assert plan.swept.area == pytest.approx(shapely.union(A.polygon, plan.end.polygon).area)


def test_frames_for_animation() -> None:
    plan = plan_move(A, [["forward", 1.0], ["wheel", 90.0]])
    frames = plan.frames(inches=0.25, degrees=2.0)
    assert len(frames) == 1 + 4 + 45
    assert frames[4].centre == pytest.approx((10.0, 9.0))
    assert same(frames[-1], plan.end)


# ------------------------------------------------------------------ checks


def _scene(**kw: object) -> Surroundings:
    return Surroundings(names={"skel": "Skeleton Warriors", "rocks": "Rocky Outcrop"}, **kw)  # type: ignore[arg-type]


def test_a_path_through_a_unit_is_refused_naming_it() -> None:
    skel = shapely.box(9.0, 4.0, 11.0, 5.0)  # across A's way, 4" ahead
    env = _scene(enemies={"skel": skel}, table=(48.0, 48.0))
    plan = plan_move(A, [["forward", 6]])
    assert check_move(plan, env) == 'the path runs through "Skeleton Warriors"'


def test_impassable_terrain_is_named_as_such() -> None:
    env = _scene(impassable={"rocks": shapely.box(11.0, 2.0, 14.0, 6.0)})
    plan = plan_move(A, [["forward", 5]])
    assert env.check(plan) == 'the path runs through "Rocky Outcrop", which is impassable'


def test_the_first_thing_met_is_named() -> None:
    env = Surroundings(
        friends={"far": shapely.box(9.0, 0.0, 11.0, 1.0), "near": shapely.box(9.0, 5.0, 11.0, 6.0)}
    )
    assert env.check(plan_move(A, [["forward", 9]])) == 'the path runs through "near"'


def test_the_end_must_be_on_the_table() -> None:
    env = _scene(table=(48.0, 48.0))
    assert env.check(plan_move(A, [["forward", 9.5]])) == "the move ends partly off the table"
    assert env.check(plan_move(A, [["forward", 9.0]])) is None  # the front edge on y = 0


def test_the_one_inch_rule() -> None:
    skel = shapely.box(9.0, 2.0, 11.0, 3.0)  # its near edge at y = 3
    env = _scene(enemies={"skel": skel})
    plan = plan_move(A, [["forward", 5.4]])  # front edge ends at y = 3.6
    assert env.check(plan) == (
        'the move ends 0.60" from "Skeleton Warriors"; units must stay 1" apart unless charging'
    )
    assert env.check(plan, charging=True) is None
    assert env.check(plan_move(A, [["forward", 5.0]])) is None  # exactly 1" away
    assert env.check(plan, gap=0.5) is None
    assert env.check(plan, ignore={"skel"}) is None


def test_friends_do_not_keep_the_gap_and_touching_is_not_overlapping() -> None:
    friend = shapely.box(12.0, 0.0, 14.0, 11.0)  # against A's right edge
    env = Surroundings(friends={"f": friend})
    assert env.check(plan_move(A, [["forward", 6]])) is None
    assert env.check(plan_move(A, [["sideways", 0.5]])) == 'the path runs through "f"'


def test_a_wheel_into_a_unit_is_caught_by_its_arc() -> None:
    # The far rear corner (8, 11) swings round the pivot (12, 9) at radius sqrt 20 = 4.472:
    # at 90 degrees it passes (7.528, 9) going up. A post just outside the start and end
    # boundaries but inside that arc is hit; one just outside the arc is not.
    r = math.sqrt(20.0)
    ang = math.radians(200.0)  # a direction from the pivot swept by that corner
    inside = (12.0 + (r - 0.05) * math.cos(ang), 9.0 + (r - 0.05) * math.sin(ang))
    outside = (12.0 + (r + 0.01) * math.cos(ang), 9.0 + (r + 0.01) * math.sin(ang))
    plan = plan_move(A, [["wheel", 90]])
    post_in = shapely.Point(inside).buffer(0.02)
    post_out = shapely.Point(outside).buffer(0.005)
    assert not post_in.intersects(A.polygon) and not post_in.intersects(plan.end.polygon)
    assert Surroundings(friends={"post": post_in}).check(plan) == 'the path runs through "post"'
    assert Surroundings(friends={"post": post_out}).check(plan) is None


def test_keys_must_be_unique() -> None:
    with pytest.raises(ValueError, match='"x" is given twice'):
        Surroundings(friends={"x": A.polygon}, enemies={"x": A.polygon})


# ------------------------------------------------------------------ straight travel


def test_travel_stops_one_inch_short_of_an_enemy() -> None:
    env = Surroundings(enemies={"e": shapely.box(8.0, 0.0, 12.0, 4.0)})  # 5" ahead
    assert env.travel(A, A.forward, 10.0) == (pytest.approx(4.0), "e")
    assert env.travel(A, A.forward, 3.0) == (3.0, None)


def test_travel_measures_round_a_corner() -> None:
    """A's front-right corner (12, 9) moves up past an enemy whose bottom-left corner is
    (12.6, 5): they come within 1" when sqrt(0.6^2 + (4 - t)^2) = 1, at t = 3.2."""
    env = Surroundings(enemies={"e": shapely.box(12.6, 0.0, 16.0, 5.0)})
    dist, who = env.travel(A, A.forward, 10.0)
    assert dist == pytest.approx(3.2, abs=1e-8)
    assert who == "e"


def test_travel_stops_on_touching_friends_and_terrain() -> None:
    env = Surroundings(
        friends={"f": shapely.box(0.0, 13.0, 20.0, 14.0)},
        impassable={"wood": shapely.box(20.0, 9.5, 25.0, 10.5)},
    )
    assert env.travel(A, (0.0, 1.0), 10.0) == (pytest.approx(2.0), "f")
    assert env.travel(A, (1.0, 0.0), 10.0) == (pytest.approx(8.0), "wood")


def test_travel_away_from_a_close_enemy_is_free_but_not_toward_it() -> None:
    env = Surroundings(enemies={"e": shapely.box(8.0, 8.5, 12.0, 8.8)})  # 0.2" ahead
    assert env.travel(A, (0.0, 1.0), 2.0) == (2.0, None)
    assert env.travel(A, (1.0, 0.0), 2.0) == (2.0, None)  # sliding past keeps the 0.2"
    dist, who = env.travel(A, (0.0, -1.0), 2.0)
    assert dist == pytest.approx(0.0, abs=1e-6)
    assert who == "e"


def test_travel_stops_at_the_table_edge() -> None:
    env = Surroundings(table=(30.0, 20.0))
    assert env.travel(A, (1.0, 0.0), 50.0) == (pytest.approx(18.0), TABLE_EDGE)
    dist, who = env.travel(A, (1.0, -1.0), 50.0)
    assert dist == pytest.approx(9.0 * math.sqrt(2.0))  # the front reaches y = 0 first
    assert who == TABLE_EDGE


def test_travel_into_a_notch_of_non_convex_terrain() -> None:
    # A U-shaped piece open downward: arms at x 6..7.9 and 12.1..14, its top bar y 0..1.
    u = shapely.Polygon(
        [(6, 0), (14, 0), (14, 8), (12.1, 8), (12.1, 1), (7.9, 1), (7.9, 8), (6, 8)]
    )
    env = Surroundings(impassable={"u": u})
    assert env.travel(A, A.forward, 20.0) == (pytest.approx(8.0), "u")


def test_clear_beyond_carries_on_past_units() -> None:
    env = Surroundings(
        friends={"f": shapely.box(8.0, 3.0, 12.0, 6.0)},
        enemies={"e": shapely.box(8.0, -6.0, 12.0, -4.0)},
    )
    # After 4" A's front edge is at y = 5, on top of f: it carries on until its rear edge
    # clears f's top (y = 3): 8" in all.  Ending right behind e would break the gap, so a
    # roll ending there goes on to 1" past e's top edge.
    assert env.clear_beyond(A, A.forward, 4.0) == pytest.approx(8.0)
    assert env.clear_beyond(A, A.forward, 1.0) == pytest.approx(1.0)
    assert env.clear_beyond(A, A.forward, 13.0) == pytest.approx(18.0)


# ------------------------------------------------------------------ Sweeping Attack


def test_crossed_units_are_the_ones_whose_inside_the_sweep_entered() -> None:
    others = {
        "late": shapely.box(9.0, -6.0, 11.0, -5.0),
        "grazed": shapely.box(12.0, 0.0, 13.0, 5.0),  # along A's right edge line: touches only
        "early": shapely.box(11.5, 4.0, 14.0, 5.0),  # clips A's front-right part
        "clear": shapely.box(20.0, 0.0, 21.0, 1.0),
    }
    plan = plan_move(A, [["forward", 16]])
    assert crossed_units(plan, others) == ["early", "late"]


def test_crossed_units_along_a_wheel() -> None:
    r = math.sqrt(20.0)
    ang = math.radians(200.0)
    post = shapely.Point(12.0 + (r - 0.05) * math.cos(ang), 9.0 + (r - 0.05) * math.sin(ang))
    others = {"post": post.buffer(0.02), "beyond": shapely.box(0.0, 0.0, 1.0, 1.0)}
    assert crossed_units(plan_move(A, [["wheel", 90]]), others) == ["post"]

"""Charges: end flush in base contact with the target, by a straight line or around what is
in the way."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import box

from game.geometry.bases import (
    CONTACT_TOL,
    MM_PER_INCH,
    facing_toward,
    facing_vector,
    footprint,
    parse_base,
)
from game.geometry.contact import distance, in_contact, overlaps
from game.physics.charge import contact_poses, plan_charge
from game.physics.movement import ChargePlan

NAMED = {"standard": (25, 25), "cavalry": (25, 50), "large": (50, 50), "giant": (75, 75)}
SHAPES = {n: parse_base(n, NAMED) for n in NAMED} | {
    "r32": parse_base("r32"),
    "r50": parse_base("r50"),
}
SQ = SHAPES["standard"]
SIDE = 25 / MM_PER_INCH
TABLE = (48.0, 48.0)


def _end(shape, plan):  # type: ignore[no-untyped-def]
    return footprint(shape, plan.x, plan.y, plan.facing)


def flush(shape, plan, target) -> bool:  # type: ignore[no-untyped-def]
    """The charger faces a round target's centre, or faces square on to the side of a
    rectangular one that its front edge lies against."""
    from game.geometry.contact import circle_of

    circle = circle_of(target)
    if circle is not None:
        return abs(((facing_toward(plan.x, plan.y, circle[0], circle[1]) - plan.facing + 180)
                    % 360) - 180) < 1e-6
    pts = list(target.exterior.coords)[:-1]
    fx, fy = facing_vector(plan.facing)
    for a, b in zip(pts, pts[1:] + pts[:1]):
        ux, uy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(ux, uy)
        # the side is square to the facing, and the charger's front lies along it
        if abs((ux * fx + uy * fy) / n) < 1e-6:
            front = (plan.x + fx * shape.depth / 2, plan.y + fy * shape.depth / 2)
            # (the front's middle on the side's line: the edges may overlap only in part)
            if abs((front[0] - a[0]) * uy - (front[1] - a[1]) * ux) / n <= CONTACT_TOL / 2:
                return True
    return False


def first_touch_toward_centre(shape, start, centre, target) -> float:  # type: ignore[no-untyped-def]
    """How far a base facing the target's centre slides toward it before touching."""
    fac = facing_toward(*start, *centre)
    fx, fy = facing_vector(fac)
    lo, hi = 0.0, math.hypot(centre[0] - start[0], centre[1] - start[1])
    for _ in range(60):
        mid = (lo + hi) / 2
        fp = footprint(shape, start[0] + fx * mid, start[1] + fy * mid, fac)
        if distance(fp, target) > 0:
            lo = mid
        else:
            hi = mid
    return lo


def test_head_on_charge() -> None:
    target = footprint(SQ, 10, 5, 270)
    plan = plan_charge(SQ, (5, 5), "t", {"t": target}, (10, 5), {}, TABLE, 6)
    assert plan.ok and plan.reason == ""
    assert plan.facing == 90.0
    assert plan.y == 5.0
    gap = 10 - plan.x - SIDE
    assert 0 < gap <= CONTACT_TOL / 2
    assert plan.distance == pytest.approx(plan.x - 5)
    assert in_contact(_end(SQ, plan), target)


@settings(max_examples=80, deadline=None)
@given(
    charger=st.sampled_from(sorted(SHAPES)),
    target=st.sampled_from(sorted(SHAPES)),
    bearing=st.floats(0, 360),
    extra=st.floats(0.05, 8.0),
    target_facing=st.floats(0, 360),
)
def test_charge_from_any_angle(
    charger: str, target: str, bearing: float, extra: float, target_facing: float
) -> None:
    cs, ts = SHAPES[charger], SHAPES[target]
    tx, ty = 24.0, 24.0
    # start far enough that the charger cannot overlap the target whatever it faces
    far = math.hypot(cs.width, cs.depth) / 2 + math.hypot(ts.width, ts.depth) / 2 + extra
    ux, uy = facing_vector(bearing)
    start = (tx + ux * far, ty + uy * far)
    target_poly = footprint(ts, tx, ty, target_facing)
    plan = plan_charge(cs, start, "t", {"t": target_poly}, (tx, ty), {}, TABLE, 30)
    assert plan.ok, plan.reason
    end = _end(cs, plan)
    assert in_contact(end, target_poly)
    assert not overlaps(end, target_poly)
    assert 0 < distance(end, target_poly) <= CONTACT_TOL / 2
    # flush: facing the centre of a round target, square on to the side of any other; only
    # when no flush place can be reached (from so close that turning square on would overlap
    # the target) it is faced toward the target's centre, as it touches
    head_on = plan.facing == pytest.approx(facing_toward(*start, tx, ty))
    assert flush(cs, plan, target_poly) or head_on
    assert plan.distance == pytest.approx(
        math.hypot(plan.x - start[0], plan.y - start[1]), abs=1e-9
    )
    # the straight way there, turned to the final facing, overlaps nothing
    start_fp = footprint(cs, *start, plan.facing)
    assert not overlaps(shapely.union(start_fp, end).convex_hull, target_poly)
    # with nothing else on the table, the first place tried is taken: the best place on the
    # nearest side (across from the charger, centred when the side is long enough)
    if not head_on:
        # the first place in order whose straight way there is clear
        from game.physics.movement import check_straight_move

        first = next(p for p in contact_poses(cs, start, target_poly)
                     if check_straight_move(cs, start, p[1:3], p[3], {"t": target_poly}, {},
                                            TABLE).ok)
        assert (plan.x, plan.y, plan.facing) == pytest.approx(first[1:], abs=1e-9)
    else:
        assert plan.distance == pytest.approx(
            first_touch_toward_centre(cs, start, (tx, ty), target_poly), abs=CONTACT_TOL / 2)
    # MOV just short of the needed distance refuses with the distance in words
    # (nearer than the nearest place in contact, flush or not)
    nearest = min(min(d for d, *_ in contact_poses(cs, start, target_poly)),
                  first_touch_toward_centre(cs, start, (tx, ty), target_poly))
    short = plan_charge(cs, start, "t", {"t": target_poly}, (tx, ty), {}, TABLE, nearest - 0.05)
    assert not short.ok
    assert short.reason.startswith("the target is ") and "beyond MOV" in short.reason


def test_too_far() -> None:
    target = footprint(SQ, 13.3 + SIDE, 5, 0)
    plan = plan_charge(SQ, (5, 5), "t", {"t": target}, (13.3 + SIDE, 5), {}, TABLE, 5)
    assert plan == ChargePlan(False, plan.reason, 5.0, 5.0, 90.0, plan.distance)
    assert plan.reason == 'the target is 8.3" away, beyond MOV 5"'
    assert plan.distance == pytest.approx(8.3 - CONTACT_TOL / 4, abs=1e-5)


def test_blocked_by_a_third_base() -> None:
    others = {"t": footprint(SQ, 12, 5, 0), "elf": footprint(SQ, 8.5, 5.4, 0)}
    plan = plan_charge(SQ, (5, 5), "t", others, (12, 5), {}, TABLE, 10)
    assert not plan.ok
    assert plan.reason == '"elf" is in the way'


def test_third_base_beside_the_path_is_fine() -> None:
    others = {"t": footprint(SQ, 12, 5, 0), "elf": footprint(SQ, 8.5, 5 + SIDE + 0.003, 0)}
    plan = plan_charge(SQ, (5, 5), "t", others, (12, 5), {}, TABLE, 10)
    assert plan.ok


def test_a_plan_kept_for_some_outlines_is_not_given_for_others() -> None:
    # plans are kept by their arguments, outlines by identity (each kept beside its plan, so
    # that no other outline takes an identity while it is kept)
    import gc

    clear = {"t": footprint(SQ, 12, 5, 0), "elf": footprint(SQ, 8.5, 5 + SIDE + 0.003, 0)}
    first = plan_charge(SQ, (5, 5), "t", clear, (12, 5), {}, TABLE, 10)
    assert first.ok
    assert plan_charge(SQ, (5, 5), "t", dict(clear), (12, 5), {}, TABLE, 10) is first
    # the elf steps into the way under the same name: planned again, and refused
    blocked = {"t": clear["t"], "elf": footprint(SQ, 8.5, 5.4, 0)}
    plan = plan_charge(SQ, (5, 5), "t", blocked, (12, 5), {}, TABLE, 10)
    assert plan.reason == '"elf" is in the way'
    del clear, blocked
    gc.collect()
    # outlines built afresh in the same places: the same plans
    again = {"t": footprint(SQ, 12, 5, 0), "elf": footprint(SQ, 8.5, 5.4, 0)}
    assert plan_charge(SQ, (5, 5), "t", again, (12, 5), {}, TABLE, 10) == plan
    again["elf"] = footprint(SQ, 8.5, 5 + SIDE + 0.003, 0)
    assert plan_charge(SQ, (5, 5), "t", again, (12, 5), {}, TABLE, 10) == first


def test_blocked_by_terrain() -> None:
    others = {"t": footprint(SQ, 12, 5, 0)}
    plan = plan_charge(SQ, (5, 5), "t", others, (12, 5), {"hedge": box(8, 0, 8.3, 10)}, TABLE, 10)
    assert not plan.ok
    assert plan.reason == 'terrain "hedge" is in the way'


def test_already_in_contact() -> None:
    target = footprint(SQ, 5 + SIDE + 0.002, 5, 0)
    plan = plan_charge(SQ, (5, 5), "t", {"t": target}, (5 + SIDE + 0.002, 5), {}, TABLE, 5)
    assert plan == ChargePlan(True, "", 5.0, 5.0, 90.0, 0.0)


def test_turning_would_overlap() -> None:
    # a cavalry base squeezed between two bases cannot turn to face sideways
    cav = SHAPES["cavalry"]
    others = {
        "t": footprint(SQ, 15, 5, 0),
        "left": footprint(SQ, 5 - SIDE - 0.003, 5, 0),
        "right": footprint(SQ, 5 + SIDE + 0.003, 5, 0),
    }
    plan = plan_charge(cav, (5, 5), "t", others, (15, 5), {}, TABLE, 20)
    assert not plan.ok
    assert plan.reason == 'turning to face "t" would overlap "left"'  # first found


def test_a_charger_too_big_for_the_straight_line_slides_along_the_side_onto_the_table() -> None:
    # The target sits on the edge; a big charger coming along the edge would hang off if it
    # stopped straight in front of it: it ends against the same side, shifted onto the table.
    target = footprint(SQ, 10, SIDE / 2, 0)
    big = SHAPES["giant"]
    plan = plan_charge(big, (3, SIDE / 2), "t", {"t": target}, (10, SIDE / 2), {}, TABLE, 10)
    assert plan.ok, plan.reason
    end = _end(big, plan)
    assert in_contact(end, target) and end.bounds[1] >= 0.0
    assert plan.facing == 90.0  # flush with the target's left side


def test_end_off_table() -> None:
    # on a strip of table narrower than the charger's base, no place beside the target fits
    target = footprint(SQ, 10, 1.25, 0)
    big = SHAPES["giant"]
    plan = plan_charge(big, (3, 1.25), "t", {"t": target}, (10, 1.25), {}, (48.0, 2.5), 10)
    assert not plan.ok
    assert plan.reason == "the end point is off the table"


def test_unknown_target() -> None:
    plan = plan_charge(SQ, (5, 5), "ghost", {}, (10, 5), {}, TABLE, 5)
    assert not plan.ok and "ghost" in plan.reason


def test_a_charge_whose_full_move_already_reaches_the_contact_tolerance_is_allowed():
    # Edge gap 6.0057": a 6" move leaves 0.0057", which is B2B (within 0.01").
    from game.geometry.bases import footprint, parse_base
    from game.geometry.contact import in_contact
    from game.physics.charge import plan_charge

    std = parse_base("25x25")
    side = 25 / 25.4
    target = footprint(std, 10.0, 5.0, 180.0)
    y0 = 5.0 + side + 6.0057
    plan = plan_charge(std, (10.0, y0), "t", {"t": target}, (10.0, 5.0), {}, (24.0, 24.0), 6.0)
    assert plan.ok, plan.reason
    assert plan.distance == 6.0
    assert in_contact(footprint(std, plan.x, plan.y, plan.facing), target)
    # 6.0157" is beyond reach: still refused
    far = plan_charge(std, (10.0, 5.0 + side + 6.0157), "t", {"t": target}, (10.0, 5.0), {},
                      (24.0, 24.0), 6.0)
    assert not far.ok and "beyond MOV" in far.reason


# --- when the line to the centre is blocked ----------------------------------------------------


def test_a_straight_charge_takes_another_line_when_the_one_to_the_centre_clips_terrain() -> None:
    from game.physics.movement import check_straight_move

    target = footprint(SQ, 12, 5, 0)
    post = {"post": box(8.0, 5.2, 8.3, 5.6)}  # clips the top of the straight way at the centre
    at_centre = check_straight_move(SQ, (5, 5), (12 - SIDE, 5), 90, {"t": target}, post, TABLE)
    assert not at_centre.ok
    plan = plan_charge(SQ, (5, 5), "t", {"t": target}, (12, 5), post, TABLE, 10)
    assert plan.ok, plan.reason
    assert plan.via == () and plan.facing == 90.0  # straight, flush with the left side
    end = _end(SQ, plan)
    assert in_contact(end, target)
    assert check_straight_move(SQ, (5, 5), (plan.x, plan.y), 90, {"t": target}, post, TABLE).ok
    assert plan.y < 5.0  # on the side of the line away from the post


def test_only_a_charge_that_may_go_around_gets_past_a_wall() -> None:
    from game.physics.movement import check_straight_move

    target = footprint(SQ, 12, 5, 0)
    wall = {"wall": box(8, 0, 8.3, 8)}  # from the table edge down to y 8
    straight = plan_charge(SQ, (5, 5), "t", {"t": target}, (12, 5), wall, TABLE, 20)
    assert not straight.ok and straight.reason == 'terrain "wall" is in the way'
    plan = plan_charge(SQ, (5, 5), "t", {"t": target}, (12, 5), wall, TABLE, 20, straight=False)
    assert plan.ok, plan.reason
    assert plan.via and all(p[1] > 8 for p in plan.via)  # round the end of the wall
    points = [(5.0, 5.0), *plan.via, (plan.x, plan.y)]
    legs = list(zip(points, points[1:]))
    assert plan.distance == pytest.approx(sum(math.dist(a, b) for a, b in legs))
    assert all(check_straight_move(SQ, a, b, plan.facing, {"t": target}, wall, TABLE).ok
               for a, b in legs)
    assert in_contact(_end(SQ, plan), target) and flush(SQ, plan, target)
    # the way around is longer than MOV: refused with its length
    short = plan_charge(SQ, (5, 5), "t", {"t": target}, (12, 5), wall, TABLE, plan.distance - 0.1,
                        straight=False)
    assert not short.ok and "by the way around" in short.reason

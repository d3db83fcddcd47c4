"""Charges: turn to face, go straight, end in base-to-base contact."""

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
from game.physics.movement import ChargePlan, plan_charge

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
    # faced toward the target centre, and still on the line from the start to it
    assert plan.facing == pytest.approx(facing_toward(*start, tx, ty))
    fx, fy = facing_vector(plan.facing)
    assert (tx - plan.x) * fy - (ty - plan.y) * fx == pytest.approx(0.0, abs=1e-9)
    assert (tx - plan.x) * fx + (ty - plan.y) * fy > 0
    assert plan.distance == pytest.approx(
        math.hypot(plan.x - start[0], plan.y - start[1]), abs=1e-9
    )
    # it stopped at the first touch: the way there overlaps nothing, a bit further does
    start_fp = footprint(cs, *start, plan.facing)
    assert not overlaps(shapely.union(start_fp, end).convex_hull, target_poly)
    further = footprint(cs, plan.x + fx * CONTACT_TOL, plan.y + fy * CONTACT_TOL, plan.facing)
    assert overlaps(further, target_poly) or distance(further, target_poly) == 0.0
    # MOV just short of the needed distance refuses with the distance in words
    short = plan_charge(
        cs, start, "t", {"t": target_poly}, (tx, ty), {}, TABLE, plan.distance - 0.05
    )
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


def test_end_off_table() -> None:
    # the target sits on the edge; a big charger coming along the edge would hang off
    target = footprint(SQ, 10, SIDE / 2, 0)
    big = SHAPES["giant"]
    plan = plan_charge(big, (3, SIDE / 2), "t", {"t": target}, (10, SIDE / 2), {}, TABLE, 10)
    assert not plan.ok
    assert plan.reason == "the end point is off the table"


def test_unknown_target() -> None:
    plan = plan_charge(SQ, (5, 5), "ghost", {}, (10, 5), {}, TABLE, 5)
    assert not plan.ok and "ghost" in plan.reason


def test_a_charge_whose_full_move_already_reaches_the_contact_tolerance_is_allowed():
    # Edge gap 6.0057": a 6" move leaves 0.0057", which is B2B (within 0.01").
    from game.geometry.bases import footprint, parse_base
    from game.geometry.contact import in_contact
    from game.physics.movement import plan_charge

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

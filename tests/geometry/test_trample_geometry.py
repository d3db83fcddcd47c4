"""The Trample move: which bases are run over, in which order, side to side or only clipped,
on rotated scenes and with cavalry, large and standard bases."""

import math

import pytest

from game.geometry.bases import facing_vector, footprint, parse_base
from game.geometry.trample import (
    crossed_side_to_side,
    entry_distance,
    leading_sides,
    plan_trample,
)

S = 25 / 25.4
NAMED = {"standard": (25.0, 25.0), "cavalry": (25.0, 50.0), "large": (50.0, 50.0)}
STD = parse_base("standard", NAMED)
LARGE = parse_base("large", NAMED)
CAV = parse_base("cavalry", NAMED)
TABLE = (48.0, 48.0)
ANGLES = [0.0, 30.0, 145.0, 300.0]


def place(lx, ly, lf, theta, ox=24.0, oy=24.0):
    t = math.radians(theta)
    return (ox + lx * math.cos(t) - ly * math.sin(t), oy + lx * math.sin(t) + ly * math.cos(t),
            (lf + theta) % 360)


def bases(theta, **spec):
    """name=(shape, lx, ly, lf) in the scene frame -> footprints on the turned table."""
    return {k: footprint(shp, *place(lx, ly, lf, theta)) for k, (shp, lx, ly, lf) in spec.items()}


def trample(shape, theta, side, dist, others, may=None, local=(0.0, 0.0)):
    x, y, f = place(local[0], local[1], 0, theta)
    return plan_trample(shape, (x, y), f, side, dist, others,
                        set(others) if may is None else may, {}, TABLE, max_distance=None)


@pytest.mark.parametrize("theta", ANGLES)
def test_runs_over_two_models_in_the_order_it_reaches_them(theta):
    # e2 is reached later though it is listed first
    others = bases(theta, e2=(STD, 0.3 * S, -4 * S, 180), e1=(STD, 0, -2 * S, 0))
    plan = trample(LARGE, theta, "front", 6 * S, others)
    assert plan.ok, plan.reason
    assert plan.trampled == ("e1", "e2")
    ex, ey, _ = place(0, -6 * S, 0, theta)
    assert (plan.x, plan.y) == pytest.approx((ex, ey), abs=1e-9)


@pytest.mark.parametrize("theta", [0.0, 100.0])
def test_backwards_and_sideways_are_flat_sides_too(theta):
    others = bases(theta, e=(STD, 0, 2 * S, 0))
    assert trample(LARGE, theta, "back", 4 * S, others).trampled == ("e",)
    others = bases(theta, e=(STD, -2 * S, 0.5 * S, 0))
    assert trample(LARGE, theta, "left", 4 * S, others).trampled == ("e",)


def test_a_cavalry_base_leads_only_with_its_short_sides():
    assert leading_sides(CAV) == ("front", "back")
    assert leading_sides(LARGE) == ("front", "right", "back", "left")
    assert leading_sides(parse_base("r50")) == ()
    others = bases(0, e=(STD, -2 * S, 0, 0))
    plan = trample(CAV, 0, "left", 3 * S, others)
    assert not plan.ok and "long side" in plan.reason


@pytest.mark.parametrize("theta", [0.0, 250.0])
def test_cavalry_trampler_crosses_a_standard_with_its_narrow_front(theta):
    # cavalry front edge at -S; the enemy is half across its band
    others = bases(theta, e=(STD, 0.4 * S, -2 * S, 0))
    plan = trample(CAV, theta, "front", 4 * S, others)
    assert plan.ok and plan.trampled == ("e",)


@pytest.mark.parametrize("theta", [0.0, 30.0, 145.0])
def test_clipping_only_a_corner_is_refused(theta):
    # a standard base turned 30 degrees whose left corner pokes 0.083 S into the band
    others = bases(theta, e=(STD, 1.6 * S, -3 * S, 30))
    plan = trample(LARGE, theta, "front", 6 * S, others)
    assert not plan.ok and plan.blocker == "e" and "corner" in plan.reason


@pytest.mark.parametrize("theta", [0.0, 30.0, 145.0])
def test_the_same_turned_base_in_the_middle_of_the_band_is_crossed(theta):
    others = bases(theta, e=(STD, 0.2 * S, -3 * S, 30))
    plan = trample(LARGE, theta, "front", 6 * S, others)
    assert plan.ok and plan.trampled == ("e",)


def test_a_base_turned_45_degrees_can_only_be_clipped():
    mover = footprint(LARGE, 24, 24, 0)
    u = facing_vector(0)
    diamond = footprint(STD, 24.1, 21, 45)
    square = footprint(STD, 24.1, 21, 10)
    assert not crossed_side_to_side(mover, u, diamond)
    assert crossed_side_to_side(mover, u, square)


def test_entry_distance_is_exact():
    mover = footprint(LARGE, 24, 24, 0)  # front edge at y = 24 - S
    u = facing_vector(0)
    assert entry_distance(mover, u, footprint(STD, 24, 24 - 2 * S, 0), 10) == pytest.approx(0.5 * S)
    # a diamond: its lowest corner is half a diagonal below its centre
    diamond = footprint(STD, 24, 24 - 3 * S, 45)
    assert entry_distance(mover, u, diamond, 10) == pytest.approx(2 * S - S / math.sqrt(2))


@pytest.mark.parametrize("theta", [0.0, 210.0])
def test_side_by_side_models_go_left_to_right(theta):
    # moving right: the left of the move is up the table in the scene frame
    others = bases(theta, low=(STD, 2 * S, 0.5 * S, 0), high=(STD, 2 * S, -0.5 * S, 0))
    plan = trample(LARGE, theta, "right", 4 * S, others)
    assert plan.trampled == ("high", "low")


def test_a_model_that_may_not_be_trampled_blocks_the_way():
    others = bases(0, e1=(STD, 0, -2 * S, 0), big=(LARGE, 0, -5 * S, 0))
    plan = trample(LARGE, 0, "front", 8 * S, others, may={"e1"})
    assert not plan.ok and plan.blocker == "big"


def test_it_needs_room_to_stop():
    others = bases(0, e=(STD, 0, -2 * S, 0))
    plan = trample(LARGE, 0, "front", 3 * S, others)  # its back edge would still be on e
    assert not plan.ok and "no room" in plan.reason
    plan = trample(LARGE, 0, "front", 3.5 * S, others)  # back edge just clear of e's far edge
    assert plan.ok and plan.trampled == ("e",)


def test_running_over_nothing_is_refused():
    plan = trample(LARGE, 0, "front", 2 * S, {})
    assert not plan.ok and "no model" in plan.reason

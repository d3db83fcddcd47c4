"""Reach positions: directly opposite across a friend's base, on rotated scenes and mixed
Base Sizes."""

import math

import pytest

from game.geometry.bases import CONTACT_TOL, footprint, parse_base
from game.geometry.reach import contact_stretch, directly_opposite, reach_through

S = 25 / 25.4  # a standard base, inches
NAMED = {"standard": (25.0, 25.0), "cavalry": (25.0, 50.0), "large": (50.0, 50.0),
         "giant": (75.0, 75.0)}
STD = parse_base("standard", NAMED)
LARGE = parse_base("large", NAMED)
CAV = parse_base("cavalry", NAMED)
ROUND = parse_base("r25", NAMED)
ANGLES = [0.0, 30.0, 135.0, 250.0]


def place(lx, ly, lf, theta, ox=12.0, oy=12.0):
    """A point and facing given in the scene's own frame, the scene turned by ``theta``
    degrees clockwise about (ox, oy)."""
    t = math.radians(theta)
    return (ox + lx * math.cos(t) - ly * math.sin(t), oy + lx * math.sin(t) + ly * math.cos(t),
            (lf + theta) % 360)


def poly(shape, lx, ly, lf, theta):
    x, y, f = place(lx, ly, lf, theta)
    return footprint(shape, x, y, f)


def mid(shape, lx, ly, lf, theta):
    x, y, f = place(lx, ly, lf, theta)
    return shape, x, y, f


@pytest.mark.parametrize("theta", ANGLES)
def test_straight_across_a_standard_friend(theta):
    near = poly(STD, 0, S, 0, theta)  # behind the friend
    far = poly(STD, 0, -S, 180, theta)  # in front of it
    assert reach_through(near, *mid(STD, 0, 0, 0, theta), far) == "back"


@pytest.mark.parametrize("theta", [0.0, 60.0, 200.0])
def test_large_reacher_over_a_standard_friend(theta):
    # the large base's front edge touches the friend's back edge, 1.5 standard widths away
    near = poly(LARGE, 0.2 * S, 1.5 * S, 0, theta)
    far = poly(STD, 0, -S, 180, theta)
    assert reach_through(near, *mid(STD, 0, 0, 0, theta), far) == "back"


@pytest.mark.parametrize("theta", [0.0, 45.0])
def test_across_the_long_flanks_of_a_cavalry_friend(theta):
    # cavalry facing up: its left and right sides are 2 S long
    near = poly(LARGE, -(S / 2 + S), 0.3 * S, 90, theta)
    far = poly(STD, S, -0.5 * S, 270, theta)
    assert reach_through(near, *mid(CAV, 0, 0, 0, theta), far) == "left"


@pytest.mark.parametrize("theta", [0.0, 135.0])
def test_contacts_that_do_not_face_each_other_across_the_friend(theta):
    # near on the left part of the back side, far on the right part of the front side
    near = poly(STD, -0.6 * S, S, 0, theta)
    far = poly(STD, 0.6 * S, -S, 180, theta)
    assert reach_through(near, *mid(STD, 0, 0, 0, theta), far) is None
    # moved closer together, a line square to the sides meets both contacts
    near = poly(STD, -0.3 * S, S, 0, theta)
    far = poly(STD, 0.3 * S, -S, 180, theta)
    assert reach_through(near, *mid(STD, 0, 0, 0, theta), far) == "back"


def test_adjacent_sides_are_not_opposite():
    near = poly(STD, 0, S, 0, 30)  # back
    far = poly(STD, -S, 0, 90, 30)  # left
    assert reach_through(near, *mid(STD, 0, 0, 0, 30), far) is None


def test_corner_to_corner_contact_is_on_no_side():
    near = poly(STD, -S, S, 0, 20)  # touches only the friend's back-left corner
    far = poly(STD, 0, -S, 180, 20)
    assert reach_through(near, *mid(STD, 0, 0, 0, 20), far) is None


def test_a_turned_reacher_touching_with_its_corner_counts():
    # the near base turned 45 degrees, its corner pressing on the middle of the back side
    half_diag = S / math.sqrt(2)
    near = poly(STD, 0, S / 2 + half_diag, 45, 70)
    far = poly(STD, 0, -S, 180, 70)
    assert reach_through(near, *mid(STD, 0, 0, 0, 70), far) == "back"


def test_not_touching_the_friend_is_no_reach():
    near = poly(STD, 0, S + 0.1, 0, 0)
    far = poly(STD, 0, -S, 180, 0)
    assert reach_through(near, *mid(STD, 0, 0, 0, 0), far) is None


def test_round_friend_needs_the_contacts_135_degrees_apart():
    far = poly(STD, 0, -S, 180, 0)
    straight = poly(STD, 0, S, 0, 0)
    assert directly_opposite(*mid(ROUND, 0, 0, 0, 0), straight, far) is not None
    # 100 degrees round from the far contact: back quadrant, but not across
    a = math.radians(100)
    side = poly(STD, S * math.sin(a), -S * math.cos(a), 0, 0)
    assert directly_opposite(*mid(ROUND, 0, 0, 0, 0), side, far) is None


def test_contact_stretch_is_measured_from_the_sides_first_corner():
    # the back side runs from the back-right corner (x = +S/2) to the back-left one
    near = poly(STD, 0.3 * S, S, 0, 0)  # covers x from -0.2 S to 0.8 S
    lo, hi = contact_stretch(STD, 12, 12, 0, "back", near)
    assert lo == pytest.approx(CONTACT_TOL)
    assert hi == pytest.approx(0.7 * S + CONTACT_TOL, abs=1e-6)

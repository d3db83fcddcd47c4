"""Base sides, corners and strike order for Swing-Through, on rotated bases and mixed sizes."""

import math

import pytest

from game.geometry.bases import footprint, parse_base
from game.geometry.swing import SIDE_CORNERS, corner_points, on_side, strike_order

S = 25 / 25.4
NAMED = {"standard": (25.0, 25.0), "cavalry": (25.0, 50.0), "large": (50.0, 50.0)}
STD = parse_base("standard", NAMED)
LARGE = parse_base("large", NAMED)
CAV = parse_base("cavalry", NAMED)
ROUND = parse_base("r50", NAMED)


def place(lx, ly, lf, theta, ox=12.0, oy=12.0):
    t = math.radians(theta)
    return (ox + lx * math.cos(t) - ly * math.sin(t), oy + lx * math.sin(t) + ly * math.cos(t),
            (lf + theta) % 360)


def scene(theta):
    """A large base facing up with three standard bases along its front (left to right), one
    on its right side and one off to the side, not touching."""
    me = place(0, 0, 0, theta)
    others = {
        "a": footprint(STD, *place(-0.5 * S, -1.5 * S, 180, theta)),
        "b": footprint(STD, *place(0.5 * S, -1.5 * S, 180, theta)),
        "c": footprint(CAV, *place(1.5 * S, 0.0, 0, theta)),  # cavalry, its long flank along
        "far": footprint(STD, *place(3.0 * S, 3.0 * S, 0, theta)),
    }
    return me, others


def test_each_side_runs_between_two_corners_clockwise():
    assert SIDE_CORNERS == {
        "front": ("front-left", "front-right"),
        "right": ("front-right", "back-right"),
        "back": ("back-right", "back-left"),
        "left": ("back-left", "front-left"),
    }


@pytest.mark.parametrize("theta", [0.0, 37.0, 210.0])
def test_corners_of_a_turned_base(theta):
    pts = corner_points(LARGE, *place(0, 0, 0, theta))
    expect = {"front-left": (-S, -S), "front-right": (S, -S), "back-right": (S, S),
              "back-left": (-S, S)}
    for name, (lx, ly) in expect.items():
        x, y, _ = place(lx, ly, 0, theta)
        assert pts[name] == pytest.approx((x, y), abs=1e-9)


def test_round_base_corners_are_where_its_quadrants_meet():
    r = ROUND.radius
    pts = corner_points(ROUND, 10.0, 10.0, 90.0)  # facing right
    h = r / math.sqrt(2)
    assert pts["front-left"] == pytest.approx((10 + h, 10 - h))
    assert pts["back-right"] == pytest.approx((10 - h, 10 + h))


@pytest.mark.parametrize("theta", [0.0, 37.0, 210.0])
def test_models_on_each_side(theta):
    me, others = scene(theta)
    assert on_side(LARGE, *me, "front", others) == ["a", "b"]
    assert on_side(LARGE, *me, "right", others) == ["c"]
    assert on_side(LARGE, *me, "back", others) == []
    assert on_side(LARGE, *me, "left", others) == []


@pytest.mark.parametrize("theta", [0.0, 37.0, 210.0])
def test_strike_order_from_either_corner(theta):
    me, others = scene(theta)
    front = on_side(LARGE, *me, "front", others)
    assert strike_order(LARGE, *me, "front-left", front, others) == ["a", "b"]
    assert strike_order(LARGE, *me, "front-right", front, others) == ["b", "a"]


def test_strike_order_with_a_turned_model_on_the_side():
    # b is turned 45 degrees, its corner touching the right half of the front side
    theta = 15.0
    d = S / math.sqrt(2)
    others = {
        "a": footprint(STD, *place(-0.5 * S, -1.5 * S, 180, theta)),
        "b": footprint(STD, *place(0.75 * S, -S - d, 45, theta)),
    }
    me = place(0, 0, 0, theta)
    front = on_side(LARGE, *me, "front", others)
    assert sorted(front) == ["a", "b"]
    # from the front-right corner, b's touching corner (0.25 S in) comes before a (1 S in)
    assert strike_order(LARGE, *me, "front-right", front, others) == ["b", "a"]
    assert strike_order(LARGE, *me, "front-left", front, others) == ["a", "b"]

"""B2B contact, overlap, distance and contact sides."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.geometry import contact as C
from game.geometry.bases import (
    CONTACT_TOL,
    MM_PER_INCH,
    BaseShape,
    facing_vector,
    footprint,
    parse_base,
)
from game.geometry.contact import (
    circle_of,
    contact_side,
    convex_parts,
    depth,
    distance,
    in_contact,
    overlaps,
)

NAMED = {"standard": (25, 25), "cavalry": (25, 50), "large": (50, 50), "giant": (75, 75)}
SQ = parse_base("standard", NAMED)
CAV = parse_base("cavalry", NAMED)
SIDE = 25 / MM_PER_INCH  # 0.984"


# ------------------------------------------------------------------ squares side by side


def test_squares_side_by_side_touch() -> None:
    a = footprint(SQ, 5, 5, 0)
    b = footprint(SQ, 5 + SIDE, 5, 0)
    assert in_contact(a, b) and in_contact(b, a)
    assert not overlaps(a, b)
    assert distance(a, b) == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize(
    ("gap", "expected"),
    [(0.0, True), (0.005, True), (0.0099, True), (0.0101, False), (0.02, False)],
)
def test_squares_with_a_gap(gap: float, expected: bool) -> None:
    a = footprint(SQ, 5, 5, 0)
    b = footprint(SQ, 5 + SIDE + gap, 5, 0)
    assert in_contact(a, b) is expected
    assert in_contact(b, a) is expected
    assert distance(a, b) == pytest.approx(gap, abs=1e-12)


def test_overlapping_squares_are_not_in_contact() -> None:
    a = footprint(SQ, 5, 5, 0)
    b = footprint(SQ, 5 + SIDE - 0.05, 5, 0)
    assert overlaps(a, b) and overlaps(b, a)
    assert not in_contact(a, b)
    assert distance(a, b) == 0.0


@pytest.mark.parametrize(
    ("into", "expected"),
    [(1e-7, True), (3e-7, True), (0.005, True), (0.0099, True), (0.0101, False), (0.05, False)],
)
def test_pressed_in_up_to_the_tolerance_is_contact(into: float, expected: bool) -> None:
    # the same tolerance as a gap, whatever the length of the sides that meet: a long side
    # pressed 3e-7" in (rounding) touches, as a short one does
    for long_side in (1, 12):
        a = shapely.box(0, 0, SIDE * long_side, 1)
        b = shapely.box(SIDE * long_side - into, 0, SIDE * long_side * 2, 1)
        assert in_contact(a, b) is expected and in_contact(b, a) is expected
        assert overlaps(a, b) is not expected
        assert depth(a, b) == pytest.approx(into, abs=1e-12)
        assert C.gap(a, b) == pytest.approx(-into, abs=1e-12)


def test_depth_is_the_shortest_move_that_parts_them() -> None:
    a = shapely.box(0, 0, 4, 4)
    assert depth(a, shapely.box(3, 3.5, 6, 6)) == pytest.approx(0.5)  # up is shorter than left
    assert depth(a, shapely.box(1, 1, 2, 2)) == pytest.approx(2.0)  # inside: out by the nearest side
    assert depth(a, shapely.box(5, 0, 6, 4)) == 0.0
    assert C.gap(a, shapely.box(5, 0, 6, 4)) == pytest.approx(1.0)
    # a diamond with its corner 0.3 past the square's side: out by 0.3 across that side
    diamond = shapely.Polygon([(3.7, 2), (4.5, 1.2), (5.3, 2), (4.5, 2.8)])
    assert depth(a, diamond) == pytest.approx(0.3)


def test_a_shape_that_is_not_convex_counts_as_its_convex_parts() -> None:
    ell = shapely.Polygon([(0, 0), (6, 0), (6, 2), (2, 2), (2, 6), (0, 6)])
    assert len(convex_parts(ell)) > 1
    # a square in the notch of the L touching both inner sides: no overlap
    notch = shapely.box(2, 2, 5, 5)
    assert in_contact(ell, notch) and not overlaps(ell, notch)
    assert depth(ell, shapely.box(1.5, 2.5, 4, 4)) == pytest.approx(0.5)
    # its convex hull would have overlapped
    assert overlaps(ell.convex_hull, notch)


def test_corner_to_corner_is_contact() -> None:
    a = footprint(SQ, 0, 0, 0)
    b = footprint(SQ, SIDE, SIDE, 0)
    assert in_contact(a, b)


# ------------------------------------------------------------------ round bases


def test_round_bases_touching_by_centre_distance() -> None:
    r = parse_base("r50")
    rad = r.radius
    # Put the second base in the direction of a polygon edge midpoint so that the
    # polygons are farther apart than the circles.
    ang = math.pi / 128
    for gap, expected in [(0.0, True), (0.0095, True), (0.0105, False)]:
        d = 2 * rad + gap
        a = footprint(r, 10, 10, 0)
        b = footprint(r, 10 + d * math.cos(ang), 10 - d * math.sin(ang), 0)
        assert in_contact(a, b) is expected, gap
        assert distance(a, b) == pytest.approx(gap, abs=1e-12)
    # the polygon outlines alone would miss this one: their gap is over the tolerance
    d = 2 * rad + 0.0095
    a = footprint(r, 10, 10, 0)
    b = footprint(r, 10 + d * math.cos(ang), 10 - d * math.sin(ang), 0)
    assert a.distance(b) > CONTACT_TOL


def test_round_bases_overlap_by_depth() -> None:
    r = parse_base("r32")
    a = footprint(r, 0, 0, 0)
    assert overlaps(a, footprint(r, 2 * r.radius - 0.011, 0, 0))
    assert not overlaps(a, footprint(r, 2 * r.radius - 0.009, 0, 0))
    assert depth(a, footprint(r, 2 * r.radius - 0.5, 0, 0)) == pytest.approx(0.5)
    # a disc against a square: the radius less the signed distance of its centre
    sq = shapely.box(0.5, -1, 3, 1)
    assert depth(a, sq) == pytest.approx(r.radius - 0.5)
    assert depth(footprint(r, 1.0, 0, 0), sq) == pytest.approx(r.radius + 0.5)


def test_circle_of_recognises_round_footprints_only() -> None:
    r = parse_base("r32")
    c = circle_of(footprint(r, 1.5, 2.5, 77))
    assert c is not None
    assert c == pytest.approx((1.5, 2.5, r.radius))
    assert circle_of(footprint(SQ, 0, 0, 0)) is None
    assert circle_of(shapely.Point(0, 0).buffer(1, quad_segs=32)) is not None
    assert circle_of(shapely.Point(0, 0).buffer(1, quad_segs=8)) is None


def test_round_against_square() -> None:
    r = parse_base("r32")
    a = footprint(r, 0, 0, 0)
    b = footprint(SQ, r.radius + SIDE / 2 + 0.004, 0, 0)
    assert in_contact(a, b)
    assert contact_side(r, 0, 0, 90, b) == "front"
    assert contact_side(r, 0, 0, 0, b) == "right"
    assert contact_side(r, 0, 0, 180, b) == "left"
    assert contact_side(r, 0, 0, 270, b) == "back"
    assert contact_side(SQ, r.radius + SIDE / 2 + 0.004, 0, 90, a) == "back"


# ------------------------------------------------------------------ contact sides


def test_charger_touching_the_front() -> None:
    target = footprint(SQ, 10, 10, 0)  # front toward y = 0
    charger_y = 10 - SIDE - 0.003
    charger = footprint(SQ, 10.2, charger_y, 180)  # faces the target, offset a little
    assert contact_side(SQ, 10, 10, 0, charger) == "front"
    assert contact_side(SQ, 10.2, charger_y, 180, target) == "front"


def test_flank_on_rotated_bases() -> None:
    tf = 30.0
    rx, ry = facing_vector(tf + 90)
    cx = 10 + rx * (SIDE / 2 + CAV.depth / 2 + 0.002)
    cy = 10 + ry * (SIDE / 2 + CAV.depth / 2 + 0.002)
    charger_facing = tf + 270  # pointing back at the target's right side
    charger = footprint(CAV, cx, cy, charger_facing)
    target = footprint(SQ, 10, 10, tf)
    assert in_contact(target, charger)
    assert contact_side(SQ, 10, 10, tf, charger) == "right"
    assert contact_side(CAV, cx, cy, charger_facing, target) == "front"


@pytest.mark.parametrize(("offset", "side"), [(-1, "left"), (1, "right")])
def test_cavalry_long_sides(offset: int, side: str) -> None:
    # cavalry facing up: its long sides are left (x smaller) and right
    x = 10 + offset * (SIDE / 2 + SIDE / 2)
    other = footprint(SQ, x, 10.3, 0)
    assert contact_side(CAV, 10, 10, 0, other) == side
    # turned to face right, "left" points up (y smaller)
    other2 = footprint(SQ, 10.3, 10 + offset * SIDE, 0)
    assert contact_side(CAV, 10, 10, 90, other2) == side


def _corner_on_front_edge(facing: float) -> tuple[float, float]:
    """Centre of a standard base at ``facing`` whose lowest corner sits 0.003 above the front
    edge of a standard base at (0, 0) facing 0."""
    probe = footprint(SQ, 0, 0, facing)
    xy = np.asarray(probe.exterior.coords)[:-1]
    low = xy[np.argmax(xy[:, 1])]
    edge_y = -SIDE / 2 - 0.003
    return 0.1 - low[0], edge_y - low[1]


@pytest.mark.parametrize(
    ("facing", "expected"), [(210.0, "front"), (240.0, "left"), (150.0, "front"), (120.0, "right")]
)
def test_corner_only_contact_picks_longer_shared_length(facing: float, expected: str) -> None:
    cx, cy = _corner_on_front_edge(facing)
    target = footprint(SQ, 0, 0, 0)
    assert in_contact(footprint(SQ, cx, cy, facing), target)
    # the side nearer to parallel with the edge it touches shares more length with it
    assert contact_side(SQ, cx, cy, facing, target) == expected
    assert contact_side(SQ, 0, 0, 0, footprint(SQ, cx, cy, facing)) == "front"


def test_no_side_without_contact() -> None:
    a = footprint(SQ, 0, 0, 0)
    assert contact_side(SQ, 0, SIDE + 0.05, 0, a) is None
    assert contact_side(SQ, 0, SIDE - 0.05, 0, a) is None  # overlapping
    assert contact_side(parse_base("r32"), 0, 3, 0, a) is None


# ------------------------------------------------------------------ invariance

SHAPES = {
    "standard": SQ,
    "cavalry": CAV,
    "large": parse_base("large", NAMED),
    "r32": parse_base("r32"),
    "r60": parse_base("r60"),
}


def _ref_gap(
    sa: BaseShape, pa: tuple[float, float, float], sb: BaseShape, pb: tuple[float, float, float]
) -> float:
    """Gap computed independently of the contact module."""
    if sa.kind == "round" and sb.kind == "round":
        return math.hypot(pa[0] - pb[0], pa[1] - pb[1]) - sa.radius - sb.radius
    return footprint(sa, *pa).distance(footprint(sb, *pb))


def _place(
    sa: BaseShape,
    pa: tuple[float, float, float],
    sb: BaseShape,
    fb: float,
    bearing: float,
    gap: float,
) -> tuple[float, float, float]:
    """Centre of b on the ray from a's centre along ``bearing`` where its gap to a is ``gap``
    (negative: pushed into a by -gap beyond touching)."""
    ux, uy = facing_vector(bearing)
    lo, hi = 0.0, 10.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if _ref_gap(sa, pa, sb, (pa[0] + ux * mid, pa[1] + uy * mid, fb)) > max(gap, 0.0):
            hi = mid
        else:
            lo = mid
    t = hi + min(gap, 0.0)
    return pa[0] + ux * t, pa[1] + uy * t, fb


def _rotate(
    p: tuple[float, float, float],
    angle: float,
    about: tuple[float, float],
    shift: tuple[float, float],
) -> tuple[float, float, float]:
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    x, y = p[0] - about[0], p[1] - about[1]
    return about[0] + c * x - s * y + shift[0], about[1] + s * x + c * y + shift[1], p[2] + angle


def _ref_depth(a: shapely.Polygon, b: shapely.Polygon) -> float:
    """Depth of two convex outlines from their Minkowski difference: the translations of b
    that meet a form a convex region; the shortest way out of it from the origin parts them."""
    pa, pb = shapely.get_coordinates(a)[:-1], shapely.get_coordinates(b)[:-1]
    region = shapely.multipoints((pa[:, None, :] - pb[None, :, :]).reshape(-1, 2)).convex_hull
    origin = shapely.Point(0.0, 0.0)
    return float(region.exterior.distance(origin)) if region.contains(origin) else 0.0


def _observe(
    sa: BaseShape, pa: tuple[float, float, float], sb: BaseShape, pb: tuple[float, float, float]
) -> tuple:
    a = footprint(sa, *pa)
    b = footprint(sb, *pb)
    return (
        in_contact(a, b),
        in_contact(b, a),
        overlaps(a, b),
        contact_side(sa, *pa, b),
        contact_side(sb, *pb, a),
        distance(a, b),
    )


@settings(max_examples=120, deadline=None)
@given(
    sa=st.sampled_from(sorted(SHAPES)),
    sb=st.sampled_from(sorted(SHAPES)),
    fa=st.floats(0, 360),
    fb=st.floats(0, 360),
    bearing=st.floats(0, 360),
    gap=st.sampled_from([-0.3, -0.05, -0.004, 0.0, 0.002, 0.005, 0.008, 0.013, 0.03]),
    angle=st.floats(-180, 180),
    about=st.tuples(st.floats(-20, 20), st.floats(-20, 20)),
    shift=st.tuples(st.floats(-20, 20), st.floats(-20, 20)),
)
def test_contact_is_symmetric_and_moves_with_the_scene(
    sa: str,
    sb: str,
    fa: float,
    fb: float,
    bearing: float,
    gap: float,
    angle: float,
    about: tuple[float, float],
    shift: tuple[float, float],
) -> None:
    shape_a, shape_b = SHAPES[sa], SHAPES[sb]
    pa = (7.0, 9.0, fa)
    pb = _place(shape_a, pa, shape_b, fb, bearing, gap)
    before = _observe(shape_a, pa, shape_b, pb)
    # what the definition says, from the construction and a depth measured another way
    deep = _ref_depth(footprint(shape_a, *pa), footprint(shape_b, *pb))
    assume(abs(deep - CONTACT_TOL) > 1e-4)  # (a round base is a polygon here: no close calls)
    assert before[2] == (deep > CONTACT_TOL)
    assert before[0] == before[1] == (gap <= CONTACT_TOL and deep <= CONTACT_TOL)
    assert (before[3] is not None) == before[0]
    assert (before[4] is not None) == before[0]
    after = _observe(
        shape_a, _rotate(pa, angle, about, shift), shape_b, _rotate(pb, angle, about, shift)
    )
    assert after[:5] == before[:5]
    assert after[5] == pytest.approx(before[5], abs=1e-6)


@pytest.mark.parametrize("turn", [0.0, 0.5, 33.0, 90.0])
def test_exact_corner_tie_goes_to_the_first_side(turn: float) -> None:
    # a square turned 45 degrees puts its front-right corner on a cavalry base's front edge:
    # front and right share the same length, so the first in (front, right, back, left) wins
    large = parse_base("large", NAMED)
    half_diag = large.width / math.sqrt(2)
    pa = (7.0, 9.0, 0.0)
    pb = (7.0, 9.0 - CAV.depth / 2 - half_diag - 0.002, 135.0)
    pa, pb = _rotate(pa, turn, (3.0, 4.0), (0.0, 0.0)), _rotate(pb, turn, (3.0, 4.0), (0.0, 0.0))
    a = footprint(CAV, *pa)
    b = footprint(large, *pb)
    assert in_contact(a, b)
    assert contact_side(large, *pb, a) == "front"
    assert contact_side(CAV, *pa, b) == "front"


@pytest.mark.parametrize("turn", [0.0, 3.0, 47.0])
def test_round_quadrant_boundary_goes_to_front_or_back(turn: float) -> None:
    # the other base lies exactly 135 degrees off a round base's facing: "back" wins
    r = parse_base("r32")
    pa = _rotate((7.0, 9.0, 135.0), turn, (0.0, 0.0), (0.0, 0.0))
    pb = _rotate((7.0, 9.0 - r.radius - CAV.depth / 2 - 0.002, 0.0), turn, (0.0, 0.0), (0.0, 0.0))
    assert contact_side(r, *pa, footprint(CAV, *pb)) == "back"
    pa = _rotate((7.0, 9.0, 45.0), turn, (0.0, 0.0), (0.0, 0.0))
    assert contact_side(r, *pa, footprint(CAV, *pb)) == "front"


def test_side_against_a_round_base_uses_the_circle() -> None:
    # the round base is turned half a segment so that an edge midpoint faces the square:
    # the polygons are more than CONTACT_TOL apart, the circle is not
    r = parse_base("r50")
    turn = 180.0 / 128
    round_fp = footprint(r, 10, 10, turn)
    sx = 10 + r.radius + 0.0099 + SIDE / 2
    square = footprint(SQ, sx, 10, 270)  # facing the round base
    assert round_fp.distance(square) > CONTACT_TOL
    assert distance(round_fp, square) == pytest.approx(0.0099, abs=1e-12)
    assert in_contact(square, round_fp)
    assert contact_side(SQ, sx, 10, 270, round_fp) == "front"
    assert contact_side(r, 10, 10, turn, square) == "right"

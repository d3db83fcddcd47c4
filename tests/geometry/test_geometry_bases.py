"""Base sizes, footprints, sides and facings."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely
import shapely.affinity
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.geometry.bases import (
    MM_PER_INCH,
    ROUND_SEGMENTS,
    BaseShape,
    facing_toward,
    facing_vector,
    footprint,
    footprints,
    normalize_facing,
    parse_base,
    side_segments,
)

NAMED = {"standard": (25, 25), "cavalry": (25, 50), "large": (50, 50), "giant": (75, 75)}
INCH25 = 25 / MM_PER_INCH
INCH50 = 50 / MM_PER_INCH

coords = st.floats(min_value=-50, max_value=50, allow_nan=False)
angles = st.floats(min_value=-720, max_value=720, allow_nan=False)


# ------------------------------------------------------------------ parse_base


def test_parse_named_sizes_case_insensitive() -> None:
    cav = parse_base("Cavalry", NAMED)
    assert cav == BaseShape("rect", INCH25, INCH50, "cavalry")
    assert parse_base("  GIANT ", NAMED).width == pytest.approx(75 / MM_PER_INCH)


def test_parse_width_by_depth_in_mm() -> None:
    s = parse_base("25x50")
    assert s.kind == "rect"
    assert s.width == pytest.approx(0.984252, abs=1e-6)
    assert s.depth == pytest.approx(1.968504, abs=1e-6)
    assert s.label == "25x50"
    d = parse_base("32.5X40mm")
    assert (d.width, d.depth, d.label) == (32.5 / 25.4, 40 / 25.4, "32.5x40")


def test_parse_round() -> None:
    r = parse_base("r32")
    assert r.kind == "round"
    assert r.width == r.depth == pytest.approx(32 / 25.4)
    assert r.label == "r32"
    assert r.radius == pytest.approx(16 / 25.4)
    assert parse_base("R 40.5").width == pytest.approx(40.5 / 25.4)


def test_parse_unknown_lists_the_choices() -> None:
    with pytest.raises(ValueError) as err:
        parse_base("huge", NAMED)
    assert str(err.value) == (
        'unknown base "huge": use a named size (standard, cavalry, large, giant), '
        "WxD in mm like 25x50, or rD like r32"
    )


def test_parse_names_need_a_table() -> None:
    with pytest.raises(ValueError, match="unknown base"):
        parse_base("standard")


@pytest.mark.parametrize(
    "text",
    ["", "25", "25x", "x50", "25x50x10", "r", "round32", "25 by 50", "r32x", "1e3x5", "nanxnan"],
)
def test_parse_rejects_garbage(text: str) -> None:
    with pytest.raises(ValueError, match="unknown base"):
        parse_base(text, NAMED)


@pytest.mark.parametrize("text", ["0x50", "25x0", "-25x50", "r0", "r-3", "0.0x1"])
def test_parse_rejects_non_positive(text: str) -> None:
    with pytest.raises(ValueError, match="positive"):
        parse_base(text)


@pytest.mark.parametrize("text", ["600x20", "20x501", "r1000"])
def test_parse_rejects_absurd(text: str) -> None:
    with pytest.raises(ValueError, match="too large"):
        parse_base(text)


def test_parse_checks_named_values_and_type() -> None:
    with pytest.raises(ValueError, match="too large"):
        parse_base("tower", {"tower": (25, 900)})
    with pytest.raises(ValueError):
        parse_base(25)  # type: ignore[arg-type]


# ------------------------------------------------------------------ facings


@pytest.mark.parametrize(
    ("facing", "vec"),
    [(0, (0.0, -1.0)), (90, (1.0, 0.0)), (180, (0.0, 1.0)), (270, (-1.0, 0.0)), (-90, (-1.0, 0.0))],
)
def test_facing_vector_cardinals_exact(facing: float, vec: tuple[float, float]) -> None:
    assert facing_vector(facing) == vec


def test_facing_toward_cardinals() -> None:
    assert facing_toward(5, 5, 5, 0) == 0.0
    assert facing_toward(5, 5, 9, 5) == 90.0
    assert facing_toward(5, 5, 5, 9) == 180.0
    assert facing_toward(5, 5, 1, 5) == 270.0
    assert facing_toward(0, 0, 1, -1) == pytest.approx(45.0)
    assert facing_toward(3, 3, 3, 3) == 0.0


@given(coords, coords, coords, coords)
def test_facing_toward_points_at_the_target(x0: float, y0: float, x1: float, y1: float) -> None:
    length = math.hypot(x1 - x0, y1 - y0)
    assume(length >= 1e-6)  # the same point: no direction (its own test covers it)
    f = facing_toward(x0, y0, x1, y1)
    assert 0.0 <= f < 360.0
    vx, vy = facing_vector(f)
    assert vx == pytest.approx((x1 - x0) / length, abs=1e-9)
    assert vy == pytest.approx((y1 - y0) / length, abs=1e-9)


@given(angles)
def test_normalize_facing_range(f: float) -> None:
    n = normalize_facing(f)
    assert 0.0 <= n < 360.0
    assert math.isclose(math.cos(math.radians(n)), math.cos(math.radians(f)), abs_tol=1e-9)


# ------------------------------------------------------------------ footprints


def _spans(poly: shapely.Polygon) -> tuple[float, float]:
    minx, miny, maxx, maxy = poly.bounds
    return maxx - minx, maxy - miny


def test_cavalry_facing_up_is_deep_along_y() -> None:
    cav = parse_base("cavalry", NAMED)
    poly = footprint(cav, 10, 10, 0)
    assert _spans(poly) == pytest.approx((INCH25, INCH50), abs=1e-12)
    assert poly.bounds == pytest.approx(
        (10 - INCH25 / 2, 10 - INCH50 / 2, 10 + INCH25 / 2, 10 + INCH50 / 2)
    )


def test_cavalry_facing_right_is_deep_along_x() -> None:
    cav = parse_base("cavalry", NAMED)
    poly = footprint(cav, 10, 10, 90)
    # frontage (25 mm) across the facing = along y; depth (50 mm) along x
    assert _spans(poly) == pytest.approx((1.9685039, 0.9842520), abs=1e-6)
    assert poly.area == pytest.approx(INCH25 * INCH50)


def test_cavalry_diagonal_span() -> None:
    cav = parse_base("cavalry", NAMED)
    w, h = _spans(footprint(cav, 0, 0, 45))
    assert w == pytest.approx((INCH25 + INCH50) / math.sqrt(2))
    assert h == pytest.approx((INCH25 + INCH50) / math.sqrt(2))


@pytest.mark.parametrize("facing", [0, 90, 180, 270, 30, 200])
def test_front_side_is_toward_the_facing(facing: float) -> None:
    cav = parse_base("cavalry", NAMED)
    sides = side_segments(cav, 4, 6, facing)
    fx, fy = facing_vector(facing)
    rx, ry = facing_vector(facing + 90)
    mid = {
        k: np.asarray(seg.interpolate(0.5, normalized=True).coords)[0] for k, seg in sides.items()
    }
    assert mid["front"] == pytest.approx([4 + fx * INCH50 / 2, 6 + fy * INCH50 / 2])
    assert mid["back"] == pytest.approx([4 - fx * INCH50 / 2, 6 - fy * INCH50 / 2])
    assert mid["right"] == pytest.approx([4 + rx * INCH25 / 2, 6 + ry * INCH25 / 2])
    assert mid["left"] == pytest.approx([4 - rx * INCH25 / 2, 6 - ry * INCH25 / 2])
    assert sides["front"].length == pytest.approx(INCH25)
    assert sides["left"].length == pytest.approx(INCH50)


def test_cardinal_facing_gives_exact_coordinates() -> None:
    poly = footprint(parse_base("25x25"), 1.0, 2.0, 180)
    xs, ys = np.asarray(poly.exterior.coords).T
    assert set(xs.tolist()) == {1 - INCH25 / 2, 1 + INCH25 / 2}
    assert set(ys.tolist()) == {2 - INCH25 / 2, 2 + INCH25 / 2}


def test_round_footprint_matches_point_buffer() -> None:
    r = parse_base("r40")
    poly = footprint(r, 3.5, 7.25, 0)
    ref = shapely.Point(3.5, 7.25).buffer(r.radius, quad_segs=32)
    assert shapely.get_num_coordinates(poly) == ROUND_SEGMENTS + 1
    assert np.allclose(
        np.asarray(poly.exterior.coords), np.asarray(ref.exterior.coords), atol=1e-12
    )
    assert side_segments(r, 3.5, 7.25, 0) == {}


def test_round_footprint_turns_with_the_facing() -> None:
    r = parse_base("r40")
    turned = footprint(r, 3.5, 7.25, 30)
    ref = shapely.affinity.rotate(footprint(r, 3.5, 7.25, 0), 30, origin=(3.5, 7.25))
    # shapely rotates counter-clockwise for y up, which is clockwise on a y-down table
    assert np.allclose(
        np.asarray(turned.exterior.coords), np.asarray(ref.exterior.coords), atol=1e-12
    )
    xy = np.asarray(turned.exterior.coords)[:-1]
    assert np.allclose(np.hypot(xy[:, 0] - 3.5, xy[:, 1] - 7.25), r.radius)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["standard", "cavalry", "giant", "r32", "20x60"]),
            coords,
            coords,
            angles,
        ),
        min_size=0,
        max_size=12,
    )
)
def test_bulk_footprints_equal_single(items: list[tuple[str, float, float, float]]) -> None:
    shapes = [parse_base(t, NAMED) for t, *_ in items]
    xs = [i[1] for i in items]
    ys = [i[2] for i in items]
    fs = [i[3] for i in items]
    bulk = footprints(shapes, xs, ys, fs)
    assert len(bulk) == len(items)
    for poly, shape, x, y, f in zip(bulk, shapes, xs, ys, fs):
        single = footprint(shape, x, y, f)
        assert poly.equals_exact(single, 1e-12)
        assert poly.area == pytest.approx(
            shape.width * shape.depth if shape.kind == "rect" else single.area
        )
        assert poly.centroid.x == pytest.approx(x, abs=1e-9)
        assert poly.centroid.y == pytest.approx(y, abs=1e-9)


def test_bulk_footprints_single_shape_and_length_check() -> None:
    s = parse_base("standard", NAMED)
    polys = footprints(s, [0, 2], [0, 0], [0, 90])
    assert len(polys) == 2
    with pytest.raises(ValueError):
        footprints(s, [0, 1], [0], [0, 0])


def test_a_rounding_error_below_360_is_straight_up() -> None:
    # a turn back to 0 that lands a hair below (hypothesis found 359.99999999999994): 0, so
    # that a unit's facing in the results never reads 360
    assert normalize_facing(-1e-14) == 0.0
    assert normalize_facing(359.99999999999994) == 0.0
    assert normalize_facing(359.9999) == pytest.approx(359.9999)

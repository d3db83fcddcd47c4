"""Which facing another unit touches, models in base contact, fighting rows, models behind."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.bases import CONTACT_TOL
from game.geometry.contact import in_contact
from game.geometry.formation import (
    FACINGS,
    MIN_STRETCH,
    Block,
    contact_facing,
    contact_stretch,
    engagement,
    models_behind,
    models_touching,
    row_models,
    touched_facing,
)

# 4 wide, 2 deep at (10, 10) facing up: front edge y = 9 from x = 8 to 12, left edge x = 8.
A = Block(10.0, 10.0, 0.0, 4, 8, 1.0, 1.0)


def facing_down_at(x: float, front_y: float, files: int = 4, models: int = 8) -> Block:
    """A block facing down (180) whose front edge lies on y = front_y, centred on x."""
    return Block(0.0, 0.0, 180.0, files, models, 1.0, 1.0).with_front_centre((x, front_y))


# ------------------------------------------------------------------ front to front


def test_flush_fronts_offset_by_one_inch() -> None:
    b = facing_down_at(11.0, 9.0)  # front edge from x = 13 to 9 (its left is +x)
    assert touched_facing(A, b) == "front"
    assert touched_facing(b, A) == "front"
    # A's front edge lies within tol of b from x = 8.99 to 12: overlap 3 plus tol at the
    # end where b's corner sits on it.
    assert contact_stretch(A, "front", b) == pytest.approx(3.0 + CONTACT_TOL)
    assert contact_stretch(A, "left", b) == pytest.approx(0.0)


def test_a_gap_under_the_tolerance_still_touches() -> None:
    assert touched_facing(A, facing_down_at(10.0, 9.0 - 0.005)) == "front"
    assert touched_facing(A, facing_down_at(10.0, 9.0 - 0.02)) is None
    assert contact_facing(A, facing_down_at(10.0, 9.0 - 0.02)) is None
    assert engagement(A, facing_down_at(10.0, 9.0 - 0.02)) is None


def test_flank_contact() -> None:
    # b faces right (90), its 2-wide front against A's left edge x = 8, y from 9 to 11.
    b = Block(0.0, 0.0, 90.0, 2, 4, 1.0, 1.0).with_front_centre((8.0, 10.0))
    assert touched_facing(A, b) == "left"
    assert touched_facing(b, A) == "front"
    assert contact_stretch(A, "left", b) == pytest.approx(2.0)


def test_rear_contact() -> None:
    b = Block(0.0, 0.0, 0.0, 3, 3, 1.0, 1.0).with_front_centre((10.0, 11.0))
    assert touched_facing(A, b) == "rear"
    assert touched_facing(b, A) == "front"


# ------------------------------------------------------------------ corners


def test_corner_to_corner_touches_no_facing() -> None:
    # b: 2 wide, 1 deep, its rear-right corner on A's front-left corner (8, 9).
    b = Block(7.0, 8.5, 0.0, 2, 2, 1.0, 1.0)
    assert touched_facing(A, b) is None
    assert touched_facing(b, A) is None
    # falls back on the arc of the other's centre: b's centre (7, 8.5) is 0.5 past A's front
    # and 1 past its left side; A's centre (10, 10) is 1 past b's rear and 2 past its right
    assert contact_facing(A, b) == "left"
    assert contact_facing(b, A) == "right"
    assert models_touching(A, b) == [1]
    assert models_touching(b, A) == [2]
    eng = engagement(A, b)
    assert eng is not None
    assert (eng.facing, eng.stretch, eng.models, eng.row) == (None, 0.0, (1,), ())


def _corner_down_on(point: tuple[float, float], alpha: float) -> Block:
    """A 2x2 block turned by alpha whose lowest corner (largest y) sits on ``point``."""
    b = Block(0.0, 0.0, alpha, 2, 4, 1.0, 1.0)
    low = max(b.corners, key=lambda c: c[1])
    return Block(point[0] - low[0], point[1] - low[1], alpha, 2, 4, 1.0, 1.0)


@pytest.mark.parametrize("alpha", [5.0, 20.0, 45.0, 70.0])
def test_a_corner_on_a_side_touches_a_stretch_set_by_the_angle(alpha: float) -> None:
    b = _corner_down_on((10.0, 9.0), alpha)
    a = math.radians(alpha)
    want = CONTACT_TOL / math.sin(a) + CONTACT_TOL / math.cos(a)
    assert contact_stretch(A, "front", b) == pytest.approx(want, rel=1e-9)


def test_a_slightly_skewed_unit_touches_the_side_a_steep_one_only_the_corner() -> None:
    assert touched_facing(A, _corner_down_on((10.0, 9.0), 5.0)) == "front"
    assert touched_facing(A, _corner_down_on((10.0, 9.0), 20.0)) is None
    assert contact_facing(A, _corner_down_on((10.0, 9.0), 20.0)) == "front"
    # ~14.6 degrees is where the stretch falls to MIN_STRETCH
    assert contact_stretch(A, "front", _corner_down_on((10.0, 9.0), 14.0)) > MIN_STRETCH
    assert contact_stretch(A, "front", _corner_down_on((10.0, 9.0), 15.0)) < MIN_STRETCH


def test_a_plain_polygon_works_as_well_as_a_block() -> None:
    b = facing_down_at(11.0, 9.0)
    assert touched_facing(A, b.polygon) == "front"
    # a non-convex outline goes through shapely's round buffer: same stretch here
    notch = shapely.Polygon([(9, 9), (13, 9), (13, 7), (12, 7), (12, 8), (9, 8)])
    assert contact_stretch(A, "front", notch) == pytest.approx(3.0 + CONTACT_TOL, abs=1e-6)


# ------------------------------------------------------------------ symmetry and rotation


def _flush_against(a: Block, facing: str, files: int, offset: float) -> Block:
    """A block of ``files`` 1" models facing straight into ``facing`` of ``a``, its front edge
    on that side, its middle ``offset`` along the side from the side's middle."""
    (p, q) = a.edge(facing)
    mid = ((p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0)
    tx, ty = (q[0] - p[0]) / math.dist(p, q), (q[1] - p[1]) / math.dist(p, q)
    nx, ny = a.normal(facing)
    into = math.degrees(math.atan2(-nx, ny))  # facing pointing along -normal
    b = Block(0.0, 0.0, into, files, files * 2, 1.0, 1.0)
    return b.with_front_centre((mid[0] + offset * tx, mid[1] + offset * ty))


@settings(max_examples=150, deadline=None)
@given(
    st.floats(0.0, 360.0),
    st.sampled_from(FACINGS),
    st.integers(1, 6),
    st.floats(-0.9, 0.9),
    st.integers(2, 6),
    st.integers(1, 5),
)
def test_contact_is_symmetric_and_the_facing_is_the_one_touched(
    facing: float, side: str, files: int, shift: float, a_files: int, a_ranks: int
) -> None:
    # full ranks: a short rear rank leaves the boundary's rear corners without models
    a = Block(20.0, 20.0, facing, a_files, a_files * a_ranks, 1.0, 1.0)
    length = a.width if side in ("front", "rear") else a.depth
    # keep at least 0.1" of overlap whatever the shift
    offset = shift * ((length + files) / 2.0 - 0.1)
    b = _flush_against(a, side, files, offset)
    assert in_contact(a.polygon, b.polygon) and in_contact(b.polygon, a.polygon)
    assert touched_facing(a, b) == side
    assert touched_facing(b, a) == "front"
    s_ab = contact_stretch(a, side, b)
    s_ba = contact_stretch(b, "front", a)
    assert abs(s_ab - s_ba) <= 2 * CONTACT_TOL + 1e-9
    assert models_touching(a, b) and models_touching(b, a)


@settings(max_examples=100, deadline=None)
@given(st.floats(0.0, 360.0), st.sampled_from(FACINGS), st.floats(-1.0, 1.0))
def test_touched_facing_turns_with_the_scene(turn: float, side: str, shift: float) -> None:
    b = _flush_against(A, side, 3, shift)
    about = (7.0, 3.0)

    def rot(u: Block) -> Block:
        s, c = math.sin(math.radians(turn)), math.cos(math.radians(turn))
        dx, dy = u.x - about[0], u.y - about[1]
        return Block(about[0] + dx * c - dy * s, about[1] + dx * s + dy * c, u.facing + turn,
                     u.files, u.models, u.base_w, u.base_d)  # fmt: skip

    assert touched_facing(rot(A), rot(b)) == touched_facing(A, b) == side
    assert models_touching(rot(A), rot(b)) == models_touching(A, b)


# ------------------------------------------------------------------ models and rows


def test_models_touching_a_unit_across_the_whole_flank() -> None:
    a = Block(10.0, 10.0, 0.0, 5, 20, 1.0, 1.0)  # 5 x 4, left edge x = 7.5, y 8..12
    b = Block(0.0, 0.0, 90.0, 4, 8, 1.0, 1.0).with_front_centre((7.5, 10.0))
    assert models_touching(a, b) == [1, 6, 11, 16]
    assert row_models(a, "left") == [1, 6, 11, 16]
    assert models_touching(b, a) == [1, 2, 3, 4]
    eng = engagement(a, b)
    assert eng is not None
    assert eng.facing == "left"
    assert eng.stretch == pytest.approx(4.0)
    assert eng.models == (1, 6, 11, 16)
    assert eng.row == (1, 6, 11, 16)


def test_models_touching_part_of_the_front() -> None:
    a = Block(10.0, 10.0, 0.0, 5, 10, 1.0, 1.0)  # front edge y = 9, x 7.5..12.5
    b = facing_down_at(13.5, 9.0, files=3, models=3)  # x 12..15: over a's 5th model
    assert models_touching(a, b) == [5]
    # a's 4th model (x 10.5..11.5) is 0.5 away from b; 0.005 away from b2 (x 11.505..),
    # corner to corner along the front line; 0.02 away from b3
    b2 = facing_down_at(13.005, 9.0, files=3, models=3)
    assert models_touching(a, b2) == [4, 5]
    b3 = facing_down_at(13.02, 9.0, files=3, models=3)
    assert models_touching(a, b3) == [5]


def test_rows_of_a_unit_with_a_short_rear_rank() -> None:
    a = Block(0.0, 0.0, 0.0, 5, 12, 1.0, 1.0)  # rear rank of 2 at columns 1.5 and 2.5
    assert row_models(a, "front") == [1, 2, 3, 4, 5]
    assert row_models(a, "rear") == [11, 12]
    assert row_models(a, "rear", 1) == [6, 7, 8, 9, 10]
    assert row_models(a, "left") == [1, 6]
    assert row_models(a, "right") == [5, 10]
    assert row_models(a, "left", 2) == [3, 8]
    b = Block(0.0, 0.0, 0.0, 5, 13, 1.0, 1.0)  # rear rank of 3 at columns 1, 2, 3
    assert row_models(b, "left", 1) == [2, 7, 11]
    assert row_models(b, "right", 1) == [4, 9, 13]
    with pytest.raises(ValueError, match="unknown facing"):
        row_models(a, "top")


def test_models_behind() -> None:
    a = Block(0.0, 0.0, 0.0, 5, 12, 1.0, 1.0)
    assert models_behind(a, 1) == [6]
    assert models_behind(a, 6) == []  # the rear rank is centred away from the left file
    assert models_behind(a, 7) == [11]
    assert models_behind(a, 8) == [11, 12]  # half a base off: both overlap it
    assert models_behind(a, 11) == []
    assert models_behind(a, 11, "rear") == [7, 8]
    assert models_behind(a, 1, "left") == [2]
    assert models_behind(a, 5, "right") == [4]
    assert models_behind(a, 11, "left") == [12]

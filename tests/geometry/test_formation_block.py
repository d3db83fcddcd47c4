"""Units in formation: the Unit Boundary, model slots, casualties (game.geometry.formation)."""

from __future__ import annotations

import math

import pytest
import shapely

from game.geometry.bases import MM_PER_INCH, parse_base
from game.geometry.formation import Block, make_block

MM25 = 25 / MM_PER_INCH


def approx_pt(p: tuple[float, float], q: tuple[float, float], tol: float = 1e-9) -> bool:
    return math.dist(p, q) <= tol


def unit(x: float = 10.0, y: float = 10.0, facing: float = 0.0, files: int = 5, models: int = 20,
         w: float = 1.0, d: float = 1.0) -> Block:  # fmt: skip
    return Block(x, y, facing, files, models, w, d)


# ------------------------------------------------------------------ sizes and outline


def test_sizes_of_a_block_of_twenty_25mm_models_in_five_files() -> None:
    b = make_block(24.0, 30.0, 0.0, "25x25", 20, 5)
    assert b.ranks == 4
    assert b.rear_count == 5
    assert b.width == pytest.approx(125 / MM_PER_INCH)
    assert b.depth == pytest.approx(100 / MM_PER_INCH)
    assert b.polygon.area == pytest.approx(125 * 100 / MM_PER_INCH**2)


def test_ranks_round_up_and_the_rear_rank_may_be_short() -> None:
    b = unit(files=5, models=12)
    assert (b.ranks, b.rear_count, b.depth) == (3, 2, 3.0)


def test_corners_facing_up_are_front_left_front_right_rear_right_rear_left() -> None:
    b = unit(10.0, 10.0, 0.0, files=4, models=8)  # 4 wide, 2 deep, front toward y = 9
    assert b.corners == ((8.0, 9.0), (12.0, 9.0), (12.0, 11.0), (8.0, 11.0))
    assert b.front_edge == ((8.0, 9.0), (12.0, 9.0))
    assert b.right_edge == ((12.0, 9.0), (12.0, 11.0))
    assert b.rear_edge == ((12.0, 11.0), (8.0, 11.0))
    assert b.left_edge == ((8.0, 11.0), (8.0, 9.0))
    assert b.forward == (0.0, -1.0)
    assert b.right == (1.0, 0.0)
    assert b.front_centre == (10.0, 9.0)


def test_corners_facing_right() -> None:
    # Facing 90 (toward +x): the front edge is the side at x = 11, its left end up (y = 8).
    b = unit(10.0, 10.0, 90.0, files=4, models=8)
    for got, want in zip(b.corners, ((11.0, 8.0), (11.0, 12.0), (9.0, 12.0), (9.0, 8.0))):
        assert approx_pt(got, want)
    assert approx_pt(b.normal("left"), (0.0, -1.0))
    assert approx_pt(b.normal("rear"), (-1.0, 0.0))


def test_corners_at_an_odd_facing_keep_the_sizes() -> None:
    b = unit(3.0, 4.0, 37.0, files=3, models=6, w=1.5, d=0.5)
    fl, fr, rr, rl = b.corners
    assert math.dist(fl, fr) == pytest.approx(4.5)
    assert math.dist(fr, rr) == pytest.approx(1.0)
    # the front-left to front-right direction is the unit's right
    assert ((fr[0] - fl[0]) / 4.5, (fr[1] - fl[1]) / 4.5) == pytest.approx(b.right)
    assert b.polygon.centroid.x == pytest.approx(3.0)
    assert b.polygon.centroid.y == pytest.approx(4.0)


def test_local_and_to_table_are_inverse() -> None:
    b = unit(5.0, 7.0, 123.0)
    p = b.to_table(2.5, -1.25)
    assert b.local(p) == pytest.approx((2.5, -1.25))


# ------------------------------------------------------------------ models


def test_models_are_numbered_rank_by_rank_from_the_front_left() -> None:
    b = unit(10.0, 10.0, 0.0, files=3, models=6)  # 3 wide, 2 deep: front rank at y = 9.5
    assert b.model_positions() == [
        (9.0, 9.5), (10.0, 9.5), (11.0, 9.5),
        (9.0, 10.5), (10.0, 10.5), (11.0, 10.5),
    ]  # fmt: skip


def test_front_left_is_as_seen_by_the_unit_when_it_faces_down() -> None:
    # Facing 180: the unit's left is toward +x, so model 1 is at the largest x.
    b = unit(10.0, 10.0, 180.0, files=3, models=3)
    xs = [p[0] for p in b.model_positions()]
    assert xs == pytest.approx([11.0, 10.0, 9.0])


def test_short_rear_rank_is_centred() -> None:
    b = unit(0.0, 0.0, 0.0, files=5, models=12)  # ranks 3, rear rank of 2
    pos = b.model_positions()
    assert pos[10] == pytest.approx((-0.5, 1.0))
    assert pos[11] == pytest.approx((0.5, 1.0))
    assert b.model_slot(11) == (2, 1.5)
    assert b.model_slot(12) == (2, 2.5)
    assert b.model_slot(5) == (0, 4.0)


def test_model_polygons_tile_the_full_ranks_and_stay_inside() -> None:
    b = make_block(20.0, 20.0, 33.0, "25x50", 13, 4)
    polys = b.model_polygons()
    assert len(polys) == 13
    union = shapely.union_all(polys)
    assert union.area == pytest.approx(13 * MM25 * 50 / MM_PER_INCH)
    assert b.polygon.buffer(1e-9).contains(union)
    # models do not overlap each other
    assert sum(p.area for p in polys) == pytest.approx(union.area)


def test_model_slot_out_of_range() -> None:
    with pytest.raises(ValueError, match="model 21 is not in a unit of 20"):
        unit().model_slot(21)


# ------------------------------------------------------------------ casualties


def test_casualties_leave_the_rear_and_the_front_edge_stays() -> None:
    b = unit(10.0, 10.0, 0.0, files=5, models=20)  # 4 ranks, front at y = 8
    c = b.with_models(15)
    assert c.ranks == 3
    assert c.front_edge == b.front_edge
    assert c.centre == pytest.approx((10.0, 9.5))
    d = b.with_models(13)  # rear rank of 3, same depth as 15
    assert d.front_edge == b.front_edge
    assert d.depth == 3.0


def test_casualties_keep_the_front_models_where_they_stand() -> None:
    b = make_block(30.0, 12.0, 71.0, "25x25", 17, 5)
    c = b.with_models(9)
    for p, q in zip(b.model_positions()[:5], c.model_positions()[:5]):
        assert approx_pt(p, q)


def test_a_lone_rank_narrows_about_the_same_front_centre() -> None:
    b = unit(10.0, 10.0, 0.0, files=5, models=10)
    c = b.with_models(3)
    assert (c.files, c.ranks) == (3, 1)
    assert c.front_centre == pytest.approx(b.front_centre)
    assert c.corners[0] == pytest.approx((8.5, 9.0))


# ------------------------------------------------------------------ building blocks


def test_make_block_defaults_to_five_files_and_caps_files_at_models() -> None:
    assert make_block(0, 0, 0, "25x25", 20).files == 5
    assert make_block(0, 0, 0, "25x25", 3).files == 3
    assert make_block(0, 0, 0, "25x25", 4, 9).files == 4
    cav = make_block(0, 0, 0, parse_base("25x50"), 6, 3)
    assert (cav.base_w, cav.base_d) == pytest.approx((MM25, 50 / MM_PER_INCH))


def test_facing_is_kept_in_0_to_360() -> None:
    assert unit(facing=-90.0).facing == 270.0
    assert unit(facing=720.0).facing == 0.0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"models": 0}, "at least 1 model"),
        ({"files": 0}, "files must be from 1 to the number of models"),
        ({"files": 6, "models": 5}, "files must be from 1 to the number of models"),
        ({"x": math.nan}, "x must be a finite number"),
        ({"w": 0.0}, "base sizes must be positive"),
    ],
)
def test_bad_blocks_are_refused(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        unit(**kwargs)  # type: ignore[arg-type]


def test_reformed_keeps_the_centre() -> None:
    b = unit(10.0, 10.0, 0.0, files=5, models=20)
    r = b.reformed(10, 90.0)
    assert (r.x, r.y, r.facing, r.files, r.ranks) == (10.0, 10.0, 90.0, 10, 2)
    with pytest.raises(ValueError, match="cannot form 21 files"):
        b.reformed(21)


def test_rotated_about_a_corner() -> None:
    b = unit(10.0, 10.0, 0.0, files=4, models=8)  # front-right corner (12, 9)
    r = b.rotated((12.0, 9.0), 90.0)
    assert r.facing == 90.0
    assert r.centre == pytest.approx((11.0, 7.0))
    assert r.corners[1] == pytest.approx((12.0, 9.0))


def test_numpy_numbers_are_taken_as_plain_ones() -> None:
    import numpy as np

    b = Block(np.float32(1.5), np.float64(2.0), 90, np.int64(3), np.int32(6), 1, 1)
    assert (b.x, b.files, b.models) == (1.5, 3, 6)
    assert type(b.files) is int and type(b.x) is float
    with pytest.raises(ValueError, match="files must be a whole number"):
        Block(0.0, 0.0, 0.0, 2.5, 6, 1.0, 1.0)  # type: ignore[arg-type]


def test_facing_names_for_players() -> None:
    from game.geometry.formation import facing_name

    assert [facing_name(f) for f in ("front", "right", "rear", "left")] == [
        "front",
        "right flank",
        "rear",
        "left flank",
    ]

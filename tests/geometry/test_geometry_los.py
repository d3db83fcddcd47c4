"""Line of sight, obstacles between bases, touching an obstacle."""

from __future__ import annotations

from shapely import Polygon, box

from game.geometry.bases import footprint, parse_base
from game.geometry.los import between, line_of_sight, sample_points, touching

SQ = parse_base("25x25")
A = footprint(SQ, 2, 5, 90)
B = footprint(SQ, 10, 5, 270)


def test_clear_without_blockers() -> None:
    assert line_of_sight(A, B, [])
    assert line_of_sight(A, B, [box(20, 20, 21, 21)])


def test_wall_between_blocks() -> None:
    wall = box(5.8, 0, 6.2, 10)
    assert not line_of_sight(A, B, [wall])
    assert not line_of_sight(B, A, [wall])


def test_gap_in_wall_lets_sight_through() -> None:
    # two wall pieces with a 0.3" gap between them, off the centre line
    top = box(5.8, 0, 6.2, 5.2)
    bottom = box(5.8, 5.5, 6.2, 10)
    assert line_of_sight(A, B, [top, bottom])
    # close the gap: blocked
    assert not line_of_sight(A, B, [top, bottom, box(5.8, 5.1, 6.2, 5.6)])


def test_partial_cover_still_sees_past_it() -> None:
    # blocks the centre line but not the bases' upper edges
    assert line_of_sight(A, B, [box(5.8, 4.9, 6.2, 10)])


def test_grazing_an_edge_is_clear() -> None:
    # the bases' top edges lie on y = 5 - 0.4921; a wall whose bottom edge is exactly there
    top_edge = 5 - SQ.width / 2
    wall = box(5.8, 0, 6.2, top_edge)
    low = box(5.8, top_edge + 1e-3, 6.2, 10)
    assert line_of_sight(A, B, [wall, low]) is True  # sight line runs along the wall's edge


def test_round_bases_and_sampling() -> None:
    r = parse_base("r50")
    a = footprint(r, 2, 5, 0)
    b = footprint(r, 10, 5, 0)
    assert len(sample_points(a)) == 33
    assert len(sample_points(A)) == 9
    assert not line_of_sight(a, b, [box(5.8, 0, 6.2, 10)])
    assert line_of_sight(a, b, [box(5.8, 0, 6.2, 4.5)])


def test_between() -> None:
    wall = box(5.8, 0, 6.2, 10)
    assert between(A, B, wall)
    assert not between(A, B, box(5.8, 7, 6.2, 10))  # off to the side
    assert not between(A, B, box(-3, 0, 0, 10))  # behind A
    # bases either side of a wall they both touch (defended obstacle)
    a = footprint(SQ, 5.8 - SQ.depth / 2, 5, 90)
    b = footprint(SQ, 6.2 + SQ.depth / 2, 5, 270)
    assert between(a, b, wall)
    assert touching(a, wall) and touching(b, wall)
    assert not touching(A, wall)


def test_between_triangle_obstacle_touching_hull_only() -> None:
    # an obstacle that only touches the hull's outline is not between
    tri = Polygon([(4, 5 + SQ.width / 2), (6, 5 + SQ.width / 2), (5, 7)])
    assert not between(A, B, tri)

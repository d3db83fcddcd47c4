"""Many sight lines at once: which screens each line crosses (by separating axes, checked
against shapely's own interior test), and which points lie in a base's front arc."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import example, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box

from game.geometry.formation import Block, arc_of_point
from game.geometry.los import crossings, front_arc_mask

WALL = box(5.8, 0.0, 6.2, 10.0)
# a U of terrain, not convex: its inside is split into convex parts
U_SHAPE = Polygon([(6, 1), (9, 1), (9, 6), (8, 6), (8, 2), (7, 2), (7, 6), (6, 6)])


def shapely_crossings(a: np.ndarray, b: np.ndarray, screens: list[Polygon]) -> np.ndarray:
    lines = shapely.linestrings(np.stack([a, b], axis=1))
    return np.stack([shapely.relate_pattern(lines, sc, "T********") for sc in screens], axis=1)


def test_a_line_through_a_wall_crosses_it_and_one_beside_it_does_not() -> None:
    a = np.array([[2.0, 5.0], [2.0, 12.0]])
    b = np.array([[10.0, 5.0], [10.0, 12.0]])
    got = crossings(a, b, [WALL])
    assert got[:, 0].tolist() == [True, False]


def test_grazing_an_outline_or_running_along_it_is_no_crossing() -> None:
    a = np.array([[5.8, -1.0], [0.0, 10.0], [0.0, 11.0]])
    b = np.array([[5.8, 12.0], [12.0, 10.0], [12.0, 9.0]])  # along the left side; along the
    got = crossings(a, b, [WALL])  # bottom; through the bottom corner region
    assert got[:, 0].tolist() == [False, False, True]


def test_a_line_that_starts_inside_crosses() -> None:
    got = crossings(np.array([[6.0, 5.0]]), np.array([[20.0, 5.0]]), [WALL])
    assert got[0, 0]


def test_the_gap_of_a_u_is_seen_through() -> None:
    # down the middle of the U, inside its mouth: the line crosses no part of its inside
    got = crossings(np.array([[7.5, 2.5]]), np.array([[7.5, 10.0]]), [U_SHAPE])
    assert not got[0, 0]
    got = crossings(np.array([[5.0, 4.0]]), np.array([[10.0, 4.0]]), [U_SHAPE])
    assert got[0, 0]


# (points on a grid of eighths; a line that passes within a hair's breadth of a corner is left
# out, as there the two tests' tolerances may differ: the wall's corners are off the grid)
coord = st.integers(-8, 88).map(lambda i: i / 8)


def near_a_corner(a: np.ndarray, b: np.ndarray, screens: list[Polygon]) -> np.ndarray:
    lines = shapely.linestrings(np.stack([a, b], axis=1))
    corners = shapely.points(np.concatenate([np.asarray(s.exterior.coords) for s in screens]))
    return np.array([shapely.distance(line, corners).min() < 1e-6 for line in lines])


@settings(max_examples=60, deadline=None)
@example([(6.125, 9 / 8, 4.0, -1.0)])  # along the seam of two of the U's convex parts
@given(st.lists(st.tuples(coord, coord, coord, coord), min_size=1, max_size=40))
def test_the_same_answer_as_shapelys_interior_test(segs: list[tuple[float, ...]]) -> None:
    arr = np.asarray(segs, dtype=float)
    a, b = arr[:, :2], arr[:, 2:]
    screens = [WALL, U_SHAPE, box(0, 8, 10, 8.5)]
    keep = ~near_a_corner(a, b, [WALL])
    assert (crossings(a, b, screens) == shapely_crossings(a, b, screens))[keep].all()


@settings(max_examples=60, deadline=None)
@given(st.floats(0, 359.9), st.lists(st.tuples(coord, coord), min_size=1, max_size=30))
def test_front_arc_mask_agrees_with_the_arcs_of_a_block(facing: float,
                                                         pts: list[tuple[float, float]]) -> None:
    b = Block(5.0, 5.0, facing, 1, 1, 1.0, 1.0)
    arr = np.asarray(pts, dtype=float)
    got = front_arc_mask((5.0, 5.0), facing, 1.0, 1.0, arr)
    for (x, y), inside in zip(arr, got, strict=True):
        along, across = b.local((x, y))
        if abs(abs(along) - 0.5 - (abs(across) - 0.5)) < 1e-6 or abs(along) < 1e-6:
            continue  # on an arc's edge: either side will do
        if along < 0.5 and abs(across) < 0.5:
            continue  # inside the base itself
        assert bool(inside) == (arc_of_point(b, (x, y)) == "front")

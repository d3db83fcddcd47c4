"""Arcs of a unit in formation: corner rays, front arc tests, the facing a charge hits."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from shapely import Polygon

from game.geometry.formation import (
    FACINGS,
    Block,
    arc_of_point,
    arc_polygon,
    facing_for_charge,
    in_arc,
    in_front_arc,
)

# 4 wide, 2 deep, centred on the origin, facing up: front edge y = -1, right edge x = 2.
BOX = Block(0.0, 0.0, 0.0, 4, 8, 1.0, 1.0)


@pytest.mark.parametrize(
    ("point", "arc"),
    [
        ((0.0, -5.0), "front"),
        ((0.0, 5.0), "rear"),
        ((5.0, 0.0), "right"),
        ((-5.0, 0.0), "left"),
        # on the front-right ray (2 + k, -1 - k): goes to the front
        ((3.0, -2.0), "front"),
        ((3.001, -2.0), "right"),
        ((2.999, -2.0), "front"),
        # on the rear-right ray (2 + k, 1 + k): goes to the rear
        ((3.0, 2.0), "rear"),
        ((3.001, 2.0), "right"),
        # rear-left ray (-2 - k, 1 + k)
        ((-4.0, 3.0), "rear"),
        ((-4.01, 3.0), "left"),
        # straight off a corner along a side's line: the flank
        ((2.5, -1.0), "right"),
        ((-2.0, -1.5), "front"),
    ],
)
def test_arc_of_point_outside(point: tuple[float, float], arc: str) -> None:
    assert arc_of_point(BOX, point) == arc


@pytest.mark.parametrize(
    ("point", "arc"),
    [
        ((0.0, -0.9), "front"),
        ((0.0, 0.9), "rear"),
        ((1.9, 0.0), "right"),
        ((-1.9, 0.5), "left"),
        ((0.0, 0.0), "front"),  # the centre: nearest sides are front and rear, front wins
    ],
)
def test_arc_of_point_inside_goes_to_the_nearest_side(point: tuple[float, float], arc: str) -> None:
    assert arc_of_point(BOX, point) == arc


def test_arcs_follow_the_facing() -> None:
    down = Block(0.0, 0.0, 180.0, 4, 8, 1.0, 1.0)
    assert arc_of_point(down, (0.0, 5.0)) == "front"
    # facing down, the unit's left is +x
    assert arc_of_point(down, (5.0, 0.0)) == "left"


def _rotate(p: tuple[float, float], about: tuple[float, float], deg: float) -> tuple[float, float]:
    s, c = math.sin(math.radians(deg)), math.cos(math.radians(deg))
    dx, dy = p[0] - about[0], p[1] - about[1]
    return (about[0] + dx * c - dy * s, about[1] + dx * s + dy * c)


def _margin(block: Block, p: tuple[float, float]) -> float:
    """How far a point is (in the arc test's own measure) from any arc boundary."""
    along, across = block.local(p)
    over_a = abs(along) - block.depth / 2.0
    over_c = abs(across) - block.width / 2.0
    return min(abs(over_a - over_c), abs(along), abs(across))


blocks = st.builds(
    Block,
    st.floats(0.0, 40.0),
    st.floats(0.0, 40.0),
    st.floats(0.0, 360.0),
    st.integers(1, 8),
    st.integers(8, 30),
    st.floats(0.5, 2.0),
    st.floats(0.5, 2.0),
)
points = st.tuples(st.floats(-30.0, 70.0), st.floats(-30.0, 70.0))


@settings(max_examples=200, deadline=None)
@given(blocks, points, st.floats(0.0, 360.0), points)
def test_arcs_turn_with_the_scene(
    block: Block, p: tuple[float, float], deg: float, about: tuple[float, float]
) -> None:
    assume(_margin(block, p) > 1e-6)
    moved_c = _rotate(block.centre, about, deg)
    turned = Block(moved_c[0], moved_c[1], block.facing + deg, block.files, block.models,
                   block.base_w, block.base_d)  # fmt: skip
    assert arc_of_point(turned, _rotate(p, about, deg)) == arc_of_point(block, p)


@settings(max_examples=200, deadline=None)
@given(blocks, points)
def test_arcs_partition_the_table_outside_the_unit(block: Block, p: tuple[float, float]) -> None:
    """The arc a point is given is the one arc polygon holding it (the two computations are
    independent: local coordinates versus shapely polygons built from the corner rays)."""
    assume(_margin(block, p) > 1e-6)
    pt = shapely.Point(p)
    assume(block.polygon.distance(pt) > 1e-6)
    reach = math.dist(p, block.centre) + 5.0
    holders = [a for a in FACINGS if arc_polygon(block, a, reach).contains(pt)]
    assert holders == [arc_of_point(block, p)]


def test_in_front_arc() -> None:
    # wholly in the right flank arc
    assert not in_front_arc(BOX, shapely.box(5.0, -0.5, 6.0, 0.5))
    # straddling the front-right ray
    assert in_front_arc(BOX, shapely.box(3.5, -3.0, 5.5, -2.0))
    assert in_arc(BOX, shapely.box(3.5, -3.0, 5.5, -2.0), "right")
    # a triangle lying along the front-right ray, on its flank side, only touches the arc
    along_ray = Polygon([(3.0, -2.0), (6.0, -5.0), (6.0, -2.0)])
    assert not in_front_arc(BOX, along_ray)
    assert in_front_arc(BOX, shapely.box(-1.0, -10.0, 1.0, -9.0))
    assert not in_front_arc(BOX, shapely.box(-1.0, 9.0, 1.0, 10.0))


def test_in_front_arc_takes_a_block() -> None:
    other = Block(0.0, -6.0, 180.0, 2, 4, 1.0, 1.0)
    assert in_front_arc(BOX, other)
    assert not in_arc(BOX, other, "rear")


def test_charge_facing_by_the_front_edge_centre() -> None:
    behind = Block(0.5, 6.0, 0.0, 3, 6, 1.0, 1.0)  # facing up, below the unit
    assert facing_for_charge(BOX, behind) == "rear"
    beside = Block(-6.0, 0.2, 90.0, 3, 6, 1.0, 1.0)
    assert facing_for_charge(BOX, beside) == "left"


def _charger_on_rear_right_ray(files: int) -> Block:
    """A charger facing up-left whose front edge is square across the rear-right corner ray
    of BOX, its front-edge centre exactly on the ray at (6, 5)."""
    probe = Block(0.0, 0.0, 315.0, files, files, 1.0, 1.0)
    return probe.with_front_centre((6.0, 5.0))


def test_charge_facing_readings_differ_on_a_tie() -> None:
    charger = _charger_on_rear_right_ray(4)
    # Front-edge centre on the ray: ties go to the rear arc.
    assert facing_for_charge(BOX, charger) == "rear"
    # Two front-rank models on each side: a tie, settled toward the flank (worth less).
    assert facing_for_charge(BOX, charger, by="models") == "right"


def test_charge_facing_by_models_counts_the_front_rank() -> None:
    # Shift the 5-wide charger along its front edge so three models sit in the rear arc.
    base = _charger_on_rear_right_ray(5)
    lx, ly = base.right
    charger = base.with_front_centre((6.0 - 0.8 * lx, 5.0 - 0.8 * ly))
    assert facing_for_charge(BOX, charger, by="models") == "rear"
    assert facing_for_charge(BOX, charger) == "rear"
    charger = base.with_front_centre((6.0 + 0.8 * lx, 5.0 + 0.8 * ly))
    assert facing_for_charge(BOX, charger, by="models") == "right"
    assert facing_for_charge(BOX, charger) == "right"

"""Straight moves and first contact along a direction."""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest
import shapely
from hypothesis import example, given, settings
from hypothesis import strategies as st
from shapely import Polygon, box

from game.geometry.bases import CONTACT_TOL, MM_PER_INCH, facing_vector, footprint, parse_base
from game.geometry.contact import distance, overlaps
from game.physics.movement import (
    MoveCheck,
    check_straight_move,
    first_contact_along,
    separation_ok,
)

SQ = parse_base("25x25")
CAV = parse_base("25x50")
BIG = parse_base("50x50")
RND = parse_base("r32")
SIDE = 25 / MM_PER_INCH
TABLE = (48.0, 48.0)


# ------------------------------------------------------------------ check_straight_move


def test_clear_move() -> None:
    res = check_straight_move(SQ, (5, 5), (9, 8), 90, {}, {}, TABLE, max_distance=5)
    assert res == MoveCheck(True, "", None, 5.0)


def test_blocked_by_base_in_the_middle() -> None:
    others = {"elf": footprint(SQ, 10, 5, 0)}
    res = check_straight_move(SQ, (5, 5), (15, 5), 90, others, {}, TABLE, max_distance=12)
    assert not res.ok
    assert res.blocker == "elf"
    assert res.reason == 'the path crosses "elf"'
    assert res.distance == pytest.approx(10.0)


def test_blocked_by_obstacle() -> None:
    wall = box(9.8, 0, 10.2, 20)
    res = check_straight_move(SQ, (5, 5), (15, 5), 90, {}, {"wall1": wall}, TABLE)
    assert not res.ok
    assert res.blocker == "wall1"
    assert res.reason == 'the path crosses terrain "wall1"'


def test_first_blocker_is_named() -> None:
    others = {"far": footprint(SQ, 12, 5, 0), "near": footprint(SQ, 8, 5.3, 0)}
    wall = {"wall": box(14, 0, 14.5, 20)}
    res = check_straight_move(SQ, (5, 5), (20, 5), 90, others, wall, TABLE)
    assert res.blocker == "near"
    res = check_straight_move(SQ, (20, 5), (5, 5), 90, others, wall, TABLE)
    assert res.blocker == "wall"


def test_blocked_by_distance() -> None:
    res = check_straight_move(SQ, (5, 5), (11.2, 5), 0, {}, {}, TABLE, max_distance=5)
    assert not res.ok
    assert res.reason == 'the move is 6.2" but MOV is 5"'
    assert res.distance == pytest.approx(6.2)
    res = check_straight_move(SQ, (5, 5), (10.03, 5), 0, {}, {}, TABLE, max_distance=5)
    assert res.reason == 'the move is 5.03" but MOV is 5"'
    assert check_straight_move(SQ, (5, 5), (10 + 5e-7, 5), 0, {}, {}, TABLE, max_distance=5).ok


@pytest.mark.parametrize("end", [(47.7, 10), (0.3, 10), (10, -1), (10, 47.9), (60, 60)])
def test_off_table(end: tuple[float, float]) -> None:
    res = check_straight_move(SQ, (10, 10), end, 0, {}, {}, TABLE)
    assert not res.ok
    assert res.reason == "the end point is off the table"


def test_edge_of_table_is_on_it() -> None:
    assert check_straight_move(SQ, (10, 10), (SIDE / 2, SIDE / 2), 0, {}, {}, TABLE).ok


@pytest.mark.parametrize("gap", [0.0, 0.004, 0.009])
def test_passing_beside_within_tolerance_is_fine(gap: float) -> None:
    # a base whose top edge is `gap` below the path's bottom edge
    others = {"elf": footprint(SQ, 10, 5 + SIDE + gap, 0)}
    res = check_straight_move(SQ, (5, 5), (15, 5), 90, others, {}, TABLE)
    assert res.ok, res
    # pressed into the path by the tolerance it is still only touched; beyond it, crossed
    others = {"elf": footprint(SQ, 10, 5 + SIDE - 0.0095, 0)}
    assert check_straight_move(SQ, (5, 5), (15, 5), 90, others, {}, TABLE).ok
    others = {"elf": footprint(SQ, 10, 5 + SIDE - 0.011, 0)}
    assert check_straight_move(SQ, (5, 5), (15, 5), 90, others, {}, TABLE).blocker == "elf"


def test_moving_away_from_a_base_in_contact_is_fine() -> None:
    others = {"friend": footprint(SQ, 5 + SIDE, 5, 0)}
    assert check_straight_move(SQ, (5, 5), (2, 5), 0, others, {}, TABLE).ok
    assert check_straight_move(SQ, (5, 5), (5, 9), 0, others, {}, TABLE).ok  # sliding along
    assert not check_straight_move(SQ, (5, 5), (8, 5), 0, others, {}, TABLE).ok


def test_diagonal_swept_area_catches_corner_clip() -> None:
    # the start and end footprints are both clear; only the swept area hits the corner
    others = {"post": box(9.6, 6.6, 10.0, 7.0)}
    start, end = (8.0, 8.0), (12.0, 5.0)
    assert not overlaps(footprint(CAV, *start, 0), others["post"])
    assert not overlaps(footprint(CAV, *end, 0), others["post"])
    assert check_straight_move(CAV, start, end, 0, others, {}, TABLE).blocker == "post"


def test_non_convex_obstacle() -> None:
    # a U-shaped ruin open to the left: moving into the opening is fine, through the back not
    ruin = Polygon([(10, 2), (16, 2), (16, 8), (10, 8), (10, 7), (15, 7), (15, 3), (10, 3)])
    assert check_straight_move(SQ, (5, 5), (13, 5), 90, {}, {"ruin": ruin}, TABLE).ok
    res = check_straight_move(SQ, (5, 5), (18, 5), 90, {}, {"ruin": ruin}, TABLE)
    assert res.blocker == "ruin"


def test_may_touch_keys_are_ignored() -> None:
    others = {"elf": footprint(SQ, 10, 5, 0)}
    res = check_straight_move(SQ, (5, 5), (15, 5), 90, others, {}, TABLE, may_touch={"elf"})
    assert res.ok


def test_round_mover_and_round_blocker() -> None:
    others = {"r": footprint(RND, 10, 5 + 2 * RND.radius + 0.005, 0)}
    assert check_straight_move(RND, (5, 5), (15, 5), 90, others, {}, TABLE).ok
    others = {"r": footprint(RND, 10, 5 + 2 * RND.radius - 0.0095, 0)}
    assert check_straight_move(RND, (5, 5), (15, 5), 90, others, {}, TABLE).ok
    others = {"r": footprint(RND, 10, 5 + 2 * RND.radius - 0.011, 0)}
    assert check_straight_move(RND, (5, 5), (15, 5), 90, others, {}, TABLE).blocker == "r"


def test_inputs_are_not_changed() -> None:
    others = {"elf": footprint(SQ, 10, 5, 0), "orc": footprint(RND, 3, 9, 0)}
    obstacles = {"wall": box(20, 0, 21, 10)}
    before = (copy.deepcopy(others), copy.deepcopy(obstacles))
    check_straight_move(SQ, (5, 5), (25, 5), 90, others, obstacles, TABLE)
    first_contact_along(SQ, (5, 5), 90, 90, others, obstacles, 30)
    assert list(others) == ["elf", "orc"]
    assert all(others[k].equals_exact(before[0][k], 0) for k in others)
    assert all(obstacles[k].equals_exact(before[1][k], 0) for k in obstacles)


# ------------------------------------------------------------------ first_contact_along


def test_first_contact_head_on() -> None:
    others = {"elf": footprint(SQ, 10, 5, 0)}
    d, key = first_contact_along(SQ, (5, 5), 90, 0, others, {}, 20)
    assert key == "elf"
    gap = 10 - 5 - SIDE - d
    assert 0 < gap <= CONTACT_TOL / 2
    assert distance(footprint(SQ, 5 + d, 5, 0), others["elf"]) == pytest.approx(gap, abs=1e-9)


def test_first_contact_nothing_in_reach() -> None:
    others = {"elf": footprint(SQ, 10, 5, 0)}
    assert first_contact_along(SQ, (5, 5), 90, 0, others, {}, 3) == (3.0, None)
    assert first_contact_along(SQ, (5, 5), 270, 0, others, {}, 3) == (3.0, None)


def test_first_contact_touching_at_start() -> None:
    others = {"elf": footprint(SQ, 5 + SIDE, 5, 0)}
    d, key = first_contact_along(SQ, (5, 5), 90, 0, others, {}, 3)
    assert key == "elf" and d == pytest.approx(0.0, abs=1e-6)
    assert first_contact_along(SQ, (5, 5), 270, 0, others, {}, 3) == (3.0, None)
    assert first_contact_along(SQ, (5, 5), 180, 0, others, {}, 3) == (3.0, None)


def _hull(shape, start, u, facing, s):  # type: ignore[no-untyped-def]
    a = footprint(shape, start[0], start[1], facing)
    b = footprint(shape, start[0] + u[0] * s, start[1] + u[1] * s, facing)
    return shapely.union(a, b).convex_hull


def _reference(shape, start, direction, facing, blockers, s_max, gap):  # type: ignore[no-untyped-def]
    """Shapely-only bisection: first travel at which the swept area comes within `gap`."""
    u = facing_vector(direction)
    polys = list(blockers.values())

    def hit(s: float) -> bool:
        h = _hull(shape, start, u, facing, s)
        return any(h.distance(p) <= gap for p in polys)

    if not hit(s_max):
        return None
    lo, hi = 0.0, s_max
    for _ in range(60):
        mid = (lo + hi) / 2
        if hit(mid):
            hi = mid
        else:
            lo = mid
    return lo


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    mover=st.sampled_from(["25x25", "25x50", "50x50", "40x20"]),
    direction=st.floats(0, 360),
    facing=st.floats(0, 360),
    n=st.integers(1, 8),
)
# a base a hair (a few billionths of a radian) off square to its move: pymunk could not
# measure the area it sweeps (found by this test; 11 of 1,500 near-square set-ups failed)
@example(seed=253, mover="25x50", direction=0.0, facing=1.192092896e-07, n=1)
@example(seed=3, mover="50x50", direction=180.0, facing=179.99999999968057, n=3)
@example(seed=1, mover="40x20", direction=90.0, facing=89.9999999, n=3)
@example(seed=1, mover="25x25", direction=46.25, facing=46.25, n=1)  # (found before)
def test_first_contact_matches_shapely_bisection(
    seed: int, mover: str, direction: float, facing: float, n: int
) -> None:
    rng = np.random.default_rng(seed)
    shape = parse_base(mover)
    start = (20.0, 20.0)
    blockers: dict[str, Polygon] = {}
    for k in range(n):
        kind = parse_base(str(rng.choice(["25x25", "25x50", "50x50"])))
        ang = rng.uniform(0, 2 * np.pi)
        rad = rng.uniform(2.5, 9.0)
        blockers[f"b{k}"] = footprint(
            kind,
            start[0] + rad * math.cos(ang),
            start[1] + rad * math.sin(ang),
            rng.uniform(0, 360),
        )
    if rng.random() < 0.4:
        ang = rng.uniform(0, 2 * np.pi)
        cx, cy = start[0] + 6 * math.cos(ang), start[1] + 6 * math.sin(ang)
        blockers["wall"] = shapely.affinity.rotate(
            box(cx - 2, cy - 0.2, cx + 2, cy + 0.2), rng.uniform(0, 180)
        )
    blockers = {
        k: p for k, p in blockers.items() if footprint(shape, *start, facing).distance(p) > 0.05
    }
    obstacles = {k: p for k, p in blockers.items() if k == "wall"}
    bases = {k: p for k, p in blockers.items() if k != "wall"}
    s_max = 12.0
    d, key = first_contact_along(shape, start, direction, facing, bases, obstacles, s_max)
    ref = _reference(shape, start, direction, facing, blockers, s_max, CONTACT_TOL / 4)
    u = facing_vector(direction)
    end = footprint(shape, start[0] + u[0] * d, start[1] + u[1] * d, facing)
    # never overlapping anything, and the path up to there is clear
    swept = _hull(shape, start, u, facing, d)
    assert not any(overlaps(swept, p) for p in blockers.values())
    if ref is None:
        assert key is None and d == s_max
        return
    assert key is not None
    assert d == pytest.approx(ref, abs=1e-5)
    assert 0 < distance(end, blockers[key]) <= CONTACT_TOL / 2
    nearest = min(blockers, key=lambda k: end.distance(blockers[k]))
    assert end.distance(blockers[nearest]) == pytest.approx(end.distance(blockers[key]), abs=1e-6)


@settings(max_examples=30, deadline=None)
@given(
    direction=st.floats(0, 360),
    offset=st.floats(-1.5, 1.5),
    rr=st.sampled_from(["r25", "r32", "r60"]),
)
def test_first_contact_round_bases(direction: float, offset: float, rr: str) -> None:
    mover = parse_base(rr)
    target_shape = parse_base("r40")
    u = facing_vector(direction)
    n = (-u[1], u[0])
    start = (20.0, 20.0)
    cx = start[0] + 6 * u[0] + offset * n[0]
    cy = start[1] + 6 * u[1] + offset * n[1]
    target = footprint(target_shape, cx, cy, 0)
    d, key = first_contact_along(mover, start, direction, 0, {"t": target}, {}, 10)
    reach = mover.radius + target_shape.radius
    if abs(offset) > reach + CONTACT_TOL / 4:
        assert key is None
        return
    if abs(offset) < reach - 1e-3:
        assert key == "t"
        # analytic: centre distance reach + gap at travel d
        expected = 6 - math.sqrt((reach + CONTACT_TOL / 4) ** 2 - offset**2)
        assert d == pytest.approx(expected, abs=1e-5)
        end = footprint(mover, start[0] + u[0] * d, start[1] + u[1] * d, 0)
        assert 0 < distance(end, target) <= CONTACT_TOL / 2
        assert not overlaps(end, target)


# ------------------------------------------------------------------ separation_ok


def test_separation_ok() -> None:
    polys = {
        "a": footprint(SQ, 5, 5, 0),
        "b": footprint(SQ, 5 + SIDE, 5, 0),
        "c": footprint(SQ, 5 + SIDE * 1.5, 5.2, 0),
        "d": footprint(RND, 20, 20, 0),
    }
    assert separation_ok(polys) == [("b", "c")]
    assert separation_ok({"a": polys["a"], "d": polys["d"]}) == []

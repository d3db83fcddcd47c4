"""ContactIndex against brute force."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.bases import MM_PER_INCH, footprint, footprints, parse_base
from game.geometry.contact import ContactIndex, depth, distance, in_contact, overlaps

NAMED = {"standard": (25, 25), "cavalry": (25, 50), "large": (50, 50), "giant": (75, 75)}
SHAPES = [parse_base(n, NAMED) for n in NAMED] + [parse_base("r25"), parse_base("r50")]
SIDE = 25 / MM_PER_INCH


def _scene(rng: np.random.Generator, n: int, jitter: float, turn: bool) -> list[shapely.Polygon]:
    """Bases on a grid of 25 mm / 50 mm cells, nudged so that many touch and some overlap."""
    cols = max(1, int(math.sqrt(n)))
    shapes = [SHAPES[k] for k in rng.integers(0, len(SHAPES), n)]
    cell = 2 * SIDE
    xs = (np.arange(n) % cols) * cell + 5.0
    ys = (np.arange(n) // cols) * cell + 5.0
    # pull every other base toward its neighbour so sides meet
    xs = xs + np.where(
        np.arange(n) % 2 == 1, -cell / 2 + rng.choice([0.0, 0.004, 0.02, -0.01], n), 0
    )
    xs = xs + rng.normal(0, jitter, n)
    ys = ys + rng.normal(0, jitter, n)
    facings = rng.choice([0.0, 90.0, 180.0, 270.0], n)
    if turn:
        facings = facings + rng.normal(0, 10, n)
    return footprints(shapes, xs, ys, facings)


def _brute_pairs(polys: list[shapely.Polygon]) -> list[tuple[int, int]]:
    return [
        (i, j)
        for i, j in itertools.combinations(range(len(polys)), 2)
        if in_contact(polys[i], polys[j])
    ]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 40),
    jitter=st.sampled_from([0.0, 0.001, 0.01, 0.2]),
    turn=st.booleans(),
)
def test_pairs_match_brute_force(seed: int, n: int, jitter: float, turn: bool) -> None:
    polys = _scene(np.random.default_rng(seed), n, jitter, turn)
    index = ContactIndex(list(enumerate(polys)))
    assert index.pairs() == _brute_pairs(polys)


def test_dense_scene_has_many_contacts_and_matches() -> None:
    polys = _scene(np.random.default_rng(7), 200, 0.0, False)
    index = ContactIndex([(f"m{i}", p) for i, p in enumerate(polys)])
    expected = [(f"m{i}", f"m{j}") for i, j in _brute_pairs(polys)]
    got = index.pairs()
    assert got == expected
    assert len(got) > 50


def test_round_pairs_use_circles() -> None:
    r = parse_base("r50")
    ang = math.pi / 128  # toward edge midpoints: polygons farther apart than circles
    d = 2 * r.radius + 0.0095
    a = footprint(r, 10, 10, 0)
    b = footprint(r, 10 + d * math.cos(ang), 10 - d * math.sin(ang), 0)
    assert a.distance(b) > 0.01
    index = ContactIndex([("a", a), ("b", b)])
    assert index.pairs() == [("a", "b")]
    assert index.touching("a") == ["b"]


def test_pairs_tolerance_argument() -> None:
    sq = parse_base("standard", NAMED)
    polys = [("a", footprint(sq, 0, 0, 0)), ("b", footprint(sq, SIDE + 0.05, 0, 0))]
    index = ContactIndex(polys)
    assert index.pairs() == []
    assert index.pairs(tol=0.06) == [("a", "b")]


def test_queries() -> None:
    sq = parse_base("standard", NAMED)
    items = [
        ("a", footprint(sq, 5, 5, 0)),
        ("b", footprint(sq, 5 + SIDE, 5, 0)),  # touches a
        ("c", footprint(sq, 5 + 2 * SIDE + 0.5, 5, 0)),  # 0.5 from b
        ("d", footprint(sq, 4.9, 5 + SIDE - 0.1, 0)),  # overlaps a, 0.1 from b
        ("e", footprint(parse_base("r32"), 5 - SIDE / 2 - 16 / 25.4 - 0.003, 5, 90)),  # touches a
    ]
    index = ContactIndex(items)
    assert len(index) == 5
    assert index.keys == ["a", "b", "c", "d", "e"]
    assert index.touching("a") == ["b", "e"]
    assert index.touching("b") == ["a"]
    assert index.within("b", 0.5 + 1e-9) == ["a", "c", "d"]
    assert index.within("b", 0.4) == ["a", "d"]
    probe = footprint(sq, 5 + 2 * SIDE + 0.5, 5 + SIDE, 0)
    assert index.within(probe, 0.0) == ["c"]
    assert index.overlapping(footprint(sq, 5, 5.1, 0)) == ["a", "d"]
    assert index.overlapping(footprint(sq, 5, 5.1, 0), exclude=["a"]) == ["d"]
    assert index.nearest((5.2, 5.0)) == "a"
    assert index.nearest((5.2, 5.0), exclude=["a", "d"]) in {"b"}
    assert index.nearest((100, 100)) == "c"
    assert index.nearest((0, 0), exclude="abcde") is None
    assert index.geometry("c").equals(items[2][1])
    assert index.overlapping_pairs() == [("a", "d")]


def test_within_matches_brute_force() -> None:
    polys = _scene(np.random.default_rng(3), 60, 0.3, True)
    index = ContactIndex(list(enumerate(polys)))
    for k in (0, 17, 42):
        for dist in (0.0, 0.3, 2.0):
            expected = [
                j for j in range(len(polys)) if j != k and distance(polys[k], polys[j]) <= dist
            ]
            assert index.within(k, dist) == expected
    overl = [
        (i, j)
        for i, j in itertools.combinations(range(len(polys)), 2)
        if overlaps(polys[i], polys[j])
    ]
    assert index.overlapping_pairs() == overl


def test_duplicate_keys_rejected() -> None:
    sq = parse_base("standard", NAMED)
    with pytest.raises(ValueError):
        ContactIndex([("a", footprint(sq, 0, 0, 0)), ("a", footprint(sq, 5, 0, 0))])


def test_empty_and_single() -> None:
    assert ContactIndex([]).pairs() == []
    assert ContactIndex([]).nearest((0, 0)) is None
    one = ContactIndex([("a", footprint(parse_base("r32"), 0, 0, 0))])
    assert one.pairs() == []
    assert one.touching("a") == []


def test_round_bases_are_measured_as_circles_when_polygons_do_not_meet() -> None:
    r = parse_base("r50")
    ang = math.pi / 128
    d = 2 * r.radius - 0.0005
    a = footprint(r, 10, 10, 0)
    b = footprint(r, 10 + d * math.cos(ang), 10 - d * math.sin(ang), 0)
    assert not a.intersects(b)  # the polygons miss each other...
    assert depth(a, b) == pytest.approx(0.0005)  # ...but the discs reach into each other
    assert in_contact(a, b) and not overlaps(a, b)  # by less than the tolerance: touching
    index = ContactIndex([("a", a), ("b", b)])
    assert index.overlapping_pairs() == []
    assert index.pairs() == [("a", "b")]
    c = footprint(r, 10 + (d - 0.02) * math.cos(ang), 10 - (d - 0.02) * math.sin(ang), 0)
    index = ContactIndex([("a", a), ("c", c)])
    assert index.overlapping_pairs() == [("a", "c")]
    assert index.overlapping(a) == ["a", "c"]
    assert index.pairs() == []

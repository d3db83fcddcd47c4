"""The rank-and-flank table answers questions about two Unit Boundaries (or a base and a
boundary) by plain arithmetic when the answer is clear, and asks shapely only about close
calls. These tests hold the quick answers to shapely's own, measured here without the quick
paths, over boundaries laid against each other (flush, a hair apart, overlapping a little,
turned, offset along a side, corner to corner) and at random."""

from __future__ import annotations

import math
import random

from game.geometry.bases import CONTACT_TOL
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.space import RectKey, rect_of

BASES = [25 / 25.4, 20 / 25.4, 50 / 25.4, 40 / 25.4]
GAPS = [0.0, 0.0, 1e-12, -1e-12, 0.004, CONTACT_TOL, 0.0100001, 0.02, 0.05, -0.001, -0.3, 0.3]


def _rect(rng: random.Random) -> RectKey:
    return (rng.uniform(8, 40), rng.uniform(8, 40),
            rng.choice([0.0, 90.0, 180.0, 270.0, 45.0, rng.uniform(0, 360)]),
            rng.randint(1, 8) * rng.choice(BASES), rng.randint(1, 6) * rng.choice(BASES))


def _against(rng: random.Random, a: RectKey, size: tuple[float, float] | None = None) -> RectKey:
    """A rectangle (of ``size``, else random) put against one side of ``a`` (a gap from GAPS),
    turned one way or another."""
    x, y, f, w, d = a
    bf = rng.choice([f, f + 180, f + 90, f + 270, f + rng.uniform(-20, 20)]) % 360
    bw, bd = size or (rng.randint(1, 8) * rng.choice(BASES), rng.randint(1, 6) * rng.choice(BASES))
    gap = rng.choice(GAPS)
    rel = math.radians(bf - f)
    cr, sr = abs(math.cos(rel)), abs(math.sin(rel))
    if rng.random() < 0.5:
        ly = rng.choice([1, -1]) * (d / 2 + (bw / 2) * sr + (bd / 2) * cr + gap)
        lx = rng.choice([0.0, w / 2 + bw / 2, rng.uniform(-w, w)])
    else:
        lx = rng.choice([1, -1]) * (w / 2 + (bw / 2) * cr + (bd / 2) * sr + gap)
        ly = rng.choice([0.0, d / 2 + bd / 2, rng.uniform(-d, d)])
    c, s = math.cos(math.radians(f)), math.sin(math.radians(f))
    return (x + c * lx - s * ly, y + s * lx + c * ly, bf, bw, bd)


def _pairs(seed: int, n: int) -> list[tuple[RectKey, RectKey]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        a = _rect(rng)
        b = _against(rng, a) if rng.random() < 0.85 else _rect(rng)
        out.append((b, a) if rng.random() < 0.5 else (a, b))
    return out


def _shapely_touch(a: RectKey, b: RectKey) -> bool:
    pa, pb = rect_of(a), rect_of(b)
    return bool(pa.distance(pb) <= CONTACT_TOL and pa.intersection(pb).area < 1e-6)


def _shapely_corner_only(a: RectKey, b: RectKey) -> bool:
    pa, pb = rect_of(a), rect_of(b)
    if pa.distance(pb) > CONTACT_TOL:
        return False
    return bool(pa.exterior.intersection(pb.buffer(CONTACT_TOL * 2)).length <= CONTACT_TOL * 10)


def test_touching_matches_shapely() -> None:
    pairs = _pairs(1, 1500)
    assert [space.rects_touch.__wrapped__(a, b) for a, b in pairs] == \
        [_shapely_touch(a, b) for a, b in pairs]


def test_corner_contact_matches_shapely() -> None:
    pairs = _pairs(2, 1500)
    assert [space._corner_only.__wrapped__(a, b) for a, b in pairs] == \
        [_shapely_corner_only(a, b) for a, b in pairs]


def test_facing_quick_answer_is_the_exact_one() -> None:
    """When the quick path answers, the facing is the one the full measure gives; and it does
    answer for most boundaries laid flush (else it would be no quicker)."""
    pairs = _pairs(3, 1500)
    answered = 0
    for a, b in pairs:
        quick = space._facing_quick(a, b)
        if quick == space._UNSURE:
            continue
        answered += 1
        assert quick == space._facing_exact(a, b), (a, b)
    assert answered > len(pairs) // 2





def test_within_matches_shapely_distance() -> None:
    """A model base against a boundary, at the limits strike planning uses."""
    rng = random.Random(4)
    checked = 0
    for _, b in _pairs(5, 1500):
        model = _against(rng, b, (rng.choice(BASES), rng.choice(BASES)))
        if rng.random() < 0.3:  # a base further back (a rank behind the fighting one)
            model = (model[0] + rng.uniform(-4, 4), model[1] + rng.uniform(-4, 4), *model[2:])
        for limit in (0.01, 4 + 1e-9, 0.0):
            d = rect_of(model).distance(rect_of(b))
            assert space.rects_within.__wrapped__(model, b, limit) == (d <= limit), (model, b)
            checked += 1
    assert checked == 4500

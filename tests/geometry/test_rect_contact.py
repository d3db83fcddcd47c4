"""The rank-and-flank table asks the geometry's one definition of touching (within the contact
tolerance, not reaching more than the tolerance into each other) about Unit Boundaries. These
tests hold its answers to that definition measured another way (shapely's distance and the
depth out of the Minkowski difference), over boundaries laid against each other (flush, a hair
apart, pressed in a little, turned, offset along a side, corner to corner) and at random."""

from __future__ import annotations

import math
import random

import shapely

from game.geometry.bases import CONTACT_TOL
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.space import RectKey, rect_of

BASES = [25 / 25.4, 20 / 25.4, 50 / 25.4, 40 / 25.4]
GAPS = [0.0, 0.0, 1e-12, -1e-12, 3e-7, -3e-7, 0.004, -0.004, 0.0095, -0.0095, 0.0105, -0.0105,
        0.02, 0.05, -0.05, -0.3, 0.3]


def _rect(rng: random.Random) -> RectKey:
    return (rng.uniform(8, 40), rng.uniform(8, 40),
            rng.choice([0.0, 90.0, 180.0, 270.0, 45.0, rng.uniform(0, 360)]),
            rng.randint(1, 8) * rng.choice(BASES), rng.randint(1, 6) * rng.choice(BASES))


def _against(rng: random.Random, a: RectKey) -> tuple[RectKey, float]:
    """A rectangle put against one side of ``a`` (a gap from GAPS, negative: pressed in),
    square to it or turned a little, and the gap asked for."""
    x, y, f, w, d = a
    bf = rng.choice([f, f + 180, f + 90, f + 270, f + rng.uniform(-20, 20)]) % 360
    bw, bd = rng.randint(1, 8) * rng.choice(BASES), rng.randint(1, 6) * rng.choice(BASES)
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
    return (x + c * lx - s * ly, y + s * lx + c * ly, bf, bw, bd), gap


def _ref_depth(a: RectKey, b: RectKey) -> float:
    pa = shapely.get_coordinates(rect_of(a))[:-1]
    pb = shapely.get_coordinates(rect_of(b))[:-1]
    region = shapely.multipoints((pa[:, None, :] - pb[None, :, :]).reshape(-1, 2)).convex_hull
    origin = shapely.Point(0.0, 0.0)
    return float(region.exterior.distance(origin)) if region.contains(origin) else 0.0


def _pairs(seed: int, n: int) -> list[tuple[RectKey, RectKey]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        a = _rect(rng)
        b = _against(rng, a)[0] if rng.random() < 0.85 else _rect(rng)
        out.append((b, a) if rng.random() < 0.5 else (a, b))
    return out


def test_touching_is_the_one_definition() -> None:
    checked = 0
    for a, b in _pairs(1, 1500):
        dist = rect_of(a).distance(rect_of(b))
        deep = _ref_depth(a, b)
        if abs(dist - CONTACT_TOL) < 1e-9 or abs(deep - CONTACT_TOL) < 1e-9:
            continue  # on the limit itself either answer is fair
        expected = dist <= CONTACT_TOL and deep <= CONTACT_TOL
        assert space.rects_touch(a, b) == expected == space.rects_touch(b, a), (a, b)
        checked += 1
    assert checked > 1400


def test_a_long_front_pressed_in_by_rounding_touches() -> None:
    """Close Clash: a charger left 3e-7" into a 5.9"-wide front by positions kept to a
    millionth still touches it (a test of shared area would have said they overlap)."""
    target = (36.0, 26.0, 180.0, 5 * 25 / 25.4, 4 * 25 / 25.4)
    front_y = 26.0 + 2 * 25 / 25.4
    for into in (3e-7, 1e-6, 0.009):
        charger = (36.0, front_y + 30 / 25.4 - into, 0.0, 5 * 30 / 25.4, 60 / 25.4)
        assert space.rects_touch(charger, target)
        assert space._facing_between(target, charger) == "front"
        assert space._facing_between(charger, target) == "front"
    charger = (36.0, front_y + 30 / 25.4 - 0.011, 0.0, 5 * 30 / 25.4, 60 / 25.4)
    assert not space.rects_touch(charger, target)


def test_the_side_laid_against_is_the_facing_touched() -> None:
    rng = random.Random(2)
    checked = 0
    for _ in range(1500):
        a = _rect(rng)
        x, y, f, w, d = a
        b, gap = _against(rng, a)
        if abs(gap) > CONTACT_TOL * 0.9 or (b[2] - f) % 90 != 0:
            continue  # square to it and touching
        # which side of a the centre of b lies beyond, measured in a's own frame
        c, s = math.cos(math.radians(f)), math.sin(math.radians(f))
        dx, dy = b[0] - x, b[1] - y
        lx, ly = c * dx + s * dy, -s * dx + c * dy
        beyond = {"front": -ly - d / 2, "rear": ly - d / 2, "right": lx - w / 2, "left": -lx - w / 2}
        side = max(beyond, key=lambda k: beyond[k])
        # a clear stretch of the side (the contact does not end at a corner by a hair)
        along = abs(lx) if side in ("front", "rear") else abs(ly)
        half_a = w / 2 if side in ("front", "rear") else d / 2
        rel = math.radians(b[2] - f)
        half_b = (b[3] / 2 * abs(math.cos(rel)) + b[4] / 2 * abs(math.sin(rel))
                  if side in ("front", "rear") else
                  b[3] / 2 * abs(math.sin(rel)) + b[4] / 2 * abs(math.cos(rel)))
        if along > half_a + half_b - 0.1:
            continue
        assert space._facing_between(a, b) == side, (a, b)
        assert not space._corner_only(a, b)
        checked += 1
    assert checked > 300

"""Random set-ups for the sweeps of :mod:`game.physics.movement`, and their promises checked
with the definitions of :mod:`game.geometry.contact` (shapely).

Used by ``tests/physics/test_sweep_contract.py`` (a few hundred set-ups) and by
``bench/probe_sweeps.py`` (as many as asked for).  The set-ups lean toward the cases where a
sweep could go wrong: bases flush with the mover or a hair into it, paths straight at a
base's centre, round bases, terrain that is not convex, moves along a side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import Polygon, affinity, box

from game.geometry.bases import BaseShape, facing_toward, facing_vector, footprint, parse_base
from game.geometry.contact import (
    CONTACT_TOL,
    circle_of,
    depth,
    distance,
    in_contact,
    overlaps,
)
from game.physics.charge import plan_charge
from game.physics.movement import TARGET_GAP, check_straight_move, first_contact_along

MOVERS = ("25x25", "25x50", "50x50", "40x20", "60x100", "r25", "r32", "r50", "r130")
OTHERS = ("25x25", "25x50", "50x50", "40x20", "r25", "r32", "r60")
TABLE = (40.0, 40.0)
START = (20.0, 20.0)
ROUND_SLACK = 1e-3  # a round mover's swept area as a polygon lies inside the true one by this


@dataclass
class Setup:
    """One mover, where it starts, where it goes, and what stands around it."""

    shape: BaseShape
    facing: float
    direction: float
    reach: float
    others: dict[str, Polygon] = field(default_factory=dict)
    obstacles: dict[str, Polygon] = field(default_factory=dict)

    @property
    def things(self) -> dict[str, Polygon]:
        return {**self.others, **self.obstacles}

    def at(self, s: float) -> Polygon:
        u = facing_vector(self.direction)
        return footprint(self.shape, START[0] + s * u[0], START[1] + s * u[1], self.facing)

    def swept(self, s: float) -> Polygon:
        """The area the footprint covers over the first ``s`` inches (as a polygon)."""
        a, b = self.at(0.0), self.at(s)
        pts = np.concatenate([np.asarray(a.exterior.coords), np.asarray(b.exterior.coords)])
        hull: Polygon = shapely.multipoints(pts).convex_hull
        return hull


def _flush_beside(rng: np.random.Generator, shape: BaseShape, facing: float) -> Polygon:
    """A base of the same frontage beside the mover, flush with one of its sides, left a gap
    of about nothing (a hair either way, as positions kept to a millionth leave it)."""
    side = int(rng.integers(4))
    other = parse_base(str(rng.choice(["25x25", "25x50", "50x50"])))
    gap = float(rng.choice([0.0, 1e-7, -1e-7, 5e-7, -5e-7, 1e-3, TARGET_GAP, 3e-3, -3e-3]))
    across = (shape.width if side % 2 else shape.depth) / 2
    other_half = (other.width if side % 2 else other.depth) / 2
    if shape.is_round:
        across = shape.radius
    u = facing_vector(facing + 90.0 * side)
    slide = float(rng.choice([0.0, 0.0, rng.uniform(-0.5, 0.5)]))
    v = facing_vector(facing + 90.0 * side + 90.0)
    reach = across + other_half + gap
    return footprint(other, START[0] + reach * u[0] + slide * v[0],
                     START[1] + reach * u[1] + slide * v[1], facing)


def _terrain(rng: np.random.Generator) -> Polygon:
    ang = rng.uniform(0, 2 * np.pi)
    r = rng.uniform(2.0, 8.0)
    cx, cy = START[0] + r * math.cos(ang), START[1] + r * math.sin(ang)
    kind = int(rng.integers(4))
    if kind == 0:  # a wall
        piece = box(cx - 2, cy - 0.15, cx + 2, cy + 0.15)
    elif kind == 1:  # a ruin open on one side (not convex)
        piece = Polygon([(cx - 2, cy - 2), (cx + 2, cy - 2), (cx + 2, cy + 2), (cx - 2, cy + 2),
                         (cx - 2, cy + 1.6), (cx + 1.6, cy + 1.6), (cx + 1.6, cy - 1.6),
                         (cx - 2, cy - 1.6)])
    elif kind == 2:  # an L
        piece = Polygon([(cx, cy), (cx + 3, cy), (cx + 3, cy + 0.4), (cx + 0.4, cy + 0.4),
                         (cx + 0.4, cy + 3), (cx, cy + 3)])
    else:  # a pond with many sides
        piece = shapely.Point(cx, cy).buffer(rng.uniform(0.5, 2.0), quad_segs=int(rng.integers(3, 12)))
    turned: Polygon = affinity.rotate(piece, float(rng.choice([0.0, 90.0, rng.uniform(0, 180)])),
                                      origin=(cx, cy))
    return turned


def random_setup(rng: np.random.Generator) -> Setup:
    shape = parse_base(str(rng.choice(MOVERS)))
    square = rng.random() < 0.5
    facing = float(rng.choice([0.0, 90.0, 180.0, 270.0])) if square else float(rng.uniform(0, 360))
    others: dict[str, Polygon] = {}
    for k in range(int(rng.integers(0, 7))):
        other = parse_base(str(rng.choice(OTHERS)))
        ang = rng.uniform(0, 2 * np.pi)
        r = rng.uniform(1.0, 8.0)
        fac = facing if square and rng.random() < 0.7 else float(rng.uniform(0, 360))
        others[f"b{k}"] = footprint(other, START[0] + r * math.cos(ang),
                                    START[1] + r * math.sin(ang), fac)
    if not shape.is_round or rng.random() < 0.5:
        for k in range(int(rng.integers(0, 3))):
            others[f"f{k}"] = _flush_beside(rng, shape, facing)
    obstacles = {f"t{k}": _terrain(rng) for k in range(int(rng.integers(0, 3)))}
    fp0 = footprint(shape, *START, facing)
    others = {k: p for k, p in others.items() if not overlaps(fp0, p)}
    obstacles = {k: p for k, p in obstacles.items() if not overlaps(fp0, p)}
    things = {**others, **obstacles}
    pick = rng.random()
    if pick < 0.3 and things:  # straight at a base's or a piece's centre
        c = list(things.values())[int(rng.integers(len(things)))].centroid
        direction = facing_toward(START[0], START[1], c.x, c.y)
    elif pick < 0.6:  # along or across the facing
        direction = facing + float(rng.choice([0.0, 90.0, 180.0, 270.0]))
    else:
        direction = float(rng.uniform(0, 360))
    reach = float(rng.choice([rng.uniform(0, 12), 10.0, 6.0, 0.003]))
    return Setup(shape, facing, direction, reach, others, obstacles)


def _overlap_slack(setup: Setup) -> float:
    return ROUND_SLACK if setup.shape.is_round else 1e-9


def first_contact_problems(setup: Setup) -> list[str]:
    """What is wrong with first_contact_along's answer for this set-up (empty: nothing)."""
    s, key = first_contact_along(setup.shape, START, setup.direction, setup.facing,
                                 setup.others, setup.obstacles, setup.reach)
    out: list[str] = []
    if not 0.0 <= s <= setup.reach:
        out.append(f"travel {s} outside [0, {setup.reach}]")
    end = setup.at(s)
    swept = setup.swept(s)
    slack = _overlap_slack(setup)
    for k, poly in setup.things.items():
        if overlaps(end, poly):
            out.append(f"ends overlapping {k} (depth {depth(end, poly):.3g})")
        elif depth(swept, poly) > CONTACT_TOL + slack:
            out.append(f"path crosses {k}")
    if key is None:
        if s != setup.reach:
            out.append(f"stops at {s} of {setup.reach} touching nothing")
        start = setup.at(0.0)
        for k, poly in setup.things.items():
            if distance(start, poly) > CONTACT_TOL and distance(swept, poly) < TARGET_GAP - slack:
                out.append(f"passes within {distance(swept, poly):.3g} of {k} without stopping")
        return out
    touched = setup.things.get(key)
    if touched is None:
        return [*out, f"names {key!r}, which is not there"]
    if not in_contact(end, touched, CONTACT_TOL / 2):
        out.append(f"stops {distance(end, touched):.3g} from {key}, not touching it")
    # it stopped because the move pushes into what it touches: a little further on, the
    # area it sweeps comes nearer to it or reaches deeper into it
    def signed(poly: Polygon, g: Polygon) -> float:
        d = depth(g, poly)
        return -d if d > 0.0 else distance(g, poly)

    further = setup.swept(s + 0.004)
    if signed(touched, further) >= signed(touched, swept) - 1e-9:
        out.append(f"stops at {s} against {key} though moving on does not push into it")
    return out


def straight_move_problems(setup: Setup) -> list[str]:
    """What is wrong with check_straight_move's answer for a move of ``setup.reach``."""
    u = facing_vector(setup.direction)
    end = (START[0] + setup.reach * u[0], START[1] + setup.reach * u[1])
    chk = check_straight_move(setup.shape, START, end, setup.facing, setup.others,
                              setup.obstacles, TABLE)
    swept = setup.swept(setup.reach)
    slack = _overlap_slack(setup)
    deep = {k: depth(swept, p) for k, p in setup.things.items()}
    if chk.ok:
        return [f"crosses {k} (depth {d:.3g}) but is allowed" for k, d in deep.items()
                if d > CONTACT_TOL + slack]
    if chk.blocker is None:
        return [] if chk.reason == "the end point is off the table" else [chk.reason]
    if deep.get(chk.blocker, 0.0) <= CONTACT_TOL - slack:
        return [f"refused for {chk.blocker}, which it does not cross"]
    return []


def charge_problems(setup: Setup) -> list[str]:
    """What is wrong with a charge at the nearest other base of the set-up."""
    if not setup.others:
        return []
    fp0 = setup.at(0.0)
    key = min(setup.others, key=lambda k: distance(fp0, setup.others[k]))
    target = setup.others[key]
    circle = circle_of(target)
    c = (circle[0], circle[1]) if circle is not None else (target.centroid.x, target.centroid.y)
    plan = plan_charge(setup.shape, START, key, setup.others, c, setup.obstacles, TABLE, 12.0)
    if not plan.ok:
        return []
    end = footprint(setup.shape, plan.x, plan.y, plan.facing)
    out = []
    if not in_contact(end, target):
        out.append(f"charge ends {distance(end, target):.3g} from {key}, not touching it")
    for k, poly in setup.things.items():
        if overlaps(end, poly):
            out.append(f"charge ends overlapping {k}")
    if not plan.via and plan.distance > 0.0:
        turned = Setup(setup.shape, plan.facing, facing_toward(*START, plan.x, plan.y),
                       plan.distance, setup.others, setup.obstacles)
        swept = turned.swept(plan.distance)
        slack = _overlap_slack(setup)
        for k, poly in setup.things.items():
            if depth(swept, poly) > CONTACT_TOL + slack:
                out.append(f"charge path crosses {k}")
    return out


def problems(setup: Setup) -> list[str]:
    """Everything wrong with the three sweeps' answers for one set-up."""
    return first_contact_problems(setup) + straight_move_problems(setup) + charge_problems(setup)

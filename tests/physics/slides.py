"""Random set-ups for the slides of units in formation (``Surroundings.travel`` and
``Surroundings.clear_beyond``, swept by :func:`game.physics.movement.slide_outline` and
:func:`~game.physics.movement.clear_along`), and their promises checked with the definitions
of :mod:`game.geometry.contact` (shapely).

Used by ``tests/physics/test_slide_contract.py`` (a few hundred set-ups) and by
``bench/probe_sweeps.py --blocks`` (as many as asked for).  The set-ups lean toward the
cases where a slide could go wrong: units flush with the mover or a hair into it, enemies a
hair either side of the gap, paths along a side, straight at a unit or at an angle,
terrain that is not convex, square and random facings.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import Polygon

from game.geometry.contact import gap as signed_gap
from game.geometry.formation import Block
from game.geometry.formation_moves import TABLE_EDGE, Surroundings
from tests.physics.sweeps import START, _terrain

TOL = 1e-7
"""How far (inches) an answer may miss a gap by: far under the millionth positions are kept
to, far over the 1e-9 a slide is allowed by its definition and the solver's own error."""

BASES = (0.7874, 0.9843, 1.5748, 1.9685)  # 20, 25, 40 and 50 mm
NUDGES = (0.0, 0.0, 1e-7, -1e-7, 5e-7, -5e-7, 1e-3, 0.5)


@dataclass
class BlockSetup:
    """A block, where it slides, and what stands around it."""

    block: Block
    direction: tuple[float, float]
    limit: float
    gap: float
    friend_gap: float
    start: float  # where clear_beyond starts looking
    table: tuple[float, float] = (40.0, 40.0)
    friends: dict[str, Polygon] = field(default_factory=dict)
    enemies: dict[str, Polygon] = field(default_factory=dict)
    impassable: dict[str, Polygon] = field(default_factory=dict)

    def surroundings(self) -> Surroundings:
        return Surroundings(friends=self.friends, enemies=self.enemies,
                            impassable=self.impassable, table=self.table)

    def at(self, t: float) -> Block:
        ux, uy = self.direction
        b = self.block
        return Block(b.x + t * ux, b.y + t * uy, b.facing, b.files, b.models, b.base_w, b.base_d)

    def swept(self, t: float) -> Polygon:
        pts = np.vstack([np.asarray(self.block.corners), np.asarray(self.at(t).corners)])
        hull: Polygon = shapely.multipoints(pts).convex_hull
        return hull

    def gap_of(self, key: str) -> float:
        """The gap the slide keeps from ``key``."""
        if key in self.enemies:
            return self.gap
        return self.friend_gap if key in self.friends else 0.0

    @property
    def things(self) -> dict[str, Polygon]:
        return {**self.friends, **self.enemies, **self.impassable}

    def describe(self) -> str:
        b = self.block
        return (f"block {b.files}x{b.models} {b.base_w:g}x{b.base_d:g} facing {b.facing:.6g}, "
                f"direction ({self.direction[0]:.6g}, {self.direction[1]:.6g}), "
                f"limit {self.limit:.6g}, gap {self.gap:g}, friend gap {self.friend_gap:g}")


def _block(rng: np.random.Generator, facing: float) -> tuple[int, int, float, float, float]:
    files = int(rng.integers(1, 7))
    models = files * int(rng.integers(1, 5)) + int(rng.integers(0, files))
    w = float(rng.choice(BASES[:3]))
    d = w if rng.random() < 0.7 else float(rng.choice(BASES))
    return files, models, w, d, facing


def random_block_setup(rng: np.random.Generator) -> BlockSetup:
    square = rng.random() < 0.5
    facing = float(rng.choice([0.0, 90.0, 180.0, 270.0])) if square else float(rng.uniform(0, 360))
    files, models, w, d, _ = _block(rng, facing)
    mover = Block(START[0], START[1], facing, files, models, w, d)
    if rng.random() < 0.5:
        heading = facing + float(rng.choice([0.0, 90.0, 180.0, 270.0]))
    else:
        heading = float(rng.uniform(0, 360))
    u = (math.sin(math.radians(heading)), -math.cos(math.radians(heading)))
    gap = float(rng.choice([1.0, 1.0, 0.0, 0.5]))
    setup = BlockSetup(mover, u, float(rng.choice([rng.uniform(0, 12), 10.0, 1e-3])), gap,
                       float(rng.choice([0.0, 0.0, 0.5, 1.0])), float(rng.uniform(0, 6)),
                       (float(rng.choice([40.0, 40.0, 27.0])), float(rng.choice([40.0, 40.0, 26.0]))))
    for k in range(int(rng.integers(0, 7))):
        fac = facing if square and rng.random() < 0.7 else float(rng.uniform(0, 360))
        f, m, bw, bd, _ = _block(rng, fac)
        enemy = rng.random() < 0.5
        pick = rng.random()
        if pick < 0.3:  # flush with a side of the mover, a hair either way (or at the gap)
            same = Block(mover.x, mover.y, facing + float(rng.choice([0.0, 180.0])), f, m, bw, bd)
            side = int(rng.integers(4))
            nudge = float(rng.choice(NUDGES)) + (gap if enemy and rng.random() < 0.5 else 0.0)
            slide = float(rng.choice([0.0, rng.uniform(-2, 2)]))
            if side < 2:
                along = (mover.depth + same.depth) / 2 + nudge
                other = mover.advanced(along if side == 0 else -along, slide)
            else:
                across = (mover.width + same.width) / 2 + nudge
                other = mover.advanced(slide, across if side == 2 else -across)
            outline = Block(other.x, other.y, same.facing, f, m, bw, bd).polygon
        else:  # somewhere ahead on the path, or anywhere near
            r = float(rng.uniform(0.0, 14.0))
            off = float(rng.uniform(-4, 4))
            if pick < 0.7:
                cx, cy = START[0] + r * u[0] - off * u[1], START[1] + r * u[1] + off * u[0]
            else:
                ang = rng.uniform(0, 2 * np.pi)
                cx, cy = START[0] + r * math.cos(ang), START[1] + r * math.sin(ang)
            outline = Block(float(cx), float(cy), fac, f, m, bw, bd).polygon
        (setup.enemies if enemy else setup.friends)[f"u{k}"] = outline
    for k in range(int(rng.integers(0, 3))):
        setup.impassable[f"t{k}"] = _terrain(rng)
    return setup


def travel_problems(setup: BlockSetup) -> list[str]:
    """What the slide's answer gets wrong by the definitions (empty when nothing)."""
    env = setup.surroundings()
    t, who = env.travel(setup.block, setup.direction, setup.limit, gap=setup.gap,
                        friend_gap=setup.friend_gap)
    out: list[str] = []
    if not 0.0 <= t <= setup.limit:
        out.append(f"travel {t} outside 0..{setup.limit}")
        return out
    start, swept, end = setup.block.polygon, setup.swept(t), setup.at(t).polygon
    for key, poly in setup.things.items():
        keep = min(setup.gap_of(key), signed_gap(start, poly))
        if keep >= 0.0:
            passed = signed_gap(swept, poly)
        else:  # started in it: the depth of the swept area is more than the deepest place's
            passed = min(signed_gap(setup.at(t * j / 16).polygon, poly) for j in range(17))
        if passed < keep - TOL:
            out.append(f"travel {t:.9g} comes {passed:.9g} from {key}, keeping {keep:.9g}")
    if who is None:
        if t != setup.limit:
            out.append(f"travel {t:.9g} stopped by nothing short of {setup.limit:.9g}")
    elif who == TABLE_EDGE:
        x0, y0, x1, y1 = end.bounds
        edge = min(x0, y0, setup.table[0] - x1, setup.table[1] - y1)
        if edge < -TOL and t == 0.0:
            pass  # it started off the table: it goes nowhere
        elif abs(edge) > TOL:
            out.append(f"travel {t:.9g} stopped by the table edge {edge:.9g} from it")
    else:
        poly = setup.things[who]
        keep = min(setup.gap_of(who), signed_gap(start, poly))
        now = signed_gap(end, poly)
        if now > keep + TOL:
            out.append(f"travel {t:.9g} stopped by {who} {now:.9g} from it, keeping {keep:.9g}")
        # (swept: a unit clipping a corner may be clear of it again a thousandth on)
        on = signed_gap(setup.swept(t + 1e-3), poly)
        if not on < now:
            out.append(f"travel {t:.9g} stopped by {who}, which going on brings no nearer")
    return out


def clear_problems(setup: BlockSetup) -> list[str]:
    """What ``clear_beyond``'s answer gets wrong by the definitions (empty when nothing)."""
    env = setup.surroundings()
    c = env.clear_beyond(setup.block, setup.direction, setup.start, gap=setup.gap)
    units = {**setup.friends, **setup.enemies}

    def too_near(t: float, slack: float) -> list[str]:
        here = setup.at(t).polygon
        return [k for k, p in units.items()
                if signed_gap(here, p) < (setup.gap if k in setup.enemies else 0.0) - slack]

    out: list[str] = []
    if c < setup.start:
        return [f"clear {c} before the start {setup.start}"]
    bad = too_near(c, TOL)
    if bad:
        out.append(f"clear {c:.9g} is too near {', '.join(bad)}")
    if c > setup.start:
        span = c - setup.start
        for t in [setup.start + span * j / 8 for j in range(8)] + [c - min(1e-4, span / 2)]:
            if not too_near(t, 0.0):
                out.append(f"clear {c:.9g} but already clear at {t:.9g}")
                break
    return out


def block_problems(setup: BlockSetup) -> list[str]:
    return travel_problems(setup) + clear_problems(setup)

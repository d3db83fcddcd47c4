"""Benchmark of the geometry the rules engine leans on most.

Run ``python bench/bench_contacts.py``.  It prints timings only and asserts nothing about
them.  Measured:

* building 400 base footprints in bulk (a mix of 25 mm and 50 mm bases on a grid with a
  little jitter, so that many touch) and finding every base-to-base pair with
  ``ContactIndex(...).pairs()``, as one figure and in parts;
* ``check_straight_move``, ``first_contact_along`` and ``plan_charge`` calls per second on
  the same table.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.geometry.bases import MM_PER_INCH, BaseShape, footprints, parse_base  # noqa: E402
from game.geometry.contact import ContactIndex  # noqa: E402
from game.physics.charge import plan_charge  # noqa: E402
from game.physics.movement import check_straight_move, first_contact_along  # noqa: E402

N_BASES = 400
REPEATS = 300
SEED = 20240611
TABLE = (72.0, 48.0)


def make_scene(seed: int = SEED) -> tuple[list[BaseShape], np.ndarray, np.ndarray, np.ndarray]:
    """400 bases, 25 mm or 50 mm square, packed in rows of 20 as on a crowded table.

    Each base stands right of the previous one in its row with a random gap of 0.0005" to
    0.008" (so all of them touch within the 0.01" tolerance) and rows are 50 mm + 0.004"
    apart, the bases aligned on the row's top edge: a 50 mm base also touches the bases of
    the next row below it.  A vertical jitter of up to 0.0015" keeps every gap positive, so
    nothing overlaps.
    """
    rng = np.random.default_rng(seed)
    small = parse_base("25x25")
    large = parse_base("50x50")
    is_large = rng.random(N_BASES) < 0.35
    shapes = [large if big else small for big in is_large]
    width = np.where(is_large, large.width, small.width)
    cols = 20
    row = np.arange(N_BASES) // cols
    gaps = rng.uniform(0.0005, 0.008, N_BASES)
    xs = np.empty(N_BASES)
    for r in range(N_BASES // cols):
        sl = slice(r * cols, (r + 1) * cols)
        right = 2.0 + np.cumsum(width[sl] + gaps[sl])
        xs[sl] = right - width[sl] / 2
    pitch = 50 / MM_PER_INCH + 0.004
    ys = 2.0 + row * pitch + width / 2 + rng.uniform(-0.0015, 0.0015, N_BASES)
    facings = rng.choice([0.0, 90.0, 180.0, 270.0], N_BASES)
    return shapes, xs, ys, facings


def timed(fn: Callable[[], object], repeats: int) -> tuple[list[float], list[float]]:
    """Milliseconds of each of ``repeats`` calls: wall clock, and this process's CPU time
    (less disturbed by other programs on a busy machine)."""
    wall, cpu = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        c0 = time.process_time()
        fn()
        cpu.append((time.process_time() - c0) * 1000.0)
        wall.append((time.perf_counter() - t0) * 1000.0)
    return wall, cpu


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def report(name: str, samples: tuple[list[float], list[float]]) -> None:
    wall, cpu = samples
    print(
        f"{name:<42} wall median {statistics.median(wall):6.3f} p95 {_p95(wall):6.3f}"
        f" min {min(wall):6.3f} | cpu median {statistics.median(cpu):6.3f}"
        f" p95 {_p95(cpu):6.3f} (ms)"
    )


def rate(name: str, fn: Callable[[int], object], calls: int) -> None:
    t0 = time.perf_counter()
    for k in range(calls):
        fn(k)
    elapsed = time.perf_counter() - t0
    print(f"{name:<44} {calls / elapsed:9.0f} calls/s   ({elapsed / calls * 1000:.3f} ms/call)")


def main() -> None:
    try:
        load = Path("/proc/loadavg").read_text().split()[0]
        print(f"load average {load} on {os.cpu_count()} CPUs (timings grow with load)")
    except OSError:
        pass
    shapes, xs, ys, facings = make_scene()
    keys = [f"m{i}" for i in range(N_BASES)]

    def build() -> list:
        return footprints(shapes, xs, ys, facings)

    def build_and_pair() -> list:
        polys = footprints(shapes, xs, ys, facings)
        return ContactIndex(list(zip(keys, polys))).pairs()

    polys = build()
    pairs = build_and_pair()
    index = ContactIndex(list(zip(keys, polys)))
    print(
        f"{N_BASES} bases, {len(pairs)} pairs in contact, {len(index.overlapping_pairs())} overlapping"
    )

    for _ in range(20):  # warm up
        build_and_pair()
    report("footprints (bulk)", timed(build, REPEATS))
    report("ContactIndex(...) build", timed(lambda: ContactIndex(list(zip(keys, polys))), REPEATS))
    report(
        "ContactIndex(...).pairs() (build + pairs)",
        timed(lambda: ContactIndex(list(zip(keys, polys))).pairs(), REPEATS),
    )
    report("footprints + ContactIndex + pairs", timed(build_and_pair, REPEATS))

    # Movement on the same table: others are every base but the mover.
    others = dict(zip(keys, polys))
    rng = np.random.default_rng(SEED + 1)
    small = parse_base("25x25")
    lane_y = 2.0 + 20 * (50 / MM_PER_INCH) + 1.0  # a clear strip below the grid
    wall = {"wall": parse_wall(40.0, lane_y - 0.5)}
    moves = [
        ((float(x), lane_y + 0.6), (float(x) + float(d), lane_y + 0.6))
        for x, d in zip(rng.uniform(2, 30, 64), rng.uniform(1, 12, 64))
    ]

    def do_move(k: int) -> object:
        start, end = moves[k % len(moves)]
        return check_straight_move(small, start, end, 90.0, others, wall, TABLE, 12.0)

    # slides up toward the grid's bottom row (or the wall) until the first touch
    slides = [
        ((float(x), lane_y + 2.5), float(d), float(r))
        for x, d, r in zip(rng.uniform(2, 45, 64), rng.uniform(-40, 40, 64), rng.uniform(2, 8, 64))
    ]

    def do_slide(k: int) -> object:
        start, direction, reach = slides[k % len(slides)]
        return first_contact_along(small, start, direction, 0.0, others, wall, reach)

    targets = rng.integers(N_BASES - 40, N_BASES, 64)  # bottom row of the grid

    def do_charge(k: int) -> object:
        t = int(targets[k % len(targets)])
        start = (float(xs[t]) + float(rng.uniform(-1, 1)), lane_y + 2.5)
        return plan_charge(
            small, start, keys[t], others, (float(xs[t]), float(ys[t])), wall, TABLE, 8.0
        )

    ok_moves = sum(do_move(k).ok for k in range(len(moves)))  # type: ignore[attr-defined]
    ok_charges = sum(do_charge(k).ok for k in range(len(targets)))  # type: ignore[attr-defined]
    touched = sum(do_slide(k)[1] is not None for k in range(len(slides)))  # type: ignore[index]
    print(f"moves ok {ok_moves}/{len(moves)}, slides that touch {touched}/{len(slides)}, "
          f"charges ok {ok_charges}/{len(targets)}")
    rate("check_straight_move (399 others, 1 wall)", do_move, 400)
    rate("first_contact_along (399 others, 1 wall)", do_slide, 400)
    rate("plan_charge (399 others, 1 wall)", do_charge, 400)


def parse_wall(x: float, y: float):  # type: ignore[no-untyped-def]
    """A 0.3" thick wall across part of the lane, for the movement calls to run into."""
    from shapely import box

    return box(x, y, x + 0.3, y + 3.0)


if __name__ == "__main__":
    main()

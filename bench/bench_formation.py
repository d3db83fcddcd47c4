"""Benchmark of the formation geometry the rank-and-flank rulesets lean on.

Run ``python bench/bench_formation.py``.  It prints timings only and asserts nothing about
them.  Measured, each as median and 95th percentile of the wall time over many runs, and
the median CPU time:

* a 40-model unit (8 files x 5 ranks of 25 mm) moving forward 3", wheeling 30 degrees and
  moving forward 2" more, checked against 30 other units of 20 models (and four pieces of
  impassable terrain): the plan with its swept area, the overlap, table and 1" checks; once
  with the surroundings already indexed and once building them too;
* the same unit's straight travel until it meets something (give ground, failed charge);
  a slanting one's travel along the flank of a friend it is flush with until it comes 1" from
  an enemy, and how far it flees before it stands clear of both;
* charge positioning: a charge needing a wheel, among the same 30 units;
* contact detection between 30 units of 20 models, 15 pairs in base contact (front to front,
  flank and rear): every touching pair, the facing each touches, the models in base contact
  and the fighting rows.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import shapely

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.geometry.bases import MM_PER_INCH  # noqa: E402
from game.geometry.contact import ContactIndex  # noqa: E402
from game.geometry.formation import Block, engagement, make_block  # noqa: E402
from game.geometry.formation_actions import charge_position  # noqa: E402
from game.geometry.formation_moves import Surroundings, plan_move  # noqa: E402

TABLE = (72.0, 48.0)
PATH = [["forward", 3.0], ["wheel", 30.0], ["forward", 2.0]]
REPEATS = 2000
INCH_25 = 25 / MM_PER_INCH


def timings(fn: Callable[[], object], repeats: int) -> tuple[float, float, float]:
    """Median and 95th percentile of ``fn``'s wall time and its median CPU time (this
    thread), in microseconds.  On a busy machine the CPU time is the steadier figure."""
    for _ in range(min(50, repeats)):
        fn()
    wall, cpu = [], []
    for _ in range(repeats):
        c0 = time.thread_time()
        t0 = time.perf_counter()
        fn()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    wall.sort()
    return (
        statistics.median(wall) * 1e6,
        wall[int(0.95 * (len(wall) - 1))] * 1e6,
        statistics.median(cpu) * 1e6,
    )


def report(label: str, fn: Callable[[], object], repeats: int = REPEATS) -> None:
    """Print one line of timings."""
    med, p95, cpu = timings(fn, repeats)
    print(f"{label:<60} median {med:7.0f} us  p95 {p95:7.0f} us  cpu {cpu:7.0f} us")


def crowd() -> dict[str, Block]:
    """30 units of 20 models (5 x 4 of 25 mm) in a 6 x 5 grid across a 72" x 48" table,
    every other row facing the other way, with a lane left open up the middle."""
    units = {}
    k = 0
    for row in range(5):
        for col in range(6):
            x = 6.0 + col * 12.0 + (4.0 if col >= 3 else -4.0)
            y = 5.0 + row * 9.5
            units[f"u{k}"] = make_block(x, y, 180.0 if row % 2 else 0.0, "25x25", 20, 5)
            k += 1
    return units


def main() -> None:
    print(f"formation geometry, {os.cpu_count()} cpus, repeats {REPEATS}")
    units = crowd()
    mover = make_block(36.0, 30.0, 0.0, "25x25", 40, 8)
    terrain = {
        f"rock{i}": shapely.box(x, 21.0, x + 3.0, 22.5)
        for i, x in enumerate((3.0, 20.0, 50.0, 66.0))
    }
    friends = {k: b.polygon for i, (k, b) in enumerate(units.items()) if i % 2}
    enemies = {k: b.polygon for i, (k, b) in enumerate(units.items()) if not i % 2}
    env = Surroundings(friends=friends, enemies=enemies, impassable=terrain, table=TABLE)
    plan = plan_move(mover, PATH)
    print(f"  move check result: {env.check(plan)!r}")

    def move_prebuilt() -> object:
        return env.check(plan_move(mover, PATH))

    def move_with_index() -> object:
        e = Surroundings(friends=friends, enemies=enemies, impassable=terrain, table=TABLE)
        return e.check(plan_move(mover, PATH))

    report("40-model move + wheel, checked vs 30 units (index built)", move_prebuilt)
    report("40-model move + wheel, checked vs 30 units (building index)", move_with_index)
    report("40-model straight travel until blocked", lambda: env.travel(mover, (0, -1), 20.0))
    # along the flank of a friend it stands flush with, at a slant, into an enemy's 1" gap
    slant = make_block(36.0, 24.0, 30.0, "25x25", 40, 8)
    beside = slant.advanced(0.0, slant.width / 2 + 2.5 * INCH_25)
    ahead = slant.advanced(9.0)
    side_env = Surroundings(
        friends={"beside": Block(beside.x, beside.y, 30.0, 5, 20, INCH_25, INCH_25).polygon},
        enemies={"ahead": ahead.polygon},
        table=TABLE,
    )
    report(
        "40-model travel along a flush friend into an enemy's 1\" gap",
        lambda: side_env.travel(slant, slant.forward, 12.0),
    )
    report(
        "40-model clear of the units it flees through",
        lambda: side_env.clear_beyond(slant, slant.forward, 5.0),
    )

    target = units["u14"]  # in the middle row, facing up
    charger = make_block(36.0, 17.0, 200.0, "25x25", 10, 5)  # in the open lane
    cenv = Surroundings(
        friends={k: p for k, p in enemies.items() if k != "u14"},
        enemies={"u14": target.polygon},
        impassable=terrain,
        table=TABLE,
    )
    result = charge_position(charger, target, surroundings=cenv, target_key="u14")
    print(
        f"  charge: facing {result.facing}, wheel {result.wheel:.1f} deg, "
        f'path {result.path_length:.2f}", gap {result.gap_distance:.2f}", '
        f"reason {result.reason!r}"
    )
    report(
        "charge position among 30 units",
        lambda: charge_position(charger, target, surroundings=cenv, target_key="u14"),
        300,
    )

    # 30 units in 15 touching pairs: front to front, flank and rear contacts.  The blocks
    # are rebuilt from plain numbers on every run, as an engine reading its state would.
    layout: list[tuple[str, tuple[float, float, float, int, int, float, float]]] = []
    for i in range(15):
        x, y = 6.0 + (i % 5) * 14.0, 8.0 + (i // 5) * 15.0
        a = make_block(x, y, 0.0, "25x25", 20, 5)
        face = ("front", "left", "rear")[i % 3]
        (p, q) = a.edge(face)
        mid = ((p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0)
        into = {"front": 180.0, "left": 90.0, "rear": 0.0}[face]
        b = Block(0.0, 0.0, into, 5, 20, INCH_25, INCH_25).with_front_centre(mid)
        for key, blk in ((f"a{i}", a), (f"b{i}", b)):
            layout.append((key, (blk.x, blk.y, blk.facing, 5, 20, INCH_25, INCH_25)))

    def contacts() -> object:
        fighters = {key: Block(*args) for key, args in layout}
        index = ContactIndex((k, b.polygon) for k, b in fighters.items())
        out = []
        for ka, kb in index.pairs():
            a, b = fighters[ka], fighters[kb]
            out.append((engagement(a, b), engagement(b, a)))
        return out

    found = contacts()
    assert isinstance(found, list)
    print(f"  contacts: {len(found)} touching pairs")
    report("contact detection, 30 units of 20 models (15 combats)", contacts, 300)


if __name__ == "__main__":
    main()

"""Probe of the movement sweeps: many random set-ups, each answer checked against the
definitions of touching and overlapping.

Run ``python bench/probe_sweeps.py [--count N] [--seed S] [--blocks]``.  Each set-up (see
``tests/physics/sweeps.py``: square, oblong and round bases, random or square facings, bases
flush with the mover or a hair into it, walls, ruins that are not convex, ponds, paths along
the facing or straight at a centre) asks ``first_contact_along``, ``check_straight_move``
and ``plan_charge``, and checks their promises with the shapely definitions of
``game.geometry.contact``.  With ``--blocks`` it probes the slides of units in formation
instead (see ``tests/physics/slides.py``: ``Surroundings.travel`` and ``clear_beyond`` among
friends, enemies and terrain, each kept at its own gap).  It prints how many set-ups broke
a promise (0 is the only right answer) and the first few of them, so that a failure can be
run again by its number.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.physics.slides import BlockSetup, block_problems, random_block_setup  # noqa: E402
from tests.physics.sweeps import Setup, problems, random_setup  # noqa: E402

S = TypeVar("S")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10000, help="set-ups to try (10000)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the set-ups (1)")
    ap.add_argument("--show", type=int, default=10, help="broken set-ups to describe (10)")
    ap.add_argument("--blocks", action="store_true",
                    help="probe the slides of units in formation instead of single bases")
    args = ap.parse_args(argv)
    if args.count < 1:
        print("probe_sweeps: --count must be at least 1", file=sys.stderr)
        return 2
    if args.blocks:
        broken, _ = probe(args, random_block_setup, block_problems, BlockSetup.describe)
        print(f"{args.count} set-ups, seed {args.seed}: {args.count} slides and {args.count} "
              f"clearings of units in formation; {broken} set-ups broke a promise")
    else:
        broken, setups = probe(args, random_setup, problems, _describe)
        charges = sum(bool(setup.others) for setup in setups)  # at the nearest other base
        print(f"{args.count} set-ups, seed {args.seed}: {args.count} first contacts, "
              f"{args.count} straight moves, {charges} charges; {broken} set-ups broke a "
              "promise")
    for text, n in KINDS.most_common():
        print(f"  {n:6d}  {text}")
    return 1 if broken else 0


KINDS: collections.Counter[str] = collections.Counter()
"""How often each kind of broken promise was found (its words without the numbers)."""


def _describe(setup: Setup) -> str:
    return (f"{setup.shape.label} facing {setup.facing:.6g}, direction {setup.direction:.6g}, "
            f"reach {setup.reach:.6g}")


def probe(
    args: argparse.Namespace,
    make: Callable[[np.random.Generator], S],
    check: Callable[[S], list[str]],
    describe: Callable[[S], str],
) -> tuple[int, list[S]]:
    """Make and check ``args.count`` set-ups, showing progress and the first broken ones:
    how many broke a promise, and the set-ups."""
    broken = 0
    setups = []
    t0 = time.perf_counter()
    step = max(1, args.count // 10)
    for i in range(args.count):
        setup = make(np.random.default_rng([args.seed, i]))
        setups.append(setup)
        found = check(setup)
        if found:
            broken += 1
            for text in found:
                KINDS[" ".join(w for w in text.split() if not any(c.isdigit() for c in w))] += 1
            if broken <= args.show:
                print(f"  set-up {i}: {describe(setup)}: " + "; ".join(found))
        if (i + 1) % step == 0:
            print(f"{i + 1}/{args.count} set-ups, {broken} broken "
                  f"({time.perf_counter() - t0:.0f} s)", flush=True)
    return broken, setups


if __name__ == "__main__":
    raise SystemExit(main())

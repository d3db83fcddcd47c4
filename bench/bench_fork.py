"""How long a fork of a mid-game engine takes while a decision is pending, and a fork that then
answers it: the AI, the odds and the window's previews do this for every answer they weigh.
Target (issue 23): a fork in 50 microseconds or less.

Positions: rules-study.toml after its orders, waiting for a Defensive Strikes answer in the
middle of a melee (skirmish-d10); and a charge declared on an infantry block whose charge
reaction is pending (old-world).

Run: python bench/bench_fork.py [repeats]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.commands import Answer, Order, command_from_dict  # noqa: E402
from game.core.engine import Engine  # noqa: E402
from game.core.scenario import load_scenario  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def skirmish() -> Engine:
    sc = load_scenario(ROOT / "maps" / "rules-study.toml")
    e = Engine(sc, seed=1)
    for raw in sc.orders:
        e.run_order(command_from_dict(raw))
    e.execute(Order("end_activation"))
    assert e.pending is not None
    return e


def old_world() -> Engine:
    """Knights declare a charge on an infantry block; the block's reaction is pending."""
    from bench.close_clash import close_clash

    e = Engine(close_clash("fork"), seed=1)
    e.run_order(Order("charge", "knights", (("target", "orcs"),)))
    assert e.pending is not None
    return e


def timed(label: str, e: Engine, answer: object, repeats: int) -> None:
    t = time.perf_counter()
    for _ in range(repeats):
        e.fork()
    fork_us = (time.perf_counter() - t) / repeats * 1e6
    n = max(1, repeats // 20)
    t = time.perf_counter()
    for _ in range(n):
        assert e.fork().execute(Answer(answer)).ok
    answer_ms = (time.perf_counter() - t) / n * 1e3
    print(f"{label}: fork {fork_us:.1f} us (target 50), fork and answer {answer_ms:.2f} ms")


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    repeats = int(argv[0]) if argv else 2000
    e = skirmish()
    timed("skirmish-d10, Defensive Strikes pending", e, e.pending_ask.default, repeats)
    e = old_world()
    timed("old-world, charge reaction pending", e, e.pending_ask.default, repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

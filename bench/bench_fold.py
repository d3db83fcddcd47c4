"""Loading and folding a save: events read from JSON Lines and folded into a state, per second.
Target: at least 200,000 events/s. Run: python bench/bench_fold.py"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.longgame import play  # noqa: E402
from game.core.replay import fold_save, read_save, write_save  # noqa: E402


def main() -> None:
    eng = play(10_000)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "long.jsonl"
        write_save(eng, path)
        n = len(eng.log)
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            save = read_save(path)
            fold_save(save)
            times.append(time.perf_counter() - t0)
        best, med = min(times), statistics.median(times)
        print(f"{n} events ({path.stat().st_size / 1e6:.1f} MB): load + fold median {med * 1000:.0f} ms, "
              f"best {best * 1000:.0f} ms = {n / med:,.0f} events/s (target 200,000)")


if __name__ == "__main__":
    main()

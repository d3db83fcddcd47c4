"""`replay --check` of a 10,000-event game: re-run every command and compare every event.
Target: under 2 s. Run: python bench/bench_replay_check.py"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.longgame import play  # noqa: E402
from game.core.replay import check, write_save  # noqa: E402


def main() -> None:
    t0 = time.perf_counter()
    eng = play(10_000)
    built = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "long.jsonl"
        write_save(eng, path)
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            res = check(path)
            times.append(time.perf_counter() - t0)
        print(f"game: {len(eng.log)} events, {len(eng.records) - 1} commands (built in {built:.2f} s)")
        print(f"replay --check: best {min(times):.2f} s, worst {max(times):.2f} s (target < 2 s); {res.message.splitlines()[0]}")


if __name__ == "__main__":
    main()

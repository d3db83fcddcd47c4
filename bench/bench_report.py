"""A battle report of a long save: ``python run.py report`` on a game of 10,000 events (113
game turns, so 113 pictures of the table), timed as a player runs it, start-up included, and
in parts (reading and checking the save, the pass over its events with the pictures, the
page). Target: under 10 s. Run: python bench/bench_report.py"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.longgame import play  # noqa: E402
from game.core.replay import write_save  # noqa: E402


def parts(path: Path) -> str:
    from game.core.replay import read_save
    from game.core.ruleset import get_ruleset
    from game.report.page import page
    from game.report.pictures import drawer
    from game.report.study import study

    t0 = time.perf_counter()
    save = read_save(path)
    save.validate()
    t1 = time.perf_counter()
    draw = drawer(get_ruleset(save.scenario.ruleset), save.scenario.table)
    drawing = [0.0]

    def timed(state):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        got = draw(state)
        drawing[0] += time.perf_counter() - t
        return got

    done = study(save, timed)
    t2 = time.perf_counter()
    text = page(done)
    t3 = time.perf_counter()
    return (f"read and check {t1 - t0:.2f} s, pass over the events {t2 - t1:.2f} s (of which "
            f"{len(done.turn_ends)} pictures {drawing[0]:.2f} s), page {t3 - t2:.2f} s "
            f"({len(text) / 1e6:.1f} MB, {len(done.combats)} combats)")


def main() -> None:
    eng = play(10_000)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "long.jsonl"
        write_save(eng, path)
        out = Path(d) / "long.html"
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, str(ROOT / "run.py"), "report", str(path), "--out",
                            str(out)], check=True, env=env, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - t0)
        print(f"report of {len(eng.log)} events ({path.stat().st_size / 1e6:.1f} MB save, "
              f"{out.stat().st_size / 1e6:.1f} MB page): median {statistics.median(times):.2f} s, "
              f"worst {max(times):.2f} s (target < 10 s)")
        print("  in parts: " + parts(path))


if __name__ == "__main__":
    main()

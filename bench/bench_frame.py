"""Frame time of the table window with 400 bases and terrain at 1920x1080, or (--formations)
with 30 old-world units of 20 models in formation.

    python bench/bench_frame.py [--frames N] [--formations]

Prints the median (p50) and 95th percentile (p95) frame time in ms; the target is p95 at most
8 ms. Runs with SDL's dummy video driver unless SDL_VIDEODRIVER is set.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def big_scenario(n: int = 400) -> dict:
    """``n`` single-model units on a 72 x 48 table, in blocks facing each other, with terrain."""
    units = []
    stats = {"MOV": 5, "MAV": [4, 4, 3], "MA": 2, "DV": 9, "DIS": 5, "DT": 3}
    per_side = n // 2
    cols = 25
    for side in (1, 2):
        for k in range(per_side):
            r, c = divmod(k, cols)
            x = 6 + c * 2.4
            y = (28 + r * 2.0) if side == 1 else (4 + r * 2.0)
            base = "cavalry" if k % 7 == 0 else "standard"
            if base == "cavalry":
                y += 0.3 if side == 1 else -0.3
            units.append({"id": f"s{side}u{k}", "side": side, "name": f"Trooper {k}",
                          "x": x, "y": y, "facing": 0.0 if side == 1 else 180.0 + (k % 5) * 7,
                          "base": base, "stats": stats})
    terrain = [
        {"id": "hill", "kind": "elevation", "polygon": [[2, 21], [14, 20], [15, 26], [3, 27]], "height": 2},
        {"id": "wood", "kind": "area", "polygon": [[58, 20], [68, 21], [66, 27], [57, 26]]},
        {"id": "ruin", "kind": "impassable", "polygon": [[30, 22], [36, 22], [36, 26], [30, 26]], "height": 3},
        {"id": "wall", "kind": "obstacle", "polygon": [[40, 23], [50, 23], [50, 23.6], [40, 23.6]], "height": 1},
    ]
    return {"format": 1, "name": "Benchmark: 400 bases", "ruleset": "skirmish-d10", "seed": 1,
            "table": {"width": 72.0, "height": 48.0}, "terrain": terrain, "units": units}


def formation_scenario(units: int = 30, models: int = 20) -> dict:
    """``units`` old-world units of ``models`` models each, 5 wide, in two lines facing each
    other on a 72 x 48 table, with terrain."""
    stats = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}
    out = []
    per_side = units // 2
    for side in (1, 2):
        for k in range(per_side):
            r, c = divmod(k, 8)
            out.append({"id": f"s{side}u{k}", "side": side, "name": f"Regiment {k + 1}",
                        "x": 5 + c * 8.8, "y": (30 + r * 6.0) if side == 1 else (6 + r * 6.0),
                        "facing": 0.0 if side == 1 else 180.0, "base": "25x25", "models": models,
                        "files": 5, "troop_type": "regular infantry", "stats": stats,
                        "rules": ["Close Order"]})
    base = big_scenario(0)
    return {**base, "name": "Benchmark: 30 units in formation", "ruleset": "old-world",
            "units": out}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--bases", type=int, default=400)
    ap.add_argument("--formations", action="store_true",
                    help="30 old-world units of 20 models instead (the target is the same)")
    args = ap.parse_args()
    from game.ui.app import App

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.json"
        path.write_text(json.dumps(formation_scenario() if args.formations
                                   else big_scenario(args.bases)))
        app = App(scenario=path, size=(1920, 1080), saves_dir=Path(tmp) / "saves", autosave=False,
                  handover=False)
        app.show_names = True
        n = len(app.state.models)
        app.run_frames(5)  # warm the sprite cache at this zoom
        times = []
        cpu = []
        for i in range(args.frames):
            # move the mouse over the table (hover work) and pan a little every frame
            app.mouse = (200 + (i * 7) % 1200, 200 + (i * 3) % 600)
            if i % 50 == 25:
                app.camera.pan(3, 0)
            app.dirty = True  # a frame that must be drawn (the window skips unchanged ones)
            t0 = time.perf_counter()
            c0 = time.thread_time()
            app.step([])
            cpu.append((time.thread_time() - c0) * 1000)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        cpu.sort()
        p50 = statistics.median(times)
        p95 = times[int(len(times) * 0.95) - 1]
        what = f"{len(app.state.units)} units in formation, " if args.formations else ""
        print(f"{what}{n} bases, {len(app.state.terrain)} terrain pieces, 1920x1080, "
              f"{args.frames} frames")
        print(f"frame p50 {p50:.2f} ms, p95 {p95:.2f} ms (target p95 <= 8 ms)")
        # CPU time of this thread: what a frame costs, whatever else the machine is doing
        print(f"cpu   p50 {statistics.median(cpu):.2f} ms, p95 {cpu[int(len(cpu) * 0.95) - 1]:.2f} ms")
        if app.session is not None:
            app.session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""CPU the window uses while nobody touches it: the real main loop on maps/default.toml, left
two seconds to settle, then the process's CPU time over the wall time of a few more seconds
(target: below 5% of a core).

    python bench/bench_idle.py [--seconds N]

Runs with SDL's dummy video driver unless SDL_VIDEODRIVER is set (under Xvfb, set it to x11).
For comparison it also runs the same loop redrawing every frame at 60 frames a second, which
is what the window did before it learnt to sleep.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import os, sys, tempfile, time
sys.path.insert(0, {root!r})
import pygame
from game.ui.app import App, main_loop
with tempfile.TemporaryDirectory() as tmp:
    app = App(scenario={map!r}, saves_dir=tmp, handover=False)
    app.run_frames(3)
    if {always!r}:
        app.busy = lambda: True
        app.step, step = (lambda events=None, dt=0: (setattr(app, "dirty", True), step(events, dt))[1]), app.step
    pygame.time.set_timer(pygame.QUIT, 2000, 1)  # two seconds to settle first
    main_loop(app)
    app.running = True  # (the QUIT that ended it asked for nothing else)
    app.draws, app._linger = 0, 0.0
    pygame.time.set_timer(pygame.QUIT, int({seconds!r} * 1000), 1)
    c0, t0 = time.process_time(), time.perf_counter()
    main_loop(app)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    print(f"{{cpu / wall * 100:.1f}} {{app.draws}} {{wall:.1f}}")
"""


def run(seconds: float, always: bool) -> tuple[float, int, float]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    code = CHILD.format(root=str(ROOT), map=str(ROOT / "maps" / "default.toml"),
                        seconds=seconds, always=always)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True)
    pct, draws, wall = out.stdout.strip().splitlines()[-1].split()
    return float(pct), int(draws), float(wall)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=6.0)
    args = ap.parse_args()
    pct, draws, wall = run(args.seconds, False)
    print(f"idle: {pct:.1f}% of a core over {wall:.1f} s, {draws} frames drawn (target < 5%)")
    pct, draws, wall = run(args.seconds, True)
    print(f"redrawing every frame at 60 fps instead: {pct:.1f}% of a core, {draws} frames drawn")
    return 0


if __name__ == "__main__":
    sys.exit(main())

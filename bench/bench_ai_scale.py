"""How the AI keeps to its time on huge battles (issue 22): 2,000 single-model skirmish-d10
units, and 60 old-world units of 40 models. Prints, for a few choices of each level, the
candidates the ruleset offered, how many the AI tried, and the wall-clock and CPU time of the
choice; then how many commands a headless game makes in a given time. Figures only, nothing
asserted (the machine is shared).

Run: python bench/bench_ai_scale.py [--choices 3] [--levels normal,random] [--play 60]
         [--write DIR]   (DIR: also write the two scenarios there)
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def skirmish(units: int = 2000) -> dict[str, Any]:
    """``units`` single-model skirmish units, half a side each, in two blocks of ranks
    facing one another 10" apart."""
    per_side = units // 2
    cols = math.ceil(math.sqrt(per_side * 2))
    rows = math.ceil(per_side / cols)
    step = 1.6
    width = cols * step + 4
    height = 2 * rows * step + 14
    out = []
    for side in (1, 2):
        for i in range(per_side):
            r, c = divmod(i, cols)
            y = height - 2 - r * step if side == 1 else 2 + r * step
            out.append({"id": f"s{side}u{i}", "side": side, "name": f"Warrior {side}-{i}",
                        "x": round(2 + c * step + step / 2, 3), "y": round(y, 3),
                        "facing": 0.0 if side == 1 else 180.0, "base": "standard",
                        "stats": {"MOV": 5, "MAV": 3, "MA": 1, "DV": 9, "DIS": 5, "DT": 2}})
    return {"format": 1, "name": f"{units} warriors", "ruleset": "skirmish-d10", "seed": 1,
            "table": {"width": round(width, 1), "height": round(height, 1)}, "units": out}


def old_world(units: int = 60, models: int = 40) -> dict[str, Any]:
    """``units`` old-world infantry units of ``models`` models (10 files), half a side each,
    in lines facing one another 16" apart."""
    per_side = units // 2
    files = 10
    w = files * 25 / 25.4 + 1.0  # a unit's frontage and a gap, inches
    ranks = math.ceil(models / files)
    d = ranks * 25 / 25.4
    per_row = 10
    rows = math.ceil(per_side / per_row)
    width = per_row * w + 4
    height = 2 * rows * (d + 2) + 16 + 4
    out = []
    for side in (1, 2):
        for i in range(per_side):
            r, c = divmod(i, per_row)
            y = height - 2 - d / 2 - r * (d + 2) if side == 1 else 2 + d / 2 + r * (d + 2)
            out.append({"id": f"s{side}u{i}", "side": side, "name": f"Regiment {side}-{i}",
                        "x": round(2 + c * w + w / 2, 3), "y": round(y, 3),
                        "facing": 0.0 if side == 1 else 180.0, "base": "25x25",
                        "models": models, "files": files, "troop_type": "regular infantry",
                        "stats": {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3,
                                  "A": 1, "Ld": 7},
                        "armour": 6, "weapons": ["hand weapon", "shield"],
                        "rules": ["Close Order"]})
    return {"format": 1, "name": f"{units} regiments of {models}", "ruleset": "old-world",
            "seed": 1, "first_side": 1,
            "table": {"width": round(width, 1), "height": round(height, 1)}, "units": out}


def choices(path: Path, level: str, count: int) -> None:
    from game.ai.player import choose, side_to_act
    from game.core.engine import Engine
    from game.core.scenario import load_scenario

    t0 = time.perf_counter()
    e = Engine(load_scenario(path), seed=1)
    print(f"  (set-up {time.perf_counter() - t0:.1f} s)")
    for k in range(count):
        side = side_to_act(e)
        if side is None:
            break
        c = choose(e, side, level)
        print(f"  {level:7s} choice {k + 1}: {c.considered:5d} tried of {c.offered:6d} offered, "
              f"{c.seconds:6.2f} s wall, {c.cpu:6.2f} s CPU: {c.reason[:90]}")
        e.execute(c.command)


def play(path: Path, level: str, seconds: float) -> None:
    import signal

    from game.ai.game import play_out
    from game.core.engine import Engine
    from game.core.scenario import load_scenario

    e = Engine(load_scenario(path), seed=1)
    seen = []

    class Stop(BaseException):  # (not an Exception: the AI drops a try that raises one)
        pass

    def stop(signum: int, frame: Any) -> None:
        raise Stop

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    t0 = time.perf_counter()
    try:
        play_out(e, {1: level, 2: level}, seen.append)
    except Stop:
        pass
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    took = time.perf_counter() - t0
    print(f"  {level:7s} headless play: {len(e.records) - 1} commands ({len(seen)} AI choices, "
          f"game turn {e.state.turn}{', over' if e.state.game_over else ''}) in {took:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--choices", type=int, default=3)
    ap.add_argument("--levels", default="normal,random")
    ap.add_argument("--play", type=float, default=60.0, help="seconds of headless play (0: none)")
    ap.add_argument("--write", type=Path, help="also write the scenarios to this folder")
    a = ap.parse_args()
    folder = a.write or Path(tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in (("skirmish-2000.json", skirmish()), ("old-world-60x40.json", old_world())):
        path = folder / name
        path.write_text(json.dumps(data))
        print(f"{name}: {data['name']}")
        for level in a.levels.split(","):
            choices(path, level, a.choices)
            if a.play:
                play(path, level, a.play)


if __name__ == "__main__":
    main()

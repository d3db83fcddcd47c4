"""How much work AI-against-AI games take, counted so that two runs of the same code agree
(to a hundredth of a percent).

On a shared machine the CPU time of the same game varies by a third from run to run, more
than most changes that make the engine or the AI faster. So beside the CPU seconds this
prints two counts that barely vary: the Python calls the games make (``cProfile``), and,
when valgrind is on the machine, the machine instructions they take (valgrind's
``cachegrind``, less those of starting Python and loading the map). Each figure comes from a
fresh process (no cache filled by an earlier game) with string hashing fixed
(``PYTHONHASHSEED=0``). Each game is played from its map's set-up with seed SEED + i, as
``simulate`` plays it.

Run: python bench/bench_game_work.py [--maps old-world ninth-age] [--games 1] [--seed 21]
                                      [--levels normal normal] [--no-valgrind]
Under valgrind a game runs some fifty times slower: an old-world game of ``normal`` against
``normal`` takes about four minutes.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.simulate import GameSpec, play_game  # noqa: E402


def _specs(map_name: str, games: int, seed: int, levels: tuple[str, str]) -> list[GameSpec]:
    path = str(ROOT / "maps" / f"{map_name}.toml")
    return [GameSpec(path, seed + i, ((1, levels[0]), (2, levels[1])), i) for i in range(games)]


def _play(map_name: str, games: int, seed: int, levels: tuple[str, str]) -> None:
    for spec in _specs(map_name, games, seed, levels):
        play_game(spec)


#: every count comes from a fresh process (no cache of an earlier game filled) with the same
#: string hashing (a set's order changes the work a little from one hash seed to the next)
ENV = {**os.environ, "PYTHONHASHSEED": "0"}


def _inner(args: list[str], valgrind: bool = False) -> subprocess.CompletedProcess[str]:
    """This script run again with ``args`` (``--inner`` ...) in a fresh process, under
    cachegrind with ``valgrind``; a run that fails stops the benchmark."""
    cmd = [sys.executable, str(Path(__file__).resolve()), *args]
    if valgrind:
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", *cmd]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False, env=ENV)
    if done.returncode != 0:
        raise SystemExit(f"error: the games failed ({' '.join(args)}):\n{done.stderr[-2000:]}")
    return done


def _instructions(args: list[str]) -> int:
    """The instructions this script takes with ``args`` under cachegrind."""
    found = re.search(r"I\s+refs:\s+([\d,]+)", _inner(args, valgrind=True).stderr)
    if found is None:
        raise SystemExit("error: valgrind gave no instruction count")
    return int(found.group(1).replace(",", ""))


def _calls(args: list[str]) -> int:
    """The Python calls the games of ``args`` make, counted in a fresh process."""
    return int(_inner([*args, "--count-calls"]).stdout.split()[-1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--maps", nargs="+", default=["old-world", "ninth-age"])
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=21)
    p.add_argument("--levels", nargs=2, default=["normal", "normal"], metavar=("SIDE1", "SIDE2"))
    p.add_argument("--no-valgrind", action="store_true", help="count the Python calls only")
    p.add_argument("--inner", nargs=1, metavar="MAP", help=argparse.SUPPRESS)
    p.add_argument("--count-calls", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args()
    levels = (a.levels[0], a.levels[1])
    if a.inner:  # (the games alone, in a fresh process started by the outer call)
        if not a.count_calls:
            cpu = time.process_time()
            _play(a.inner[0], a.games, a.seed, levels)
            print(time.process_time() - cpu)  # (the games' CPU seconds, starting up left out)
            return
        prof = cProfile.Profile()
        prof.enable()
        _play(a.inner[0], a.games, a.seed, levels)
        prof.disable()
        print(sum(v[1] for v in pstats.Stats(prof).stats.values()))  # type: ignore[attr-defined]
        return
    if a.games < 1:
        p.error("--games must be 1 or more")
    missing = [m for m in a.maps if not (ROOT / "maps" / f"{m}.toml").is_file()]
    if missing:
        known = sorted(f.stem for f in (ROOT / "maps").glob("*.toml"))
        p.error(f"no such map: {', '.join(missing)} (the maps: {', '.join(known)})")
    valgrind = None if a.no_valgrind else shutil.which("valgrind")
    print(f"{a.games} game(s) a map, {levels[0]} against {levels[1]}, seeds from {a.seed}"
          + ("" if valgrind else " (without valgrind: no instruction counts)"))
    print(f"{'map':12s} {'CPU s/game':>10s} {'Python calls/game':>18s} {'instructions/game':>18s}")
    for m in a.maps:
        games = ["--inner", m, "--games", str(a.games), "--seed", str(a.seed), "--levels", *levels]
        cpu = float(_inner(games).stdout.split()[-1]) / a.games
        calls = _calls(games) / a.games
        work = "-"
        if valgrind:
            print(f"  {m}: playing under valgrind (some minutes)...", flush=True)
            # (less the instructions of starting up and loading the map, counted alone)
            start_up = _instructions(["--inner", m, "--games", "0"])
            work = f"{(_instructions(games) - start_up) / a.games / 1e9:.2f} billion"
        print(f"{m:12s} {cpu:10.2f} {calls:18,.0f} {work:>18s}", flush=True)


if __name__ == "__main__":
    main()

"""How strong the AI levels are: seeded games per pairing on maps/default.toml and
maps/trench.toml, sides swapped every other game. Prints each pairing's wins, draws and
losses with Wilson 95% intervals (not asserted), and how long a choice takes.

Targets (issue 12): normal beats random 95% of the time, easy beats random 65%, hard beats
normal 55%; normal decides within 1 s.

Run: python bench/bench_ai.py [games per pairing] [jobs] [pairing ...]
  a pairing is A-B, e.g. normal-random (default: normal-random easy-random hard-normal)
     python bench/bench_ai.py --timing [games] [level]
  times the AI's choices per activation (the sum of its choices from the order that starts
  an activation to the one that ends it), in this process, CPU time beside wall-clock
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.simulate import GameSpec, run_local, wilson  # noqa: E402

MAPS = [ROOT / "maps" / "default.toml", ROOT / "maps" / "trench.toml"]
PAIRINGS = [("normal", "random"), ("easy", "random"), ("hard", "normal")]


def pct(lo: float, hi: float) -> str:
    return f"{100 * lo:5.1f}% to {100 * hi:5.1f}%"


def main(games: int = 200, jobs: int = 2, pairings: list[tuple[str, str]] | None = None) -> None:
    print(f"{games} games per pairing and map, sides swapped every other game, {jobs} jobs")
    print(f"{'pairing':16s} {'map':14s} {'A wins':>7s} {'draws':>6s} {'B wins':>7s}  "
          f"A's win rate (95% interval)          time")
    for a, b in pairings or PAIRINGS:
        for path in MAPS:
            specs = []
            for i in range(games):
                players = ((1, a), (2, b)) if i % 2 == 0 else ((1, b), (2, a))
                specs.append(GameSpec(str(path), 1000 + i, players, i))
            t0 = time.perf_counter()
            won = drawn = lost = 0
            for r in run_local(specs, jobs):
                a_side = 1 if r.players[1] == a else 2
                if r.winner == a_side:
                    won += 1
                elif r.winner in (1, 2):
                    lost += 1
                else:
                    drawn += 1
            dt = time.perf_counter() - t0
            lo, hi = wilson(won, games)
            print(f"{a + ' v ' + b:16s} {path.name:14s} {won:7d} {drawn:6d} {lost:7d}  "
                  f"{100 * won / games:5.1f}% ({pct(lo, hi)})   {dt:6.0f} s", flush=True)


def timing(games: int = 4, level: str = "normal") -> None:
    from game.ai.game import play_out
    from game.ai.simulate import setup
    from game.core.engine import Engine

    for path in MAPS:
        per_act: list[tuple[float, float]] = []
        for g in range(games):
            e = Engine(setup(str(path)), seed=300 + g)
            cur: list[float] = [0.0, 0.0]

            def note(choice, e=e, cur=cur, per_act=per_act) -> None:  # type: ignore[no-untyped-def]
                if e.ruleset.acting_unit(e.state) is None and (cur[0] or cur[1]):
                    per_act.append((cur[0], cur[1]))
                    cur[0] = cur[1] = 0.0
                cur[0] += choice.seconds
                cur[1] += choice.cpu

            play_out(e, {1: level, 2: level}, note)
            if cur[0]:
                per_act.append((cur[0], cur[1]))
        wall = sorted(w for w, _ in per_act)
        cpu = sorted(c for _, c in per_act)
        n = len(wall)
        print(f"{level} on {path.name}: {n} activations, per activation wall mean "
              f"{1000 * sum(wall) / n:.0f} ms, 99th percentile {1000 * wall[int(0.99 * (n - 1))]:.0f}"
              f" ms, max {1000 * wall[-1]:.0f} ms; CPU mean {1000 * sum(cpu) / n:.0f} ms, max "
              f"{1000 * cpu[-1]:.0f} ms (target: within 1 s)", flush=True)


def parse(argv: list[str]) -> tuple[int, int, list[tuple[str, str]] | None]:
    games = int(argv[0]) if argv else 200
    jobs = int(argv[1]) if len(argv) > 1 else 2
    pairs = [tuple(p.split("-", 1)) for p in argv[2:]] or None
    return games, jobs, pairs  # type: ignore[return-value]


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
    elif sys.argv[1:2] == ["--timing"]:
        timing(int(sys.argv[2]) if len(sys.argv) > 2 else 4,
               sys.argv[3] if len(sys.argv) > 3 else "normal")
    else:
        main(*parse(sys.argv[1:]))

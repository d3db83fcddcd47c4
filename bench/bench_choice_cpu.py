"""Where the CPU of an AI-against-AI game goes, by the kind of choice the AI made: how many
choices of each kind (a charge, a move, an answer to the rules' question...), their share of
the game's CPU, and the mean, 95th percentile and most CPU of one; and what is left for the
engine's own work between choices (commands carried out, questions answered by default).

Issue 19 wants a rank-and-flank game of ``normal`` against ``normal`` within 2 s of CPU and the
search spent where it changes the choice: this shows which choices the time goes to. Figures
are printed, never asserted (the machine is shared: compare runs made one after the other).

Run: python bench/bench_choice_cpu.py [--maps old-world ninth-age] [--games 2] [--seed 21]
                                      [--levels normal normal] [--variant NAME=BASE:KEY=VALUE]

``--variant`` defines a throwaway level as ``bench_strength.py`` does, to be named in
``--levels``: what a change to a level costs, in the games between two players of it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_strength import define, quantile  # noqa: E402
from game.ai.player import LEVELS, Choice  # noqa: E402

MAPS = sorted(p.stem for p in (ROOT / "maps").glob("*.toml"))


@dataclass
class Spent:
    """The CPU of a map's games, by the kind of choice."""

    games: int = 0
    cpu: float = 0.0  # the whole games: choices and the engine's own work
    #: each kind's choices: the CPU seconds of each and the candidates it weighed
    kinds: dict[str, list[tuple[float, int]]] = field(default_factory=lambda: defaultdict(list))


def kind_of(choice: Choice) -> str:
    """A choice's kind as the table names it: what was chosen (an answer to a question, a
    charge, a move, the order that ends a turn...)."""
    return choice.candidate.kind if choice.candidate is not None else "nothing to weigh"


def play(map_name: str, seed: int, levels: Sequence[str], into: Spent) -> None:
    """One game on ``map_name`` with ``seed``, its choices added to ``into``."""
    from game.ai.game import play_out
    from game.ai.simulate import setup
    from game.core.engine import Engine

    engine = Engine(setup(str(ROOT / "maps" / f"{map_name}.toml")), seed=seed)
    cpu = time.process_time()
    play_out(engine, {1: levels[0], 2: levels[1]},
             lambda c: into.kinds[kind_of(c)].append((c.cpu, c.considered)))
    into.cpu += time.process_time() - cpu
    into.games += 1


def report(map_name: str, spent: Spent) -> list[str]:
    n = max(1, spent.games)
    lines = [f"{map_name}: {spent.cpu / n:.2f} s of CPU a game "
             f"({spent.games} game{'s' if spent.games != 1 else ''})",
             f"  {'choice':18s} {'a game':>7s} {'share':>6s} {'mean':>8s} {'p95':>8s} "
             f"{'most':>8s} {'weighed':>8s}"]
    chosen = 0.0
    for kind, got in sorted(spent.kinds.items(), key=lambda kv: -sum(c for c, _ in kv[1])):
        cpus = [c for c, _ in got]
        total = sum(cpus)
        chosen += total
        lines.append(
            f"  {kind:18s} {len(got) / n:7.1f} {100 * total / max(spent.cpu, 1e-9):5.1f}% "
            f"{1000 * total / len(got):6.0f}ms {1000 * quantile(cpus, 0.95):6.0f}ms "
            f"{1000 * max(cpus):6.0f}ms {sum(k for _, k in got) / len(got):8.1f}")
    rest = spent.cpu - chosen
    lines.append(f"  {'the engine itself':18s} {'':7s} {100 * rest / max(spent.cpu, 1e-9):5.1f}%")
    return lines


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--maps", nargs="+", default=["old-world", "ninth-age"], choices=MAPS)
    p.add_argument("--games", type=int, default=2, help="games a map (default 2)")
    p.add_argument("--seed", type=int, default=21, help="game i's seed is SEED + i")
    p.add_argument("--levels", nargs=2, default=["normal", "normal"],
                   metavar=("SIDE1", "SIDE2"), help="the levels of side 1 and side 2 (default: "
                   f"normal normal; known: {', '.join(LEVELS)}, or a --variant's name)")
    p.add_argument("--variant", action="append", default=[], metavar="NAME=BASE:KEY=VALUE,...",
                   help="a throwaway level for this run, as bench_strength.py defines it, e.g. "
                        "ta2=normal:turn_answers=2 (repeatable)")
    a = p.parse_args(argv)
    if a.games < 1:
        p.error("--games must be at least 1")
    try:
        define(a.variant)
    except ValueError as exc:
        p.error(str(exc))
    for level in a.levels:
        if level not in LEVELS:
            p.error(f"unknown level {level!r} (known: {', '.join(LEVELS)}, or a --variant's name)")
    seeds = f"seed {a.seed}" if a.games == 1 else f"seeds {a.seed} to {a.seed + a.games - 1}"
    print(f"{a.levels[0]} (side 1) against {a.levels[1]} (side 2), {a.games} game"
          f"{'s' if a.games != 1 else ''} a map, {seeds}")
    print("a choice's kind is what it chose; 'a game': choices of that kind a game; 'weighed': "
          "candidates the rules accepted, on average")
    for m in a.maps:
        spent = Spent()
        for i in range(a.games):
            play(m, a.seed + i, a.levels, spent)
        print("\n".join(report(m, spent)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

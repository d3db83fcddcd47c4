"""``run.py simulate FILE --games N --ai 1=normal --ai 2=hard [--jobs N] [--backend ray]
[--keep-saves DIR] [--out results.csv] [--plot results.png]``."""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path
from typing import Any


def simulate_command(args: Any) -> int:
    from game.ai.simulate import (
        GameSpec,
        csv_text,
        game_seeds,
        run_local,
        run_ray,
        setup,
        summarise,
    )
    from game.cli import BadInput, ai_players, say

    players = {1: "normal", 2: "normal"}
    players.update(ai_players(args.ai))
    sc = setup(args.file)  # a bad scenario is refused here, before any game
    first = args.seed if args.seed is not None else (
        sc.seed if sc.seed is not None else secrets.randbelow(2**31))
    out_path = _writable(args.out, "--out") if args.out else None
    plot_path = _writable(args.plot, "--plot") if args.plot else None
    if plot_path is not None:
        try:
            import matplotlib  # noqa: F401
        except ModuleNotFoundError:
            raise BadInput('--plot needs matplotlib: pip install -e ".[plot]"') from None
    save_dir = None
    if args.keep_saves:
        d = Path(args.keep_saves)
        if d.exists() and not d.is_dir():
            raise BadInput(f"--keep-saves {args.keep_saves}: is a file, not a folder")
        try:
            d.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BadInput(f"--keep-saves {args.keep_saves}: cannot be made "
                           f"({exc.strerror or exc})") from None
        save_dir = str(d)
    seeds = game_seeds(first, args.games)
    pairs = tuple(sorted(players.items()))
    specs = [GameSpec(str(Path(args.file)), seed, pairs, i, save_dir)
             for i, seed in enumerate(seeds)]
    jobs = args.jobs or os.cpu_count() or 1
    if args.backend == "ray":
        try:
            import ray  # noqa: F401
        except ModuleNotFoundError:
            raise BadInput('--backend ray needs Ray: pip install -e ".[cluster]"') from None
        stream = run_ray(specs, args.address)
    else:
        stream = run_local(specs, jobs)
    bar = sys.stderr.isatty()
    results = []
    wins = {1: 0, 2: 0}
    for r in stream:
        results.append(r)
        if r.winner in (1, 2):
            wins[r.winner] += 1  # type: ignore[index]
        if bar:
            n = len(results)
            done = int(30 * n / args.games)
            sys.stderr.write(f"\r[{'#' * done}{'.' * (30 - done)}] {n}/{args.games} games, "
                             f"side 1 wins {100 * wins[1] / n:.1f}%, side 2 wins "
                             f"{100 * wins[2] / n:.1f}%")
            sys.stderr.flush()
    if bar:
        sys.stderr.write("\n")
    summary = summarise(results)
    names = {u: unit.display or u for u, unit in _units(sc).items()}
    say(f"{sc.name}: {args.games} games, seeds {first} to {first + args.games - 1}")
    for line in summary.lines(names, players):
        say(line)
    if out_path is not None:
        _write(out_path, csv_text(results))
        print(f"results: {out_path}")
    if plot_path is not None:
        from game.ai.simulate import plot

        plot(results, str(plot_path), f"{sc.name}: side 1 {players[1]}, side 2 {players[2]}, "
             f"{args.games} games", names)
        print(f"charts: {plot_path}")
    if save_dir is not None:
        print(f"replays: {save_dir}")
    return 0


def _units(sc: Any) -> dict[str, Any]:
    from game.core.engine import Engine

    return Engine(sc, seed=0).state.units


def _writable(name: str, flag: str) -> Path:
    from game.cli import BadInput

    p = Path(name)
    if p.is_dir():
        raise BadInput(f"{flag} {name}: is a folder; give a file name")
    if not p.parent.exists():
        raise BadInput(f"{flag} {name}: the folder {p.parent} does not exist")
    return p


def _write(p: Path, text: str) -> None:
    tmp = p.with_name(p.name + ".part")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, p)

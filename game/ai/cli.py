"""``run.py simulate FILE --games N --ai 1=normal --ai 2=hard [--jobs N] [--backend ray]
[--keep-saves DIR] [--out results.csv] [--plot results.png]``."""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path
from typing import Any

from game.core.log import distinct_names


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
    from game.cli import BadInput, ai_players

    players = {1: "normal", 2: "normal"}
    players.update(ai_players(args.ai))
    begin = _position(args.file, args.at)
    if begin is not None and args.backend == "ray" and args.address:
        raise BadInput("--backend ray --address: games from a save's position are played on "
                       "this machine only (the save is not sent to the cluster); leave out "
                       "--address, or use the local backend")
    # a bad scenario (or save) is refused here, before any game
    sc = setup(args.file) if begin is None else begin.save.scenario
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
    specs = [GameSpec(str(Path(args.file)), seed, pairs, i, save_dir, begin is not None,
                      args.at) for i, seed in enumerate(seeds)]
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
    names = distinct_names(_state(sc))
    print(f"{sc.name}: {args.games} games, seeds {first} to {first + args.games - 1}"
          + (f", from {_where(begin)}" if begin is not None else ""))
    for line in summary.lines(names, players):
        print(line)
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


def _position(path: str, at: int | None) -> Any:
    """The position of a save the games start from (built here, once, so that a save that
    cannot be used is refused before any game, and the worker processes find it built), or
    None for a scenario."""
    from game.cli import BadInput, save_position
    from game.core.replay import is_save

    if not is_save(path):
        if at is not None:
            raise BadInput(f"--at: {path} is a scenario; --at picks a position of a save")
        return None
    return save_position(str(Path(path)), at, "simulate", cached=True)


def _where(begin: Any) -> str:
    s = begin.engine.state
    return (f"the position after event {begin.spot.events} of the save (game turn {s.turn}: "
            f"{begin.engine.ruleset.status_text(s)})")


def _state(sc: Any) -> Any:
    from game.core.engine import Engine

    return Engine(sc, seed=0).state


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

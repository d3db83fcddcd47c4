"""``run.py simulate FILE --games N --ai 1=normal --ai 2=hard [--jobs N] [--backend ray]
[--keep-saves DIR] [--out results.csv [--resume]] [--plot results.png]``."""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
from pathlib import Path
from typing import Any, TextIO

from game.core.log import name_of
from game.headless import BadInput, ai_players, save_position, say


def simulate_command(args: Any) -> int:
    from game.ai.simulate import (
        BackendError,
        GameFailed,
        GameSpec,
        game_seeds,
        run_local,
        run_ray,
        setup,
        summarise,
    )
    from game.core.errors import SaveFailed
    from game.workers import cap_jobs

    players = {1: "normal", 2: "normal"}
    players.update(ai_players(args.ai))
    begin = _position(args.file, args.at)
    if begin is not None and args.backend == "ray" and args.address:
        raise BadInput("--backend ray --address: games from a save's position are played on "
                       "this machine only (the save is not sent to the cluster); leave out "
                       "--address, or use the local backend")
    # a bad scenario (or save) is refused here, before any game
    sc = setup(args.file) if begin is None else begin.save.scenario
    if args.resume and not args.out:
        raise BadInput("--resume goes on with the results file of a stopped run: give it as "
                       "--out CSV")
    out_path = _writable(args.out, "--out") if args.out else None
    plot_path = _writable(args.plot, "--plot") if args.plot else None
    if plot_path is not None:
        try:
            import matplotlib  # noqa: F401
        except ModuleNotFoundError:
            raise BadInput('--plot needs matplotlib: pip install -e ".[plot]"') from None
    if args.backend == "ray":
        try:
            import ray  # noqa: F401
        except ModuleNotFoundError:
            raise BadInput('--backend ray needs Ray: pip install -e ".[cluster]"') from None
    start = _state(sc)
    units = list(start.units)
    scored = "victory_points" in _ruleset_of(sc).game_result(start)
    done: list[Any] = []
    first = args.seed
    if args.resume:
        assert out_path is not None
        done = _resumed(out_path, units, args, players, scored)
        if done:
            first = done[0].seed
    if first is None:
        first = sc.seed if sc.seed is not None else secrets.randbelow(2**31)
    save_dir = _save_dir(args.keep_saves) if args.keep_saves else None
    seeds = game_seeds(first, args.games)
    pairs = tuple(sorted(players.items()))
    specs = [GameSpec(str(Path(args.file)), seed, pairs, i, save_dir, begin is not None,
                      args.at) for i, seed in enumerate(seeds)][len(done):]
    jobs = min(cap_jobs(args.jobs) if args.jobs else _default_jobs(), max(1, len(specs)))
    rows = _Rows(out_path, units, resume=args.resume, scored=scored)
    results = list(done)
    try:
        if args.resume and done:
            print(f"note: {out_path}: {len(done)} of {args.games} games already played; going "
                  "on from there", file=sys.stderr)
        stream = run_ray(specs, args.address) if args.backend == "ray" else run_local(specs, jobs)
        bar = _Bar(args.games, done) if sys.stderr.isatty() else None
        for r in stream:
            results.append(r)
            rows.add(r)
            if bar is not None:
                bar.update(r)
        if bar is not None:
            bar.close()
    except (GameFailed, BackendError) as exc:
        raise BadInput(f"{args.file}: {exc}{rows.kept()}") from None
    except SaveFailed as exc:
        raise BadInput(f"--keep-saves: {exc}{rows.kept()}") from None
    finally:
        rows.close()
    summary = summarise(results)
    names = {u: name_of(start, u) for u in start.units}
    say(f"{sc.name}: {args.games} games, seeds {first} to {first + args.games - 1}"
        + (f", from {_where(begin)}" if begin is not None else ""))
    for line in summary.lines(names, players):
        say(line)
    if out_path is not None:
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
    from game.core.replay import is_save

    if not is_save(path):
        if at is not None:
            raise BadInput(f"--at: {path} is a scenario; --at picks a position of a save")
        return None
    return save_position(str(Path(path)), at, "simulate", cached=True)


def _where(begin: Any) -> str:
    s = begin.engine.state
    return (f"the position after event {begin.spot.events} of the save (game turn {s.turn}: "
            f"{begin.engine.ruleset.presenter.status_text(s)})")


def _default_jobs() -> int:
    from game.workers import cores_available

    return cores_available()


def _state(sc: Any) -> Any:
    from game.core.engine import Engine

    return Engine(sc, seed=0).state


def _ruleset_of(sc: Any) -> Any:
    from game.core.ruleset import get_ruleset

    return get_ruleset(sc.ruleset)


def _writable(name: str, flag: str) -> Path:

    p = Path(name)
    if p.is_dir():
        raise BadInput(f"{flag} {name}: is a folder; give a file name")
    if not p.parent.exists():
        raise BadInput(f"{flag} {name}: the folder {p.parent} does not exist")
    return p


def _save_dir(name: str) -> str:

    d = Path(name)
    if d.exists() and not d.is_dir():
        raise BadInput(f"--keep-saves {name}: is a file, not a folder")
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"--keep-saves {name}: cannot be made ({exc.strerror or exc})") from None
    return str(d)


def _resumed(path: Path, units: list[str], args: Any, players: dict[int, str],
             scored: bool = False) -> list[Any]:
    """The games a stopped run's results file already has, checked against this run."""
    from game.ai.simulate import CsvProblem, read_csv
    from game.core.files import MAX_SAVE_BYTES, FileProblem, read_limited

    try:
        text = read_limited(path, MAX_SAVE_BYTES, "a results file").decode("utf-8")
    except FileProblem as exc:
        raise BadInput(f"--out {path}: {exc}; nothing to go on with (leave out --resume to "
                       "start)") from None
    except UnicodeDecodeError:
        raise BadInput(f"--out {path}: not a results file (not UTF-8); not going on with "
                       "it") from None
    try:
        done = read_csv(text, units, scored)
    except CsvProblem as exc:
        raise BadInput(f"--out {path}: not the results of this scenario ({exc}); not going "
                       "on with it") from None
    if not done:
        return done
    levels = {1: players.get(1, "idle"), 2: players.get(2, "idle")}
    had = {1: done[0].players.get(1, "idle"), 2: done[0].players.get(2, "idle")}
    if had != levels:
        raise BadInput(f"--out {path}: its games were played by side 1 {had[1]} and side 2 "
                       f"{had[2]}, not {levels[1]} and {levels[2]}; give the same --ai to go on")
    if args.seed is not None and args.seed != done[0].seed:
        raise BadInput(f"--out {path}: its games start from seed {done[0].seed}, not "
                       f"{args.seed}; give the same --seed (or none) to go on")
    for r in done:
        if r.seed != (done[0].seed + r.index) % (2**63):
            raise BadInput(f"--out {path}: game {r.index + 1} has seed {r.seed}, not the one "
                           "that follows game 1's; not going on with it")
    if len(done) > args.games:
        raise BadInput(f"--out {path}: already holds {len(done)} games, more than --games "
                       f"{args.games}")
    return done


class _Rows:
    """The ``--out`` file, a row appended (and flushed) as each game is done, so a run that
    stops keeps the rows of the games played: the header is written first (replacing what
    was there), or, with ``resume``, the file is cut back to its last whole row and goes on.
    A disk that fills up stops the run in one line (see :meth:`kept`)."""

    def __init__(self, path: Path | None, units: list[str], resume: bool,
                 scored: bool = False) -> None:
        from game.ai.simulate import csv_head, csv_line

        self.path = path
        self.units = units
        self.scored = scored
        self.rows = 0
        self.fh: TextIO | None = None
        if path is None:
            return
        try:
            if resume:
                data = path.read_bytes()
                whole = data[:data.rfind(b"\n") + 1]
                if len(whole) != len(data):
                    os.truncate(path, len(whole))  # the row cut off is played again
                self.rows = max(0, whole.count(b"\n") - 1)
                self.fh = open(path, "a", encoding="utf-8", newline="")  # noqa: SIM115
            else:
                from game.core.replay import put_file

                put_file(path, csv_line(csv_head(units, scored)).encode())
                self.fh = open(path, "a", encoding="utf-8", newline="")  # noqa: SIM115
        except OSError as exc:
            raise BadInput(f"--out {path}: cannot be written ({exc.strerror or exc})") from None

    def add(self, r: Any) -> None:
        from game.ai.simulate import csv_line, csv_row

        if self.fh is None:
            return
        try:
            self.fh.write(csv_line(csv_row(r, self.units, self.scored)))
            self.fh.flush()
        except OSError as exc:
            self.close()
            raise BadInput(f"--out {self.path}: could not be written on ({exc.strerror}); "
                           f"it keeps {self._games()}") from None
        self.rows += 1

    def kept(self) -> str:
        """What the run leaves, for the line that stops it."""
        if self.path is None:
            return ""
        return f"; --out {self.path} keeps {self._games()}"

    def _games(self) -> str:
        games = f"the first {self.rows} game{'s' if self.rows != 1 else ''}" if self.rows \
            else "no game yet"
        return f"{games} (--resume goes on from there)"

    def close(self) -> None:
        if self.fh is not None:
            with contextlib.suppress(OSError):  # (a full disk: what was written stays)
                self.fh.close()
            self.fh = None


class _Bar:
    """The progress bar on stderr (a terminal only)."""

    def __init__(self, total: int, done: list[Any]) -> None:
        self.total = total
        self.n = 0
        self.wins = {1: 0, 2: 0}
        for r in done:
            self.count(r)

    def count(self, r: Any) -> None:
        self.n += 1
        if r.winner in (1, 2):
            self.wins[r.winner] += 1

    def update(self, r: Any) -> None:
        self.count(r)
        n, done = self.n, int(30 * self.n / self.total)
        sys.stderr.write(f"\r[{'#' * done}{'.' * (30 - done)}] {n}/{self.total} games, "
                         f"side 1 wins {100 * self.wins[1] / n:.1f}%, side 2 wins "
                         f"{100 * self.wins[2] / n:.1f}%")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")

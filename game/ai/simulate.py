"""Many AI-against-AI games of one scenario (``run.py simulate``): each game from the
scenario's set-up with its own seed, on a pool of processes over the local cores or on a Ray
cluster, summed up as win rates with 95% intervals, game lengths and each unit's survival.

Every game depends only on the scenario, its seed and the players' levels (the AI's own
choices are worked out from the game's seed and the position), so the results, and the
``--out`` file, are the same whatever the backend and the number of jobs.

The scenario's ``orders`` and fixed ``dice`` are not used: each game starts from the set-up
and rolls its own dice (a list of fixed dice would make every game the same).
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.game import Stuck, play_out
from game.core.engine import Engine
from game.core.scenario import Scenario, check_scenario, load_scenario
from game.core.state import OFF_TABLE


@dataclass(frozen=True)
class GameSpec:
    """One game to play: the scenario file, the seed, the levels of side 1 and side 2, and
    where to keep its save (None: not kept)."""

    path: str
    seed: int
    players: tuple[tuple[int, str], ...]
    index: int = 0
    save_dir: str | None = None
    #: ``path`` is a save: the games start from its position after event ``at`` (None: its end)
    from_save: bool = False
    at: int | None = None


@dataclass
class GameResult:
    index: int
    seed: int
    players: dict[int, str]
    winner: int | str | None
    turns: int
    reason: str
    units: dict[str, dict[str, Any]] = field(default_factory=dict)
    save: str | None = None
    #: each side's victory points at the end ("1", "2"), for rulesets that score them
    victory_points: dict[str, int] | None = None


_SCENARIOS: dict[tuple[object, ...], Scenario] = {}


def setup(path: str) -> Scenario:
    """The scenario of ``path`` without its orders and fixed dice (cached per process while
    the file holds the same: a file written anew is read anew)."""
    import hashlib

    from game.core.files import MAX_SCENARIO_BYTES, FileProblem, read_limited

    try:
        data = read_limited(path, MAX_SCENARIO_BYTES, "a scenario file")
        key: tuple[object, ...] | None = (path, hashlib.sha256(data).digest())
    except FileProblem:
        key = None  # (loading says what is wrong)
    got = _SCENARIOS.get(key) if key is not None else None
    if got is None:
        sc = load_scenario(path)
        raw = {k: v for k, v in sc.raw.items() if k not in ("orders", "dice")}
        got = check_scenario(raw, sc.path)
        if key is not None:
            if len(_SCENARIOS) > 64:
                _SCENARIOS.clear()
            _SCENARIOS[key] = got
    return got


class GameFailed(Exception):
    """A game that could not be played to its end (the AI could not go on); the message
    names the game and its seed."""


class BackendError(Exception):
    """The backend could not be started (a Ray cluster out of reach)."""


def play_game(spec: GameSpec) -> GameResult:
    """Play one game to its end (in whatever process runs it). Raises :class:`GameFailed`
    when the AI cannot go on, and :class:`~game.core.errors.SaveFailed` when its save cannot
    be written on (a full disk: the save keeps the game so far)."""
    if spec.from_save:
        return _play_on(spec)
    sc = setup(spec.path)
    engine = Engine(sc, seed=spec.seed)
    writer = None
    save = None
    if spec.save_dir is not None:
        from game.core.replay import SaveWriter

        save = str(Path(spec.save_dir) / f"game-{spec.index + 1:05d}-seed-{spec.seed}.jsonl")
        writer = SaveWriter(engine, save)
    try:
        play_out(engine, dict(spec.players))
    except Stuck as exc:
        raise GameFailed(f"game {spec.index + 1} (seed {spec.seed}): the AI could not go on: "
                         f"{exc}") from None
    finally:
        if writer is not None:
            writer.close()
    return result_of(spec, engine, save)


def _play_on(spec: GameSpec) -> GameResult:
    """A game from the position of a save (see :mod:`game.ai.onward`)."""
    from game.ai.onward import play_from, start, write_game

    begin = start(spec.path, spec.at, cached=True)
    keep = spec.save_dir is not None
    try:
        engine = play_from(begin, spec.seed, dict(spec.players), keep)
    except Stuck as exc:
        raise GameFailed(f"game {spec.index + 1} (seed {spec.seed}): the AI could not go on: "
                         f"{exc}") from None
    save = None
    if spec.save_dir is not None:
        save = str(Path(spec.save_dir) / f"game-{spec.index + 1:05d}-seed-{spec.seed}.jsonl")
        write_game(begin, engine, save)
    return result_of(spec, engine, save)


def result_of(spec: GameSpec, engine: Engine, save: str | None) -> GameResult:
    """How a game played to its end came out."""
    s = engine.state
    units = {}
    for u in s.units:
        r = engine.ruleset.unit_result(s, u)
        units[u] = {"status": r["status"], "models_left": r["models_left"],
                    "damage": r["wounds_taken"]}
    vp = engine.ruleset.game_result(s).get("victory_points")
    return GameResult(spec.index, spec.seed, dict(spec.players), s.winner, s.turn,
                      s.end_reason, units, save, vp)


def game_seeds(first: int, games: int) -> list[int]:
    """Game ``i`` is played with seed ``first + i`` (wrapping inside the 63-bit range)."""
    return [(first + i) % (2**63) for i in range(games)]


# --- backends ----------------------------------------------------------------------------------


def run_local(specs: Sequence[GameSpec], jobs: int) -> Iterator[GameResult]:
    """The games on ``jobs`` processes (1: in this process), results in game order as they
    finish. The workers exit by themselves if this process is killed."""
    if jobs <= 1:
        for spec in specs:
            yield play_game(spec)
        return
    from game.workers import process_pool

    with process_pool(jobs) as pool:  # one game at a time: each result as soon as it can be
        yield from pool.map(play_game, specs)


def run_ray(specs: Sequence[GameSpec], address: str | None = None,
            local_mode: bool = False) -> Iterator[GameResult]:
    """The games on a Ray cluster at ``address`` (its nodes get this project's folder through
    Ray's runtime environment); None starts Ray on this machine. ``local_mode`` (for tests)
    runs every task in this process where the installed Ray still has that mode, and on a
    one-CPU Ray started here where it has not (Ray 2.4x dropped it)."""
    try:
        import ray
    except ModuleNotFoundError:
        raise RuntimeError('the Ray backend needs Ray: pip install -e ".[cluster]"') from None
    root = str(Path(__file__).resolve().parents[2])
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is not None:
            kwargs["runtime_env"] = {"working_dir": root, "excludes": [
                ".git", "saves", "tests", "docs", "*.jsonl", "*.png", "*.csv"]}
        else:
            kwargs["runtime_env"] = {"env_vars": {"PYTHONPATH": root}}
        try:
            if local_mode:
                try:
                    ray.init(local_mode=True, **kwargs)
                except RuntimeError:  # this Ray has no local mode: a small local instance
                    ray.init(num_cpus=1, **kwargs)
            else:
                ray.init(address=address, **kwargs)
        except Exception as exc:  # noqa: BLE001 - whatever stops Ray starting, said in a line
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
            where = (f"no Ray cluster could be reached at {address}" if address is not None
                     else "Ray could not be started on this machine")
            raise BackendError(f"--backend ray: {where} ({first})") from None
        started = True
    try:
        remote = ray.remote(play_game)
        pending = [remote.remote(spec) for spec in specs]
        for ref in pending:  # in order: the results stream as the earliest games finish
            yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


# --- summing up --------------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a rate of ``wins`` out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Summary:
    games: int
    wins: dict[str, int]  # "1", "2", "draw", "none"
    turns: list[int]
    survival: dict[str, float]  # unit -> share of games it ended on the table
    #: each side's average victory points ("1", "2"), when the ruleset scores them
    victory_points: dict[str, float] | None = None

    def lines(self, names: Mapping[str, str], players: Mapping[int, str]) -> list[str]:
        n = self.games
        out = [f"{n} games"]
        for key, label in (("1", f"side 1 ({players.get(1, 'idle')})"),
                           ("2", f"side 2 ({players.get(2, 'idle')})"),
                           ("draw", "draws"), ("none", "no winner")):
            k = self.wins.get(key, 0)
            if key == "none" and not k:
                continue
            lo, hi = wilson(k, n)
            out.append(f"  {label:22s} {k:6d}  {100 * k / n:5.1f}%  (95% interval "
                       f"{100 * lo:.1f}% to {100 * hi:.1f}%)")
        if self.victory_points is not None:
            vp = self.victory_points
            out.append(f"victory points on average: side 1 {vp['1']:.0f}, side 2 {vp['2']:.0f}")
        if self.turns:
            t = sorted(self.turns)
            out.append(f"game length: {sum(t) / len(t):.2f} game turns on average "
                       f"(shortest {t[0]}, longest {t[-1]})")
        out.append("units still on the table at the end:")
        for u, rate in self.survival.items():
            out.append(f"  {names.get(u, u):28s} {100 * rate:5.1f}%")
        return out


def summarise(results: Sequence[GameResult]) -> Summary:
    wins: dict[str, int] = {}
    survival: dict[str, float] = {}
    for r in results:
        key = "none" if r.winner is None else str(r.winner)
        wins[key] = wins.get(key, 0) + 1
        for u, d in r.units.items():
            survival[u] = survival.get(u, 0.0) + (1.0 if d["status"] not in OFF_TABLE else 0.0)
    n = max(1, len(results))
    scored = [r.victory_points for r in results if r.victory_points is not None]
    vp = ({side: sum(v[side] for v in scored) / len(scored) for side in ("1", "2")}
          if scored else None)
    return Summary(len(results), wins, [r.turns for r in results],
                   {u: v / n for u, v in survival.items()}, vp)




def csv_text(results: Sequence[GameResult]) -> str:
    """One row per game, in game order: game number, seed, the players, the winner, the game
    turns played, each side's victory points (for rulesets that score them), and each unit's
    status, models left and damage (no timings)."""
    rows = sorted(results, key=lambda r: r.index)
    units = list(rows[0].units) if rows else []
    scored = bool(rows) and rows[0].victory_points is not None
    return csv_line(csv_head(units, scored)) + "".join(csv_line(csv_row(r, units, scored))
                                                       for r in rows)


def csv_head(units: Sequence[str], scored: bool = False) -> list[str]:
    """The CSV's first row; ``scored``: with each side's victory points."""
    head = ["game", "seed", "side1", "side2", "winner", "turns"]
    if scored:
        head += ["side1.victory_points", "side2.victory_points"]
    for u in units:
        head += [f"{u}.status", f"{u}.models_left", f"{u}.damage"]
    return head


def csv_row(r: GameResult, units: Sequence[str], scored: bool = False) -> list[Any]:
    winner = "none" if r.winner is None else r.winner
    row: list[Any] = [r.index + 1, r.seed, r.players.get(1, "idle"), r.players.get(2, "idle"),
                      winner, r.turns]
    if scored:
        vp = r.victory_points or {}
        row += [vp.get("1", ""), vp.get("2", "")]
    for u in units:
        d = r.units[u]
        row += [d["status"], d["models_left"], d["damage"]]
    return row


def csv_line(cells: Sequence[Any]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerow(cells)
    return buf.getvalue()


class CsvProblem(Exception):
    """A results file that cannot be continued; the message says why."""


def read_csv(text: str, units: Sequence[str], scored: bool = False) -> list[GameResult]:
    """The games of a results file written by :func:`csv_text` (or row by row), for going
    on with a stopped run: its header must be the one these ``units`` give, and its rows
    games 1, 2, 3... in order. A last row cut off (the run stopped while writing it) is
    not counted. Raises :class:`CsvProblem`."""
    lines = text.split("\n")
    if text and not text.endswith("\n"):
        lines.pop()  # cut off mid-row
    rows = list(csv.reader(ln for ln in lines if ln))
    if not rows:
        raise CsvProblem("it is empty")
    head = csv_head(units, scored)
    if rows[0] != head:
        raise CsvProblem("its columns are not those of this scenario's units")
    out = []
    for n, row in enumerate(rows[1:], start=1):
        try:
            if len(row) != len(head) or int(row[0]) != n:
                raise ValueError
            winner: int | str | None = {"1": 1, "2": 2, "none": None}.get(row[4], row[4])
            cells = iter(row[6:])
            vp = {"1": int(next(cells)), "2": int(next(cells))} if scored else None
            got = {u: {"status": next(cells), "models_left": int(next(cells)),
                       "damage": int(next(cells))} for u in units}
            players = {s: lv for s, lv in ((1, row[2]), (2, row[3])) if lv != "idle"}
            out.append(GameResult(n - 1, int(row[1]), players, winner, int(row[5]), "", got,
                                  victory_points=vp))
        except ValueError:
            raise CsvProblem(f"row {n + 1} is not the row of game {n}") from None
    return out


def plot(results: Sequence[GameResult], path: str, title: str,
         names: Mapping[str, str]) -> None:
    """Outcome charts (matplotlib, the ``plot`` extra): wins, game length, unit survival."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    s = summarise(results)
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.8))
    keys = [k for k in ("1", "2", "draw", "none") if s.wins.get(k)]
    labels = {"1": "side 1", "2": "side 2", "draw": "draw", "none": "no winner"}
    n = max(1, s.games)
    rates = [s.wins[k] / n for k in keys]
    errs = [[r - wilson(s.wins[k], n)[0] for k, r in zip(keys, rates)],
            [wilson(s.wins[k], n)[1] - r for k, r in zip(keys, rates)]]
    axes[0].bar([labels[k] for k in keys], rates, yerr=errs, capsize=4, color="#4c72b0")
    axes[0].set_ylim(0, 1)
    axes[0].set_title("Results (95% intervals)")
    t = s.turns
    if t:
        axes[1].hist(t, bins=range(min(t), max(t) + 2), align="left", color="#55a868")
    axes[1].set_title("Game turns played")
    units = list(s.survival)
    axes[2].barh([names.get(u, u) for u in units], [s.survival[u] for u in units],
                 color="#c44e52")
    axes[2].set_xlim(0, 1)
    axes[2].set_title("Still on the table at the end")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


ProgressFn = Callable[[int, int, Mapping[str, int]], None]

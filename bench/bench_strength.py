"""The AI's strength table (issue 19): seeded AI-against-AI games on the shipped maps, each
pairing played with the sides swapped (half the games each way), each side's win rate with
its Wilson 95% interval, and how long the choices took.

Every game is one of ``simulate``'s (game ``i`` of a pairing on a map has seed ``SEED + i``;
pairing A-B has A on side 1 in the even games and on side 2 in the odd ones), played in this
process (or ``--jobs`` processes) with the time of each choice noted. Each game is appended to
the ``--out`` file (JSON lines) as soon as it ends, so a long run can be stopped and taken up
again (``--resume``: the games already in the file are not played again) and the table printed
from the file alone (``--report``).

Run:
  python bench/bench_strength.py [--games 40] [--maps default trench ...]
      [--pairings normal-random easy-random hard-normal normal-easy]
      [--out strength.jsonl] [--resume] [--jobs 1] [--seed 1000]
  python bench/bench_strength.py --report strength.jsonl [--markdown]
  python bench/bench_strength.py --variant f0=normal:fight_on=0 --pairings f0-normal

``--variant NAME=BASE:KEY=VALUE,...`` (repeatable) defines a throwaway level for this run: level
BASE with each KEY set to VALUE, under the name NAME, for a pairing to use. A KEY is a field
of :class:`game.ai.player.Level` (``deep``, ``fight_on``, ``more``...) or ``look.FIELD`` of its
look at the attacks to come (``look.fear``, ``look.turn_fear``...). Each game in the ``--out``
file keeps the run's definitions, ``--report`` lists them, and ``--resume`` defines them again.

The table: for each pairing and map, A's wins as side 1 and as side 2 (each of its half of
the games), A's wins over both, B's wins, the draws, and A's win rate over both with its
interval. A draw counts against A, so a level no stronger than its opponent wins well under
half. Read a variant's pairing against a copy of its base that differs only in the dice of its
tries (``--variant n1=normal:salt=1 --pairings n1-normal``), not against the level played
against itself: games between AIs turn on those dice, and such a copy, which plays no better,
moved one seat's wins by up to nineteen games of 80 (docs/dev/ai-passes.md, fifty-fifth pass).
Below it, per level and map: the CPU time of a choice (mean, 95th percentile, most); then per
pairing and map, the CPU time of a whole game (both sides' choices and the engine's own work)
and, in the same games, of A's choices and of B's. The last two are how a variant's cost is
read: the CPU a choice mixes a level's games against every opponent it played.

``still`` as B (``--pairings normal-still``) is a side that does nothing at all: its units
never move, charge or shoot, they only fight back, and its questions take their defaults. What
A fails to win against it, it fails to plan (docs/dev/ai-passes.md, the twenty-second
and twenty-third passes).

Targets (issue 19, benchmarks rather than tests): normal v random 97% or more as side 1 and
as side 2, easy v random 85%, hard v normal 65% (sides swapped), normal v easy 70%; normal's
choices within 1 s (95th percentile), hard's within 3 s; a rank-and-flank game of normal
against normal within 2 s of CPU.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import player as P  # noqa: E402
from game.ai.evaluate import Look  # noqa: E402
from game.ai.player import Level  # noqa: E402
from game.ai.simulate import wilson  # noqa: E402

MAPS = ["default", "trench", "duel", "rules-study", "old-world", "ninth-age"]
PAIRINGS = [("normal", "random"), ("easy", "random"), ("hard", "normal"), ("normal", "easy")]
#: the opponent that does nothing (not an AI level: its side is simply not played)
STILL = "still"


@dataclass
class Game:
    """One game of the table, as the ``--out`` file keeps it."""

    map: str
    a: str
    b: str
    index: int
    seed: int
    a_side: int
    winner: int | str | None
    turns: int
    cpu: float  # CPU seconds of the whole game (choices and the engine)
    #: each level's choices: CPU seconds of each, rounded to the millisecond
    choices: dict[str, list[float]] = field(default_factory=dict)
    victory_points: dict[str, int] | None = None
    #: the levels the run defined (``--variant``): name -> ``BASE:KEY=VALUE,...``
    defined: dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> tuple[str, str, str, int]:
        return (self.map, self.a, self.b, self.index)


def variant(text: str) -> tuple[Level, str]:
    """The level ``text`` defines (``NAME=BASE:KEY=VALUE,...``, see the module's help) and
    its definition (``BASE:KEY=VALUE,...``). Raises ValueError saying what is wrong."""
    name, (_, sep, definition) = variant_name(text), text.partition("=")
    base, colon, changes = definition.partition(":")
    base = base.strip()
    if not sep or not colon or not name or not changes.strip():
        raise ValueError(f"a variant is NAME=BASE:KEY=VALUE,... (f0=normal:fight_on=0), "
                         f"not {text!r}")
    if "-" in name or name in P.LEVELS or name == STILL:
        raise ValueError(f"{text}: name the variant with no dash, and not after a level that "
                         f"exists ({', '.join(P.LEVELS)}, {STILL})")
    if base not in P.LEVELS:
        raise ValueError(f"{text}: unknown level {base!r} to change (known: "
                         f"{', '.join(P.LEVELS)})")
    level = P.LEVELS[base]
    mine: dict[str, object] = {"name": name}
    look: dict[str, object] = {}
    items = [item.strip() for item in changes.split(",")]
    for item in items:
        key, eq, value = (part.strip() for part in item.partition("="))
        where, fields, into = (level.look, Look.__dataclass_fields__, look) \
            if key.startswith("look.") else (level, Level.__dataclass_fields__, mine)
        attr = key.removeprefix("look.")
        if not eq or attr not in fields or attr in ("name", "look"):
            known = [f for f in Level.__dataclass_fields__ if f not in ("name", "look")] + \
                [f"look.{f}" for f in Look.__dataclass_fields__]
            raise ValueError(f"{text}: {item!r} is not KEY=VALUE with KEY one of "
                             f"{', '.join(known)}")
        into[attr] = _value(text, key, getattr(where, attr), value)
    if look:
        mine["look"] = replace(level.look, **look)  # type: ignore[arg-type]
    return replace(level, **mine), f"{base}:{','.join(items)}"  # type: ignore[arg-type]


def variant_name(text: str) -> str:
    """The name a ``--variant`` gives its level (what comes before the first ``=``)."""
    return text.partition("=")[0].strip()


def _value(text: str, key: str, now: object, value: str) -> object:
    """``value`` read as the kind of value ``key`` holds now (``now``)."""
    try:
        if isinstance(now, bool):
            if value.lower() not in ("true", "false"):
                raise ValueError
            return value.lower() == "true"
        if isinstance(now, int):
            return int(value)
        if now is None and value.lower() == "none":
            return None
        return float(value)
    except ValueError:
        kind = "true or false" if isinstance(now, bool) else \
            "a whole number" if isinstance(now, int) else "a number"
        raise ValueError(f"{text}: {key} must be {kind}, not {value!r}") from None


def define(variants: Sequence[str]) -> dict[str, str]:
    """Add the levels ``variants`` define to the AI's levels, in turn (one may change one
    defined before it); their definitions by name. (Each worker process of a run does the
    same before it plays.)"""
    out = {}
    for text in variants:
        level, definition = variant(text)
        P.LEVELS[level.name] = level
        out[level.name] = definition
    return out


def _define_again(variants: Sequence[str]) -> None:
    """A worker's :func:`define` (a forked worker has the parent's levels already: they are
    defined afresh)."""
    for text in variants:
        P.LEVELS.pop(variant_name(text), None)
    define(variants)


def play(map_name: str, a: str, b: str, index: int, seed: int,
         defined: dict[str, str] | None = None) -> Game:
    """Game ``index`` of pairing ``a``-``b`` on ``map_name``: ``a`` on side 1 in the even
    games, side 2 in the odd ones; the game's seed is ``seed``. ``defined``: the run's
    variants, by name (kept with the game, since one may be defined from another)."""
    from game.ai.game import play_out
    from game.ai.simulate import setup
    from game.core.engine import Engine

    a_side = 1 if index % 2 == 0 else 2
    players = {a_side: a} if b == STILL else {a_side: a, 3 - a_side: b}
    engine = Engine(setup(str(ROOT / "maps" / f"{map_name}.toml")), seed=seed)
    times: dict[str, list[float]] = {}
    cpu = time.process_time()
    play_out(engine, players, lambda c: times.setdefault(c.level, []).append(round(c.cpu, 3)))
    cpu = time.process_time() - cpu
    s = engine.state
    vp = engine.ruleset.game_result(s).get("victory_points")
    return Game(map_name, a, b, index, seed, a_side, s.winner, s.turn, round(cpu, 3), times, vp,
                dict(defined or {}))


def _play(args: tuple[str, str, str, int, int, dict[str, str]]) -> Game:
    return play(*args)


def read(path: Path) -> list[Game]:
    """The games of an ``--out`` file (a last line cut off by a stopped run is left out)."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        try:
            out.append(Game(**json.loads(line)))
        except (ValueError, TypeError):
            continue
    return out


def run(jobs: int, todo: Sequence[tuple[str, str, str, int, int, dict[str, str]]],
        variants: Sequence[str] = ()) -> Iterator[Game]:
    if jobs <= 1:
        for t in todo:
            yield play(*t)
        return
    from game.workers import process_pool

    with process_pool(jobs, initializer=_define_again, initargs=(tuple(variants),)) as pool:
        yield from pool.map(_play, todo)


def pct(k: int, n: int) -> str:
    if not n:
        return "      -      "
    return f"{k:3d}/{n:<3d} {100 * k / n:4.0f}%"


def interval(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * lo:3.0f}-{100 * hi:3.0f}%"


def quantile(xs: Sequence[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def table_order(games: Sequence[Game]) -> list[tuple[tuple[str, str, str], list[Game]]]:
    """The games by pairing and map, in the order of the issue's table."""
    groups: dict[tuple[str, str, str], list[Game]] = {}
    for g in games:
        groups.setdefault((g.a, g.b, g.map), []).append(g)
    return sorted(groups.items(), key=lambda kv: (
        PAIRINGS.index((kv[0][0], kv[0][1])) if (kv[0][0], kv[0][1]) in PAIRINGS else 99,
        MAPS.index(kv[0][2]) if kv[0][2] in MAPS else 99))


def choices_cpu(games: Sequence[Game], level: str) -> str:
    """The CPU of ``level``'s choices a game, over ``games`` (both sides' when it plays
    itself): set beside the other level's in the same games, the fair measure of what a
    variant costs, where the CPU per choice mixes its games against every opponent."""
    return f"{sum(sum(g.choices.get(level, [])) for g in games) / len(games):.2f}s"


def report(games: Sequence[Game]) -> list[str]:
    lines = [f"{'pairing':16s} {'map':12s} {'A as side 1':>13s} {'A as side 2':>13s} "
             f"{'A in all':>13s} {'B':>4s} {'draws':>5s}  A's 95% interval  (Wilson)"]
    for (a, b, m), gs in table_order(games):
        side = {1: [0, 0], 2: [0, 0]}
        draws = 0
        for g in gs:
            side[g.a_side][1] += 1
            side[g.a_side][0] += g.winner == g.a_side
            draws += g.winner not in (1, 2)
        won = side[1][0] + side[2][0]
        n = len(gs)
        lines.append(f"{a + ' v ' + b:16s} {m:12s} {pct(*side[1]):>13s} {pct(*side[2]):>13s} "
                     f"{pct(won, n):>13s} {n - won - draws:4d} {draws:5d}  {interval(won, n)}   (side 1 "
                     f"{interval(*side[1])}, side 2 {interval(*side[2])})")
    lines.append("")
    lines.append(f"{'level':8s} {'map':12s} {'choices':>8s} {'mean':>8s} {'p95':>8s} "
                 f"{'most':>8s}   CPU per choice")
    per: dict[tuple[str, str], list[float]] = {}
    for g in games:
        for level, ts in g.choices.items():
            per.setdefault((level, g.map), []).extend(ts)
    for (level, m), ts in sorted(per.items()):
        if level == "random":
            continue
        lines.append(f"{level:8s} {m:12s} {len(ts):8d} {1000 * sum(ts) / len(ts):6.0f}ms "
                     f"{1000 * quantile(ts, 0.95):6.0f}ms {1000 * max(ts):6.0f}ms")
    lines.append("")
    lines.append(f"{'pairing':16s} {'map':12s} {'games':>6s} {'mean':>7s} {'p95':>7s} "
                 f"{'A':>7s} {'B':>7s}   CPU per game (all; A's choices, B's: in the same games)")
    for (a, b, m), gs in table_order(games):
        cpus = [g.cpu for g in gs]
        own = [choices_cpu(gs, a), "" if a == b else choices_cpu(gs, b)]
        lines.append(f"{a + ' v ' + b:16s} {m:12s} {len(gs):6d} {sum(cpus) / len(cpus):6.1f}s "
                     f"{quantile(cpus, 0.95):6.1f}s {own[0]:>7s} {own[1]:>7s}")
    defined = {k: v for g in games for k, v in g.defined.items()}
    if defined:
        lines.append("")
        lines.append("levels defined for the run: " + "; ".join(
            f"{k} = {v}" for k, v in sorted(defined.items())))
    return lines


TARGETS = {("normal", "random"): "97% each side", ("easy", "random"): "85% each side",
           ("hard", "normal"): "65%", ("normal", "easy"): "70%"}


def markdown(games: Sequence[Game]) -> list[str]:
    """The win table as docs/ai.md shows it (a Markdown table, A's wins with their Wilson
    95% intervals, B's wins and the draws: a draw counts against A, so a level no stronger
    than its opponent wins well under half)."""
    lines = ["| pairing (A v B) | map | games | A as side 1 | A as side 2 | A in all | B's wins | "
             "draws | target |", "|---|---|---|---|---|---|---|---|---|"]
    for (a, b, m), gs in table_order(games):
        side = {1: [0, 0], 2: [0, 0]}
        for g in gs:
            side[g.a_side][1] += 1
            side[g.a_side][0] += g.winner == g.a_side
        draws = sum(g.winner not in (1, 2) for g in gs)

        def cell(k: int, n: int) -> str:
            if not n:
                return "-"
            lo, hi = wilson(k, n)
            return f"{k}/{n} ({100 * lo:.0f}-{100 * hi:.0f}%)"

        won = side[1][0] + side[2][0]
        lines.append(f"| {a} v {b} | {m} | {len(gs)} | {cell(*side[1])} | {cell(*side[2])} | "
                     f"{cell(won, len(gs))} | {len(gs) - won - draws} | {draws} | "
                     f"{TARGETS.get((a, b), '')} |")
    return lines


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=40, help="games per pairing and map "
                   "(half with each side; default 40)")
    p.add_argument("--maps", nargs="+", default=MAPS, help=f"maps (default: {' '.join(MAPS)})")
    p.add_argument("--pairings", nargs="+", default=[f"{a}-{b}" for a, b in PAIRINGS],
                   help="A-B pairs of levels (default: the issue's table)")
    p.add_argument("--seed", type=int, default=1000, help="game i's seed is SEED + i")
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--out", type=Path, default=None, help="append each game to this JSON lines "
                   "file")
    p.add_argument("--resume", action="store_true", help="with --out: play only the games the "
                   "file does not have yet")
    p.add_argument("--report", type=Path, default=None, help="print the table of this file's "
                   "games and stop")
    p.add_argument("--markdown", action="store_true", help="with --report: the win table as "
                   "docs/ai.md shows it")
    p.add_argument("--variant", action="append", default=[], metavar="NAME=BASE:KEY=VALUE,...",
                   help="a throwaway level for this run: BASE with each KEY (a field of the "
                   "level, or look.FIELD) set to VALUE, e.g. f0=normal:fight_on=0 (repeatable)")
    args = p.parse_args(argv)
    if args.report is not None:
        if not args.report.exists():
            print(f"{args.report}: no such file", file=sys.stderr)
            return 2
        games = read(args.report)
        if not games:
            print(f"{args.report}: no games in it", file=sys.stderr)
            return 2
        print("\n".join(markdown(games) if args.markdown else report(games)))
        return 0
    from game.ai.simulate import setup
    from game.core.errors import ScenarioError

    for m in args.maps:
        if not (ROOT / "maps" / f"{m}.toml").exists():
            print(f"no map maps/{m}.toml", file=sys.stderr)
            return 2
        try:  # (a map the games would fail on is named before any is played)
            setup(str(ROOT / "maps" / f"{m}.toml"))
        except ScenarioError as exc:
            print(exc, file=sys.stderr)
            return 2
    variants = list(args.variant)
    if args.out and args.resume:
        # (the levels the run being taken up defined: its file keeps them)
        given = {variant_name(text) for text in variants}
        for g in read(args.out):
            for name, definition in g.defined.items():
                if name not in given:
                    given.add(name)
                    variants.append(f"{name}={definition}")
    try:
        defined = define(variants)
    except ValueError as exc:
        print(f"--variant: {exc}", file=sys.stderr)
        return 2
    pairs = []
    for text in args.pairings:
        a, sep, b = text.partition("-")
        if not sep or not a or not b:
            print(f"a pairing is two levels joined by a dash (normal-random), not {text!r}",
                  file=sys.stderr)
            return 2
        for level, known in ((a, P.LEVELS), (b, [*P.LEVELS, STILL])):
            if level not in known:
                print(f"{text}: unknown AI level {level!r} (known: {', '.join(P.LEVELS)}; "
                      f"{STILL!r} as the second, a side that does nothing; another with --variant)",
                      file=sys.stderr)
                return 2
        pairs.append((a, b))
    done = {g.key: g for g in read(args.out)} if args.out and args.resume else {}
    if args.out and not args.resume and args.out.exists():
        print(f"{args.out} exists: give --resume to go on with it, or another --out",
              file=sys.stderr)
        return 2
    # two games (one with each side) of every pairing on every map, then two more...: a run
    # stopped early has measured each of them about as far
    todo = [(m, a, b, i, args.seed + i, defined) for pair in range(0, args.games, 2)
            for a, b in pairs for m in args.maps
            for i in range(pair, min(pair + 2, args.games)) if (m, a, b, i) not in done]
    games = list(done.values())
    print(f"{len(todo)} games to play ({len(games)} already in {args.out})" if done else
          f"{len(todo)} games to play", file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    with (args.out.open("a") if args.out else open("/dev/null", "w")) as f:
        for n, g in enumerate(run(args.jobs, todo, variants), 1):
            games.append(g)
            f.write(json.dumps(asdict(g)) + "\n")
            f.flush()
            print(f"  {n}/{len(todo)} {g.map} {g.a} v {g.b} game {g.index}: winner "
                  f"{g.winner} (A on side {g.a_side}), {g.cpu:.1f} s CPU, "
                  f"{time.perf_counter() - t0:.0f} s so far", file=sys.stderr, flush=True)
    print("\n".join(report(games)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

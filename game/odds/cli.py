"""``run.py odds FILE --unit A --do fight --target B``: the scenario's orders are carried out
(leaving the last activation open, so the order asked about can continue it), or a save is
re-run to a position (``--at N``), then the odds of one more order are printed, or given as
JSON with ``--json``."""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from game.core.commands import Order
from game.headless import BadInput, carry_out, save_position, say, start_orders


def order_keys(extra: list[str]) -> list[tuple[str, Any]]:
    """``--KEY VALUE`` (or ``--KEY=VALUE``) pairs left over on the command line, as order keys;
    a value reads as JSON when it can (true, 2, [1, 2]) and as text otherwise."""

    out: list[tuple[str, Any]] = []
    i = 0
    while i < len(extra):
        tok = extra[i]
        if not tok.startswith("--") or len(tok) < 3:
            raise BadInput(f"odds: unexpected argument {tok[:40]!r} (give order keys as "
                           "--KEY VALUE)")
        key, eq, value = tok[2:].partition("=")
        if not eq:
            if i + 1 >= len(extra):
                raise BadInput(f"odds: --{key[:30]} needs a value")
            value = extra[i + 1]
            i += 1
        i += 1
        out.append((key, _value(key, value)))
    return out


def _value(key: str, text: str) -> Any:
    """An extra order argument read as JSON when it is JSON (else kept as text), held to the
    limits of a scenario's order values: a value that would be refused in a scenario's
    ``orders`` (nested too deep, a whole number beyond 64 bits, a number that is not
    finite, a key that is not a plain name) is refused here with the same words."""
    from game.core.scenario import INT_MAX, INT_MIN, MAX_NESTING, bad_value

    try:
        parsed: Any = json.loads(text)
    except RecursionError:
        raise BadInput(f"odds: --{key[:30]}: lists nested far too deep to read (an order "
                       f"value lies no more than {MAX_NESTING} levels deep)") from None
    except json.JSONDecodeError:
        parsed = text  # not JSON: plain text
    except ValueError:  # Python's cap on the digits of a whole number
        raise BadInput(f"odds: --{key[:30]}: a number with thousands of digits (whole "
                       f"numbers must lie between {INT_MIN} and {INT_MAX})") from None
    # checked where a scenario's order value lies, so the depth limit is the same
    bad = bad_value({"orders": [{key: parsed}]})
    if bad is not None:
        raise BadInput(f"odds: --{key[:30]} {bad[1]}")
    return parsed


def position(path: str, seed: int | None, at: int | None = None) -> Any:
    """The engine after the scenario's orders, the last activation left open; or, for a
    save, at its position after event ``at`` (its end by default)."""
    from game.core.replay import is_save

    if is_save(path):
        return save_position(path, at, "ask for odds").engine
    if at is not None:
        raise BadInput(f"--at: {path} is a scenario; --at picks a position of a save")
    engine, commands = start_orders(path, seed)
    carry_out(path, engine, commands, finish=False)
    return engine


def odds_command(args: Any, extra: list[str]) -> int:
    from game.core.errors import DiceExhausted
    from game.odds.estimate import OddsError, OddsEstimator
    from game.workers import cap_jobs, cores_available

    keys = order_keys(extra)
    cmd = Order(args.do, args.unit, (("target", args.target), *keys))
    engine = position(args.file, args.seed, args.at)
    if engine.state.game_over:
        raise BadInput(f"{args.file}: the game is over once its orders are carried out")
    try:
        engine.prepare_order(cmd)
        engine = in_its_phase(engine, cmd)
        est = OddsEstimator(engine, cmd, seed=args.seed)
    except DiceExhausted as exc:
        raise BadInput(f"{args.file}: dice: {exc}") from None
    except OddsError as exc:
        raise BadInput(f"{args.file}: {show_order(cmd)}: {exc}") from None
    odds = None if args.sampled else est.exact()
    if odds is None:
        bar = Progress(args.samples) if sys.stderr.isatty() and not args.json else None
        t0 = time.perf_counter()
        jobs = cap_jobs(args.jobs) if args.jobs else (
            min(2, cores_available()) if args.samples >= 4000 else 1)
        odds = est.run(args.samples, on_update=bar.update if bar else None, jobs=jobs)
        odds.seconds = time.perf_counter() - t0
        if bar is not None:
            bar.close()
    if args.json:
        sys.stdout.write(json.dumps(odds.to_json(), indent=1) + "\n")
    else:

        for line in describe(engine, cmd, odds):
            say(line)
    return 0


def in_its_phase(engine: Any, cmd: Order) -> Any:
    """For a game of phases: when the order belongs to a later phase of the player turn, and
    getting there (what the phases before do as they end) rolls no dice and asks nothing, a
    copy of the game in that phase, where the odds may be exact; otherwise the game as it is
    (the odds then play the way there out, sample by sample)."""
    from game.core import events as ev
    from game.core.ruleset import PHASES

    if engine.ruleset.flow.kind != PHASES:
        return engine
    trial = engine.fork()
    try:
        out = trial.execute(cmd)
    except Exception:  # noqa: BLE001 - scripted dice run out: the estimator says so
        return engine
    if not out.ok:
        return engine
    steps = 0
    for _, e in out.events:
        if isinstance(e, ev.ActionTaken):
            break
        if isinstance(e, (ev.DiceRolled, ev.DecisionRequested)):
            return engine
        if isinstance(e, ev.PhaseStarted):
            steps += 1
    else:
        return engine
    if not steps:
        return engine
    moved = engine.fork()
    for _ in range(steps):
        if not moved.execute(Order("next_phase")).ok:
            return engine
    return moved


def show_order(cmd: Order) -> str:
    from game.core.scenario import show_value

    parts = [f"unit {show_value(cmd.unit)}", f"do {show_value(cmd.do)}"]
    parts += [f"{k} {show_value(v)}" for k, v in cmd.args]
    return ", ".join(parts)


class Progress:
    """A progress bar on stderr."""

    def __init__(self, total: int) -> None:
        self.total = total

    def update(self, odds: Any) -> None:
        width = 30
        done = int(width * odds.samples / self.total)
        sys.stderr.write(f"\r[{'#' * done}{'.' * (width - done)}] {odds.samples:,} samples, "
                         f"target destroyed {100 * odds.target_destroyed:.1f}%")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")


def _name(engine: Any, unit: str) -> str:
    u = engine.state.units.get(unit)
    return u.display if u is not None and u.display else unit


def describe(engine: Any, cmd: Order, odds: Any) -> list[str]:
    """The odds in players' words."""
    actor, target = _name(engine, odds.actor), _name(engine, odds.target)
    unit = engine.ruleset.damage_unit
    how = ("worked out exactly" if odds.exact
           else f"from {odds.samples:,} samples; ± is the sampling error")
    what = cmd.do.replace("_", " ")
    out = [f"{actor}: {what} {target} ({how})"]

    def pct(p: float) -> str:
        err = odds.error(p)
        return f"{100 * p:5.1f}%" + (f" ± {100 * err:.1f}%" if err else "")

    out.append(f"  {target} destroyed: {pct(odds.target_destroyed)}")
    out.append(f"  {actor} destroyed: {pct(odds.actor_destroyed)}")
    for who, dist, side in ((target, odds.damage_to_target, "target"),
                            (actor, odds.damage_to_actor, "actor")):
        out.append(f"  {unit} to {who}: expected {odds.expected(side):.2f}")
        for n in sorted(dist):
            if n <= 0:
                continue
            out.append(f"    at least {n}: {100 * odds.at_least(n, side):5.1f}%   "
                       f"exactly {n}: {100 * dist[n]:5.1f}%")
    return out

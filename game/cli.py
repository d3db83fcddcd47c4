"""The command line: ``python run.py`` opens the window; subcommands work headless.

Exit status: 0 success, 1 a replay that does not check out, 2 bad input (with one clear line on
stderr and no traceback).
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path
from typing import Any

from game.core.commands import command_from_dict
from game.core.errors import DiceExhausted, ReplayError, ScenarioError

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "default.toml"


class BadInput(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="run.py",
        description="Contact Zone: tabletop miniature battles that know the rules.",
    )
    sub = p.add_subparsers(dest="cmd")
    play = sub.add_parser("play", help="play a scenario, or play on from a save (in the window, "
                                       "or a scenario --headless)")
    play.add_argument("file", help="scenario file (.toml or .json), or a save (.jsonl) to play on")
    play.add_argument("--headless", action="store_true", help="no window: carry out the orders")
    play.add_argument("--json", action="store_true", help="print the result as one JSON document")
    play.add_argument("--seed", type=int, help="dice seed (default: the scenario's, or fresh)")
    play.add_argument("--save", metavar="PATH", help="write the replay (JSON Lines) here")
    rp = sub.add_parser("replay", help="open a saved game in the replay viewer, or --check it")
    rp.add_argument("file", help="a save (.jsonl)")
    rp.add_argument("--check", action="store_true",
                    help="re-run the recorded commands and verify every event; changes nothing")
    rp.add_argument("--log", action="store_true", help="print the dice and rules log")
    lr = sub.add_parser("rules", help="list the special rules of a ruleset (or of every one)")
    lr.add_argument("ruleset", nargs="?", default=None)
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.cmd is None:
            return _window(str(DEFAULT_MAP), None)
        if args.cmd == "play":
            if args.headless:
                return play_headless(args.file, args.seed, args.save, args.json)
            return _window(args.file, args.seed)
        if args.cmd == "replay":
            if args.check:
                return replay_check(args.file)
            if args.log:
                return replay_log(args.file)
            return _replay_window(args.file)
        if args.cmd == "rules":
            return list_rules(args.ruleset)
    except (ScenarioError, ReplayError, BadInput) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


# --- headless play ---------------------------------------------------------------------------


def _order_error(path: str, i: int, order: dict[str, Any], msg: str) -> BadInput:
    what = ", ".join(f"{k} {json.dumps(v)}" for k, v in order.items() if k in ("unit", "do", "target", "answer"))
    return BadInput(f"{path}: orders[{i}] ({what}): {msg}")


def run_orders(path: str, seed: int | None) -> Any:
    """Load the scenario and carry out its orders. Returns the engine."""
    from game.core.engine import Engine
    from game.core.scenario import load_scenario

    sc = load_scenario(path)
    if seed is None:
        seed = sc.seed if sc.seed is not None else secrets.randbelow(2**31)
    commands = []
    for i, raw in enumerate(sc.orders):
        try:
            commands.append(command_from_dict(raw))
        except ValueError as exc:
            raise _order_error(path, i, raw, str(exc)) from None
    try:
        engine = Engine(sc, seed=seed)
        for i, cmd in enumerate(commands):
            if engine.state.game_over:
                raise _order_error(path, i, sc.orders[i], "the game is already over")
            out = engine.run_order(cmd)
            if not out.ok:
                raise _order_error(path, i, sc.orders[i], str(out.refusal))
        engine.finish()
    except DiceExhausted as exc:
        raise BadInput(f"{path}: dice: {exc}") from None
    return engine


def result_json(engine: Any) -> dict[str, Any]:
    from game.core.events import event_to_dict

    s = engine.state
    return {
        "scenario": s.scenario,
        "ruleset": s.ruleset,
        "seed": engine.seed,
        "events": [event_to_dict(e, i + 1) for i, e in enumerate(engine.log)],
        "units": {u: engine.ruleset.unit_result(s, u) for u in s.units},
        "winner": s.winner,
        "game_over": s.game_over,
        "turn": s.turn,
    }


def play_headless(path: str, seed: int | None, save: str | None, as_json: bool) -> int:
    from game.core.replay import is_save, write_save

    if is_save(path):
        raise BadInput(f"{path}: is a save, not a scenario: play on from it in the window with "
                       f"'python run.py play {path}', or print its log with "
                       f"'python run.py replay {path} --log'")

    if save is not None:
        sp = Path(save)
        if sp.is_dir():
            raise BadInput(f"--save {save}: is a folder; give a file path like saves/game.jsonl")
        if sp.exists() and not is_save(sp):
            raise BadInput(f"--save {save}: the file exists and is not a Contact Zone save; "
                           "not overwriting it")
    engine = run_orders(path, seed)
    if save is not None:
        write_save(engine, save)
    if as_json:
        sys.stdout.write(json.dumps(result_json(engine), indent=1) + "\n")
    else:
        for line in log_lines(engine.ruleset, engine.state, engine.log):
            print(line)
        print(_summary(engine))
    return 0


def log_lines(ruleset: Any, state: Any, events: list[Any]) -> list[str]:
    out = []
    for i, e in enumerate(events, 1):
        line = ruleset.describe(state, e)
        if line:
            out.append(f"{i:5d}  {line}")
    return out


def _summary(engine: Any) -> str:
    s = engine.state
    rows = [f"seed {engine.seed}, game turn {s.turn}"]
    for u in s.units:
        r = engine.ruleset.unit_result(s, u)
        rows.append(f"  {u:12s} side {r['side']}  {r['status']:9s} damage {r['wounds_taken']}"
                    + (f"  [{', '.join(r['conditions'])}]" if r["conditions"] else ""))
    if s.game_over:
        rows.append("result: " + ("a draw" if s.winner == "draw" else f"side {s.winner} wins"))
    return "\n".join(rows)


# --- replays ---------------------------------------------------------------------------------


def replay_check(path: str) -> int:
    from game.core.replay import check

    try:
        res = check(path)
    except ReplayError as exc:
        msg = str(exc)
        if "differs" in msg or "refused when re-run" in msg or "does not give" in msg:
            print(f"MISMATCH: {msg}", file=sys.stderr)
            return 1
        raise
    except DiceExhausted as exc:
        print(f"MISMATCH: {path}: re-running needs more scripted dice: {exc}", file=sys.stderr)
        return 1
    print(res.message)
    return 0


def replay_log(path: str) -> int:
    from game.core.replay import fold_save, read_save
    from game.core.ruleset import get_ruleset

    save = read_save(path)
    state = fold_save(save)
    for line in log_lines(get_ruleset(save.scenario.ruleset), state, save.events()):
        print(line)
    if save.truncated:
        print(f"note: {save.truncated}", file=sys.stderr)
    return 0


def list_rules(ruleset: str | None) -> int:
    """Every special rule (and condition) of one ruleset, or of every ruleset available,
    each once with its one-line summary."""
    from game.core.ruleset import get_ruleset, known_rulesets

    if ruleset is not None:
        try:
            chosen = [get_ruleset(ruleset)]
        except (KeyError, NotImplementedError):
            known = ", ".join(_available_rulesets())
            raise BadInput(f'unknown or unavailable ruleset "{ruleset}" (available: {known})') from None
    else:
        chosen = [get_ruleset(r) for r in _available_rulesets()]
    for i, rs in enumerate(chosen):
        if len(chosen) > 1:
            print(("\n" if i else "") + f"{rs.id}")
            print("=" * len(rs.id))
        rules = rs.rules()
        conds = {c.label: c for c in rs.conditions().values()}
        if not rules and not conds:
            print("  (no special rules)")
            continue
        names = [f"{r.name} (X)" if r.takes_param else r.name for r in rules.values()]
        width = max(len(n) for n in [*names, *conds])
        for name, info in zip(names, rules.values()):
            print(f"  {name:{width}s}  {info.summary}")
        if conds:
            print("\n  Conditions")
            for label, c in conds.items():
                print(f"  {label:{width}s}  {_first_sentence(c.description)}")
    if len(chosen) > 1:
        planned = [r for r in known_rulesets() if r not in {rs.id for rs in chosen}]
        if planned:
            print(f"\n(planned, not yet available: {', '.join(planned)})")
    return 0


def _available_rulesets() -> list[str]:
    from game.core.ruleset import get_ruleset, known_rulesets

    out = []
    for r in known_rulesets():
        try:
            get_ruleset(r)
        except NotImplementedError:
            continue
        out.append(r)
    return out


def _first_sentence(text: str) -> str:
    head = text.split(". ", 1)[0].rstrip(".")
    return head + "." if head else ""


# --- the window ------------------------------------------------------------------------------


def _window(path: str, seed: int | None) -> int:
    try:
        from game.ui.app import run_app
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("game.ui"):
            raise BadInput("the window is not available in this build yet; use --headless") from None
        raise
    return run_app(scenario=path, seed=seed)


def _replay_window(path: str) -> int:
    try:
        from game.ui.app import run_app
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("game.ui"):
            return replay_log(path)
        raise
    return run_app(replay=path)

"""The command line: ``python run.py`` opens the window; subcommands work headless.

Exit status: 0 success, 1 a replay that does not check out, 2 bad input (with one clear line on
stderr and no traceback).
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from game.core.errors import DiceExhausted, ReplayError, ReplayMismatch, SaveFailed, ScenarioError
from game.core.scenario import INT_MAX
from game.headless import (
    BadInput,
    ai_players,
    carry_out,
    one_line,
    result_json,
    save_position,
    say,
    start_orders,
)

if TYPE_CHECKING:
    from game.ai.player import Choice
    from game.core.commands import Command
    from game.core.engine import Engine
    from game.core.replay import SaveWriter

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "default.toml"


class _Parser(argparse.ArgumentParser):
    """Command-line mistakes get one line on stderr and exit status 2, like any bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {self.prog}: {message} (see --help)\n")


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not 0 <= value <= INT_MAX:
        shown = text if len(text) <= 30 else text[:27] + "..."
        raise argparse.ArgumentTypeError(f"must be a whole number from 0 to {INT_MAX}, got {shown}")
    return value


def _ai_side(text: str) -> tuple[tuple[int, ...], str]:
    from game.ai.player import LEVELS

    side, sep, level = text.partition("=")
    side, level = side.strip().lower(), level.strip().lower()
    sides = {"1": (1,), "2": (2,), "both": (1, 2)}.get(side)
    if not sep or sides is None:
        raise argparse.ArgumentTypeError(
            f"must be SIDE=LEVEL with SIDE 1, 2 or both, e.g. 2=normal; got {text[:30]}")
    if level not in LEVELS:
        raise argparse.ArgumentTypeError(
            f'unknown level "{level[:20]}" (known: {", ".join(LEVELS)})')
    return sides, level


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1 or value > 10**9:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1, got {text[:30]}")
    return value


def _event(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0 or value > INT_MAX:
        raise argparse.ArgumentTypeError(f"must be the number of an event (0 for the start), "
                                         f"got {text[:30]}")
    return value


AT_HELP = ("with a save: start from the position after event N (numbered as 'replay --log' "
           "numbers them; 0 is the start; default: the save's end)")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="run.py",
        description="Contact Zone: tabletop miniature battles that know the rules.",
    )
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser)
    play = sub.add_parser("play", help="play a scenario, or play on from a save (in the window, "
                                       "or a scenario --headless)")
    play.add_argument("file", help="scenario file (.toml or .json), or a save (.jsonl) to play on")
    play.add_argument("--headless", action="store_true", help="no window: carry out the orders")
    play.add_argument("--json", action="store_true", help="print the result as one JSON document")
    play.add_argument("--seed", type=_seed, help="dice seed, a whole number from 0 (default: the "
                      "scenario's, or fresh)")
    play.add_argument("--save", metavar="PATH", help="write the replay (JSON Lines) here")
    play.add_argument("--ai", metavar="SIDE=LEVEL", action="append", type=_ai_side, default=[],
                      help="with --headless: once the orders run out, the AI plays SIDE (1, 2 "
                      "or both) at LEVEL (random, easy, normal, hard) to the end of the game; "
                      "may be given once per side")
    play.add_argument("--at", metavar="N", type=_event, help="with --headless and a save: "
                      "play on from the position after event N instead of the save's end")
    rp = sub.add_parser("replay", help="open a saved game in the replay viewer, or --check it")
    rp.add_argument("file", help="a save (.jsonl)")
    rp.add_argument("--check", action="store_true",
                    help="re-run the recorded commands and verify every event; changes nothing")
    rp.add_argument("--log", action="store_true",
                    help="print the dice and rules log, each line numbered by its event in the "
                         "save (the N that --at takes; events with nothing to tell a player, "
                         "such as bookkeeping, are not printed, so numbers may skip)")
    ed = sub.add_parser("edit", help="set up a battle in the scenario editor: a scenario file to "
                                     "change, or a new battle")
    ed.add_argument("file", nargs="?", default=None, help="scenario file (.toml or .json)")
    od = sub.add_parser(
        "odds", help="the odds of an action from the position the scenario's orders reach",
        description="Carry out the scenario's orders, then give the odds of one more order: "
        "the chance the target and the actor are destroyed and the damage each takes. Any "
        "other order key is given as --KEY VALUE (e.g. --dive true).")
    od.add_argument("file", help="scenario file (.toml or .json), or a save (.jsonl)")
    od.add_argument("--at", metavar="N", type=_event, help=AT_HELP)
    od.add_argument("--unit", required=True, help="the model (or unit) that acts")
    od.add_argument("--do", required=True, help="the action: fight, charge... (a charge is "
                    "followed by the fight against its target)")
    od.add_argument("--target", required=True, help="the enemy model (or unit) it acts on")
    od.add_argument("--samples", type=_count, default=10000,
                    help="how many times to play the action out (default 10000)")
    od.add_argument("--seed", type=_seed, help="dice seed of the game and the samples")
    od.add_argument("--json", action="store_true", help="print the odds as one JSON document")
    od.add_argument("--sampled", action="store_true",
                    help="sample even where the odds can be worked out exactly")
    od.add_argument("--jobs", type=_count,
                    help="processes to sample on (default: two for 4,000 samples or more on a "
                    "machine with two cores or more, else one; the results are the same)")
    sim = sub.add_parser(
        "simulate", help="play a scenario many times AI against AI and sum up the results",
        description="Full AI-against-AI games from the scenario's set-up (its orders and "
        "fixed dice are not used), game i with seed SEED + i.")
    sim.add_argument("file", help="scenario file (.toml or .json), or a save (.jsonl) to play "
                     "on from")
    sim.add_argument("--at", metavar="N", type=_event, help=AT_HELP)
    sim.add_argument("--games", type=_count, default=100, help="how many games (default 100)")
    sim.add_argument("--ai", metavar="SIDE=LEVEL", action="append", type=_ai_side, default=[],
                     help="the AI level of SIDE (1, 2 or both); a side not given plays normal")
    sim.add_argument("--seed", type=_seed, help="the first game's seed (default: the "
                     "scenario's, or fresh)")
    sim.add_argument("--jobs", type=_count, help="processes (default and at most: one per "
                     "core available)")
    sim.add_argument("--backend", choices=("local", "ray"), default="local",
                     help="local processes (default) or a Ray cluster")
    sim.add_argument("--address", help="with --backend ray: the cluster's address "
                     "(default: start Ray on this machine)")
    sim.add_argument("--keep-saves", metavar="DIR", help="keep every game's replay in DIR")
    sim.add_argument("--out", metavar="CSV", help="write one row per game to this file, "
                     "each as soon as the games before it have finished")
    sim.add_argument("--resume", action="store_true", help="with --out: go on with a run "
                     "that stopped, from the games its file already has (same scenario, "
                     "seeds and levels)")
    sim.add_argument("--plot", metavar="PNG", help="draw the outcome charts (needs the "
                     'plot extra: pip install -e ".[plot]")')
    rep = sub.add_parser(
        "report", help="write a battle report of a save: one HTML page with the armies, the "
        "result, the casualties, the luck of the dice and the table turn by turn",
        description="A battle report of a save as one self-contained HTML page (it needs no "
        "network): the battle's name, armies and result, the casualties of each unit, the "
        "luck of each side's dice against what the same rolls give on average, and game "
        "turn by game turn a picture of the table and every combat in the log's words.")
    rep.add_argument("file", help="a save (.jsonl)")
    rep.add_argument("--out", metavar="HTML", help="where to write the page (default: the "
                     "save's name with .html); a file there must be an earlier report")
    lr = sub.add_parser("rules", help="list the special rules of a ruleset (or of every one)")
    lr.add_argument("ruleset", nargs="?", default=None)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.cmd != "odds":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.cmd is None:
            return _window(None, None)  # the start screen, over the default battle
        if args.cmd == "play":
            if args.headless:
                return play_headless(args.file, args.seed, args.save, args.json,
                                     ai_players(args.ai), args.at)
            if args.at is not None:
                raise BadInput("--at: only with --headless (the window's replay viewer goes to "
                               "any event of a save)")
            return _window(args.file, args.seed, ai_players(args.ai))
        if args.cmd == "replay":
            if args.check:
                return replay_check(args.file)
            if args.log:
                return replay_log(args.file)
            return _replay_window(args.file)
        if args.cmd == "rules":
            return list_rules(args.ruleset)
        if args.cmd == "report":
            from game.report.cli import report_command

            return report_command(args)
        if args.cmd == "edit":
            return _editor_window(args.file)
        if args.cmd == "odds":
            from game.odds.cli import odds_command

            return odds_command(args, extra)
        if args.cmd == "simulate":
            from game.ai.cli import simulate_command

            return simulate_command(args)
    except (ScenarioError, ReplayError, BadInput) as exc:
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    return 0


# --- headless play ---------------------------------------------------------------------------


def play_headless(path: str, seed: int | None, save: str | None, as_json: bool,
                  ai: dict[int, str] | None = None, at: int | None = None) -> int:
    """``play --headless``. With ``--save`` the replay is written as the game goes (each
    command appended and flushed, as the window's autosave does), so a run that is killed
    leaves the save of the game so far. A refused run (bad scenario, refused order, dice run
    out) leaves no file behind and changes none: the save is created only once the scenario
    has been accepted and the game started, and is taken back if an order is then refused
    (a save that was at that path before is put back as it was).

    ``ai``: once the orders have run out, the AI plays these sides (side -> level) to the end
    of the game; a side it does not play does nothing. Each AI choice gets a line in the log
    (and an entry under ``"ai"`` with ``--json``).

    ``path`` may be a save: the game goes on from its end, or from the position after event
    ``at`` (:func:`save_position`), with the save's own dice; the log printed starts there.
    Without ``ai`` what is in progress there is closed, as at the end of a scenario's orders."""
    from game.core.replay import is_save

    from_save = is_save(path)
    if not from_save and at is not None:
        raise BadInput(f"--at: {path} is a scenario; --at picks a position of a save")
    if from_save and seed is not None:
        raise BadInput(f"--seed: a game played on from a save goes on with the save's own dice "
                       f"(seed {_save_seed(path)}); leave --seed out")
    target = _SaveTarget(save) if save is not None else None
    first = 0
    if from_save:
        if save is not None and _same_file(path, save):
            raise BadInput(f"--save {save}: is the save played on from; give another file name "
                           "for the new game")
        begin = save_position(path, at, "play on")
        commands: list[Command] = []
        engine, first = begin.engine, begin.spot.events
    else:
        engine, commands = start_orders(path, seed)
    notes: list[dict[str, Any]] = []
    if target is not None:
        target.start(engine)
    try:
        if not (from_save and ai):
            # (with the AI to play on, what is in progress is left to it: closing it would
            # end the first player turn of a game of player turns before a side could act)
            carry_out(path, engine, commands, finish=not ai)
        if ai:
            notes = _play_ai(path, engine, ai)
    except BadInput:
        if target is not None:
            target.take_back()
        raise
    if target is not None:
        target.close()
    if as_json:
        doc = result_json(engine)
        if ai:
            doc["ai"] = notes
        sys.stdout.write(json.dumps(doc, indent=1) + "\n")
    else:
        by_event: dict[int, list[str]] = {}
        for n in notes:
            by_event.setdefault(n["at"], []).append(
                f"       AI, side {n['side']} ({n['level']}): {n['reason']}")
        for i, e in enumerate(engine.log, 1):
            if i <= first:
                continue
            for line in by_event.pop(i, []):
                say(line)
            said = engine.ruleset.presenter.describe(engine.state, e)
            if said:
                say(f"{i:5d}  {said}")
        for rest in by_event.values():
            for line in rest:
                say(line)
        say(_summary(engine))
    return 0


def _save_seed(path: str) -> str:
    from game.core.replay import read_save

    try:
        return str(read_save(path).seed)
    except ReplayError:
        return "in its header"


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _play_ai(path: str, engine: Engine, players: dict[int, str]) -> list[dict[str, Any]]:
    """Play the AI's sides to the end of the game; the notes of its choices."""
    from game.ai.game import Stuck, play_out
    from game.core.commands import command_to_dict

    notes: list[dict[str, Any]] = []

    def note(choice: Choice) -> None:
        notes.append({"at": len(engine.log) + 1, "side": choice.side, "level": choice.level,
                      "command": command_to_dict(choice.command), "reason": choice.reason})

    try:
        play_out(engine, players, note)
    except DiceExhausted as exc:
        raise BadInput(f"{path}: dice: the scenario's fixed dice ran out while the AI "
                       f"played ({exc}); give --ai only for scenarios without fixed dice, or "
                       "more dice") from None
    except Stuck as exc:
        raise BadInput(f"{path}: the AI could not go on: {exc}") from None
    return notes


class _SaveTarget:
    """The file ``play --headless --save PATH`` writes, checked before the scenario is read:
    a folder, a device or pipe, or a file that is not a save is refused and left alone. A
    symbolic link at PATH is never written through, since the run may have to take its save
    back: the link itself is replaced by the save (when it points to a save or to nothing),
    and put back as it was if the run is refused."""

    def __init__(self, save: str) -> None:
        from game.core.files import MAX_SAVE_BYTES, FileProblem, read_limited
        from game.core.replay import is_save

        self.name = save
        self.path = Path(save)
        self.old: bytes | None = None  # a save already at the path, to put back on refusal
        self.old_mode = 0
        self.made: list[Path] = []  # folders created for the save
        self.writer: SaveWriter | None = None
        self.link: str | None = None  # a symbolic link at the path: where it pointed
        try:
            if stat.S_ISLNK(os.lstat(self.path).st_mode):
                self.link = os.readlink(self.path)
        except OSError:
            pass  # nothing there (or no way to look): os.stat says which below
        try:
            st = None if self.link is not None and not os.path.exists(self.path) else \
                os.stat(self.path)  # (a link to nothing, or to a loop, has nothing to stat)
        except FileNotFoundError:
            st = None
        except NotADirectoryError:
            raise BadInput(f"--save {save}: part of the path is a file, not a folder") from None
        except ValueError:
            raise BadInput(f"--save {save}: not a valid file name") from None
        except OSError as exc:
            raise BadInput(f"--save {save}: cannot be used ({exc.strerror or exc})") from None
        if st is None:
            return
        if stat.S_ISDIR(st.st_mode):
            raise BadInput(f"--save {save}: is a folder; give a file path like saves/game.jsonl")
        if not stat.S_ISREG(st.st_mode):
            raise BadInput(f"--save {save}: is not a regular file (a device, pipe or socket); "
                           "not writing to it")
        if not is_save(self.path):
            raise BadInput(f"--save {save}: the file exists and is not a Contact Zone save; "
                           "not overwriting it")
        if self.link is not None:
            return  # the save it points to is left alone: the link is replaced, or put back
        try:
            self.old = read_limited(self.path, MAX_SAVE_BYTES, "a save")
        except FileProblem as exc:
            raise BadInput(f"--save {save}: the save there {exc}; not replacing it") from None
        self.old_mode = stat.S_IMODE(st.st_mode)

    def start(self, engine: Engine) -> None:
        """The game has started: create the save (and its folders) and append as it goes."""
        import orjson

        from game.core.replay import SaveWriter, header

        try:
            orjson.dumps(header(engine))
        except TypeError as exc:  # the scenario checks make this unreachable; never half a file
            raise BadInput(f"{engine.scenario.path}: cannot be saved ({exc})") from None
        missing = []
        folder = self.path.absolute().parent
        while not folder.exists():
            missing.append(folder)
            folder = folder.parent
        try:
            for f in reversed(missing):
                f.mkdir()
                self.made.append(f)
            self.writer = SaveWriter(engine, self.path, follow_link=False)
        except OSError as exc:
            self._remove_folders()
            raise BadInput(f"--save {self.name}: cannot be written ({exc.strerror or exc})") from None
        except SaveFailed as exc:  # no room for even the opening
            self._remove_folders()
            raise BadInput(f"--save {exc}") from None

    def take_back(self) -> None:
        """The run was refused: no file left behind, none changed."""
        if self.writer is None:
            return
        self.writer.close()
        if self.link is not None:
            from game.core.replay import put_link

            put_link(self.path, self.link)
            return
        if self.old is None:
            self.path.unlink(missing_ok=True)
            self._remove_folders()
            return
        from game.core.replay import put_file

        put_file(self.path, self.old, self.old_mode)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()

    def _remove_folders(self) -> None:
        for f in reversed(self.made):
            try:
                f.rmdir()
            except OSError:
                break


def _summary(engine: Engine) -> str:
    """Where every unit stands, by name, in words ("Pikeman 1  side 1  out of action")."""
    from game.core.log import name_of, words

    s = engine.state
    known = engine.ruleset.conditions()
    rows = [f"seed {engine.seed}, game turn {s.turn}"]
    names = {u: name_of(s, u) for u in s.units}
    width = max((len(n) for n in names.values()), default=0)
    for u in s.units:
        r = engine.ruleset.unit_result(s, u)
        marks = [known[c].label if c in known else words(c).capitalize() for c in r["conditions"]]
        rows.append(f"  {names[u]:{width}s}  side {r['side']}  {words(r['status']):13s} damage "
                    f"{r['wounds_taken']}" + (f"  ({', '.join(marks)})" if marks else ""))
    if s.game_over:
        rows.append("result: " + ("a draw" if s.winner == "draw" else
                                  f"side {s.winner} wins" if s.winner in (1, 2) else "no winner"))
    return "\n".join(rows)


# --- replays ---------------------------------------------------------------------------------


def replay_check(path: str) -> int:
    from game.core.replay import check

    try:
        res = check(path)
    except ReplayMismatch as exc:
        say(f"MISMATCH: {exc}", file=sys.stderr)
        return 1
    except DiceExhausted as exc:
        say(f"MISMATCH: {path}: re-running needs more scripted dice: {exc}", file=sys.stderr)
        return 1
    say(res.message)
    return 0


#: at most this many "does not add up" warnings are printed for one save
MAX_WARNINGS = 5


def replay_log(path: str) -> int:
    """Print a save's log. The events are checked as loading the save would check them (exit
    2 naming the first bad one); rolls whose arithmetic does not add up, as in an edited
    save, get a warning line each on stderr."""
    from game.core.replay import arithmetic_warnings, fold_save, read_save
    from game.headless import describe_save

    save = read_save(path)
    save.validate()
    state = fold_save(save)
    for i, line in describe_save(save, state):
        say(f"{i:5d}  {line}")
    if save.truncated:
        say(f"note: {save.truncated}", file=sys.stderr)
    warnings = arithmetic_warnings(save)
    for w in warnings[:MAX_WARNINGS]:
        say(f"warning: {w} (the save looks edited)", file=sys.stderr)
    if len(warnings) > MAX_WARNINGS:
        print(f"warning: {path}: {len(warnings) - MAX_WARNINGS} more rolls do not add up",
              file=sys.stderr)
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


def _window(path: str | None, seed: int | None, players: dict[int, str] | None = None) -> int:
    try:
        from game.ui.app import run_app
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("game.ui"):
            raise BadInput("the window is not available in this build yet; use --headless") from None
        raise
    return run_app(scenario=path, seed=seed, players=players)


def _editor_window(path: str | None) -> int:
    if path is not None and Path(path).exists():
        from game.ui.editor.document import EditDoc

        EditDoc.open(path)  # a file that cannot be edited: one line, status 2, no window
    elif path is not None and Path(path).suffix.lower() != ".toml":
        raise BadInput(f"{path}: there is no such file; a new battle is saved as a .toml file")
    from game.ui.app import run_app

    return run_app(edit=path if path is not None else True)


def _replay_window(path: str) -> int:
    try:
        from game.ui.app import run_app
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("game.ui"):
            return replay_log(path)
        raise
    return run_app(replay=path)

"""The game behind the window: one engine, its autosave, undo and redo, previews.

The window never changes the state itself. It sends commands through :meth:`GameSession.execute`
(the same ``Engine.execute`` headless play uses) and asks :meth:`GameSession.preview` what a
command would do by running it on a throw-away copy of the engine.

Every game has its own autosave, ``saves/autosave/<scenario>-<date>-<time>.jsonl``, written
from its first command on and appended as the game goes (:class:`Autosave`); only the newest
:data:`AUTOSAVES_KEPT` are kept. Continuing an autosave writes on into the same file.
"""

from __future__ import annotations

import copy
import os
import re
import time
from pathlib import Path
from typing import IO, Any

import orjson

from game.core import events as ev
from game.core.commands import Command
from game.core.dice import DiceSource, SeededDice
from game.core.engine import Engine, Outcome, Record
from game.core.errors import DiceExhausted, Refusal, ReplayError
from game.core.replay import is_save, load_game, record_line, write_save
from game.core.scenario import Scenario, load_scenario
from game.core.state import GameState

AUTOSAVE_DIR = "autosave"
AUTOSAVES_KEPT = 20
#: other throws of the dice a refused preview is tried with, to tell whether it hinges on them
BLIND_TRIES = 3


def stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


def slug(text: str) -> str:
    """A file-name-friendly form of a scenario name: "Duel at the ford" -> "duel-at-the-ford"."""
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s[:40] or "game"


class Autosave:
    """One game's autosave file: written whole (atomically) when it starts or when the log
    is cut (undo), then one line appended per command."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh: IO[bytes] | None = None
        self._count = 0

    def start(self, engine: Engine) -> None:
        self.close()
        write_save(engine, self.path)
        self._fh = open(self.path, "ab")  # noqa: SIM115 - kept open while the game goes on
        self._count = len(engine.records)

    def append(self, rec: Record, events: list[ev.Event]) -> None:
        if self._fh is None:
            return
        self._fh.write(record_line(self._count, rec, events, rec.first + 1))
        self._fh.flush()
        self._count += 1

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def autosave_folder(saves_dir: str | Path) -> Path:
    return Path(saves_dir) / AUTOSAVE_DIR


def new_autosave_path(saves_dir: str | Path, scenario_name: str) -> Path:
    folder = autosave_folder(saves_dir)
    base = f"{slug(scenario_name)}-{stamp()}"
    path = folder / f"{base}.jsonl"
    k = 2
    while path.exists():
        path = folder / f"{base}-{k}.jsonl"
        k += 1
    return path


def autosaves(saves_dir: str | Path) -> list[Path]:
    """The autosaves in ``saves_dir``, newest first."""
    folder = autosave_folder(saves_dir)
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.jsonl") if not p.name.startswith(".")]
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def prune_autosaves(saves_dir: str | Path, keep: int = AUTOSAVES_KEPT,
                    spare: Path | None = None) -> list[Path]:
    """Delete the oldest autosaves beyond ``keep`` (never ``spare``). Returns those deleted."""
    gone = []
    for p in autosaves(saves_dir)[keep:]:
        if spare is not None and p.resolve() == spare.resolve():
            continue
        try:
            p.unlink()
            gone.append(p)
        except OSError:
            pass
    return gone


def save_summary(path: Path) -> dict[str, Any] | None:
    """Name, ruleset, number of commands and time of a save, read cheaply (None if it is
    not a save)."""
    try:
        with open(path, "rb") as fh:
            head = orjson.loads(fh.readline())
            moves = sum(1 for line in fh if line.strip()) - 1
    except (OSError, orjson.JSONDecodeError):
        return None
    if not isinstance(head, dict) or head.get("format") != "contact-zone-replay":
        return None
    sc = head.get("scenario") or {}
    return {"name": sc.get("name", path.stem), "ruleset": head.get("ruleset", ""),
            "moves": max(0, moves), "time": path.stat().st_mtime, "path": path}


class GameSession:
    """A game in progress: the engine, its autosave, undo and redo, and how many commands
    were given since it was last saved under a name (``unsaved``)."""

    def __init__(self, scenario: Scenario, seed: int, saves_dir: str | Path,
                 commands: list[Command] | None = None, autosave: bool = True,
                 source: str | None = None, autosave_path: Path | None = None) -> None:
        self.scenario = scenario
        self.seed = seed
        self.saves_dir = Path(saves_dir)
        self.autosave_on = autosave
        self.source = source or scenario.path
        self.saved_path: Path | None = None
        self.autosave_problem: str | None = None
        self.unsaved = 0
        self.redo_stack: list[Command] = []
        self._preview_cache: dict[tuple[int, Command], Outcome | None] = {}
        self._blind: set[tuple[int, Command]] = set()
        self.autosave: Autosave | None = None
        self._autosave_path = autosave_path
        self.engine = self._build(commands or [])
        self._attach()

    # -- building ----------------------------------------------------------------------------
    @classmethod
    def from_scenario_file(cls, path: str | Path, seed: int | None, saves_dir: str | Path,
                           autosave: bool = True) -> GameSession:
        sc = load_scenario(path)
        if seed is None:
            seed = sc.seed if sc.seed is not None else int(time.time()) % (2**31)
        return cls(sc, seed, saves_dir, autosave=autosave)

    @classmethod
    def from_save(cls, path: str | Path, saves_dir: str | Path, autosave: bool = True) -> GameSession:
        """Play on from a save. An autosave goes on in the same file; any other save is left
        as it is and the game gets an autosave of its own."""
        engine, save = load_game(path)
        out = cls.__new__(cls)
        out.scenario, out.seed = save.scenario, save.seed
        out.saves_dir = Path(saves_dir)
        out.autosave_on = autosave
        out.source = str(path)
        p = Path(path).resolve()
        in_autosaves = p.parent == autosave_folder(saves_dir).resolve()
        out.saved_path = None if in_autosaves else p
        out.autosave_problem = None
        out.unsaved = 0
        out.redo_stack = []
        out._preview_cache = {}
        out._blind = set()
        out.autosave = None
        out._autosave_path = p if in_autosaves else None
        out.engine = engine
        out._attach()
        return out

    def _build(self, commands: list[Command]) -> Engine:
        engine = Engine(self.scenario, seed=self.seed)
        for i, cmd in enumerate(commands):
            out = engine.execute(cmd)
            if not out.ok:
                raise ReplayError(f"command {i + 1} ({cmd.describe()}) is refused: {out.refusal}")
        return engine

    def _attach(self) -> None:
        """Listen to the engine: the autosave starts with the first command (a game opened and
        left at once leaves no file) and is rewritten whole when the log is cut."""
        self.engine.listeners.append(self._on_record)
        if self.autosave is not None:
            self.autosave.start(self.engine)
        elif self.autosave_on and len(self.engine.records) > 1:
            self._open_autosave()

    def _open_autosave(self) -> None:
        path = self._autosave_path or new_autosave_path(self.saves_dir, self.scenario.name)
        self._autosave_path = path
        self.autosave = Autosave(path)
        self.autosave.start(self.engine)
        prune_autosaves(self.saves_dir, spare=path)

    def _on_record(self, rec: Record, events: list[ev.Event]) -> None:
        if not self.autosave_on:
            return
        try:
            if self.autosave is None:
                self._open_autosave()  # writes the whole log, this record included
            else:
                self.autosave.append(rec, events)
        except OSError as exc:  # a full disk, a folder without rights: say so, play on
            self.autosave_on = False
            self.autosave_problem = (f"The autosave stopped ({exc.strerror or exc}): save the "
                                     "game under a name with Ctrl+S.")

    @property
    def autosave_path(self) -> Path | None:
        return self.autosave.path if self.autosave is not None else None

    def close(self) -> None:
        if self.autosave is not None:
            self.autosave.close()

    # -- playing -----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.engine.state

    def execute(self, cmd: Command, keep_redo: bool = False) -> Outcome:
        try:
            out = self.engine.execute(cmd)
        except DiceExhausted as exc:
            return Outcome(refusal=Refusal("dice_exhausted", f"the scenario's fixed dice ran out: {exc}"))
        self._preview_cache.clear()
        self._blind.clear()
        if out.ok:
            self.unsaved += 1
            if not keep_redo:
                self.redo_stack.clear()
        return out

    def preview(self, cmd: Command) -> Outcome | None:
        """What ``cmd`` would do, run on a copy of the engine (None if it cannot be told)."""
        key = (len(self.engine.log), cmd)
        if key in self._preview_cache:
            return self._preview_cache[key]
        if len(self._preview_cache) > 512:
            self._preview_cache.clear()
            self._blind.clear()
        out: Outcome | None
        try:
            copy_ = engine_copy(self.engine)
            watched = _Watched(copy_.dice)
            copy_.dice = watched
            out = copy_.execute(cmd)
        except Exception:  # noqa: BLE001 - a preview never breaks the window
            out = None
        else:
            if not out.ok and watched.rolled and self._hinges_on_dice(cmd, out):
                self._blind.add(key)
        self._preview_cache[key] = out
        return out

    def _hinges_on_dice(self, cmd: Command, out: Outcome) -> bool:
        """Whether other dice than the game's next ones would have given ``cmd`` another
        verdict than ``out`` (tried with :data:`BLIND_TRIES` other throws)."""
        for k in range(BLIND_TRIES):
            other = engine_copy(self.engine)
            other.dice = SeededDice((self.seed * 7919 + len(self.engine.log) * 31 + k) % 2**63)
            try:
                again = other.execute(cmd)
            except Exception:  # noqa: BLE001 - (scripted dice run out...): cannot be told
                return True
            if again.refusal is None or out.refusal is None or again.refusal.code != out.refusal.code:
                return True
        return False

    def blind(self, cmd: Command) -> bool:
        """Whether the engine's refusal of ``cmd`` hinges on dice the game has not rolled yet
        (a test as a phase begins, which other dice would pass): the window must not tell
        it, or it would tell the future. (Asks :meth:`preview` first.)"""
        self.preview(cmd)
        return (len(self.engine.log), cmd) in self._blind

    def commands(self) -> list[Command]:
        return [r.command for r in self.engine.records[1:] if r.command is not None]

    def can_undo(self) -> bool:
        return len(self.engine.records) > 1

    def rolled(self, index: int) -> bool:
        """Whether the ``index``-th command rolled dice."""
        recs = [r for r in self.engine.records[1:] if r.command is not None]
        rec = recs[index]
        return any(isinstance(e, ev.DiceRolled) for e in self.engine.log[rec.first:rec.last])

    def undo(self, n: int = 1) -> Command | None:
        """Cut the last ``n`` commands from the log: re-create the engine from the scenario
        and seed and run every recorded command but those (they can be redone, the earliest
        first). Returns the earliest command cut."""
        cmds = self.commands()
        n = min(n, len(cmds))
        if n <= 0:
            return None
        cut = cmds[len(cmds) - n:]
        self._rebuild(cmds[:len(cmds) - n])
        self.redo_stack.extend(reversed(cut))
        self.unsaved += n
        return cut[0]

    def redo(self) -> Outcome | None:
        """Give again the last command undone (the same dice come up: they follow the seed)."""
        if not self.redo_stack:
            return None
        cmd = self.redo_stack.pop()
        out = self.execute(cmd, keep_redo=True)
        if not out.ok:
            self.redo_stack.clear()
        return out

    def _rebuild(self, cmds: list[Command]) -> None:
        self.engine = self._build(cmds)
        self._preview_cache.clear()
        self._blind.clear()
        self._attach()

    def save_as(self, path: str | Path) -> Path:
        p = Path(path)
        if p.suffix != ".jsonl":
            p = p.with_suffix(".jsonl")
        if p.is_dir():
            raise ValueError(f"{p} is a folder")
        if p.exists() and not is_save(p):
            raise ValueError(f"{p.name} exists and is not a Contact Zone save; not overwriting it")
        write_save(self.engine, p)
        self.saved_path = p
        self.unsaved = 0
        return p


def engine_copy(engine: Engine) -> Engine:
    """A throw-away copy to try a command on: own state, log and dice; no listeners. A
    suspended decision is shared but never driven (orders are refused while it waits)."""
    e = copy.copy(engine)
    e.state = engine.state.copy()
    # A preview needs what the command does, not the game's history: copying the log and the
    # dice's record of every roll would make each preview slower as the game goes on.
    e.log = []
    e.records = []
    e.listeners = []
    fork = getattr(engine.dice, "fork", None)
    e.dice = fork() if fork is not None else copy.deepcopy(engine.dice)
    return e


class _Watched:
    """Dice that count the rolls thrown through them (a rollback does not take them back)."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.rolled = 0

    def roll(self, sides: int, purpose: str) -> int:
        self.rolled += 1
        return int(self.inner.roll(sides, purpose))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def file_time(path: Path) -> str:
    """When a file was last written, for a player: "today 14:05", "3 Dec 09:12"."""
    t = os.path.getmtime(path)
    if time.strftime("%Y%m%d", time.localtime(t)) == time.strftime("%Y%m%d"):
        return "today " + time.strftime("%H:%M", time.localtime(t))
    return time.strftime("%d %b %H:%M", time.localtime(t)).lstrip("0")

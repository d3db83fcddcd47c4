"""The game behind the window: one engine, its autosave, undo, previews; and the replay model.

The window never changes the state itself. It sends commands through :meth:`GameSession.execute`
(the same ``Engine.execute`` headless play uses) and asks :meth:`GameSession.preview` what a
command would do by running it on a throw-away copy of the engine.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import events as ev
from game.core.commands import Answer, Command, Order
from game.core.engine import Engine, Outcome
from game.core.errors import DiceExhausted, Refusal, ReplayError
from game.core.replay import SaveFile, SaveWriter, is_save, load_game, read_save, write_save
from game.core.ruleset import get_ruleset
from game.core.scenario import Scenario, load_scenario
from game.core.state import GameState, apply

AUTOSAVE = "autosave.jsonl"


def stamp() -> str:
    return time.strftime("%Y%m%d-%H%M%S")


class GameSession:
    """A game in progress: the engine, the autosave file, undo."""

    def __init__(self, scenario: Scenario, seed: int, saves_dir: str | Path,
                 commands: list[Command] | None = None, autosave: bool = True,
                 source: str | None = None) -> None:
        self.scenario = scenario
        self.seed = seed
        self.saves_dir = Path(saves_dir)
        self.autosave = autosave
        self.source = source or scenario.path
        self._writer: SaveWriter | None = None
        self._preview_cache: dict[tuple[int, Command], Outcome | None] = {}
        self.engine = self._build(commands or [])
        self._start_autosave()

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
        engine, save = load_game(path)
        out = cls.__new__(cls)
        out.scenario, out.seed = save.scenario, save.seed
        out.saves_dir = Path(saves_dir)
        out.autosave = autosave
        out.source = str(path)
        out._writer = None
        out._preview_cache = {}
        out.engine = engine
        out._start_autosave()
        return out

    def _build(self, commands: list[Command]) -> Engine:
        engine = Engine(self.scenario, seed=self.seed)
        for i, cmd in enumerate(commands):
            out = engine.execute(cmd)
            if not out.ok:
                raise ReplayError(f"command {i + 1} ({cmd.describe()}) is refused: {out.refusal}")
        return engine

    def _start_autosave(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        if self.autosave:
            self._writer = SaveWriter(self.engine, self.saves_dir / AUTOSAVE)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    # -- playing -----------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.engine.state

    def execute(self, cmd: Command) -> Outcome:
        try:
            out = self.engine.execute(cmd)
        except DiceExhausted as exc:
            return Outcome(refusal=Refusal("dice_exhausted", f"the scenario's fixed dice ran out: {exc}"))
        self._preview_cache.clear()
        return out

    def preview(self, cmd: Command) -> Outcome | None:
        """What ``cmd`` would do, run on a copy of the engine (None if it cannot be told)."""
        key = (len(self.engine.log), cmd)
        if key in self._preview_cache:
            return self._preview_cache[key]
        if len(self._preview_cache) > 512:
            self._preview_cache.clear()
        out: Outcome | None
        try:
            out = engine_copy(self.engine).execute(cmd)
        except Exception:  # noqa: BLE001 - a preview never breaks the window
            out = None
        self._preview_cache[key] = out
        return out

    def commands(self) -> list[Command]:
        return [r.command for r in self.engine.records[1:] if r.command is not None]

    def can_undo(self) -> bool:
        return len(self.engine.records) > 1

    def last_command_rolled(self) -> bool:
        if not self.can_undo():
            return False
        rec = self.engine.records[-1]
        return any(isinstance(e, ev.DiceRolled) for e in self.engine.log[rec.first:rec.last])

    def undo(self) -> Command | None:
        """Cut the last command from the log: re-create the engine from the scenario and seed
        and run every recorded command but the last."""
        cmds = self.commands()
        if not cmds:
            return None
        last = cmds.pop()
        self.engine = self._build(cmds)
        self._preview_cache.clear()
        self._start_autosave()
        return last

    def save_as(self, path: str | Path) -> Path:
        p = Path(path)
        if p.suffix != ".jsonl":
            p = p.with_suffix(".jsonl")
        if p.is_dir():
            raise ValueError(f"{p} is a folder")
        if p.exists() and not is_save(p):
            raise ValueError(f"{p} exists and is not a Contact Zone save; not overwriting it")
        write_save(self.engine, p)
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


def describe_command(cmd: Command) -> str:
    if isinstance(cmd, Answer):
        return f"answer {cmd.value!r}"
    assert isinstance(cmd, Order)
    what = cmd.do.replace("_", " ")
    who = f"{cmd.unit}: " if cmd.unit else ""
    target = cmd.arg("target")
    return f"{who}{what}{' ' + target if target else ''}"


# --- replays -----------------------------------------------------------------------------------


@dataclass
class LogLine:
    index: int  # the event's position in the log (0-based)
    text: str


class ReplayModel:
    """A save folded event by event, with snapshots every ``every`` events for fast seeking."""

    def __init__(self, save: SaveFile, every: int = 50) -> None:
        self.save = save
        self.every = max(1, every)
        self.ruleset = get_ruleset(save.scenario.ruleset)
        try:
            self.events = save.events()
        except ValueError as exc:
            raise ReplayError(f"{save.path}: {exc}") from None
        st = self.ruleset.initial_state(save.scenario, save.seed)
        self.snapshots: list[GameState] = [st.copy()]
        for i, e in enumerate(self.events, 1):
            apply(st, e)
            if i % self.every == 0:
                self.snapshots.append(st.copy())
        self.final = st
        self.lines: list[LogLine] = []
        for i, e in enumerate(self.events):
            text = self.ruleset.describe(st, e)
            if text:
                self.lines.append(LogLine(i, text))
        self.activations = [i for i, e in enumerate(self.events) if isinstance(e, ev.ActivationStarted)]
        self.turns = [i for i, e in enumerate(self.events) if isinstance(e, ev.TurnStarted)]
        self.record_ends: list[int] = []
        n = 0
        for r in save.records:
            n += len(r.events)
            self.record_ends.append(n)
        self.pos = 0
        self.state = self.snapshots[0].copy()

    @classmethod
    def open(cls, path: str | Path) -> ReplayModel:
        return cls(read_save(path))

    @property
    def length(self) -> int:
        return len(self.events)

    def seek(self, pos: int) -> None:
        pos = max(0, min(self.length, int(pos)))
        if pos == self.pos:
            return
        if pos > self.pos and pos - self.pos <= self.every:
            for e in self.events[self.pos:pos]:
                apply(self.state, e)
        else:
            k = pos // self.every
            st = self.snapshots[k].copy()
            for e in self.events[k * self.every:pos]:
                apply(st, e)
            self.state = st
        self.pos = pos

    def step(self, delta: int) -> None:
        self.seek(self.pos + delta)

    def _jump(self, marks: list[int], forward: bool) -> None:
        # a mark at index i means "just before event i"; landing there shows the event next
        if forward:
            nxt = [i for i in marks if i > self.pos]
            self.seek(nxt[0] if nxt else self.length)
        else:
            prev = [i for i in marks if i < self.pos]
            self.seek(prev[-1] if prev else 0)

    def next_activation(self) -> None:
        self._jump([i + 1 for i in self.activations], True)

    def prev_activation(self) -> None:
        self._jump([i + 1 for i in self.activations], False)

    def next_turn(self) -> None:
        self._jump([i + 1 for i in self.turns], True)

    def prev_turn(self) -> None:
        self._jump([i + 1 for i in self.turns], False)

    def lines_upto(self) -> list[LogLine]:
        return [ln for ln in self.lines if ln.index < self.pos]

    def last_event(self) -> ev.Event | None:
        return self.events[self.pos - 1] if self.pos > 0 else None

    def branch_point(self) -> tuple[int, int]:
        """(records to keep, the event position they end at) for "continue from here": whole
        commands only, the last one ending at or before the current position."""
        keep = 1
        for j, end in enumerate(self.record_ends):
            if end <= self.pos:
                keep = j + 1
        return keep, self.record_ends[keep - 1]

    def branch(self, saves_dir: str | Path, autosave: bool = True) -> tuple[GameSession, Path, int]:
        """A new game from the current position, saved as a new file."""
        keep, at = self.branch_point()
        cmds = [r.command for r in self.save.records[1:keep] if r.command is not None]
        session = GameSession(self.save.scenario, self.save.seed, saves_dir, commands=cmds,
                              autosave=autosave, source=self.save.path)
        path = Path(saves_dir) / f"branch-{stamp()}.jsonl"
        k = 1
        while path.exists():
            path = Path(saves_dir) / f"branch-{stamp()}-{k}.jsonl"
            k += 1
        write_save(session.engine, path)
        return session, path, at


def save_of_session(session: GameSession) -> SaveFile:
    """The session's log as a save (for watching the game in progress as a replay)."""
    from game.core.replay import SavedRecord
    from game.core.replay import header as make_header

    eng = session.engine
    records = []
    for rec in eng.records:
        evs = [ev.event_to_dict(e, rec.first + k + 1) for k, e in enumerate(eng.log[rec.first:rec.last])]
        raw = None
        if rec.command is not None:
            from game.core.commands import command_to_dict

            raw = command_to_dict(rec.command)
        records.append(SavedRecord(rec.command, raw, evs))
    return SaveFile("(this game)", make_header(eng), eng.scenario, eng.seed, records)


def parse_open_answer(text: str, default: Any) -> Any:
    """Read what the player typed for an open decision, shaped like its default: a list of
    names (comma-separated), a whole number, a number, yes/no, or text."""
    t = text.strip()
    if isinstance(default, list | tuple):
        return [p.strip().strip('"') for p in t.split(",") if p.strip()] if t else []
    if isinstance(default, bool):
        if t.lower() in ("yes", "y", "true", "1"):
            return True
        if t.lower() in ("no", "n", "false", "0"):
            return False
        raise ValueError("answer yes or no")
    if isinstance(default, int):
        try:
            return int(t)
        except ValueError:
            raise ValueError("a whole number is needed") from None
    if isinstance(default, float):
        try:
            return float(t)
        except ValueError:
            raise ValueError("a number is needed") from None
    return t


def format_open_answer(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "" if value is None else str(value)


def answer_command(value: Any) -> Answer:
    return Answer(tuple(value) if isinstance(value, list) else value)

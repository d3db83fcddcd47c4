"""Saves and replays: the event log as JSON Lines.

Line 1 is a header (format name and version, the embedded scenario, the seed). Every later line
is one command with the events it produced; the first of them (``"command": null``) holds the
events of the game's start. Lines are appended and flushed as the game goes, so a crash loses
at most the command in flight. Reading never runs code from the file (JSON only).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from game.core import events as ev
from game.core.commands import Command, command_from_dict, command_to_dict
from game.core.engine import Engine, Record
from game.core.errors import ReplayError, ScenarioError
from game.core.scenario import Scenario, check_scenario
from game.core.state import GameState, fold_dicts

FORMAT = "contact-zone-replay"
VERSION = 1


def header(engine: Engine) -> dict[str, Any]:
    sc = engine.scenario
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": sc.ruleset,
        "seed": engine.seed,
        "source": sc.path,
        "scenario": sc.without_orders(),
    }


def record_line(index: int, rec: Record, events: list[ev.Event], first_seq: int) -> bytes:
    return orjson.dumps(
        {
            "n": index,
            "command": None if rec.command is None else command_to_dict(rec.command),
            "events": [ev.event_to_dict(e, first_seq + i) for i, e in enumerate(events)],
        }
    ) + b"\n"


class SaveWriter:
    """Appends each command of an engine to a JSON Lines file as it happens."""

    def __init__(self, engine: Engine, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(self.path, "wb")  # noqa: SIM115 - kept open while the game goes on
        self._fh.write(orjson.dumps(header(engine)) + b"\n")
        for i, rec in enumerate(engine.records):
            self._fh.write(record_line(i, rec, engine.log[rec.first:rec.last], rec.first + 1))
        self._fh.flush()
        self._count = len(engine.records)
        engine.listeners.append(self._on_record)

    def _on_record(self, rec: Record, events: list[ev.Event]) -> None:
        self._fh.write(record_line(self._count, rec, events, rec.first + 1))
        self._fh.flush()
        self._count += 1

    def close(self) -> None:
        self._fh.close()


def write_save(engine: Engine, path: str | Path, upto: int | None = None) -> None:
    """Write the whole log (or its first ``upto`` records) at once, atomically."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    records = engine.records if upto is None else engine.records[:upto]
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".jsonl", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(orjson.dumps(header(engine)) + b"\n")
            for i, rec in enumerate(records):
                fh.write(record_line(i, rec, engine.log[rec.first:rec.last], rec.first + 1))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def is_save(path: str | Path) -> bool:
    try:
        with open(path, "rb") as fh:
            first = fh.readline()
        return orjson.loads(first).get("format") == FORMAT
    except (OSError, orjson.JSONDecodeError, AttributeError):
        return False


_LAZY: Any = object()


class SavedRecord:
    """One line of a save: the command (None for the opening events) and its events as
    saved. The command may be read lazily from ``raw_command`` (loading a long save for the
    replay viewer needs only the events)."""

    __slots__ = ("_command", "raw_command", "events", "where")

    def __init__(self, command: Command | None, raw_command: dict[str, Any] | None,
                 events: list[dict[str, Any]], where: str = "") -> None:
        self._command = command
        self.raw_command = raw_command
        self.events = events
        self.where = where

    @property
    def command(self) -> Command | None:
        if self._command is _LAZY:
            try:
                self._command = (None if self.raw_command is None
                                 else command_from_dict(self.raw_command))
            except ValueError as exc:
                raise ReplayError(f"{self.where}: the command is not valid ({exc})") from None
        return self._command


@dataclass(slots=True)
class SaveFile:
    path: str
    header: dict[str, Any]
    scenario: Scenario
    seed: int
    records: list[SavedRecord]
    truncated: str | None = None  # a note when the last line was cut off
    _events: list[ev.Event] | None = field(default=None, repr=False)

    def event_dicts(self) -> list[dict[str, Any]]:
        return [e for r in self.records for e in r.events]

    def events(self) -> list[ev.Event]:
        if self._events is None:
            self._events = [ev.event_from_dict(d) for d in self.event_dicts()]
        return self._events


def read_save(path: str | Path) -> SaveFile:
    """Read a save. Raises :class:`ReplayError` with a clear message for anything unusable; a
    last line cut off mid-write is dropped and reported in ``truncated``."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise ReplayError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise ReplayError(f"{name}: is a folder, not a save") from None
    except OSError as exc:
        raise ReplayError(f"{name}: cannot be read ({exc.strerror})") from None
    if not data.strip():
        raise ReplayError(f"{name}: the file is empty")
    lines = data.split(b"\n")
    ends_clean = data.endswith(b"\n")
    if ends_clean:
        lines = lines[:-1]
    try:
        head = orjson.loads(lines[0])
    except orjson.JSONDecodeError:
        raise ReplayError(f"{name}: not a Contact Zone save (line 1 is not JSON)") from None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise ReplayError(f"{name}: not a Contact Zone save (no '{FORMAT}' header on line 1)")
    version = head.get("version")
    if version != VERSION:
        raise ReplayError(
            f"{name}: save format version {version!r} is not supported (this program reads "
            f"version {VERSION})"
        )
    seed = head.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayError(f"{name}: line 1: the header has no whole-number 'seed'")
    raw = head.get("scenario")
    if not isinstance(raw, dict):
        raise ReplayError(f"{name}: line 1: the header has no embedded scenario")
    try:
        scenario = check_scenario(raw, f"{name} (embedded scenario)")
    except ScenarioError as exc:
        raise ReplayError(str(exc)) from None
    records: list[SavedRecord] = []
    truncated = None
    fast = _parse_all(lines[1:]) if ends_clean else None
    if fast is not None:
        try:
            for i, obj in enumerate(fast, start=2):
                cmd_raw = obj["command"]
                if cmd_raw is not None and not isinstance(cmd_raw, dict):
                    raise TypeError("a command must be an object")
                records.append(SavedRecord(_LAZY, cmd_raw, obj["events"], f"{name}: line {i}"))
        except (KeyError, TypeError, ValueError):
            records = []  # something is off: the line-by-line path names the line
        else:
            lines = lines[:1]
    for i, line in enumerate(lines[1:], start=2):
        last = i == len(lines)
        try:
            obj = orjson.loads(line)
            if not isinstance(obj, dict) or "events" not in obj or "command" not in obj:
                raise ValueError("a record needs 'command' and 'events'")
            cmd_raw = obj["command"]
            cmd = None if cmd_raw is None else command_from_dict(cmd_raw)
            evs = obj["events"]
            if not isinstance(evs, list) or not all(isinstance(e, dict) for e in evs):
                raise ValueError("'events' must be a list of event objects")
        except (orjson.JSONDecodeError, ValueError) as exc:
            if last and not ends_clean:
                truncated = (
                    f"{name}: line {i} is cut off (the game stopped while saving); "
                    f"the {len(records)} complete record(s) before it were loaded"
                )
                break
            raise ReplayError(f"{name}: line {i} is not a valid record ({exc})") from None
        records.append(SavedRecord(cmd, cmd_raw, evs))
    if not records or records[0].raw_command is not None:
        raise ReplayError(f"{name}: the first record must hold the game's opening events")
    for i, rec in enumerate(records[1:], start=3):
        if rec.raw_command is None:
            raise ReplayError(f"{name}: line {i} has no command (only line 2 may)")
    return SaveFile(name, head, scenario, seed, records, truncated)


def _parse_all(lines: list[bytes]) -> list[dict[str, Any]] | None:
    """All records in one parse (much faster than one per line); None if any is broken."""
    try:
        objs = orjson.loads(b"[" + b",".join(lines) + b"]")
    except orjson.JSONDecodeError:
        return None
    if not all(isinstance(o, dict) and isinstance(o.get("events"), list) for o in objs):
        return None
    return objs


@dataclass(slots=True)
class CheckResult:
    ok: bool
    message: str
    commands: int = 0
    events: int = 0


def _norm(d: dict[str, Any]) -> Any:
    return orjson.loads(orjson.dumps(d))


def rerun(save: SaveFile) -> Engine:
    """Re-run the recorded commands from the embedded scenario and seed, checking every event
    as it comes. Raises :class:`ReplayError` naming the first difference."""
    engine = Engine(save.scenario, seed=save.seed)
    _compare(save, 0, engine, engine.records[0])
    for i, rec in enumerate(save.records[1:], start=1):
        assert rec.command is not None
        out = engine.execute(rec.command)
        if not out.ok:
            raise ReplayError(
                f"{save.path}: record {i} ({rec.command.describe()}) is refused when re-run: "
                f"{out.refusal}"
            )
        _compare(save, i, engine, engine.records[-1])
    return engine


def _compare(save: SaveFile, i: int, engine: Engine, rec: Record) -> None:
    got = [ev.event_to_dict(e, rec.first + k + 1) for k, e in enumerate(engine.log[rec.first:rec.last])]
    want = save.records[i].events
    for k in range(max(len(got), len(want))):
        g = _norm(got[k]) if k < len(got) else None
        w = _norm(want[k]) if k < len(want) else None
        if g != w:
            seq = (w or g or {}).get("seq", "?")
            raise ReplayError(
                f"{save.path}: event {seq} differs when the commands are re-run:\n"
                f"  recorded: {orjson.dumps(w).decode() if w else '(none)'}\n"
                f"  re-run:   {orjson.dumps(g).decode() if g else '(none)'}"
            )


def fold_save(save: SaveFile, upto: int | None = None) -> GameState:
    """The state after the first ``upto`` events (all by default), by folding them."""
    from game.core.ruleset import get_ruleset

    state = get_ruleset(save.scenario.ruleset).initial_state(save.scenario, save.seed)
    dicts = save.event_dicts()
    return fold_dicts(state, dicts if upto is None else dicts[:upto])


def state_digest(state: GameState) -> Any:
    return (
        state.turn, state.flow.digest(), state.game_over, state.winner, dict(state.book),
        dict(state.models), dict(state.units),
    )


def check(path: str | Path) -> CheckResult:
    """``replay --check``: re-run and compare, then fold the recorded events and compare the
    final states. Never writes."""
    save = read_save(path)
    engine = rerun(save)
    folded = fold_save(save)
    if state_digest(folded) != state_digest(engine.state):
        raise ReplayError(f"{save.path}: folding the recorded events does not give the re-run state")
    n_events = len(engine.log)
    msg = f"{save.path}: OK — {len(save.records) - 1} commands, {n_events} events re-run and matched"
    if save.truncated:
        msg += f"\nnote: {save.truncated}"
    return CheckResult(True, msg, len(save.records) - 1, n_events)


def load_game(path: str | Path) -> tuple[Engine, SaveFile]:
    """Open a save to play on: re-run its commands (checking them) into a live engine."""
    save = read_save(path)
    return rerun(save), save


def commands_of(save: SaveFile) -> Iterable[Command]:
    for r in save.records[1:]:
        assert r.command is not None
        yield r.command

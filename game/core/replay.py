"""Saves and replays: the event log as JSON Lines.

Line 1 is a header (format name and version, the embedded scenario, the seed). Every later line
is one command with the events it produced; the first of them (``"command": null``) holds the
events of the game's start. Lines are appended and flushed as the game goes, so a crash loses
at most the command in flight. Reading never runs code from the file (JSON only).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import typing
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from game.core import events as ev
from game.core.commands import Command, command_from_dict, command_to_dict
from game.core.dice import DiceSource
from game.core.engine import Engine, Record
from game.core.errors import ReplayError, ReplayMismatch, SaveFailed, ScenarioError
from game.core.files import (
    MAX_SAVE_BYTES,
    FileProblem,
    collector_paused,
    read_first_line,
    read_limited,
)
from game.core.scenario import (
    INT_MAX,
    Scenario,
    bad_value,
    check_scenario,
    field_name,
    show_value,
    sides_text,
)
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
    """Appends each command of an engine to a JSON Lines file as it happens (written at
    once, so a crash or a kill loses at most the command in flight). The file appears at
    ``path`` only with its header and the records so far in it, never empty or
    half-started; a save already there is replaced at that moment (``follow_link=False``: a
    symbolic link at ``path`` is replaced itself, its target left alone).

    When the disk fills (or a file-size limit is reached) the writer stops and raises
    :class:`~game.core.errors.SaveFailed` from the command that could not be saved: the file
    keeps the game up to the last command written whole (at worst a last line cut off,
    which reading a save reports and skips)."""

    def __init__(self, engine: Engine, path: str | Path, follow_link: bool = True) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        first = [orjson.dumps(header(engine)) + b"\n"]
        first += [record_line(i, rec, engine.log[rec.first:rec.last], rec.first + 1)
                  for i, rec in enumerate(engine.records)]
        try:
            self._fd = _create_holding(self.path, b"".join(first), follow_link)
        except OSError as exc:
            if exc.errno not in _FULL:
                raise
            raise SaveFailed(f"{self.path}: cannot be written ({exc.strerror}); nothing was "
                             "written") from None
        self._count = len(engine.records)
        self._engine = engine
        engine.listeners.append(self._on_record)

    @property
    def commands(self) -> int:
        """The commands written so far (the game's opening not counted)."""
        return self._count - 1

    def _on_record(self, rec: Record, events: list[ev.Event]) -> None:
        try:
            _write_all(self._fd, record_line(self._count, rec, events, rec.first + 1), sync=False)
        except OSError as exc:
            self.close()
            raise SaveFailed(
                f"{self.path}: the save could not be written on ({exc.strerror}); it keeps "
                f"the game up to command {self.commands}, which replays and checks"
            ) from None
        self._count += 1

    def close(self) -> None:
        if self._on_record in self._engine.listeners:
            self._engine.listeners.remove(self._on_record)
        if self._fd < 0:
            return
        with contextlib.suppress(OSError):  # a file system without fsync
            os.fsync(self._fd)
        os.close(self._fd)
        self._fd = -1


#: what a write that found no room fails with: a full disk, a quota, a file-size limit
_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def write_save(engine: Engine, path: str | Path, upto: int | None = None) -> None:
    """Write the whole log (or its first ``upto`` records) at once, atomically: the file
    appears at ``path`` complete or not at all (created like any file, 0644 under the usual
    umask), and nothing is left beside it whatever happens."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    records = engine.records if upto is None else engine.records[:upto]
    data = [orjson.dumps(header(engine)) + b"\n"]
    data += [record_line(i, rec, engine.log[rec.first:rec.last], rec.first + 1)
             for i, rec in enumerate(records)]
    os.close(_create_holding(path, b"".join(data)))


def _write_all(fd: int, data: bytes, sync: bool = True) -> None:
    """Write all of ``data`` (and with ``sync`` make it durable, before a file gets its
    name)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    if sync:
        with contextlib.suppress(OSError):  # a file system without fsync
            os.fsync(fd)


def put_file(path: str | Path, data: bytes, mode: int | None = None) -> None:
    """Replace ``path`` with a file holding ``data`` in one step (``mode``: its permission
    bits, else those of a new file)."""
    fd = _create_holding(Path(path), data)
    try:
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
    finally:
        os.close(fd)


def put_link(path: str | Path, target: str) -> None:
    """Replace ``path`` with a symbolic link to ``target`` in one step."""
    path = Path(path)
    while True:
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            os.symlink(target, tmp)
            break
        except FileExistsError:
            continue
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _create_holding(path: Path, data: bytes, follow_link: bool = True) -> int:
    """Put a new file holding ``data`` at ``path`` (replacing what is there; through a
    symlink, its target, unless not ``follow_link``: then the link itself) and return a
    descriptor for appending to it. Where the system has anonymous files (Linux's
    O_TMPFILE) the file is written nameless and then linked in, so no moment shows an empty
    or partial file and a kill leaves nothing stray; elsewhere a hidden file beside it is
    written and renamed over ``path``."""
    if follow_link:
        real = Path(os.path.realpath(path))
    else:  # the folder's links followed, not the name's own
        real = Path(os.path.realpath(path.parent)) / path.name
    fd = _create_anonymous(real, data)
    if fd >= 0:
        return fd
    tmp, fd = _new_file_beside(real)
    try:
        _write_all(fd, data)
        os.replace(tmp, real)
    except BaseException:
        os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    return fd


def _create_anonymous(real: Path, data: bytes) -> int:
    """:func:`_create_holding` with O_TMPFILE; -1 where that is not available."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not Path("/proc/self/fd").is_dir():
        return -1
    try:
        folder = os.open(real.parent, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return -1
    fd = -1
    try:
        fd = os.open(".", flag | os.O_WRONLY | getattr(os, "O_CLOEXEC", 0), 0o666, dir_fd=folder)
        _write_all(fd, data)
        me = f"/proc/self/fd/{fd}"
        try:  # linkat(..., AT_SYMLINK_FOLLOW): give the open file a name
            os.link(me, real.name, dst_dir_fd=folder, follow_symlinks=True)
        except FileExistsError:
            tmp = f".{real.name}.{secrets.token_hex(4)}.tmp"
            os.link(me, tmp, dst_dir_fd=folder, follow_symlinks=True)
            try:
                os.replace(tmp, real.name, src_dir_fd=folder, dst_dir_fd=folder)
            except BaseException:
                os.unlink(tmp, dir_fd=folder)
                raise
        return fd
    except OSError:
        if fd >= 0:
            os.close(fd)
        return -1
    except BaseException:
        if fd >= 0:
            os.close(fd)
        raise
    finally:
        os.close(folder)


def _new_file_beside(path: Path) -> tuple[Path, int]:
    """A new, empty file in the folder of ``path`` (mode 0666 less the umask, like a file any
    program creates), for writing before a rename."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    while True:
        tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            return tmp, os.open(tmp, flags, 0o666)
        except FileExistsError:
            continue


#: a save's first line (its header, with the embedded scenario) is at most this long
MAX_HEADER_BYTES = 8 * 1024 * 1024


def is_save(path: str | Path) -> bool:
    """Whether ``path`` is a regular file that starts with a save's header line (reading that
    line only, and at most :data:`MAX_HEADER_BYTES` of it)."""
    try:
        first = read_first_line(path, MAX_HEADER_BYTES)
        head = orjson.loads(first)
    except (FileProblem, orjson.JSONDecodeError):
        return False
    return isinstance(head, dict) and head.get("format") == FORMAT


_LAZY: Any = object()


class SavedRecord:
    """One line of a save: the command (None for the opening events) and its events as
    saved. The command may be read lazily from ``raw_command`` (loading a long save for the
    replay viewer needs only the events)."""

    __slots__ = ("_command", "raw_command", "events", "where", "line")

    def __init__(self, command: Command | None, raw_command: dict[str, Any] | None,
                 events: list[dict[str, Any]], where: str = "", line: int = 0) -> None:
        self._command = command
        self.raw_command = raw_command
        self.events = events
        self.where = where
        self.line = line  # its line in the file (from 1; the header is line 1)

    @property
    def command(self) -> Command | None:
        if self._command is _LAZY:
            raw = self.raw_command
            bad = None if raw is None else bad_value(raw)
            if bad is not None:
                path, msg = bad
                raise ReplayError(
                    f"{self.where}: the command is not valid ({field_name(path) or 'it'} {msg})"
                )
            try:
                self._command = None if raw is None else command_from_dict(raw)
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
    _valid: bool = field(default=False, repr=False)

    def event_dicts(self) -> list[dict[str, Any]]:
        return [e for r in self.records for e in r.events]

    def validate(self) -> None:
        """Check every saved event as loading one into the game would: a known ``type``, the
        fields of that type and no others, each of the right kind, models and units that
        the embedded scenario has. Raises :class:`ReplayError` naming the event (counted
        from 1 through the file) and its line. Checked once; ``events()`` checks first."""
        if not self._valid:
            check_event_dicts(self)
            self._valid = True

    def events(self) -> list[ev.Event]:
        if self._events is None:
            self.validate()
            self._events = [ev.event_from_dict(d) for d in self.event_dicts()]
        return self._events


def read_save(path: str | Path) -> SaveFile:
    """Read a save (at most :data:`~game.core.files.MAX_SAVE_BYTES`). Raises
    :class:`ReplayError` with a clear message for anything unusable; a last line cut off
    mid-write is dropped and reported in ``truncated``; blank lines are skipped. The events
    are checked as far as folding them needs by :meth:`SaveFile.validate`."""
    with collector_paused():
        return _read_save(path)


def _read_save(path: str | Path) -> SaveFile:
    name = str(path)
    try:
        data = read_limited(path, MAX_SAVE_BYTES, "a save")
    except FileProblem as exc:
        raise ReplayError(f"{name}: {exc}") from None
    if not data.strip():
        raise ReplayError(f"{name}: the file is empty")
    ends_clean = data.endswith(b"\n")
    cut = data.find(b"\n")
    numbered: list[tuple[int, bytes]] | None = None
    if cut > 0 and data[:cut].strip():  # the usual file: the header on line 1
        first_no, first = 1, data[:cut]
    else:
        numbered = _numbered(data)
        first_no, first = numbered[0]
    try:
        head = orjson.loads(first)
    except orjson.JSONDecodeError:
        raise ReplayError(f"{name}: not a Contact Zone save (line {first_no} is not JSON)") from None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise ReplayError(f"{name}: not a Contact Zone save (no '{FORMAT}' header on line 1)")
    version = head.get("version")
    if type(version) is not int or version != VERSION:
        raise ReplayError(
            f"{name}: save format version {show_value(version)} is not supported (this "
            f"program reads version {VERSION})"
        )
    seed = head.get("seed")
    if type(seed) is not int or not 0 <= seed <= INT_MAX:
        raise ReplayError(
            f"{name}: line 1: the header's 'seed' must be a whole number from 0 to {INT_MAX}, "
            f"got {show_value(seed)}"
        )
    raw = head.get("scenario")
    if not isinstance(raw, dict):
        raise ReplayError(f"{name}: line 1: the header has no embedded scenario")
    try:
        scenario = check_scenario(raw, f"{name} (embedded scenario)")
    except ScenarioError as exc:
        raise ReplayError(str(exc)) from None
    records: list[SavedRecord] = []
    truncated = None
    # every record in one parse (much faster than one per line): the lines after the header
    # joined by commas into one JSON list, which parses only if each line holds one value
    fast = None
    if ends_clean and numbered is None:
        fast = _parse_all(b"[" + data[cut + 1:-1].replace(b"\n", b",") + b"]")
        if fast is not None and len(fast) != data.count(b"\n", cut + 1):
            fast = None  # (a line with two values in it: the line-by-line path says which)
    body: list[tuple[int, bytes]] = []
    if fast is not None:
        try:
            for i, obj in enumerate(fast, start=2):
                cmd_raw = obj["command"]
                if cmd_raw is not None and not isinstance(cmd_raw, dict):
                    raise TypeError("a command must be an object")
                records.append(SavedRecord(_LAZY, cmd_raw, obj["events"], f"{name}: line {i}", i))
        except (KeyError, TypeError, ValueError):
            records = []  # something is off: the line-by-line path names the line
            fast = None
    if fast is None:
        body = (numbered or _numbered(data))[1:]
    for k, (i, line) in enumerate(body):
        last = k == len(body) - 1
        try:
            obj = orjson.loads(line)
            if not isinstance(obj, dict) or "events" not in obj or "command" not in obj:
                raise ValueError("a record needs 'command' and 'events'")
            cmd_raw = obj["command"]
            if cmd_raw is not None and not isinstance(cmd_raw, dict):
                raise ValueError(f"a command must be an object, got {show_value(cmd_raw)}")
            evs = obj["events"]
            if not isinstance(evs, list) or not all(type(e) is dict for e in evs):
                raise ValueError("'events' must be a list of event objects")
        except (orjson.JSONDecodeError, ValueError) as exc:
            if last and not ends_clean:
                truncated = (
                    f"{name}: line {i} is cut off (the game stopped while saving); "
                    f"the {len(records)} complete record(s) before it were loaded"
                )
                break
            raise ReplayError(f"{name}: line {i} is not a valid record ({exc})") from None
        records.append(SavedRecord(_LAZY, cmd_raw, evs, f"{name}: line {i}", i))
    if not records or records[0].raw_command is not None:
        raise ReplayError(f"{name}: the first record must hold the game's opening events")
    for rec in records[1:]:
        if rec.raw_command is None:
            raise ReplayError(f"{rec.where} has no command (only the first record may)")
    return SaveFile(name, head, scenario, seed, records, truncated)


def _numbered(data: bytes) -> list[tuple[int, bytes]]:
    """(line number, content) of every line that is not blank."""
    return [(i, ln) for i, ln in enumerate(data.split(b"\n"), start=1) if ln.strip()]


def _parse_all(blob: bytes) -> list[dict[str, Any]] | None:
    """The records of a JSON list of them; None if any is broken."""
    try:
        objs: list[dict[str, Any]] = orjson.loads(blob)
    except orjson.JSONDecodeError:
        return None
    if type(objs) is not list:
        return None
    for o in objs:
        if not isinstance(o, dict):
            return None
        evs = o.get("events")
        if not isinstance(evs, list):
            return None
        for e in evs:
            if type(e) is not dict:
                return None
    return objs


# --- checking saved events ---------------------------------------------------------------

Check = Callable[[Any], bool]


def _checker(tp: Any) -> Check:
    """A predicate for a JSON value of an event field of type ``tp`` (as annotated)."""
    if tp is Any:  # anything JSON holds, but not nested deeper than a scenario may be
        return lambda v: not isinstance(v, list | dict) or bad_value(v) is None
    if tp is bool:
        return lambda v: type(v) is bool
    if tp is int:
        return lambda v: type(v) is int
    if tp is float:
        return lambda v: type(v) is float or type(v) is int
    if tp is str:
        return lambda v: type(v) is str
    if tp is type(None):
        return lambda v: v is None
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _checker(args[0])
            return lambda v: type(v) is list and all(each(x) for x in v)
        parts = [_checker(a) for a in args]
        return lambda v: type(v) is list and len(v) == len(parts) and all(
            p(x) for p, x in zip(parts, v))
    if args:  # a union (X | None, int | str | None)
        alts = [_checker(a) for a in args]
        return lambda v: any(a(v) for a in alts)
    raise TypeError(f"no saved-event check for the type {tp!r}")  # pragma: no cover


_SPECS: dict[type, tuple[dict[str, Check], frozenset[str]]] = {}


def _spec(cls: type[ev.Event]) -> tuple[dict[str, Check], frozenset[str]]:
    """The field checks of an event class and the fields a saved one must have."""
    got = _SPECS.get(cls)
    if got is None:
        import dataclasses

        hints = typing.get_type_hints(cls)
        checks = {f.name: _checker(hints[f.name]) for f in dataclasses.fields(cls)}
        # the game writes every field but those left out while at their default (fields
        # added after the first saves); folding reads the rest, so a save must have them
        required = frozenset(
            f.name for f in dataclasses.fields(cls) if f.name not in cls._quiet_defaults
        )
        got = _SPECS[cls] = (checks, required)
    return got


def check_event_dicts(save: SaveFile) -> None:
    """See :meth:`SaveFile.validate`."""
    models: set[str] = set()
    units: set[str] = set()
    for u in save.scenario.units:
        units.add(u.id)
        models.update(u.model_names())
    from game.core.ruleset import get_ruleset

    sides = get_ruleset(save.scenario.ruleset).sides
    n = 0
    for rec in save.records:
        for d in rec.events:
            n += 1
            problem = _event_problem(d, models, units, sides)
            if problem:
                raise ReplayError(
                    f"{save.path}: line {rec.line}: event {n} of the file {problem}"
                )


def _event_problem(d: dict[str, Any], models: set[str], units: set[str],
                   sides: tuple[int, ...]) -> str | None:
    kind = d.get("type")
    cls = ev.EVENT_TYPES.get(kind) if type(kind) is str else None
    if cls is None:
        if "type" not in d:
            return "has no 'type'"
        return f"has an unknown type {show_value(kind)}"
    checks, required = _spec(cls)
    for key, value in d.items():
        if key == "type":
            continue
        if key == "seq":
            if type(value) is not int:
                return f"({kind}) has a 'seq' that is not a whole number: {show_value(value)}"
            continue
        check = checks.get(key)
        if check is None:
            return f"({kind}) has a field {show_value(key)} that {kind} events do not have"
        if not check(value):
            return f"({kind}) has a '{key}' of the wrong kind: {show_value(value)}"
    missing = required.difference(d)
    if missing:
        return f"({kind}) lacks {', '.join(repr(m) for m in sorted(missing))}"
    model = d.get("model")  # (units in formation roll and act as a whole: a unit id there)
    if type(model) is str and model not in models and model not in units:
        return f'({kind}) names a model "{model}" that the embedded scenario does not have'
    unit = d.get("unit")
    if type(unit) is str and unit not in units:
        return f'({kind}) names a unit "{unit}" that the embedded scenario does not have'
    if kind in ("activation_started", "activation_ended", "model_changed_side") and \
            d["side"] not in sides:
        return f"({kind}) has a side that is not {sides_text(sides)}: {show_value(d['side'])}"
    return None


def arithmetic_warnings(save: SaveFile) -> list[str]:
    """Rolls in the (validated) save that cannot be right as written, as a tampered save's
    would be (the ruleset judges each: :meth:`Ruleset.roll_problem`). One line each."""
    from game.core.ruleset import get_ruleset

    ruleset = get_ruleset(save.scenario.ruleset)
    out = []
    n = 0
    for rec in save.records:
        for d in rec.events:
            n += 1
            if d.get("type") != "dice_rolled":
                continue
            problem = ruleset.roll_problem(d)
            if problem:
                out.append(f"{save.path}: line {rec.line}: event {n} of the file (dice_rolled): "
                           f"{problem}")
    return out


@dataclass(slots=True)
class CheckResult:
    ok: bool
    message: str
    commands: int = 0
    events: int = 0


def _norm(d: dict[str, Any]) -> Any:
    return orjson.loads(orjson.dumps(d))


def _as_json(d: Any) -> str:
    """An event as it reads in a file, on one line (shortened if it is huge or too deep)."""
    if d is None:
        return "(none)"
    try:
        text = orjson.dumps(d).decode()
    except TypeError:
        return show_value(d)
    return text if len(text) <= 2000 else text[:1997] + "..."


def rerun(save: SaveFile, upto: int | None = None, dice: DiceSource | None = None) -> Engine:
    """Re-run the recorded commands from the embedded scenario and seed, checking every event
    as it comes. Raises :class:`ReplayError` naming the first difference. ``upto``: only the
    first records (the opening counts as one); ``dice``: dice to re-run with instead of the
    save's own (they must give the same faces)."""
    engine = Engine(save.scenario, seed=save.seed, dice=dice)
    _compare(save, 0, engine, engine.records[0])
    for i, rec in enumerate(save.records[1:upto], start=1):
        assert rec.command is not None
        out = engine.execute(rec.command)
        if not out.ok:
            raise ReplayMismatch(
                f"{rec.where}: record {i} "
                f"({rec.command.describe()}) is refused when re-run: "
                f"{out.refusal}"
            )
        _compare(save, i, engine, engine.records[-1])
    return engine


def _compare(save: SaveFile, i: int, engine: Engine, rec: Record) -> None:
    got = [ev.event_to_dict(e, rec.first + k + 1) for k, e in enumerate(engine.log[rec.first:rec.last])]
    saved = save.records[i]
    want = saved.events
    for k in range(max(len(got), len(want))):
        g = _norm(got[k]) if k < len(got) else None
        w = want[k] if k < len(want) else None  # read from JSON: already in that form
        if g != w and not _reworded(g, w):
            # counted through the file (every record before this one matched in full, so
            # the re-run has the same count up to here), not the "seq" written in the event
            pos = rec.first + k + 1
            raise ReplayMismatch(
                f"{save.path}: event {pos} (line {saved.line}) differs when the commands are "
                f"re-run:\n"
                f"  recorded: {_as_json(w)}\n"
                f"  re-run:   {_as_json(g)}"
            )


#: the field of each event type that holds words only
_WORDS = {"rule_applied": "detail", "decision_requested": "question"}


def _reworded(got: Any, want: Any) -> bool:
    """An event that differs from the recorded one in its words alone: a rule's note
    (``rule_applied``) in its ``detail``, a decision asked (``decision_requested``) in its
    ``question``. Those words are for the log and the player and change nothing in the game
    (a note's fold is a no-op; a question is only shown), so a save made before they were
    reworded still opens and checks; every fact of the game is in the other fields and
    events, which must match to the letter."""
    if not (isinstance(got, dict) and isinstance(want, dict)):
        return False
    field = _WORDS.get(str(got.get("type")))
    if field is None or got.get("type") != want.get("type") or not isinstance(want.get(field), str):
        return False
    return {**got, field: ""} == {**want, field: ""}


def fold_save(save: SaveFile, upto: int | None = None) -> GameState:
    """The state after the first ``upto`` events (all by default), by folding them. An
    event whose fields have the right kinds but make no sense at that point in the game (an
    edited save: a unit's id where its models' belong, a formation of no files) raises
    :class:`ReplayError` naming its line, whatever the ruleset's state change stumbles on."""
    from game.core.ruleset import get_ruleset

    state = get_ruleset(save.scenario.ruleset).initial_state(save.scenario, save.seed)
    dicts = save.event_dicts()
    try:
        return fold_dicts(state, dicts if upto is None else dicts[:upto])
    except Exception:  # noqa: BLE001 - any failure of a state change is the event's
        # (fold_dicts counts an event once its change is made: the count is the one before)
        raise unreadable(save, state.events_applied + 1) from None


def unreadable(save: SaveFile, n: int) -> ReplayError:
    """Event ``n`` (counted from 1 through the file) has the fields of its type but cannot
    be followed: the error naming it and its line."""
    seen = 0
    for rec in save.records:
        if n <= seen + len(rec.events):
            kind = rec.events[n - seen - 1].get("type")
            return ReplayError(
                f"{save.path}: line {rec.line} is unreadable: event {n} of the file ({kind}) "
                f"does not fit the game at that point (the save looks edited)"
            )
        seen += len(rec.events)
    return ReplayError(f"{save.path}: event {n} of the file is unreadable")  # pragma: no cover


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
        raise ReplayMismatch(f"{save.path}: folding the recorded events does not give the re-run state")
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

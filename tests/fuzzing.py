"""Mutating scenario files and saves, and the contract every run of the command line must keep
whatever it is given. Used by the fuzzing test (tests/core/test_fuzz.py, a few hundred cases)
and by the campaign script (bench/fuzz_campaign.py, as many as you like). Not a test module.

The contract (README, "Command line"): exit status 0, or 2 with exactly one line on stderr,
or 1 for a replay that does not check out (a "MISMATCH:" message); never a traceback; the
input file never changed; no file written on a refused run; and a save written by an
accepted run passes `replay --check`.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import random
import signal
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "maps").glob("*.toml"))

# --- nasty values -------------------------------------------------------------------------------

#: raw value text that means the same in TOML and JSON (the rest are per format below)
COMMON = [
    "18446744073709551616", "-18446744073709551617", "9223372036854775808", "9223372036854775807",
    "-9223372036854775808", "1" * 400, "0", "-1", "-5", "1.5", "1e300", "-1e300", "1e400", "true",
    "false", '""', '" "', '"x"', '"orc"', '"a\\nb"', '"' + "x" * 5000 + '"', "[]", "[1, 2, 3]",
    '["orc"]', "[[1, 2], [3, 4]]", "[" * 20 + "1" + "]" * 20, "[" * 254 + "1" + "]" * 254,
    "[" * 1500 + "1" + "]" * 1500, "7" * 4301, "360.0", "-360", "0.0", "1000", "1001",
]
TOML_ONLY = ["nan", "inf", "-inf", "1979-05-27", "07:32:00", "1979-05-27T07:32:00Z", "{}",
             "{ a = 1 }", "{ a = " * 300 + "1" + " }" * 300, '"\\uD800"', "0xffffffffffffffffff"]
JSON_ONLY = ["NaN", "Infinity", "-Infinity", "null", "{}", '{"a": 1}', '{"a": ' * 300 + "1" + "}" * 300,
             '"\\ud800"', '"\\udfff\\ud800"', "[" * 100_000 + "]" * 100_000]


#: plausible values: what a careless hand or another tool writes, mostly legal
MILD = ["0", "1", "2", "3", "5", "9", "12", "-1", "0.5", "6.5", "90", "180.0", "270", "true", "false",
        '"move"', '"charge"', '"fight"', '"pass"', '"focus"', '"inspire"', '"end_activation"',
        '"end_turn"', '"stand_up"', '"standard"', '"r25"', '"25x50"', '"Tough"', '"Cleave"',
        "[5, 5]", "[12.0, 12.0]", "[1, 2, 3]", "[]", '"elf"', '"orc"', '"a"', '"b"']


@dataclass
class Mutant:
    name: str  # what was done, for messages
    data: bytes
    suffix: str  # .toml, .json or .jsonl


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def truncate(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    at = rng.randrange(len(data) + 1)
    return f"cut at {at}", data[:at]


def flip(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    if not data:
        return "flip (empty)", data
    at = rng.randrange(len(data))
    b = bytearray(data)
    b[at] = rng.choice([b[at] ^ (1 << rng.randrange(8)), rng.randrange(256), ord(rng.choice('[]{}"=,\n0-'))])
    return f"byte {at} changed", bytes(b)


def delete_line(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    ls = _lines(data)
    i = rng.randrange(len(ls))
    del ls[i]
    return f"line {i + 1} deleted", b"\n".join(ls)


def swap_lines(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    ls = _lines(data)
    i, j = rng.randrange(len(ls)), rng.randrange(len(ls))
    ls[i], ls[j] = ls[j], ls[i]
    return f"lines {i + 1} and {j + 1} swapped", b"\n".join(ls)


def duplicate_line(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    ls = _lines(data)
    i = rng.randrange(len(ls))
    ls.insert(rng.randrange(len(ls) + 1), ls[i])
    return f"line {i + 1} duplicated", b"\n".join(ls)


def toml_value(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """A `key = value` line of a TOML file gets a nasty value (or a nasty key)."""
    ls = _lines(data)
    spots = [i for i, ln in enumerate(ls) if b" = " in ln and not ln.lstrip().startswith(b"#")]
    if not spots:
        return "no value to change", data
    i = rng.choice(spots)
    key, _, _ = ls[i].partition(b" = ")
    if rng.random() < 0.15:
        ls[i] = rng.choice([b'"a\\nb"', b'"\\u0000"', b'"x\\ty"', b"zz"]) + b" = " + ls[i].partition(b" = ")[2]
        return f"line {i + 1}: key changed", b"\n".join(ls)
    if rng.random() < 0.5:  # a plausible value, often one from elsewhere in the file
        found = [ln.partition(b" = ")[2].decode(errors="replace") for j, ln in enumerate(ls) if j in spots]
        value = rng.choice(MILD + found)
    else:
        value = rng.choice(COMMON + TOML_ONLY)
    ls[i] = key + b" = " + value.encode()
    return f"line {i + 1}: {key.decode(errors='replace').strip()} = {value[:40]}", b"\n".join(ls)


_HOLE = "\u2603HOLE\u2603"


def _paths(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, (*path, i))


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for p in path[:-1]:
        parent = parent[p]
    parent[path[-1]] = value
    return doc


def json_value(rng: random.Random, doc: Any) -> tuple[str, str]:
    """Change one value anywhere in a JSON document (or delete a key, or add one) and return
    the new text, nasty values spliced in as raw text."""
    paths = list(_paths(doc))
    path = rng.choice(paths)
    roll = rng.random()
    if roll < 0.15 and path:
        parent = doc
        for p in path[:-1]:
            parent = parent[p]
        del parent[path[-1]]
        return f"{_show(path)} deleted", json.dumps(doc)
    parents = [p for p in paths if isinstance(_get(doc, p), dict)]
    if roll < 0.25 and parents:
        where = rng.choice(parents)
        _get(doc, where)[rng.choice(["colour", "seq", "type", "model", "unit", "", "a\nb"])] = 1
        return f"{_show(where)}: key added", json.dumps(doc)
    if roll < 0.45:
        other = _get(doc, rng.choice(paths))  # a value from elsewhere: a wrong type, mostly
        doc = _set(doc, path, json.loads(json.dumps(other)))
        return f"{_show(path)} = a value from elsewhere", json.dumps(doc)
    value = rng.choice(MILD if rng.random() < 0.4 else COMMON + JSON_ONLY)
    text = json.dumps(_set(doc, path, _HOLE))
    return f"{_show(path)} = {value[:40]}", text.replace(json.dumps(_HOLE), value, 1)


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        doc = doc[p]
    return doc


def _show(path: tuple[Any, ...]) -> str:
    return "".join(f"[{p!r}]" for p in path) or "(the document)"


def json_doc_value(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    try:
        doc = json.loads(data)
        what, text = json_value(rng, doc)
    except (ValueError, RecursionError):
        return "not JSON (or too deep) to change", data
    return what, text.encode()


def jsonl_value(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """One line of a save (the header, or a record) gets a value changed."""
    ls = _lines(data)
    spots = [i for i, ln in enumerate(ls) if ln.strip()]
    if not spots:
        return "no line to change", data
    i = rng.choice(spots)
    try:
        doc = json.loads(ls[i])
        what, text = json_value(rng, doc)
    except (ValueError, RecursionError):
        return "not JSON (or too deep) to change", data
    ls[i] = text.encode()
    return f"line {i + 1}: {what}", b"\n".join(ls)


def _same_kind(rng: random.Random, value: Any, strings: list[str], ints: list[int]) -> Any:
    """Another value of the same JSON kind as ``value``: what an edit that keeps an event's
    shape but not its meaning writes (a unit's id where model ids belong, 0 or -2^63 files,
    an empty table of scores)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([0, -1, 1, 2, -(2**63), 2**63 - 1, *rng.sample(ints, min(3, len(ints)))])
    if isinstance(value, float):
        return rng.choice([0.0, -1.0, -0.0, 1e300, -1e300, 0.001, 1e9])
    if isinstance(value, str):
        return rng.choice(["", "x", *rng.sample(strings, min(4, len(strings)))])
    if isinstance(value, list):
        roll = rng.random()
        if roll < 0.3 or not value:
            return [] if value else [rng.choice(strings) if strings else 0]
        if roll < 0.6:
            return [_same_kind(rng, x, strings, ints) for x in value]
        return value[::-1] + value[:1]  # reordered, one repeated
    if isinstance(value, dict):
        if rng.random() < 0.4 or not value:
            return {}
        keys = list(value)
        gone = rng.choice(keys)
        out = {k: v for k, v in value.items() if k != gone}
        if rng.random() < 0.5 and keys:
            k = rng.choice(keys)
            out[k] = _same_kind(rng, value[k], strings, ints)
        return out
    return value


def event_edit(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """A save with one event field changed to another value of the same kind (a type-
    preserving edit: the event still has its fields of their types, so checking the
    save's shape passes, but what it says may make no sense)."""
    ls = _lines(data)
    by_type: dict[str, list[tuple[int, int]]] = {}
    for i, ln in enumerate(ls[1:], start=1):
        try:
            rec = json.loads(ln)
        except ValueError:
            continue
        if isinstance(rec, dict) and isinstance(rec.get("events"), list):
            for k, e in enumerate(rec["events"]):
                if isinstance(e, dict):
                    by_type.setdefault(str(e.get("type")), []).append((i, k))
    if not by_type:
        return "no event to change", data
    spots = by_type[rng.choice(sorted(by_type))]  # each type as likely: rare ones too
    strings: set[str] = set()
    ints: set[int] = set()
    for d in _walk(json.loads(ls[0]).get("scenario", {}) if ls[0].strip() else {}):
        if isinstance(d, str) and len(d) < 40:
            strings.add(d)
    i, k = rng.choice(spots)
    rec = json.loads(ls[i])
    event = rec["events"][k]
    for v in _walk(rec):
        if isinstance(v, str) and len(v) < 40:
            strings.add(v)
        elif isinstance(v, int) and not isinstance(v, bool):
            ints.add(v)
    fields = [f for f in event if f not in ("type", "seq")]
    if not fields:
        return "an event without fields", data
    f = rng.choice(fields)
    event[f] = _same_kind(rng, event[f], sorted(strings), sorted(ints))
    ls[i] = json.dumps(rec).encode()
    return f"line {i + 1}: event {k + 1} ({event['type']}).{f} = {json.dumps(event[f])[:60]}", \
        b"\n".join(ls)


def _walk(doc: Any) -> Iterator[Any]:
    stack = [doc]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack += list(v.values()) + list(v.keys())
        elif isinstance(v, list):
            stack += v
        else:
            yield v


TEXT_OPS: list[Callable[[random.Random, bytes], tuple[str, bytes]]] = [
    truncate, flip, delete_line, swap_lines, duplicate_line,
]


def mutate(rng: random.Random, data: bytes, suffix: str, steps: int = 0) -> Mutant:
    """One to three mutations of a file of kind ``suffix``."""
    structured = {".toml": toml_value, ".json": json_doc_value, ".jsonl": jsonl_value}[suffix]
    names = []
    for _ in range(steps or rng.choice([1, 1, 1, 2, 3])):
        op = structured if rng.random() < 0.55 else rng.choice(TEXT_OPS)
        what, data = op(rng, data)
        names.append(what)
    return Mutant("; ".join(names), data, suffix)


# --- seeds --------------------------------------------------------------------------------------


def scenario_seeds() -> list[tuple[str, bytes, str]]:
    """(name, content, suffix): the maps, and each as JSON too."""
    import tomllib

    out = []
    for p in MAPS:
        data = p.read_bytes()
        out.append((p.name, data, ".toml"))
        out.append((p.stem + ".json", json.dumps(tomllib.loads(data.decode())).encode(), ".json"))
    return out


def save_seeds(folder: Path, ai: bool = False) -> list[tuple[str, bytes, str]]:
    """Saves of the maps' games (made once into ``folder``): their orders, and with ``ai``
    played on to the end by the AI (longer games, with every kind of event their rulesets
    make: casualties, combat results, units moved)."""
    from game.cli import main

    out = []
    for p in MAPS:
        save = folder / (p.stem + ("-ai" if ai else "") + ".jsonl")
        if not save.exists():
            extra = ["--ai", "both=easy"] if ai else []
            with contextlib.redirect_stdout(io.StringIO()):
                assert main(["play", str(p), "--headless", "--save", str(save), *extra]) == 0
        out.append((save.name, save.read_bytes(), ".jsonl"))
    return out


# --- running the command line and judging it ------------------------------------------------


class Hang(BaseException):
    """A run that took too long (not an Exception: the AI drops a try that raises one, which
    would swallow the alarm)."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Run:
    argv: list[str]
    code: int | None
    out: str
    err: str
    crash: str | None = None  # a traceback that escaped main()


def run_cli(argv: list[str], limit: float = 30.0) -> Run:
    """``game.cli.main(argv)`` in this process, stdout and stderr captured."""
    from game.cli import main

    out, err = io.StringIO(), io.StringIO()
    crash = None
    code: int | None = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            with time_limit(limit):
                code = main(argv)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
        except BaseException:  # noqa: BLE001 - any escape is the finding
            crash = traceback.format_exc()
    return Run(argv, code, out.getvalue(), err.getvalue(), crash)


def digest(path: Path) -> str | None:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


def listing(folder: Path) -> dict[str, str | None]:
    return {str(p.relative_to(folder)): digest(p) for p in sorted(folder.rglob("*"))}


@dataclass
class Verdict:
    problems: list[str] = field(default_factory=list)
    code: int | None = None
    codes: dict[str, int | None] = field(default_factory=dict)  # per command, when several

    @property
    def ok(self) -> bool:
        return not self.problems


def judge(run: Run, verdict: Verdict, allow_mismatch: bool = False) -> None:
    """The output contract of one run."""
    verdict.code = run.code
    cmd = " ".join(run.argv)
    if run.crash is not None:
        verdict.problems.append(f"{cmd}: an exception escaped:\n{run.crash}")
        return
    if "Traceback" in run.err:
        verdict.problems.append(f"{cmd}: a traceback on stderr:\n{run.err}")
    if run.code == 2:
        lines = run.err.split("\n")
        if not (run.err.endswith("\n") and len(lines) == 2 and lines[0].startswith("error: ")):
            verdict.problems.append(f"{cmd}: exit 2 needs exactly one 'error:' line, got {run.err!r:.500}")
    elif run.code == 1 and allow_mismatch:
        if not run.err.startswith("MISMATCH: "):
            verdict.problems.append(f"{cmd}: exit 1 without a MISMATCH message: {run.err!r:.500}")
    elif run.code == 0:
        for line in run.err.splitlines():
            if not line.startswith(("note: ", "warning: ")):
                verdict.problems.append(f"{cmd}: exit 0 with a stray stderr line: {line!r:.300}")
    else:
        verdict.problems.append(f"{cmd}: exit status {run.code!r}; {run.err!r:.500}")


def check_scenario_mutant(folder: Path, m: Mutant, seed: int | None = None,
                          existing: bytes | None = None) -> Verdict:
    """`play FILE --headless --json --save S`: the contract, the input unchanged, no save on a
    refusal (``existing``: a save already at S, which a refusal must leave as it was), and an
    accepted run's save passes `replay --check`."""
    verdict = Verdict()
    src = folder / f"mutant{m.suffix}"
    src.write_bytes(m.data)
    save = folder / "saves" / "out.jsonl"
    if existing is not None:
        save.parent.mkdir()
        save.write_bytes(existing)
    before = listing(folder)
    argv = ["play", str(src), "--headless", "--json", "--save", str(save)]
    if seed is not None:
        argv += ["--seed", str(seed)]
    run = run_cli(argv)
    judge(run, verdict)
    after = listing(folder)
    if digest(src) != before[src.name]:
        verdict.problems.append("the scenario file was changed")
    if run.code == 0 and not run.crash:
        try:
            json.loads(run.out)
        except ValueError:
            verdict.problems.append(f"--json printed no JSON document: {run.out[:200]!r}")
        new = set(after) - set(before)
        if new != ({"saves", "saves/out.jsonl"} if existing is None else set()):
            verdict.problems.append(f"an accepted run left {sorted(new)}")
        check = run_cli(["replay", str(save), "--check"])
        judge(check, verdict)
        if check.code != 0:
            verdict.problems.append(f"the save of an accepted run does not check: {check.err[:500]}")
    elif after != before:
        verdict.problems.append(f"a refused run changed the folder: {sorted(set(after) ^ set(before))}")
    for p in (folder / "saves").glob("*") if (folder / "saves").exists() else []:
        p.unlink()
    if (folder / "saves").exists():
        (folder / "saves").rmdir()
    return verdict


def check_save_mutant(folder: Path, m: Mutant) -> Verdict:
    """`replay FILE --check` and `replay FILE --log`: the contract, and the file unchanged."""
    verdict = Verdict()
    src = folder / "mutant.jsonl"
    src.write_bytes(m.data)
    before = listing(folder)
    for mode in ("--check", "--log"):
        run = run_cli(["replay", str(src), mode])
        judge(run, verdict, allow_mismatch=mode == "--check")
        verdict.codes[mode] = run.code
        if listing(folder) != before:
            verdict.problems.append(f"replay {mode} changed the folder")
    return verdict


# --- odds and simulate --------------------------------------------------------------------------

#: order keys an odds run may be given besides --unit, --do and --target
ODDS_KEYS = ["dive", "frenzy", "swings", "martyr", "to", "x", "target2", "a\u001bb", "--", "", "=",
             "unit", "do"]


def odds_argv(rng: random.Random, path: Path, names: list[tuple[str, Any]]) -> list[str]:
    """``odds PATH`` with a unit, an action and a target (mostly real, often of opposite
    sides, sometimes not real at all) and up to three extra order keys with nasty values."""
    def name(side: Any = None) -> str:
        pool = [n for n, s in names if side is None or s != side]
        return rng.choice(pool) if pool and rng.random() < 0.95 else rng.choice(
            ["nobody", "", "a\nb", "x" * 300, "\u001b[31m", "orc.7"])

    unit = name()
    sides = dict(names)
    argv = ["odds", str(path), "--unit", unit, "--do",
            rng.choice(["fight"] * 3 + ["charge"] * 6 + ["move", "focus", "fly", "",
                                                         "diving_charge"]),
            "--target", name(sides.get(unit, 0)), "--samples", rng.choice(["50"] * 12 + ["200", "0", "1e3"]),
            "--seed", rng.choice(["1", "7"])]
    for _ in range(rng.choice([0] * 6 + [1, 1, 2, 3])):
        key = rng.choice(ODDS_KEYS)
        value = rng.choice(COMMON + JSON_ONLY + MILD)
        if len(value) > 100_000:  # (an argument of the system's largest size)
            value = value[:100_000]
        argv += [f"--{key}", value] if rng.random() < 0.8 else [f"--{key}={value}"]
    if rng.random() < 0.3:
        argv.append("--json")
    return argv


def check_odds_run(folder: Path, argv: list[str]) -> Verdict:
    """`odds ...`: the contract, and nothing written anywhere."""
    verdict = Verdict()
    before = listing(folder)
    run = run_cli(argv)
    judge(run, verdict)
    if run.code == 0 and "--json" in argv and not run.crash:
        try:
            json.loads(run.out)
        except ValueError:
            verdict.problems.append(f"--json printed no JSON document: {run.out[:200]!r}")
    if listing(folder) != before:
        verdict.problems.append("odds changed the folder")
    return verdict


def check_simulate_mutant(folder: Path, m: Mutant, games: int = 2,
                          level: str = "random") -> Verdict:
    """`simulate MUTANT --games N --out CSV --keep-saves DIR`: the contract, the input
    unchanged; an accepted run has a row per game and a save per game that checks; a
    refused one writes nothing."""
    verdict = Verdict()
    src = folder / f"mutant{m.suffix}"
    src.write_bytes(m.data)
    before = listing(folder)
    out, saves = folder / "r.csv", folder / "replays"
    run = run_cli(["simulate", str(src), "--games", str(games), "--jobs", "1", "--ai",
                   f"both={level}", "--out", str(out), "--keep-saves", str(saves)], limit=120)
    judge(run, verdict)
    if digest(src) != before[src.name]:
        verdict.problems.append("the scenario file was changed")
    if run.code == 0 and not run.crash:
        rows = out.read_text().splitlines() if out.exists() else []
        if len(rows) != games + 1:
            verdict.problems.append(f"--out has {len(rows)} lines for {games} games")
        kept = sorted(saves.iterdir()) if saves.exists() else []
        if len(kept) != games:
            verdict.problems.append(f"--keep-saves has {len(kept)} saves for {games} games")
        for save in kept:
            check = run_cli(["replay", str(save), "--check"])
            if check.code != 0:
                verdict.problems.append(f"a kept save does not check: {check.err[:300]}")
    elif run.code == 2 and out.exists() and not out.read_text().startswith("game,"):
        verdict.problems.append("a refused run left an --out file without its header")
    for p in sorted(folder.rglob("*"), reverse=True):  # ready for the next run
        if p != src:
            p.rmdir() if p.is_dir() else p.unlink()
    return verdict

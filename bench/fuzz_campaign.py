"""A fuzzing campaign against the command line, far larger than the test suite's: mutated
scenario files and saves (tests/fuzzing.py), each run in-process and judged by the contract,
and optionally headless saves killed at random moments, `odds` with nasty order arguments,
`simulate` on mutated scenarios, `replay --log` on saves whose events keep their types but not
their meaning (type-preserving edits), and runs that fill the disk (a small tmpfs where this
machine lets us mount one, else a file-size limit). Prints the counts; failing inputs are
written to --out for study (the nastiest belong in tests/corpus/).

Run: python bench/fuzz_campaign.py [--cases 3000] [--seed 1] [--kills 40] [--odds 300]
         [--simulate 40] [--events 1000] [--disk 20 [--no-tmpfs]] [--out fuzz-out]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import fuzzing as fz  # noqa: E402


def campaign(cases: int, seed: int, out: Path) -> int:
    rng = random.Random(seed)
    failures = 0
    codes: Counter[str] = Counter()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        base = Path(d)
        scen_seeds = fz.scenario_seeds()
        (base / "seeds").mkdir()
        save_seeds = fz.save_seeds(base / "seeds")
        for i in range(cases):
            work = base / f"w{i}"
            work.mkdir()
            if rng.random() < 0.5:
                name, data, suffix = rng.choice(scen_seeds)
                m = fz.mutate(rng, data, suffix)
                existing = rng.choice(save_seeds)[1] if rng.random() < 0.3 else None
                verdict = fz.check_scenario_mutant(work, m, rng.choice([None, None, 0, 7]), existing)
                kind = "scenario"
            else:
                name, data, suffix = rng.choice(save_seeds)
                m = fz.mutate(rng, data, suffix)
                verdict = fz.check_save_mutant(work, m)
                kind = "save"
            for mode, code in (verdict.codes or {"play": verdict.code}).items():
                codes[f"{kind} {mode} exit {code}"] += 1
            if not verdict.ok:
                failures += 1
                out.mkdir(parents=True, exist_ok=True)
                stem = f"{kind}-{i}"
                (out / f"{stem}{suffix}").write_bytes(m.data)
                (out / f"{stem}.txt").write_text(f"from {name}: {m.name}\n\n" + "\n".join(verdict.problems))
                print(f"FAIL {stem} (from {name}: {m.name[:80]}): {verdict.problems[0][:300]}")
            for p in sorted(work.rglob("*"), reverse=True):
                p.rmdir() if p.is_dir() else p.unlink()
            work.rmdir()
    took = time.perf_counter() - t0
    print(f"{cases} mutants in {took:.0f} s: " + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items())))
    print(f"failures: {failures}")
    return failures


def kills(count: int, seed: int) -> int:
    """Headless games with --save killed at random moments: every outcome must be no file or
    a save `replay --check` accepts, with nothing stray beside it."""
    from bench.longgame import play
    from game.core.commands import command_to_dict
    from game.core.replay import check, read_save

    rng = random.Random(seed)
    eng = play(20_000)
    commands = len(eng.records) - 1
    data = dict(eng.scenario.raw)
    data["orders"] = [command_to_dict(r.command) for r in eng.records[1:]]
    outcomes: Counter[str] = Counter()
    bad = 0
    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as d:
        scen = Path(d) / "long.json"
        scen.write_text(json.dumps(data))
        for k in range(count):
            folder = Path(d) / f"run{k}"
            save = folder / "game.jsonl"
            proc = subprocess.Popen(
                [sys.executable, str(root / "run.py"), "play", str(scen), "--headless", "--save",
                 str(save)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=root)
            time.sleep(rng.uniform(0.0, 1.2))  # from start-up to the end of the game
            proc.kill()
            proc.wait()
            if not save.exists():
                stray = list(folder.iterdir()) if folder.exists() else []
                outcomes["no file"] += 1
                if stray:
                    bad += 1
                    print(f"kill {k}: no save but {stray}")
                continue
            stray = [p for p in folder.iterdir() if p != save]
            try:
                res = check(save)
                saved = read_save(save)
            except Exception as exc:  # noqa: BLE001
                bad += 1
                print(f"kill {k}: the save does not check: {exc}")
                continue
            if stray:
                bad += 1
                print(f"kill {k}: stray files {stray}")
            whole = len(saved.records) - 1 == commands
            outcomes["whole game" if whole else "mid-game, cut-off line" if saved.truncated
                     else "mid-game"] += 1
            assert res.ok
    print(f"{count} kills: " + ", ".join(f"{k}: {v}" for k, v in sorted(outcomes.items()))
          + f"; bad outcomes: {bad}")
    return bad


def _record(out: Path, stem: str, suffix: str, data: bytes, what: str, problems: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{stem}{suffix}").write_bytes(data)
    (out / f"{stem}.txt").write_text(f"{what}\n\n" + "\n".join(problems))
    print(f"FAIL {stem} ({what[:80]}): {problems[0][:300]}")


def odds_runs(count: int, seed: int, out: Path) -> int:
    """`odds` on the skirmish maps (and mutants of them) with random units, actions,
    targets and nasty extra order arguments."""
    import tomllib

    rng = random.Random(seed)
    codes: Counter[str] = Counter()
    failures = 0
    t0 = time.perf_counter()
    seeds = [(n, d, x) for n, d, x in fz.scenario_seeds() if x == ".toml"
             and tomllib.loads(d.decode()).get("ruleset") in ("skirmish-d10", "trench-crusade")]
    # and the duel with the two in base contact and no orders: fights the rules accept
    duel = (fz.ROOT / "maps" / "duel.toml").read_text().split("[[orders]]")[0]
    seeds.append(("duel in contact", duel.replace("y = 15.0", "y = 10.984251968503937",
                                                  1).encode(), ".toml"))
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        for i in range(count):
            name, data, suffix = rng.choice(seeds)
            if rng.random() < 0.2:
                data = fz.mutate(rng, data, suffix).data
            src = folder / f"scenario{suffix}"
            src.write_bytes(data)
            try:
                names = [(u["id"], u.get("side")) for u in tomllib.loads(data.decode()).get(
                    "units", []) if isinstance(u.get("id"), str)]
            except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
                names = []
            argv = fz.odds_argv(rng, src, names)
            verdict = fz.check_odds_run(folder, argv)
            codes[f"odds exit {verdict.code}"] += 1
            if not verdict.ok:
                failures += 1
                _record(out, f"odds-{i}", suffix, data, " ".join(argv)[:2000], verdict.problems)
    print(f"{count} odds runs in {time.perf_counter() - t0:.0f} s: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items())) + f"; failures: {failures}")
    return failures


def simulate_runs(count: int, seed: int, out: Path) -> int:
    """`simulate` (two games, random players, --out and --keep-saves) on mutated scenarios,
    a third of them without their `turns` (games that only end once they can no longer
    change)."""
    rng = random.Random(seed)
    codes: Counter[str] = Counter()
    failures = 0
    t0 = time.perf_counter()
    seeds = [s for s in fz.scenario_seeds() if s[2] == ".toml"]
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        for i in range(count):
            name, data, suffix = rng.choice(seeds)
            if rng.random() < 0.35:
                data = b"\n".join(ln for ln in data.split(b"\n") if not ln.startswith(b"turns"))
                name += " without turns"
            m = fz.mutate(rng, data, suffix) if rng.random() < 0.6 else fz.Mutant("as is", data,
                                                                                 suffix)
            verdict = fz.check_simulate_mutant(folder, m)
            codes[f"simulate exit {verdict.code}"] += 1
            if not verdict.ok:
                failures += 1
                _record(out, f"simulate-{i}", suffix, m.data, f"from {name}: {m.name}",
                        verdict.problems)
    print(f"{count} simulate runs in {time.perf_counter() - t0:.0f} s: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items())) + f"; failures: {failures}")
    return failures


def event_edits(count: int, seed: int, out: Path) -> int:
    """`replay --check` and `--log` on saves of AI-played games of every map with one event
    field changed to another value of its kind."""
    rng = random.Random(seed)
    codes: Counter[str] = Counter()
    failures = 0
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        base = Path(d)
        (base / "seeds").mkdir()
        seeds = fz.save_seeds(base / "seeds", ai=True)
        for i in range(count):
            name, data, suffix = rng.choice(seeds)
            what, changed = fz.event_edit(rng, data)
            work = base / f"w{i}"
            work.mkdir()
            verdict = fz.check_save_mutant(work, fz.Mutant(what, changed, suffix))
            codes[f"--check {verdict.codes.get('--check')} --log {verdict.codes.get('--log')}"] += 1
            if not verdict.ok:
                failures += 1
                _record(out, f"event-{i}", suffix, changed, f"from {name}: {what}",
                        verdict.problems)
            for p in work.iterdir():
                p.unlink()
            work.rmdir()
    print(f"{count} type-preserving event edits in {time.perf_counter() - t0:.0f} s: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(codes.items())) + f"; failures: {failures}")
    return failures


def _small_disk(folder: Path, size_kb: int) -> bool:
    """Mount a tmpfs of ``size_kb`` KB at ``folder``; False where this machine does not let
    us (not root, no mount, a container without the right)."""
    try:
        got = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs",
                              str(folder)], capture_output=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return False
    return got.returncode == 0


def disk_full(count: int, seed: int, tmpfs: bool = True) -> int:
    """Headless saves and simulate's --out and --keep-saves onto a disk that fills up: every
    run must end with exit 0 or one `error:` line (exit 2), never a traceback, and every save
    left must pass `replay --check`."""
    from game.core.replay import check

    rng = random.Random(seed)
    root = Path(__file__).resolve().parent.parent
    outcomes: Counter[str] = Counter()
    bad = 0
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        disk = Path(d) / "disk"
        disk.mkdir()
        mounted = tmpfs and _small_disk(disk, 64)
        how = ("a 64 KB tmpfs" if mounted else "a file-size limit" + (
            " (no tmpfs could be mounted)" if tmpfs else ""))
        try:
            for k in range(count):
                for p in sorted(disk.rglob("*"), reverse=True):
                    p.rmdir() if p.is_dir() else p.unlink()
                room = rng.choice([600, 2000, 6000, 20000, 60000])
                if mounted:  # a file that leaves only ``room`` bytes free
                    filler = disk / "filler"
                    with open(filler, "wb") as fh, contextlib.suppress(OSError):
                        fh.write(b"\0" * (64 * 1024 - room))
                simulate = rng.random() < 0.4
                if simulate:
                    argv = ["simulate", str(root / "maps" / "duel.toml"), "--games", "6",
                            "--jobs", rng.choice(["1", "2"]), "--ai", "both=random", "--out",
                            str(disk / "r.csv"), "--keep-saves", str(disk / "replays")]
                else:
                    mp = rng.choice(["duel", "default", "old-world"])
                    argv = ["play", str(root / "maps" / f"{mp}.toml"), "--headless", "--ai",
                            "both=random", "--save", str(disk / "g.jsonl")]

                def limit(room: int = room) -> None:
                    import resource

                    resource.setrlimit(resource.RLIMIT_FSIZE, (room, room))

                got = subprocess.run([sys.executable, str(root / "run.py"), *argv],
                                     capture_output=True, text=True, cwd=root, timeout=600,
                                     preexec_fn=None if mounted else limit)
                lines = got.stderr.splitlines()
                fine = got.returncode == 0 or (got.returncode == 2 and len(lines) == 1
                                               and lines[0].startswith("error: "))
                if "Traceback" in got.stderr or not fine:
                    bad += 1
                    print(f"disk {k}: {' '.join(argv[:2])}: exit {got.returncode}: "
                          f"{got.stderr[-600:]}")
                outcomes[f"{argv[0]} exit {got.returncode}"] += 1
                for save in [*disk.glob("*.jsonl"), *disk.glob("replays/*.jsonl")]:
                    try:
                        check(save)
                    except Exception as exc:  # noqa: BLE001
                        bad += 1
                        print(f"disk {k}: a save left does not check: {save.name}: {exc}")
        finally:
            if mounted:
                subprocess.run(["umount", str(disk)], capture_output=True, timeout=20)
    print(f"{count} runs onto a full disk ({how}) in {time.perf_counter() - t0:.0f} s: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(outcomes.items())) + f"; bad outcomes: {bad}")
    return bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kills", type=int, default=0)
    ap.add_argument("--odds", type=int, default=0)
    ap.add_argument("--simulate", type=int, default=0)
    ap.add_argument("--events", type=int, default=0)
    ap.add_argument("--disk", type=int, default=0)
    ap.add_argument("--no-tmpfs", action="store_true",
                    help="fill the disk with a file-size limit even where a tmpfs could be mounted")
    ap.add_argument("--out", type=Path, default=Path("fuzz-out"))
    a = ap.parse_args()
    bad = campaign(a.cases, a.seed, a.out) if a.cases else 0
    if a.kills:
        bad += kills(a.kills, a.seed)
    if a.odds:
        bad += odds_runs(a.odds, a.seed, a.out)
    if a.simulate:
        bad += simulate_runs(a.simulate, a.seed, a.out)
    if a.events:
        bad += event_edits(a.events, a.seed, a.out)
    if a.disk:
        bad += disk_full(a.disk, a.seed, tmpfs=not a.no_tmpfs)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

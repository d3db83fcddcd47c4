"""A fuzzing campaign against the command line, far larger than the test suite's: mutated
scenario files and saves (tests/fuzzing.py), each run in-process and judged by the contract,
and optionally headless saves killed at random moments. Prints the counts; failing inputs
are written to --out for study (the nastiest belong in tests/corpus/).

Run: python bench/fuzz_campaign.py [--cases 3000] [--seed 1] [--kills 40] [--out fuzz-out]
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kills", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("fuzz-out"))
    a = ap.parse_args()
    bad = campaign(a.cases, a.seed, a.out) if a.cases else 0
    if a.kills:
        bad += kills(a.kills, a.seed)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()

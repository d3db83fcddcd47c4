"""Fuzzing the command line (issue 8): mutated scenario files and saves, run through the real
entry point in-process, must keep the contract of tests/fuzzing.py (exit 0, or 2 with one line,
or 1 for a replay mismatch; no traceback; no written or changed file; an accepted scenario's
save checks). Bounded to a few seconds; bench/fuzz_campaign.py runs the same at scale. The
nastiest files found are kept in tests/corpus/ and each is run here with its expected result."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import fuzzing as fz

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "corpus"
EXPECTED = json.loads((CORPUS / "expected.json").read_text())
SCENARIOS = fz.scenario_seeds()
OPS = {
    "truncate": fz.truncate, "flip": fz.flip, "delete a line": fz.delete_line,
    "swap lines": fz.swap_lines, "duplicate a line": fz.duplicate_line, "change a value": None,
}
STRUCTURED = {".toml": fz.toml_value, ".json": fz.json_doc_value, ".jsonl": fz.jsonl_value}
FUZZ = settings(max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def mutant(rnd, data, suffix, ops):
    names = []
    for op in ops:
        what, data = (OPS[op] or STRUCTURED[suffix])(rnd, data)
        names.append(f"{op}: {what}")
    return fz.Mutant("; ".join(names), data, suffix)


@pytest.fixture(scope="module")
def save_seeds(tmp_path_factory):
    return fz.save_seeds(tmp_path_factory.mktemp("seeds"))


operations = st.lists(st.sampled_from(sorted(OPS)), min_size=1, max_size=3)


@FUZZ
@given(pick=st.integers(0, len(SCENARIOS) - 1), ops=operations, where=st.integers(0, 2**32),
       seed=st.sampled_from([None, 0, 7]), replace=st.booleans())
def test_mutated_scenarios_keep_the_contract(tmp_path_factory, save_seeds, pick, ops, where, seed,
                                            replace):
    name, data, suffix = SCENARIOS[pick]
    m = mutant(random.Random(where), data, suffix, ops)
    existing = save_seeds[pick % len(save_seeds)][1] if replace else None  # a save to replace
    verdict = fz.check_scenario_mutant(tmp_path_factory.mktemp("scenario"), m, seed, existing)
    assert verdict.ok, f"{name}, {m.name}:\n" + "\n".join(verdict.problems)


@FUZZ
@given(pick=st.integers(0, len(fz.MAPS) - 1), ops=operations, where=st.integers(0, 2**32))
def test_mutated_saves_keep_the_contract(tmp_path_factory, save_seeds, pick, ops, where):
    name, content, suffix = save_seeds[pick]
    m = mutant(random.Random(where), content, suffix, ops)
    verdict = fz.check_save_mutant(tmp_path_factory.mktemp("save"), m)
    assert verdict.ok, f"{name}, {m.name}:\n" + "\n".join(verdict.problems)


def test_the_mutations_do_what_they_say():
    rnd = random.Random(1)
    text = b"a = 1\nb = 2\nc = 3"
    assert fz.delete_line(rnd, text)[1].count(b"\n") == 1
    assert sorted(fz.swap_lines(random.Random(3), text)[1].split(b"\n")) == sorted(text.split(b"\n"))
    assert len(fz.truncate(rnd, text)[1]) <= len(text)
    flipped = fz.flip(rnd, text)[1]
    assert len(flipped) == len(text) and sum(x != y for x, y in zip(flipped, text)) <= 1
    what, changed = fz.toml_value(random.Random(5), text)
    assert changed != text and changed.count(b" = ") == 3, what


CORPUS_FILES = sorted(p.name for p in CORPUS.iterdir() if p.name != "expected.json")


def test_every_corpus_file_has_an_expected_result():
    assert sorted(EXPECTED) == CORPUS_FILES


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_the_corpus(tmp_path, name):
    data = (CORPUS / name).read_bytes()
    want = EXPECTED[name]
    m = fz.Mutant(name, data, Path(name).suffix)
    if m.suffix == ".jsonl":
        verdict = fz.check_save_mutant(tmp_path, m)
        assert verdict.ok, "\n".join(verdict.problems)
        assert verdict.codes == {"--check": want["--check"], "--log": want["--log"]}
        if want["words"]:
            runs = [fz.run_cli(["replay", str(tmp_path / "mutant.jsonl"), mode])
                    for mode in ("--check", "--log")]
            assert any(want["words"] in r.err or want["words"] in r.out for r in runs), runs
    else:
        verdict = fz.check_scenario_mutant(tmp_path, m)
        assert verdict.ok, "\n".join(verdict.problems)
        assert verdict.code == want["play"]
        run = fz.run_cli(["play", str(tmp_path / f"mutant{m.suffix}"), "--headless"])
        assert want["words"] in run.err, run.err


SUBPROCESS = ["nested-20000.json", "digits-4301.toml", "line-break-in-names.toml",
              "event-nested-300.jsonl", "flag-value-nested.jsonl"]


@pytest.mark.parametrize("name", SUBPROCESS)
def test_the_real_entry_point_prints_no_traceback_for_the_nastiest_files(tmp_path, name):
    src = CORPUS / name
    if src.suffix == ".jsonl":
        argvs = [["replay", str(src), "--check"], ["replay", str(src), "--log"]]
    else:
        argvs = [["play", str(src), "--headless", "--save", str(tmp_path / "s.jsonl")]]
    for argv in argvs:
        r = subprocess.run([sys.executable, str(ROOT / "run.py"), *argv], capture_output=True,
                           text=True, cwd=ROOT, timeout=60)
        assert "Traceback" not in r.stderr and r.returncode in (1, 2), r.stderr
        if r.returncode == 2:
            assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: "), r.stderr
        else:
            assert r.stderr.startswith("MISMATCH: ")
    assert list(tmp_path.iterdir()) == []


ODDS_MAPS = [p for p in fz.MAPS if p.stem in ("default", "duel", "trench", "rules-study")]


@settings(max_examples=40, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(pick=st.integers(0, len(ODDS_MAPS) - 1), where=st.integers(0, 2**32))
def test_odds_with_nasty_arguments_keeps_the_contract(tmp_path_factory, pick, where):
    """Issue 22: `odds` with order arguments nested 100,000 deep was a traceback."""
    import tomllib

    path = ODDS_MAPS[pick]
    names = [(u["id"], u["side"]) for u in tomllib.loads(path.read_text())["units"]]
    argv = fz.odds_argv(random.Random(where), path, names)
    verdict = fz.check_odds_run(tmp_path_factory.mktemp("odds"), argv)
    assert verdict.ok, f"{' '.join(argv)[:500]}:\n" + "\n".join(verdict.problems)

"""`play --headless --save` (issue 8, findings 7 and 8): the save is appended as the game goes,
so a run killed at any moment leaves either nothing (killed before the game started) or a save
that `replay --check` accepts; a refused run leaves no file and changes none; the file is
created like the autosave (0666 less the umask)."""

import hashlib
import json
import os
import random
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main
from game.core.commands import command_to_dict
from game.core.engine import Engine
from game.core.replay import check, read_save
from tests.support import SKIRMISH_TOML

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "maps" / "duel.toml"
GOOD = SKIRMISH_TOML
REFUSED = DUEL.read_text() + '\n[[orders]]\nunit = "elf"\ndo = "fight"\ntarget = "nobody"\n'


def digest(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def test_the_save_grows_command_by_command_while_the_game_goes(tmp_path, monkeypatch):
    save = tmp_path / "g.jsonl"
    seen = []
    original = Engine.run_order

    def spy(self, cmd):  # before each order: the file holds every command so far
        seen.append((len(save.read_bytes().splitlines()), len(self.records)))
        return original(self, cmd)

    monkeypatch.setattr(Engine, "run_order", spy)
    assert main(["play", str(DUEL), "--headless", "--save", str(save)]) == 0
    assert len(seen) == 2  # the duel's two orders
    assert all(lines == records + 1 for lines, records in seen)  # the header, then a line each
    assert check(save).ok


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o027, 0o640)])
def test_the_save_is_created_like_any_file_under_the_umask(tmp_path, umask, mode):
    save = tmp_path / "g.jsonl"
    old = os.umask(umask)
    try:
        assert main(["play", str(DUEL), "--headless", "--save", str(save)]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(save.stat().st_mode) == mode


def test_a_refused_order_leaves_no_file_and_no_folder(tmp_path, capsys):
    scen = tmp_path / "r.toml"
    scen.write_text(REFUSED)
    save = tmp_path / "new" / "deeper" / "g.jsonl"
    assert main(["play", str(scen), "--headless", "--save", str(save)]) == 2
    err = capsys.readouterr().err
    assert "orders[2]" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == [scen]


def test_a_refused_order_puts_back_the_save_that_was_there(tmp_path, capsys):
    save = tmp_path / "g.jsonl"
    assert main(["play", str(DUEL), "--headless", "--seed", "3", "--save", str(save)]) == 0
    os.chmod(save, 0o600)
    before = digest(save)
    scen = tmp_path / "r.toml"
    scen.write_text(REFUSED)
    assert main(["play", str(scen), "--headless", "--save", str(save)]) == 2
    assert digest(save) == before and stat.S_IMODE(save.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl", "r.toml"]


def test_a_successful_run_replaces_a_save(tmp_path, capsys):
    save = tmp_path / "g.jsonl"
    assert main(["play", str(DUEL), "--headless", "--seed", "3", "--save", str(save)]) == 0
    assert main(["play", str(DUEL), "--headless", "--seed", "4", "--save", str(save)]) == 0
    assert read_save(save).seed == 4 and check(save).ok
    assert [p.name for p in tmp_path.iterdir()] == ["g.jsonl"]


def test_a_save_at_a_symlink_replaces_the_link_never_its_target(tmp_path):
    real = tmp_path / "real.jsonl"
    assert main(["play", str(DUEL), "--headless", "--seed", "3", "--save", str(real)]) == 0
    before = digest(real)
    link = tmp_path / "link.jsonl"
    link.symlink_to(real.name)
    assert main(["play", str(DUEL), "--headless", "--seed", "4", "--save", str(link)]) == 0
    assert not link.is_symlink() and read_save(link).seed == 4 and check(link).ok
    assert digest(real) == before


@pytest.mark.parametrize("dangling", [True, False], ids=["link to nothing", "link to a save"])
def test_a_refused_run_puts_back_the_symlink_it_was_given(tmp_path, capsys, dangling):
    """Issue 22: a refused run wrote the save at a dangling link's target, then deleted the
    link, leaving a stray file and no link."""
    real = tmp_path / "real.jsonl"
    if not dangling:
        assert main(["play", str(DUEL), "--headless", "--seed", "3", "--save", str(real)]) == 0
    before = digest(real) if not dangling else None
    link = tmp_path / "link.jsonl"
    link.symlink_to(real.name)
    scen = tmp_path / "refused.toml"
    scen.write_text(REFUSED)
    assert main(["play", str(scen), "--headless", "--save", str(link)]) == 2
    assert "nobody" in capsys.readouterr().err
    assert link.is_symlink() and os.readlink(link) == real.name
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["link.jsonl", "refused.toml"] + ([] if dangling else ["real.jsonl"]))
    if not dangling:
        assert digest(real) == before


def test_a_symlink_to_a_file_that_is_no_save_is_left_alone(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    link = tmp_path / "link.jsonl"
    link.symlink_to(notes.name)
    assert main(["play", str(DUEL), "--headless", "--save", str(link)]) == 2
    assert "not a Contact Zone save" in capsys.readouterr().err
    assert link.is_symlink() and notes.read_text() == "my notes"


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: p.mkdir(), "is a folder"),
        (lambda p: p.write_text("my notes"), "is not a Contact Zone save; not overwriting it"),
        (lambda p: os.mkfifo(p), "is not a regular file (a device, pipe or socket); not writing to it"),
        (lambda p: p.write_bytes(b"\x00" * 4096), "is not a Contact Zone save"),
    ],
    ids=["folder", "text file", "pipe", "binary file"],
)
def test_a_save_target_that_is_no_save_is_left_alone(tmp_path, capsys, make, words):
    target = tmp_path / "target"
    make(target)
    before = digest(target) if target.is_file() else None
    assert main(["play", str(DUEL), "--headless", "--save", str(target)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    if before is not None:
        assert digest(target) == before
    assert [p.name for p in tmp_path.iterdir()] == ["target"]


def test_a_device_as_save_target_is_refused(capsys):
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null here")
    assert main(["play", str(DUEL), "--headless", "--save", "/dev/null"]) == 2
    assert "is not a regular file" in capsys.readouterr().err


def test_a_save_under_a_file_is_refused(tmp_path, capsys):
    f = tmp_path / "f"
    f.write_text("x")
    assert main(["play", str(DUEL), "--headless", "--save", str(f / "g.jsonl")]) == 2
    assert "part of the path is a file, not a folder" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seed", "-5"], "argument --seed: must be a whole number from 0 to 9223372036854775807, got -5"),
        (["--seed", str(2**63)], "got 9223372036854775808"),
        (["--seed", "six"], "got six"),
    ],
)
def test_a_bad_seed_on_the_command_line_is_one_line(tmp_path, args, words):
    p = tmp_path / "x.toml"
    p.write_text(GOOD)
    save = tmp_path / "out.jsonl"
    r = subprocess.run([sys.executable, str(ROOT / "run.py"), "play", str(p), "--headless",
                        "--save", str(save), *args], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and r.stdout == ""
    assert words in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert not save.exists()


# --- the kill test ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    """A scenario whose orders make a game of about 20,000 events (half a second of play),
    long enough that kills land mid-game."""
    from bench.longgame import play

    eng = play(20_000)
    data = dict(eng.scenario.raw)
    data["orders"] = [command_to_dict(r.command) for r in eng.records[1:]]
    p = tmp_path_factory.mktemp("long") / "long.json"
    p.write_text(json.dumps(data))
    return p, len(eng.records) - 1


def test_a_headless_save_killed_at_any_moment_is_a_save_or_nothing(tmp_path, long_game):
    scenario, commands = long_game
    rng = random.Random(8)
    outcomes = []
    for k in range(5):
        folder = tmp_path / f"run{k}"
        save = folder / "game.jsonl"
        proc = subprocess.Popen(
            [sys.executable, str(ROOT / "run.py"), "play", str(scenario), "--headless",
             "--save", str(save)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        if k == 0:
            time.sleep(rng.uniform(0.0, 0.05))  # most likely before the game starts
        else:  # once the game has started, at a random moment of it
            deadline = time.monotonic() + 20
            while not save.exists() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.002)
            time.sleep(rng.uniform(0.0, 0.3))
        proc.kill()
        proc.wait()
        if not save.exists():
            assert not folder.exists() or list(folder.iterdir()) == []
            outcomes.append("nothing")
            continue
        assert list(folder.iterdir()) == [save]  # nothing stray beside it
        result = check(save)
        assert result.ok, result.message
        saved = read_save(save)
        outcomes.append("mid-game" if len(saved.records) - 1 < commands else "whole game")
    assert outcomes.count("mid-game") >= 2, outcomes


def run_limited(argv: list[str], limit: int) -> subprocess.CompletedProcess:
    """The real entry point with files limited to ``limit`` bytes (RLIMIT_FSIZE: a write
    beyond fails as on a full disk; Python ignores the SIGXFSZ it brings)."""
    resource = pytest.importorskip("resource")

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([sys.executable, str(ROOT / "run.py"), *argv], capture_output=True,
                          text=True, cwd=ROOT, timeout=120, preexec_fn=cap)


def test_a_full_disk_ends_the_run_in_one_line_and_keeps_the_game_so_far(tmp_path):
    whole = tmp_path / "whole.jsonl"
    argv = ["play", str(DUEL), "--headless", "--seed", "5", "--ai", "both=easy"]
    assert main([*argv, "--save", str(whole)]) == 0
    size = whole.stat().st_size
    save = tmp_path / "cut" / "g.jsonl"
    got = run_limited([*argv, "--save", str(save)], size // 2)  # issue 22: a traceback
    assert got.returncode == 2 and "Traceback" not in got.stderr
    assert got.stderr.startswith("error: ") and got.stderr.count("\n") == 1
    saved = read_save(save)
    kept = len(saved.records) - 1
    assert f"it keeps the game up to command {kept}," in got.stderr
    assert 0 < kept < len(read_save(whole).records) - 1 and check(save).ok
    assert whole.read_bytes().startswith(save.read_bytes()[:size // 4])
    assert sorted(p.name for p in save.parent.iterdir()) == ["g.jsonl"]


def test_no_room_for_the_opening_leaves_nothing(tmp_path):
    save = tmp_path / "new" / "g.jsonl"
    got = run_limited(["play", str(DUEL), "--headless", "--save", str(save)], 200)
    assert got.returncode == 2 and got.stderr.count("\n") == 1
    assert "cannot be written" in got.stderr and "nothing was written" in got.stderr
    assert list(tmp_path.iterdir()) == []

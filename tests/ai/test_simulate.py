"""Batch simulation: the same seeds give the same games whatever the jobs or the backend, the
CSV has one row per game, the replays kept check out, and the summary's intervals."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.simulate import GameSpec, csv_text, play_game, run_local, summarise, wilson
from game.cli import main

MAPS = Path(__file__).resolve().parents[2] / "maps"
DUEL = str(MAPS / "duel.toml")


def specs(n: int, save_dir: str | None = None) -> list[GameSpec]:
    return [GameSpec(DUEL, 40 + i, ((1, "easy"), (2, "random")), i, save_dir) for i in range(n)]


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775


def test_same_games_on_one_process_or_two() -> None:
    one = list(run_local(specs(4), 1))
    two = list(run_local(specs(4), 2))
    assert csv_text(one) == csv_text(two)
    assert [r.seed for r in two] == [40, 41, 42, 43]


def test_csv_rows_and_summary() -> None:
    results = [play_game(s) for s in specs(3)]
    lines = csv_text(results).splitlines()
    assert lines[0].split(",")[:6] == ["game", "seed", "side1", "side2", "winner", "turns"]
    assert "orc.status" in lines[0] and "elf.damage" in lines[0]
    assert len(lines) == 4
    for r, line in zip(results, lines[1:]):
        cells = line.split(",")
        assert cells[1] == str(r.seed) and cells[4] == str(r.winner)
    s = summarise(results)
    assert s.games == 3 and sum(s.wins.values()) == 3
    # each duel ends with one of the two still standing unless it runs out of turns
    for r in results:
        alive = [u for u, d in r.units.items() if d["status"] == "active"]
        if r.winner in (1, 2):
            assert alive and all(r.units[u]["status"] == "active" for u in alive)


def test_cli_out_and_saves(tmp_path: Path, capsys) -> None:
    out1, out2 = tmp_path / "a.csv", tmp_path / "b.csv"
    saves = tmp_path / "replays"
    assert main(["simulate", DUEL, "--games", "3", "--ai", "both=easy", "--seed", "9",
                 "--jobs", "2", "--out", str(out1), "--keep-saves", str(saves)]) == 0
    text = capsys.readouterr().out
    assert "3 games" in text and "95% interval" in text and "Orc Brute" in text
    assert main(["simulate", DUEL, "--games", "3", "--ai", "both=easy", "--seed", "9",
                 "--jobs", "1", "--out", str(out2)]) == 0
    assert out1.read_bytes() == out2.read_bytes()
    kept = sorted(saves.iterdir())
    assert [p.name for p in kept] == [f"game-0000{i}-seed-{8 + i}.jsonl" for i in (1, 2, 3)]
    capsys.readouterr()
    assert main(["replay", str(kept[0]), "--check"]) == 0


def test_cli_bad_paths(tmp_path: Path, capsys) -> None:
    assert main(["simulate", DUEL, "--games", "1", "--out", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    f = tmp_path / "file"
    f.write_text("x")
    assert main(["simulate", DUEL, "--games", "1", "--keep-saves", str(f)]) == 2
    assert "not a folder" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["simulate", DUEL, "--games", "0"])
    assert stop.value.code == 2
    assert "whole number from 1" in capsys.readouterr().err


def test_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from game.ai.simulate import plot

    results = [play_game(s) for s in specs(2)]
    out = tmp_path / "r.png"
    plot(results, str(out), "duel", {"orc": "Orc Brute", "elf": "Elf Blademaster"})
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ray_local_mode_plays_the_same_games() -> None:
    pytest.importorskip("ray")
    from game.ai.simulate import run_ray

    local = list(run_local(specs(1), 1))
    remote = list(run_ray(specs(1), local_mode=True))
    assert csv_text(remote) == csv_text(local)


SKIRMISH_OW = """
format = 1
name = "Two blocks"
ruleset = "old-world"
turns = 2
[table]
width = 24.0
height = 24.0
[[units]]
id = "a"
side = 1
x = 12.0
y = 18.0
base = "25x25"
models = 10
troop_type = "regular infantry"
points = 100
stats = { M = 4, WS = 3, BS = 3, S = 3, T = 3, W = 1, I = 3, A = 1, Ld = 7 }
[[units]]
id = "b"
side = 2
x = 12.0
y = 6.0
facing = 180.0
base = "25x25"
models = 10
troop_type = "regular infantry"
points = 80
stats = { M = 4, WS = 3, BS = 3, S = 3, T = 3, W = 1, I = 3, A = 1, Ld = 7 }
"""


def test_victory_points_in_the_summary_and_the_csv(tmp_path: Path, capsys) -> None:
    path = tmp_path / "blocks.toml"
    path.write_text(SKIRMISH_OW)
    out = tmp_path / "r.csv"
    assert main(["simulate", str(path), "--games", "2", "--ai", "both=random", "--seed", "3",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "victory points on average: side 1" in text
    rows = out.read_text().splitlines()
    head = rows[0].split(",")
    assert head[6:8] == ["side1.victory_points", "side2.victory_points"]
    for row in rows[1:]:
        cells = row.split(",")
        vp1, vp2 = int(cells[6]), int(cells[7])
        # a side can score at most what the other army costs
        assert 0 <= vp1 <= 80 and 0 <= vp2 <= 100
        # a side wins by wiping the other out, or on a lead of 100 (which these armies
        # cannot give); otherwise the game is a draw, never "no winner"
        status = {u: cells[head.index(f"{u}.status")] for u in ("a", "b")}
        if cells[4] in ("1", "2"):
            loser = "b" if cells[4] == "1" else "a"
            assert status[loser] in ("destroyed", "fled") or abs(vp1 - vp2) >= 100
        else:
            assert cells[4] == "draw"


# --- issue 22: rows as games finish, --resume, a stuck game, a full disk, --jobs, workers, Ray


def run_sim(*extra: str) -> int:
    return main(["simulate", DUEL, "--ai", "both=easy", "--seed", "9", "--jobs", "1", *extra])


def test_resume_goes_on_from_a_stopped_run_and_ends_with_the_same_files(tmp_path: Path,
                                                                        capsys) -> None:
    whole, part = tmp_path / "whole.csv", tmp_path / "part.csv"
    assert run_sim("--games", "5", "--out", str(whole), "--keep-saves", str(tmp_path / "a")) == 0
    lines = whole.read_text().splitlines(keepends=True)
    # stopped while writing game 3's row, with game 3's save half written
    part.write_text("".join(lines[:3]) + lines[3][:9])
    (tmp_path / "b").mkdir()
    for p in sorted((tmp_path / "a").iterdir())[:3]:
        (tmp_path / "b" / p.name).write_bytes(p.read_bytes()[:len(p.read_bytes()) // 2]
                                              if p.name.startswith("game-00003") else
                                              p.read_bytes())
    capsys.readouterr()
    assert main(["simulate", DUEL, "--ai", "both=easy", "--jobs", "2", "--games", "5", "--out",
                 str(part), "--resume", "--keep-saves", str(tmp_path / "b")]) == 0
    got = capsys.readouterr()
    assert "2 of 5 games already played" in got.err and "5 games" in got.out
    assert part.read_bytes() == whole.read_bytes()
    assert [(p.name, p.read_bytes()) for p in sorted((tmp_path / "b").iterdir())] == \
        [(p.name, p.read_bytes()) for p in sorted((tmp_path / "a").iterdir())]


@pytest.mark.parametrize(
    ("change", "words"),
    [(["--ai", "2=random"], "side 1 easy and side 2 easy, not normal and random"),
     (["--seed", "10"], "its games start from seed 9, not 10"),
     (["--games", "1"], "already holds 2 games, more than --games 1")],
    ids=["other levels", "other seed", "fewer games"])
def test_resume_refuses_a_file_of_another_run(tmp_path: Path, capsys, change, words) -> None:
    out = tmp_path / "r.csv"
    assert run_sim("--games", "2", "--out", str(out)) == 0
    before = out.read_bytes()
    capsys.readouterr()
    argv = ["simulate", DUEL, "--ai", "both=easy", "--games", "3", "--out", str(out),
            "--resume"]
    for i in range(0, len(change), 2):  # the change replaces what it names
        if change[i] in argv:
            argv[argv.index(change[i]) + 1] = change[i + 1]
        else:
            argv += change[i:i + 2]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert out.read_bytes() == before


def test_resume_needs_a_results_file_of_this_scenario(tmp_path: Path, capsys) -> None:
    assert main(["simulate", DUEL, "--games", "1", "--resume"]) == 2
    assert "give it as --out CSV" in capsys.readouterr().err
    assert main(["simulate", DUEL, "--games", "1", "--resume", "--out",
                 str(tmp_path / "none.csv")]) == 2
    assert "no such file; nothing to go on with" in capsys.readouterr().err
    other = tmp_path / "other.csv"
    other.write_text("game,seed,side1,side2,winner,turns,a.status\n")
    assert main(["simulate", DUEL, "--games", "1", "--resume", "--out", str(other)]) == 2
    assert "not the results of this scenario" in capsys.readouterr().err


def test_rows_are_written_as_the_games_finish(tmp_path: Path, monkeypatch) -> None:
    # the run stops (here: interrupted) during game 3: the rows of games 1 and 2 are there
    import game.ai.simulate as sim

    real = sim.play_game

    def stop_at_three(spec: GameSpec):
        if spec.index == 2:
            raise KeyboardInterrupt
        return real(spec)

    monkeypatch.setattr(sim, "play_game", stop_at_three)
    out = tmp_path / "r.csv"
    with pytest.raises(KeyboardInterrupt):
        run_sim("--games", "5", "--out", str(out))
    rows = out.read_text().splitlines()
    assert [r.split(",")[:2] for r in rows[1:]] == [["1", "9"], ["2", "10"]]


def test_a_game_the_ai_cannot_finish_is_one_line_and_keeps_the_rows(tmp_path: Path, capsys,
                                                                     monkeypatch) -> None:
    # issue 22: Stuck escaped play_out as a traceback
    import game.ai.simulate as sim
    from game.ai.game import Stuck

    real = sim.play_out

    def stuck_in_game_two(engine, players, *rest):
        if engine.seed == 10:
            raise Stuck("game turn 1 did not end within 20100 commands")
        return real(engine, players, *rest)

    monkeypatch.setattr(sim, "play_out", stuck_in_game_two)
    out = tmp_path / "r.csv"
    assert run_sim("--games", "3", "--out", str(out)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "game 2 (seed 10): the AI could not go on: game turn 1 did not end" in err
    assert f"--out {out} keeps the first 1 game (--resume goes on from there)" in err
    assert len(out.read_text().splitlines()) == 2


def test_a_full_disk_under_keep_saves_is_one_line_and_keeps_what_was_written(tmp_path: Path,
                                                                            capsys) -> None:
    resource = pytest.importorskip("resource")
    import subprocess
    import sys

    from game.core.replay import check, read_save

    whole = tmp_path / "whole.csv"
    assert run_sim("--games", "4", "--out", str(whole), "--keep-saves", str(tmp_path / "a")) == 0
    sizes = sorted(p.stat().st_size for p in (tmp_path / "a").iterdir())
    limit = (sizes[0] + sizes[-1]) // 2  # some saves fit, some do not

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    out, saves = tmp_path / "part.csv", tmp_path / "b"
    argv = [sys.executable, str(Path(__file__).resolve().parents[2] / "run.py"), "simulate", DUEL,
            "--ai", "both=easy", "--seed", "9", "--jobs", "2", "--games", "4", "--out", str(out),
            "--keep-saves", str(saves)]
    got = subprocess.run(argv, capture_output=True, text=True, timeout=300, preexec_fn=cap)
    assert got.returncode == 2 and "Traceback" not in got.stderr, got.stderr
    assert got.stderr.startswith("error: --keep-saves: ") and got.stderr.count("\n") == 1
    assert "the save could not be written on (File too large)" in got.stderr
    for p in saves.iterdir():  # every save there replays, the one cut short too
        assert check(p).ok and read_save(p).records
    kept = len(out.read_text().splitlines()) - 1
    assert f"keeps the first {kept} game" in got.stderr or "keeps no game yet" in got.stderr
    assert whole.read_text().startswith(out.read_text())
    # and the run goes on from there to the same results
    capsys.readouterr()
    assert main(argv[2:] + ["--resume"]) == 0
    assert out.read_bytes() == whole.read_bytes()


def test_jobs_are_capped_at_the_cores_available(tmp_path: Path, capsys, monkeypatch) -> None:
    import game.workers as workers

    monkeypatch.setattr(workers, "cores_available", lambda: 2)
    assert main(["simulate", DUEL, "--games", "2", "--ai", "both=random", "--jobs",
                 "1000000000"]) == 0
    assert "note: --jobs 1000000000: 2 cores available here; using 2\n" in \
        capsys.readouterr().err
    assert workers.cap_jobs(2) == 2 and workers.cap_jobs(1) == 1
    assert capsys.readouterr().err == ""
    for bad in ("0", "-3"):
        with pytest.raises(SystemExit) as stop:
            main(["simulate", DUEL, "--jobs", bad])
        assert stop.value.code == 2
        assert f"must be a whole number from 1, got {bad}" in capsys.readouterr().err


WORKER_THEN_DIE = """
import os, signal, sys, time
sys.path.insert(0, sys.argv[1])
from game.workers import process_pool
pool = process_pool(1)
print(pool.submit(os.getpid).result(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_worker_exits_when_its_parent_is_killed(tmp_path: Path) -> None:
    """Issue 22: workers of a simulate killed with -9 stayed blocked for minutes, holding
    its output pipes."""
    import subprocess
    import sys
    import time

    script = tmp_path / "die.py"
    script.write_text(WORKER_THEN_DIE)
    root = str(Path(__file__).resolve().parents[2])
    got = subprocess.run([sys.executable, str(script), root], capture_output=True, text=True,
                         timeout=60)  # returns only once the pipes close: the worker is gone
    assert got.returncode == -9
    worker = int(got.stdout)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and alive(worker):
        time.sleep(0.1)
    assert not alive(worker)


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state not in ("Z", "X")  # a zombie has exited


def test_ray_out_of_reach_or_not_installed_is_one_line(capsys, monkeypatch) -> None:
    import sys
    import types

    monkeypatch.setitem(sys.modules, "ray", None)  # not installed
    assert main(["simulate", DUEL, "--games", "1", "--backend", "ray"]) == 2
    assert 'needs Ray: pip install -e ".[cluster]"' in capsys.readouterr().err

    fake = types.ModuleType("ray")
    fake.is_initialized = lambda: False

    def init(**kwargs):
        raise ConnectionError(f"Could not find any running Ray instance at {kwargs['address']}."
                              "\nPlease start one")

    fake.init = init
    monkeypatch.setitem(sys.modules, "ray", fake)
    assert main(["simulate", DUEL, "--games", "1", "--backend", "ray", "--address",
                 "10.1.2.3:6379"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert ("--backend ray: no Ray cluster could be reached at 10.1.2.3:6379 (Could not find "
            "any running Ray instance at 10.1.2.3:6379.)") in err


def test_a_full_disk_under_out_is_one_line_and_keeps_the_rows_written(tmp_path: Path) -> None:
    resource = pytest.importorskip("resource")
    import subprocess
    import sys

    whole = tmp_path / "whole.csv"
    assert run_sim("--games", "4", "--out", str(whole)) == 0
    rows = whole.read_text().splitlines(keepends=True)
    limit = len("".join(rows[:3])) + 5  # room for the header, two rows and a bit of a third

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    out = tmp_path / "part.csv"
    argv = [sys.executable, str(Path(__file__).resolve().parents[2] / "run.py"), "simulate", DUEL,
            "--ai", "both=easy", "--seed", "9", "--jobs", "1", "--games", "4", "--out", str(out)]
    got = subprocess.run(argv, capture_output=True, text=True, timeout=300, preexec_fn=cap)
    assert got.returncode == 2 and got.stderr.count("\n") == 1, got.stderr
    assert got.stderr.startswith(f"error: --out {out}: could not be written on (File too large)")
    assert "it keeps the first 2 games (--resume goes on from there)" in got.stderr
    assert out.read_text().startswith("".join(rows[:3]))


def test_a_scenario_file_written_anew_is_read_anew(tmp_path: Path) -> None:
    # (the campaign simulates one mutant after another at the same path, in one process)
    from game.ai.simulate import setup

    path = tmp_path / "s.toml"
    path.write_text(Path(DUEL).read_text())
    assert setup(str(path)).name == "Duel at the ford"
    path.write_text(Path(DUEL).read_text().replace("Duel at the ford", "Duel at the bank"))
    assert setup(str(path)).name == "Duel at the bank"  # (as long, and maybe as old)

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

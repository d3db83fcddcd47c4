"""The fit of the evaluation's parts against how games ended (bench/bench_eval_fit.py)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bench import bench_eval_fit as B
from game.ai.evaluate import pressure, pressure_sides
from game.ai.game import play_out
from game.ai.player import LEVELS
from game.ai.simulate import setup
from game.core.engine import Engine
from game.core.position import engine_at
from game.core.replay import read_save, write_save


def short(tmp_path, map_name: str, turns: int = 2) -> str:
    """The shipped map ``map_name`` cut to ``turns`` game turns, as a file."""
    text = (B.ROOT / "maps" / f"{map_name}.toml").read_text()
    full = next(line for line in text.splitlines() if line.startswith("turns = "))
    path = tmp_path / f"{map_name}.toml"
    path.write_text(text.replace(full, f"turns = {turns}"))
    return str(path)


def played(tmp_path, map_name: str, seed: int):
    """A two-turn game of ``easy`` against itself on ``map_name``, saved; its path and
    engine."""
    engine = Engine(setup(short(tmp_path, map_name)), seed=seed)
    play_out(engine, {1: "easy", 2: "easy"})
    path = tmp_path / f"{map_name}-{seed}.jsonl"
    write_save(engine, path)
    return path, engine


def test_the_weights_that_made_the_final_leads_are_found_again():
    # positions whose games ended exactly at twice the material plus half the lead, less the
    # enemy's attacks to come when it moves next: the fit gives those weights, nothing else
    rng = random.Random(1)
    rows = []
    for g in range(6):
        for t in range(4):
            parts = (1.0, *(rng.uniform(-3.0, 3.0) for _ in B.PARTS[1:]))
            final = 2.0 * parts[2] + 0.5 * parts[1] - parts[7]
            # (an evaluation that reads the final lead at half scale, plus a constant: only
            # its scale and constant are fitted, and it accounts for everything)
            rows.append(B.Position(f"g{g}", t + 1, parts, final, 0.5 * final + 3.0))
    weights = B.fit(rows)
    want = [0.0, 0.5, 2.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0]
    assert weights == pytest.approx(want, abs=1e-9)
    assert B.explained(rows, weights) == pytest.approx(1.0)
    assert B.explained(rows) == pytest.approx(1.0)
    assert B.explained([dataclasses.replace(r, evaluation=r.parts[5]) for r in rows]) < 0.5
    table = B.report(rows, resamples=20)
    assert "24 positions from 6 games" in table and "100% of the final leads' variance" in table
    assert "2.000" in table and "-1.000" in table
    assert "only 24 positions for 9 weights" in table  # (a fit of so few is said to be noise)


def test_each_player_turn_of_a_saved_game_is_a_position_with_its_parts(tmp_path):
    path, engine = played(tmp_path, "old-world", 5)
    rows = B.positions(path)
    # two game turns, each side beginning its turn once in each
    assert [r.turn for r in rows] == [1, 1, 2, 2]
    scores = engine.ruleset.advisor.side_scores(engine.state)
    assert all(r.final == pytest.approx(scores[0] - scores[1]) for r in rows)
    # the first position is the game's start: nothing scored, nothing under way, the armies
    # as they were set up
    first = rows[0].parts
    start = Engine(setup(short(tmp_path, "old-world")), seed=5)
    assert first[:4] == (1.0, 0.0, pytest.approx(B.material(start, 1)), 0.0)
    # one game is not enough to fit on, and the run says so
    with pytest.raises(SystemExit, match="too few games to fit"):
        B.main([str(path)])


def test_the_table_gives_the_weights_the_evaluation_adds_the_parts_up_with(tmp_path):
    path, engine = played(tmp_path, "ninth-age", 7)
    look = LEVELS["normal"].look
    weighs = B.weighed("normal")
    # (halfway through the game, where both sides have attacks to come)
    e, _ = engine_at(read_save(str(path)), len(engine.log) // 2)
    own, foe = pressure_sides(e, 1, look)
    assert own.moves_next != foe.moves_next
    assert own.weight == float(weighs[4] if own.moves_next else weighs[5])
    assert -foe.weight == float(weighs[7] if foe.moves_next else weighs[8])
    assert pressure(e, 1, look) == pytest.approx(
        own.under_way + own.weight * own.to_come - foe.under_way - foe.weight * foe.to_come)


def test_a_game_of_alternating_activations_is_refused_by_name(tmp_path):
    path, _ = played(tmp_path, "duel", 3)
    with pytest.raises(SystemExit) as out:
        B.positions(path)
    assert str(path) in str(out.value) and "alternating activations" in str(out.value)


@pytest.mark.parametrize("args, named", [(["nowhere.jsonl"], "nowhere.jsonl: no such file"),
                                         (["--turns", "x", "."], "--turns x"),
                                         (["game.jsonl"], "game.jsonl: the file is empty")])
def test_bad_input_is_named(args, named, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.jsonl").write_text("")
    with pytest.raises(SystemExit) as out:
        B.main(args)
    assert named in str(out.value)

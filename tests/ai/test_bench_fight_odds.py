"""The fight odds set against the fights the rules played (bench/bench_fight_odds.py)."""

from __future__ import annotations

import re

import pytest

from bench import bench_fight_odds as B
from game.ai.game import play_out
from game.ai.simulate import setup
from game.core.engine import Engine
from game.core.replay import write_save
from game.core.scenario import check_scenario
from game.rulesets.rank_and_flank.events import CombatResult


def fight(share: float, result: float, charger: str = "a") -> B.Fight:
    return B.Fight("m", charger, "b", share, result)


def test_the_brier_score_and_the_auc_worked_out_by_hand():
    fights = [fight(0.9, 1.0), fight(0.2, 0.0), fight(0.6, 1.0), fight(0.6, 0.0), fight(0.5, 0.5)]
    # squared misses 0.01, 0.04, 0.16, 0.36 and 0 for the draw at one half
    assert B.brier(fights) == pytest.approx(0.57 / 5)
    # won 0.9 and 0.6 against lost 0.2 and 0.6: three pairs right, one tied (a half); the
    # draw is left out
    assert B.auc(fights) == pytest.approx(3.5 / 4)
    assert B.auc([fight(0.9, 1.0), fight(0.5, 0.5)]) is None  # (nothing lost to set it against)
    # (and the table says why its AUC is blank)
    assert "no AUC where the charger won every fight" in B.report([fight(0.9, 1.0)])
    assert "no AUC" not in B.report(fights)
    lines = B.report(fights, pairs=5).splitlines()
    # the map's row: five fights, half of them won (a draw counts half), odds 0.56 on average
    assert lines[1].split() == ["m", "5", "0.50", "0.56", "0.114", "0.88"]
    assert "fought 5 times or more" in lines[3] and lines[5].split()[:4] == ["m", "a", "b", "5"]
    assert len(B.report(fights, pairs=6).splitlines()) == 2  # (no pairing fought six times)


def test_a_charge_is_set_against_the_combat_result_that_followed_it(tmp_path):
    # (the blocks of tests/ai/test_fight_odds.py: the elite's odds against the rabble are
    # 3.78 / (3.78 + 1.28), worked out there by hand; a charge at the front, no edge)
    from tests.old_world.helpers import block, facing_off, ow

    elite = block("elite", 1, 24, 40, stats={"WS": 5, "S": 4, "T": 4}, armour=4)
    rabble = block("rabble", 2, 24, 0, stats={"WS": 2})
    engine = Engine(check_scenario(ow(facing_off(elite, rabble, gap=3.0), orders=[]), "test"),
                    seed=2)
    play_out(engine, {1: "easy", 2: "easy"})
    path = tmp_path / "game.jsonl"
    write_save(engine, path)
    results = [e for e in engine.log if isinstance(e, CombatResult)]
    read = B.fights_of(path)
    assert read.declared == read.weighed == 1 and len(read.fights) == 1
    got = read.fights[0]
    assert (got.map, got.charger, got.target) == ("test", "Elite", "Rabble")
    assert got.share == pytest.approx((5 * 5 / 6 * 4 / 6 + 1) / (5 * 5 / 6 * 4 / 6 + 1
                                                                 + 5 * 2 / 6 * 2 / 6 / 2 + 1))
    first = results[0]
    assert "elite" in first.units
    assert got.result == (0.5 if first.winner is None else float(first.winner == 1))


def test_a_game_of_alternating_activations_is_refused_by_name(tmp_path):
    engine = Engine(setup(str(B.ROOT / "maps" / "duel.toml")), seed=3)
    path = tmp_path / "duel.jsonl"
    write_save(engine, path)
    with pytest.raises(SystemExit) as out:
        B.fights_of(path)
    assert str(path) in str(out.value) and "alternating activations" in str(out.value)


def test_bad_input_is_named(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.jsonl").write_text("")
    for args, named in ((["nowhere.jsonl"], "nowhere.jsonl: no such file"),
                        (["--pairs", "0", "."], "--pairs 0: give a whole number"),
                        (["game.jsonl"], "game.jsonl: the file is empty")):
        with pytest.raises(SystemExit, match=re.escape(named)):
            B.main(args)


def test_games_without_a_fight_say_so(tmp_path, capsys):
    engine = Engine(setup(str(B.ROOT / "maps" / "old-world.toml")), seed=4)
    path = tmp_path / "start.jsonl"
    write_save(engine, path)
    assert B.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "0 charges declared" in out and "no charge in these games came to blows" in out

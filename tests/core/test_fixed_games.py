"""Whole games played once (the AI on both sides, every shipped map) and kept as saves: the
engine re-running their commands must give every event again, field for field (a rule's
note or a question may be worded otherwise: the old-world saves keep an older wording of
Pursuit, the trench save "1 Blood Markers"), and folding the recorded events must give the
re-run state. A change to the engine's shape (how rules plug in, how phases run, how
decisions pause) keeps these passing; a change to a rule's outcome shows here first and the
saves are then made again on purpose (see the README in ``tests/fixed_games``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import replay

GAMES = sorted((Path(__file__).parent.parent / "fixed_games").glob("*.jsonl"))


def test_every_shipped_map_has_a_fixed_game():
    maps = {p.stem for p in (Path(__file__).parents[2] / "maps").glob("*.toml")}
    assert maps <= {g.stem.split(".")[0] for g in GAMES}


@pytest.mark.parametrize("path", GAMES, ids=[g.stem for g in GAMES])
def test_a_fixed_game_re_runs_event_for_event(path):
    result = replay.check(path)
    assert result.ok and result.events > 20
    save = replay.read_save(path)
    assert replay.fold_save(save).game_over, "the game was played to its end"

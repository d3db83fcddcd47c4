"""Throwaway levels for the strength table (``--variant``, bench/bench_strength.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import bench_strength as B
from game.ai import player as P


@pytest.fixture
def levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """The AI's levels as they are, whatever a test defines."""
    monkeypatch.setattr(P, "LEVELS", dict(P.LEVELS))


def test_a_variant_is_its_base_level_with_the_fields_given_changed(levels: None) -> None:
    level, definition = B.variant("f0=normal:fight_on=0, look.turn_fear=0.5,look.shots=true")
    normal = P.LEVELS["normal"]
    assert (level.name, level.fight_on, level.look.turn_fear, level.look.shots) == (
        "f0", 0, 0.5, True)
    assert (level.deep, level.more, level.look.next) == (normal.deep, normal.more,
                                                         normal.look.next)
    assert definition == "normal:fight_on=0,look.turn_fear=0.5,look.shots=true"
    # one defined earlier in the run may be the base of the next
    assert B.define(["d3=normal:deep=3", "d3f=d3:fight_on=4"]) == {
        "d3": "normal:deep=3", "d3f": "d3:fight_on=4"}
    assert (P.LEVELS["d3f"].deep, P.LEVELS["d3f"].fight_on) == (3, 4)


@pytest.mark.parametrize(("text", "says"), [
    ("f0", "NAME=BASE:KEY=VALUE"),
    ("f0=normal", "NAME=BASE:KEY=VALUE"),
    ("f0=nope:deep=1", "unknown level 'nope'"),
    ("f-0=normal:deep=1", "no dash"),
    ("hard=normal:deep=1", "not after a level that exists"),
    ("f0=normal:depth=3", "'depth=3' is not KEY=VALUE"),
    ("f0=normal:name=x", "'name=x' is not KEY=VALUE"),
    ("f0=normal:deep=2.5", "deep must be a whole number, not '2.5'"),
    ("f0=normal:look.fear=lots", "look.fear must be a number"),
    ("f0=normal:look.shots=maybe", "look.shots must be true or false"),
])
def test_a_variant_that_cannot_be_read_says_what_is_wrong(levels: None, text: str,
                                                          says: str) -> None:
    with pytest.raises(ValueError, match=says.replace(".", r"\.")):
        B.variant(text)
    assert B.main(["--variant", text, "--maps", "duel", "--games", "2"]) == 2
    assert "f0" not in P.LEVELS


def test_a_run_plays_a_variant_in_its_workers_and_keeps_its_definition(
        levels: None, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    assert B.main(["--variant", "d1=normal:deep=1,fight_on=0", "--pairings", "d1-random",
                   "--maps", "duel", "--games", "2", "--jobs", "2", "--out", str(out)]) == 0
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(g["a"], g["defined"]) for g in games] == [
        ("d1", {"d1": "normal:deep=1,fight_on=0"})] * 2
    # the worker played the variant itself: its choices are the variant's
    assert all(g["choices"].get("d1") for g in games)
    assert "d1 = normal:deep=1,fight_on=0" in "\n".join(B.report(B.read(out)))
    # a pairing with a level nobody defined is refused
    assert B.main(["--pairings", "d2-random", "--maps", "duel", "--games", "2"]) == 2
    # taken up again, the run defines its levels from its file
    del P.LEVELS["d1"]
    assert B.main(["--pairings", "d1-random", "--maps", "duel", "--games", "4", "--out",
                   str(out), "--resume"]) == 0
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(g["a"], g["index"]) for g in games] == [("d1", i) for i in range(4)]
    assert P.LEVELS["d1"].deep == 1 and P.LEVELS["d1"].fight_on == 0


def test_the_report_gives_each_levels_choices_a_game_in_the_same_games() -> None:
    def game(i: int, a: str, b: str, mine: list[float], theirs: list[float]) -> B.Game:
        return B.Game("duel", a, b, i, 1000 + i, 1 + i % 2, 1, 4, 2.0,
                      {a: mine, b: theirs} if a != b else {a: mine + theirs})
    games = [game(0, "x", "normal", [0.5, 0.25], [1.0]), game(1, "x", "normal", [0.25], [2.0]),
             game(0, "normal", "normal", [0.5], [0.5])]
    lines = B.report(games)
    per_game = lines[next(i for i, line in enumerate(lines) if "CPU per game" in line) + 1:]
    rows = {" ".join(line.split()[:3]): line.split() for line in per_game if " v " in line}
    # x's choices: 0.75 s and 0.25 s, a game 0.50 s; normal's 1.5 s a game
    assert rows["x v normal"][4:] == ["2", "2.0s", "2.0s", "0.50s", "1.50s"]
    # a level against itself: both sides' choices together, once
    assert rows["normal v normal"][4:] == ["1", "2.0s", "2.0s", "1.00s"]


def test_a_map_the_games_would_fail_on_is_named_before_any_is_played(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "maps").mkdir()
    text = (B.ROOT / "maps" / "duel.toml").read_text()
    # the Elf given one damage track fewer than its list of MAV values (a typo in a variant map)
    elf = "MAV = 5, MA = 2, DV = 11, DIS = 6, DT = 3"
    assert elf in text  # (else the map below would be the duel as it is, and play)
    (tmp_path / "maps" / "typo.toml").write_text(
        text.replace(elf, "MAV = [5, 5, 5], MA = 2, DV = 11, DIS = 6, DT = 2"))
    monkeypatch.setattr(B, "ROOT", tmp_path)
    out = tmp_path / "games.jsonl"
    assert B.main(["--maps", "typo", "--games", "2", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "typo.toml" in err and "MAV lists 3 values but the model has 2 damage tracks" in err
    assert not out.exists()


def test_a_salted_copy_throws_other_dice_for_its_tries(levels: None,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The null a change is measured against (``salt``): the same level with the dice of its
    tries (and its extra move points) dealt afresh. With salt 0 a copy under another name
    tries exactly what the level tries, score for score; with salt 1 it does not."""
    from game.ai.simulate import setup
    from game.core.engine import Engine

    B.define(["same=normal:salt=0", "other=normal:salt=1"])
    engine = Engine(setup(str(B.ROOT / "maps" / "trench.toml")), seed=7)
    tried: dict[str, list[tuple[str, tuple[float, ...]]]] = {}
    for level in ("normal", "same", "other"):
        seen: list[list[tuple[str, tuple[float, ...]]]] = []
        monkeypatch.setattr(P, "TRACE", lambda ranked, seen=seen: seen.append(
            sorted((repr(t.cand.command), tuple(t.scores)) for t in ranked)))
        P.choose(engine, level=level)
        tried[level] = seen[-1]
    assert tried["same"] == tried["normal"]
    assert tried["other"] != tried["normal"]

"""Any position of a save as a starting point (issue 21): ``play SAVE --headless [--at N]``,
``odds SAVE --at N`` and ``simulate SAVE --at N`` go on from the position after event N (the
one before the command it falls in), with the save's own dice; what they write checks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.ai.simulate import wilson
from game.cli import main
from game.core.position import spot
from game.core.replay import check, read_save
from game.odds.cli import position
from tests.support import b2b_pair, scenario, unit

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"


def saved_game(tmp_path: Path, name: str, *args: str) -> Path:
    """A finished game of a shipped map, saved."""
    out = tmp_path / f"{name}.jsonl"
    assert main(["play", str(MAPS / f"{name}.toml"), "--headless", "--save", str(out),
                 *args]) == 0
    return out


def event_dicts(path: Path) -> list[dict]:
    return read_save(path).event_dicts()


def test_a_position_inside_a_command_is_the_one_before_it(tmp_path, capsys) -> None:
    path = saved_game(tmp_path, "duel")
    save = read_save(path)
    sizes = [len(r.events) for r in save.records]
    # a command of several events (the fight resolved at the end of the activation)
    k = next(i for i, n in enumerate(sizes) if i > 0 and n >= 3)
    before = sum(sizes[:k])
    inside = spot(save, before + 2)
    assert (inside.records, inside.events) == (k, before)
    assert f"after event {before}" in inside.note and f"{before + 1} to {before + sizes[k]}" \
        in inside.note
    exact = spot(save, before + sizes[k])
    assert (exact.records, exact.events, exact.note) == (k + 1, before + sizes[k], "")
    assert spot(save, None).events == sum(sizes) and spot(save, 0).records == 1
    with pytest.raises(ValueError, match=f"the save has {sum(sizes)} events"):
        spot(save, sum(sizes) + 1)


@pytest.mark.parametrize("name, first", [("duel", ["--ai", "both=random"]),
                                         ("rules-study", []),
                                         ("trench", ["--ai", "both=random"])])
def test_play_on_from_half_way_finishes_the_game_and_checks(tmp_path, capsys, name,
                                                            first) -> None:
    full = saved_game(tmp_path, name, *first)
    events = event_dicts(full)
    half = len(events) // 2
    on = tmp_path / f"{name}-on.jsonl"
    capsys.readouterr()
    assert main(["play", str(full), "--headless", "--at", str(half), "--ai", "both=normal",
                 "--save", str(on), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game_over"] and doc["winner"] is not None
    assert check(on).ok
    kept = spot(read_save(full), half).events
    assert 0 < kept <= half
    # the new game is the saved one up to the position, then goes on from there
    assert event_dicts(on)[:kept] == events[:kept]
    assert read_save(on).seed == read_save(full).seed


def test_play_on_prints_the_log_from_the_position(tmp_path, capsys) -> None:
    full = saved_game(tmp_path, "duel", "--ai", "both=random")
    save = read_save(full)
    at = len(save.records[0].events) + len(save.records[1].events)
    capsys.readouterr()
    assert main(["play", str(full), "--headless", "--at", str(at), "--ai", "both=random"]) == 0
    numbers = [int(m.group(1)) for m in re.finditer(r"^\s*(\d+)  ", capsys.readouterr().out,
                                                    re.M)]
    assert numbers and numbers[0] == at + 1


def test_odds_at_a_position_of_a_save_are_those_of_the_scenario_there(tmp_path, capsys) -> None:
    ya, yb = b2b_pair()
    data = scenario(
        [unit("orc", 1, 12, yb + 4, stats={"MA": 3, "MAV": 4, "DV": 10}),
         unit("elf", 2, 12, ya, 180, stats={"MAV": 3, "DV": 9, "DT": 2}),
         unit("wolf", 2, 4, 4)],
        orders=[{"unit": "wolf", "do": "move", "to": [4, 6]},
                {"unit": "orc", "do": "charge", "target": "elf"}],
        seed=4, first_side=2)
    toml = tmp_path / "scenario.json"
    toml.write_text(json.dumps(data))
    save = tmp_path / "game.jsonl"
    assert main(["play", str(toml), "--headless", "--save", str(save)]) == 0
    n = len(position(str(toml), None).log)  # the events of the orders, before the closing
    assert n < len(event_dicts(save))
    args = ["--unit", "orc", "--do", "fight", "--target", "elf", "--json"]
    for extra in ([], ["--sampled", "--samples", "400"]):
        capsys.readouterr()
        assert main(["odds", str(toml), *args, *extra]) == 0
        want = json.loads(capsys.readouterr().out)
        assert main(["odds", str(save), "--at", str(n), *args, *extra]) == 0
        got = json.loads(capsys.readouterr().out)
        want.pop("seconds", None), got.pop("seconds", None)
        assert got == want and got["expected_damage_to_target"] > 0


def test_simulate_from_the_middle_of_a_finished_game(tmp_path, capsys) -> None:
    full = saved_game(tmp_path, "duel", "--ai", "both=random")
    half = len(event_dicts(full)) // 2
    keep = tmp_path / "kept"
    capsys.readouterr()
    assert main(["simulate", str(full), "--at", str(half), "--games", "100", "--ai",
                 "both=random", "--seed", "1", "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert f"from the position after event {spot(read_save(full), half).events}" in text
    counts = {}
    for key, label in (("1", "side 1 (random)"), ("2", "side 2 (random)"), ("draw", "draws")):
        m = re.search(re.escape(label) + r"\s+(\d+)\s+[\d.]+%\s+\(95% interval ([\d.]+)% to "
                      r"([\d.]+)%\)", text)
        assert m, label
        k = int(m.group(1))
        lo, hi = wilson(k, 100)
        assert (float(m.group(2)), float(m.group(3))) == (round(100 * lo, 1), round(100 * hi, 1))
        counts[key] = k
    assert sum(counts.values()) == 100
    # games kept as saves re-run exactly, though their dice after the position are new
    assert main(["simulate", str(full), "--at", str(half), "--games", "3", "--ai", "both=random",
                 "--seed", "1", "--keep-saves", str(keep)]) == 0
    kept = sorted(keep.iterdir())
    assert len(kept) == 3
    prefix = spot(read_save(full), half).events
    for p in kept:
        assert check(p).ok
        assert event_dicts(p)[:prefix] == event_dicts(full)[:prefix]
    assert len({tuple(map(str, event_dicts(p)[prefix:])) for p in kept}) > 1


@pytest.mark.parametrize("args, words", [
    (["play", "{save}", "--headless"], "the game is over at its end"),
    (["play", "{save}", "--headless", "--at", "99999"], "there is no event 99999"),
    (["play", "{save}", "--headless", "--at", "3", "--seed", "5"], "--seed"),
    (["play", "{map}", "--headless", "--at", "3"], "is a scenario"),
    (["play", "{save}", "--headless", "--at", "3", "--save", "{save}"],
     "is the save played on from"),
    (["odds", "{save}", "--unit", "orc", "--do", "fight", "--target", "elf"], "game is over"),
    (["simulate", "{map}", "--at", "2"], "is a scenario"),
    (["play", "{save}", "--at", "x", "--headless"], "must be the number of an event"),
])
def test_bad_positions_are_one_line(tmp_path, capsys, args, words) -> None:
    full = saved_game(tmp_path, "duel", "--ai", "both=random")  # a finished game
    before = full.read_bytes()
    capsys.readouterr()
    argv = [a.format(save=full, map=MAPS / "duel.toml") for a in args]
    if "x" in args:  # (argparse's own check)
        with pytest.raises(SystemExit, match="2"):
            main(argv)
    else:
        assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err and words in err[-1]
    assert full.read_bytes() == before



def test_a_charge_waiting_for_its_reaction_is_played_on_as_the_rules_have_it(tmp_path,
                                                                             capsys) -> None:
    # the end of the first order that declares a charge and asks how its target reacts: the
    # position is in the middle of the charge and of a player turn, its decision pending (the
    # first of a few seeded random games that has one: whether random play charges is not
    # what this is about)
    at = None
    for seed in range(3, 9):
        full = saved_game(tmp_path, "old-world", "--ai", "both=random", "--seed", str(seed))
        save = read_save(full)
        ends = 0
        for rec in save.records:
            ends += len(rec.events)
            kinds = [(d["type"], d.get("rule")) for d in rec.events]
            if ("rule_applied", "Charge") in kinds and kinds[-1][0] == "decision_requested":
                at = ends
                break
        if at is not None:
            break
    assert at is not None
    from game.core.position import engine_at

    engine, where = engine_at(save, at)
    assert where.events == at and where.note == ""
    pending = engine.state.pending
    assert pending is not None and "react" in pending.question
    on = tmp_path / "on.jsonl"
    capsys.readouterr()
    assert main(["play", str(full), "--headless", "--at", str(at), "--ai", "both=random",
                 "--save", str(on), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["game_over"] and check(on).ok
    # the first thing done from there is the answer to that question, by the side asked
    answer = read_save(on).records[len(save.records[:where.records])]
    assert "answer" in answer.raw_command
    answered = next(d for d in answer.events if d["type"] == "decision_answered")
    assert answered["decision_id"] == pending.decision_id
    assert pending.side in (1, 2)

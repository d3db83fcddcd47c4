"""Saves as JSON Lines and `replay --check`."""

import json
from pathlib import Path

import pytest

from game.cli import main
from game.core.commands import Order
from game.core.engine import Engine
from game.core.errors import ReplayError
from game.core.replay import SaveWriter, check, fold_save, load_game, read_save, state_digest
from game.core.scenario import check_scenario
from game.rulesets.common.flow import activation
from tests.support import scenario, unit

ROOT = Path(__file__).resolve().parents[2]
S = 25.0 / 25.4


def saved_game(tmp_path, seed=5):
    out = tmp_path / "g.jsonl"
    assert main(["play", str(ROOT / "maps" / "duel.toml"), "--headless", "--seed", str(seed),
                 "--save", str(out)]) == 0
    return out


def test_a_saved_game_checks_and_check_never_writes(tmp_path, capsys):
    path = saved_game(tmp_path)
    before = path.read_bytes()
    assert main(["replay", str(path), "--check"]) == 0
    assert "OK" in capsys.readouterr().out
    assert path.read_bytes() == before


def test_the_header_embeds_scenario_and_seed_and_each_line_is_a_command(tmp_path):
    path = saved_game(tmp_path, seed=11)
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    assert head["format"] == "contact-zone-replay" and head["version"] == 1
    assert head["seed"] == 11 and head["scenario"]["name"] == "Duel at the ford"
    assert "orders" not in head["scenario"]
    recs = [json.loads(x) for x in lines[1:]]
    assert recs[0]["command"] is None
    assert recs[1]["command"] == {"unit": "orc", "do": "charge", "target": "elf"}
    seqs = [e["seq"] for r in recs for e in r["events"]]
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_tampered_die_is_named_as_the_first_differing_event(tmp_path, capsys):
    path = saved_game(tmp_path)
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines[1:], 1):
        rec = json.loads(line)
        hit = [e for e in rec["events"] if e["type"] == "dice_rolled"]
        if hit:
            hit[0]["faces"] = [11]
            seq = hit[0]["seq"]
            lines[i] = json.dumps(rec)
            break
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path), "--check"]) == 1
    err = capsys.readouterr().err
    assert f"event {seq} (line {i + 1}) differs" in err and "recorded" in err


def _edit_first(path, kind, **changes):
    """Change the first event of type ``kind`` in a save; returns its seq."""
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines[1:], 1):
        rec = json.loads(line)
        found = [e for e in rec["events"] if e["type"] == kind]
        if found:
            found[0].update(changes)
            lines[i] = json.dumps(rec)
            path.write_text("\n".join(lines) + "\n")
            return found[0]["seq"]
    raise AssertionError(f"the game has no {kind} event")


def study_save(tmp_path):
    out = tmp_path / "s.jsonl"
    assert main(["play", str(ROOT / "maps" / "rules-study.toml"), "--headless",
                 "--save", str(out)]) == 0
    return out


def test_a_save_made_before_a_rule_note_was_reworded_still_opens_with_the_new_words(tmp_path):
    # a rule's note is words for the log: a save holding older words loads, checks and
    # plays on, and the game shows the words of today's engine
    path = study_save(tmp_path)
    seq = _edit_first(path, "rule_applied", detail="words from an older version")
    assert check(path).ok
    engine, _ = load_game(path)
    note = engine.log[seq - 1]
    assert note.rule == "Tough" and note.detail == "shrugs off the point of damage that would destroy it"


def test_a_rule_note_for_another_model_is_still_a_difference(tmp_path, capsys):
    # only the words are free: which rule acted, and on whom, must match
    path = study_save(tmp_path)
    seq = _edit_first(path, "rule_applied", model="somebody_else")
    assert main(["replay", str(path), "--check"]) == 1
    assert f"event {seq} " in capsys.readouterr().err


def test_a_save_made_before_a_question_was_reworded_still_checks(tmp_path, capsys):
    # the question is words for the player; what may be answered is a fact of the game
    path = study_save(tmp_path)
    _edit_first(path, "decision_requested", question="words from an older version?")
    assert check(path).ok
    seq = _edit_first(path, "decision_requested", options=[0])
    assert main(["replay", str(path), "--check"]) == 1
    assert f"event {seq} " in capsys.readouterr().err


def test_a_truncated_last_line_is_reported_and_the_rest_loads(tmp_path, capsys):
    path = saved_game(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-25])  # cut the last record mid-line
    save = read_save(path)
    assert save.truncated and "cut off" in save.truncated
    assert main(["replay", str(path), "--check"]) == 0
    assert "cut off" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b"garbage\n", "not a Contact Zone save"),
        (b'{"format": "contact-zone-replay", "version": 99}\n', "version 99 is not supported"),
        (b'{"some": "json"}\n', "not a Contact Zone save"),
    ],
)
def test_garbage_and_unknown_versions_are_clear_errors(tmp_path, capsys, content, words):
    p = tmp_path / "bad.jsonl"
    p.write_bytes(content)
    assert main(["replay", str(p), "--check"]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert p.read_bytes() == content


def test_garbage_in_the_middle_is_an_error_not_a_truncation(tmp_path):
    path = saved_game(tmp_path)
    lines = path.read_text().splitlines()
    lines.insert(2, "{broken")
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ReplayError, match="line 3 is not a valid record"):
        read_save(path)


def test_the_writer_appends_each_command_as_it_happens(tmp_path):
    a = unit("a", 1, 12, 10 + S, 0)
    b = unit("b", 2, 12, 10, 180)
    eng = Engine(check_scenario(scenario([a, b]), "t"), seed=3)
    path = tmp_path / "live.jsonl"
    writer = SaveWriter(eng, path)
    assert len(path.read_text().splitlines()) == 2  # header + opening events
    eng.execute(Order("fight", "a", (("target", "b"),)))
    assert len(path.read_text().splitlines()) == 3  # flushed at once: a crash loses nothing
    eng.execute(Order("end_activation"))
    writer.close()
    assert check(path).ok
    loaded, _ = load_game(path)
    assert state_digest(loaded.state) == state_digest(eng.state)
    assert state_digest(fold_save(read_save(path))) == state_digest(eng.state)


def test_decisions_are_recorded_and_replayed(tmp_path):
    b = unit("b", 2, 12, 12, 0, stats={"MA": 2})
    a = unit("a", 1, 0, 0, stats={"MA": 1}, models=2,
             positions=[[12, 12 - S, 180], [12 - S, 12, 90]])
    data = scenario([b, a], [{"unit": "a.1", "do": "fight", "target": "b"},
                             {"unit": "a.2", "do": "fight", "target": "b"},
                             {"do": "end_activation"}, {"answer": ["a.2", "a.1"]}], seed=9)
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    out = tmp_path / "d.jsonl"
    assert main(["play", str(p), "--headless", "--save", str(out)]) == 0
    text = out.read_text()
    assert '"answer":["a.2","a.1"]' in text
    assert check(out).ok


def test_seeded_dice_roll_back_to_exactly_where_they_were():
    from game.core.dice import SeededDice

    d = SeededDice(42)
    first = [d.roll(10, "x"), d.roll(6, "y")]
    mark = d.mark()
    after = [d.roll(6, "a"), d.roll(10, "b"), d.roll(6, "c")]
    d.restore(mark)
    assert [d.roll(6, "a"), d.roll(10, "b"), d.roll(6, "c")] == after
    assert d.count == 5 and first == [SeededDice(42).roll(10, "x"), first[1]]


def test_a_broken_command_in_a_save_is_a_clear_error_naming_its_line(tmp_path, capsys):
    path = saved_game(tmp_path)
    lines = path.read_text().splitlines()
    rec = json.loads(lines[2])
    rec["command"] = {"unit": "orc"}  # no "do"
    lines[2] = json.dumps(rec)
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path), "--check"]) == 2
    err = capsys.readouterr().err
    assert "line 3" in err and "'do'" in err and "Traceback" not in err


def test_a_null_command_after_the_opening_line_is_a_clear_error(tmp_path, capsys):
    path = saved_game(tmp_path)
    lines = path.read_text().splitlines()
    rec = json.loads(lines[2])
    rec["command"] = None
    lines[2] = json.dumps(rec)
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path), "--check"]) == 2
    assert "line 3 has no command" in capsys.readouterr().err


def test_positions_in_events_are_rounded_so_saves_replay_on_any_platform():
    from game.core.events import ModelMoved

    e = ModelMoved("a", 1.23456789012, 2.0000000004, 359.99999999, 3.1415926535)
    assert (e.x, e.y, e.facing, e.distance) == (1.234568, 2.0, 360.0, 3.141593)


def test_an_answer_that_fails_midway_leaves_the_decision_answerable_again():
    # The melee pauses for Martyr's decision; the answer runs out of scripted dice part-way.
    # The engine must come back to the same decision (a generator cannot be rewound, so it
    # re-runs the paused step), and a later answer resolves the whole melee.
    from game.core.commands import Answer
    from game.core.errors import DiceExhausted

    units = [unit("m", 1, 10, 10, 0, rules=["Martyr"]), unit("e", 2, 10, 10 - S, 180),
             unit("z", 2, 2, 2)]
    eng = Engine(check_scenario(scenario(units, dice=[5]), "t"), seed=1)
    assert eng.execute(Order("fight", "m", (("target", "e"),))).ok
    eng.execute(Order("end_activation"))
    assert eng.pending_ask is not None and eng.pending_ask.kind == "martyr"
    log_before = list(eng.log)
    with pytest.raises(DiceExhausted):
        eng.execute(Answer(True))
    assert eng.pending_ask is not None and eng.pending_ask.kind == "martyr"
    assert eng.log == log_before
    eng.dice.faces += [5, 5, 5, 5, 5]  # the player fixes the script
    out = eng.execute(Answer(True))
    assert out.ok
    assert activation(eng.state) is None  # the melee resolved and the activation ended
    assert eng.state.models["m"].status != "active"  # Martyr removed the model


def test_forked_dice_go_on_like_the_original_and_roll_back_within_the_fork():
    from game.core.dice import SeededDice

    d = SeededDice(7)
    [d.roll(10, "x") for _ in range(5)]
    f = d.fork()
    mark = f.mark()
    ahead = [f.roll(6, "a"), f.roll(10, "b")]
    f.restore(mark)
    assert [f.roll(6, "a"), f.roll(10, "b")] == ahead == [d.roll(6, "a"), d.roll(10, "b")]

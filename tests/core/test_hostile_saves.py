"""Saves edited, cut and mangled (issue 8, findings 3 to 6): `replay --check` and `replay --log`
give exit 2 with one line naming the line and the event, or a warning for arithmetic that does
not add up; a mismatch names the position where the logs part; the file is never changed."""

import hashlib
import json
from pathlib import Path

import pytest

from game.cli import main
from game.core.files import MAX_SAVE_BYTES

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def duel_save(tmp_path_factory):
    out = tmp_path_factory.mktemp("saves") / "duel.jsonl"
    assert main(["play", str(ROOT / "maps" / "duel.toml"), "--headless", "--seed", "5",
                 "--save", str(out)]) == 0
    return out.read_text()


def records(text):
    return [json.loads(line) for line in text.splitlines()]


def write(tmp_path, recs, name="bad.jsonl"):
    p = tmp_path / name
    p.write_text("\n".join(json.dumps(r) for r in recs) + "\n")
    return p


def run(capsys, path, mode):
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    code = main(["replay", str(path), mode])
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    return code, out


def nth_event(recs, n):
    """The record index and the event (a dict in ``recs``) that is the n-th of the file."""
    k = 0
    for r, rec in enumerate(recs[1:], start=1):
        for e in rec["events"]:
            k += 1
            if k == n:
                return r, e
    raise IndexError(n)


@pytest.mark.parametrize("junk", [5, "orc", None, [1, 2]])
@pytest.mark.parametrize("mode", ["--check", "--log"])
def test_an_event_that_is_not_an_object_is_named_by_its_line(tmp_path, capsys, duel_save, junk, mode):
    recs = records(duel_save)
    recs[2]["events"].insert(1, junk)
    code, out = run(capsys, write(tmp_path, recs), mode)
    assert code == 2
    assert out.err.endswith("line 3 is not a valid record ('events' must be a list of event objects)\n")
    assert out.err.count("\n") == 1


LOG_CASES = [
    ("unknown type", lambda e: e.update(type="boom"), 'has an unknown type "boom"'),
    ("missing type", lambda e: e.pop("type"), "has no 'type'"),
    ("type not text", lambda e: e.update(type=7), "has an unknown type 7"),
    ("field of the wrong kind", lambda e: e.update(unit=["orc"]), "has a 'unit' of the wrong kind"),
    ("field missing", lambda e: e.pop("side"), "lacks 'side'"),
    ("field it does not have", lambda e: e.update(colour="red"), 'has a field "colour" that'),
    ("unit the scenario lacks", lambda e: e.update(unit="ghost"),
     'names a unit "ghost" that the embedded scenario does not have'),
    ("side that is no side", lambda e: e.update(side=3), "has a side that is not 1 or 2: 3"),
    ("seq not a number", lambda e: e.update(seq="x"), "has a 'seq' that is not a whole number"),
]


@pytest.mark.parametrize(("label", "change", "words"), LOG_CASES, ids=[c[0] for c in LOG_CASES])
def test_log_checks_every_event_like_loading_a_save(tmp_path, capsys, duel_save, label, change, words):
    recs = records(duel_save)
    r, e = nth_event(recs, 3)
    assert e["type"] == "activation_started"  # event 3: the orc's activation, on line 3
    change(e)
    code, out = run(capsys, write(tmp_path, recs), "--log")
    assert code == 2 and out.out == ""
    assert out.err.startswith(f"error: {tmp_path / 'bad.jsonl'}: line {r + 1}: event 3 of the file ")
    assert words in out.err and out.err.count("\n") == 1


def test_log_refuses_a_model_the_scenario_does_not_have(tmp_path, capsys, duel_save):
    recs = records(duel_save)
    moved = [e for rec in recs[1:] for e in rec["events"] if e["type"] == "model_moved"]
    moved[0]["model"] = "ghost"
    code, out = run(capsys, write(tmp_path, recs), "--log")
    assert code == 2
    assert 'names a model "ghost" that the embedded scenario does not have' in out.err


def first_roll(recs):
    for r, rec in enumerate(recs[1:], start=1):
        for k, e in enumerate(rec["events"]):
            if e["type"] == "dice_rolled":
                n = sum(len(x["events"]) for x in recs[1:r]) + k + 1
                return r, n, e
    raise AssertionError("no roll")


def test_log_warns_when_a_total_does_not_add_up(tmp_path, capsys, duel_save):
    recs = records(duel_save)
    r, n, roll = first_roll(recs)
    right = sum(roll["kept"]) + sum(v for _, v in roll["modifiers"])
    assert roll["total"] == right
    roll["total"] = right + 5
    code, out = run(capsys, write(tmp_path, recs), "--log")
    assert code == 0 and out.out  # the log is still printed
    sums = " + ".join([str(k) for k in roll["kept"]] + [f"{s} {v}" for s, v in roll["modifiers"]])
    assert out.err == (f"warning: {tmp_path / 'bad.jsonl'}: line {r + 1}: event {n} of the file "
                       f"(dice_rolled): {sums} makes {right}, but the total says {right + 5} "
                       "(the save looks edited)\n")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda e: e.update(faces=[11], kept=[11]), "a d10 cannot show 11"),
        (lambda e: e.update(kept=[e["faces"][0] % 10 + 1]), "is not among the dice thrown"),
    ],
)
def test_log_warns_about_dice_that_cannot_be(tmp_path, capsys, duel_save, change, words):
    recs = records(duel_save)
    _, _, roll = first_roll(recs)
    assert roll["die"] == "d10"
    change(roll)
    code, out = run(capsys, write(tmp_path, recs), "--log")
    assert code == 0 and out.err.startswith("warning: ") and words in out.err


def test_an_untouched_save_logs_without_warnings(tmp_path, capsys, duel_save):
    p = tmp_path / "good.jsonl"
    p.write_text(duel_save)
    code, out = run(capsys, p, "--log")
    assert code == 0 and out.err == ""
    assert "Duel at the ford (skirmish-d10), dice seed 5" in out.out.splitlines()[0]


@pytest.mark.parametrize("version", [True, 1.0, "1", [1], None])
def test_only_the_whole_number_1_is_version_1(tmp_path, capsys, duel_save, version):
    recs = records(duel_save)
    recs[0]["version"] = version
    code, out = run(capsys, write(tmp_path, recs), "--check")
    assert code == 2 and "is not supported (this program reads version 1)" in out.err
    assert f"version {json.dumps(version)} is" in out.err


@pytest.mark.parametrize("seed", [-1, 2**63, 1.5, "7", True])
def test_the_header_seed_must_be_a_seed(tmp_path, capsys, duel_save, seed):
    recs = records(duel_save)
    recs[0]["seed"] = seed
    code, out = run(capsys, write(tmp_path, recs), "--check")
    assert code == 2 and "line 1: the header's 'seed' must be a whole number from 0" in out.err


@pytest.mark.parametrize("where", ["end", "middle"])
def test_blank_lines_do_not_spoil_a_save(tmp_path, capsys, duel_save, where):
    lines = duel_save.splitlines()
    if where == "end":
        text = duel_save + "\n\n"
    else:
        text = "\n".join(lines[:3] + ["", "   "] + lines[3:]) + "\n"
    p = tmp_path / "blank.jsonl"
    p.write_text(text)
    code, out = run(capsys, p, "--check")
    assert code == 0 and "OK" in out.out
    assert f"{len(lines) - 2} commands" in out.out


def test_a_mismatch_names_the_position_of_the_first_difference_not_the_seq_written(tmp_path, capsys, duel_save):
    recs = records(duel_save)
    r, e = nth_event(recs, 4)
    recs[r]["events"].remove(e)  # the later events keep their own seq numbers (5, 6, ...)
    code, out = run(capsys, write(tmp_path, recs), "--check")
    assert code == 1
    assert out.err.startswith(f"MISMATCH: {tmp_path / 'bad.jsonl'}: event 4 (line {r + 1}) differs")
    assert '"seq":5' in out.err  # what the file holds in 4th place


def test_a_mismatch_in_a_later_record_counts_through_the_whole_file(tmp_path, capsys, duel_save):
    recs = records(duel_save)
    total = sum(len(rec["events"]) for rec in recs[1:])
    r, e = nth_event(recs, total)
    e["seq"] = 1  # a seq that points elsewhere: the message must not believe it
    e["reason"] = e.get("reason", "") + " (edited)"
    code, out = run(capsys, write(tmp_path, recs), "--check")
    assert code == 1 and f"event {total} (line {r + 1}) differs" in out.err


def test_a_command_nested_too_deep_is_named_by_its_line(tmp_path, capsys, duel_save):
    recs = records(duel_save)
    deep = 1
    for _ in range(200):
        deep = [deep]
    recs[2]["command"]["to"] = deep
    code, out = run(capsys, write(tmp_path, recs), "--check")
    assert code == 2 and "line 3: the command is not valid (to" in out.err
    assert "lies more than 12 levels deep" in out.err and out.err.count("\n") == 1


def test_a_save_over_the_size_limit_is_refused_before_reading_it(tmp_path, capsys, duel_save):
    p = tmp_path / "huge.jsonl"
    with open(p, "wb") as fh:
        fh.write(duel_save.encode())
        fh.truncate(MAX_SAVE_BYTES + 1)
    code, out = run(capsys, p, "--check")
    assert code == 2 and "larger than the 64.0 MB a save may be" in out.err


@pytest.mark.parametrize("mode", ["--check", "--log"])
def test_a_device_is_not_a_save(capsys, mode):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    assert main(["replay", "/dev/zero", mode]) == 2
    assert capsys.readouterr().err == ("error: /dev/zero: is not a regular file (a device, pipe or "
                                       "socket), not a save\n")


def test_a_record_that_is_not_an_object_after_the_header(tmp_path, capsys, duel_save):
    lines = duel_save.splitlines()
    p = tmp_path / "bad.jsonl"
    p.write_text("\n".join(lines[:2] + ['"just text"'] + lines[2:]) + "\n")
    code, out = run(capsys, p, "--log")
    assert code == 2 and "line 3 is not a valid record" in out.err

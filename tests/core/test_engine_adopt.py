"""An engine taking over a fork that carried on from its position (``Engine.adopt``): the
same game as carrying the answer out itself, and a step the fork paused carried on from here
without being re-run."""

from __future__ import annotations

from pathlib import Path

from game.core.commands import Answer
from game.core.replay import read_save, rerun, state_digest

#: an old-world game whose end of a player turn asks two questions in one step (record 40
#: ends the turn; records 41 and 42 answer whether the winners of two combats pursue)
SAVE = Path(__file__).resolve().parent.parent / "fixed_games" / "old-world.jsonl"


def test_adopting_a_fork_that_answered_is_the_game_the_answer_gives() -> None:
    save = read_save(SAVE)
    first, second = save.records[41].command, save.records[42].command
    assert isinstance(first, Answer) and isinstance(second, Answer)
    played = rerun(save, upto=43)  # (both answers carried out by the engine itself)
    e = rerun(save, upto=41)
    asked = e.pending
    assert asked is not None
    before = len(e.log)
    f = e.fork()
    assert f.execute(first).ok
    e.adopt(f)
    # the fork's step, paused at the second question, is this engine's: carried on at once,
    # not re-run from its data (a re-run would start the end of the turn over)
    assert e.pending is not None and e.pending.decision_id != asked.decision_id
    assert e._paused is not None and e._paused_at is e.state.resume
    # (its rolls and its reading of the state go through this engine from now on)
    assert e._ctx is not None and e._ctx.engine is e and e._ctx.state is e.state
    assert e.execute(second).ok
    assert state_digest(e.state) == state_digest(played.state)
    assert e.log[before:] == played.log[before:]
    assert [r.command for r in e.records[-2:]] == [first, second]
    # the dice go on as the game's do
    assert e.dice.roll(6, "check") == played.dice.roll(6, "check")


def test_an_adopted_record_is_told_to_the_listeners() -> None:
    save = read_save(SAVE)
    e = rerun(save, upto=41)
    heard: list[object] = []
    e.listeners.append(lambda rec, events: heard.append((rec.command, len(events))))
    f = e.fork()
    out = f.execute(save.records[41].command)  # type: ignore[arg-type]
    e.adopt(f)
    assert heard == [(save.records[41].command, len(out.events))]

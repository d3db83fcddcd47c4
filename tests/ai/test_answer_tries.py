"""Answers to a question asked in the middle of an activation (spend a marker or not) get many
tries (``Level.answer_tries``), with no race among them: such a try only plays the activation
out, and the answers often differ by a fraction of one try's spread, most of it a rare blow
that takes a model out, so three or a dozen tries that happened to agree pick the worse one
about as often as the better (docs/dev/ai-passes.md, forty-first pass)."""

from __future__ import annotations

import dataclasses

import game.ai.player as P
from game.ai.evaluate import evaluate
from game.core.commands import Answer, Order
from game.core.dice import SeededDice
from game.core.engine import Engine
from game.core.scenario import check_scenario
from tests.trench_crusade.helpers import game, model

FLAIL = [{"name": "Flail", "type": "melee", "attacks": 2}]
JAWS = [{"name": "Jaws", "type": "melee", "injury_dice": 1}]


def _asked(seed: int) -> Engine:
    """A Zealot with a Blood Marker fights a Hound of Mammon (FEAR): before its Success Roll,
    side 2 is asked whether to spend the marker (one die fewer for the roll). A Trench
    Pilgrim and a Death Commando stand apart, so losing the Hound does not end the game."""
    units = [
        model("zealot", 1, 10.0, 10.0, {"Melee": 1, "Ranged": -1}, FLAIL,
              rules=["Blood Markers (1)"]),
        model("hound", 2, 10.0, 8.7, {"Movement": 8, "Melee": 1, "Ranged": -3, "Armour": -1},
              JAWS, base="r32", keywords=["DEMONIC", "FEAR"]),
        model("pilgrim", 1, 3.0, 17.0, {"Armour": -1}),
        model("commando", 2, 17.0, 2.0, {"Melee": 1, "Armour": -1}, keywords=["ELITE", "TOUGH"]),
    ]
    e = Engine(check_scenario(game(units, first_side=1, turns=2), "test"), seed=seed)
    assert e.execute(Order("fight", "zealot", (("target", "hound"),))).ok
    assert e.state.pending is not None and e.state.pending.kind == "spend_blood_markers"
    return e


def _mean(e: Engine, answer: int, samples: int) -> float:
    """Side 2's score after ``answer`` and the rest of the activation, over many throws."""
    look = P.LEVELS["normal"].look
    total = 0.0
    for k in range(samples):
        f = e.fork(SeededDice(50_000 + k))
        assert f.execute(Answer(answer)).ok
        P.settle(f, 2)
        total += evaluate(f, 2, look)
    return total / samples


def test_each_answer_gets_all_the_answer_tries() -> None:
    e = _asked(2)  # (a seed whose first three tries of the two answers happen to agree)
    counts: dict[object, int] = {}

    def seen(ranked: list[P._Tries]) -> None:
        counts.update({t.cand.command: len(t.scores) for t in ranked})

    P.TRACE = seen
    P.LEVELS["few"] = dataclasses.replace(P.LEVELS["normal"], name="few", answer_tries=0)
    try:
        P.choose(e, 2, "few")  # (the usual tries: a dozen at most, raced)
        assert min(counts.values()) >= 3 and max(counts.values()) <= P.LEVELS["normal"].more
        counts.clear()
        P.choose(e, 2, "normal")
        assert sorted(counts.values()) == [P.LEVELS["normal"].answer_tries] * 2
    finally:
        P.TRACE = None
        P.LEVELS.pop("few", None)


def test_the_marker_is_spent_more_often_where_spending_is_better() -> None:
    e = _asked(1)
    keep, spend = _mean(e, 0, 3000), _mean(e, 1, 3000)
    assert spend > keep + 0.05  # (one die fewer for the Zealot spares the Hound more than
    #                            the marker was worth on the Zealot)
    P.LEVELS["few"] = dataclasses.replace(P.LEVELS["normal"], name="few", answer_tries=0)
    try:
        seeds = range(1, 25)  # (the AI's own dice come from the game's seed)
        spent = sum(P.choose(_asked(s), 2, "normal").command.value == 1 for s in seeds)
        spent_few = sum(P.choose(_asked(s), 2, "few").command.value == 1 for s in seeds)
    finally:
        P.LEVELS.pop("few", None)
    # (at least two times in three with the answer tries, and more often than the usual tries
    # manage: without the answer tries both would spend it alike, from the same dice)
    assert spent >= 16 and spent > spent_few, (spent, spent_few)

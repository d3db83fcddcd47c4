"""Charges are declared before any other move (rank and flank): a move ends the declaring.

The AI picks one order at a time. Judged as they stood, a good charge and a good move of
another unit were one or the other, and when the move brought more the AI moved and the charge
was lost for the turn, though the move could have come after it. In old-world games of the
Druchii against random play, the Dreadspears stood 5" from the Skeleton Warriors turn after
turn while the chariot stepped out of the Black Coach's reach: 34 games of 200 ended 0 to 0.
"""

from __future__ import annotations

import pytest

from game.ai.player import answer_defaults, choose
from game.core.commands import Order
from game.core.engine import Engine
from game.core.scenario import check_scenario

CHARGE = Order("charge", "elite", (("target", "rabble"),))


def _two_jobs() -> Engine:
    """The elite, 3" from a rabble it beats, can charge it; the flank unit (400 points) has
    the 15 heavy models of ``c`` 2" off its left flank, facing it: turning to face them is
    worth more than the charge."""
    from tests.old_world.helpers import block, facing_off, ow

    elite = block("elite", 1, 12, 40, stats={"WS": 5, "S": 4, "T": 4}, armour=4)
    rabble = block("rabble", 2, 12, 0, stats={"WS": 2}, points=100)
    flank = block("flank", 1, 36, 40, points=400)
    c = block("c", 2, 28, 40, facing=90.0, models=15, stats={"WS": 5, "S": 5, "T": 4}, armour=4)
    e = Engine(check_scenario(ow([*facing_off(elite, rabble, gap=3.0), flank, c], orders=[]),
                              "test"), seed=2)
    assert e.execute(Order("begin_turn")).ok and e.execute(Order("next_phase")).ok
    assert e.state.flow.phase == "movement"  # type: ignore[attr-defined]
    return e


def test_a_charge_is_declared_before_another_unit_makes_the_move_it_needs() -> None:
    e = _two_jobs()
    for seed in range(3):
        choice = choose(e.fork(), level="normal", seed=seed)
        assert choice.command == CHARGE, (seed, choice.reason)
    # and the move still comes, next
    e.execute(CHARGE)
    answer_defaults(e)  # (the rabble's charge reaction)
    follow = choose(e, level="normal", seed=0)
    assert follow.candidate is not None and follow.candidate.unit == "flank", follow.reason
    assert follow.candidate.kind == "move"


def test_the_move_is_what_the_charge_is_credited_with() -> None:
    """The charge's credit is the best gain of another unit's move over the position as it
    stands, and a move of the charger itself is no credit (it cannot make both)."""
    import game.ai.player as P

    got: list[list[P._Tries]] = []
    P.TRACE = lambda ranked: got.append(list(ranked))
    try:
        e = _two_jobs()
        choose(e, level="normal", seed=0)
    finally:
        P.TRACE = None
    ranked = got[-1]
    charge = next(t for t in ranked if t.cand.kind == "charge")
    moves = [t for t in ranked if t.cand.kind == "move"]
    from game.ai.evaluate import evaluate

    now = evaluate(e, 1, P.LEVELS["normal"].look)
    # the flank unit is the only other unit of side 1: its best move is the credit, and
    # turning it is worth more than half a point (the 400 points it saves from the flank)
    flank_best = max(t.mean for t in moves if t.cand.unit == "flank")
    assert charge.after == pytest.approx(flank_best - now) and charge.after > 0.5
    assert all(t.after == 0.0 for t in moves)

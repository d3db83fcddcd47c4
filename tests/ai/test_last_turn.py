"""The attacks to come in the last game turn of a game of player turns: a side whose last turn
has begun makes no more new attacks, so the evaluation counts none for it, and the AI's
explanation fears none of them."""

from __future__ import annotations

from game.ai.evaluate import (
    Look,
    best_attacks,
    feared,
    has_turn_to_come,
    pressure,
    threats_of,
    weigh,
)
from game.core.commands import Order
from game.core.engine import Engine
from game.core.scenario import check_scenario
from tests.old_world.helpers import block, facing_off, ow

LOOK = Look(next=0.6, later=0.2)


def _game(turns: int) -> Engine:
    """a (side 1, going first) and b (side 2) face each other 6" apart, each within the
    other's charge reach; side 1's turn is begun and in its Movement phase."""
    units = facing_off(block("a", 1, 24, 30), block("b", 2, 24, 0), gap=6.0)
    e = Engine(check_scenario(ow(units, orders=[], turns=turns), "test"), seed=1)
    assert e.execute(Order("begin_turn")).ok
    while e.state.flow.phase != "movement":
        assert e.execute(Order("next_phase")).ok
    return e


def _to_come(e: Engine, side: int) -> float:
    """What ``side``'s attacks to come would be worth to it, unweighted."""
    attacks = [a for a in weigh(e, threats_of(e, side)) if not a.threat.declared]
    return sum(a.net for a in best_attacks(attacks, True))


def test_in_the_last_game_turn_the_side_going_first_has_no_attacks_to_come() -> None:
    """In game turn 1 of 1, side 1's turn under way: b still has its turn, a has had its
    last. The evaluation counts b's charge to come (side 2 moves next: 0.6 of it) and not
    a's; with a second game turn to play, a's counts too (0.2 of it: its turn comes later)."""
    last = _game(turns=1)
    assert not has_turn_to_come(last, 1) and has_turn_to_come(last, 2)
    mine, theirs = _to_come(last, 1), _to_come(last, 2)
    assert mine > 0.1 and theirs > 0.1  # (each could charge the other)
    assert pressure(last, 1, LOOK) == -0.6 * theirs
    assert feared(last, 1)  # (b's charge is still to come: the AI may hold back from it)
    more = _game(turns=2)
    assert has_turn_to_come(more, 1) and has_turn_to_come(more, 2)
    assert pressure(more, 1, LOOK) == 0.2 * mine - 0.6 * theirs


def test_in_the_games_last_player_turn_neither_side_has_attacks_to_come() -> None:
    """Side 1's turn over, side 2's (the game's last) begun: the game ends with it. Nothing
    is feared of a, whose turns are over, and the attacks to come count for neither side (the
    AI said it held back from a charge "next turn" that would never come)."""
    e = _game(turns=1)
    assert e.execute(Order("end_turn")).ok
    assert e.execute(Order("begin_turn")).ok
    assert e.state.flow.side == 2 and not e.state.game_over
    assert not has_turn_to_come(e, 1) and not has_turn_to_come(e, 2)
    assert _to_come(e, 1) > 0.1
    assert pressure(e, 2, LOOK) == 0.0
    assert feared(e, 2) == []

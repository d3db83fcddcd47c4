"""The AI's memory of a game (:class:`game.ai.player.Memory`): a rank-and-flank charge played
out at one choice of the declaring is not played out again, with new dice, at the next, while
the table and the friends bound for its target stand as they did."""

from __future__ import annotations

import pytest

import game.ai.player as P
from game.ai import Memory, choose
from game.core.commands import Order
from game.core.engine import Engine
from game.core.ruleset import Candidate
from tests.ai.test_ai import _charges_declared, _levy_and_knights


def _played(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The playouts made of each of the knights' charges (by target), as the choices make
    them (each playout of a charge is set against the turn without it: two positions
    judged)."""
    seen: dict[str, int] = {}
    judged = [0]
    after, deep = P._Search._after, P._Search.deep

    def count(self: P._Search, e: Engine, units: set[str]) -> float:
        judged[0] += 1
        return after(self, e, units)

    def spy(self: P._Search, t: P._Tries, joining: list[Candidate]) -> None:
        judged[0] = 0
        deep(self, t, joining)
        if t.cand.unit == "knights" and t.cand.target is not None:
            seen[t.cand.target] = seen.get(t.cand.target, 0) + judged[0] // 2

    monkeypatch.setattr(P._Search, "_after", count)
    monkeypatch.setattr(P._Search, "deep", spy)
    monkeypatch.setattr(P, "DEEP_CHARGES", 10)  # (every charge is played out)
    return seen


def test_a_charge_played_out_is_remembered_through_the_declaring(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the levy declares its charge at the guard, the knights' charges at the guard and
    at the rabble are both played out. Once the levy's charge is declared, the knights' charge
    at the rabble stands as it did (nothing on the table moved, no friend is bound for the
    rabble): with the memory it is not played out again, without it it is. Their charge at the
    guard now has the levy bound for its target, so it is played out again either way."""
    seen = _played(monkeypatch)
    memory = Memory()
    choose(_charges_declared(_levy_and_knights(), levy_charges=False), 1, "normal",
           memory=memory)
    assert seen == {"rabble": 2, "guard": 2}
    for kept in (memory, None):
        seen.clear()
        choose(_charges_declared(_levy_and_knights()), 1, "normal", memory=kept)
        assert seen == {"rabble": 0 if kept is not None else 2, "guard": 2}


def test_the_memory_is_not_used_once_the_table_has_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same game, turn and step of the turn, but the rabble stands an inch further off:
    the knights' charge at it is played out again."""
    seen = _played(monkeypatch)
    memory = Memory()
    choose(_charges_declared(_levy_and_knights(), levy_charges=False), 1, "normal",
           memory=memory)
    units = _levy_and_knights()
    units[3] = dict(units[3], x=units[3]["x"] + 1)
    seen.clear()
    choose(_charges_declared(units, levy_charges=False), 1, "normal", memory=memory)
    assert seen["rabble"] == 2


def test_the_memory_forgets_at_the_next_step_of_the_turn_and_keeps_each_side_apart() -> None:
    """What a side worked out is kept while the turn stays in its step, for that side alone."""
    e = _charges_declared(_levy_and_knights(), levy_charges=False)
    memory = Memory()
    mine = memory.at(e.state, e.seed, 1)
    mine["charge"] = (1.0, (2, 1, 0), ())
    assert memory.at(e.state, e.seed, 2) == {}
    assert memory.at(e.state, e.seed, 1) == {"charge": (1.0, (2, 1, 0), ())}
    assert e.execute(Order("next_phase")).ok  # (charges no longer declared: the moves)
    assert memory.at(e.state, e.seed, 1) == {}


def test_with_a_memory_the_first_choice_is_the_one_made_without() -> None:
    """An empty memory changes nothing: the choice and its reason are those made without."""
    e = _charges_declared(_levy_and_knights(), levy_charges=False)
    a, b = choose(e, 1, "normal", memory=Memory()), choose(e, 1, "normal")
    assert (a.command, a.reason) == (b.command, b.reason)

"""The one flow engine (game/rulesets/common/turns.py): a side turn, its phases and the game
turn run in the order the engine promises, whatever the flow declares; and the fixed games of
both shapes (activations and player turns of phases) follow that grammar event by event."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from game.core import events as ev
from game.core.replay import read_save, rerun
from game.core.ruleset import Presenter
from game.rulesets.common.conditions import PLAYER_TURN_START, Conditions, Ends, plain
from game.rulesets.common.turns import GameTurns, Phase, SideTurn, Stage
from game.rulesets.rank_and_flank.flow import PhasedRuleset

FIXED = Path(__file__).resolve().parent.parent / "fixed_games"


def said(what: str) -> Any:
    """A step that says ``what`` (so the order of the engine's calls shows in its events)."""
    def doing(rs: Any, ctx: Any) -> Any:
        yield ev.RuleApplied(what, "", "")
    return doing


class Toy(GameTurns):
    """Two phases a side turn, one side turn a side, the second side's closing the game turn."""

    turn = (
        Phase("first", on_start=said("first starts"), on_end=said("first ends"),
              opens_with=Stage("declare", ("shout",), said("declare closes"), "too late")),
        Phase("second", on_start=said("second starts")),
    )
    turn_order = PhasedRuleset.turn_order  # (a player turn a side, as old-world's)
    condition_registry = Conditions(plain("dazed", "Dazed", "", ends=Ends(PLAYER_TURN_START, "its turn starts")))

    def side_turn(self, s: Any) -> SideTurn | None:
        return s.now

    def side_turn_starting(self, ctx: Any, side: int, unit: str | None) -> Any:
        yield ev.RuleApplied("side turn starting", "", "")

    def side_turn_ending(self, ctx: Any, side: int, unit: str | None) -> Any:
        yield ev.RuleApplied("side turn ending", "", "")

    def game_turn_ending(self, ctx: Any) -> Any:
        yield ev.RuleApplied("game turn ending", "", "")

    def check_winner(self, ctx: Any) -> Any:
        yield from ()

    def final_result(self, s: Any, turn: int) -> tuple[int | str | None, str]:
        return "draw", "the last turn"

    # (the rest of a ruleset: not asked here)
    def check_unit(self, unit: Any, where: str) -> None:
        raise NotImplementedError

    def initial_state(self, scenario: Any, seed: int) -> Any:
        raise NotImplementedError

    def handle(self, ctx: Any, cmd: Any) -> Any:
        raise NotImplementedError

    def unit_result(self, state: Any, unit: str) -> Any:
        raise NotImplementedError


class Quiet(Presenter[Any]):
    def describe(self, state: Any, e: Any) -> str:
        return ""


def toy_state() -> Any:
    unit = SimpleNamespace(side=1, conditions={"dazed": {}}, models=["m"])
    model = SimpleNamespace(on_table=True, conditions={})
    return SimpleNamespace(units={"u": unit}, models={"m": model}, now=None, turn=1,
                           max_turns=1, first_side=1, game_over=False)


def fold(s: Any, e: ev.Event) -> None:
    """Just enough of the flow's state changes for the toy."""
    if isinstance(e, ev.PlayerTurnStarted):
        s.now = SideTurn(e.side, None, 0)
    elif isinstance(e, ev.PhaseStarted):
        s.now = SideTurn(e.side, None, 0, e.phase)
    elif isinstance(e, ev.PhaseStep):
        s.now = SideTurn(e.side, None, 0, e.phase, e.step)
    elif isinstance(e, ev.PlayerTurnEnded):
        s.now = None
    elif isinstance(e, ev.UnitConditionRemoved):
        del s.units[e.unit].conditions[e.condition]
    elif isinstance(e, ev.GameEnded):
        s.game_over = True


def run(step: Any, ctx: Any) -> list[str]:
    out = []
    for e in step:
        fold(ctx.state, e)
        out.append(e.rule if isinstance(e, ev.RuleApplied) else type(e).__name__)
    return out


def test_a_side_turn_its_phases_and_the_game_turn_run_in_the_promised_order():
    rs, ctx = Toy(Quiet), SimpleNamespace(state=toy_state())
    assert run(rs.begin_side_turn(ctx, 1), ctx) == [
        "PlayerTurnStarted", "PhaseStarted", "PhaseStep",  # the first phase is announced
        "side turn starting",  # the ruleset, then the takers' conditions at the start moment
        "UnitConditionRemoved",
        "first starts",
    ]
    assert run(rs.next_phase(ctx), ctx) == [
        "declare closes", "first ends", "PhaseEnded", "PhaseStarted", "second starts"]
    ctx.state.now = SideTurn(2, None, 0, "second")  # (the second side's turn, in its last phase)
    assert run(rs.next_phase(ctx), ctx) == [
        "PhaseEnded", "side turn ending", "PlayerTurnEnded",
        "game turn ending", "TurnEnded", "GameEnded"]  # the turn limit is reached


def test_the_first_sides_turn_does_not_end_the_game_turn():
    rs, ctx = Toy(Quiet), SimpleNamespace(state=toy_state())
    ctx.state.now = SideTurn(1, None, 0, "second")
    assert run(rs.next_phase(ctx), ctx) == ["PhaseEnded", "side turn ending", "PlayerTurnEnded"]


# -- the grammar of the fixed games ------------------------------------------------------------
OPENS = (ev.ActivationStarted, ev.PlayerTurnStarted)
CLOSES = (ev.ActivationEnded, ev.PlayerTurnEnded)


def check_grammar(events: list[ev.Event]) -> None:
    """Game turns hold side turns, side turns hold phases, each closed before the next opens;
    nothing of a side turn happens after the game is over."""
    turn = side = phase = None
    for i, e in enumerate(events):
        where = f"event {i + 1} ({type(e).__name__})"
        if isinstance(e, ev.TurnStarted):
            assert turn is None and side is None, where
            turn = e.turn
        elif isinstance(e, ev.TurnEnded):
            assert turn == e.turn and side is None, where
            turn = None
        elif isinstance(e, OPENS):
            assert turn is not None and side is None, where
            side = e.side
        elif isinstance(e, CLOSES):
            assert side == e.side and phase is None, where
            side = None
        elif isinstance(e, ev.PhaseStarted):
            assert side == e.side and phase is None, where
            phase = e.phase
        elif isinstance(e, ev.PhaseEnded):
            assert phase == e.phase, where
            phase = None
        elif isinstance(e, ev.GameEnded):
            assert i == len(events) - 1, f"{where}: the game ended before its last event"


@pytest.mark.parametrize("path", sorted(FIXED.glob("*.jsonl")), ids=lambda p: p.stem)
def test_the_fixed_games_follow_the_engines_grammar(path: Path):
    events = list(rerun(read_save(path)).log)  # the engine as it is now plays the game again
    assert any(isinstance(e, OPENS) for e in events)
    check_grammar(events)


def test_going_straight_on_to_a_later_phase_is_only_where_nothing_happens_by_itself() -> None:
    """A phase goes straight on to a later one when it has nothing to do as it ends and none
    between (the later one included) has anything to do as it starts: ninth-age's Magic
    phase to its Shooting phase (a shot ordered there comes out as in the Shooting phase),
    not its Charge phase (the chargers move as its declaring closes), nor old-world's
    Movement phase (it opens with the declaring of charges)."""
    from game.rulesets.common.turns import goes_straight
    from game.rulesets.ninth_age.ruleset import NinthAge
    from game.rulesets.old_world.ruleset import OldWorld

    quiet = (Phase("a"), Phase("b"), Phase("c"))
    assert goes_straight(quiet, "a", "c") and goes_straight(quiet, "b", "c")
    assert not goes_straight(quiet, "c", "c") and not goes_straight(quiet, "c", "a")
    assert not goes_straight(quiet, None, "c") and not goes_straight(quiet, "a", "z")
    assert not goes_straight(Toy.turn, "first", "second")  # (it ends with something to do)
    assert not goes_straight((Phase("a"), Phase("b", on_start=said("b"))), "a", "b")
    assert goes_straight(NinthAge.turn, "magic", "shooting")
    assert goes_straight(NinthAge.turn, "movement", "shooting")
    assert not goes_straight(NinthAge.turn, "charge", "shooting")
    assert not goes_straight(NinthAge.turn, "shooting", "melee")  # (shooting ends with work)
    assert not goes_straight(OldWorld.turn, "movement", "shooting")
    assert not goes_straight(OldWorld.turn, "strategy", "shooting")

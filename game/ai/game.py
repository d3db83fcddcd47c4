"""A game played to its end by AI players (headless ``play --ai`` and ``simulate``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.ai.player import Choice, Memory, choose, idle, side_to_act, table_of
from game.core import events as ev
from game.core.commands import DECLARE_DRAW, Order
from game.core.engine import Engine

#: a game turn that has not ended after this many commands, plus ``PER_UNIT`` for each unit,
#: is stopped (a safety net: a ruleset whose candidates never move the game on)
MAX_COMMANDS = 20000
PER_UNIT = 50
#: a game in which, for this many whole game turns in a row, no model was hurt, taken out or
#: changed and no score moved, can no longer change: it ends as a draw
CALM_TURNS = 10
#: the same, sooner, for game turns in which nothing happened at all: no die was rolled, no
#: model moved or changed
STILL_TURNS = 3


class Stuck(Exception):
    """Neither the AI's command nor doing nothing moved the game on."""


def play_out(engine: Engine, players: Mapping[int, str],
             on_choice: Callable[[Choice], None] | None = None,
             max_commands: int | None = None) -> None:
    """Play ``engine``'s game to its end: each side in ``players`` (side -> level) is played
    by the AI; a side not in it does nothing (its decisions take their defaults, its units
    activate without acting). ``on_choice`` sees every AI choice before it is carried out.
    A game that can no longer change (:class:`Standstill`) is ended as a draw by the engine's
    own ``declare_draw`` order, its reason in the log. Raises :class:`Stuck` when a game
    turn does not end within ``max_commands`` (default: :data:`MAX_COMMANDS` and
    :data:`PER_UNIT` for each unit)."""
    limit = max_commands if max_commands is not None else (
        MAX_COMMANDS + PER_UNIT * len(engine.state.units))
    watch = Standstill(engine)
    done = 0
    due: str | None = None  # the game can no longer change: the reason, until it is declared
    memory = Memory()  # (what the AI worked out earlier in the game, for both sides)
    while not engine.state.game_over:
        if done >= limit:
            raise Stuck(f"game turn {engine.state.turn} did not end within {limit} commands")
        side = side_to_act(engine)
        if side is None:
            return
        level = players.get(side)
        if engine.pending_ask is not None and (level is None or engine.state.pending is None
                                               or engine.state.pending.side not in (1, 2)):
            out = engine.answer_default()
        elif level is None:
            out = engine.execute(idle(engine, side).command)
        else:
            choice = choose(engine, side, level, memory=memory)
            if on_choice is not None:
                on_choice(choice)
            out = engine.execute(choice.command)
            if not out.ok:  # pragma: no cover - it was accepted on a copy
                out = engine.execute(idle(engine, side).command)
        if not out.ok:
            raise Stuck(f"side {side} could not act: {out.refusal}")
        done += 1
        due = watch.after(engine, out.events) or due
        if due is not None and engine.pending_ask is None and not engine.state.game_over:
            engine.execute(Order(DECLARE_DRAW, None, (("reason", due),)))  # (after a question)
        if watch.turn_changed:
            done = 0


class Standstill:
    """Watches a game, game turn by game turn, for one that can no longer change, whatever
    its rules: :data:`CALM_TURNS` whole game turns in which no model or unit was hurt, taken
    out or changed (status, damage, conditions, markers) and no side's score moved, or
    :data:`STILL_TURNS` in which nothing happened at all (no die rolled, nothing moved). Each
    game turn is judged by the state after the command that began the next one."""

    def __init__(self, engine: Engine) -> None:
        self.turn = engine.state.turn
        self.outcome = _outcome(engine)
        self.table = table_of(engine.state)
        self.calm = 0  # whole game turns in a row with the same outcome
        self.still = 0  # whole game turns in a row in which nothing happened
        self.rolled = False  # a die was rolled in the game turn under way
        self.turn_changed = False

    def after(self, engine: Engine, events: list[tuple[int, ev.Event]]) -> str | None:
        """Take in one command's events; the reason the game can no longer change, once it
        cannot (None before)."""
        s = engine.state
        rolled_before = self.rolled
        for _, e in events:
            if isinstance(e, ev.TurnStarted):
                rolled_before, self.rolled = self.rolled, False
            elif isinstance(e, ev.DiceRolled):
                self.rolled = True
        self.turn_changed = s.turn != self.turn
        if not self.turn_changed or s.game_over:
            return None
        self.turn = s.turn
        outcome, table = _outcome(engine), table_of(s)
        calm = outcome == self.outcome
        self.calm = self.calm + 1 if calm else 0
        self.still = self.still + 1 if calm and table == self.table and not rolled_before else 0
        self.outcome, self.table = outcome, table
        if self.still >= STILL_TURNS:
            return (f"no die rolled and nothing moved for {self.still} game turns: the game "
                    "can no longer change")
        if self.calm >= CALM_TURNS:
            return (f"no model has been hurt or taken out for {self.calm} game turns: the "
                    "game can no longer change")
        return None


def _outcome(engine: Engine) -> tuple[Any, ...]:
    s = engine.state
    return (tuple((m.status, m.damage, tuple(m.conditions), tuple(m.counters.items()))
                  for m in s.models.values()),
            tuple((u.status, tuple(u.conditions), tuple(u.counters.items()))
                  for u in s.units.values()),
            engine.ruleset.advisor.side_scores(s))

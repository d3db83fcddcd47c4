"""A game played to its end by AI players (headless ``play --ai`` and ``simulate``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from game.ai.player import Choice, choose, idle, side_to_act
from game.core.commands import Answer
from game.core.engine import Engine

#: a game that has not ended after this many commands is stopped (a safety net: a ruleset
#: whose candidates never move the game on)
MAX_COMMANDS = 20000


class Stuck(Exception):
    """Neither the AI's command nor doing nothing moved the game on."""


@dataclass
class AINote:
    """An AI choice, for the log: the number of events before it, the side and its reason."""

    at: int
    side: int
    level: str
    text: str
    command: dict[str, object]


def play_out(engine: Engine, players: Mapping[int, str],
             on_choice: Callable[[Choice], None] | None = None,
             max_commands: int = MAX_COMMANDS) -> None:
    """Play ``engine``'s game to its end: each side in ``players`` (side -> level) is played
    by the AI; a side not in it does nothing (its decisions take their defaults, its units
    activate without acting). ``on_choice`` sees every AI choice before it is carried out."""
    for _ in range(max_commands):
        if engine.state.game_over:
            return
        side = side_to_act(engine)
        if side is None:
            return
        level = players.get(side)
        if engine.pending_ask is not None and (level is None or engine.state.pending is None
                                               or engine.state.pending.side not in (1, 2)):
            engine.answer_default()
            continue
        if level is None:
            out = engine.execute(idle(engine, side).command)
        else:
            choice = choose(engine, side, level)
            if on_choice is not None:
                on_choice(choice)
            out = engine.execute(choice.command)
            if not out.ok:  # pragma: no cover - it was accepted on a copy
                out = engine.execute(idle(engine, side).command)
        if not out.ok:
            raise Stuck(f"side {side} could not act: {out.refusal}")
    raise Stuck(f"the game did not end within {max_commands} commands")


def is_default(choice: Choice) -> bool:
    return isinstance(choice.command, Answer) and choice.command.by_default

"""Games the AI plays on from a position of a save: ``simulate SAVE [--at N]`` and the
window's chances of winning.

The position is built once (:func:`start`: the save's commands re-run up to it, see
:mod:`game.core.position`); each game is a copy of it with dice of its own (game ``i`` with
seed ``first + i``, as ``simulate`` does from a scenario's set-up). A game kept as a save is
written with every face its dice showed, the position's and its own, as the embedded
scenario's fixed dice: re-running it (``replay --check``) gives every event again, although
its dice after the position are not the saved game's.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from game.ai.game import Stuck, play_out
from game.core.dice import RecordingDice, SeededDice, make_dice
from game.core.engine import Engine
from game.core.position import Spot, engine_at
from game.core.replay import SaveFile, read_save, write_save


@dataclass
class Start:
    """A position to play games from: the engine there (its dice recorded), the faces its
    dice showed on the way, and where it lies in the save."""

    save: SaveFile
    engine: Engine
    faces: tuple[int, ...]
    spot: Spot


_STARTS: dict[tuple[object, ...], Start] = {}


def start(path: str, at: int | None = None, cached: bool = False) -> Start:
    """The position after event ``at`` of the save at ``path`` (its end by default). Raises
    :class:`~game.core.errors.ReplayError` for a save that cannot be read or re-run,
    ``ValueError`` for an event it does not have. ``cached``: built once per process for
    the same file (as it is now) and event, for games that only copy it (the worker
    processes of a simulation find it built)."""
    if not cached:
        return start_of(read_save(path), at)
    try:
        st = os.stat(path)
        key: tuple[object, ...] = (path, at, st.st_ino, st.st_size, st.st_mtime_ns)
    except OSError:
        return start_of(read_save(path), at)
    got = _STARTS.get(key)
    if got is None:
        got = _STARTS[key] = start_of(read_save(path), at)
    return got


def start_of(save: SaveFile, at: int | None = None) -> Start:
    """:func:`start` for a save already read."""
    dice = RecordingDice(make_dice(save.seed, save.scenario.dice))
    engine, where = engine_at(save, at, dice)
    return Start(save, engine, tuple(dice.faces), where)


def game_from(begin: Start, seed: int, keep: bool = False) -> Engine:
    """A game at the position with dice of its own (``seed``); ``keep``: with the log and
    records that led there, to be written as a save (:func:`write_game`)."""
    engine = begin.engine.fork(RecordingDice(SeededDice(seed)))
    if keep:
        engine.log = list(begin.engine.log)
        engine.records = list(begin.engine.records)
    return engine


def write_game(begin: Start, engine: Engine, path: str | Path) -> None:
    """Write a game from :func:`game_from` (``keep``) as a save that re-runs: its embedded
    scenario holds every face thrown since the start as fixed dice."""
    dice = engine.dice
    assert isinstance(dice, RecordingDice)
    faces = [*begin.faces, *dice.faces]
    sc = engine.scenario
    fixed = dataclasses.replace(sc, raw={**sc.raw, "dice": faces}, dice=faces)
    saved = copy.copy(engine)
    saved.scenario = fixed
    write_save(saved, path)


def play_from(begin: Start, seed: int, players: Mapping[int, str],
              keep: bool = False) -> Engine:
    """One game played to its end from the position by the AI (side -> level)."""
    engine = game_from(begin, seed, keep)
    play_out(engine, dict(players))
    return engine


# --- the chances of winning from a position ----------------------------------------------------


@dataclass
class Chances:
    """Games played so far from a position, and how they ended."""

    games: int = 0
    wins: dict[int, int] = dataclasses.field(default_factory=dict)  # side -> games won
    draws: int = 0

    def rate(self, side: int) -> float:
        return self.wins.get(side, 0) / self.games if self.games else 0.0

    def interval(self, side: int) -> tuple[float, float]:
        """The 95% interval of ``side``'s chance of winning (Wilson's)."""
        from game.ai.simulate import wilson

        return wilson(self.wins.get(side, 0), self.games)

    def margin(self, side: int) -> float:
        """Half the width of the 95% interval."""
        lo, hi = self.interval(side)
        return (hi - lo) / 2


class _Stopped(Exception):
    """The games were cancelled in the middle of one."""


#: the AI level of both sides in the quick games that estimate the chances of winning
QUICK_LEVEL = "random"


def chances(engine: Engine, games: int, seed: int = 0, level: str = QUICK_LEVEL,
            on_update: Callable[[Chances], None] | None = None,
            cancel: threading.Event | None = None) -> Chances:
    """Play ``games`` games on from ``engine``'s position (never changing it), the AI at
    ``level`` on both sides, game ``i`` with dice of seed ``seed + i``; ``on_update`` sees
    the tally after each game; ``cancel`` stops it soon, in the middle of a game if it must
    (that game is not counted). A game the AI could not finish is left out."""
    tally = Chances()
    base = engine.fork()

    def stop(_choice: object) -> None:  # (asked before every command the AI gives)
        if cancel is not None and cancel.is_set():
            raise _Stopped

    for i in range(games):
        if cancel is not None and cancel.is_set():
            break
        game = base.fork(SeededDice((seed + i) % (2**63)))
        try:
            play_out(game, {1: level, 2: level}, stop)
        except Stuck:  # (a game the AI cannot finish says nothing about the chances)
            continue
        except _Stopped:
            break
        winner = game.state.winner
        tally.games += 1
        if winner in (1, 2):
            tally.wins[winner] = tally.wins.get(winner, 0) + 1
        elif winner == "draw":
            tally.draws += 1
        if on_update is not None:
            on_update(dataclasses.replace(tally, wins=dict(tally.wins)))
    return tally

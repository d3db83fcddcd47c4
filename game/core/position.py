"""A position of a saved game as a starting point: the engine brought to the position after
event N of a save (``--at N``), or to its end, for playing on, odds and simulations.

A command's events come about together (a fight's dice, the damage they do, the casualties
they cause), so a game can only go on from between two commands. When event N falls inside a
command, the position is the one before that command (the same rule as the replay viewer's
"Continue from here"); :attr:`Spot.note` says so in words.

The engine is built by re-running the save's commands from its embedded scenario and seed
(:func:`~game.core.replay.rerun`, which checks every event on the way), so whatever the
position holds is there as the rules have it: a decision waiting for its answer, a charge
declared but not yet moved, a player turn half played. Its dice go on as the saved game's
would have (its seed), so a game played on from it saves and checks like any other.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.dice import DiceSource, make_dice
from game.core.engine import Engine
from game.core.replay import SaveFile, rerun


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a position lies in a save: the records (commands, the opening first) that
    lead to it and the number of events they hold (the position is after that event);
    ``asked``: the event given (None: the save's end); ``note``: a sentence when the
    position is not after the event asked for (it fell inside a command), else empty."""

    records: int
    events: int
    asked: int | None = None
    note: str = ""


def spot(save: SaveFile, at: int | None = None) -> Spot:
    """The position after event ``at`` of ``save`` (counted from 1 through the file, as
    ``replay --log`` numbers them; 0 is the start), or after its last event. Raises
    ``ValueError`` for an event the save does not have."""
    ends: list[int] = []
    n = 0
    for rec in save.records:
        n += len(rec.events)
        ends.append(n)
    if at is None:
        return Spot(len(ends), n)
    if type(at) is not int or not 0 <= at <= n:
        raise ValueError(f"there is no event {at}: the save has {n} events (give 0 to {n}, "
                         "0 being the start)")
    keep = 1
    for j, end in enumerate(ends):
        if end <= at:
            keep = j + 1
    events = ends[keep - 1]
    note = ""
    if events != at:
        if at < ends[0]:
            note = (f"event {at} is part of the game's set-up (events 1 to {ends[0]}): going "
                    f"on from the start of the game, after event {events}")
        else:
            note = (f"event {at} falls inside a command (its events are {events + 1} to "
                    f"{ends[keep]}), which happens as a whole: going on from before it, "
                    f"after event {events}")
    return Spot(keep, events, at, note)


def engine_at(save: SaveFile, at: int | None = None,
              dice: DiceSource | None = None) -> tuple[Engine, Spot]:
    """A live engine at the position after event ``at`` (see :func:`spot`), with the
    save's commands up to there re-run and checked (raises
    :class:`~game.core.errors.ReplayError` where they do not give the saved events).
    ``dice``: the dice to re-run with (default: the save's own, from its seed or its
    scenario's fixed dice)."""
    where = spot(save, at)
    if dice is None:
        dice = make_dice(save.seed, save.scenario.dice)
    return rerun(save, upto=where.records, dice=dice), where

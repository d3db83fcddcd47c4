"""A saved game studied in one pass over its events: where each game turn ends (and what the
table looked like then), each combat with its events, the models each unit had left turn by
turn, and the luck of each side's dice (:mod:`game.report.luck`). No pygame here: the
pictures are drawn by a function the caller passes (the report's, which uses the window's
renderer).

A combat runs from the event its ruleset says opens one (:meth:`Ruleset.combat_begins`: a
fight declared, a round of combat) to the next one or to the end of its activation, phase
or game turn. Fights declared one after the other before any die is rolled for hits,
wounds or saves (several models joining one melee) make one combat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.core import events as ev
from game.core.replay import SaveFile
from game.core.ruleset import HITS, SAVES, WOUNDS, Ruleset, get_ruleset
from game.core.state import GameState, apply
from game.report.luck import Luck, Tally, side_of

#: events that close a combat in progress (they are not part of it)
CLOSING = (ev.ActivationStarted, ev.ActivationEnded, ev.PhaseStarted, ev.PhaseEnded,
           ev.PlayerTurnStarted, ev.PlayerTurnEnded, ev.TurnStarted, ev.TurnEnded,
           ev.GameEnded)
#: a combat in which dice of these kinds were rolled is under way: a fight declared after
#: them opens a new one
UNDER_WAY = (HITS, WOUNDS, SAVES)


@dataclass
class Combat:
    """A combat in the log: its game turn, its events (numbered from 1 through the save) and
    the luck of each side's dice in it."""

    turn: int
    events: list[int] = field(default_factory=list)
    luck: dict[int, Tally] = field(default_factory=dict)
    under_way: bool = False


@dataclass
class TurnEnd:
    """The end of a game turn (or of the save): the event it follows, the picture of the
    table then (PNG bytes, or None), and the models each unit had on the table."""

    turn: int
    event: int
    picture: bytes | None
    models: dict[str, int]
    last: bool = False  # the save ends here, not at the end of a game turn


@dataclass
class Study:
    save: SaveFile
    ruleset: Ruleset
    start: GameState
    final: GameState
    events: list[ev.Event]
    luck: Luck
    combats: list[Combat]
    turn_ends: list[TurnEnd]
    #: models each unit had on the table at the start
    models_at_start: dict[str, int]

    def line(self, n: int) -> str | None:
        """The log line of event ``n`` (counted from 1), in players' words."""
        return self.ruleset.presenter.describe(self.final, self.events[n - 1])


Picture = Callable[[GameState], bytes]
Progress = Callable[[int, int], None]


def study(save: SaveFile, picture: Picture | None = None,
          progress: Progress | None = None) -> Study:
    """Go through the (validated) save once. ``picture`` draws the table of a state (at the
    end of each game turn, and at the end of the save if that is not one); ``progress``
    hears (events done, events in all) now and then."""
    ruleset = get_ruleset(save.scenario.ruleset)
    events = save.events()
    dicts = save.event_dicts()
    state = ruleset.initial_state(save.scenario, save.seed)
    start = state.copy()
    luck = Luck()
    combats: list[Combat] = []
    ends: list[TurnEnd] = []
    open_: Combat | None = None
    total = len(events)
    step = max(1, total // 100)

    def snapshot(n: int, last: bool = False) -> TurnEnd:
        return TurnEnd(state.turn, n, picture(state) if picture is not None else None,
                       models_left(ruleset, state), last)

    for n, (e, d) in enumerate(zip(events, dicts), start=1):
        apply(state, e)
        if isinstance(e, CLOSING):
            open_ = None
        elif ruleset.presenter.combat_begins(e) and (open_ is None or open_.under_way):
            open_ = Combat(state.turn)
            combats.append(open_)
        if open_ is not None and not isinstance(e, CLOSING):
            open_.events.append(n)
        if isinstance(e, ev.DiceRolled):
            count = ruleset.roll_count(d)
            side = side_of(state, e.model)
            if count is not None and side is not None:
                luck.add(side, state.turn, count)
                if open_ is not None:
                    open_.luck.setdefault(side, Tally()).add(count)
                    open_.under_way = open_.under_way or count.kind in UNDER_WAY
        if isinstance(e, ev.TurnEnded):
            ends.append(snapshot(n))
        if progress is not None and (n % step == 0 or n == total):
            progress(n, total)
    after_last = events[ends[-1].event:] if ends else events
    if not ends or any(not isinstance(e, ev.GameEnded) for e in after_last):
        ends.append(snapshot(total, last=True))
    return Study(save, ruleset, start, state, events, luck, combats, ends,
                 models_left(ruleset, start))


def models_left(ruleset: Ruleset, state: GameState) -> dict[str, int]:
    """The models each unit has on the table, as the ruleset's results count them."""
    return {u: int(ruleset.unit_result(state, u)["models_left"]) for u in state.units}


def unit_name(state: GameState, unit: str) -> str:
    u = state.units[unit]
    return u.display or u.id


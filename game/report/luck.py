"""The luck of a game: for each side, game turn by game turn, what its dice did (hits, wounds,
saves, tests passed) against what the same rolls give on average.

Every roll is counted by its ruleset's own rule (:meth:`~game.core.ruleset.Ruleset.roll_count`,
the rule ``replay --log`` checks saved rolls with): how many successes its dice gave, and the
chance each success had, with the same number of dice at the same target. What was expected
of a side is the sum of those chances; the spread to expect around it comes from them too (a
sum of independent successes). The chance of doing at least as well is worked out exactly
(the distribution of a sum of successes with different chances).

A success is good for the side that rolls it: a hit for the attacker, a save for the unit
saving, a test passed for the unit testing. A side "above expectation" was lucky.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from game.core.ruleset import ROLL_KINDS, RollCount
from game.core.state import GameState

#: the words the report uses for each kind of success
KIND_WORDS = {"hits": "hits", "wounds": "wounds", "saves": "saves",
              "break tests": "Break tests passed", "tests": "other tests passed"}


@dataclass
class Tally:
    """Successes counted, the number expected of the same rolls, and its variance."""

    got: int = 0
    expected: float = 0.0
    variance: float = 0.0
    dice: int = 0  # successes the rolls could have given (a die each, or a test each)

    def add(self, count: RollCount) -> None:
        self.got += count.got
        self.expected += count.expected
        self.variance += sum(p * (1 - p) for p in count.chances)
        self.dice += len(count.chances)

    def merge(self, other: Tally) -> None:
        self.got += other.got
        self.expected += other.expected
        self.variance += other.variance
        self.dice += other.dice

    @property
    def luck(self) -> float:
        """Successes above (below, when negative) what was expected."""
        return self.got - self.expected


@dataclass
class Luck:
    """The rolls of a game counted by side, game turn and kind of success."""

    turns: list[int] = field(default_factory=list)  # game turns in the order they came
    tallies: dict[tuple[int, int, str], Tally] = field(default_factory=dict)
    #: the chance of every success each side's rolls could have given, by kind
    chances: dict[tuple[int, str], list[float]] = field(default_factory=dict)

    def add(self, side: int, turn: int, count: RollCount) -> None:
        """Count a roll of side ``side`` in game turn ``turn``."""
        if turn not in self.turns:
            self.turns.append(turn)
        key = (side, turn, count.kind)
        tally = self.tallies.get(key)
        if tally is None:
            tally = self.tallies[key] = Tally()
        tally.add(count)
        self.chances.setdefault((side, count.kind), []).extend(count.chances)

    @property
    def kinds(self) -> list[str]:
        """The kinds of success the game's rolls counted, in the report's order."""
        seen = {k for _, _, k in self.tallies}
        return [k for k in ROLL_KINDS if k in seen]

    def total(self, side: int, kind: str | None = None, upto: int | None = None) -> Tally:
        """Side ``side``'s rolls of ``kind`` (every kind when None), in game turns up to
        ``upto`` (all when None)."""
        out = Tally()
        for (s, turn, k), t in self.tallies.items():
            if s == side and (kind is None or k == kind) and (upto is None or turn <= upto):
                out.merge(t)
        return out

    def in_turn(self, side: int, turn: int, kind: str | None = None) -> Tally:
        out = Tally()
        for (s, t, k), tally in self.tallies.items():
            if s == side and t == turn and (kind is None or k == kind):
                out.merge(tally)
        return out

    def at_least(self, side: int, kind: str | None = None) -> float:
        """The chance of as many successes as side ``side``'s rolls (of ``kind``) gave, or
        more, with the same rolls: small when the side was lucky, near 1 when it was not."""
        chances = [p for (s, k), ps in self.chances.items() if s == side
                   and (kind is None or k == kind) for p in ps]
        return tail(chances, self.total(side, kind).got)


def side_of(state: GameState, who: str | None) -> int | None:
    """The side of the model or unit that rolled."""
    if who is None:
        return None
    m = state.models.get(who)
    if m is not None:
        return m.side
    u = state.units.get(who)
    return u.side if u is not None else None


def tail(chances: Iterable[float], k: int) -> float:
    """The chance that independent successes with these chances number ``k`` or more (the
    distribution of their sum built one success at a time)."""
    import numpy as np

    ps = [p for p in chances if p > 0.0]
    if k <= 0:
        return 1.0
    if k > len(ps):
        return 0.0
    dist = np.zeros(len(ps) + 1)
    dist[0] = 1.0
    for n, p in enumerate(ps, start=1):
        dist[1:n + 1] = dist[1:n + 1] * (1 - p) + dist[0:n] * p
        dist[0] *= 1 - p
    return float(min(1.0, max(0.0, dist[k:].sum())))


def spread(tally: Tally) -> float:
    """The standard deviation of the successes expected of a tally's rolls."""
    return math.sqrt(tally.variance)

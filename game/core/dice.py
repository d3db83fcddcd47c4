"""Dice sources. The engine never calls ``random`` itself: it asks a source, and every result
becomes a ``dice_rolled`` event. A seeded source reproduces a game from its seed; a scripted
source plays back a scenario's ``dice`` list (tests and rules studies)."""

from __future__ import annotations

import random
from typing import Any, Protocol

from game.core.errors import DiceExhausted


class DiceSource(Protocol):
    def roll(self, sides: int, purpose: str) -> int: ...
    def mark(self) -> Any: ...
    def restore(self, mark: Any) -> None: ...
    def fork(self) -> DiceSource: ...


class SeededDice:
    """Pseudo-random dice from a seed (Python's Mersenne Twister)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.count = 0
        self._sides: list[int] = []  # die size of every roll since _base, to rebuild the rng
        self._base = 0  # the count at which _sides starts (0, or where a fork began)
        self._origin: Any = None  # the generator state at _base (None: freshly seeded)

    def roll(self, sides: int, purpose: str) -> int:
        self.count += 1
        self._sides.append(sides)
        return self._below(sides) + 1

    @property
    def _rng(self) -> random.Random:
        return self.__rng

    @_rng.setter
    def _rng(self, rng: random.Random) -> None:
        self.__rng = rng
        # randrange(n) is _randbelow(n) once its arguments are checked: the same numbers,
        # without the checks (a roll is hot: every melee throws several)
        self._below = getattr(rng, "_randbelow", rng.randrange)

    def mark(self) -> Any:
        return self.count

    def restore(self, mark: Any) -> None:
        # Rolling back past dice already thrown is rare (a command refused after rolling, or a
        # crash in a rule), so instead of saving the generator's state before every command
        # (which costs more than a melee's rolls) it is rebuilt: reseed and replay the same
        # rolls (same die sizes: randrange's rejection sampling depends on the size).
        if mark == self.count:
            return
        if mark < self._base:
            raise ValueError("cannot roll back past the point these dice were forked at")
        del self._sides[mark - self._base:]
        self._rng = random.Random(self.seed)
        if self._origin is not None:
            self._rng.setstate(self._origin)
        for sides in self._sides:
            self._rng.randrange(sides)
        self.count = mark

    def fork(self) -> SeededDice:
        """Independent dice that go on exactly as these would (for trying a command on a
        throw-away copy of the engine), without copying the history of every roll."""
        d = SeededDice.__new__(SeededDice)
        d.seed, d.count, d._sides, d._base = self.seed, self.count, [], self.count
        d._origin = self._rng.getstate()
        # (an unseeded generator: Random() would first seed itself from the system's entropy,
        # which costs as much as the rest of the fork; setstate overwrites all of it)
        rng = random.Random.__new__(random.Random)
        rng.setstate(d._origin)
        d._rng = rng
        return d


class ScriptedDice:
    """Plays back fixed results in order; running out raises :class:`DiceExhausted`."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)
        self.count = 0

    def roll(self, sides: int, purpose: str) -> int:
        if self.count >= len(self.faces):
            raise DiceExhausted(
                f"the scripted dice ran out: roll {self.count + 1} ({purpose}, d{sides}) "
                f"has no value (the list has {len(self.faces)})"
            )
        face = self.faces[self.count]
        if not 1 <= face <= sides:
            raise DiceExhausted(
                f"scripted die {self.count + 1} is {face}, which a d{sides} cannot roll "
                f"(needed for {purpose})"
            )
        self.count += 1
        return face

    def mark(self) -> Any:
        return self.count

    def restore(self, mark: Any) -> None:
        self.count = mark

    def fork(self) -> ScriptedDice:
        d = ScriptedDice.__new__(ScriptedDice)
        d.faces, d.count = self.faces, self.count  # the list is only read
        return d


class RecordingDice:
    """Dice that pass every roll on to ``source`` and keep the faces, in order (rolled back
    with a refused command's), so the faces of a game can be written down as fixed dice. A
    fork (a throw-away copy for trying a command) is the source's own, not recorded."""

    def __init__(self, source: DiceSource) -> None:
        self.source = source
        self.faces: list[int] = []

    def roll(self, sides: int, purpose: str) -> int:
        face = self.source.roll(sides, purpose)
        self.faces.append(face)
        return face

    def mark(self) -> Any:
        return self.source.mark(), len(self.faces)

    def restore(self, mark: Any) -> None:
        inner, n = mark
        self.source.restore(inner)
        del self.faces[n:]

    def fork(self) -> DiceSource:
        return self.source.fork()


def make_dice(seed: int, scripted: list[int] | None) -> DiceSource:
    return ScriptedDice(scripted) if scripted is not None else SeededDice(seed)

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


class SeededDice:
    """Pseudo-random dice from a seed (Python's Mersenne Twister)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.count = 0
        self._saved: Any = None  # generator state at the last mark, taken at the first roll
        self._marked = False

    def roll(self, sides: int, purpose: str) -> int:
        if self._marked:
            self._saved = self._rng.getstate()
            self._marked = False
        self.count += 1
        return self._rng.randrange(sides) + 1

    def mark(self) -> Any:
        # Saving the generator state costs more than a melee's worth of rolls, so it is taken
        # lazily: only when a die is actually rolled after the mark.
        self._marked, self._saved = True, None
        return self.count

    def restore(self, mark: Any) -> None:
        if self.count != mark and self._saved is not None:
            self._rng.setstate(self._saved)
        self.count = mark
        self._marked, self._saved = True, None


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


def make_dice(seed: int, scripted: list[int] | None) -> DiceSource:
    return ScriptedDice(scripted) if scripted is not None else SeededDice(seed)

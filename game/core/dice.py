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
        self._sides: list[int] = []  # the die size of every roll, to rebuild the generator

    def roll(self, sides: int, purpose: str) -> int:
        self.count += 1
        self._sides.append(sides)
        return self._rng.randrange(sides) + 1

    def mark(self) -> Any:
        return self.count

    def restore(self, mark: Any) -> None:
        # Rolling back past dice already thrown is rare (a command refused after rolling, or a
        # crash in a rule), so instead of saving the generator's state before every command
        # (which costs more than a melee's rolls) it is rebuilt: reseed and replay the same
        # rolls (same die sizes: randrange's rejection sampling depends on the size).
        if mark == self.count:
            return
        del self._sides[mark:]
        self._rng = random.Random(self.seed)
        for sides in self._sides:
            self._rng.randrange(sides)
        self.count = mark


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

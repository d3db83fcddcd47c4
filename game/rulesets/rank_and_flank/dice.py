"""Dice expressions written in rules ("D6+1", "2D3", "3") and the rolls every rank-and-flank
ruleset makes the same way (2D6 tests, the higher of 2D6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import re
from dataclasses import dataclass

from game.core import events as ev
from game.core.ruleset import Step

_EXPR = re.compile(r"^\s*(?:(\d*)\s*[dD]\s*(\d+))?\s*(?:([+-])?\s*(\d+))?\s*$")


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """``count`` dice of ``sides`` sides plus ``plus`` (``count`` 0: a fixed number)."""

    count: int
    sides: int
    plus: int

    def __str__(self) -> str:
        dice = f"{self.count if self.count > 1 else ''}D{self.sides}" if self.count else ""
        if not dice:
            return str(self.plus)
        return dice + (f"{self.plus:+d}" if self.plus else "")

    @property
    def mean(self) -> float:
        """What it comes to on average, as :func:`roll_expr` rolls it: a total below 0 counts
        as 0 ("D6-2" averages 5/3, not 1.5)."""
        if self.count == 0 or self.plus >= 0:
            return self.count * (self.sides + 1) / 2 + self.plus
        ways = {0: 1}  # the dice's sum -> in how many of the equally likely rolls
        for _ in range(self.count):
            nxt: dict[int, int] = {}
            for total, n in ways.items():
                for face in range(1, self.sides + 1):
                    nxt[total + face] = nxt.get(total + face, 0) + n
            ways = nxt
        return sum(max(0, t + self.plus) * n for t, n in ways.items()) / float(self.sides ** self.count)


def parse_dice(text: str | None) -> DiceExpr:
    """``"D6+1"`` -> DiceExpr(1, 6, 1); ``"3"`` -> DiceExpr(0, 0, 3). Raises ValueError."""
    m = _EXPR.match(text or "")
    if not m or not (m.group(2) or m.group(4)):
        raise ValueError(f"{text!r} is not a number or dice like D6, 2D3, D6+1")
    count = int(m.group(1) or 1) if m.group(2) else 0
    sides = int(m.group(2) or 0)
    plus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    if count > 10 or sides not in (0, 3, 6):
        raise ValueError(f"{text!r}: dice must be D3 or D6, at most 10 of them")
    return DiceExpr(count, sides, plus)


def roll_expr(ctx: Context, expr: DiceExpr, purpose: str, who: str | None,
              against: str | None = None) -> Step:
    """Roll a dice expression as one ``dice_rolled`` event; returns the total (a fixed number
    rolls nothing). A D3 is a D6 halved, rounded up."""
    if not expr.count:
        return expr.plus
    faces = tuple(ctx.roll(6, purpose) for _ in range(expr.count))
    kept = tuple((f + 1) // 2 for f in faces) if expr.sides == 3 else faces
    total = max(0, sum(kept) + expr.plus)
    mods = (("fixed", expr.plus),) if expr.plus else ()
    yield ev.DiceRolled(purpose, who, f"{expr}", faces, kept, mods, total, None, f"{total}",
                        against)
    return total


def roll_2d6(ctx: Context, purpose: str) -> tuple[int, int]:
    return ctx.roll(6, purpose), ctx.roll(6, purpose)

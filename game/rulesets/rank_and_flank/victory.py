"""Victory points of the rank-and-flank rulesets, worked out from the units' ``points`` as the
game goes (what each side would score if the game ended now), and the winner once the last
game turn is over, by each ruleset's own margin.

A side scores, for each enemy unit: all its points when it was destroyed or has fled the
table; a share of them (:class:`VictoryRules`) when it is fleeing, or reduced to a quarter of
its starting strength or less; and a ruleset's bonuses: the enemy General (a unit with the
keyword ``General``) slain, fled or fleeing, the enemy Battle Standard Bearer likewise, each
enemy standard taken (its unit destroyed in combat or run down). Shares are rounded up.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from game.core.ruleset import wins_by
from game.core.state import GameState
from game.rulesets.rank_and_flank.units import alive

#: a unit's strength now and at the start (models, Unit Strength, Health Points...)
Strength = Callable[[GameState, str], tuple[int, int]]

#: the book entry holding each unit's points and command group, set up with the state
BOOK = "victory"


@dataclass(frozen=True, slots=True)
class VictoryRules:
    """What a ruleset counts toward victory points."""

    fleeing: float = 0.5  # share of its points an enemy unit fleeing at the end gives
    reduced: float = 0.5  # ... one reduced to ``reduced_at`` of its strength or less
    reduced_at: float = 0.25
    general: int = 0  # the enemy General slain, fled or fleeing
    battle_standard: int = 0  # the enemy Battle Standard Bearer slain, fled or fleeing
    standard: int = 0  # each enemy standard taken


@dataclass(frozen=True, slots=True)
class UnitEntry:
    """What the victory rules read of a unit that never changes."""

    points: int
    general: bool
    command: frozenset[str]


def book_entry(points: int, keywords: list[str], command: list[str]) -> UnitEntry:
    return UnitEntry(int(points), "general" in {k.strip().lower() for k in keywords},
                     frozenset(c.strip().lower() for c in command))


def entry(s: GameState, unit: str) -> UnitEntry:
    got: UnitEntry = s.book[BOOK][unit]
    return got


def army_points(s: GameState, side: int) -> int:
    """What a side's army costs: the points of all its units."""
    return sum(entry(s, u).points for u, rec in s.units.items() if rec.side == side)


def gone(s: GameState, unit: str) -> bool:
    """Destroyed, fled off the table, or with no model left."""
    rec = s.units[unit]
    return not rec.on_table or not alive(s, unit)


def given_up(s: GameState, unit: str, rules: VictoryRules, strength: Strength) -> tuple[int, str]:
    """The victory points ``unit`` gives the enemy as things stand, and why ("" for none)."""
    points = entry(s, unit).points
    if gone(s, unit):
        return points, "destroyed" if s.units[unit].status != "fled" else "fled"
    if s.units[unit].status == "fleeing":
        return math.ceil(points * rules.fleeing), "fleeing"
    now, start = strength(s, unit)
    if start and now <= rules.reduced_at * start:
        return math.ceil(points * rules.reduced), "reduced to a quarter or less"
    return 0, ""


def _fallen(s: GameState, unit: str) -> bool:
    return gone(s, unit) or s.units[unit].status == "fleeing"


def scores(s: GameState, rules: VictoryRules, strength: Strength) -> dict[int, int]:
    """Each side's victory points as things stand (every unit of the other side counted)."""
    out = {1: 0, 2: 0}
    for uid, rec in s.units.items():
        out[2 if rec.side == 1 else 1] += gives(s, uid, rules, strength)
    return out


def gives(s: GameState, unit: str, rules: VictoryRules, strength: Strength) -> int:
    """Every victory point ``unit`` gives the enemy as things stand: its own
    (:func:`given_up`), and those of its General, Battle Standard Bearer and standard."""
    got, _ = given_up(s, unit, rules, strength)
    e = entry(s, unit)
    if rules.general and e.general and _fallen(s, unit):
        got += rules.general
    if rules.battle_standard and "battle standard" in e.command and _fallen(s, unit):
        got += rules.battle_standard
    if rules.standard and "standard" in e.command and s.units[unit].flag(TAKEN) is not None:
        got += rules.standard
    return got


#: the unit flag that marks a unit destroyed in combat or run down (its standard is taken), by
#: the side that took it
TAKEN = "fell_to"


def margin_winner(scored: dict[int, int], needed: int) -> tuple[int | str, int]:
    """The side ahead by at least ``needed`` (or "draw"), and the margin."""
    lead = scored[1] - scored[2]
    if wins_by(lead, needed):
        return 1, lead
    if wins_by(-lead, needed):
        return 2, -lead
    return "draw", abs(lead)


__all__ = ["BOOK", "TAKEN", "Strength", "UnitEntry", "VictoryRules", "army_points", "book_entry",
           "entry", "gives", "given_up", "margin_winner", "scores"]

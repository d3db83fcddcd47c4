"""Spectral Coach: in the Command sub-phase the coach may turn Incorporeal until its next
turn starts: Ethereal and Fly (10), but no Impact Hits."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterable

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import GameState, Unit
from game.rulesets.old_world.rules import OldWorldRule, register

FLY_WHILE_INCORPOREAL = 10


@register
class SpectralCoach(OldWorldRule):
    name = "Spectral Coach"
    summary = "May turn Incorporeal each turn: Ethereal and Fly (10), but no Impact Hits."
    description = ("In the Command sub-phase of each of its turns (if it is not fleeing) the "
                   "coach may become Incorporeal until its next turn starts. While Incorporeal "
                   "it is Ethereal (only magical attacks can wound it) and flies with a Movement "
                   "of 10, but it makes no Impact Hits. Headless play leaves it as it is unless "
                   "an answer says otherwise.")

    at_will_flags = frozenset({"ethereal"})

    def unit_flags(self, state: GameState, unit: Unit) -> Iterable[str]:
        if "incorporeal" in unit.conditions:
            return {"ethereal", "fly", "no_impact_hits"}
        return ()

    def fly(self, state: GameState, unit: Unit) -> int | None:
        return FLY_WHILE_INCORPOREAL if "incorporeal" in unit.conditions else None

    def command(self, ctx: Context, unit: str) -> Step:
        s = ctx.state
        rec = s.units[unit]
        if rec.status != "active":
            return
        answer = yield Ask(
            "spectral_coach", f"Should {rec.display} turn Incorporeal until its next turn "
            "(Ethereal and Fly 10, no Impact Hits)?", (True, False), False, side=rec.side,
        )
        if answer:
            yield ev.UnitConditionAdded(unit, "incorporeal", "Spectral Coach",
                                        (("turn", s.turn),))

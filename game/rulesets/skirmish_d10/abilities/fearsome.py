"""Fearsome: an enemy that charges this model, or that this model charges, takes a Discipline
Check and becomes Shaken if it fails."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context


from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10 import conditions as C
from game.rulesets.skirmish_d10.checks import discipline_check
from game.rulesets.skirmish_d10.rules import SpecialRule, register


@register
class Fearsome(SpecialRule):
    name = "Fearsome"
    summary = ("An enemy it charges, or that charges it, must pass a Discipline Check or be "
               "Shaken.")
    description = ("Whenever this model charges an enemy, or an enemy charges it, that enemy "
                   "takes a Discipline Check at once and becomes Shaken if it fails.")

    def after_charge(self, ctx: Context, charger: Model, target: Model, role: str) -> Step:
        other = target if role == "charger" else charger
        yield ev.RuleApplied("Fearsome", charger.name if role == "charger" else target.name,
                             f'"{other.name}" must pass a Discipline Check', other.name)
        ok = yield from discipline_check(ctx, other, "Fearsome")
        if not ok:
            yield from C.add(ctx, other.name, "shaken", "Fearsome")

"""Tough: when a point of damage would destroy the model, a d10 roll of 6+ keeps it on its last
damage track instead; one roll for each such point."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from typing import Any

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10 import constants as K
from game.rulesets.skirmish_d10.checks import d10_check
from game.rulesets.skirmish_d10.rules import SpecialRule, register


@register
class Tough(SpecialRule):
    name = "Tough"
    summary = "When damage would destroy it, a d10 roll of 6+ keeps it standing."
    description = ("Each time a point of damage would destroy it, it rolls a d10: on 6 or more "
                   "it stays on its last damage track instead. One roll for each such point.")
    flags = frozenset({"tough"})

    def would_be_destroyed(self, ctx: Context, model: Model, source: str, melee: Any) -> Step:
        ok, _ = yield from d10_check(ctx, "tough", model.name, [], K.TOUGH_TARGET,
                                     yes="stays", no="falls")
        if ok:
            yield ev.RuleApplied("Tough", model.name, "shrugs off the point of damage that would destroy it")
        return ok

"""TOUGH: the first time the model would go Out of Action, it is taken Down instead."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context


from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.trench_crusade.rules import TrenchRule, register

#: the flag a model holds, for the rest of the game, once its TOUGH has been used
USED = "tough_used"


def spent(m: Model) -> bool:
    """Whether the model's one TOUGH save has been used."""
    return bool(m.flag(USED))


@register
class Tough(TrenchRule):
    """Once per game, an Out of Action result takes the model Down instead."""

    name = "TOUGH"
    summary = "Hard to kill: the first Out of Action result takes it Down instead."
    description = ("The first time an Injury Roll would put this model Out of Action, it is "
                   "taken Down instead (with the Blood Marker that brings). The second time "
                   "counts as usual.")

    def instead_of_out_of_action(self, ctx: Context, model: str, source: str, by: str | None) -> Step:
        from game.rulesets.trench_crusade.injuries import take_down

        if spent(ctx.state.models[model]):
            return False
        yield ev.RuleApplied("TOUGH", model, "is taken Down instead of Out of Action, once")
        yield ev.FlagSet(model, USED, "game", True)
        yield from take_down(ctx, model, f"{source} (TOUGH)", by)
        return True

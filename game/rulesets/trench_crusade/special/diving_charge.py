"""Diving Charge: a charge that jumps down 3" or more onto the enemy, with a Risky roll to
land well (+1 DICE on the next melee attack) or fall."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterable
from typing import Any

from game.core import events as ev
from game.core.ruleset import Step
from game.rulesets.common.rules import Mod
from game.rulesets.trench_crusade import constants as K
from game.rulesets.trench_crusade.rules import RULES, TrenchRule, register


def _check_dive(model: Any, value: Any) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, got {value!r}"


RULES.order_key("charge", "dive", check=_check_dive)


@register
class DivingCharge(TrenchRule):
    """Every model may make a Diving Charge (``dive = true`` on a charge order)."""

    name = "Diving Charge"
    applies_to = "core"
    summary = ("A charge that jumps down at least 3\" onto the enemy: land it for +1 DICE on "
               "the next melee attack, or fall.")
    description = ("Any model charging an enemy at least 3\" below it may dive onto it. It "
                   "makes a Risky Success Roll as it lands: on a success it takes no fall and "
                   "gets a bonus die on its next melee attack; on a failure it is taken Down, "
                   "falls (an Injury Roll) and its activation ends.")

    def check_charge(self, state: Any, model: Any, target: Any, order: Any, drop: float) -> None:
        from game.rulesets.trench_crusade.actions import inches, refuse
        from game.rulesets.trench_crusade.terrain import level

        if not order.arg("dive", False):
            return
        height = level(state, model) - level(state, target)
        if height < K.DIVE_HEIGHT - K.EPS:
            raise refuse(
                "no_dive",
                f'"{model.name}" stands {inches(height)}" above "{target.name}": a '
                f'Diving Charge needs 3" or more',
            )
        if drop < K.DIVE_HEIGHT - K.EPS:
            raise refuse(
                "no_dive", f'the charge of "{model.name}" does not jump down 3" or more at once'
            )

    def after_charge(self, ctx: Context, model: str, target: str, order: Any,
                     falls: tuple[float, ...]) -> Step:
        from game.rulesets.trench_crusade.injuries import falling_roll
        from game.rulesets.trench_crusade.rolls import success_roll

        if not order.arg("dive", False):
            return None
        yield ev.RuleApplied("Diving Charge", model, f'jumps down {max(falls):g}" at "{target}"',
                             target)
        outcome = yield from success_roll(ctx, model, "diving_charge", [], against=target)
        if outcome == "failure":
            # Taken Down by the failed landing: the marker comes with the falls' own Injury
            # Rolls, not with going Down itself.
            yield ev.RuleApplied("Diving Charge", model,
                                 "fails the Risky roll: it is taken Down and falls")
            yield ev.StatusChanged(model, "down", "failed Diving Charge")
            for drop in falls:
                if not ctx.state.models[model].on_table or ctx.state.game_over:
                    break
                yield from falling_roll(ctx, model, drop, "failed Diving Charge")
            return "end"
        yield ev.RuleApplied("Diving Charge", model,
                             "lands well: no fall, +1 DICE on its next melee attack")
        yield ev.FlagSet(model, "diving_charge", "game", True)
        return "done"

    def success_dice(self, state: Any, attacker: Any, target: Any, weapon: Any,
                     role: str) -> Iterable[Mod]:
        if role == "attacker" and attacker.flag("diving_charge"):
            return (Mod("Diving Charge", 1),)
        return ()

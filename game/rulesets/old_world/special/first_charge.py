"""First Charge: the unit's first charge of the game, if it reaches its target, leaves that
target Disrupted until the end of the Combat phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context


from game.core import events as ev
from game.core.ruleset import Step
from game.rulesets.old_world.rules import OldWorldRule, register


@register
class FirstCharge(OldWorldRule):
    name = "First Charge"
    summary = "Its first charge of the game Disrupts the unit it hits, until the end of that Combat phase."
    description = ("Once per game, on the unit's first charge: if the charge reaches its "
                   "target, the target is Disrupted (no Rank Bonus) until the Combat phase of "
                   "that turn ends. A first charge that falls short uses the rule up.")

    def charge_resolved(self, ctx: Context, charger: str, target: str, contact: bool) -> Step:
        s = ctx.state
        if s.units[charger].flag("first_charge_used"):
            return
        yield ev.UnitFlagSet(charger, "first_charge_used", "game", True)
        if contact and s.units[target].on_table and "disrupted" not in s.units[target].conditions:
            yield ev.UnitConditionAdded(target, "disrupted", "First Charge",
                                        (("until", "combat phase"),))

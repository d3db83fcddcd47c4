"""Impact Hits (X): a charging model that moved 3" or more and touches the enemy hits the unit
it charged X times, automatically, as the combat is chosen, before anyone strikes."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from typing import Any

from game.core import events as ev
from game.core import measure
from game.core.log import show_inches
from game.core.ruleset import Step
from game.rulesets.old_world.rules import OldWorldRule, register
from game.rulesets.rank_and_flank.dice import parse_dice, roll_expr


@register
class ImpactHits(OldWorldRule):
    name = "Impact Hits"
    takes_param = True
    summary = "When it charges 3\" or more into contact, each model hits the charged unit X times, first."
    description = ("In the Combat phase of a turn it charged, each model with this rule that "
                   "moved 3\" or more and is in base contact with the unit it charged causes the "
                   "number of hits in brackets (rolled per model when it is dice), as the "
                   "combat is chosen and before any Initiative step. The hits land "
                   "automatically at the model's unmodified Strength (heavy chariots' hits "
                   "have AP -2); casualties are removed at once and the Wounds count toward "
                   "the combat result.")

    @classmethod
    def check_param(cls, param: str) -> str | None:
        try:
            parse_dice(param)
        except ValueError as exc:
            return str(exc)
        return None

    def combat_chosen(self, ctx: Context, combat: Any, unit: str) -> Step:
        from game.rulesets.old_world import combat as C
        from game.rulesets.old_world import units as U
        from game.rulesets.rank_and_flank import space
        from game.rulesets.rank_and_flank.combat import charge_of

        s = ctx.state
        charge = charge_of(s, unit)
        if charge is None:
            return
        target, moved = charge[0], charge[1]
        if "no_impact_hits" in U.own_flags(s, unit):
            yield ev.RuleApplied("Impact Hits", unit, "is Incorporeal: no Impact Hits")
            return
        if measure.short_of(moved, 3.0):
            yield ev.RuleApplied("Impact Hits", unit, f"moved {show_inches(moved)} before contact: "
                                 f'no Impact Hits (3" needed)', target)
            return
        if target not in combat.units or not U.on_table(s, target):
            return
        touching = [n for n in space.models_touching(s, unit, space.boundary(s, target))
                    if s.models[n].unit == unit]
        if not touching:
            return
        expr = parse_dice(self.param)
        hits = 0
        for _ in touching:
            hits += yield from roll_expr(ctx, expr, "impact_hits", unit, target)
        if not hits:
            return
        s = ctx.state
        yield ev.RuleApplied("Impact Hits", unit, f"strikes {hits} automatic hit{'s' if hits != 1 else ''}",
                             target)
        p = U.profile(s, unit)
        losses: dict[str, Any] = {}
        strength = U.stat(s, unit, "S")
        bane = max((r.armour_bane() for r in C.own_hooked(s, unit, "armour_bane")), default=0)
        yield from C.resolve_hits(ctx, combat, unit, target, hits, losses, source="Impact Hits",
                                  strength=strength, ap=p.troop.impact_ap, bane=bane)
        yield from C.remove_casualties(ctx, losses, "Impact Hits")

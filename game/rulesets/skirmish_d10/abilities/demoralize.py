"""Demoralize: at the end of an activation in which the model killed an enemy, every other enemy
in B2B with it must pass a Discipline Check or become Shaken.

Hook ``end_activation``, after the melee (destroyed models are gone by then). A kill is an
enemy the model did damage to in this activation's melee that ended up destroyed, whether the
model attacked or struck back. Enemies already Shaken take no check (it could not change
anything), and a Demoralize model destroyed in the melee has no one in B2B.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context


from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10 import conditions as C
from game.rulesets.skirmish_d10.checks import alive, discipline_check
from game.rulesets.skirmish_d10.melee import Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, register


def kills(melee: Melee, name: str) -> list[str]:
    """Enemies ``name`` did damage to in the melee that are now destroyed."""
    out: dict[str, None] = {}
    me = melee.model(name)
    for target, by, kept, _src in melee.damage_done:
        t = melee.model(target)
        if by == name and kept > 0 and t.side != me.side and not alive(t):
            out.setdefault(target)
    return list(out)


@register
class Demoralize(SpecialRule):
    name = "Demoralize"
    summary = ("After it kills an enemy, the enemies touching it must pass a Discipline Check "
               "or be Shaken.")
    description = ("At the end of an activation in which it destroyed an enemy, whether "
                   "attacking or striking back, every other enemy in base contact with it "
                   "takes a Discipline Check and becomes Shaken if it fails. Enemies already "
                   "Shaken take no check.")

    def end_activation(self, ctx: Context, model: Model, melee: Melee | None) -> Step:
        if melee is None or not alive(model):
            return
        killed = kills(melee, model.name)
        if not killed:
            return
        near = [o for o in melee.table.touching(ctx.state, model, enemies_only=True)
                if alive(o) and o.name not in killed and "shaken" not in o.conditions]
        if not near:
            return
        yield ev.RuleApplied(self.name, model.name,
                             "killed " + ", ".join(f'"{n}"' for n in killed)
                             + ": the enemies in B2B must pass a Discipline Check")
        for o in near:
            ok = yield from discipline_check(ctx, ctx.state.models[o.name], "Demoralize")
            if not ok:
                yield from C.add(ctx, o.name, "shaken", "Demoralize")

"""Shock: an enemy the model charged and then attacks must pass a Discipline Check or make no
Defensive Strikes at all in this melee, against any attacker. Each Shock charger attacking the
same enemy calls for its own check; one failure is enough, so no further check is rolled once
one has failed. The check is separate from any other (Fearsome's, taken at the charge).

Step 2 (``before_strikes``), before the strikes made before the fight are rolled: a failure
puts the enemy in ``no_ds``, which also stops its Defensive First Strikes.
"""

from __future__ import annotations

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10.checks import alive, discipline_check
from game.rulesets.skirmish_d10.melee import Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, register


@register
class Shock(SpecialRule):
    name = "Shock"
    summary = "An enemy it charges and attacks may be too stunned to strike back."
    description = ("An enemy it charged and then attacks takes a Discipline Check; if it "
                   "fails, it makes no Defensive Strikes at all in that melee, against anyone.")

    def before_strikes(self, melee: Melee, model: Model) -> Step:
        for f in melee.fights_by(model.name):
            d = melee.model(f.target)
            if not f.charged or not alive(d) or d.name in melee.no_ds:
                continue
            yield ev.RuleApplied(self.name, model.name,
                                 f'"{d.name}" must pass a Discipline Check to strike back', d.name)
            ok = yield from discipline_check(melee.ctx, d, "Shock")
            if not ok:
                melee.no_ds.add(d.name)

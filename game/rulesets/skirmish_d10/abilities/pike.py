"""Pike: a model charged this activation makes one of its Defensive Strikes first, at each
charger that attacks it, and that damage lands before the charger's attacks. Against a charger
with First Strike or Quick Strike both strikes are rolled together and their damage applied at
once.

Step 2 (``before_strikes``), sharing the charge's strike group (see :mod:`.first_strike`).
Always used when possible; not by a model that took Frenzy Defensive Strikes.
"""

from __future__ import annotations

from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10.abilities.first_strike import defend_first
from game.rulesets.skirmish_d10.melee import Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, register


@register
class Pike(SpecialRule):
    name = "Pike"
    summary = "When charged, strikes first at each charger with one Defensive Strike."
    description = ("In an activation in which it was charged, it makes one of its Defensive "
                   "Strikes at each charger that attacks it before that charger's attacks, and "
                   "that damage lands first. A charger with First Strike or Quick Strike "
                   "strikes at the same time. Not with Frenzy.")

    def before_strikes(self, melee: Melee, model: Model) -> Step:
        for f in melee.fights_against(model.name):
            if f.charged:
                yield from defend_first(melee, f, melee.model(model.name), self.name)

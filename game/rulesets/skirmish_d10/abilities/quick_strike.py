"""Quick Strike: a model that charged an enemy and fights it makes one of its attacks before
the rest of the melee, and that damage lands first. If the charged model has First Strike or
Pike, its first Defensive Strike is rolled together with the Quick Strike, their damage at once.

Step 2 (``before_strikes``), sharing the charge's strike group with First Strike and Pike (see
:mod:`.first_strike`). Not used on a fight flagged ``reach``. Unlike First Strike, Frenzy does
not forbid it.
"""

from __future__ import annotations

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10.abilities.first_strike import charge_group
from game.rulesets.skirmish_d10.melee import Attack, Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, register


@register
class QuickStrike(SpecialRule):
    name = "Quick Strike"
    summary = "Charging, one of its attacks lands before the rest of the melee."
    description = ("When it charged the enemy it fights, one of its attacks is rolled before "
                   "the rest of the melee and its damage lands first. Unlike First Strike it "
                   "works with Frenzy. A charged model with First Strike or Pike strikes back "
                   "at the same time.")

    def before_strikes(self, melee: Melee, model: Model) -> Step:
        for f in melee.fights_by(model.name):
            if not f.charged:
                continue
            if f.reach:
                yield ev.RuleApplied(self.name, model.name,
                                     "cannot be used from the Reach position", f.target)
                continue
            group = charge_group(melee, f)
            if not any(a.kind == "attack" for a in group):
                group.insert(0, Attack(model.name, f.target, "attack", f, "quick_strike", 1,
                                       first_strike=True))

"""Parry: a model that is attacked may give up some of its Defensive Strikes, before any dice
are rolled, to raise its DV by 1 for each one given up, for the rest of this melee. It may give
up all of them. Not usable by a model that took Frenzy Defensive Strikes.

Step 1 (``declare``): a ``parry`` decision for the defending side (how many Defensive Strikes to
give up; default 0), asked only when the model has a Defensive Strike to give. The DV bonus is a
``dv_mods`` entry; ``ds_pool`` takes the strikes away.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10.abilities.frenzy import frenzy_taken
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.melee import Melee, effective_ma
from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, register


@dataclass(slots=True)
class Parried:
    """How many Defensive Strikes each model gave up for DV in this melee."""

    given_up: dict[str, int] = field(default_factory=dict)


def parried(melee: Melee, name: str) -> int:
    return melee.rule_state(Parried).given_up.get(name, 0)


@register
class Parry(SpecialRule):
    name = "Parry"
    summary = "When attacked, may give up Defensive Strikes for +1 DV each."
    description = ("Before the dice are rolled, a model that is attacked may give up any "
                   "number of its Defensive Strikes; each one given up raises its DV by 1 for "
                   "the rest of the melee. Not with Frenzy.")
    priority = 45  # after Frenzy's declaration

    def declare(self, melee: Melee, model: Model) -> Step:
        if not alive(model) or not melee.fights_against(model.name) or melee.fights_by(model.name):
            return
        if frenzy_taken(melee, model.name):
            yield ev.RuleApplied(self.name, model.name, "cannot be used with Frenzy")
            return
        most = effective_ma(model) - melee.ds_spent.get(model.name, 0)
        if most <= 0:
            return
        n = yield Ask(
            "parry",
            f'How many Defensive Strikes does "{model.name}" give up for +1 DV each (Parry)?',
            tuple(range(most + 1)), 0, model.name, model.side,
        )
        if not n:
            return
        melee.rule_state(Parried).given_up[model.name] = n
        melee.dv_mods.setdefault(model.name, []).append(Mod("Parry", n))
        yield ev.RuleApplied(self.name, model.name,
                             f"gives up {n} Defensive Strike{'s' if n != 1 else ''} for +{n} DV")

    def ds_pool(self, melee: Melee, model: Model, pool: int) -> int:
        return pool - parried(melee, model.name)

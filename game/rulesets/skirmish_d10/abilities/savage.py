"""Savage: during its own activation, when the model lands two or more attacks on the same
enemy, that enemy takes one extra point of damage, once, however many more hits land.

Hits counted are the attacks of the model's fights in the melee (strikes before the fight
included), not Defensive Strikes. The extra point is counted at the end of step 3 and joins
the damage of step 5 (so it is taken at the same time as the hits, and counts as damage done
by the Savage model for Poison and Vicious). A flag on the Savage model, kept until the
activation ends, makes sure a given enemy is mauled only once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.common.flow import activation
from game.rulesets.skirmish_d10.rules import SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Melee

#: hits on the same model needed
SAVAGE_HITS = 2


def flag_name(target: str) -> str:
    return f"savage mauled {target}"


@register
class Savage(SpecialRule):
    name = "Savage"
    summary = "Two or more of its attacks landing on one enemy do 1 extra damage."
    description = ("During its own activation, when two or more of its attacks hit the same "
                   "enemy, that enemy takes one extra point of damage, once, however many more "
                   "hits land. Defensive Strikes do not count.")

    def after_attacks(self, melee: Melee, model: Model) -> Step:
        act = activation(melee.state)
        if act is None or act.unit != model.unit:
            return
        counts: dict[str, int] = {}
        for h in melee.hits:
            a = h.attack
            if a.attacker == model.name and a.kind == "attack" and a.target != model.name:
                counts[a.target] = counts.get(a.target, 0) + 1
        for target, n in counts.items():
            if n < SAVAGE_HITS or melee.model(model.name).flag(flag_name(target)):
                continue
            yield ev.FlagSet(model.name, flag_name(target), "activation")
            yield ev.RuleApplied("Savage", model.name,
                                 f'mauls "{target}" after {n} hits: 1 more point of damage', target)
            melee.pending.append((target, 1, "Savage", model.name))

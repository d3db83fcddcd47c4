"""Bludgeon: when the model hits an enemy in a Fight Action during its own activation, that
enemy's Defensive Strikes in the melee take a MAV penalty: -2 when its Base Size is smaller
than the Bludgeon model's, -1 when it is the same, none when it is larger.

The penalty is not cumulative: all Bludgeon penalties share one modifier group, so however
many Bludgeon hits (from one model or several) a defender takes, only the largest one counts.
It is applied at once when the hit lands (step 3, or step 2 for a strike before the fight), so
it is in force when the defender rolls its Defensive Strikes in step 4, against every attacker
it strikes back at. Base Sizes are compared with
:mod:`game.rulesets.skirmish_d10.base_size` (bases given in mm take the nearest named size).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core import events as ev
from game.core.ruleset import Step
from game.rulesets.common.flow import activation
from game.rulesets.skirmish_d10.base_size import base_size, compare_sizes
from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, register

if TYPE_CHECKING:
    from game.rulesets.skirmish_d10.melee import Hit, Melee

#: the modifier group that keeps the penalties from adding up
GROUP = "Bludgeon"
#: penalty by the defender's Base Size compared with the Bludgeon model's
PENALTY = {-1: -2, 0: -1}


@register
class Bludgeon(SpecialRule):
    name = "Bludgeon"
    summary = "Enemies it hits strike back with -1 MAV, or -2 if their base is smaller."
    description = ("When it hits an enemy with a Fight Action in its own activation, that "
                   "enemy's Defensive Strikes in the melee take -2 MAV if its base is smaller "
                   "than this model's, -1 if it is the same size, nothing if larger. Several "
                   "Bludgeon hits do not add up: only the biggest penalty counts.")

    def on_hit(self, melee: Melee, hit: Hit, role: str) -> Step:
        atk = hit.attack
        if role != "attacker" or atk.kind != "attack" or atk.fight is None:
            return
        me, t = melee.model(atk.attacker), melee.model(atk.target)
        act = activation(melee.state)
        if act is None or act.unit != me.unit or t.side == me.side:
            return
        value = PENALTY.get(compare_sizes(t, me))
        if value is None:
            return
        mods = melee.ds_mav_mods.setdefault(t.name, [])
        if any(m.group == GROUP and abs(m.value) >= abs(value) for m in mods):
            return
        mods.append(Mod(GROUP, value, GROUP))
        yield ev.RuleApplied(
            "Bludgeon", me.name,
            f'leaves "{t.name}" ({base_size(t)} base) at {value} MAV on its Defensive Strikes',
            t.name,
        )

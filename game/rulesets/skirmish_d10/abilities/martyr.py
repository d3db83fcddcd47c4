"""Martyr: when the model fights, it may give up all its remaining damage tracks to gain +2 MAV
on the attacks of that fight; once its attacks are made it counts as a casualty and leaves the
table, so no Defensive Strike can reach it.

Step 1 (``declare``): the fight order may say ``martyr = true`` (or ``false``); otherwise a
``martyr`` decision is asked of the attacking side (default no: a sacrifice is never made
unless ordered). End of step 3 (``after_attacks``): the model takes its remaining damage and is
destroyed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10.checks import alive, tracks
from game.rulesets.skirmish_d10.melee import Melee
from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, order_key, register


@dataclass(slots=True)
class Martyrs:
    """The models that chose to fall after their attacks in this melee."""

    models: set[str] = field(default_factory=set)


MARTYR_MAV = 2


@order_key("fight", "martyr", rule="Martyr")
def _check_order(model: Model, value: Any) -> str | None:
    if not isinstance(value, bool):
        return f"give true or false, got {value!r}"
    return None


@register
class Martyr(SpecialRule):
    name = "Martyr"
    summary = "May sacrifice itself for +2 MAV on one fight's attacks."
    description = ("When it fights it may give up all its remaining damage tracks to get +2 "
                   "MAV on that fight's attacks. Once those attacks are made it is removed as "
                   "a casualty, so no Defensive Strike can reach it. It is never done unless "
                   "you choose it.")

    def declare(self, melee: Melee, model: Model) -> Step:
        if not alive(model):
            return
        if not any(f.kind == "fight" and alive(melee.model(f.target))
                   for f in melee.fights_by(model.name)):
            return
        use = model.flag("fight.martyr")
        if use is None:
            use = yield Ask(
                "martyr",
                f'Does "{model.name}" give up its remaining damage tracks for +{MARTYR_MAV} MAV '
                f"on this fight's attacks (Martyr)?",
                (False, True), False, model.name, model.side,
            )
        if not use:
            return
        melee.rule_state(Martyrs).models.add(model.name)
        melee.mav_mods.setdefault(model.name, []).append(Mod("Martyr", MARTYR_MAV))
        yield ev.RuleApplied(self.name, model.name,
                             f"will fall after its attacks; +{MARTYR_MAV} MAV on them")

    def after_attacks(self, melee: Melee, model: Model) -> Step:
        if model.name not in melee.rule_state(Martyrs).models or not alive(model):
            return
        yield ev.RuleApplied(self.name, model.name, "has made its attacks and leaves the table")
        # self-inflicted (by the model itself): scores nothing for the enemy
        yield ev.DamageTaken(model.name, tracks(model) - model.damage, "Martyr", model.name)
        yield ev.StatusChanged(model.name, "destroyed", "Martyr", None)

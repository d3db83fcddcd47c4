"""Weaponmaster: once in each activation the model may roll one of its missed attacks again
(never a Defensive Strike); the new roll stands.

Hook ``after_roll`` on the model's missed attacks: a ``weaponmaster`` decision (default yes, so
the first missed attack is rolled again). Its use is a FlagSet ``weaponmaster`` scoped to the
activation.
"""

from __future__ import annotations

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.rulesets.skirmish_d10.melee import Attack, Hit, Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, register


@register
class Weaponmaster(SpecialRule):
    name = "Weaponmaster"
    summary = "Once per activation, may roll a missed attack again."
    description = ("Once in each activation it may roll one of its missed attacks again (never "
                   "a Defensive Strike); the new roll stands.")

    def after_roll(self, melee: Melee, atk: Attack, hit: Hit) -> Step:
        if atk.kind != "attack" or hit.hit:
            return None
        m = melee.model(atk.attacker)
        if m.flag("weaponmaster"):
            return None
        again = yield Ask(
            "weaponmaster",
            f'"{m.name}" missed "{atk.target}": roll that attack again (Weaponmaster, once '
            f"per activation)?",
            (True, False), True, m.name, m.side,
        )
        if not again:
            return None
        yield ev.FlagSet(m.name, "weaponmaster", "activation", True)
        yield ev.RuleApplied(self.name, m.name, "rolls the missed attack again", atk.target)
        return (yield from melee.roll_once(atk))

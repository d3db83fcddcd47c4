"""Rush Attack: a model that Moves and then Charges (those two actions, in that order) and ends
the charge in base contact with an enemy gets one free attack on an enemy it touches. The
attack joins the activation's melee like any Fight Action, and its victim may make at most one
Defensive Strike against the rushing model for it.

- When: right after the charge move (``after_charge``) the free attack is recorded as a
  ``fight:rush`` action; it is rolled in step 3 with the other fights of the activation.
- Target: the charged model; when the charge ends touching several enemies, a ``rush_attack``
  decision picks one of them (default: the charged model).
- A charge ending in the Reach position touches no enemy: no Rush Attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context


from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.common.flow import activation
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.melee import FIGHT_KINDS
from game.rulesets.skirmish_d10.rules import SpecialRule, register
from game.rulesets.skirmish_d10.ruleset import TABLE

RUSH_KIND = "rush"
FIGHT_KINDS[RUSH_KIND] = (1, 1)  # one attack; at most one Defensive Strike against it


def spent_actions(ctx: Context, m: Model) -> list[str]:
    """The actions ``m`` spent this activation (Free Actions left out), in order."""
    act = activation(ctx.state)
    return [a.action for a in act.taken(m.name) if not a.free] if act else []


@register
class RushAttack(SpecialRule):
    name = "Rush Attack"
    summary = "After a Move then a Charge into contact, a free attack on the run."
    description = ("A model that Moves and then Charges in the same activation, and ends the "
                   "charge touching an enemy, gets one free attack on an enemy it touches (the "
                   "charged model unless you pick another). The victim may make at most one "
                   "Defensive Strike against it for that attack.")

    def after_charge(self, ctx: Context, charger: Model, target: Model, role: str) -> Step:
        if role != "charger" or spent_actions(ctx, charger) != ["move", "charge"]:
            return
        foes = [o for o in TABLE.touching(ctx.state, charger, enemies_only=True) if alive(o)]
        if not foes:
            return
        names = tuple(o.name for o in foes)
        choice = target.name if target.name in names else names[0]
        if len(names) > 1:
            choice = yield Ask(
                "rush_attack",
                f'Which enemy in base contact does "{charger.name}" strike with its Rush Attack?',
                names, choice, charger.name, charger.side,
            )
        yield ev.ActionTaken(charger.name, f"fight:{RUSH_KIND}", choice, free=True)
        yield ev.RuleApplied(self.name, charger.name,
                             "moved, charged, and strikes once on the run", choice)

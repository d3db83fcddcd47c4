"""FEAR: a model that lacks FEAR itself attacks a FEAR model in melee with -1 DICE."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.rulesets.common.rules import Mod
from game.rulesets.trench_crusade.rules import TrenchRule, register


@register
class Fear(TrenchRule):
    """Enemies without FEAR of their own take -1 DICE on melee attacks against this model."""

    name = "FEAR"
    summary = "Terrifying up close: enemies without FEAR attack it in melee with -1 DICE."
    description = ("Any enemy that does not have FEAR itself rolls its melee Success Rolls "
                   "against this model with one penalty die.")

    def success_dice(self, state: Any, attacker: Any, target: Any, weapon: Any,
                     role: str) -> Iterable[Mod]:
        if role == "target" and not attacker.has_keyword("fear"):
            return (Mod("FEAR", -1),)
        return ()

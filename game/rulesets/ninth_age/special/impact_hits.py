"""Impact Hits (X): at Initiative Step 10 of a round in which it is Charging, a model part with
this rule hits an enemy unit touching its model's front X times, automatically, at the part's
Strength and AP. Of a multipart model only Harnessed or Inanimate parts use it (the chariot's
chassis, the beasts pulling it); a random X is rolled for each model part."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterable
from typing import Any

from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.attacks import dice_problem, resolve_counted
from game.rulesets.ninth_age.combat import special_choice
from game.rulesets.ninth_age.rules import NinthAgeRule, register
from game.rulesets.rank_and_flank.dice import parse_dice


@register
class ImpactHits(NinthAgeRule):
    name = "Impact Hits"
    takes_param = True
    summary = "When it charges, hits the enemy touching its front X times at Initiative Step 10."
    description = ("In a round of combat in which the unit is Charging, each model part with "
                   "this rule picks an enemy unit in base contact with its model's front and "
                   "causes it the number of hits in brackets (rolled for each model part when "
                   "it is a dice roll) at Initiative Step 10, whatever its Agility. The hits "
                   "land automatically and use the part's own Strength and AP (weapons and "
                   "attack attributes do not change them). Of a model with several parts, "
                   "only Harnessed or Inanimate parts may use it. A model that also has Grind "
                   "Attacks uses only one of the two in a round (Impact Hits when charging, "
                   "unless told otherwise).")

    @classmethod
    def check_param(cls, param: str) -> str | None:
        return dice_problem(param)

    def special_attacks(self, state: GameState, combat: Any, view: Any) -> Iterable[Any]:
        if not view.charging:
            return ()
        if view.multipart and not U.part_flags(view.part) & {"harnessed", "inanimate"}:
            return ()
        if special_choice(state, view.member) == "grind_attacks":
            return ()
        groups = view.by_target(view.front, combat)
        return [view.strike(self.name, K.IMPACT_STEP, t, ms, self) for t, ms in groups.items()]

    def resolve(self, ctx: Context, combat: Any, attack: Any, losses: Any) -> Step:
        yield from resolve_counted(ctx, combat, attack, losses, parse_dice(self.param),
                                   "impact_hits", self.name)

"""Grind Attacks (X): at its Agility, a model part with this rule hits an enemy unit in base
contact with it X times, automatically, at the part's Strength and AP; a random X is rolled for
each model part."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterable
from typing import Any

from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.ninth_age.attacks import dice_problem, resolve_counted
from game.rulesets.ninth_age.combat import special_choice
from game.rulesets.ninth_age.rules import NinthAgeRule, register
from game.rulesets.rank_and_flank.dice import parse_dice


@register
class GrindAttacks(NinthAgeRule):
    name = "Grind Attacks"
    takes_param = True
    summary = "Hits an enemy unit in base contact X times at the part's Agility, every round."
    description = ("In every round of combat, each model part with this rule picks an enemy "
                   "unit in base contact with its model and causes it the number of hits in "
                   "brackets (rolled for each model part when it is a dice roll), at the "
                   "Initiative Step of the part's Agility (Charging Momentum included). The "
                   "hits land automatically at the part's own Strength and AP. A model that "
                   "also has Impact Hits uses only one of the two in a round.")

    @classmethod
    def check_param(cls, param: str) -> str | None:
        return dice_problem(param)

    def special_attacks(self, state: GameState, combat: Any, view: Any) -> Iterable[Any]:
        if special_choice(state, view.member) == "impact_hits":
            return ()
        groups = view.by_target(view.touching, combat)
        return [view.strike(self.name, view.agility, t, ms, self) for t, ms in groups.items()]

    def round_hits(self, state: GameState, member: str, part: Any, target: str) -> float:
        return parse_dice(self.param).mean

    def resolve(self, ctx: Context, combat: Any, attack: Any, losses: Any) -> Step:
        yield from resolve_counted(ctx, combat, attack, losses, parse_dice(self.param),
                                   "grind_attacks", self.name)

"""Stomp Attacks (X): at Initiative Step 0, a model part with this rule picks an enemy model of
Standard Height in base contact with it; that model's unit takes X automatic hits at the part's
Strength and AP, and only its Standard Height models can be hit. Of a multipart model only
Harnessed parts stomp; a random X is rolled for each model part."""

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
from game.rulesets.ninth_age.rules import NinthAgeRule, register
from game.rulesets.rank_and_flank.dice import parse_dice


def stompable(state: GameState, enemy: str) -> bool:
    """An enemy unit whose models are of Standard Height (and, with the Type rules on, not
    Cavalry)."""
    if U.height(state, enemy).name != "standard":
        return False
    return not (K.TYPE_RULES and U.profile(state, U.host(state, enemy)).troop == "cavalry")


def stomps(state: GameState, member: str, part: Any, multipart: bool) -> bool:
    """Whether the model part stomps at all: of a multipart model only a Harnessed part, and
    (with the Type rules on) never a Construct."""
    if multipart and "harnessed" not in U.part_flags(part):
        return False
    return not (K.TYPE_RULES and U.profile(state, member).troop == "construct")


@register
class StompAttacks(NinthAgeRule):
    name = "Stomp Attacks"
    takes_param = True
    summary = "At Initiative Step 0, X hits on a unit of Standard Height models in base contact."
    description = ("At Initiative Step 0 of every round of combat, each model part with this "
                   "rule picks an enemy unit of Standard Height models in base contact with its "
                   "model; that unit takes the number of hits in brackets (rolled for each "
                   "model part when it is a dice roll), automatically, at the part's own "
                   "Strength and AP. Only Standard Height models can take these hits: a Large "
                   "or Gigantic unit cannot be stomped. Of a model with several parts, only "
                   "Harnessed parts stomp.")

    @classmethod
    def check_param(cls, param: str) -> str | None:
        return dice_problem(param)

    def special_attacks(self, state: GameState, combat: Any, view: Any) -> Iterable[Any]:
        if not stomps(state, view.member, view.part, view.multipart):
            return ()
        groups = view.by_target(view.touching, combat, lambda e: stompable(state, e))
        return [view.strike(self.name, K.STOMP_STEP, t, ms, self) for t, ms in groups.items()]

    def round_hits(self, state: GameState, member: str, part: Any, target: str) -> float:
        if not (stomps(state, member, part, U.profile(state, member).multipart)
                and stompable(state, target)):
            return 0.0
        return parse_dice(self.param).mean

    def resolve(self, ctx: Context, combat: Any, attack: Any, losses: Any) -> Step:
        yield from resolve_counted(ctx, combat, attack, losses, parse_dice(self.param),
                                   "stomp_attacks", self.name)

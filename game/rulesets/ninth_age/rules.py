"""The special rules of ninth-age: the base class with its hook points and the registry.

A model's rules are those its unit lists (they apply to the whole model, each of its parts
included) plus those a part lists (that part only). Many rules are facts the core steps ask
about through ``flags`` (Harnessed, Inanimate, Flaming Attacks, Unbreakable...); the others
hook a named step. Hook points, in the order a player turn reaches them (each with a neutral
default):

- ``passes_over()``: whether the unit's Advance and March moves may pass over other units
  (Fly, Sweeping Attack).
- ``fly()``: the (Advance, March) of the unit's Flying Movement, or None.
- ``after_move(ctx, unit, plan, march)``: the unit has finished an Advance or March move along
  ``plan`` (Sweeping Attack).
- ``ranged_models(state, member, part)``, ``ranged_reach()``, ``shoot(ctx, member, part,
  models, target)``: a part's ranged attack (the ranged Breath Attack): which of the member's
  models can make it now, its range, and the attack itself, in the Shooting Phase or as a
  Stand and Shoot reaction.
- ``special_attacks(state, combat, view)``: the Special Attacks a model part makes in a round
  of combat, each at its Initiative Step (Impact Hits, Breath Attack, Grind Attacks, Stomp
  Attacks); ``resolve(ctx, combat, attack, losses)`` rolls one of them. It reads the
  member's own state and its enemies' boundaries and unit-level state only, never their models
  or counters (a unit's strikes are kept while those stay the same: ``combat._unit_inputs``).
- ``special_save()``: the Special Save (Aegis or Fortitude) the rule gives: (kind, X) or None.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from game.rulesets.common.rules import Mod, Rule, RuleRegistry

if TYPE_CHECKING:
    from game.core.engine import Context
    from game.core.ruleset import Step
    from game.core.state import GameState, Unit


class NinthAgeRule(Rule):
    """Base of every ninth-age special rule (see the module for the hook points)."""

    def unit_flags(self, state: GameState, unit: Unit) -> Iterable[str]:
        return self.flags

    def passes_over(self) -> bool:
        return False

    def fly(self) -> tuple[int, int] | None:
        return None

    def after_move(self, ctx: Context, unit: str, plan: Any, march: bool) -> Step:
        return
        yield

    def ranged_models(self, state: GameState, member: str, part: Any) -> tuple[str, ...]:
        return ()

    def ranged_reach(self) -> float:
        return 0.0

    def shoot(self, ctx: Context, member: str, part: Any, models: tuple[str, ...], target: str) -> Step:
        return
        yield

    def special_attacks(self, state: GameState, combat: Any, view: Any) -> Iterable[Any]:
        return ()

    def resolve(self, ctx: Context, combat: Any, attack: Any, losses: Any) -> Step:
        return
        yield

    def round_hits(self, state: GameState, member: str, part: Any, target: str) -> float:
        return 0.0

    def special_save(self) -> tuple[str, int] | None:
        return None


def _load() -> None:
    import game.rulesets.ninth_age.special  # noqa: F401  (registers the rules)


RULES: RuleRegistry[NinthAgeRule] = RuleRegistry("ninth-age", NinthAgeRule, _load)
register = RULES.register


def param_int(rule: Rule, default: int = 0) -> int:
    """The rule's value in brackets as a whole number ("(2)" -> 2, "(5+)" -> 5)."""
    text = (rule.param or "").strip().rstrip("+")
    return int(text) if text.isdigit() else default


__all__ = ["Mod", "NinthAgeRule", "RULES", "param_int", "register"]

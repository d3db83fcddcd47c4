"""The special rules of trench-crusade: keywords of models (FEAR, TOUGH) and of weapons
(ARMOUR PIERCING, RISKY), the Diving Charge every model may make, and the markers a model may
start with. Each is one module in ``special/``, registered in :data:`RULES`, hooking the general
steps of the melee sequence below; the sequence itself names no rule.

Hook points (each with a neutral default):

- ``success_dice(state, attacker, target, weapon, role)``: +/-DICE on a melee attack's Success
  Roll, asked of the attacker's rules (``role = "attacker"``), the target's (``"target"``) and
  the weapon's keywords (``"weapon"``).
- ``injury_modifiers(target, weapon, armour)``: INJURY MODIFIERS a weapon's keywords add to an
  Injury Roll against ``target`` whose Armour is ``armour``.
- ``after_attack(ctx, attacker, weapon, outcome)``: after the Success Roll of an attack with the
  weapon; returns ``"end"`` to end the activation (RISKY).
- ``instead_of_out_of_action(ctx, model, source, by)``: a generator returning True when the
  rule keeps the model on the table instead (TOUGH).
- ``check_charge(state, model, target, order, drop)`` and ``after_charge(ctx, model, target,
  order, falls)``: a charge's order checked before the move (``drop``: how far it jumps down at
  most) and what happens once it has moved (a generator; returning ``"end"`` ends the
  activation). Asked of the rules every model has (:data:`CORE_RULES`) and of its own.
- ``starting_counters(param)``: counters the model starts with (markers).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.rulesets.common.rules import Rule, RuleRegistry, parse_rule

if TYPE_CHECKING:
    from game.core.commands import Order
    from game.core.engine import Context
    from game.core.ruleset import Step
    from game.core.state import GameState, Model
    from game.rulesets.trench_crusade.profile import Weapon
    from game.rulesets.trench_crusade.rolls import DiceMod


class TrenchRule(Rule):
    """Base of every trench-crusade special rule (see the module for the hook points)."""

    #: ``model``: written in a profile's rules or keywords; ``weapon``: a weapon keyword;
    #: ``core``: every model has it
    applies_to: str = "model"

    def success_dice(self, state: GameState, attacker: Model, target: Model, weapon: Weapon,
                     role: str) -> Iterable[DiceMod]:
        return ()

    def injury_modifiers(self, target: Model, weapon: Weapon, armour: int) -> Iterable[DiceMod]:
        return ()

    def after_attack(self, ctx: Context, attacker: str, weapon: Weapon, outcome: str) -> Step:
        return None
        yield

    def instead_of_out_of_action(self, ctx: Context, model: str, source: str, by: str | None) -> Step:
        return False
        yield

    def check_charge(self, state: GameState, model: Model, target: Model, order: Order,
                     drop: float) -> None:
        return None

    def after_charge(self, ctx: Context, model: str, target: str, order: Order,
                     falls: tuple[float, ...]) -> Step:
        return None
        yield

    def starting_counters(self) -> dict[str, int]:
        return {}


def _load() -> None:
    import game.rulesets.trench_crusade.special  # noqa: F401  (registers the rules)


RULES: RuleRegistry[TrenchRule] = RuleRegistry("trench-crusade", TrenchRule, _load)
register = RULES.register

#: the rules every model has, whatever its profile says
CORE_RULES: tuple[str, ...] = ("Diving Charge",)


def model_rules(m: Model) -> tuple[str, ...]:
    """The rules the steps ask about for ``m``: the core ones and its own."""
    return CORE_RULES + m.rules


def weapon_rules(w: Weapon) -> tuple[str, ...]:
    """The weapon's keywords that are rules (the others are tags)."""
    RULES.ensure_loaded()
    return tuple(k for k in w.keywords if k.lower() in RULES.classes)


def is_rule(text: str) -> bool:
    name, _ = parse_rule(text)
    return RULES.get(name) is not None


__all__ = ["CORE_RULES", "RULES", "TrenchRule", "is_rule", "model_rules", "register", "weapon_rules"]

"""Special rules (Special Abilities) of skirmish-d10: the base class with every hook point of
the Contact Zone melee, and the registry that finds a rule by name.

A rule never gets called by name from the core. The melee asks each involved model's rules at
named hook points (see :class:`SpecialRule`); a rule answers with modifiers, extra damage, or a
generator of events and decisions. Hooks run in ascending ``priority``, then by rule name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from game.rulesets.common.rules import (
    KeyCheck,
    Mod,
    OrderKey,
    Rule,
    RuleRegistry,
    parse_rule,
    total_mods,
)

if TYPE_CHECKING:
    from game.core.engine import Context
    from game.core.ruleset import Step
    from game.core.state import Model
    from game.rulesets.skirmish_d10.melee import Attack, Hit, Melee


class SpecialRule(Rule):
    """Base of every special rule. Override only the hooks the rule changes.

    Hook points, in the order the melee reaches them:

    - ``declare(melee, model)``: step 1, declarations before any roll (may ask decisions).
    - ``before_strikes(melee, model)``: step 2, Discipline Checks and strikes before the fight.
    - ``attack_mods(melee, atk, role)``: modifiers to an Attack Check; ``role`` is
      ``"attacker"`` for the rolling model's rules, ``"target"`` for its target's.
    - ``dv_mods(melee, atk)``: modifiers to the target's DV (called on the target's rules).
    - ``after_roll(melee, atk, hit)``: may re-roll (returns a new Hit, or None).
    - ``on_hit(melee, hit)``: at once when a hit lands (on both models' rules, check roles).
    - ``hit_damage(melee, hit)``: extra damage points of a hit (attacker's rules).
    - ``fight_attacks(melee, fight, n)``: step 3, may take over how the ``n`` attacks of one
      of the model's fights are rolled (Swing-Through); a generator returning True when it did.
    - ``after_attacks(melee, model)``: end of step 3.
    - ``ds_pool(melee, model, pool)``: adjust a defender's Defensive Strike pool.
    - ``may_strike_back(melee, defender, attacker)``: False forbids a Defensive Strike.
    - ``allocate(melee, defender, attackers, pool)``: a forced allocation, or None; or a
      generator that may ask a decision and returns the allocation (Provoke).
    - ``spend_defensive_strikes(melee, defender, targets, pool)``: step 4, may take over how
      the defender rolls its whole pool (Swing-Through); a generator returning True when it did.
    - ``would_be_destroyed(ctx, model, source)``: step 5; generator returning True to survive.
    - ``after_damage(melee, model)``: step 5 effects on hit or damage.
    - ``after_fight(melee, model)`` / ``after_removal(melee, model)``: step 6.
    - ``end_activation(ctx, model, melee)``: when the activation ends.
    - ``after_charge(ctx, charger, target, role)``: right after a charge move.
    - ``end_of_turn(ctx, model)``: at the end of each game turn.

    Hooks outside the melee, asked when an order is given:

    - ``take_order(ctx, model, order)``: a generator carrying out the order instead of the
      core action (Swift Attack's break-away Move while in B2B), or None to leave it alone.
    - ``fight_targets(state, model, table)``: names of enemies not in B2B that the model may
      declare a Fight against as well (Reach).
    - ``charge_plan(state, model, target, plan, table)``: when the straight charge ``plan``
      is refused, another way to end the charge (a ``ChargePlan``), or None.

    A rule that reads a key of an order declares it, with the check of its value:
    ``order_key("move", "attack", rule="Swift Attack")``. Orders carrying a key their action
    does not take, or a key of a rule their model lacks, are refused before anything happens.
    """

    # Each hook has a neutral default.
    def declare(self, melee: Melee, model: Model) -> Step:
        return
        yield

    def before_strikes(self, melee: Melee, model: Model) -> Step:
        return
        yield

    def attack_mods(self, melee: Melee, atk: Attack, role: str) -> Iterable[Mod]:
        return ()

    def dv_mods(self, melee: Melee, atk: Attack) -> Iterable[Mod]:
        return ()

    def after_roll(self, melee: Melee, atk: Attack, hit: Hit) -> Step:
        return None
        yield

    def on_hit(self, melee: Melee, hit: Hit, role: str) -> Step:
        return
        yield

    def hit_damage(self, melee: Melee, hit: Hit) -> int:
        return 0

    def fight_attacks(self, melee: Melee, fight: Any, n: int) -> Step:
        return False
        yield

    def after_attacks(self, melee: Melee, model: Model) -> Step:
        return
        yield

    def ds_pool(self, melee: Melee, model: Model, pool: int) -> int:
        return pool

    def may_strike_back(self, melee: Melee, defender: Model, attacker: Model, role: str) -> bool:
        return True

    def allocate(
        self, melee: Melee, defender: Model, attackers: list[str], pool: int
    ) -> list[str] | Step | None:
        return None

    def spend_defensive_strikes(
        self, melee: Melee, defender: Model, targets: list[str], pool: int
    ) -> Step:
        return False
        yield

    def would_be_destroyed(self, ctx: Context, model: Model, source: str, melee: Melee | None) -> Step:
        return False
        yield

    def after_damage(self, melee: Melee, model: Model) -> Step:
        return
        yield

    def after_fight(self, melee: Melee, model: Model) -> Step:
        return
        yield

    def after_removal(self, melee: Melee, model: Model) -> Step:
        return
        yield

    def end_activation(self, ctx: Context, model: Model, melee: Melee | None) -> Step:
        return
        yield

    def after_charge(self, ctx: Context, charger: Model, target: Model, role: str) -> Step:
        return
        yield

    def end_of_turn(self, ctx: Context, model: Model) -> Step:
        return
        yield

    def take_order(self, ctx: Context, model: Model, order: Any) -> Step | None:
        return None

    def fight_targets(self, state: Any, model: Model, table: Any) -> Iterable[str]:
        return ()

    def charge_plan(self, state: Any, model: Model, target: Model, plan: Any, table: Any) -> Any:
        return None



def _load_abilities() -> None:
    import game.rulesets.skirmish_d10.abilities  # noqa: F401  (registers the rules)


#: the Special Abilities of skirmish-d10 (one module each in ``abilities/``)
RULES: RuleRegistry[SpecialRule] = RuleRegistry("skirmish-d10", SpecialRule, _load_abilities)
#: the same rules as a plain dict, by lower-case name
REGISTRY = RULES.classes

register = RULES.register
rules_for = RULES.rules_for
hooked = RULES.hooked


def order_key(
    action: str, key: str, rule: str | None = None, check: KeyCheck | None = None
) -> Callable[[KeyCheck], KeyCheck]:
    """Declare that orders ``do = action`` take ``key`` (for models with ``rule`` only, when
    given). Use it as a call, ``order_key("move", "attack", rule="Swift Attack")``, or as a
    decorator of the value check: ``@order_key("fight", "frenzy", rule="Frenzy")``. An order
    carrying any other key, or a key of a Special Ability its model lacks, is refused before
    anything happens (``check_order_keys`` in ruleset.py)."""
    return RULES.order_key(action, key, rule, check)


def order_keys(action: str) -> dict[str, OrderKey]:
    """Every key an order ``do = action`` may take, its own and those Special Abilities add."""
    return RULES.order_keys(action)


def check_rule(text: str) -> None:
    RULES.check(text)


def has_flag(model: Model, flag: str) -> bool:
    return RULES.has_flag(model.rules, flag)


def has_rule(model: Model, name: str) -> bool:
    """For rules that refer to another rule by name (First Strike vs Pike...)."""
    return RULES.has_rule(model.rules, name)


__all__ = [
    "Mod", "OrderKey", "RULES", "REGISTRY", "SpecialRule", "check_rule", "has_flag",
    "has_rule", "hooked", "order_key", "order_keys", "parse_rule", "register", "rules_for",
    "total_mods",
]

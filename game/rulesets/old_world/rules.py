"""The special rules of old-world: the base class with its hook points and the registry.

A unit's rules are the rules of its models (a unit's models share one profile; a joined
character brings its own). Most rules are facts the steps ask about through ``flags`` (Fear,
Unbreakable, Close Order, Magical Attacks...); the others hook a named step. Hook points, in
the order a player turn reaches them (each with a neutral default):

- ``unit_flags(state, unit)``: the flags the rule gives now (default: ``flags``), for rules
  whose facts change during the game (Spectral Coach).
- ``start_of_turn(ctx, unit)``: the Start of Turn sub-phase of its side's turn (Stupidity).
- ``command(ctx, unit)``: the Command sub-phase (Spectral Coach's choice).
- ``fly(state, unit)``: the Fly Movement the rule gives the unit now, or None.
- ``charge_resolved(ctx, charger, target, contact)``: a declared charge has moved, reaching its
  target or not (First Charge).
- ``combat_chosen(ctx, combat, unit)``: step 1.1 of a combat, as it is chosen, before any
  Initiative step (Impact Hits).
- ``initiative_mods(state, combat, unit, enemy)``: modifiers to the unit's Initiative in a
  round (Elven Reflexes).
- ``reroll_failed_hits(state, combat, unit, enemy)``: whether the unit re-rolls its failed
  to-hit rolls against ``enemy`` (Hatred).
- ``armour_bane()``: how much a natural 6 to wound improves the AP of the unit's attacks.
- ``regeneration()``, ``ward()``: the Regeneration and ward saves of the unit's models (X of
  X+), or None.
- ``indomitable()``: how many Wounds fewer the unit loses to Unstable.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from game.rulesets.common.rules import Mod, Rule, RuleRegistry

if TYPE_CHECKING:
    from game.core.engine import Context
    from game.core.ruleset import Step
    from game.core.state import GameState, Unit


class OldWorldRule(Rule):
    """Base of every old-world special rule (see the module for the hook points)."""

    #: flags the unit may take on at the start of its own next turn, as it chooses (the AI
    #: counts them when it weighs the attacks to come: a Spectral Coach may be Ethereal then)
    at_will_flags: frozenset[str] = frozenset()

    def unit_flags(self, state: GameState, unit: Unit) -> Iterable[str]:
        return self.flags

    def start_of_turn(self, ctx: Context, unit: str) -> Step:
        return
        yield

    def command(self, ctx: Context, unit: str) -> Step:
        return
        yield

    def fly(self, state: GameState, unit: Unit) -> int | None:
        return None

    def charge_resolved(self, ctx: Context, charger: str, target: str, contact: bool) -> Step:
        return
        yield

    def combat_chosen(self, ctx: Context, combat: Any, unit: str) -> Step:
        return
        yield

    def initiative_mods(self, state: GameState, combat: Any, unit: str, enemy: str) -> Iterable[Mod]:
        return ()

    def reroll_failed_hits(self, state: GameState, combat: Any, unit: str, enemy: str) -> bool:
        return False

    def armour_bane(self) -> int:
        return 0

    def regeneration(self) -> int | None:
        return None

    def ward(self) -> int | None:
        return None

    def indomitable(self) -> int:
        return 0


def _load() -> None:
    import game.rulesets.old_world.special  # noqa: F401  (registers the rules)


RULES: RuleRegistry[OldWorldRule] = RuleRegistry("old-world", OldWorldRule, _load)
register = RULES.register


class Valued(OldWorldRule):
    """A rule written with a whole number in brackets: "(2)", or "(5+)" for a save."""

    takes_param = True
    #: the allowed values
    lowest, highest = 0, 10

    @classmethod
    def check_param(cls, param: str) -> str | None:
        text = param.strip().rstrip("+").strip()
        if not text.isdigit() or not cls.lowest <= int(text) <= cls.highest:
            return f"{cls.name} takes a whole number from {cls.lowest} to {cls.highest} in brackets"
        return None


def param_int(rule: Rule, default: int = 0) -> int:
    """The rule's value in brackets as a whole number ("(2)" -> 2, "(5+)" -> 5)."""
    text = (rule.param or "").strip().rstrip("+")
    return int(text) if text.isdigit() else default


__all__ = ["Mod", "OldWorldRule", "RULES", "param_int", "register"]

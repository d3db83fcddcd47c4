"""Zombie Bite, and the Infected condition it gives.

A model this one hits in a melee (attack or Defensive Strike) is bitten and becomes Infected,
unless it is a Zombie already or is destroyed in that melee. A d10 says where the bite landed:
3 or more, on a limb that can be cut off. At the end of that same game turn, if so, its
controller may amputate (an ``amputation`` decision, default yes): the model takes 1 damage,
then d10 + 3 reaching its DV ends the infection. A model still Infected at the end of the second
game turn after the one it was bitten in turns: it changes to the biter's side, gains the Zombie
keyword and Zombie Bite, loses every other Special Ability, and keeps its stats and damage.

Hook ``after_damage`` (step 5, effects of hits once damage is applied); the condition acts at
``end_of_turn``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import GameState, Model
from game.rulesets.common.conditions import GAME_TURN_END, Condition, Moment
from game.rulesets.skirmish_d10 import conditions as C
from game.rulesets.skirmish_d10.checks import alive, apply_damage, d10_chance, d10_check
from game.rulesets.skirmish_d10.melee import Melee
from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, register


@dataclass(slots=True)
class Bitten:
    """The models this melee's bites have already Infected."""

    models: set[str] = field(default_factory=set)


LIMB_TARGET = 3  # d10 of 3+: bitten on a limb, an amputation is possible
AMPUTATION_BONUS = 3  # d10 + 3 against the model's DV
TURNS_TO_TURN = 2  # turns at the end of the second game turn after the bite


def infect(ctx: Context, victim: Model, biter: Model) -> Step:
    yield ev.RuleApplied("Zombie Bite", biter.name, "bites: the wound is Infected", victim.name)
    limb, _ = yield from d10_check(ctx, "zombie_bite", victim.name, [], LIMB_TARGET,
                                   against=biter.name, yes="limb", no="body")
    yield from C.add(ctx, victim.name, "infected", f'bitten by "{biter.name}"',
                     by=biter.name, side=biter.side, limb=limb)


@register
class ZombieBite(SpecialRule):
    name = "Zombie Bite"
    summary = "A model it bites becomes Infected and may rise as a zombie."
    description = ("Any enemy it hits and does not kill becomes Infected. If the bite landed "
                   "on a limb, the limb may be cut off at the end of the game turn (1 damage, "
                   "then a roll against its DV to stop the infection). A model still Infected "
                   "two game turns later joins the biter's side as a zombie.")

    def after_damage(self, melee: Melee, model: Model) -> Step:
        bitten = melee.rule_state(Bitten).models
        for h in list(melee.hits):
            if h.attack.attacker != model.name:
                continue
            t = melee.model(h.attack.target)
            if t.name in bitten or not alive(t) or t.side == model.side:
                continue
            if t.has_keyword("zombie") or "infected" in t.conditions:
                continue
            bitten.add(t.name)
            yield from infect(melee.ctx, t, melee.model(model.name))


@C.condition
class Infected(Condition):
    name = "infected"
    short = "Z"
    description = ("Bitten by a zombie: it may rise as one for the other side. If the bite is "
                   "on a limb, the limb may be cut off at the end of the game turn (1 damage, then a roll to stop the infection); a model "
                   "still Infected at the end of the second game turn after the bite rises as "
                   "a zombie on the biter's side.")

    acts_at = GAME_TURN_END

    def act(self, ctx: Context, holder: str, moment: Moment) -> Step:
        m = ctx.state.models[holder]
        data = m.conditions["infected"]
        turn = ctx.state.turn
        if data.get("limb") and data.get("turn") == turn:
            yield from self.amputation(ctx, m)
            m = ctx.state.models[m.name]
            if not m.on_table or "infected" not in m.conditions:
                return
        if turn >= data.get("turn", turn) + TURNS_TO_TURN:
            yield from self.turn(ctx, m, data)

    def kept(self, state: GameState, holder: str, data: Mapping[str, Any]) -> float:
        """None of the model, once it will turn before the game ends (left to itself, it
        does); while its limb may still be cut off (the end of the game turn of the bite),
        the chance the amputation stops the infection."""
        bitten = int(data.get("turn", state.turn))
        if state.max_turns and bitten + TURNS_TO_TURN > state.max_turns:
            return 1.0  # the game ends before it turns
        if data.get("limb") and bitten == state.turn:
            return d10_chance(state.models[holder].stat("DV"), AMPUTATION_BONUS)
        return 0.0

    def amputation(self, ctx: Context, m: Model) -> Step:
        cut = yield Ask(
            "amputation",
            f'Amputate the bitten limb of "{m.name}" (1 damage, then d10 + {AMPUTATION_BONUS} '
            f"must reach its DV to stop the infection)?",
            (True, False), True, m.name, m.side,
        )
        if not cut:
            return
        yield ev.RuleApplied("Zombie Bite", m.name, "has the bitten limb amputated")
        yield from apply_damage(ctx, m.name, 1, "amputation", m.name)  # self-inflicted
        m = ctx.state.models[m.name]
        if not m.on_table:
            return
        ok, _ = yield from d10_check(ctx, "amputation", m.name,
                                     [Mod("amputation", AMPUTATION_BONUS)], m.stat("DV"),
                                     yes="infection stopped", no="still infected")
        if ok:
            yield ev.ConditionRemoved(m.name, "infected", "amputation")

    def turn(self, ctx: Context, m: Model, data: dict[str, Any]) -> Step:
        keywords = tuple(sorted(set(m.keywords) | {"zombie"}))
        yield ev.ConditionRemoved(m.name, "infected", "turned")
        yield ev.ModelChangedSide(m.name, int(data.get("side", m.side)), keywords,
                                  ("Zombie Bite",), f'turned by the bite of "{data.get("by")}"')

"""Breath Attack (Str S, AP A[, attributes]): once per game a model part with this rule breathes
2D6 automatic hits with the Strength, AP and attack attributes in brackets: as a ranged Special
Attack at 6" in its Shooting Phase or as a Stand and Shoot reaction, or in combat at its
Agility against a unit in base contact. A model breathes at most once per phase, and each
model rolls its own 2D6."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterable
from typing import Any

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.ninth_age import combat as C
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.attacks import Bracket, parse_bracket, resolve_ranged, roll_count
from game.rulesets.ninth_age.rules import NinthAgeRule, register
from game.rulesets.rank_and_flank.dice import DiceExpr

TWO_D6 = DiceExpr(2, 6, 0)


def _key(model: str, part: int) -> str:
    return f"{model}#{part}"


def used(s: GameState, member: str) -> set[str]:
    """Model parts of the member that have breathed this game ("model#part")."""
    return set(s.units[member].flag("breath_used", ()) or ())


def breathed(s: GameState, member: str) -> set[str]:
    """Models of the member that have breathed this phase."""
    return set(s.units[member].flag("breathed", ()) or ())


def ready(s: GameState, member: str, part: int, models: Iterable[str]) -> tuple[str, ...]:
    """The models whose part still has its Breath Attack and that have not breathed this phase."""
    done, now = used(s, member), breathed(s, member)
    return tuple(m for m in models if _key(m, part) not in done and m not in now)


@register
class BreathAttack(NinthAgeRule):
    name = "Breath Attack"
    takes_param = True
    summary = "Once per game: 2D6 automatic hits, at 6\" when shooting or in combat at its Agility."
    description = ("Once per game each model part with this rule may breathe: the target takes "
                   "2D6 automatic hits (2D6 rolled for each model) with the Strength, AP and "
                   "attack attributes in brackets, like \"Breath Attack (Str 4, AP 1, Flaming "
                   "Attacks)\". It is a ranged Special Attack with a range of 6\" in the "
                   "unit's Shooting Phase (marching does not stop it) or as a Stand and Shoot "
                   "reaction to a charge; or, when the unit is in combat, a Special Attack at "
                   "the part's Agility against a unit in base contact with the model. A model "
                   "breathes at most once per phase. Headless play breathes at the first "
                   "chance.")

    @classmethod
    def check_param(cls, param: str) -> str | None:
        try:
            got = parse_bracket(param)
        except ValueError as exc:
            return str(exc)
        if got.strength is None:
            return "Breath Attack needs the Strength of its hits, like \"Breath Attack (Str 4, AP 1)\""
        return None

    def spec(self) -> Bracket:
        return parse_bracket(self.param)

    def profile(self, melee: bool) -> C.HitProfile:
        b = self.spec()
        return C.HitProfile(b.strength or 0, b.ap or 0, self.name, b.flaming, b.lethal, melee)

    # -- in combat ---------------------------------------------------------------------------
    def special_attacks(self, state: GameState, combat: Any, view: Any) -> Iterable[Any]:
        models = ready(state, view.member, view.part.index,
                       [m for m, es in view.touching.items() if es])
        if not models:
            return ()
        groups = view.by_target({m: view.touching[m] for m in models}, combat)
        first = next(iter(groups))
        return [view.strike(self.name, view.agility, first, models, self)]

    def resolve(self, ctx: Context, combat: Any, attack: Any, losses: Any) -> Step:
        s = ctx.state
        models = ready(s, attack.member, attack.part, attack.models)
        if not models:
            return
        order = {u: i for i, u in enumerate(combat.units)}
        touching = C.contacts(s, attack.unit, [e for e in order if s.units[e].side
                                               != s.units[attack.unit].side])[0]
        options = sorted({e for m in models for e in touching.get(m, ()) if e in order},
                         key=order.__getitem__)
        if not options:
            return
        who = U.name(s, attack.member) + " " + C.part_label(s, attack.member, attack.part)
        answer = yield Ask("breath_attack", f"{who.strip()} may use its Breath Attack (once per game) "
                           "on an enemy unit in base contact, or keep it: which?",
                           (*options, "none"), options[0], side=s.units[attack.member].side)
        if answer == "none":
            yield ev.RuleApplied(self.name, attack.member, f"{C.part_label(s, attack.member, attack.part)}"
                                 "keeps its Breath Attack")
            return
        models = tuple(m for m in models if answer in touching.get(m, ()))
        yield from self.breathe(ctx, combat, attack.member, attack.part, models, answer, losses)

    # -- shooting --------------------------------------------------------------------------
    def ranged_models(self, state: GameState, member: str, part: Any) -> tuple[str, ...]:
        return ready(state, member, part.index, [m.name for m in U.alive(state, member)])

    def ranged_reach(self) -> float:
        return K.BREATH_RANGE

    def shoot(self, ctx: Context, member: str, part: Any, models: tuple[str, ...], target: str) -> Step:
        models = ready(ctx.state, member, part.index, models)
        if models:
            yield from self.breathe(ctx, None, member, part.index, models, target, None)

    def breathe(self, ctx: Context, combat: Any, member: str, part: int, models: tuple[str, ...],
                target: str, losses: Any) -> Step:
        s = ctx.state
        yield ev.UnitFlagSet(member, "breath_used", "game",
                             tuple(sorted(used(s, member) | {_key(m, part) for m in models})))
        yield ev.UnitFlagSet(member, "breathed", "phase",
                             tuple(sorted(breathed(s, member) | set(models))))
        hits = yield from roll_count(ctx, TWO_D6, "breath_attack", member, target, len(models))
        who = C.part_label(ctx.state, member, part)
        yield ev.RuleApplied(self.name, member, f"{who}breathes: {hits} automatic "
                             f"hit{'s' if hits != 1 else ''}", target)
        if not hits:
            return
        if combat is not None:
            yield from C.resolve_hits(ctx, combat, member, target, hits, self.profile(True), losses)
        else:
            yield from resolve_ranged(ctx, member, target, hits, self.profile(False))

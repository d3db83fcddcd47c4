"""Sweeping Attack (hits, Str S, AP A[, attributes]): after an Advance or March move, the unit
may attack one unengaged enemy unit whose Unit Boundary its own crossed during the move, once
per player turn: automatic hits, as a ranged Special Attack."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from typing import Any

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.geometry.formation_moves import crossed_units
from game.rulesets.ninth_age import combat as C
from game.rulesets.ninth_age import panic
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.attacks import Bracket, parse_bracket, resolve_ranged, roll_count
from game.rulesets.ninth_age.rules import NinthAgeRule, register
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.combat import is_engaged
from game.rulesets.rank_and_flank.dice import DiceExpr

ONE = DiceExpr(0, 0, 1)


@register
class SweepingAttack(NinthAgeRule):
    name = "Sweeping Attack"
    takes_param = True
    param_optional = True
    summary = "After moving through or over an enemy unit, attacks it with automatic hits."
    description = ("When the unit makes an Advance or March move, it may pass through or over "
                   "other units (it must end clear of them). Once the move is done, it may "
                   "attack one enemy unit not in combat whose Unit Boundary its own crossed "
                   "during the move (the whole path counts, wheels included): automatic hits, "
                   "as a ranged Special Attack, once per player turn. The brackets say what "
                   "the attack is, like \"Sweeping Attack (D6 hits, Str 4, AP 1)\" or "
                   "\"Sweeping Attack (1 hit per model, Str 3, AP 0, Flaming Attacks)\"; "
                   "without them each model makes 1 hit at its own Strength and AP. Headless "
                   "play attacks the first unit crossed.")

    @classmethod
    def check_param(cls, param: str) -> str | None:
        try:
            parse_bracket(param, hits=True)
        except ValueError as exc:
            return str(exc)
        return None

    def spec(self) -> Bracket:
        return parse_bracket(self.param, hits=True)

    def passes_over(self) -> bool:
        return True

    def after_move(self, ctx: Context, unit: str, plan: Any, march: bool) -> Step:
        s = ctx.state
        if s.units[unit].flag("swept"):
            return
        side = s.units[unit].side
        others = {u: space.boundary(s, u) for u, rec in s.units.items()
                  if rec.side != side and U.on_table(s, u) and U.host(s, u) == u
                  and rec.formation is not None and not is_engaged(s, u)}
        crossed = crossed_units(plan, others)
        if not crossed:
            return
        answer = yield Ask("sweeping_attack", f"{U.name(s, unit)} swept over "
                           f"{', '.join(U.name(s, u) for u in crossed)}: attack which?",
                           (*crossed, "none"), crossed[0], side=side)
        if answer == "none":
            return
        yield ev.UnitFlagSet(unit, "swept", "player_turn", True)
        b = self.spec()
        models = len(U.alive(s, unit))
        expr = b.hits or ONE
        per_model = b.per_model or b.hits is None
        hits = yield from roll_count(ctx, expr, "sweeping_attack", unit, answer,
                                     models if per_model else 1)
        part = U.parts(s, unit)[0]
        prof = C.HitProfile(part.str_ if b.strength is None else b.strength,
                            part.ap if b.ap is None else b.ap, self.name, b.flaming, b.lethal,
                            melee=False)
        yield ev.RuleApplied(self.name, unit, f"sweeps {U.name(s, answer)}: {hits} automatic "
                             f"hit{'s' if hits != 1 else ''}", answer)
        if hits:
            where = panic.where_it_stood(ctx.state, answer)
            yield from panic.note_hp(ctx, answer)
            yield from resolve_ranged(ctx, unit, answer, hits, prof)
            yield from panic.after_losses(ctx, answer, unit, where)

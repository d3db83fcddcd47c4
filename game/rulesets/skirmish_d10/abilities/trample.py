"""Trample: as its Fight Action the model runs straight over enemy models on Standard bases, then
attacks each one it ran over, once, in the order it reached them.

- Order: ``{unit = "a", do = "trample", direction = "front", distance = 5}``. ``direction``
  names the side of the base it moves out of (front, right, back, left; the base keeps its
  facing); ``distance`` is optional (default: its MOV) and at most MOV. It is the model's Fight
  Action: refused if it already fought this activation, and it may not fight afterwards.
- The move: straight out of one flat side, never out of a long side of an oblong (cavalry)
  base and never from a round one. Only enemy models on Standard bases may be run over; any
  other model, and any obstacle, blocks the way. Each model run over must be crossed side to
  side (in through one side of its base, out through the opposite one), not clipped at a
  corner, and the model must stop with room for its base. The geometry is
  :mod:`game.geometry.trample`.
- The attacks follow at once, one small melee per trampled model, in trampling order: the
  trampler's single attack, that model's Defensive Strikes (it may strike back although the
  bases no longer touch), then the damage to both, Tough rolls included, before the next one.
  A trampler pushed down its damage tracks attacks the next models with its lower values; once
  destroyed it attacks no one else. Every other melee rule applies to each of these melees,
  except Disable, which does nothing during a trample (neither on the trampler's hits nor on
  the Defensive Strikes against it).
- Rampage: a trampler with Rampage that destroyed a model it hit gets its free attack after
  the last of these melees, not after each one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import math

from game.core import events as ev
from game.core.commands import Order
from game.core.errors import NOT_NOW
from game.core.ruleset import Step
from game.core.state import Model
from game.geometry.trample import plan_trample
from game.rulesets.common.flow import activation
from game.rulesets.skirmish_d10.abilities.disable import NO_DISABLE, DisableOff
from game.rulesets.skirmish_d10.abilities.rampage import rampage
from game.rulesets.skirmish_d10.base_size import base_size
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.melee import Fight, Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, has_rule, register
from game.rulesets.skirmish_d10.ruleset import TABLE, action, check_action_left, refuse

TRAMPLED_SIZE = "standard"


def tramplable(m: Model, other: Model) -> bool:
    """Whether ``m`` may run over ``other``: an enemy still fighting, on a Standard base with
    flat sides."""
    return (other.side != m.side and alive(other) and base_size(other) == TRAMPLED_SIZE
            and not TABLE.shape(other).is_round)


@action("trample", keys=("direction", "distance"))
def do_trample(ctx: Context, m: Model, cmd: Order) -> Step:
    s = ctx.state
    if not has_rule(m, "Trample"):
        raise refuse("no_trample", f'"{m.name}" does not have the Trample Special Ability', NOT_NOW)
    check_action_left(s, m, "trample")
    act = activation(s)
    spent = [a for a in act.taken(m.name) if not a.free] if act else []
    if any(a.action == "fight" or a.action.startswith("fight:") for a in spent):
        raise refuse("fought_already",
                     f'"{m.name}" has already used its Fight Action this activation', NOT_NOW)
    side = cmd.arg("direction")
    if not isinstance(side, str):
        raise refuse("bad_order", 'a trample needs "direction": front, right, back or left')
    mov = float(m.stat("MOV"))
    dist = cmd.arg("distance", mov)
    if not isinstance(dist, int | float) or isinstance(dist, bool) or not math.isfinite(dist):
        raise refuse("bad_order", f'"distance" must be a number of inches, got {dist!r}')
    others = TABLE.others(s, exclude=[m.name])
    may = {o.name for o in s.models.values() if o.name in others and tramplable(m, o)}
    plan = plan_trample(
        TABLE.shape(m), (m.x, m.y), m.facing, side.strip().lower(), float(dist), others, may,
        {} if m.has_keyword("flying") else TABLE.obstacles(s), s.table, mov,
    )
    if not plan.ok:
        raise refuse("illegal_trample", f'"{m.name}" cannot trample: {plan.reason}')
    yield ev.ActionTaken(m.name, "fight:trample", None)
    yield ev.ModelMoved(m.name, plan.x, plan.y, m.facing, round(plan.distance, 4), "trample")
    yield ev.RuleApplied("Trample", m.name, "runs over " + ", ".join(f'"{n}"' for n in plan.trampled))
    yield from trample_attacks(ctx, m.name, list(plan.trampled))


def trample_attacks(ctx: Context, name: str, trampled: list[str]) -> Step:
    """One melee per trampled model, in order, each finished before the next."""
    victims: list[str] = []
    for i, target in enumerate(trampled):
        if not alive(ctx.state.models[name]):
            rest = ", ".join(f'"{n}"' for n in trampled[i:])
            yield ev.RuleApplied("Trample", name, f"is destroyed: {rest} escape its attacks")
            break
        if not alive(ctx.state.models[target]):
            continue
        yield ev.RuleApplied("Trample", name, f"attacks the model it ran over ({i + 1} of "
                             f"{len(trampled)})", target)
        fight = Fight(name, target, "trample", False, 1, None, 1, data={NO_DISABLE: True})
        melee = Melee(ctx, [fight], TABLE)
        melee.rule_state(DisableOff).pairs.add((target, name))
        melee.ds_allowed.add((target, name))
        yield from melee.resolve()
        if any(h.attack.attacker == name and h.attack.target == target and h.attack.kind == "attack"
               for h in melee.hits) and not alive(ctx.state.models[target]):
            victims.append(target)
    m = ctx.state.models[name]
    if victims and alive(m) and has_rule(m, "Rampage"):
        yield from rampage(ctx, name, victims, None)


@register
class Trample(SpecialRule):
    name = "Trample"
    summary = "Runs straight over small enemies, then attacks each one it ran over."
    description = ("As its Fight Action it moves straight out of one flat side of its base, up "
                   "to its MOV, over enemies on Standard bases, crossing each one from side to "
                   "side, and must end with room for its base. It then attacks each model it "
                   "ran over once, in order; each may strike back. Any other model or an "
                   "obstacle blocks the way.")

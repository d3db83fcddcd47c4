"""Rampage: when the model's own Fight Action hit an enemy and that enemy was destroyed in the
melee, the model (if it still stands) gets one free extra attack once the melee is over, with
everything that melee did already in effect.

- When: step 6, after destroyed models have left the table (``after_removal``). Only its own
  Fight Action counts (a plain Fight, from B2B or the Reach position; a Trample, after its last
  attack), not its Defensive Strikes nor free attacks granted by other rules.
- Target: an enemy in B2B with it, a ``rampage`` decision among them or ``"none"``; the
  default is to attack, the first enemy in B2B (the state's model order).
- With no enemy in B2B it may first move, as a Free Action, up to 2" straight toward an enemy
  until the bases touch, as a charge would (turning to face it, never through a base, nor
  through an obstacle unless it flies): a ``rampage_move`` decision naming the enemy, or
  ``"none"``. The default is not to move: moving off is a change of position the player may
  not want.
- The free attack is a small melee of its own: one attack, and the enemy may make at most one
  Defensive Strike against it. Every other rule applies to it. A kill made by the free attack
  does not give another one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context


from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import Model
from game.physics.charge import plan_charge
from game.physics.movement import ChargePlan
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.melee import Fight, Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, register
from game.rulesets.skirmish_d10.ruleset import TABLE

RAMPAGE_MOVE = 2.0
RAMPAGE_ATTACKS = 1
RAMPAGE_DS_LIMIT = 1
#: fight kinds that are the model's own Fight Action (a Trample calls :func:`rampage` itself)
OWN_FIGHT_KINDS = frozenset({"fight"})

#: the fights that are small melees of their own (a Rampage's, a Trample's): a kill in one
#: gives no further Rampage
OWN_MELEES = ("rampage", "trample")


def move_plan(ctx: Context, m: Model, t: Model) -> ChargePlan:
    table = TABLE
    s = ctx.state
    return plan_charge(
        table.shape(m), (m.x, m.y), t.name, table.others(s, exclude=[m.name]), (t.x, t.y),
        {} if m.has_keyword("flying") else table.obstacles(s), s.table, RAMPAGE_MOVE,
    )


def rampage(ctx: Context, name: str, victims: list[str], parent: Melee | None) -> Step:
    """The free attack of a Rampage model that destroyed ``victims``; its outcome is added to
    ``parent`` (the melee it follows) for the rules that look at kills at the end of the
    activation."""
    table = TABLE
    s = ctx.state
    m = s.models[name]
    killed = ", ".join(f'"{v}"' for v in victims)
    near = [o for o in table.touching(s, m, enemies_only=True) if alive(o)]
    if near:
        names = tuple(o.name for o in near)
        target = yield Ask(
            "rampage",
            f'"{name}" destroyed {killed}: which enemy in base contact does it attack with its '
            f'free Rampage attack ("none" to let it be)?',
            (*names, "none"), names[0], name, m.side,
        )
        if target == "none":
            return
    else:
        plans = {o.name: move_plan(ctx, m, o) for o in s.models.values()
                 if o.side != m.side and alive(o)}
        names = tuple(n for n, p in plans.items() if p.ok)
        if not names:
            yield ev.RuleApplied("Rampage", name, f'has no enemy within {RAMPAGE_MOVE:g}" to '
                                 "rampage into")
            return
        target = yield Ask(
            "rampage_move",
            f'"{name}" destroyed {killed}: does it move up to {RAMPAGE_MOVE:g}" into base '
            f'contact with an enemy for its free Rampage attack (an enemy, or "none")?',
            ("none", *names), "none", name, m.side,
        )
        if target == "none":
            return
        plan = plans[target]
        yield ev.ActionTaken(name, "rampage_move", target, free=True)
        yield ev.ModelMoved(name, plan.x, plan.y, plan.facing, round(plan.distance, 4),
                            "rampage")
    yield ev.RuleApplied("Rampage", name, f"destroyed {killed} and rampages on", target)
    yield ev.ActionTaken(name, "rampage", target, free=True)
    fight = Fight(name, target, "rampage", False, RAMPAGE_ATTACKS, RAMPAGE_DS_LIMIT, 1)
    melee = Melee(ctx, [fight], table)
    yield from melee.resolve()
    if parent is not None:
        parent.damage_done += melee.damage_done
        for n in melee.destroyed:
            if n not in parent.destroyed:
                parent.destroyed.append(n)
                parent.destroyed_by[n] = melee.destroyed_by.get(n)


def destroyed_victims(melee: Melee, name: str) -> list[str]:
    """Enemies ``name`` hit with the attacks of its own Fight Action in ``melee`` that are now
    destroyed."""
    out: dict[str, None] = {}
    me = melee.model(name)
    for h in melee.hits:
        atk = h.attack
        if atk.attacker != name or atk.kind != "attack" or atk.fight is None:
            continue
        if atk.fight.kind not in OWN_FIGHT_KINDS:
            continue
        t = melee.model(atk.target)
        if t.side != me.side and not alive(t):
            out.setdefault(atk.target)
    return list(out)


@register
class Rampage(SpecialRule):
    name = "Rampage"
    summary = "When its own attacks kill an enemy, it gets a free extra attack."
    description = ("If its Fight Action hit an enemy that was destroyed in the melee, it makes "
                   "one free attack once the melee is over, at an enemy in base contact. With "
                   'no enemy touching it, it may first move up to 2" into contact. The extra '
                   "attack is a small melee of its own: the enemy may make one Defensive "
                   "Strike against it, and a kill there gives no further Rampage.")
    priority = 70  # after the other rules' end-of-fight effects

    def after_removal(self, melee: Melee, model: Model) -> Step:
        if any(f.kind in OWN_MELEES for f in melee.fights) or not alive(model):
            return
        victims = destroyed_victims(melee, model.name)
        if victims:
            yield from rampage(melee.ctx, model.name, victims, melee)

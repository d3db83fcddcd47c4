"""Reach: the model strikes an enemy over the head of a friend. The friend must touch that
enemy, its Base Size must not be larger than the Reach model's, and the Reach model and the
enemy must stand directly across the friend from each other, on opposite sides of its base.
From there the model makes a single attack; it is not in base contact with its victim.

- Declaring: a Fight may name an enemy in the Reach position (``fight_targets`` hook). Such a
  fight is flagged ``reach`` and has one attack (``declare``, step 1; other rules check the
  flag, First Strike and Quick Strike are not used with it). A model that has left the Reach
  position by the time the melee resolves makes no attack.
- Support: while it makes its attack, the Reach model counts as touching its victim for the
  Support of everyone of its side attacking that victim (``extra_support``); standing there
  without attacking counts for nothing.
- Defensive Strikes: the attack gives the victim its Defensive Strikes even if nobody touching
  it attacked; it may aim them at the models of the Reach model's side touching it (the friend
  in between among them). Only a victim that has Reach itself may aim them at the Reach model.
- Charging: a Charge whose straight line toward the enemy first meets a friend may stop
  against that friend when that is a Reach position on the charged enemy (``charge_plan``).
- Warlords and Captains may Inspire from the Reach position, like from anywhere else.

The geometry ("directly across", corner contacts) is :mod:`game.geometry.reach`; the Base Size
comparison is :mod:`game.rulesets.skirmish_d10.base_size`.
"""

from __future__ import annotations

from typing import Any

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import GameState, Model
from game.geometry.bases import facing_toward, facing_vector, footprint
from game.geometry.contact import overlaps
from game.geometry.reach import reach_through
from game.physics.movement import ChargePlan, first_contact_along
from game.rulesets.skirmish_d10.base_size import compare_sizes
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.melee import Fight, Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, has_rule, register

REACH_ATTACKS = 1


def reach_friends(state: GameState, table: Any, model: Model, enemy: Model) -> list[Model]:
    """Friends of ``model`` across which it reaches ``enemy`` (none when it touches it)."""
    if table.in_contact(model, enemy):
        return []
    out = []
    mine, theirs = table.poly(model), table.poly(enemy)
    for f in table.touching(state, model, friends_only=True):
        if not alive(f) or compare_sizes(f, model) > 0:
            continue
        if reach_through(mine, table.shape(f), f.x, f.y, f.facing, theirs):
            out.append(f)
    return out


def reach_targets(state: GameState, table: Any, model: Model) -> list[str]:
    """Enemies ``model`` may strike from where it stands, over one of its friends."""
    out: dict[str, None] = {}
    mine = table.poly(model)
    for f in table.touching(state, model, friends_only=True):
        if not alive(f) or compare_sizes(f, model) > 0:
            continue
        for e in table.touching(state, f, enemies_only=True):
            if e.name in out or not alive(e) or table.in_contact(model, e):
                continue
            if reach_through(mine, table.shape(f), f.x, f.y, f.facing, table.poly(e)):
                out.setdefault(e.name)
    return list(out)


def reach_attack_made(melee: Melee, attacker: str, target: str) -> None:
    """What an attack from the Reach position sets up in the melee: Support as if in B2B,
    Defensive Strikes from the victim at the models of the attacker's side touching it, and at
    the attacker itself only when the victim has Reach."""
    a, t = melee.model(attacker), melee.model(target)
    melee.extra_support.setdefault(target, set()).add(attacker)
    for o in melee.table.touching(melee.state, t):
        if o.side == a.side and alive(o) and o.name != attacker:
            melee.note_attacker(target, o.name)
    if has_rule(t, "Reach"):
        melee.ds_allowed.add((target, attacker))


def reach_fights(melee: Melee, name: str) -> list[Fight]:
    return [f for f in melee.fights_by(name) if f.reach]


@register
class Reach(SpecialRule):
    name = "Reach"
    summary = "Can fight an enemy over the head of a friend standing between them."
    description = ("It may fight an enemy that a friend is touching when it stands directly "
                   "behind that friend, on the far side from the enemy, and the friend's base "
                   "is not larger than its own. From there it makes a single attack and helps "
                   "its side's Support; the enemy may strike back at the models touching it. A "
                   "charge may stop behind such a friend.")
    priority = 10  # the fight is flagged before other rules declare anything about it

    def fight_targets(self, state: Any, model: Model, table: Any) -> list[str]:
        return reach_targets(state, table, model)

    def declare(self, melee: Melee, model: Model) -> Step:
        for f in melee.fights_by(model.name):
            t = melee.model(f.target)
            if f.kind != "fight" or not alive(t) or melee.table.in_contact(model, t):
                continue
            friends = reach_friends(melee.state, melee.table, model, t)
            if not friends:
                f.attacks = 0
                yield ev.RuleApplied(self.name, model.name,
                                     "is no longer in the Reach position and cannot attack", t.name)
                continue
            f.reach = True
            f.attacks = REACH_ATTACKS
            yield ev.RuleApplied(self.name, model.name,
                                 f'strikes over "{friends[0].name}" from the Reach position', t.name)
            if not has_rule(model, "Swing-Through"):  # a swinging model picks per attack
                melee.extra_support.setdefault(t.name, set()).add(model.name)

    def after_attacks(self, melee: Melee, model: Model) -> Step:
        for f in reach_fights(melee, model.name):
            if melee.attack_counts.get((model.name, f.target), 0) > 0:
                reach_attack_made(melee, model.name, f.target)
        return
        yield

    def charge_plan(self, state: Any, model: Model, target: Model, plan: Any, table: Any) -> Any:
        return reach_charge(state, table, model, target)


def reach_charge(state: GameState, table: Any, m: Model, t: Model) -> ChargePlan | None:
    """A charge at ``t`` that stops against a friend in the Reach position: the straight line
    toward ``t``'s centre (turned to face it, as any charge), up to MOV, first touching a
    friend of no larger Base Size across which ``t`` can be reached. None otherwise."""
    shape = table.shape(m)
    fac = facing_toward(m.x, m.y, t.x, t.y)
    others = table.others(state, exclude=[m.name])
    obstacles = {} if m.has_keyword("flying") else table.obstacles(state)
    turned = footprint(shape, m.x, m.y, fac)
    if any(overlaps(turned, p) for p in [*others.values(), *obstacles.values()]):
        return None
    s, key = first_contact_along(shape, (m.x, m.y), fac, fac, others, obstacles,
                                 float(m.stat("MOV")))
    f = state.models.get(key) if key is not None else None
    if f is None or f.side != m.side or not alive(f) or compare_sizes(f, m) > 0:
        return None
    u = facing_vector(fac)
    x, y = m.x + s * u[0], m.y + s * u[1]
    end = footprint(shape, x, y, fac)
    w, h = state.table
    minx, miny, maxx, maxy = end.bounds
    if minx < -1e-9 or miny < -1e-9 or maxx > w + 1e-9 or maxy > h + 1e-9:
        return None
    if not reach_through(end, table.shape(f), f.x, f.y, f.facing, table.poly(t)):
        return None
    return ChargePlan(True, "", x, y, fac, s)

"""Swift Attack: hit and run. A model that Charges and then uses its Move (those two actions, in
that order) while in base contact with an enemy makes one free attack on an enemy it touches;
the victim may make at most one Defensive Strike against it for that attack. Once the melee is
over, the model breaks away with that Move: a straight move of up to its MOV that ends at least
half its MOV from the model it attacked.

- Orders: ``{unit = "a", do = "charge", target = "b"}`` then ``{unit = "a", do = "move"}``.
  The move order, given while the model is in B2B after its charge (``take_order`` hook),
  spends its Move and records the free ``fight:swift`` attack; it may name the victim,
  ``attack = "c"`` (default: the charged model if it touches it, else the first enemy touching
  it), and the break-away point, ``to = [x, y]`` (checked at once, and again when it is made).
  ``attack`` is a key of the move order only for models with Swift Attack, and only on that
  Move; the Move of a Swift Attack takes no ``facing``.
  Without the move order the charge is an ordinary one (the model may Fight instead).
- When: the attack is rolled in step 3 of the activation's melee; the break-away happens in
  step 6 (``after_removal``), after destroyed models have left.
- Break-away point: the ``to`` of the order if still legal, else a ``break_away`` decision
  (a point) whose default goes straight away from the victim, as far as a legal move goes, up
  to MOV (see :mod:`game.physics.breakaway`). With nowhere legal to go the model stays.
- Flying swoop: a Flying model charging a model that does not fly, as its first action, may
  ignore every other base on the charge line and stop over other bases (``charge_plan`` hook,
  used only when an ordinary charge is impossible). If it stops over another base it cannot
  land there: the Swift Attack and its Move are then spent at once with the charge, and the
  break-away is a flight (its path ignores bases and terrain; it needs room only where it
  stops). A flier that stopped clear has landed and is like any other Swift Attack model.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import math
from functools import partial
from typing import Any

from game.core import events as ev
from game.core.commands import Order
from game.core.decisions import PICK_POINT, Ask
from game.core.ruleset import Step
from game.core.state import GameState, Model
from game.geometry.contact import overlaps
from game.physics.breakaway import check_break_away, default_break_away
from game.physics.charge import plan_charge
from game.rulesets.common.flow import activation
from game.rulesets.skirmish_d10.abilities.rush_attack import spent_actions
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.melee import FIGHT_KINDS, Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, order_key, register
from game.rulesets.skirmish_d10.ruleset import TABLE, refuse

SWIFT_KIND = "swift"
FIGHT_KINDS[SWIFT_KIND] = (1, 1)  # one attack; at most one Defensive Strike against it
MOVE_KEYS = ("to", "attack")  # the keys of the move order of a Swift Attack (no "facing")
FLAG_VICTIM = "swift_attack"
FLAG_POINT = "swift_to"


@order_key("move", "attack", rule="Swift Attack")
def _check_attack(model: Model, value: Any) -> str | None:
    if not isinstance(value, str):
        return f"give the name of the enemy model to strike, got {value!r}"
    return None


def break_away_problem(s: GameState, m: Model, victim: Model, point: Any) -> str | None:
    """What is wrong with breaking away from ``victim`` to ``point`` now, or None."""
    if not (isinstance(point, list | tuple) and len(point) == 2 and all(
        isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
        for v in point
    )):
        return f"give an [x, y] point in inches, got {point!r}"
    others = TABLE.others(s, exclude=[m.name])
    enemies = [o.name for o in s.models.values() if o.side != m.side and o.on_table]
    return check_break_away(
        TABLE.shape(m), (m.x, m.y), (float(point[0]), float(point[1])), m.facing,
        TABLE.poly(victim), m.stat("MOV") / 2.0, float(m.stat("MOV")), others,
        TABLE.obstacles(s), s.table, enemies, m.has_keyword("flying"),
    )


def default_point(s: GameState, m: Model, victim: Model) -> tuple[float, float] | None:
    others = TABLE.others(s, exclude=[m.name])
    enemies = [o.name for o in s.models.values() if o.side != m.side and o.on_table]
    return default_break_away(
        TABLE.shape(m), (m.x, m.y), m.facing, TABLE.poly(victim), m.stat("MOV") / 2.0,
        float(m.stat("MOV")), others, TABLE.obstacles(s), s.table, enemies,
        m.has_keyword("flying"),
    )


def _hovering(s: GameState, m: Model) -> bool:
    mine = TABLE.poly(m)
    return any(overlaps(mine, p) for p in TABLE.others(s, exclude=[m.name]).values())


@register
class SwiftAttack(SpecialRule):
    name = "Swift Attack"
    summary = "Charge, strike once, then break away with its Move."
    description = ("After it Charges, it may use its Move while still touching the enemy: it "
                   "then makes one free attack on an enemy it touches (who may strike back at "
                   "most once), and once the melee is over it moves away in a straight line to "
                   "a point at least half its MOV from its victim. A flying model may swoop "
                   "over other bases to reach a target that cannot fly.")

    # -- the move order after the charge -------------------------------------------------
    def take_order(self, ctx: Context, model: Model, order: Any) -> Step | None:
        if not isinstance(order, Order) or order.do != "move":
            return None
        if spent_actions(ctx, model) != ["charge"] or not any(
            alive(o) for o in TABLE.touching(ctx.state, model, enemies_only=True)
        ):
            if order.arg("attack") is not None:
                return self._not_a_swift_move(model)
            return None
        return self._swift_move(ctx, model, order)

    def _not_a_swift_move(self, m: Model) -> Step:
        raise refuse("bad_order", f'"attack" is for the Move of a Swift Attack (right after a '
                     f'Charge, in base contact with an enemy): "{m.name}" is not making one')
        yield

    def _swift_move(self, ctx: Context, m: Model, order: Order) -> Step:
        s = ctx.state
        extra = [k for k, _ in order.args if k not in MOVE_KEYS]
        if extra:
            raise refuse("unknown_key", f'order "move" (the Move of a Swift Attack) has no key '
                         f'"{extra[0]}" (it takes: {", ".join(MOVE_KEYS)})')
        foes = [o for o in TABLE.touching(s, m, enemies_only=True) if alive(o)]
        names = [o.name for o in foes]
        act = activation(s)
        assert act is not None  # (a Swift Attack is made in the activation that charged)
        charged = next(a.target for a in act.taken(m.name) if a.action == "charge")
        victim = order.arg("attack", charged if charged in names else names[0])
        if victim not in names:
            raise refuse("bad_order", f'"{m.name}" can Swift Attack only an enemy it touches '
                         f"({', '.join(names)}), not {victim!r}")
        point = order.arg("to")
        if point is not None:
            problem = break_away_problem(s, m, s.models[victim], point)
            if problem:
                raise refuse("illegal_move", f'"{m.name}" cannot break away there: {problem}')
        yield ev.ActionTaken(m.name, "move")
        yield ev.ActionTaken(m.name, f"fight:{SWIFT_KIND}", victim, free=True)
        yield ev.FlagSet(m.name, FLAG_VICTIM, "activation", victim)
        if point is not None:
            yield ev.FlagSet(m.name, FLAG_POINT, "activation",
                             (float(point[0]), float(point[1])))
        yield ev.RuleApplied(self.name, m.name,
                             "strikes once, then breaks away with its Move once the melee is over",
                             victim)

    # -- the flying swoop ----------------------------------------------------------------
    def charge_plan(self, state: Any, model: Model, target: Model, plan: Any, table: Any) -> Any:
        act = activation(state)
        if not model.has_keyword("flying") or target.has_keyword("flying") or act is None:
            return None
        if any(not a.free for a in act.taken(model.name)):
            return None  # the charge must be its first action
        swoop = plan_charge(
            table.shape(model), (model.x, model.y), target.name,
            {target.name: table.poly(target)}, (target.x, target.y), {}, state.table,
            model.stat("MOV"),
        )
        return swoop if swoop.ok else None

    def after_charge(self, ctx: Context, charger: Model, target: Model, role: str) -> Step:
        s = ctx.state
        if role != "charger" or not charger.has_keyword("flying") or not _hovering(s, charger):
            return
        yield ev.RuleApplied(self.name, charger.name,
                             "swoops down without landing: it will strike once and fly away",
                             target.name)
        yield ev.ActionTaken(charger.name, "move")
        yield ev.ActionTaken(charger.name, f"fight:{SWIFT_KIND}", target.name, free=True)
        yield ev.FlagSet(charger.name, FLAG_VICTIM, "activation", target.name)

    # -- the break-away ------------------------------------------------------------------
    def after_removal(self, melee: Melee, model: Model) -> Step:
        victim_name = model.flag(FLAG_VICTIM)
        if victim_name is None or not alive(model):
            return
        s = melee.state
        yield ev.FlagSet(model.name, FLAG_VICTIM, "activation", None)
        victim = s.models[victim_name]
        planned = model.flag(FLAG_POINT)
        point = None
        if planned is not None:
            problem = break_away_problem(s, model, victim, planned)
            if problem is None:
                point = planned
            else:
                yield ev.RuleApplied(self.name, model.name,
                                     f"cannot break away to the point ordered: {problem}")
        if point is None:
            default = default_point(s, model, victim)
            if default is None:
                yield ev.RuleApplied(self.name, model.name,
                                     "has no room to break away and stays where it is")
                return
            point = yield Ask(
                "break_away",
                f'Where does "{model.name}" break away to (an [x, y] point at least '
                f'{model.stat("MOV") / 2:g}" from "{victim_name}", within its MOV)?',
                (), default, model.name, model.side,
                check=partial(break_away_problem, s, model, victim),
                pick=PICK_POINT,
            )
        x, y = float(point[0]), float(point[1])
        dist = math.hypot(x - model.x, y - model.y)
        yield ev.ModelMoved(model.name, x, y, model.facing, round(dist, 4), "break away")

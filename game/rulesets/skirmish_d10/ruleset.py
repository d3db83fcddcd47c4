"""skirmish-d10: game turns, alternating activations, the two actions of each model, and the
end of an activation that resolves its Contact Zone."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import json
from collections.abc import Callable, Mapping
from operator import is_
from typing import Any

from game.core import events as ev
from game.core import measure
from game.core.commands import Order
from game.core.errors import NOT_NOW, Refused
from game.core.ruleset import (
    ConditionInfo,
    RollCount,
    RuleInfo,
    Step,
)
from game.core.scenario import UnitSpec
from game.core.state import GameState, Handler, Model
from game.geometry.bases import facing_toward
from game.physics.charge import plan_charge
from game.physics.movement import check_straight_move
from game.rulesets.common.basics import order_point
from game.rulesets.common.flow import (
    FLOW_REDUCERS,
    AlternatingActivations,
    activation,
    alternating,
)
from game.rulesets.common.orders import Orders, OrderType
from game.rulesets.common.table import Table
from game.rulesets.common.ui_actions import ENEMY, FACING, POINT, UIAction
from game.rulesets.skirmish_d10 import conditions as C
from game.rulesets.skirmish_d10 import constants as K
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.melee import Melee, collect_fights
from game.rulesets.skirmish_d10.rules import (
    RULES,
    OrderKey,
    check_rule,
    has_rule,
    hooked,
    order_keys,
    rules_for,
)

TABLE = Table(K.BASE_SIZES)

#: what a model's status means, for players
STATUSES = {
    "destroyed": ConditionInfo("destroyed", "Destroyed",
                               "Lost its last damage track and was removed from the table."),
}

#: what an action handler is: validate (raise Refused) before yielding anything
ActionHandler = Callable[[Any, Model, Order], Step]
#: the orders (actions) a model may be given: the core's below, Special Abilities' their own
ORDERS: Orders[ActionHandler] = Orders(RULES)

#: the action buttons of the window, in order (see game/rulesets/common/ui_actions.py)
UI_ACTIONS = (
    UIAction("move", "Move", "g", POINT, "Move the selected model: click or drag where it should go"),
    UIAction("turn", "Turn", "r", FACING, "Turn the model where it stands to face the point you "
             "click (a Move of no distance)", order="move"),
    UIAction("charge", "Charge", "c", ENEMY,
             "Charge: click an enemy; the model turns and runs into base contact"),
    UIAction("fight", "Fight", "f", ENEMY, "Declare a Fight against an enemy in base contact",
             direct=True),
    UIAction("focus", "Focus", "o", tip="Focus: take a moment to prepare"),
    UIAction("inspire", "Inspire", "i", tip="Inspire nearby friends (Warlords and Captains only)"),
    UIAction("pass", "Pass", "p", tip="Spend an action doing nothing"),
)


def action(name: str, keys: tuple[str, ...] = ()) -> Callable[[ActionHandler], ActionHandler]:
    """Register an order ``do = name`` (special rules add their own) and the keys it takes
    (Special Abilities add keys with :func:`~game.rulesets.skirmish_d10.rules.order_key`)."""
    return ORDERS.order(name, keys)


def check_order_keys(m: Model | None, cmd: Order) -> None:
    """The one check of an order's keys, made before anything happens: refuses
    (``unknown_key``) a key its action does not take or a key of a Special Ability ``m`` does
    not have, then (``bad_order``) a value the key's own check rejects."""
    declared = order_keys(cmd.do)
    if not cmd.args:
        return
    for key, _ in cmd.args:
        # (what ``key in _keys_taken(m, declared)`` says, without building the whole dict)
        spec = declared.get(key)
        if spec is None or (spec.rule is not None and (m is None or not has_rule(m, spec.rule))):
            takes = _keys_taken(m, declared)
            raise refuse("unknown_key", _unknown_key(m, cmd.do, key, declared, takes))
    for key, value in cmd.args:
        check = declared[key].check
        problem = check(m, value) if check is not None and m is not None else None
        if problem:
            raise refuse("bad_order", f'"{key}": {problem}')


def _keys_taken(m: Model | None, declared: dict[str, OrderKey]) -> dict[str, OrderKey]:
    """The keys ``m`` may give: the action's own (as declared), then its rules' (by name)."""
    own = {k: o for k, o in declared.items() if o.rule is None}
    ruled = {k: o for k, o in sorted(declared.items())
             if o.rule is not None and m is not None and has_rule(m, o.rule)}
    return {**own, **ruled}


def _unknown_key(
    m: Model | None, do: str, key: str, declared: dict[str, OrderKey], takes: dict[str, OrderKey]
) -> str:
    listed = f"it takes: {', '.join(takes)}" if takes else "it takes no keys"
    spec = declared.get(key)
    if spec is not None and m is not None:  # a Special Ability's key: the model lacks it
        return (f'order "{do}" has no key "{key}" for "{m.name}": "{key}" belongs to the '
                f'{spec.rule} Special Ability, which "{m.name}" does not have ({listed})')
    others = [f"{k} ({o.rule})" for k, o in sorted(declared.items()) if k not in takes]
    if others:
        listed += f"; other Special Abilities add: {', '.join(others)}"
    return f'order "{do}" has no key "{key}" ({listed})'


def refuse(code: str, msg: str, kind: str = "") -> Refused:
    """A refusal; ``kind`` :data:`~game.core.errors.NOT_NOW` when the action is not open to
    the model now, whatever its target or point."""
    return Refused(code, msg, kind)


class SkirmishD10(AlternatingActivations):
    """The turns and activations are the shared ones (:mod:`game.rulesets.common.flow`); a
    unit of several models activates as one, its models act in any order, and the Contact
    Zone of the activation is resolved as it ends."""

    off_table = frozenset({"destroyed"})

    id = K.RULESET_ID
    profile = K.PROFILE
    base_sizes = K.BASE_SIZES
    default_base = K.DEFAULT_BASE
    die_sides = K.DIE  # every roll is a d10: scripted dice must be 1-10
    table = TABLE
    actions = ORDERS
    condition_registry = C.CONDITIONS
    damage_unit = "damage tracks"

    def rules(self) -> Mapping[str, RuleInfo]:
        return RULES.infos()

    def conditions(self) -> Mapping[str, ConditionInfo]:
        RULES.ensure_loaded()  # (rules add conditions of their own: Infected)
        out = dict(sorted(C.CONDITIONS.infos().items()))
        out.update(STATUSES)
        return out

    # -- scenario --------------------------------------------------------------------------
    def check_unit(self, unit: dict[str, Any], where: str) -> None:
        stats = unit["stats"]
        for key in stats:
            if key not in K.PROFILE:
                raise ValueError(f"stats.{key} is not a skirmish-d10 stat (known: {', '.join(K.PROFILE)})")
        for key in K.PROFILE:
            if key not in stats:
                raise ValueError(f"stats.{key} is missing")
        dt = stats["DT"]
        if not (isinstance(dt, int) and not isinstance(dt, bool) and 1 <= dt <= 20):
            raise ValueError(f"stats.DT must be an integer from 1 to 20, got {_show(dt)}")
        for key, (lo, hi) in K.PROFILE.items():
            v = stats[key]
            vals = v if isinstance(v, list) and key != "DT" else [v]
            if isinstance(v, list) and key != "DT" and len(v) != dt:
                raise ValueError(
                    f"stats.{key} lists {len(v)} values but the model has {dt} damage tracks"
                )
            for x in vals:
                if not (isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi):
                    raise ValueError(f"stats.{key} must be an integer from {lo} to {hi}, got {_show(x)}")
        for r in unit.get("rules", []):
            check_rule(r)
        for k in unit.get("keywords", []):
            if k.lower() not in K.KEYWORDS:
                raise ValueError(
                    f"unknown keyword {k!r} (known: {', '.join(sorted(K.KEYWORDS))})"
                )
        if unit.get("weapons"):
            raise ValueError("weapons are not used by skirmish-d10 (profiles carry MAV and MA)")

    def model_values(self, unit: UnitSpec) -> dict[str, Any]:
        return {
            "stats": {k: tuple(v) if isinstance(v, list) else (v,) for k, v in unit.stats.items()},
            "rules": tuple(unit.rules),
            "keywords": frozenset(k.lower() for k in unit.keywords),
        }

    # -- flow ------------------------------------------------------------------------------
    def check_keys(self, m: Model | None, cmd: Order) -> None:
        check_order_keys(m, cmd)

    def carry_out(self, ctx: Context, cmd: Order, order: OrderType[ActionHandler]) -> Step:
        s = ctx.state
        assert cmd.unit is not None
        model = self.resolve_model(s, cmd.unit, cmd.do)
        check_order_keys(model, cmd)
        act = activation(s)
        asked = False
        if act is None or act.unit != model.unit:
            side = model.side
            self.check_can_activate(s, model, *self.after_current(s))
            if act is not None:
                gen = self.end_activation(ctx)
                item = None
                try:
                    item = next(gen)
                    while True:
                        got = yield item
                        if not isinstance(item, ev.Event):
                            asked = True
                        item = gen.send(got)
                except StopIteration:
                    pass
                if ctx.state.game_over:
                    return
                model = ctx.state.models[model.name]
                msg = ""
                if not alive(model):
                    msg = f'"{model.name}" was destroyed in the melee that just ended'
                elif (model.unit in alternating(ctx.state).activated
                      or alternating(ctx.state).next_side != side):
                    due = alternating(ctx.state).next_side
                    msg = f'"{model.name}" cannot activate now: side {due} is due'
                if msg:
                    if asked:
                        yield ev.RuleApplied("orders", model.name, msg)
                        return
                    raise refuse("cannot_activate", msg, NOT_NOW)
            yield from self.start_activation(ctx, model.unit)
            model = ctx.state.models[model.name]
            if not alive(model) or ctx.state.game_over:
                return
        try:
            for rule in hooked(model.rules, "take_order"):  # a rule may carry out the order itself
                taken = rule.take_order(ctx, model, cmd)
                if taken is not None:
                    yield from taken
                    return
            yield from order.handler(ctx, model, cmd)
        except Refused as exc:
            if not asked:
                raise
            # A decision was answered on the way (the melee this order closed), so the
            # command cannot be undone as a whole: keep what happened and say why the
            # order itself was not carried out.
            yield ev.RuleApplied("orders", model.name, f"not carried out: {exc.refusal}")

    def resolve_model(self, s: GameState, name: str, do: str) -> Model:
        if name in s.models:
            m = s.models[name]
        elif name in s.units:
            names = s.units[name].models
            live = [n for n in names if s.models[n].on_table]
            if do == "pass" and live:
                m = s.models[live[0]]
            else:
                raise refuse(
                    "name_model",
                    f'unit "{name}" has {len(names)} models: name one, e.g. "{names[0]}"',
                )
        else:
            raise refuse("unknown_unit", f'there is no unit or model named "{name}"')
        if not m.on_table:
            raise refuse("not_on_table", f'"{m.name}" is {m.status} and cannot act', NOT_NOW)
        return m

    def side_turn_ending(self, ctx: Context, side: int, unit: str | None) -> Step:
        """The Contact Zone of the activation is resolved, then the rules that act at the end
        of an activation (the unit's conditions act after them, at the flow's moment)."""
        fights = collect_fights(ctx.state)
        melee = None
        if fights:
            melee = Melee(ctx, fights, TABLE)
            yield from melee.resolve()
        for n in list(ctx.state.models):
            # only the rules that change the hook: the default of the others does nothing
            for rule in hooked(ctx.state.models[n].rules, "end_activation"):
                yield from rule.end_activation(ctx, ctx.state.models[n], melee)

    def game_turn_ending(self, ctx: Context) -> Step:
        """The rules that act at the end of the game turn (after the conditions, at the
        flow's moment)."""
        for n in list(ctx.state.models):
            if not ctx.state.models[n].on_table:
                continue
            for rule in rules_for(ctx.state.models[n].rules):
                yield from rule.end_of_turn(ctx, ctx.state.models[n])

    def reducers(self) -> Mapping[type[ev.Event], Handler]:
        return {**FLOW_REDUCERS, ev.DamageTaken: _count_damage, ev.Healed: _count_healed}

    def final_score(self, s: GameState) -> tuple[str, int, int]:
        d = damage_by_side(s)
        return "damage inflicted", d[1], d[2]

    def side_left(self, s: GameState, side: int) -> bool:
        return any(alive(m) for m in s.models.values() if m.side == side)

    #: the models (the very objects) of the last state in which both sides had models left
    _both_left: tuple[Model, ...] | None = None

    def check_winner(self, ctx: Context) -> Step:
        """The shared check (``last_side_standing`` over :meth:`side_left`), which yields
        nothing while both sides have a model alive: that case, by far the most common, is
        recognised in one pass over the models, or none when every model is the same
        (immutable) object as at the last such check (``side_left`` reads nothing else)."""
        s = ctx.state
        if s.game_over:
            return
        if type(self).side_left is SkirmishD10.side_left:
            models = tuple(s.models.values())
            last = self._both_left
            if last is not None and len(last) == len(models) and all(map(is_, last, models)):
                return
            left = {m.side for m in models if alive(m)}
            if 1 in left and 2 in left:
                self._both_left = models
                return
        yield from super().check_winner(ctx)

    # -- results ---------------------------------------------------------------------------
    def unit_result(self, state: GameState, unit: str) -> dict[str, Any]:
        models = state.models_of(unit)
        live = [m for m in models if m.on_table]
        lead = live[0] if live else models[0]
        conds = sorted({c for m in models if m.on_table for c in m.conditions})
        out: dict[str, Any] = {
            "side": lead.side,
            "status": "active" if live else "destroyed",
            "models_left": len(live),
            "wounds_taken": sum(min(m.damage, m.stat("DT", 0)) for m in models),
            # the centre of the unit's footprint: the mean of its models on the table
            "x": round(sum(m.x for m in live or models) / len(live or models), 4),
            "y": round(sum(m.y for m in live or models) / len(live or models), 4),
            "facing": round(lead.facing % 360, 4) % 360,
            "conditions": conds,
        }
        if len(models) > 1:
            out["models"] = {
                m.name: {
                    "status": m.status, "wounds_taken": min(m.damage, m.stat("DT", 0)),
                    "x": round(m.x, 4), "y": round(m.y, 4), "facing": round(m.facing % 360, 4) % 360,
                    "conditions": sorted(m.conditions),
                }
                for m in models
            }
        return out

    # -- for the AI and the odds -----------------------------------------------------------
    def roll_problem(self, roll: Mapping[str, Any]) -> str | None:
        from game.rulesets.skirmish_d10.explain import roll_problem

        return roll_problem(roll)

    def roll_count(self, roll: Mapping[str, Any]) -> RollCount | None:
        from game.rulesets.skirmish_d10.explain import roll_count

        return roll_count(roll)


# --- the points score: damage inflicted and kept, per side -----------------------------------


def damage_by_side(s: GameState) -> dict[int, int]:
    """The damage each side has inflicted on its foes and they still keep (the score when
    the last game turn ends)."""
    got: dict[int, int] = s.book.get("damage_by_side") or {1: 0, 2: 0}
    return got


def _count_damage(s: GameState, e: Any) -> None:
    # Damage by an enemy model, or by no model at all (Poison, Burning: conditions enemies
    # cause), counts for the damaged model's foes; damage to a friend (Swing-Through) counts
    # for nobody.
    m = s.models[e.model]
    by = s.models.get(e.by) if e.by is not None else None
    if by is None or by.side != m.side:
        d = damage_by_side(s)
        foe = 2 if m.side == 1 else 1
        s.book["damage_by_side"] = {**d, foe: d[foe] + e.amount}


def _count_healed(s: GameState, e: Any) -> None:
    # a healed point is no longer damage the enemy inflicted and the model kept (this runs
    # before the core lowers the model's damage)
    m = s.models[e.model]
    d = damage_by_side(s)
    foe = 2 if m.side == 1 else 1
    s.book["damage_by_side"] = {**d, foe: max(0, d[foe] - min(e.amount, m.damage))}


def _show(v: Any) -> str:
    return json.dumps(v) if isinstance(v, str) else repr(v)


# --- actions ----------------------------------------------------------------------------------


def _spent(s: GameState, m: Model) -> list[ev.ActionTaken]:
    act = activation(s)
    return [a for a in act.taken(m.name) if not a.free] if act else []


def check_action_left(s: GameState, m: Model, what: str) -> None:
    if not alive(m):
        raise refuse("not_on_table", f'"{m.name}" is out of the fight', NOT_NOW)
    if len(_spent(s, m)) >= K.ACTIONS_PER_MODEL:
        raise refuse(
            "no_actions_left",
            f'"{m.name}" has used both its actions this activation (cannot {what})', NOT_NOW)


def engaged(s: GameState, m: Model) -> list[Model]:
    return [o for o in TABLE.touching(s, m, enemies_only=True) if alive(o)]


def _enemy_target(s: GameState, m: Model, cmd: Order) -> Model:
    t_name = cmd.arg("target")
    if not isinstance(t_name, str):
        raise refuse("bad_order", f'"{cmd.do}" needs a target model, got {t_name!r}')
    t = s.models.get(t_name)
    if t is None:
        if t_name in s.units:
            raise refuse("name_model", f'unit "{t_name}" has several models: name one')
        raise refuse("unknown_unit", f'there is no model named "{t_name}"')
    if not alive(t):
        raise refuse("target_gone", f'"{t_name}" is {t.status}')
    if t.side == m.side:
        raise refuse("friendly_target", f'"{t_name}" is on your side')
    return t


@action("move", keys=("to", "facing"))
def do_move(ctx: Context, m: Model, cmd: Order) -> Step:
    s = ctx.state
    check_action_left(s, m, "move")
    to = order_point(cmd, "to")
    facing = cmd.arg("facing", m.facing)
    if not isinstance(facing, int | float) or isinstance(facing, bool):
        raise refuse("bad_order", f'"facing" must be a number of degrees, got {facing!r}')
    if engaged(s, m):
        raise refuse("engaged", f'"{m.name}" is in base contact with an enemy and cannot Move', NOT_NOW)
    flying = m.has_keyword("flying")
    others = TABLE.others(s, exclude=[m.name])
    obstacles = TABLE.obstacles(s)
    shape = TABLE.shape(m)
    mov = m.stat("MOV")
    chk = check_straight_move(
        shape, (m.x, m.y), to, m.facing, {} if flying else others,
        {} if flying else obstacles, s.table, max_distance=mov,
    )
    if not chk.ok:
        raise refuse("illegal_move", f'"{m.name}" cannot move there: {chk.reason}')
    facing = float(facing) % 360
    if flying or facing != m.facing:
        # Turning (or landing) at the end: the base must fit where it stops.
        end = check_straight_move(shape, to, to, facing, others, obstacles, s.table)
        if not end.ok:
            raise refuse("illegal_move", f'"{m.name}" cannot stop there: {end.reason}')
    after = _moved_copy(m, to, facing)
    if engaged(_with_model(s, after), after):
        raise refuse(
            "ends_in_contact",
            f'"{m.name}" may not end a Move in base contact with an enemy (Charge instead)',
        )
    yield ev.ActionTaken(m.name, "move")
    yield ev.ModelMoved(m.name, to[0], to[1], facing, round(chk.distance, 4), "move")


def _moved_copy(m: Model, to: tuple[float, float], facing: float) -> Model:
    import dataclasses

    return dataclasses.replace(m, x=to[0], y=to[1], facing=facing)


def _with_model(s: GameState, m: Model) -> GameState:
    t = s.copy()
    t.models[m.name] = m
    return t


@action("charge", keys=("target",))
def do_charge(ctx: Context, m: Model, cmd: Order) -> Step:
    s = ctx.state
    check_action_left(s, m, "charge")
    t = _enemy_target(s, m, cmd)
    if any(a.action == "charge" for a in _spent(s, m)):
        raise refuse("charged_already", f'"{m.name}" has already charged this activation', NOT_NOW)
    if "shaken" in m.conditions:
        raise refuse("shaken", f'"{m.name}" is Shaken and cannot Charge', NOT_NOW)
    if engaged(s, m):
        raise refuse(
            "engaged", f'"{m.name}" is already in base contact with an enemy: declare a Fight', NOT_NOW)
    plan = plan_charge(
        TABLE.shape(m), (m.x, m.y), t.name, TABLE.others(s, exclude=[m.name]), (t.x, t.y),
        {} if m.has_keyword("flying") else TABLE.obstacles(s), s.table, m.stat("MOV"),
        straight=K.CHARGES_STRAIGHT,
    )
    if not plan.ok:
        for rule in rules_for(m.rules):  # another end for the charge (Reach position...)
            other_plan = rule.charge_plan(s, m, t, plan, TABLE)
            if other_plan is not None:
                plan = other_plan
                break
    if not plan.ok:
        raise refuse("illegal_charge", f'"{m.name}" cannot charge "{t.name}": {plan.reason}')
    yield ev.ActionTaken(m.name, "charge", t.name)
    yield ev.ModelMoved(m.name, plan.x, plan.y, plan.facing, round(plan.distance, 4), "charge")
    yield from after_charge(ctx, m.name, t.name)


def after_charge(ctx: Context, charger: str, target: str) -> Step:
    """Rules that react to a charge (Fearsome) on both models."""
    for name, role in ((charger, "charger"), (target, "charged")):
        for rule in rules_for(ctx.state.models[name].rules):
            c, t = ctx.state.models[charger], ctx.state.models[target]
            if alive(c) and alive(t):
                yield from rule.after_charge(ctx, c, t, role)


def fight_targets(s: GameState, m: Model) -> list[Model]:
    """Enemies ``m`` may declare a Fight against: those in B2B, and those its rules add
    (``fight_targets`` hook: Reach)."""
    out = engaged(s, m)
    seen = {o.name for o in out}
    for rule in hooked(m.rules, "fight_targets"):
        for name in rule.fight_targets(s, m, TABLE):
            o = s.models.get(name)
            if name not in seen and o is not None and alive(o) and o.side != m.side:
                seen.add(name)
                out.append(o)
    return out


@action("fight", keys=("target",))
def do_fight(ctx: Context, m: Model, cmd: Order) -> Step:
    s = ctx.state
    check_action_left(s, m, "fight")
    t = _enemy_target(s, m, cmd)
    if any(a.action == "fight" or a.action.startswith("fight:") for a in _spent(s, m)):
        raise refuse("fought_already", f'"{m.name}" has already declared a Fight this activation', NOT_NOW)
    if t.name not in {o.name for o in fight_targets(s, m)}:
        raise refuse("not_in_contact", f'"{m.name}" is not in base contact with "{t.name}"')
    yield ev.ActionTaken(m.name, "fight", t.name)
    # The keys Special Abilities add (``frenzy = 2``; checked with the order's other keys)
    # are recorded for the melee as flags ``fight.<key>`` for the activation.
    declared = order_keys("fight")
    for key, value in cmd.args:
        spec = declared.get(key)
        if spec is not None and spec.rule is not None:
            yield ev.FlagSet(m.name, f"fight.{key}", "activation", value)


@action("focus")
def do_focus(ctx: Context, m: Model, cmd: Order) -> Step:
    s = ctx.state
    check_action_left(s, m, "focus")
    if any(a.action == "focus" for a in _spent(s, m)):
        raise refuse("focused_already", f'"{m.name}" has already focused this activation', NOT_NOW)
    yield ev.ActionTaken(m.name, "focus")


@action("inspire")
def do_inspire(ctx: Context, m: Model, cmd: Order) -> Step:
    s = ctx.state
    check_action_left(s, m, "inspire")
    if not (m.has_keyword("warlord") or m.has_keyword("captain")):
        raise refuse("not_a_leader", f'only a Warlord or Captain may Inspire; "{m.name}" is neither', NOT_NOW)
    yield ev.ActionTaken(m.name, "inspire")
    for o in list(s.models.values()):
        if o.side != m.side or not alive(o):
            continue
        if measure.within(TABLE.distance(m, o), K.INSPIRE_RANGE):
            if "shaken" in o.conditions:
                yield ev.ConditionRemoved(o.name, "shaken", f'inspired by "{m.name}"')
            yield from C.add(ctx, o.name, "inspired", f'inspired by "{m.name}"')


@action("pass")
def do_pass(ctx: Context, m: Model, cmd: Order) -> Step:
    check_action_left(ctx.state, m, "pass")
    yield ev.ActionTaken(m.name, "pass")


__all__ = ["SkirmishD10", "ORDERS", "action", "TABLE", "facing_toward", "after_charge"]

"""The action registry and what every action needs to know about the activation it is in.

An action is checked in full before anything happens (``plan`` raises ``Refused``), then
carried out (``run`` yields events). ``plan`` sees the model as it stands before its
activation starts, so :class:`Moment` tells it what the start will change (a Down model
stands up with its Movement halved).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.commands import Order
from game.core.errors import NOT_NOW, Refused
from game.core.ruleset import Step
from game.core.state import GameState, Model
from game.rulesets.common.flow import activation
from game.rulesets.common.orders import Orders
from game.rulesets.trench_crusade import constants as K
from game.rulesets.trench_crusade.terrain import enemies_within


@dataclass(frozen=True, slots=True)
class Moment:
    """Where the acting model stands in its activation."""

    starting: bool  # the order starts the model's activation
    taken: tuple[str, ...]  # actions already taken in this activation
    movement: float  # inches it may move in this activation
    engaged: tuple[str, ...]  # enemies within 1" when the activation started


class Action(Protocol):
    """What carries out an order: a class of two static methods. ``plan`` checks the order in
    full (raising ``Refused``) and returns what ``run`` needs; ``run`` yields the events."""

    plan: Callable[[Any, Model, Order, Moment], Any]
    run: Callable[[Any, str, Any], Step]


#: the orders (actions) a model may be given, each with its class
ORDERS: Orders[Any] = Orders()


def action(
    name: str, keys: tuple[str, ...] = (), hints: dict[str, str] | None = None
) -> Callable[[Any], Any]:
    """Class decorator: register an order ``do = name`` with its ``plan``, its ``run`` and the
    keys the order takes (``hints``: a likely mistaken key and what to write instead)."""
    return ORDERS.order(name, keys, hints=hints)


def check_order_keys(cmd: Order) -> None:
    """The one check of an order's keys, made before anything happens: refuses
    (``unknown_key``) a key its action does not take."""
    from game.rulesets.trench_crusade.rules import RULES

    act = ORDERS.get(cmd.do)
    ruled = RULES.order_keys(cmd.do)
    keys = (*(act.keys if act is not None else ()), *ruled)
    for key, value in cmd.args:
        spec = ruled.get(key)
        if spec is not None and spec.check is not None:
            problem = spec.check(None, value)
            if problem:
                raise refuse("bad_order", f'"{key}" {problem}')
        if key not in keys:
            listed = f"it takes: {', '.join(keys)}" if keys else "it takes no keys"
            hint = act.hints.get(key) if act is not None else None
            raise refuse("unknown_key", f'order "{cmd.do}" has no key "{key}" ({listed})'
                         + (f": {hint}" if hint else ""))


def moment(state: GameState, m: Model) -> Moment:
    act = activation(state)
    starting = act is None or act.unit != m.unit
    stands = (starting and m.status == "down") or bool(m.flag("stood_up"))
    movement = float(m.stat("Movement")) / (2.0 if stands else 1.0)
    if starting:
        engaged = tuple(o.name for o in enemies_within(state, m))
        taken: tuple[str, ...] = ()
    else:
        engaged = tuple(m.flag("melee_at_start", ()) or ())
        taken = tuple(a.action for a in act.taken(m.name)) if act else ()
    return Moment(starting, taken, movement, engaged)


def refuse(code: str, message: str, kind: str = "") -> Refused:
    """A refusal; ``kind`` :data:`~game.core.errors.NOT_NOW` when the action is not open to
    the model now, whatever its target or point."""
    return Refused(code, message, kind)


def check_movement_left(m: Model, now: Moment) -> None:
    if any(a in K.MOVEMENT_ACTIONS for a in now.taken):
        raise refuse("moved_already", f'"{m.name}" has already moved or charged this activation', NOT_NOW)
    if "pass" in now.taken:
        raise refuse("passed", f'"{m.name}" has passed', NOT_NOW)


def enemy(state: GameState, m: Model, t_name: Any, what: str) -> Model:
    """The enemy model named by an order; refused when it is not one that can be targeted."""
    if not isinstance(t_name, str):
        raise refuse("bad_order", f'"{what}" needs a target model, got {t_name!r}')
    t = state.models.get(t_name)
    if t is None:
        raise refuse("unknown_unit", f'there is no model named "{t_name}"')
    if not t.on_table:
        raise refuse("target_gone", f'"{t_name}" is {t.status.replace("_", " ")}')
    if t.side == m.side:
        raise refuse("friendly_target", f'"{t_name}" is on your side')
    return t


def inches(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")

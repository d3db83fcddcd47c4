"""The orders a rule system takes: one registry for every ruleset.

An order type is a name (the scenario's ``do``), the keys its order takes, and its handler:
what carries it out, in the shape the ruleset's flow calls (a function of the model and the
order in skirmish-d10, a class with ``plan`` and ``run`` in trench-crusade, a function of the
order in the rank-and-flank rulesets). A ruleset of player turns also says which phase each
order belongs to. Special rules that add an order register it the same way::

    ORDERS: Orders[ActionHandler] = Orders(RULES)

    @ORDERS.order("charge", keys=("target",))
    def charge(ctx, model, cmd): ...

The flows (``common/flow.py``, ``rank_and_flank/flow.py``) look orders up here by name; a
ruleset's ``actions`` is its registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from game.rulesets.common.rules import RuleRegistry

H = TypeVar("H")


@dataclass(frozen=True, slots=True)
class OrderType(Generic[H]):
    """One kind of order: its name, what carries it out, the keys it takes (besides ``unit``
    and ``do``), the phase it belongs to (player turns of phases), the label players read,
    and hints for keys that are likely mistakes (a wrong key: what to write instead)."""

    name: str
    handler: H
    keys: tuple[str, ...] = ()
    phase: str = ""
    label: str = ""
    hints: Mapping[str, str] = field(default_factory=dict)


class Orders(Mapping[str, OrderType[H]]):
    """A ruleset's order types by name. Given the ruleset's rule registry, the keys of each
    order are declared there too, so that the one check of an order's keys sees the order's
    own keys and those special rules add alike."""

    def __init__(self, rules: RuleRegistry[Any] | None = None) -> None:
        self._types: dict[str, OrderType[H]] = {}
        self._rules = rules

    def declare(self, name: str, handler: H, keys: tuple[str, ...] = (), *, phase: str = "",
                label: str = "", hints: Mapping[str, str] | None = None) -> OrderType[H]:
        """Register the order ``do = name``."""
        if self._rules is not None:
            for key in keys:
                self._rules.order_key(name, key)
        got = OrderType(name, handler, tuple(keys), phase, label, dict(hints or {}))
        self._types[name] = got
        return got

    def order(self, name: str, keys: tuple[str, ...] = (), *, phase: str = "", label: str = "",
              hints: Mapping[str, str] | None = None) -> Callable[[H], H]:
        """Decorator: register the decorated function or class as the handler of ``name``."""

        def wrap(handler: H) -> H:
            self.declare(name, handler, keys, phase=phase, label=label, hints=hints)
            return handler

        return wrap

    def __getitem__(self, name: str) -> OrderType[H]:
        return self._types[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._types)

    def __len__(self) -> int:
        return len(self._types)


__all__ = ["OrderType", "Orders"]

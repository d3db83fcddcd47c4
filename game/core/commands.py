"""Commands: what a player (or the AI, or a scenario's orders) asks the engine to do.

A command is a frozen value. Its dictionary form is exactly the order format of scenario files
(``{unit = "orc", do = "charge", target = "elf"}``, ``{answer = 2}``), so saves, scenarios and
the window all speak one language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Order:
    """An order for a unit (``unit`` may be None for ``end_activation``/``end_turn``)."""

    do: str
    unit: str | None = None
    args: tuple[tuple[str, Any], ...] = ()

    def arg(self, name: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        return default

    def describe(self) -> str:
        parts = [f'unit "{self.unit}"'] if self.unit else []
        parts.append(f'do "{self.do}"')
        parts += [f"{k} {_short(v)}" for k, v in self.args]
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to the pending decision. ``by_default`` marks answers nobody gave: the
    decision's documented default, taken by headless play or at the end of the orders."""

    value: Any
    by_default: bool = False

    def describe(self) -> str:
        return f"answer {_short(self.value)}"


Command = Order | Answer

#: the order that ends the game at once as a draw, in every ruleset: ``{do = "declare_draw"}``,
#: with an optional ``reason`` (text) for the log; headless play with the AI gives it for a
#: game that can no longer change
DECLARE_DRAW = "declare_draw"


def _short(v: Any) -> str:
    return repr(v) if not isinstance(v, str) else f'"{v}"'


def _freeze(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    if isinstance(v, dict):
        return {k: _freeze(x) for k, x in v.items()}
    return v


def _thaw(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_thaw(x) for x in v]
    if isinstance(v, dict):
        return {k: _thaw(x) for k, x in v.items()}
    return v


def command_from_dict(data: dict[str, Any]) -> Command:
    """Build a command from an order table. Raises ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"an order must be a table, got {type(data).__name__}")
    if "answer" in data:
        extra = set(data) - {"answer", "default"}
        if extra:
            raise ValueError(f"an answer order takes only 'answer', not {sorted(extra)}")
        return Answer(_freeze(data["answer"]), bool(data.get("default", False)))
    do = data.get("do")
    if not isinstance(do, str) or not do:
        raise ValueError("an order needs 'do' (an action name) or 'answer'")
    unit = data.get("unit")
    if unit is not None and not isinstance(unit, str):
        raise ValueError(f"'unit' must be a string, got {unit!r}")
    args = tuple((k, _freeze(v)) for k, v in data.items() if k not in ("do", "unit"))
    return Order(do, unit, args)


def command_to_dict(cmd: Command) -> dict[str, Any]:
    if isinstance(cmd, Answer):
        out: dict[str, Any] = {"answer": _thaw(cmd.value)}
        if cmd.by_default:
            out["default"] = True
        return out
    out = {}
    if cmd.unit is not None:
        out["unit"] = cmd.unit
    out["do"] = cmd.do
    for k, v in cmd.args:
        out[k] = _thaw(v)
    return out

"""Decisions: a rule that needs a player's choice mid-action yields an :class:`Ask`; the engine
stops with a pending ``decision_requested`` event, and the next command must be an
:class:`~game.core.commands.Answer`. ``default`` is what headless play and the AI take when no
answer is given; every ruleset documents its defaults in its rules reference."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.scenario import show_value

#: an answer made of models picked in order (a list of names)
PICK_MODELS = "models"
#: an answer that is a point on the table ([x, y] in inches)
PICK_POINT = "point"


@dataclass(frozen=True, slots=True)
class Ask:
    kind: str
    question: str
    options: tuple[Any, ...]
    default: Any
    model: str | None = None
    side: int | None = None
    # For open answers (a point, a number in a range): returns an error text or None.
    check: Callable[[Any], str | None] | None = field(default=None, compare=False)
    #: how a player may give an open answer by clicking (the window; headless play ignores
    #: it): :data:`PICK_MODELS` (``count`` models, in order, from ``choices``; one may be
    #: picked again) or :data:`PICK_POINT` (a point on the table); empty: the options are
    #: the choices, or the answer is typed
    pick: str = ""
    choices: tuple[str, ...] = ()
    count: int = 0

    def problem(self, answer: Any) -> str | None:
        if self.check is not None:
            return self.check(answer)
        if self.options and answer not in self.options:
            # (each as a scenario file writes it: true, "hold", 3)
            opts = ", ".join(show_value(o) for o in self.options)
            return f"{show_value(answer)} is not one of the choices ({opts})"
        return None

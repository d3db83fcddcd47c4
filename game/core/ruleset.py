"""What a rule system provides to the engine, and the registry that finds one by id.

A ruleset turns a validated scenario into the starting :class:`~game.core.state.GameState`,
and handles commands as generators: each ``yield`` gives the engine an event (applied to the
state at once, so the generator sees its effect) or an :class:`~game.core.decisions.Ask`
(the engine pauses until the answer arrives, which the ``yield`` then returns). A ruleset
refuses a command by raising :class:`~game.core.errors.Refused` before yielding anything.
"""

from __future__ import annotations

import importlib
from collections.abc import Generator
from typing import TYPE_CHECKING, Any, Protocol

from game.core import events as ev
from game.core.commands import Command
from game.core.decisions import Ask

if TYPE_CHECKING:
    from game.core.engine import Context
    from game.core.scenario import Scenario
    from game.core.state import GameState

Step = Generator[ev.Event | Ask, Any, Any]


class Ruleset(Protocol):
    id: str
    #: stat keys with their allowed (low, high) range, for scenario validation
    profile: dict[str, tuple[int, int]]

    def check_unit(self, unit: dict[str, Any], where: str) -> None:
        """Raise ``ValueError`` (message without the location) for a unit the ruleset cannot
        use: unknown rule, keyword, base, stat out of range..."""

    def initial_state(self, scenario: Scenario, seed: int) -> GameState: ...

    def start(self, ctx: Context) -> Step:
        """Events at the start of the game (after ``game_started``)."""

    def handle(self, ctx: Context, cmd: Command) -> Step: ...

    def finish(self, ctx: Context) -> Step:
        """The orders have run out: close the current activation."""

    def unit_result(self, state: GameState, unit: str) -> dict[str, Any]: ...

    def describe(self, state: GameState, event: ev.Event) -> str | None:
        """A line for the dice and rules log, or None for events not worth a line."""


RULESET_MODULES = {
    "skirmish-d10": "game.rulesets.skirmish_d10",
    "trench-crusade": "game.rulesets.trench_crusade",
    "old-world": "game.rulesets.old_world",
    "ninth-age": "game.rulesets.ninth_age",
}


def known_rulesets() -> list[str]:
    return list(RULESET_MODULES)


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset registered under ``ruleset_id``. Raises ``KeyError`` for an unknown id and
    ``NotImplementedError`` for one that is planned but not yet built."""
    module = RULESET_MODULES.get(ruleset_id)
    if module is None:
        raise KeyError(ruleset_id)
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            raise NotImplementedError(ruleset_id) from None
        raise
    return mod.RULESET

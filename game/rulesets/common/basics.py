"""Small pieces every ruleset needs the same way: the models a scenario places and the
starting state built from them, and reading an [x, y] point from an order."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.core.commands import Order
from game.core.errors import Refused
from game.core.ruleset import Ruleset
from game.core.scenario import Scenario, UnitSpec, numbered
from game.core.state import GameState, Model, Unit, handlers_for


def starting_models(
    scenario: Scenario, values: Callable[[UnitSpec], dict[str, Any]]
) -> tuple[dict[str, Model], dict[str, Unit]]:
    """The scenario's models, by name, where it places them, and the model names of each unit.
    ``values(unit)`` gives the ruleset's fields of the unit's models (stats, rules...). A name
    the scenario gives more than one model is displayed with its number in the scenario's
    order, so that a player can tell them apart in the log: the two models of a unit of
    Pikemen are "Pikeman 1" and "Pikeman 2", and so are two one-model units both named
    "Pikeman" (units are named by :meth:`Scenario.unit_displays`)."""
    models: dict[str, Model] = {}
    units: dict[str, Unit] = {}
    unit_names = scenario.unit_displays()
    shown = iter(numbered([u.name for u in scenario.units for _ in u.placements]))
    for u in scenario.units:
        names = u.model_names()
        units[u.id] = Unit(u.id, u.side, unit_names[u.id], tuple(names))
        fields = values(u)
        for n, (x, y, f) in zip(names, u.placements):
            models[n] = Model(
                name=n, unit=u.id, side=u.side, x=x, y=y, facing=f % 360, base=u.base,
                display=next(shown), **fields,
            )
    return models, units


def starting_state(
    scenario: Scenario, ruleset: Ruleset, models: dict[str, Model], units: dict[str, Unit],
    seed: int,
) -> GameState:
    """The state before the first event: the scenario's table, terrain, sides and length with
    the ruleset's models and units, folding events with the ruleset's state changes."""
    return GameState(
        scenario=scenario.name, ruleset=ruleset.id, table=scenario.table,
        terrain=scenario.terrain, models=models, units=units,
        first_side=scenario.first_side, max_turns=scenario.turns, seed=seed,
        handlers=handlers_for(ruleset.reducers()),
    )


def order_point(cmd: Order, key: str) -> tuple[float, float]:
    """The ``[x, y]`` point in inches given as ``key`` in an order; refused (``bad_order``)
    when it is missing or not two finite numbers."""
    p: Any = cmd.arg(key)
    if not (isinstance(p, list | tuple) and len(p) == 2 and all(
        isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v) for v in p
    )):
        raise Refused("bad_order", f'"{key}" must be an [x, y] point in inches, got {p!r}')
    return float(p[0]), float(p[1])

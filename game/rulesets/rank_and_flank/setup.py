"""Setting up units in formation from a scenario: where their models stand, the checks every
rank-and-flank ruleset makes of a unit's formation keys, and the starting state (models laid
out rank by rank, characters in the front rank of the unit they join).

A ruleset checks its own profile keys and passes what it keeps of each unit (its profile, the
stats its models carry) to :func:`build_state`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.core.scenario import Scenario, UnitSpec
from game.core.state import Formation, GameState, Handler, Model, Unit, handlers_for
from game.geometry.bases import parse_base
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import layout
from game.rulesets.rank_and_flank import units as RF
from game.rulesets.rank_and_flank import victory as V
from game.rulesets.rank_and_flank.shooting import weapon_label

DEFAULT_FILES = 5
#: game turns of a battle whose scenario gives no ``turns``: both games are played over six
DEFAULT_TURNS = 6


def show(v: Any) -> str:
    """A value as a player wrote it, for messages."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return f'"{v}"' if isinstance(v, str) else repr(v)


def whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_formation_keys(unit: dict[str, Any], command: tuple[str, ...]) -> None:
    """The checks of a unit in formation every rank-and-flank ruleset makes: a rectangular
    base, no ``positions``, no more files than models, a character joins alone, a valid
    ``command`` list. Raises ValueError naming the field."""
    command_list = unit.get("command", [])
    if not isinstance(command_list, list):
        raise ValueError(f"command must be a list, got {show(command_list)}")
    for j, c in enumerate(command_list):
        if not isinstance(c, str) or c.strip().lower() not in command:
            raise ValueError(f"command[{j}] must be one of: {', '.join(command)}; got {show(c)}")
    if "positions" in unit:
        raise ValueError("positions is not used by units in formation: a unit stands in "
                         "formation (x, y, facing, files)")
    base = unit.get("base", "25x25")
    shape = parse_base(base, {})
    if shape.is_round:
        raise ValueError(f"base {base!r}: units in formation stand on rectangular bases (\"WxD\" in mm)")
    models = unit.get("models", 1)
    files = unit.get("files")
    if files is not None and whole(models) and files > models:
        raise ValueError(f"files is {files} but the unit has only {models} models")
    if "joins" in unit and models != 1:
        raise ValueError(f"joins: only a character (a unit of one model) joins a unit; "
                         f"this unit has {models} models")
    points = unit.get("points", 0)
    if not (whole(points) and points >= 0):
        raise ValueError(f"points must be a whole number from 0 (what the unit costs in its "
                         f"army list), got {show(points)}")


def placements(unit: dict[str, Any], x: float, y: float, facing: float,
               default_files: int = DEFAULT_FILES) -> list[tuple[float, float, float]] | None:
    """The models of a unit in formation, centred on its Unit Boundary's centre ``x``, ``y``
    (None for a base that is no base: the scenario check then says what is wrong with it;
    this runs before the unit's own checks)."""
    models = unit.get("models", 1)
    files = unit.get("files") or min(models, default_files)
    try:
        shape = parse_base(unit.get("base", "25x25"), {})
    except (ValueError, TypeError):
        return None
    f = Formation(x, y, facing, files)
    return [(px, py, facing) for px, py in layout.positions(f, models, shape.width, shape.depth)]


def build_state(ruleset: Any, scenario: Scenario, seed: int,
                stats_of: Callable[[UnitSpec], dict[str, Any]],
                reducers: Mapping[Any, Handler], default_files: int = DEFAULT_FILES) -> GameState:
    """The starting state of a battle of units in formation: every model of a unit laid out
    in its ranks (``stats_of`` gives the stats its models carry), characters placed in the
    front rank of the unit they join with that unit's front edge kept where the file put it.
    The ruleset adds its own book (profiles) afterwards."""
    models: dict[str, Model] = {}
    units: dict[str, Unit] = {}
    unit_names = scenario.unit_displays()
    for u in scenario.units:
        names = u.model_names()
        stats: dict[str, tuple[int, ...]] = {k: (v,) for k, v in stats_of(u).items()}
        rules = tuple(u.rules)
        keywords = frozenset(k.lower() for k in u.keywords)
        for n, (x, y, fac) in zip(names, u.placements):
            display = unit_names[u.id]  # (a model in the ranks is its unit to a player)
            models[n] = Model(name=n, unit=u.id, side=u.side, x=x, y=y, facing=fac % 360,
                              base=u.raw.get("base", ruleset.default_base), stats=stats,
                              rules=rules, keywords=keywords, display=display,
                              weapons=tuple(weapon_label(w) for w in u.raw.get("weapons", [])))
        files = min(u.files or min(len(names), default_files), len(names))
        raw = u.raw
        formation = None
        if u.joins is None:
            formation = Formation(float(raw["x"]), float(raw["y"]),
                                  float(raw.get("facing", 0.0)) % 360, files)
        flags = {"joined": ("game", u.joins)} if u.joins else {}
        units[u.id] = Unit(u.id, u.side, unit_names[u.id], tuple(names), flags=flags, formation=formation)
    state = GameState(
        scenario=scenario.name, ruleset=ruleset.id, table=scenario.table,
        terrain=scenario.terrain, models=models, units=units,
        first_side=scenario.first_side,
        max_turns=scenario.turns if scenario.turns is not None else DEFAULT_TURNS, seed=seed,
        handlers=handlers_for(reducers),
    )
    state.flow = F.Phases(scenario.first_side)
    state.book[V.BOOK] = {u.id: V.book_entry(u.raw.get("points", 0), u.keywords,
                                             u.raw.get("command", [])) for u in scenario.units}
    for uid, unit in list(state.units.items()):
        f = unit.formation
        if f is None:
            continue
        own = len(unit.models)
        chars = sum(len(state.units[c].models) for c in RF.characters_in(state, uid))
        if chars:  # the characters join the front rank: its front edge stays put
            d = RF.base_inches(state.models[unit.models[0]].base)[1]
            grown = layout.recentre_for(f, own + chars, own, d)
            back = Formation(2 * f.x - grown.x, 2 * f.y - grown.y, f.facing, f.files)
            state.units[uid] = Unit(unit.id, unit.side, unit.display, unit.models,
                                    flags=unit.flags, formation=back)
        RF.relayout(state, uid)
    return state


__all__ = ["DEFAULT_FILES", "DEFAULT_TURNS", "build_state", "check_formation_keys", "placements", "show", "whole"]

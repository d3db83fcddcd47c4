"""What the editor draws: the scenario being edited as a game state at its start (the
ruleset lays out its own units, as at the start of a game), which unit of the file each model
belongs to, and the outline of each unit. No pygame here."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from game.core.log import player_text
from game.core.ruleset import Ruleset
from game.core.state import GameState, Terrain, handlers_for
from game.geometry.bases import footprint, parse_base
from game.ui.editor.document import EditDoc


@dataclass
class View:
    """The state to draw, and for each model the index of its unit in the file's list and
    its own index in the unit."""

    state: GameState
    owner: dict[str, tuple[int, int]] = field(default_factory=dict)

    def models_of(self, unit: int) -> list[str]:
        return [n for n, (u, _) in self.owner.items() if u == unit]


def build_view(doc: EditDoc) -> View:
    """The scenario drawn as it starts: every unit whose own checks pass (or its stand-in
    while a field is half typed), wherever it stands."""
    review = doc.review()
    sc = review.partial
    rs = doc.ruleset
    if sc is None:
        return View(_empty(doc, rs))
    state = None
    for units in (sc.units, [u for u in sc.units if u.joins is None]):
        sc.units = units
        try:
            state = rs.initial_state(sc, 0)
            break
        except Exception:  # noqa: BLE001 - a half-made scenario draws what it can
            state = None
    if state is None:
        return View(_empty(doc, rs, sc.terrain))
    index = {u.get("id"): i for i, u in enumerate(doc.units()) if isinstance(u, dict)}
    owner: dict[str, tuple[int, int]] = {}
    for spec in sc.units:
        i = index.get(spec.id)
        if i is None:
            continue
        for k, name in enumerate(spec.model_names()):
            if name in state.models:
                owner[name] = (i, k)
    return View(state, owner)


def _empty(doc: EditDoc, rs: Ruleset, terrain: tuple[Terrain, ...] = ()) -> GameState:
    return GameState(scenario=doc.name, ruleset=rs.id, table=doc.table(), terrain=terrain,
                     models={}, units={}, handlers=handlers_for(rs.reducers()))


def moved(view: View, models: list[str], dx: float, dy: float, turn: float = 0.0,
          about: tuple[float, float] | None = None) -> GameState:
    """A copy of the state with ``models`` shifted by ``dx``, ``dy`` and turned by ``turn``
    degrees about ``about`` (what a drag shows before it is let go)."""
    s = view.state.copy()
    s.models = dict(s.models)
    cx, cy = about if about is not None else (0.0, 0.0)
    rad = math.radians(turn)
    c, sn = math.cos(rad), math.sin(rad)
    for n in models:
        m = s.models[n]
        x, y = m.x - cx, m.y - cy
        if turn:
            x, y = x * c - y * sn, x * sn + y * c
        s.models[n] = replace(m, x=cx + x + dx, y=cy + y + dy, facing=(m.facing + turn) % 360)
    s.derived = {}
    return s


def outline(state: GameState, models: list[str], sizes: Mapping[str, tuple[float, float]]) -> list[tuple[float, float]]:
    """The outline around ``models``: the rectangle square to the first model's facing that
    holds every base (a unit in formation), or the one base's own outline."""
    ms = [state.models[n] for n in models if n in state.models]
    if not ms:
        return []
    f = ms[0].facing
    polys = [footprint(parse_base(m.base, sizes), m.x, m.y, m.facing) for m in ms]
    if len(ms) == 1:
        return [(float(x), float(y)) for x, y in list(polys[0].exterior.coords)[:-1]]
    rad = math.radians(f)
    ux, uy = math.cos(rad), math.sin(rad)  # the unit's right
    fx, fy = math.sin(rad), -math.cos(rad)  # its front
    pts = [(x, y) for p in polys for x, y in p.exterior.coords]
    across = [x * ux + y * uy for x, y in pts]
    ahead = [x * fx + y * fy for x, y in pts]
    a0, a1, b0, b1 = min(across), max(across), min(ahead), max(ahead)
    return [(a * ux + b * fx, a * uy + b * fy) for a, b in ((a0, b1), (a1, b1), (a1, b0), (a0, b0))]


def front_point(state: GameState, models: list[str], sizes: Mapping[str, tuple[float, float]], reach: float
                ) -> tuple[float, float, float] | None:
    """Where the turning handle of a unit goes: ``reach`` inches ahead of the middle of its
    front edge; with the unit's centre facing (x, y, facing)."""
    box = outline(state, models, sizes)
    if not box:
        return None
    f = state.models[models[0]].facing
    fx, fy = math.sin(math.radians(f)), -math.cos(math.radians(f))
    cx = sum(x for x, _ in box) / len(box)
    cy = sum(y for _, y in box) / len(box)
    ahead = max((x - cx) * fx + (y - cy) * fy for x, y in box)
    d = ahead + reach
    return cx + fx * d, cy + fy * d, f


_WHERE = re.compile(r"\s*\((?:units|terrain)\[\d+\][^)]*\)")


def plain(state: GameState, reason: str) -> str:
    """A problem in players' words, for the table and the status line: names for ids, and
    no pointer into the file ("(units[0] "spears")") — the form shows the file's own words."""
    return player_text(state, _WHERE.sub("", reason))

"""The table seen by a ruleset: model footprints, contacts and distances, computed from the
state with the shared geometry package. Footprints are kept by `footprint` itself (by place)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import lru_cache

from shapely.geometry import Polygon

from game.core.state import GameState, Model
from game.geometry.bases import CONTACT_TOL, BaseShape, footprint, parse_base
from game.geometry.contact import contact_side, distance, in_contact

#: where a base stands: (base, x, y, facing), all a footprint depends on (for one table)
Place = tuple[str, float, float, float]


def place_of(m: Model) -> Place:
    return (m.base, m.x, m.y, m.facing)


@lru_cache(maxsize=256)
def shape_of(base: str, named_key: tuple[tuple[str, tuple[float, float]], ...]) -> BaseShape:
    return parse_base(base, dict(named_key))


class Table:
    """Geometry queries over a state for one ruleset's named base sizes."""

    def __init__(self, base_sizes: Mapping[str, tuple[float, float]]) -> None:
        self._named = tuple(sorted(base_sizes.items()))
        self._contact: dict[tuple[Place, Place], bool] = {}
        self._bounds: dict[str, float] = {}

    def shape(self, m: Model) -> BaseShape:
        return shape_of(m.base, self._named)

    def poly(self, m: Model) -> Polygon:
        return self.poly_at(place_of(m))

    def poly_at(self, place: Place) -> Polygon:
        """The footprint of a base standing at ``place`` (base, x, y, facing), as ``footprint``
        keeps it."""
        return footprint(shape_of(place[0], self._named), place[1], place[2], place[3])

    def in_contact(self, a: Model, b: Model) -> bool:
        ka, kb = place_of(a), place_of(b)
        key = (ka, kb) if ka <= kb else (kb, ka)
        got = self._contact.get(key)
        if got is None:
            if len(self._contact) > 50000:
                self._contact.clear()
            got = self._contact[key] = bool(in_contact(self.poly_at(ka), self.poly_at(kb)))
        return got

    def distance(self, a: Model, b: Model) -> float:
        return float(distance(self.poly(a), self.poly(b)))

    def side_of(self, m: Model, other: Model) -> str | None:
        """Which side of ``m``'s base touches ``other``."""
        return contact_side(self.shape(m), m.x, m.y, m.facing, self.poly(other))

    def bound(self, m: Model) -> float:
        """The radius of the smallest circle round ``m``'s base, whatever its facing: no
        part of the base lies further from its centre."""
        got = self._bounds.get(m.base)
        if got is None:
            shape = self.shape(m)
            got = self._bounds[m.base] = (shape.radius if shape.is_round
                                          else math.hypot(shape.width, shape.depth) / 2.0)
        return got

    def touching(self, state: GameState, m: Model, candidates: Iterable[Model] | None = None,
                 enemies_only: bool = False, friends_only: bool = False) -> list[Model]:
        """Models on the table in B2B with ``m``, in the state's model order. (Models whose
        centres are too far apart for their bases to meet are passed over without measuring
        their outlines: with thousands of models, measuring every pair was most of the
        work.)"""
        pool = state.models.values() if candidates is None else candidates
        out = []
        mx, my, mr = m.x, m.y, self.bound(m) + CONTACT_TOL
        for o in pool:
            if o.name == m.name or not o.on_table:
                continue
            if enemies_only and o.side == m.side:
                continue
            if friends_only and o.side != m.side:
                continue
            far = mr + self.bound(o) + CONTACT_TOL
            if abs(o.x - mx) > far or abs(o.y - my) > far:
                continue
            if self.in_contact(m, o):
                out.append(o)
        return out

    def others(self, state: GameState, exclude: Iterable[str] = ()) -> dict[str, Polygon]:
        skip = set(exclude)
        return {n: self.poly(o) for n, o in state.models.items() if o.on_table and n not in skip}

    @staticmethod
    def obstacles(state: GameState, kinds: tuple[str, ...] = ("obstacle", "impassable")) -> dict[str, Polygon]:
        return {t.id: terrain_outline(t.polygon) for t in state.terrain if t.kind in kinds}


@lru_cache(maxsize=1024)
def terrain_outline(points: tuple[tuple[float, float], ...]) -> Polygon:
    """A terrain piece's outline, built once for its points (a shapely outline is dear to
    build, and every move, charge path and sight line asks for the terrain's; do not change
    it)."""
    return Polygon(points)

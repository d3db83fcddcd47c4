"""The nearest of many points, for questions asked over a whole army (how far each model is
from its nearest enemy): a plain loop for the small battles most games are, a search tree for
the huge ones, where a loop over every pair (2,000 models: four million) would take seconds.
Both give the same distances: the tree only says which point is nearest."""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]

#: pairs of points up to which the plain loop is quicker than building a tree
SMALL = 4096


def nearest_distances(points: Sequence[Point], others: Sequence[Point]) -> list[float]:
    """For each of ``points``, in order, the distance to the nearest of ``others`` (infinity
    when there are none)."""
    if not others:
        return [math.inf] * len(points)
    if len(points) * len(others) <= SMALL:
        return [min(math.hypot(x - ox, y - oy) for ox, oy in others) for x, y in points]
    return _near(tuple(others)).distances(points)


class _Nearest:
    """A search tree over one set of points, and the answers it has given: asked again
    about the same places (the AI asks about positions that mostly did not change), it
    answers at once."""

    def __init__(self, others: tuple[Point, ...]) -> None:
        import shapely

        self.others = others
        self.tree = shapely.STRtree(shapely.points(others))
        self.known: dict[Point, float] = {}

    def distances(self, points: Sequence[Point]) -> list[float]:
        import shapely

        known = self.known
        ask = [p for p in dict.fromkeys(points) if p not in known]
        if ask:
            if len(known) > 50 * len(self.others):
                known.clear()
            found = self.tree.query_nearest(shapely.points(ask), all_matches=False)
            for i, j in zip(found[0].tolist(), found[1].tolist()):
                (x, y), (ox, oy) = ask[i], self.others[j]
                known[ask[i]] = math.hypot(x - ox, y - oy)
        return [known[p] for p in points]


_LAST: list[_Nearest] = []  # the tree of the points asked about last (one per process)


def _near(others: tuple[Point, ...]) -> _Nearest:
    got = _LAST[0] if _LAST else None
    if got is None or got.others != others:
        got = _Nearest(others)
        _LAST[:] = [got]
    return got

"""Where the models of a unit in formation stand: ranks of ``files`` models side by side,
filled front to back, only the rear rank short (and centred), models numbered rank by rank
from the front-left as the unit sees it. Pure arithmetic on the unit's :class:`Formation`.

>>> [tuple(round(v, 3) for v in p) for p in slots(3, 4, 1.0, 1.0)]
[(-1.0, -0.5), (0.0, -0.5), (1.0, -0.5), (0.0, 0.5)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.core.state import Formation


def ranks_of(models: int, files: int) -> int:
    """How many ranks ``models`` models make ``files`` wide."""
    return max(1, math.ceil(models / max(1, files))) if models else 0


def slots(files: int, models: int, w: float, d: float) -> list[tuple[float, float]]:
    """Each model's offset from the centre of the Unit Boundary, in the unit's own frame:
    (across to the right, back toward the rear), in model order."""
    files = max(1, min(files, models)) if models else max(1, files)
    ranks = ranks_of(models, files)
    out = []
    for k in range(models):
        rank, file = divmod(k, files)
        in_rank = files if rank < ranks - 1 else models - files * (ranks - 1)
        across = (file - (in_rank - 1) / 2) * w
        back = (rank - (ranks - 1) / 2) * d
        out.append((across, back))
    return out


def to_table(f: Formation, offsets: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Offsets in the unit's frame turned into table positions."""
    rad = math.radians(f.facing)
    fx, fy = math.sin(rad), -math.cos(rad)  # forward
    rx, ry = math.cos(rad), math.sin(rad)  # to the right
    return [(f.x + a * rx - b * fx, f.y + a * ry - b * fy) for a, b in offsets]


def positions(f: Formation, models: int, w: float, d: float) -> list[tuple[float, float]]:
    """The table position of every model of a unit of ``models`` models in formation ``f``."""
    return to_table(f, slots(f.files, models, w, d))


def front_centre(f: Formation, models: int, d: float) -> tuple[float, float]:
    """The middle of the unit's front edge."""
    half = ranks_of(models, f.files) * d / 2
    rad = math.radians(f.facing)
    return f.x + half * math.sin(rad), f.y - half * math.cos(rad)


def recentre_for(old: Formation, old_models: int, new_models: int, d: float) -> Formation:
    """The formation after the unit shrinks from ``old_models`` to ``new_models`` (casualties
    from the rear rank): the front edge stays where it is, the boundary loses depth."""
    files = min(old.files, new_models) if new_models else old.files
    old_depth = ranks_of(old_models, old.files) * d
    new_depth = ranks_of(new_models, files) * d if new_models else 0.0
    shift = (old_depth - new_depth) / 2  # the centre moves forward by half the lost depth
    rad = math.radians(old.facing)
    return Formation(old.x + shift * math.sin(rad), old.y - shift * math.cos(rad), old.facing,
                     files)

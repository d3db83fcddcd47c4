"""Base Size: the named size class of a model's base, for the rules that compare sizes
(Bludgeon; also usable by Reach and Trample).

The named sizes of :data:`~game.rulesets.skirmish_d10.constants.BASE_SIZES` are ordered
smallest first (standard < cavalry < large < giant). A base given by name has that size. A
base given in millimetres (``"WxD"`` or a round ``"rD"``) takes the named size whose footprint
area is closest to its own area (a round base's area is that of its circle); when two named
sizes are equally close, the smaller one is taken. So ``25x25`` and ``r32`` are standard,
``r40`` and ``40x40`` cavalry, ``r50`` and ``60x60`` large, ``r80`` and ``100x100`` giant.
"""

from __future__ import annotations

import math
from functools import lru_cache

from game.core.state import Model
from game.geometry.bases import MM_PER_INCH, parse_base
from game.rulesets.skirmish_d10 import constants as K

#: the named sizes, smallest first
ORDER: tuple[str, ...] = tuple(K.BASE_SIZES)


@lru_cache(maxsize=256)
def size_of_base(base: str) -> str:
    """The named Base Size of a base as written in a scenario (``"large"``, ``"40x40"``,
    ``"r32"``)."""
    shape = parse_base(base, K.BASE_SIZES)
    if shape.label in K.BASE_SIZES:
        return shape.label
    w, d = shape.width * MM_PER_INCH, shape.depth * MM_PER_INCH
    area = math.pi * w * w / 4.0 if shape.is_round else w * d
    best = ORDER[0]
    best_gap = math.inf
    for name in ORDER:
        fw, fd = K.BASE_SIZES[name]
        gap = abs(fw * fd - area)
        if gap < best_gap - 1e-9:
            best, best_gap = name, gap
    return best


def base_size(m: Model) -> str:
    """The named Base Size of the model's base."""
    return size_of_base(m.base)


def size_rank(m: Model) -> int:
    """0 for standard, 1 for cavalry, 2 for large, 3 for giant."""
    return ORDER.index(base_size(m))


def compare_sizes(a: Model, b: Model) -> int:
    """-1 when ``a`` has a smaller Base Size than ``b``, 0 when the same, 1 when larger."""
    ra, rb = size_rank(a), size_rank(b)
    return (ra > rb) - (ra < rb)

"""Units in formation: the Unit Boundary, its facings and arcs, and which models touch.

A unit in formation (the rank-and-flank rulesets) is a :class:`Block`: ``files`` models side
by side in each rank, ranks filled front to back, only the rear rank short and centred.  The
**Unit Boundary** is the rectangle ``files * base_w`` wide and ``ranks * base_d`` deep around
all of them; ``x, y`` is its centre and ``facing`` the direction its front rank faces.

Conventions (the same as :mod:`game.geometry.bases`): inches, table origin top-left, y down,
facings in degrees clockwise from "up".  "Left" and "right" are as seen by the unit.

* Corners run clockwise: front-left, front-right, rear-right, rear-left.  The four sides (the
  **facings**) are ``front`` (front-left to front-right), ``right``, ``rear`` and ``left``,
  each a segment running clockwise round the boundary.
* Models are numbered 1..n rank by rank from the front-left.  In a short rear rank the models
  are centred, so they may sit half a base off the files of the full ranks.
* Casualties leave the rear rank: :meth:`Block.with_models` keeps the front edge where it is
  and the boundary shrinks from the rear.
* **Arcs**: from each corner a ray runs outward along the corner's diagonal, at 135 degrees to
  both sides that meet there.  The rays split the table into the front, right, rear and left
  arcs.  :func:`arc_of_point` extends the rays inside the boundary along its medial axis, so
  every point of the table is in exactly one arc (a point inside goes with the nearest
  side); a point exactly on a ray belongs to the front or rear arc.
* **Touching a facing**: the stretch of a side lying within ``tol`` of the other outline
  (:func:`contact_stretch`).  A facing counts as touched when that stretch is at least
  :data:`MIN_STRETCH` long.  A corner against a corner, or a corner against a side at more than
  about 11 degrees, touches a shorter stretch: that is **corner contact**, which touches no
  facing (:func:`touched_facing` gives None); :func:`contact_facing` then falls back on the arc
  the other unit's centre lies in.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal, TypeAlias

import numpy as np
import shapely
from shapely import LineString, Polygon

from .bases import (
    CONTACT_TOL,
    BaseShape,
    facing_vector,
    footprints,
    normalize_facing,
    parse_base,
)
from .contact import convex_parts, in_contact, overlaps

__all__ = [
    "FACINGS",
    "MIN_STRETCH",
    "Block",
    "Engagement",
    "Facing",
    "Point",
    "arc_of_point",
    "arc_polygon",
    "contact_facing",
    "contact_stretch",
    "engagement",
    "facing_for_charge",
    "facing_name",
    "in_arc",
    "in_front_arc",
    "make_block",
    "models_behind",
    "models_touching",
    "outline",
    "row_models",
    "touched_facing",
]

Point: TypeAlias = tuple[float, float]
Facing: TypeAlias = Literal["front", "right", "rear", "left"]

FACINGS: tuple[Facing, Facing, Facing, Facing] = ("front", "right", "rear", "left")
"""The four facings (sides of a Unit Boundary), clockwise from the front."""

MIN_STRETCH = 0.05
"""Shortest stretch (inches) of a side that must touch another outline to touch that facing."""

_FACING_WORDS: dict[str, str] = {
    "front": "front",
    "right": "right flank",
    "rear": "rear",
    "left": "left flank",
}

_EPS = 1e-9


def facing_name(facing: str) -> str:
    """The facing as a player reads it: front, right flank, rear or left flank."""
    return _FACING_WORDS[facing]


# --------------------------------------------------------------------------- the block


@dataclass(frozen=True)
class Block:
    """A unit in formation: where its Unit Boundary stands and how its models fill it.

    ``x, y``: centre of the boundary (inches); ``facing``: degrees clockwise from up (kept in
    [0, 360)); ``files``: models in each full rank; ``models``: models in the unit;
    ``base_w`` x ``base_d``: one model's base, frontage x depth in inches.  Ranks are derived.
    Invalid numbers raise :class:`ValueError`.
    """

    x: float
    y: float
    facing: float
    files: int
    models: int
    base_w: float
    base_d: float

    def __post_init__(self) -> None:
        x, y, facing, files, models = self.x, self.y, self.facing, self.files, self.models
        w, d = self.base_w, self.base_d
        if (type(x) is float and type(y) is float and type(facing) is float
                and type(w) is float and type(d) is float
                and type(files) is int and type(models) is int
                and math.isfinite(x) and math.isfinite(y) and math.isfinite(facing)
                and math.isfinite(w) and math.isfinite(d)
                and models >= 1 and 1 <= files <= models and w > 0.0 and d > 0.0):
            # the common case, plain valid numbers (blocks are made in hot loops): only the
            # facing needs bringing into [0, 360)
            object.__setattr__(self, "facing", normalize_facing(facing))
            return
        for name in ("x", "y", "facing", "base_w", "base_d"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise ValueError(f"{name} must be a number, got {value!r}")
            if not math.isfinite(value):
                raise ValueError(f"{name} must be a finite number, got {value!r}")
        for name in ("files", "models"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise ValueError(f"{name} must be a whole number, got {value!r}")
            object.__setattr__(self, name, int(value))
        if self.models < 1:
            raise ValueError(f"a unit in formation needs at least 1 model, got {self.models}")
        if not 1 <= self.files <= self.models:
            raise ValueError(
                f"files must be from 1 to the number of models ({self.models}), got {self.files}"
            )
        if self.base_w <= 0.0 or self.base_d <= 0.0:
            raise ValueError("base sizes must be positive")
        object.__setattr__(self, "x", float(self.x))
        object.__setattr__(self, "y", float(self.y))
        object.__setattr__(self, "facing", normalize_facing(self.facing))
        object.__setattr__(self, "base_w", float(self.base_w))
        object.__setattr__(self, "base_d", float(self.base_d))

    # ----------------------------------------------------------------- sizes

    @property
    def ranks(self) -> int:
        """Number of ranks: models / files, rounded up."""
        return -(-self.models // self.files)

    @property
    def rear_count(self) -> int:
        """Models in the rear rank (equal to ``files`` when it is full)."""
        return self.models - self.files * (self.ranks - 1)

    @property
    def width(self) -> float:
        """Frontage of the Unit Boundary: files x base frontage."""
        return self.files * self.base_w

    @property
    def depth(self) -> float:
        """Depth of the Unit Boundary: ranks x base depth."""
        return self.ranks * self.base_d

    @property
    def centre(self) -> Point:
        """Centre of the Unit Boundary."""
        return (self.x, self.y)

    @property
    def base(self) -> BaseShape:
        """One model's base as a rect :class:`~game.geometry.bases.BaseShape`."""
        return BaseShape("rect", self.base_w, self.base_d, "formation")

    # ----------------------------------------------------------------- directions

    @cached_property
    def forward(self) -> Point:
        """Unit vector the unit faces."""
        return facing_vector(self.facing)

    @property
    def right(self) -> Point:
        """Unit vector to the unit's right (its facing turned 90 degrees clockwise)."""
        fx, fy = self.forward
        return (-fy, fx)

    def normal(self, facing: str) -> Point:
        """Unit vector pointing straight out of one facing of the boundary."""
        fx, fy = self.forward
        return {
            "front": (fx, fy),
            "right": (-fy, fx),
            "rear": (-fx, -fy),
            "left": (fy, -fx),
        }[facing]

    def to_table(self, along: float, across: float) -> Point:
        """Table point ``along`` inches ahead of the centre and ``across`` to its right."""
        fx, fy = self.forward
        return (self.x + along * fx - across * fy, self.y + along * fy + across * fx)

    def local(self, point: Sequence[float]) -> Point:
        """(along, across) of a table point: inches ahead of the centre and to its right."""
        fx, fy = self.forward
        dx, dy = float(point[0]) - self.x, float(point[1]) - self.y
        return (dx * fx + dy * fy, -dx * fy + dy * fx)

    # ----------------------------------------------------------------- outline

    @cached_property
    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Front-left, front-right, rear-right and rear-left corners (clockwise)."""
        hw, hd = self.width / 2.0, self.depth / 2.0
        return (
            self.to_table(hd, -hw),
            self.to_table(hd, hw),
            self.to_table(-hd, hw),
            self.to_table(-hd, -hw),
        )

    @cached_property
    def _planes(self) -> list[tuple[float, float, float]]:
        return _planes_of(self.corners)

    @cached_property
    def polygon(self) -> Polygon:
        """The Unit Boundary as a shapely polygon (vertices in :attr:`corners` order)."""
        return _corners_polygon(self.corners)

    def edge(self, facing: str) -> tuple[Point, Point]:
        """The side of the boundary for a facing, as (start, end) running clockwise."""
        i = FACINGS.index(facing)
        c = self.corners
        return (c[i], c[(i + 1) % 4])

    @property
    def front_edge(self) -> tuple[Point, Point]:
        """Front side, front-left to front-right corner."""
        return self.edge("front")

    @property
    def right_edge(self) -> tuple[Point, Point]:
        """Right side, front-right to rear-right corner."""
        return self.edge("right")

    @property
    def rear_edge(self) -> tuple[Point, Point]:
        """Rear side, rear-right to rear-left corner."""
        return self.edge("rear")

    @property
    def left_edge(self) -> tuple[Point, Point]:
        """Left side, rear-left to front-left corner."""
        return self.edge("left")

    @property
    def front_centre(self) -> Point:
        """Middle of the front edge."""
        return self.to_table(self.depth / 2.0, 0.0)

    # ----------------------------------------------------------------- new blocks

    def with_models(self, models: int) -> Block:
        """The same unit with a new number of models, its front edge left where it is.

        Casualties leave the rear rank, so the boundary loses depth from the rear when a rank
        empties; files shrink only when fewer models than files are left (a lone rank, which
        stays centred on the same front edge).
        """
        files = min(self.files, models)
        probe = Block(self.x, self.y, self.facing, files, models, self.base_w, self.base_d)
        return probe.with_front_centre(self.front_centre)

    def with_front_centre(self, point: Sequence[float]) -> Block:
        """The same formation and facing moved so that its front edge is centred on ``point``."""
        fx, fy = self.forward
        half = self.depth / 2.0
        return Block(
            float(point[0]) - half * fx,
            float(point[1]) - half * fy,
            self.facing,
            self.files,
            self.models,
            self.base_w,
            self.base_d,
        )

    def reformed(self, files: int, facing: float | None = None) -> Block:
        """The unit rearranged into ``files`` files (and a new facing) about its centre."""
        if isinstance(files, bool) or not isinstance(files, int):
            raise ValueError(f"files must be a whole number, got {files!r}")
        if not 1 <= files <= self.models:
            raise ValueError(
                f"a unit of {self.models} models cannot form {files} files "
                f"(from 1 to {self.models})"
            )
        new_facing = self.facing if facing is None else facing
        return Block(self.x, self.y, new_facing, files, self.models, self.base_w, self.base_d)

    def advanced(self, along: float, across: float = 0.0) -> Block:
        """The unit moved ``along`` inches forward and ``across`` inches to its right."""
        x, y = self.to_table(along, across)
        return Block(x, y, self.facing, self.files, self.models, self.base_w, self.base_d)

    def rotated(self, pivot: Sequence[float], degrees: float) -> Block:
        """The unit turned ``degrees`` clockwise about ``pivot`` (a table point)."""
        px, py = float(pivot[0]), float(pivot[1])
        s, c = _sin_cos(degrees)
        dx, dy = self.x - px, self.y - py
        x = px + dx * c - dy * s
        y = py + dx * s + dy * c
        return Block(x, y, self.facing + degrees, self.files, self.models, self.base_w, self.base_d)

    # ----------------------------------------------------------------- models

    def model_slot(self, model: int) -> tuple[int, float]:
        """(rank, column) of model number ``model`` (1-based).

        Ranks count from 0 at the front; columns count in base widths from 0 at the left file,
        so a model of a centred short rear rank may sit on a half column.
        """
        if not 1 <= model <= self.models:
            raise ValueError(f"model {model} is not in a unit of {self.models}")
        k = model - 1
        rank, j = divmod(k, self.files)
        in_rank = self.files if rank < self.ranks - 1 else self.rear_count
        return rank, j + (self.files - in_rank) / 2.0

    @cached_property
    def _slots(self) -> tuple[np.ndarray, np.ndarray]:
        k = np.arange(self.models)
        rank = k // self.files
        in_rank = np.where(rank < self.ranks - 1, self.files, self.rear_count)
        col = (k % self.files) + (self.files - in_rank) / 2.0
        return rank, col

    def model_centres(self) -> np.ndarray:
        """Centres of the models' bases as an (n, 2) array, model 1 first."""
        rank, col = self._slots
        along = self.depth / 2.0 - (rank + 0.5) * self.base_d
        across = (col + 0.5) * self.base_w - self.width / 2.0
        fx, fy = self.forward
        xs = self.x + along * fx - across * fy
        ys = self.y + along * fy + across * fx
        return np.column_stack([xs, ys])

    def model_positions(self) -> list[Point]:
        """Centres of the models' bases as (x, y) pairs, model 1 first."""
        return [(float(a), float(b)) for a, b in self.model_centres()]

    def model_polygons(self) -> list[Polygon]:
        """The models' bases as shapely polygons, model 1 first."""
        xy = self.model_centres()
        return footprints(self.base, xy[:, 0], xy[:, 1], np.full(self.models, self.facing))


@lru_cache(maxsize=4096)
def _corners_polygon(corners: tuple[Point, Point, Point, Point]) -> Polygon:
    # Blocks are remade for every question about a unit (shapely geometries are immutable,
    # so blocks standing in the same place can share one)
    return Polygon(corners)


def make_block(
    x: float,
    y: float,
    facing: float,
    base: BaseShape | str,
    models: int,
    files: int | None = None,
) -> Block:
    """A :class:`Block` from scenario-style values: ``base`` as written (``"25x25"``, mm).

    ``files`` defaults to min(models, 5) and is capped at ``models``.  A round base stands in
    the formation as the square around it.
    """
    shape = parse_base(base) if isinstance(base, str) else base
    nfiles = min(models, 5) if files is None else min(files, models)
    return Block(x, y, facing, nfiles, models, shape.width, shape.depth)


def outline(unit: Block | Polygon) -> Polygon:
    """The shapely outline of a block (its Unit Boundary) or of a polygon given as is."""
    return unit.polygon if isinstance(unit, Block) else unit


def _sin_cos(degrees: float) -> tuple[float, float]:
    """Sine and cosine of a clockwise turn, exact at multiples of 90 degrees."""
    s, minus_c = facing_vector(degrees)
    return s, -minus_c


# --------------------------------------------------------------------------- arcs


def arc_of_point(block: Block, point: Sequence[float]) -> Facing:
    """Which arc of the block a table point is in: "front", "right", "rear" or "left".

    Outside the boundary the arcs are bounded by the corner rays; inside, a point goes with
    the nearest side.  Ties (a point on a ray, up to 1e-9") go to the front or rear arc; a
    point level with the centre goes to the front (and, across, to the right).
    """
    along, across = block.local(point)
    over_across = abs(across) - block.width / 2.0
    over_along = abs(along) - block.depth / 2.0
    if over_along >= over_across - _EPS:
        return "front" if along >= 0.0 else "rear"
    return "right" if across >= 0.0 else "left"


def arc_polygon(block: Block, arc: str, reach: float) -> Polygon:
    """One arc as a polygon, reaching ``reach`` inches out from its side of the boundary.

    The arc proper is unbounded; this trapezoid holds every point of the arc less than
    ``reach`` from the block's centre.  Handy for drawing and for overlap tests.
    """
    hw, hd = block.width / 2.0, block.depth / 2.0
    r = float(reach)
    # (along, across) in the unit's frame for the front arc; the others are the same shape
    # turned with the side they grow from.
    if arc in ("front", "rear"):
        sign = 1.0 if arc == "front" else -1.0
        pts = [
            (sign * hd, -hw),
            (sign * hd, hw),
            (sign * (hd + r), hw + r),
            (sign * (hd + r), -hw - r),
        ]
    elif arc in ("right", "left"):
        sign = 1.0 if arc == "right" else -1.0
        pts = [
            (hd, sign * hw),
            (-hd, sign * hw),
            (-hd - r, sign * (hw + r)),
            (hd + r, sign * (hw + r)),
        ]
    else:
        raise ValueError(f"unknown arc {arc!r}: use front, right, rear or left")
    return Polygon([block.to_table(a, c) for a, c in pts])


def in_arc(block: Block, other: Block | Polygon, arc: str) -> bool:
    """True when ``other`` reaches into that arc: more than the contact tolerance, as for an
    overlap (see :func:`~game.geometry.contact.overlaps`), so a corner on the arc's edge is not
    in it."""
    if isinstance(other, Block):  # (blocks are values: the answer is kept)
        return _block_in_arc(block, other, arc)
    return _in_arc(block, other, arc)


@lru_cache(maxsize=16384)
def _block_in_arc(block: Block, other: Block, arc: str) -> bool:
    return _in_arc(block, other, arc)


def _in_arc(block: Block, other: Block | Polygon, arc: str) -> bool:
    poly = outline(other)
    if poly.is_empty:
        return False
    xy = shapely.get_coordinates(poly)
    reach = float(np.max(np.hypot(xy[:, 0] - block.x, xy[:, 1] - block.y))) + 1.0
    return overlaps(arc_polygon(block, arc, reach), poly)


def in_front_arc(block: Block, other: Block | Polygon) -> bool:
    """True when ``other`` is at least partly inside the block's front arc."""
    return in_arc(block, other, "front")


def facing_for_charge(
    target: Block, charger: Block, by: Literal["centre", "models"] = "centre"
) -> Facing:
    """Which facing of ``target`` a charge from where ``charger`` stands would hit.

    ``by="centre"``: the arc of the target holding the centre of the charger's front edge
    (when that edge crosses one arc boundary, the arc holding the longer part of it).
    ``by="models"``: the arc holding the most centres of the charger's front-rank models;
    a tie goes to the arc worth least to the charger (front, then a flank, then rear), and
    between the two flanks to the centre reading.
    """
    centre_arc = arc_of_point(target, charger.front_centre)
    if by == "centre":
        return centre_arc
    if by != "models":
        raise ValueError(f"unknown reading {by!r}: use centre or models")
    counts = dict.fromkeys(FACINGS, 0)
    for x, y in charger.model_centres()[: charger.files].tolist():
        counts[arc_of_point(target, (x, y))] += 1
    most = max(counts.values())
    tied = [f for f in FACINGS if counts[f] == most]
    for group in (("front",), ("left", "right"), ("rear",)):
        hits = [f for f in tied if f in group]
        if len(hits) == 1:
            return hits[0]
        if hits:
            return centre_arc if centre_arc in hits else hits[0]
    return centre_arc


# --------------------------------------------------------------------------- contact


_Planes: TypeAlias = list[tuple[float, float, float]]


def _planes_of(ring: Sequence[Sequence[float]]) -> _Planes:
    """(nx, ny, c) of each side of a convex ring in positive shoelace order: the outward unit
    normal and its offset, so that the inside is n . p <= c for every side."""
    out = []
    n = len(ring)
    for i in range(n):
        ax, ay = float(ring[i][0]), float(ring[i][1])
        bx, by = float(ring[(i + 1) % n][0]), float(ring[(i + 1) % n][1])
        length = math.hypot(bx - ax, by - ay)
        if length <= 1e-15:
            continue
        nx, ny = (by - ay) / length, -(bx - ax) / length
        out.append((nx, ny, nx * ax + ny * ay))
    return out


def _outline_planes(other: Block | Polygon) -> _Planes | None:
    """Side planes of a block or of a convex polygon; None for any other outline."""
    if isinstance(other, Block):
        return other._planes
    parts = convex_parts(other)
    return _planes_of(parts[0].tolist()) if len(parts) == 1 else None


def _stretch_within(p: Point, q: Point, planes: _Planes, tol: float) -> float:
    """Length of segment p-q inside a convex outline grown by ``tol`` with square corners."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for nx, ny, c in planes:
        num = c + tol - (nx * p[0] + ny * p[1])
        den = nx * dx + ny * dy
        if abs(den) < 1e-15:
            if num < 0.0:
                return 0.0
            continue
        t = num / den
        if den > 0.0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
        if t0 >= t1:
            return 0.0
    return max(0.0, t1 - t0) * math.hypot(dx, dy)


def _stretches(block: Block, other: Block | Polygon, tol: float) -> dict[Facing, float]:
    """:func:`contact_stretch` of all four facings at once."""
    planes = _outline_planes(other)
    if planes is not None:
        return {f: _stretch_within(*block.edge(f), planes, tol) for f in FACINGS}
    grown = outline(other).buffer(tol)
    return {f: float(LineString(block.edge(f)).intersection(grown).length) for f in FACINGS}


def contact_stretch(
    block: Block, facing: str, other: Block | Polygon, tol: float = CONTACT_TOL
) -> float:
    """Length (inches) of one side of the block lying within ``tol`` of another outline.

    For a convex outline the other shape is grown by ``tol`` with square corners (so near a
    corner the reach is up to 0.4 ``tol`` longer than a true distance); any other outline is
    grown with round corners.  Two sides flush against each other give their overlap, plus
    ``tol`` at each end where the other's corner lies on this side.
    """
    p, q = block.edge(facing)
    planes = _outline_planes(other)
    if planes is not None:
        return _stretch_within(p, q, planes, tol)
    return float(LineString([p, q]).intersection(outline(other).buffer(tol)).length)


def _best_facing(stretches: dict[Facing, float], min_stretch: float) -> Facing | None:
    best: Facing | None = None
    best_len = -1.0
    for facing in FACINGS:
        if stretches[facing] > best_len + _EPS:
            best, best_len = facing, stretches[facing]
    return best if best_len >= min_stretch else None


def touched_facing(
    block: Block,
    other: Block | Polygon,
    tol: float = CONTACT_TOL,
    min_stretch: float = MIN_STRETCH,
) -> Facing | None:
    """Which facing of the block another outline touches along a stretch, or None.

    The outlines must be within ``tol``.  The facing with the longest
    :func:`contact_stretch` wins if that stretch is at least ``min_stretch``; level stretches
    (within 1e-9") go by the order front, right, rear, left.  Corner contact gives None.
    """
    if not in_contact(block.polygon, outline(other), tol):
        return None
    return _best_facing(_stretches(block, other, tol), min_stretch)


def contact_facing(block: Block, other: Block | Polygon, tol: float = CONTACT_TOL) -> Facing | None:
    """The facing of the block another unit is fighting against, or None when not touching.

    :func:`touched_facing` when a side is touched along a stretch; for corner contact the arc
    (:func:`arc_of_point`) holding the centre of the other outline.
    """
    touched = touched_facing(block, other, tol)
    if touched is not None:
        return touched
    poly = outline(other)
    if not in_contact(block.polygon, poly, tol):
        return None
    c = poly.centroid
    return arc_of_point(block, (float(c.x), float(c.y)))


def models_touching(block: Block, other: Block | Polygon, tol: float = CONTACT_TOL) -> list[int]:
    """Numbers (1-based) of the block's models whose bases are within ``tol`` of ``other``.

    Corner-to-corner contact counts.  Only bases on the boundary are measured.
    """
    poly = outline(other)
    if not in_contact(block.polygon, poly, tol):
        return []
    return _models_touching(block, poly, tol)


def _models_touching(block: Block, poly: Polygon, tol: float) -> list[int]:
    """Models on the boundary within ``tol`` of ``poly``, measured in the block's own frame
    where every base is an upright rectangle: the smallest distance from the other outline's
    vertices to the bases and from the bases' corners to the other outline's sides, which is
    the distance between two outlines that do not overlap.  Only the outer ring of the other
    outline is used (of its convex hull if it comes in several parts)."""
    rank, col = block._slots
    on_edge = (
        (rank == 0) | (rank == block.ranks - 1) | (col < _EPS) | (col > block.files - 1 - _EPS)
    )
    idx = np.flatnonzero(on_edge)
    # base extents: along (a0..a1, forward positive) and across (c0..c1, right positive)
    a1 = block.depth / 2.0 - rank[idx] * block.base_d
    a0 = a1 - block.base_d
    c0 = col[idx] * block.base_w - block.width / 2.0
    c1 = c0 + block.base_w
    fx, fy = block.forward
    ring = poly if poly.geom_type == "Polygon" else poly.convex_hull
    xy = np.asarray(ring.exterior.coords)
    dx, dy = xy[:, 0] - block.x, xy[:, 1] - block.y
    va, vc = dx * fx + dy * fy, -dx * fy + dy * fx  # (m,)
    # other outline's vertices to each base (k, m)
    da = np.maximum(np.maximum(a0[:, None] - va, va - a1[:, None]), 0.0)
    dc = np.maximum(np.maximum(c0[:, None] - vc, vc - c1[:, None]), 0.0)
    gap = np.hypot(da, dc).min(axis=1)
    # bases' corners to the other outline's sides (k, 4, m - 1)
    ca = np.stack([a1, a1, a0, a0], axis=1)[:, :, None]
    cc = np.stack([c0, c1, c1, c0], axis=1)[:, :, None]
    sa, sc = va[:-1], vc[:-1]
    ea, ec = va[1:] - sa, vc[1:] - sc
    ee = np.where(ea * ea + ec * ec > 0.0, ea * ea + ec * ec, 1.0)
    t = np.clip(((ca - sa) * ea + (cc - sc) * ec) / ee, 0.0, 1.0)
    side = np.hypot(ca - sa - t * ea, cc - sc - t * ec).min(axis=(1, 2))
    hit = np.minimum(gap, side) <= tol
    return [int(i) + 1 for i in idx[hit]]


def row_models(block: Block, facing: str, depth: int = 0) -> list[int]:
    """Models (1-based numbers) of one rank or file, counted in from a facing.

    ``depth`` 0 is the row along that facing (the front rank, the rear rank, or the outermost
    file on a flank), 1 the row behind it, and so on.  A model of a short rear rank standing
    between two files (half a base off) belongs to neither file.
    """
    if facing not in FACINGS:
        raise ValueError(f"unknown facing {facing!r}: use front, right, rear or left")
    rank, col = block._slots
    if facing in ("front", "rear"):
        r = depth if facing == "front" else block.ranks - 1 - depth
        sel = rank == r
    else:
        c = depth if facing == "left" else block.files - 1 - depth
        sel = np.abs(col - c) < _EPS
    return [int(i) + 1 for i in np.flatnonzero(sel)]


def models_behind(block: Block, model: int, facing: str = "front") -> list[int]:
    """The models directly behind one model, seen from a facing (for supporting attacks).

    From the front: models of the next rank back whose bases overlap this model's frontage
    (one model, or two when a short rear rank sits half a base off).  From the rear: the rank
    in front.  From a flank: the model next to it, one file further in.
    """
    rank, col = block.model_slot(model)
    ranks, cols = block._slots
    if facing in ("front", "rear"):
        step = 1 if facing == "front" else -1
        sel = (ranks == rank + step) & (np.abs(cols - col) < 1.0 - _EPS)
    elif facing in ("left", "right"):
        step_c = 1.0 if facing == "left" else -1.0
        sel = (ranks == rank) & (np.abs(cols - (col + step_c)) < _EPS)
    else:
        raise ValueError(f"unknown facing {facing!r}: use front, right, rear or left")
    return [int(i) + 1 for i in np.flatnonzero(sel)]


@dataclass(frozen=True)
class Engagement:
    """How a block touches another unit's boundary.

    ``facing``: the block's facing touched (None for corner contact); ``stretch``: length of
    that side in contact (0 for corner contact); ``models``: the block's models in base
    contact with the other boundary; ``row``: the block's fighting rank or file on that
    facing (empty for corner contact).
    """

    facing: Facing | None
    stretch: float
    models: tuple[int, ...]
    row: tuple[int, ...]


def engagement(block: Block, other: Block | Polygon, tol: float = CONTACT_TOL) -> Engagement | None:
    """Facing, contact stretch, models in contact and fighting row, or None if not touching."""
    poly = outline(other)
    if not in_contact(block.polygon, poly, tol):
        return None
    stretches = _stretches(block, other, tol)
    facing = _best_facing(stretches, MIN_STRETCH)
    stretch = stretches[facing] if facing is not None else 0.0
    row = tuple(row_models(block, facing)) if facing is not None else ()
    return Engagement(facing, stretch, tuple(_models_touching(block, poly, tol)), row)

"""Moves of units in formation: path segments, swept areas and the checks a move must pass.

A move is a list of the contract's segments applied in order to a
:class:`~game.geometry.formation.Block`:

* ``forward D`` / ``backward D``: straight ahead or back, D >= 0 inches;
* ``sideways D``: straight to the unit's right (negative D: to its left);
* ``wheel DEG``: clockwise for positive DEG, pivoting on the front corner on the inside of the
  turn (front-right for a clockwise wheel, front-left otherwise); it costs the arc the outer
  front corner travels, ``width * |DEG|`` in radians;
* ``turn 90`` / ``turn -90`` / ``turn 180``: the models turn on the spot.  The full ranks turn
  about their own centre (the unit's centre when no rank is short) and a short rear rank is
  moved to the rear of the new formation.  After a quarter turn the unit has as many files as
  it had full ranks;
* ``reform FILES FACING``: the unit re-forms about its centre with FILES files, facing FACING
  (an absolute facing, degrees clockwise from up).

Geometry prices nothing: :attr:`MoveStep.distance` is inches moved (forward, backward,
sideways) or the outer corner's arc (wheel) and 0 for turns and reforms; a ruleset weighs them
with :meth:`MovePlan.cost`.

**Swept area.**  A straight step sweeps the convex hull of its start and end boundaries
(exact).  A wheel sweeps its start and end boundaries plus the circular sector traced by the
far rear corner about the pivot (exact for a rectangle turning about its own corner), drawn
with chords outside the circle so it errs by at most :data:`ARC_ERROR` inches outward.  Turns
and reforms are pivots on the spot that ignore what is around: they sweep only their start and
end boundaries.

**Checks** (:class:`Surroundings`): a path may not overlap another unit or impassable terrain
(reach more than the contact tolerance into it, :func:`~game.geometry.contact.overlaps`);
touching is fine.  The unit must end wholly on the table and, unless charging, at least
``gap`` inches from every enemy.  Reasons are worded for players and use the display names
given in ``names``.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, TypeAlias

import numpy as np
import shapely
from shapely import Polygon

from game.physics.movement import Stop, clear_along, slide_outline

from .contact import overlaps
from .formation import Block, Point

__all__ = [
    "ARC_ERROR",
    "SEGMENT_KINDS",
    "TABLE_EDGE",
    "MovePlan",
    "MoveStep",
    "Segment",
    "Surroundings",
    "apply_segment",
    "check_move",
    "crossed_units",
    "format_inches",
    "parse_path",
    "parse_segment",
    "plan_move",
    "turn_block",
]

SEGMENT_KINDS: tuple[str, ...] = ("forward", "backward", "sideways", "wheel", "turn", "reform")
"""The kinds of path segment, as the contract names them."""

ARC_ERROR = 5e-4
"""Largest distance (inches) by which a wheel's drawn swept area reaches past the true arc."""

TABLE_EDGE = "table edge"
"""What :meth:`Surroundings.travel` reports when the table edge stops a move."""

_EPS = 1e-9
_MAX_ARC_STEP = math.radians(2.0)

Kind: TypeAlias = Literal["friend", "enemy", "impassable"]


def format_inches(value: float) -> str:
    """A distance for a message and the inch mark: two decimals below 2" (so that 0.95" is
    never shown as the 1" it falls short of), one above."""
    return f'{value:.2f}"' if value < 2.0 else f'{value:.1f}"'


# --------------------------------------------------------------------------- segments


@dataclass(frozen=True)
class Segment:
    """One segment of a move.

    ``kind`` is one of :data:`SEGMENT_KINDS`; ``amount`` is inches (forward, backward,
    sideways), degrees (wheel, turn) or the new facing (reform); ``files`` is the new number
    of files of a reform (0 for other kinds).
    """

    kind: str
    amount: float
    files: int = 0
    pivot: Point | None = None
    """For a wheel only: turn about this table point instead of a front corner (used for the
    free alignment of a charge; the contract has no such segment)."""

    def as_list(self) -> list[object]:
        """The segment as the contract writes it, e.g. ``["wheel", 30.0]``.

        A wheel about an explicit ``pivot`` has no contract form: the pivot is left out.
        """
        if self.kind == "reform":
            return [self.kind, self.files, self.amount]
        return [self.kind, self.amount]


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    out = float(value)
    return out if math.isfinite(out) else None


def _shown(value: object) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return str(value)


def parse_segment(raw: object) -> Segment:
    """Read one segment written as in the contract (``["forward", 3.0]``, ``["reform", 6, 90]``).

    A :class:`Segment` is returned as is.  Anything malformed raises :class:`ValueError` with
    a message for a player.
    """
    if isinstance(raw, Segment):
        return raw
    if not isinstance(raw, list | tuple) or not raw or not isinstance(raw[0], str):
        return _bad(raw, 'write a step as a name and a number, like ["forward", 3.0]')
    kind = raw[0].strip().lower()
    args = list(raw[1:])
    if kind not in SEGMENT_KINDS:
        return _bad(
            raw, f'unknown step "{raw[0]}" (use forward, backward, sideways, wheel, turn or reform)'
        )
    if kind == "reform":
        if len(args) != 2:
            return _bad(raw, 'reform takes a number of files and a facing, like ["reform", 6, 90]')
        files, facing = args
        if isinstance(files, bool) or not isinstance(files, int) or files < 1:
            return _bad(raw, "the number of files must be a whole number of at least 1")
        value = _number(facing)
        if value is None:
            return _bad(raw, "the facing must be a number of degrees")
        return Segment("reform", value, files)
    if len(args) != 1:
        return _bad(raw, f"{kind} takes one number")
    value = _number(args[0])
    if value is None:
        return _bad(raw, f"{kind} takes one number")
    if kind in ("forward", "backward") and value < 0.0:
        return _bad(raw, f"{kind} needs a distance of 0 inches or more")
    if kind == "wheel" and abs(value) > 360.0:
        return _bad(raw, "a wheel turns at most 360 degrees either way")
    if kind == "turn" and value not in (90.0, -90.0, 180.0):
        return _bad(raw, "a turn is 90, -90 or 180 degrees")
    return Segment(kind, value)


def _bad(raw: object, why: str) -> Segment:
    raise ValueError(f"move step {_shown(raw)}: {why}")


def parse_path(raw: Iterable[object]) -> tuple[Segment, ...]:
    """Read a whole path (a list of segments); errors name the step by its position."""
    out = []
    for i, item in enumerate(raw, start=1):
        try:
            out.append(parse_segment(item))
        except ValueError as exc:
            raise ValueError(f"step {i}: {exc}") from None
    return tuple(out)


def turn_block(block: Block, degrees: float) -> Block:
    """The unit after a turn of 90, -90 or 180 degrees (see the module notes)."""
    if degrees not in (90.0, -90.0, 180.0):
        raise ValueError(f"a turn is 90, -90 or 180 degrees, got {degrees:g}")
    full = block.models // block.files
    part_depth = full * block.base_d
    fx, fy = block.forward
    front = block.front_centre
    cx, cy = front[0] - part_depth / 2.0 * fx, front[1] - part_depth / 2.0 * fy
    files = full if degrees != 180.0 else block.files
    part_ranks = (full * block.files) // files
    turned = Block(cx, cy, block.facing + degrees, files, block.models, block.base_w, block.base_d)
    nx, ny = turned.forward
    half = part_ranks * block.base_d / 2.0
    return turned.with_front_centre((cx + half * nx, cy + half * ny))


def apply_segment(block: Block, segment: Segment | Sequence[object]) -> Block:
    """Where the block stands after one segment."""
    seg = parse_segment(segment)
    kind, a = seg.kind, seg.amount
    if kind == "forward":
        return block.advanced(a)
    if kind == "backward":
        return block.advanced(-a)
    if kind == "sideways":
        return block.advanced(0.0, a)
    if kind == "wheel":
        if a == 0.0:
            return block
        if seg.pivot is not None:
            return block.rotated(seg.pivot, a)
        pivot = block.corners[1] if a > 0.0 else block.corners[0]
        return block.rotated(pivot, a)
    if kind == "turn":
        return turn_block(block, a)
    return block.reformed(seg.files, a)


def _segment_distance(block: Block, seg: Segment) -> float:
    if seg.kind in ("forward", "backward", "sideways"):
        return abs(seg.amount)
    if seg.kind == "wheel":
        if seg.pivot is not None:
            front = block.corners[:2]
            reach = max(math.dist(c, seg.pivot) for c in front)
            return reach * math.radians(abs(seg.amount))
        return block.width * math.radians(abs(seg.amount))
    return 0.0


# --------------------------------------------------------------------------- swept areas


def _hull(a: Block, b: Block) -> Polygon:
    pts = np.vstack([np.asarray(a.corners), np.asarray(b.corners)])
    return shapely.convex_hull(shapely.multipoints(pts))


def _sector_pieces(pivot: Point, far: Point, degrees: float) -> list[Polygon]:
    """Convex pieces (at most 90 degrees each) covering the sector ``far`` sweeps about
    ``pivot``, with chords outside the circle by at most :data:`ARC_ERROR`."""
    px, py = pivot
    vx, vy = far[0] - px, far[1] - py
    radius = math.hypot(vx, vy)
    if radius == 0.0 or degrees == 0.0:
        return []
    start = math.atan2(vy, vx)
    total = math.radians(degrees)
    step = min(_MAX_ARC_STEP, 2.0 * math.acos(1.0 / (1.0 + ARC_ERROR / radius)))
    chunks = max(1, math.ceil(abs(total) / (math.pi / 2.0) - 1e-12))
    out = []
    for k in range(chunks):
        a0 = start + total * k / chunks
        span = total / chunks
        n = max(1, math.ceil(abs(span) / step))
        d = span / n
        mids = a0 + (np.arange(n) + 0.5) * d
        r_out = radius / math.cos(d / 2.0)
        ring = [(px, py), (px + radius * math.cos(a0), py + radius * math.sin(a0))]
        ring.extend(zip((px + r_out * np.cos(mids)).tolist(), (py + r_out * np.sin(mids)).tolist()))
        a1 = a0 + span
        ring.append((px + radius * math.cos(a1), py + radius * math.sin(a1)))
        out.append(Polygon(ring))
    return out


@dataclass(frozen=True)
class MoveStep:
    """One applied segment: where it starts and ends and what it costs in the geometry."""

    segment: Segment
    start: Block
    end: Block
    distance: float

    @cached_property
    def parts(self) -> tuple[Polygon, ...]:
        """Polygons whose union is the area the boundary sweeps during this step."""
        kind = self.segment.kind
        if kind in ("forward", "backward", "sideways"):
            if self.segment.amount == 0.0:
                return (self.start.polygon,)
            return (_hull(self.start, self.end),)
        if kind == "wheel" and self.segment.amount != 0.0:
            a = self.segment.amount
            corners = self.start.corners
            if self.segment.pivot is not None:
                # About any point on or inside the boundary, the far points of the sweep are
                # traced by corners, so their sectors with the two ends cover it exactly.
                pieces = [p for c in corners for p in _sector_pieces(self.segment.pivot, c, a)]
                return (self.start.polygon, self.end.polygon, *pieces)
            pivot, far = (corners[1], corners[3]) if a > 0.0 else (corners[0], corners[2])
            return (self.start.polygon, self.end.polygon, *_sector_pieces(pivot, far, a))
        return (self.start.polygon, self.end.polygon)

    def frames(self, inches: float = 0.25, degrees: float = 2.0) -> list[Block]:
        """Blocks along the step from its start to its end (both included), for animation.

        Straight steps are sampled every ``inches``, wheels every ``degrees``; turns and
        reforms happen on the spot (start and end only).
        """
        kind, a = self.segment.kind, self.segment.amount
        if kind in ("forward", "backward", "sideways"):
            n = max(1, math.ceil(abs(a) / inches))
            along = {"forward": a, "backward": -a, "sideways": 0.0}[kind]
            across = a if kind == "sideways" else 0.0
            return [self.start.advanced(along * i / n, across * i / n) for i in range(n + 1)]
        if kind == "wheel" and a != 0.0:
            n = max(1, math.ceil(abs(a) / degrees))
            pivot = self.segment.pivot
            if pivot is None:
                pivot = self.start.corners[1] if a > 0.0 else self.start.corners[0]
            return [self.start.rotated(pivot, a * i / n) for i in range(n + 1)]
        return [self.start, self.end]


@dataclass(frozen=True)
class MovePlan:
    """A path applied to a block: each step in order, where it ends, and the swept area."""

    start: Block
    steps: tuple[MoveStep, ...]

    @property
    def end(self) -> Block:
        """Where the unit stands after the last step."""
        return self.steps[-1].end if self.steps else self.start

    @property
    def blocks(self) -> tuple[Block, ...]:
        """The start and the block after each step."""
        return (self.start, *(s.end for s in self.steps))

    @property
    def segments(self) -> tuple[Segment, ...]:
        """The segments of the path."""
        return tuple(s.segment for s in self.steps)

    @property
    def distance(self) -> float:
        """Sum of the steps' geometric distances (wheels by the outer corner's arc)."""
        return sum(s.distance for s in self.steps)

    def cost(
        self,
        per_inch: Mapping[str, float] | None = None,
        fixed: Mapping[str, float] | None = None,
    ) -> float:
        """The move's cost for a ruleset.

        Each step costs its distance times ``per_inch[kind]`` (1 when not given), plus
        ``fixed[kind]`` (0 when not given): e.g. ``per_inch={"backward": 2, "sideways": 2}``
        and ``fixed={"turn": M / 4}``.
        """
        weights = per_inch or {}
        extra = fixed or {}
        return sum(
            s.distance * weights.get(s.segment.kind, 1.0) + extra.get(s.segment.kind, 0.0)
            for s in self.steps
        )

    @cached_property
    def parts(self) -> tuple[Polygon, ...]:
        """Every step's swept polygons, in path order (start included)."""
        if not self.steps:
            return (self.start.polygon,)
        return tuple(p for s in self.steps for p in s.parts)

    @cached_property
    def swept(self) -> Polygon:
        """The whole area the Unit Boundary covers along the path (a shapely union)."""
        return shapely.union_all(np.asarray(self.parts, dtype=object))

    def frames(self, inches: float = 0.25, degrees: float = 2.0) -> list[Block]:
        """Blocks along the whole path (see :meth:`MoveStep.frames`), without repeats."""
        out = [self.start]
        for s in self.steps:
            out.extend(s.frames(inches, degrees)[1:])
        return out


def plan_move(block: Block, path: Iterable[Segment | Sequence[object]]) -> MovePlan:
    """Apply a path to a block: a :class:`MovePlan` with every step.

    Raises :class:`ValueError` (worded for a player) for a malformed segment or a reform the
    unit cannot make.
    """
    steps = []
    current = block
    for i, raw in enumerate(path, start=1):
        try:
            seg = parse_segment(raw)
            nxt = apply_segment(current, seg)
        except ValueError as exc:
            raise ValueError(f"step {i}: {exc}") from None
        steps.append(MoveStep(seg, current, nxt, _segment_distance(current, seg)))
        current = nxt
    return MovePlan(block, tuple(steps))


def _unit(direction: Sequence[float]) -> Point:
    dx, dy = float(direction[0]), float(direction[1])
    n = math.hypot(dx, dy)
    if n == 0.0:
        raise ValueError("a direction of length 0 has no heading")
    return dx / n, dy / n


# --------------------------------------------------------------------------- surroundings


class Surroundings:
    """What stands around a moving unit: other units, impassable terrain and the table.

    ``friends`` and ``enemies`` map unit keys to their Unit Boundaries (polygons or
    :class:`~game.geometry.formation.Block` objects); ``impassable`` maps
    terrain keys to polygons; ``table`` is (width, height) in inches, or None for no edge;
    ``names`` gives display names for messages (a key stands for itself otherwise).  Keys
    must be unique across the three mappings.  Every unit and impassable piece blocks a
    path; only enemies impose the gap of the 1" rule.  Build it once per situation and reuse
    it: the spatial index is made once.
    """

    def __init__(
        self,
        *,
        friends: Mapping[str, Polygon] | None = None,
        enemies: Mapping[str, Polygon] | None = None,
        impassable: Mapping[str, Polygon] | None = None,
        table: tuple[float, float] | None = None,
        names: Mapping[str, str] | None = None,
    ) -> None:
        keys: list[str] = []
        polys: list[Polygon] = []
        kinds: list[Kind] = []
        groups: tuple[tuple[Kind, Mapping[str, Polygon] | None], ...] = (
            ("friend", friends),
            ("enemy", enemies),
            ("impassable", impassable),
        )
        for kind, group in groups:
            for key, poly in (group or {}).items():
                keys.append(key)
                polys.append(poly.polygon if isinstance(poly, Block) else poly)
                kinds.append(kind)
        seen: set[str] = set()
        for key in keys:
            if key in seen:
                raise ValueError(f'"{key}" is given twice to Surroundings')
            seen.add(key)
        self.keys: tuple[str, ...] = tuple(keys)
        self._index = {k: i for i, k in enumerate(keys)}
        self._kinds = kinds
        self._polys = np.empty(len(polys), dtype=object)
        self._polys[:] = polys
        self._tree_built: shapely.STRtree | None = None  # (made when first needed)
        self.table = table
        self._names = dict(names or {})

    # ----------------------------------------------------------------- lookups

    def label(self, key: str) -> str:
        """Display name of a key (the key itself when no name was given)."""
        return self._names.get(key, key)

    def polygon(self, key: str) -> Polygon:
        """The outline stored under a key."""
        return self._polys[self._index[key]]

    def kind(self, key: str) -> Kind:
        """ "friend", "enemy" or "impassable"."""
        return self._kinds[self._index[key]]

    @property
    def _tree(self) -> shapely.STRtree:
        if self._tree_built is None:
            self._tree_built = shapely.STRtree(self._polys)
        return self._tree_built

    def _all_ignored(self, ignore: Collection[str]) -> bool:
        """Whether every outline is left out (nothing can be a candidate)."""
        return all(k in ignore for k in self.keys)

    def _candidates(self, geom: Polygon, reach: float, ignore: Collection[str]) -> list[int]:
        if not len(self._polys):
            return []
        if reach > 0.0:
            idx = self._tree.query(geom, predicate="dwithin", distance=reach)
        else:
            idx = self._tree.query(geom, predicate="intersects")
        return [int(i) for i in np.sort(idx) if self.keys[int(i)] not in ignore]

    # ----------------------------------------------------------------- checks

    def overlapping(self, parts: Sequence[Polygon], ignore: Collection[str] = ()) -> list[str]:
        """Keys whose outline overlaps (see :func:`~game.geometry.contact.overlaps`) one of
        ``parts``."""
        hits: list[str] = []
        for part in parts:
            for i in self._candidates(part, 0.0, ignore):
                key = self.keys[i]
                if key in hits:
                    continue
                if overlaps(part, self._polys[i]):
                    hits.append(key)
        return hits

    def in_the_way(self, plan: MovePlan, ignore: Collection[str] = ()) -> str | None:
        """Key of the first unit or impassable piece the path runs into, or None.

        First means in the earliest step that overlaps something, and within a step the
        outline nearest to where that step starts.
        """
        steps = plan.steps or (MoveStep(Segment("forward", 0.0), plan.start, plan.start, 0.0),)
        for step in steps:
            hits = self.overlapping(step.parts, ignore)
            if hits:
                start = step.start.polygon
                return min(hits, key=lambda k: (start.distance(self.polygon(k)), self._index[k]))
        return None

    def on_table(self, unit: Block | Polygon) -> bool:
        """True when the outline lies wholly on the table (always, without a table)."""
        if self.table is None:
            return True
        poly = unit.polygon if isinstance(unit, Block) else unit
        x0, y0, x1, y1 = poly.bounds
        w, h = self.table
        return bool(x0 >= -_EPS and y0 >= -_EPS and x1 <= w + _EPS and y1 <= h + _EPS)

    def nearest_enemy(
        self, unit: Block | Polygon, within: float, ignore: Collection[str] = ()
    ) -> tuple[str, float] | None:
        """The enemy closer than ``within`` inches (by more than 1e-9) and its distance."""
        poly = unit.polygon if isinstance(unit, Block) else unit
        best: tuple[str, float] | None = None
        for i in self._candidates(poly, within, ignore):
            if self._kinds[i] != "enemy":
                continue
            d = float(poly.distance(self._polys[i]))
            if d < within - _EPS and (best is None or d < best[1]):
                best = (self.keys[i], d)
        return best

    def check(
        self,
        plan: MovePlan,
        gap: float = 1.0,
        ignore: Collection[str] = (),
        charging: bool = False,
    ) -> str | None:
        """Why the move is not allowed, in a player's words, or None when it is.

        In order: something in the way of the path, the end off the table, the end within
        ``gap`` of an enemy (skipped when ``charging``).  ``ignore`` leaves keys out (the
        unit itself, a charge target).
        """
        blocker = self.in_the_way(plan, ignore)
        if blocker is not None:
            if self.kind(blocker) == "impassable":
                return f'the path runs through "{self.label(blocker)}", which is impassable'
            return f'the path runs through "{self.label(blocker)}"'
        if not self.on_table(plan.end):
            return "the move ends partly off the table"
        if not charging and gap > 0.0:
            near = self.nearest_enemy(plan.end, gap, ignore)
            if near is not None:
                return (
                    f'the move ends {format_inches(near[1])} from "{self.label(near[0])}"; '
                    f'units must stay {gap:g}" apart unless charging'
                )
        return None

    # ----------------------------------------------------------------- straight travel

    def travel(
        self,
        block: Block,
        direction: Sequence[float],
        limit: float,
        *,
        gap: float = 1.0,
        friend_gap: float = 0.0,
        ignore: Collection[str] = (),
        edge: bool = True,
    ) -> tuple[float, str | None]:
        """How far the block can slide along ``direction`` (no turning), up to ``limit``.

        It stops on touching a friend (or coming within ``friend_gap`` of one) or impassable
        terrain, on coming within ``gap`` of an enemy, and (``edge``) on touching the table
        edge.  Something already closer than its gap (or touching, or a hair into it) stops
        the move only if the move would bring it closer still.  Swept by
        :func:`game.physics.movement.slide_outline`, exactly to the gap.  Returns (distance, key of what stopped it, or
        :data:`TABLE_EDGE`, or None when nothing did).
        """
        ux, uy = _unit(direction)
        limit = max(0.0, float(limit))
        best, who = limit, None
        if not self._all_ignored(ignore):
            best, who = self._travel_among(block, ux, uy, limit, gap, friend_gap, ignore)
        if edge and self.table is not None:
            t = _edge_travel(block, ux, uy, self.table)
            if t < best:
                best, who = t, TABLE_EDGE
        return max(best, 0.0), who

    def _travel_among(
        self,
        block: Block,
        ux: float,
        uy: float,
        limit: float,
        gap: float,
        friend_gap: float,
        ignore: Collection[str],
    ) -> tuple[float, str | None]:
        """:meth:`travel` up to ``limit`` against the outlines alone (no table edge), swept
        by :func:`game.physics.movement.slide_outline`."""
        corridor = _hull(block, _slid(block, limit, ux, uy))
        stops = []
        for i in self._candidates(corridor, max(gap, friend_gap, 0.0), ignore):
            kind = self._kinds[i]
            g = gap if kind == "enemy" else friend_gap if kind == "friend" else 0.0
            stops.append(Stop(self.keys[i], self._polys[i], g))
        return slide_outline(block.corners, (ux, uy), limit, stops)

    def clear_beyond(
        self,
        block: Block,
        direction: Sequence[float],
        start: float,
        *,
        gap: float = 1.0,
        ignore: Collection[str] = (),
    ) -> float:
        """The first distance from ``start`` on, along ``direction``, where the block (slid
        that far) neither overlaps a unit nor stands within ``gap`` of an enemy.

        Used by flee moves that would end on top of a unit: they carry on until clear.
        Terrain is not considered.  Measured by :func:`game.physics.movement.clear_along`.
        """
        ux, uy = _unit(direction)
        corridor = _hull(block, _slid(block, start + 1e4, ux, uy))
        stops = [
            Stop(self.keys[i], self._polys[i], gap if self._kinds[i] == "enemy" else 0.0)
            for i in self._candidates(corridor, max(gap, 0.0), ignore)
            if self._kinds[i] != "impassable"
        ]
        return clear_along(block.corners, (ux, uy), start, stops)


def _slid(block: Block, t: float, ux: float, uy: float) -> Block:
    """The block moved ``t`` inches along (ux, uy) without turning."""
    return Block(block.x + t * ux, block.y + t * uy, block.facing, block.files, block.models,
                 block.base_w, block.base_d)


def _edge_travel(block: Block, ux: float, uy: float, table: tuple[float, float]) -> float:
    """Distance the block can slide along u before a corner touches the table edge."""
    w, h = table
    best = math.inf
    for px, py in block.corners:
        for p, u, hi in ((px, ux, w), (py, uy, h)):
            if u > 1e-15:
                best = min(best, (hi - p) / u)
            elif u < -1e-15:
                best = min(best, -p / u)
    return max(best, 0.0)


def check_move(
    plan: MovePlan,
    surroundings: Surroundings,
    gap: float = 1.0,
    ignore: Collection[str] = (),
    charging: bool = False,
) -> str | None:
    """Why a planned move is refused (a player's words), or None; see :meth:`Surroundings.check`."""
    return surroundings.check(plan, gap, ignore, charging)


def crossed_units(plan: MovePlan, others: Mapping[str, Polygon | Block]) -> list[str]:
    """Keys of the outlines whose inside the moving boundary crossed (Sweeping Attack).

    Crossed means the swept area overlaps the outline (see
    :func:`~game.geometry.contact.overlaps`): touching or grazing does not count.  Listed in the order met: by the first step that overlaps each
    one, then by distance from where that step starts.
    """
    polys = {k: (v.polygon if isinstance(v, Block) else v) for k, v in others.items()}
    found: list[str] = []
    order = {k: i for i, k in enumerate(polys)}
    steps = plan.steps or (MoveStep(Segment("forward", 0.0), plan.start, plan.start, 0.0),)
    for step in steps:
        start = step.start.polygon
        fresh = []
        for key, poly in polys.items():
            if key in found:
                continue
            if any(overlaps(p, poly) for p in step.parts):
                fresh.append(key)
        fresh.sort(key=lambda k: (start.distance(polys[k]), order[k]))
        found.extend(fresh)
    return found

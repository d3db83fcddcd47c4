"""What a unit in formation sees of an enemy unit, file by file: the measurements both
rank-and-flank rulesets shoot by. Each ruleset's own rules (what blocks sight, what gives
cover and how much) are read over them (``old_world/shooting.py``, ``ninth_age/shooting.py``).

The picture of a shooting unit and its target (:func:`picture`):

- every **file** of the shooter sees from the front edge of the model at its front (the rules
  of both games: models behind the front rank look from the point of the unit's front straight
  ahead of them); three eyes along that edge, its ends and its middle;
- the **ends** of the sight lines: the centre of every model of the target, points round its
  Unit Boundary (every corner, and every inch or so), and points along each of its four
  facings (for ninth-age's cover, which is the share of a facing that is hidden);
- the **screens** a line may cross: every other unit on the table (its Unit Boundary) and
  every piece of terrain (its outline); :data:`crossed` says which line crosses which screen
  (grazing an outline does not count);
- which ends lie in each file's front arc (the 90 degrees ahead of the front model's base),
  which terrain holds each file's eye model and each end, and how far each shooting model is
  from the target's Unit Boundary.

Pictures are cached on the state (they change with every move) and, by the positions they
were drawn from, between copies of a game (the AI plays many tries from one position).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Point, Polygon

from game.core.state import GameState
from game.geometry.formation import FACINGS, Block
from game.geometry.los import crossings, front_arc_mask
from game.rulesets.common.table import terrain_outline
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.units import name

#: terrain (an obstacle) at least this many inches high blocks sight; lower, it only hides
#: what is behind it (gives cover). The reading both rulesets make of "high" obstacles.
HIGH_TERRAIN = 2.0
#: points along each facing of the target, for the share of it that is hidden
FACING_SAMPLES = 11
#: points round the target's Unit Boundary, about one an inch
OUTLINE_SPACING = 1.0


@dataclass(frozen=True, slots=True)
class Screen:
    """Something a sight line may cross: another unit (``kind`` "unit", ``key`` its id) or a
    piece of terrain (``kind`` its kind, ``key`` its id), with the name players read."""

    key: str
    label: str
    kind: str
    height: float
    polygon: Polygon

    @property
    def terrain(self) -> bool:
        return self.kind != "unit"


@dataclass(frozen=True, slots=True)
class File:
    """One file of the shooting unit: its models front to back (name, rank) and the eyes of
    the model at its front."""

    index: int
    front: str
    models: tuple[tuple[str, int], ...]
    eyes: np.ndarray  # (3, 2)
    centre: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Picture:
    """The measurements of a shooter and its target (see the module)."""

    shooter: str
    target: str
    files: tuple[File, ...]
    screens: tuple[Screen, ...]
    targets: tuple[str, ...]  # the target's models, in the order of their centres in ``ends``
    ends: np.ndarray  # (J, 2)
    outline: slice  # the ends round the Unit Boundary
    facings: dict[str, slice]  # the ends along each facing of the target
    crossed: np.ndarray  # (files, 3 eyes, J, screens) bool
    in_arc: np.ndarray  # (files, J) bool
    eye_in: np.ndarray  # (files, screens): the file's front model stands in that terrain
    end_in: np.ndarray  # (J, screens): the end lies in that terrain
    distance: dict[str, float]  # each model of the shooter to the target's Unit Boundary
    target_block: Block

    @property
    def models(self) -> slice:
        """The ends that are the target's model centres."""
        return slice(0, len(self.targets))

    def sight_ends(self) -> np.ndarray:
        """Indexes of the ends sight is drawn to: the models' centres and the outline."""
        got: np.ndarray = np.r_[np.arange(len(self.targets)),
                                np.arange(self.outline.start, self.outline.stop)]
        return got


def screens(s: GameState, shooter: str, target: str) -> tuple[Screen, ...]:
    """Every other unit on the table and every piece of terrain that could come between the two
    units: those touching the convex hull of their Unit Boundaries, which holds every eye, every
    end and so every sight line of the picture. (What lies wholly outside it crosses no line and
    holds no eye or end: leaving it out changes no reading, and keeps the picture the same while
    units far off move.)"""
    out = [Screen(k, name(s, k), "unit", 0.0, poly)
           for k, poly in space.other_boundaries(s, exclude=(shooter, target)).items()]
    out += [Screen(t.id, t.display, t.kind, float(t.height), terrain_outline(t.polygon))
            for t in s.terrain]
    if not out:
        return ()
    hull = _hull(space.unit_key(s, shooter), space.unit_key(s, target))
    near = shapely.intersects(hull, np.asarray([x.polygon for x in out], dtype=object))
    return tuple(x for x, ok in zip(out, near) if ok)


@lru_cache(maxsize=4096)
def _hull(a: space.RectKey, b: space.RectKey) -> Polygon:
    """The convex hull of two rectangles."""
    pa, pb = space.rect_of(a), space.rect_of(b)
    got: Polygon = shapely.convex_hull(shapely.MultiPoint(
        [*pa.exterior.coords[:-1], *pb.exterior.coords[:-1]]))
    return got


def picture(s: GameState, shooter: str, target: str) -> Picture:
    """The picture of ``shooter`` (a unit in formation) and ``target`` (see the module)."""
    key = ("sight", shooter, target)
    got: Picture | None = s.derived.get(key)
    if got is None:
        got = s.derived[key] = _picture(s, space.host_of(s, shooter), space.host_of(s, target))
    return got


def _picture(s: GameState, shooter: str, target: str) -> Picture:
    places = space.rank_and_file(s, shooter)
    keys = space.model_keys(s, shooter)
    by_file: dict[int, list[tuple[int, str]]] = {}
    for m, (rank, file) in places.items():
        by_file.setdefault(file, []).append((rank, m))
    models = tuple((n, keys[n]) for n in sorted(keys, key=lambda n: places[n]))
    tkeys = space.model_keys(s, target)
    tplaces = space.rank_and_file(s, target)
    tnames = tuple(sorted(tkeys, key=tplaces.__getitem__))
    tblock = space.block_of(s, target)
    scr = screens(s, shooter, target)
    files = []
    for file in sorted(by_file):
        column = sorted(by_file[file])
        front = column[0][1]
        files.append((file, front, tuple((m, r) for r, m in column), keys[front]))
    got = _measure(tuple(f[3] for f in files), tuple(tkeys[n] for n in tnames),
                   space.unit_key(s, target), tuple((x.key, x.kind, x.height, _poly_key(x.polygon))
                                                    for x in scr), models)
    eyes, ends, outline, facings, crossed, in_arc, eye_in, end_in, dist = got
    out_files = tuple(File(i, f[1], f[2], eyes[i], (f[3][0], f[3][1])) for i, f in enumerate(files))
    return Picture(shooter, target, out_files, scr, tnames, ends, outline, facings, crossed,
                   in_arc, eye_in, end_in, dict(zip((n for n, _ in models), dist)), tblock)


def _poly_key(poly: Polygon) -> tuple[tuple[float, float], ...]:
    return tuple((float(x), float(y)) for x, y in poly.exterior.coords)


Key = tuple[float, float, float, float, float]


@lru_cache(maxsize=512)
def _measure(fronts: tuple[Key, ...], targets: tuple[Key, ...], boundary: Key,
             scr: tuple[tuple[str, str, float, tuple[tuple[float, float], ...]], ...],
             models: tuple[tuple[str, Key], ...]) -> tuple[
                 np.ndarray, np.ndarray, slice, dict[str, slice], np.ndarray, np.ndarray,
                 np.ndarray, np.ndarray, list[float]]:
    """The geometry of a picture, from the positions alone (cached: the AI's tries of one
    position draw the same picture many times)."""
    # the eyes: both ends and the middle of each file's front model's front edge
    eyes = np.empty((len(fronts), 3, 2))
    for i, (x, y, facing, w, d) in enumerate(fronts):
        b = Block(x, y, facing, 1, 1, w, d)
        eyes[i] = [b.to_table(d / 2, -w / 2), b.to_table(d / 2, 0.0), b.to_table(d / 2, w / 2)]
    # the ends: the target's model centres, its outline, and points along each facing
    tb = Block(float(boundary[0]), float(boundary[1]), float(boundary[2]), 1, 1,
               float(boundary[3]), float(boundary[4]))
    centres = np.asarray([(k[0], k[1]) for k in targets], dtype=float).reshape(-1, 2)
    ring = tb.polygon.exterior
    n = max(4, int(ring.length / OUTLINE_SPACING))
    marks = shapely.get_coordinates(shapely.line_interpolate_point(
        ring, np.arange(n) / n, normalized=True))
    outline_pts = np.vstack([np.asarray(tb.corners), marks])
    parts = [centres, outline_pts]
    at = len(centres) + len(outline_pts)
    facings: dict[str, slice] = {}
    for side in FACINGS:
        p, q = tb.edge(side)
        t = np.linspace(0.0, 1.0, FACING_SAMPLES)[:, None]
        parts.append(np.asarray(p) + t * (np.asarray(q) - np.asarray(p)))
        facings[side] = slice(at, at + FACING_SAMPLES)
        at += FACING_SAMPLES
    ends = np.vstack(parts)
    outline = slice(len(centres), len(centres) + len(outline_pts))
    # what each line crosses
    polys = [terrain_outline(c) for _, _, _, c in scr]
    nf, nj, nk = len(fronts), len(ends), len(polys)
    starts = np.repeat(eyes.reshape(-1, 2), nj, axis=0)
    stops = np.tile(ends, (nf * 3, 1))
    crossed = crossings(starts, stops, polys).reshape(nf, 3, nj, nk)
    in_arc = np.zeros((nf, nj), dtype=bool)
    for i, (x, y, facing, w, d) in enumerate(fronts):
        in_arc[i] = front_arc_mask((x, y), facing, w, d, ends)
    terrain = [k for k, (_, kind, _, _) in enumerate(scr) if kind != "unit"]
    eye_in = np.zeros((nf, nk), dtype=bool)
    end_in = np.zeros((nj, nk), dtype=bool)
    front_pts = shapely.points(np.asarray([(f[0], f[1]) for f in fronts], dtype=float).reshape(-1, 2))
    end_pts = shapely.points(ends)
    for k in terrain:
        poly = polys[k]
        eye_in[:, k] = shapely.contains(poly, front_pts) if nf else []
        end_in[:, k] = shapely.intersects(poly, end_pts)
    bound = tb.polygon
    dist = [float(shapely.distance(Polygon(Block(k[0], k[1], k[2], 1, 1, k[3], k[4]).corners),
                                   bound)) for _, k in models]
    return eyes, ends, outline, facings, crossed, in_arc, eye_in, end_in, dist


def inside(poly: Polygon, point: tuple[float, float]) -> bool:
    return bool(poly.contains(Point(point)))


__all__ = ["FACING_SAMPLES", "HIGH_TERRAIN", "File", "Picture", "Screen", "inside", "picture",
           "screens"]

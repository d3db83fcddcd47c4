"""Base sizes and base footprints on the table.

Conventions used throughout ``game.geometry`` and ``game.physics``:

* lengths are in inches; base sizes in scenario files are given in millimetres;
* the table origin is its top-left corner, x grows to the right and y grows *down*;
* a facing is an angle in degrees, clockwise from "up" (toward y = 0): 0 is up, 90 is right
  (+x), 180 is down (+y) and 270 is left.  The unit vector of facing ``f`` is
  ``(sin f, -cos f)``.

A rectangular base has a *width* (its frontage, measured across the facing) and a *depth*
(measured along the facing).  A round base is approximated by a regular polygon of
:data:`ROUND_SEGMENTS` vertices lying on the circle: at facing 0 the same outline as
``shapely.Point(x, y).buffer(r, quad_segs=32)``, and turned with the base's facing so that a
whole scene turned about any point gives exactly the same answers.  The contact functions
measure distances to a round base from its true circle (see :mod:`game.geometry.contact`).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import shapely
from shapely import LineString, Polygon

__all__ = [
    "CONTACT_TOL",
    "MAX_BASE_MM",
    "MM_PER_INCH",
    "ROUND_QUAD_SEGS",
    "ROUND_SEGMENTS",
    "SIDES",
    "BaseShape",
    "facing_toward",
    "facing_vector",
    "footprint",
    "footprints",
    "normalize_facing",
    "parse_base",
    "side_segments",
]

MM_PER_INCH = 25.4
"""Millimetres in one inch."""

CONTACT_TOL = 0.01
"""Two outlines closer than this (inches) count as touching (base-to-base contact)."""

MAX_BASE_MM = 500.0
"""Largest accepted base dimension, in millimetres; anything bigger is taken as a typo."""

ROUND_QUAD_SEGS = 32
"""Segments per quarter circle in the outline of a round base."""

ROUND_SEGMENTS = 4 * ROUND_QUAD_SEGS
"""Number of vertices of the polygon standing in for a round base."""

SIDES: tuple[str, str, str, str] = ("front", "right", "back", "left")
"""Names of the sides of a rectangular base, clockwise from the front."""

_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)"
_RECT_RE = re.compile(rf"^({_NUMBER})\s*[x×*]\s*({_NUMBER})\s*(?:mm)?$")
_ROUND_RE = re.compile(rf"^r\s*({_NUMBER})\s*(?:mm)?$")

# Unit circle with the vertex order of shapely's point buffer: starting at angle 0 and
# stepping by -2*pi/ROUND_SEGMENTS.
_CIRCLE_ANGLES = -2.0 * np.pi * np.arange(ROUND_SEGMENTS) / ROUND_SEGMENTS
_UNIT_CIRCLE = np.column_stack([np.cos(_CIRCLE_ANGLES), np.sin(_CIRCLE_ANGLES)])

# Corner multipliers (across, along) for front-left, front-right, back-right, back-left.
_CORNER_SIGN_PAIRS = ((-1.0, 1.0), (1.0, 1.0), (1.0, -1.0), (-1.0, -1.0))
_CORNER_SIGNS = np.array(_CORNER_SIGN_PAIRS)


@dataclass(frozen=True)
class BaseShape:
    """The outline of a model's base, independent of where it stands.

    ``width`` is the frontage (across the facing) and ``depth`` the extent along the facing,
    both in inches.  For a round base both hold the diameter.  ``label`` is how the size was
    written, normalised: a named size (``"standard"``), ``"25x50"`` or ``"r32"``.
    """

    kind: Literal["rect", "round"]
    width: float
    depth: float
    label: str

    @property
    def is_round(self) -> bool:
        """True for a round base."""
        return self.kind == "round"

    @property
    def radius(self) -> float:
        """Half the width: the radius of a round base (half the frontage of a rect one)."""
        return self.width / 2.0


def _fmt_mm(value: float) -> str:
    return f"{value:g}"


def _check_mm(text: str, *values: float) -> None:
    for value in values:
        if not math.isfinite(value) or value <= 0.0:
            raise ValueError(
                f'base "{text}": sizes must be positive numbers of mm, got {_fmt_mm(value)}'
            )
        if value > MAX_BASE_MM:
            raise ValueError(
                f'base "{text}": {_fmt_mm(value)} mm is too large '
                f"(at most {_fmt_mm(MAX_BASE_MM)} mm)"
            )


def parse_base(text: str, named: Mapping[str, tuple[float, float]] | None = None) -> BaseShape:
    """Read a base size as written in a scenario file.

    Accepted forms (case and surrounding spaces do not matter):

    * a key of ``named`` (the ruleset's named sizes, values are (frontage, depth) in mm);
      with ``named`` left as None no names are known;
    * ``"WxD"``: frontage x depth in mm, decimals allowed (``"25x50"``, ``"32.5x40"``);
    * ``"rD"``: a round base of diameter D mm (``"r32"``).

    A trailing ``mm`` is tolerated.  Anything else, a size that is zero or negative, or one
    above :data:`MAX_BASE_MM` raises :class:`ValueError` with a message meant for a player.
    """
    if not isinstance(text, str):
        raise ValueError(f"base must be text such as 25x50 or r32, got {text!r}")
    raw = text.strip()
    key = raw.lower()
    if named:
        for name, size in named.items():
            if name.lower() == key:
                frontage, depth = float(size[0]), float(size[1])
                _check_mm(raw, frontage, depth)
                return BaseShape("rect", frontage / MM_PER_INCH, depth / MM_PER_INCH, name.lower())
    match = _RECT_RE.match(key)
    if match:
        frontage, depth = float(match.group(1)), float(match.group(2))
        _check_mm(raw, frontage, depth)
        label = f"{_fmt_mm(frontage)}x{_fmt_mm(depth)}"
        return BaseShape("rect", frontage / MM_PER_INCH, depth / MM_PER_INCH, label)
    match = _ROUND_RE.match(key)
    if match:
        diameter = float(match.group(1))
        _check_mm(raw, diameter)
        inches = diameter / MM_PER_INCH
        return BaseShape("round", inches, inches, f"r{_fmt_mm(diameter)}")
    names = ", ".join(n.lower() for n in named) if named else ""
    choices = f"a named size ({names}), " if names else ""
    raise ValueError(f'unknown base "{raw}": use {choices}WxD in mm like 25x50, or rD like r32')


def normalize_facing(facing: float) -> float:
    """The same facing brought into [0, 360); a hair under 360 (a rounding error of a turn
    back to straight up, such as 359.99999999999994) is 0."""
    value = math.fmod(float(facing), 360.0)
    if value < 0.0:
        value += 360.0
    return 0.0 if value >= 360.0 - 1e-9 else value


def _sin_cos(facing: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sine and cosine of facings in degrees, exact at multiples of 90 degrees."""
    theta = np.radians(np.asarray(facing, dtype=float))
    s = np.sin(theta)
    c = np.cos(theta)
    s = np.where(np.abs(s) < 1e-12, 0.0, s)
    c = np.where(np.abs(c) < 1e-12, 0.0, c)
    s = np.where(np.abs(np.abs(s) - 1.0) < 1e-12, np.sign(s), s)
    c = np.where(np.abs(np.abs(c) - 1.0) < 1e-12, np.sign(c), c)
    return s, c


def _snap(v: float) -> float:
    if abs(v) < 1e-12:
        return 0.0
    if abs(abs(v) - 1.0) < 1e-12:
        return math.copysign(1.0, v)
    return v


def _sin_cos_one(facing: float) -> tuple[float, float]:
    """Scalar twin of :func:`_sin_cos`."""
    theta = math.radians(float(facing))
    return _snap(math.sin(theta)), _snap(math.cos(theta))


def facing_vector(facing: float) -> tuple[float, float]:
    """Unit vector (dx, dy) pointing along ``facing`` in table coordinates (y down)."""
    s, c = _sin_cos_one(facing)
    return s, -c


def facing_toward(x0: float, y0: float, x1: float, y1: float) -> float:
    """Facing in [0, 360) that points from (x0, y0) toward (x1, y1); 0 for the same point."""
    dx = x1 - x0
    dy = y1 - y0
    if dx == 0.0 and dy == 0.0:
        return 0.0
    return normalize_facing(math.degrees(math.atan2(dx, -dy)))


def _rect_corners(
    width: np.ndarray, depth: np.ndarray, x: np.ndarray, y: np.ndarray, facing: np.ndarray
) -> np.ndarray:
    """Corners (n, 4, 2) of rectangles: front-left, front-right, back-right, back-left."""
    s, c = _sin_cos(facing)
    fwd = np.stack([s, -c], axis=-1)  # along the facing
    right = np.stack([c, s], axis=-1)  # facing + 90 degrees
    half_w = (np.asarray(width, dtype=float) / 2.0)[:, None, None]
    half_d = (np.asarray(depth, dtype=float) / 2.0)[:, None, None]
    centre = np.stack([np.asarray(x, dtype=float), np.asarray(y, dtype=float)], axis=-1)
    across = _CORNER_SIGNS[None, :, 0:1] * half_w * right[:, None, :]
    along = _CORNER_SIGNS[None, :, 1:2] * half_d * fwd[:, None, :]
    corners: np.ndarray = centre[:, None, :] + across + along
    return corners


def _round_vertices(
    radius: np.ndarray, x: np.ndarray, y: np.ndarray, facing: np.ndarray
) -> np.ndarray:
    """Vertices (n, ROUND_SEGMENTS, 2) of round bases, the outline turned with the facing."""
    r = np.asarray(radius, dtype=float)[:, None]
    s, c = _sin_cos(facing)
    ux, uy = _UNIT_CIRCLE[None, :, 0], _UNIT_CIRCLE[None, :, 1]
    # turn clockwise on the table (y down) by the facing
    vx = np.asarray(x, dtype=float)[:, None] + r * (c[:, None] * ux - s[:, None] * uy)
    vy = np.asarray(y, dtype=float)[:, None] + r * (s[:, None] * ux + c[:, None] * uy)
    return np.stack([vx, vy], axis=-1)


#: how many outlines :func:`footprint` keeps, the places bases stood most lately
FOOTPRINTS_KEPT = 20_000


@functools.lru_cache(maxsize=FOOTPRINTS_KEPT)
def footprint(shape: BaseShape, x: float, y: float, facing: float) -> Polygon:
    """The area a base covers when its centre is at (x, y) and it faces ``facing``.

    A rect base gives a rectangle with its corners in the order front-left, front-right,
    back-right, back-left; a round base gives a regular polygon of
    :data:`ROUND_SEGMENTS` vertices on the circle, turned with the facing (at facing 0 it is
    ``Point(x, y).buffer(r, quad_segs=32)``).

    Kept for the last :data:`FOOTPRINTS_KEPT` places (an outline is immutable): a charge's
    plan, a move's sweep and the AI's tries build the same outlines again and again, three
    times in four on the farmstead, and what is worked out of an outline is kept with it.
    """
    if shape.kind == "round":
        verts = _round_vertices(
            np.array([shape.radius]), np.array([x]), np.array([y]), np.array([facing])
        )
        return shapely.polygons(verts[0])
    # Same arithmetic, in the same order, as _rect_corners, without numpy's overhead for one
    # base (the results agree to the last bit wherever numpy's and libm's sine agree).
    sin_f, cos_f = _sin_cos_one(facing)
    fx, fy = sin_f, -cos_f
    rx, ry = cos_f, sin_f
    hw = float(shape.width) / 2.0
    hd = float(shape.depth) / 2.0
    x, y = float(x), float(y)
    pts = []
    for sw, sd in _CORNER_SIGN_PAIRS:
        aw = sw * hw
        ad = sd * hd
        pts.append(((x + aw * rx) + ad * fx, (y + aw * ry) + ad * fy))
    return Polygon(pts)


def footprints(
    shapes: BaseShape | Sequence[BaseShape],
    xs: Sequence[float] | np.ndarray,
    ys: Sequence[float] | np.ndarray,
    facings: Sequence[float] | np.ndarray,
) -> list[Polygon]:
    """Footprints of many bases at once, in input order.

    ``shapes`` is one shape for all or one per base.  The corners are computed with numpy
    for all bases of a kind together and turned into polygons in one shapely call, so this is
    much faster than calling :func:`footprint` in a loop, with the same coordinates (to the
    last bit where numpy's sine and cosine agree with the C library's, as they usually do).
    """
    xs_a = np.asarray(xs, dtype=float).reshape(-1)
    ys_a = np.asarray(ys, dtype=float).reshape(-1)
    fa = np.asarray(facings, dtype=float).reshape(-1)
    n = xs_a.shape[0]
    if ys_a.shape[0] != n or fa.shape[0] != n:
        raise ValueError("xs, ys and facings must have the same length")
    if n == 0:
        return []
    # Few distinct shapes are used many times: look each up once.
    if isinstance(shapes, BaseShape):
        table = [shapes]
        codes = np.zeros(n, dtype=np.intp)
    else:
        shape_list = list(shapes)
        if len(shape_list) != n:
            raise ValueError("one shape per base is needed (or a single shape for all)")
        seen: dict[int, int] = {}
        table = []
        code_list = []
        for s in shape_list:
            code = seen.get(id(s))
            if code is None:
                code = seen[id(s)] = len(table)
                table.append(s)
            code_list.append(code)
        codes = np.array(code_list, dtype=np.intp)
    out = np.empty(n, dtype=object)
    is_round = np.array([s.kind == "round" for s in table], dtype=bool)[codes]
    widths = np.array([s.width for s in table], dtype=float)[codes]
    rect_idx = np.flatnonzero(~is_round)
    round_idx = np.flatnonzero(is_round)
    if rect_idx.size:
        depths = np.array([s.depth for s in table], dtype=float)[codes]
        corners = _rect_corners(
            widths[rect_idx], depths[rect_idx], xs_a[rect_idx], ys_a[rect_idx], fa[rect_idx]
        )
        out[rect_idx] = shapely.polygons(corners)
    if round_idx.size:
        verts = _round_vertices(
            widths[round_idx] / 2.0, xs_a[round_idx], ys_a[round_idx], fa[round_idx]
        )
        out[round_idx] = shapely.polygons(verts)
    return list(out)


def side_segments(shape: BaseShape, x: float, y: float, facing: float) -> dict[str, LineString]:
    """The four sides of a rect base as segments, keyed front, right, back, left.

    Each segment runs clockwise around the base (front goes from the front-left corner to
    the front-right corner).  A round base has no sides: the result is empty.
    """
    if shape.kind == "round":
        return {}
    corners = _rect_corners(
        np.array([shape.width]),
        np.array([shape.depth]),
        np.array([x]),
        np.array([y]),
        np.array([facing]),
    )[0]
    return {name: LineString([corners[i], corners[(i + 1) % 4]]) for i, name in enumerate(SIDES)}

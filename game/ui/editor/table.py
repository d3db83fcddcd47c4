"""The mouse on the table while editing: select, move and turn units (a handle in front of
the selected unit), move and reshape terrain (its corners), move and size deployment zones,
draw rectangles, polygons and zones, and place the roster's units where the pointer is.

A drag shows where things would go (the models moved on a copy of the state, green or red
with the reason) and becomes one edit when it is let go."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from shapely.geometry import Point, Polygon

from game.core.roster import Profile
from game.core.state import GameState, Terrain
from game.geometry.bases import facing_toward, footprint, parse_base
from game.geometry.contact import overlaps
from game.ui.editor import edits
from game.ui.editor.view import front_point, moved, plain
from game.ui.info import side_label
from game.ui.panels import BAD_TEXT, OK_TEXT, QUIET

if TYPE_CHECKING:
    from game.ui.camera import Camera
    from game.ui.editor.editor import Editor

HANDLE_PX = 11  # how near the pointer must be to a handle (pixels)
HANDLE_REACH = 26  # pixels from a unit's front edge to its turning handle
CLICK_PX = 4  # a press and release this close is a click, not a drag
DOUBLE = 0.4  # seconds between the clicks of a double-click
SNAP = 15.0  # degrees a turn snaps to with Shift

XY = tuple[float, float]
Box = tuple[float, float, float, float]


# -- what a drag on the table is doing, from the press to the release (``pos``: where it began
# on the screen; ``start``: on the table; what it would make so far under ``new``, ``to`` or
# ``delta``)
class DrawDrag(TypedDict):
    kind: Literal["draw"]  # a rectangle of terrain or a zone
    start: XY
    end: XY
    pos: tuple[int, int]


class UnitDrag(TypedDict):
    kind: Literal["unit"]
    unit: int
    model: int | None
    start: XY
    pos: tuple[int, int]
    models: list[str]
    delta: NotRequired[XY]


class TurnDrag(TypedDict):
    kind: Literal["turn"]  # by the turning handle
    unit: int
    model: int | None
    about: XY
    facing: float
    pos: tuple[int, int]
    models: list[str]
    to: NotRequired[float]


class VertexDrag(TypedDict):
    kind: Literal["vertex"]  # a corner of a terrain piece
    piece: int
    vertex: int
    pos: tuple[int, int]
    poly: list[list[float]]
    new: NotRequired[list[list[float]]]


class PieceDrag(TypedDict):
    kind: Literal["piece"]
    piece: int
    start: XY
    pos: tuple[int, int]
    poly: list[list[float]]
    new: NotRequired[list[list[float]]]


class CornerDrag(TypedDict):
    kind: Literal["corner"]  # a corner of a deployment zone
    zone: int
    corner: int
    pos: tuple[int, int]
    rect: Box | None
    new: NotRequired[Box]


class ZoneDrag(TypedDict):
    kind: Literal["zone"]
    zone: int
    start: XY
    pos: tuple[int, int]
    rect: Box | None
    new: NotRequired[Box]


Drag = DrawDrag | UnitDrag | TurnDrag | VertexDrag | PieceDrag | CornerDrag | ZoneDrag


class TableTools:
    def __init__(self, editor: Editor) -> None:
        self.ed = editor
        self.drag: Drag | None = None
        self.last_click = (0.0, (0, 0))

    # -- where things are on the screen ---------------------------------------------------------
    @property
    def cam(self) -> Camera:
        return self.ed.app.view_camera()

    def pt(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.cam.to_table(pos)

    def near(self, pos: tuple[int, int], p: tuple[float, float], px: float = HANDLE_PX) -> bool:
        sx, sy = self.cam.to_screen(*p)
        return math.hypot(sx - pos[0], sy - pos[1]) <= px

    def turn_handle(self) -> tuple[float, float, float, float, float] | None:
        """The selected unit's turning handle: (x, y) of the handle, (x, y) it turns about,
        and its facing."""
        ed = self.ed
        if ed.sel is None or ed.sel[0] != "unit":
            return None
        models = ed.moving_models(ed.sel[1], ed.sel[2])
        if not models:
            return None
        reach = HANDLE_REACH / max(self.cam.scale, 1e-6)
        got = front_point(ed.state, models, ed.doc.ruleset.base_sizes, reach)
        if got is None:
            return None
        cx, cy = ed.turn_centre(ed.sel[1], ed.sel[2], models)
        return got[0], got[1], cx, cy, got[2]

    def unit_at(self, p: tuple[float, float]) -> tuple[int, int] | None:
        name = self.ed.app.table_renderer().pick(self.ed.state, p)
        return self.ed.view.owner.get(name) if name is not None else None

    def piece_at(self, p: tuple[float, float]) -> int | None:
        for i in reversed(range(len(self.ed.doc.terrain()))):
            poly = self.ed.polygon(i)
            if poly is not None and len(poly) >= 3 and Polygon(poly).buffer(0).contains(Point(p)):
                return i
        return None

    def zone_at(self, p: tuple[float, float]) -> int | None:
        for i in reversed(range(len(self.ed.doc.zones()))):
            r = self.ed.zone_rect(i)
            if r is not None and r[0] <= p[0] <= r[2] and r[1] <= p[1] <= r[3]:
                return i
        return None

    def vertex_at(self, pos: tuple[int, int]) -> int | None:
        ed = self.ed
        if ed.sel is None or ed.sel[0] != "terrain":
            return None
        poly = ed.polygon(ed.sel[1]) or []
        return next((j for j, p in enumerate(poly) if self.near(pos, p, 8)), None)

    def corner_at(self, pos: tuple[int, int]) -> int | None:
        ed = self.ed
        if ed.sel is None or ed.sel[0] != "zone":
            return None
        r = ed.zone_rect(ed.sel[1])
        if r is None:
            return None
        corners = [(r[0], r[1]), (r[2], r[1]), (r[2], r[3]), (r[0], r[3])]
        return next((k for k, c in enumerate(corners) if self.near(pos, c, 9)), None)

    def hover(self, pos: tuple[int, int], p: tuple[float, float],
              carrying: Profile | None = None) -> None:
        """What a click would do where the pointer is (the status line), and the ghost of the
        unit about to be placed (``carrying``: one dragged from the roster)."""
        ed = self.ed
        app = ed.app
        old = (ed.hint, ed.ghost is not None and ed.ghost[1])
        ed.hint, ed.ghost = None, None
        if not app.in_view(pos) or app.modal_open() or ed.input.ruler_on:
            if old != (None, False):
                app.dirty = True
            return
        handle = self.turn_handle()
        placing = carrying or ed.armed
        hit = self.unit_at(p) if carrying is None else None
        if handle is not None and self.near(pos, handle[:2]) and carrying is None:
            ed.hint = ("Drag to turn the unit (Shift: in steps of 15°; Q and E turn it too).",
                       OK_TEXT)
        elif self.vertex_at(pos) is not None:
            ed.hint = ("Drag to move this corner; Del removes it.", OK_TEXT)
        elif self.corner_at(pos) is not None:
            ed.hint = ("Drag to size the zone.", OK_TEXT)
        elif ed.tool != "select":
            return
        elif hit is not None:
            u = ed.doc.units()[hit[0]]
            probs = ed.doc.problems_of("units", hit[0])
            ed.hint = ((f"{edits.unit_name(u)}: {plain(ed.state, probs[0].reason)}.",
                        BAD_TEXT) if probs else
                       (f"Click to select {edits.unit_name(u)}; drag to move it.", QUIET))
        elif placing is not None:
            polys = ghost_polys(ed, placing.unit, *p)
            why = polys_trouble(ed.view.state, polys, set(), ed) if polys else ""
            ed.ghost = (polys, why)
            ed.hint = ((f"{placing.name} cannot stand here: {why}.", BAD_TEXT) if why else
                       (f"{'Let go' if carrying else 'Click'} to place {placing.name} for "
                        f"{side_label(ed.side)}.", OK_TEXT))
        if (ed.hint, ed.ghost is not None and ed.ghost[1]) != old or ed.ghost is not None:
            app.dirty = True

    # -- pressing ----------------------------------------------------------------------------
    def press(self, pos: tuple[int, int], shift: bool, ctrl: bool) -> None:
        ed = self.ed
        p = self.pt(pos)
        now = time.monotonic()
        double = now - self.last_click[0] < DOUBLE and math.dist(pos, self.last_click[1]) < 6
        self.last_click = (now, pos)
        if ed.tool in ("rect", "zone"):
            self.drag = {"kind": "draw", "start": p, "end": p, "pos": pos}
            return
        if ed.tool == "polygon":
            self.polygon_click(p, pos, double)
            return
        sel = ed.sel  # (a handle, a corner or a vertex is one of the selected thing)
        handle = self.turn_handle()
        if handle is not None and self.near(pos, handle[:2]):
            assert sel is not None
            self.drag = {"kind": "turn", "unit": sel[1], "model": sel[2],
                         "about": handle[2:4], "facing": handle[4], "pos": pos,
                         "models": ed.moving_models(sel[1], sel[2])}
            return
        j = self.vertex_at(pos)
        if j is None and ctrl and sel is not None and sel[0] == "terrain":
            j = self.insert_vertex(sel[1], p, pos)
        if j is not None:
            assert sel is not None
            poly = ed.polygon(sel[1])
            assert poly is not None  # (its corners were just found)
            self.drag = {"kind": "vertex", "piece": sel[1], "vertex": j, "pos": pos,
                         "poly": [list(v) for v in poly]}
            return
        corner = self.corner_at(pos)
        if corner is not None:
            assert sel is not None
            self.drag = {"kind": "corner", "zone": sel[1], "corner": corner, "pos": pos,
                         "rect": ed.zone_rect(sel[1])}
            return
        hit = self.unit_at(p)
        if hit is not None:
            i, k = hit
            u = ed.doc.units()[i]
            model = k if not edits.is_block(ed.doc, u) else None
            ed.select(("unit", i, model))
            mover, mk = ed.mover(i, model)
            self.drag = {"kind": "unit", "unit": mover, "model": mk, "start": p, "pos": pos,
                         "models": ed.moving_models(mover, mk)}
            return
        if ed.armed is not None:
            ed.place(ed.armed, p)
            return
        piece = self.piece_at(p)
        if piece is not None:
            ed.select(("terrain", piece, None))
            poly = ed.polygon(piece)
            assert poly is not None  # (the piece was found by its outline)
            self.drag = {"kind": "piece", "piece": piece, "start": p, "pos": pos,
                         "poly": [list(v) for v in poly]}
            return
        zone = self.zone_at(p)
        if zone is not None:
            ed.select(("zone", zone, None))
            self.drag = {"kind": "zone", "zone": zone, "start": p, "pos": pos,
                         "rect": ed.zone_rect(zone)}
            return
        ed.select(None)

    def insert_vertex(self, i: int, p: tuple[float, float], pos: tuple[int, int]) -> int | None:
        """Ctrl+click on an edge of the selected piece: a new corner there."""
        poly = self.ed.polygon(i) or []
        best, gap = None, 7.0 / max(self.cam.scale, 1e-6)
        for j in range(len(poly)):
            a, b = poly[j], poly[(j + 1) % len(poly)]
            d = _segment_distance(p, a, b)
            if d <= gap:
                best, gap = j + 1, d
        if best is None:
            return None
        new = [list(v) for v in poly]
        new.insert(best, [p[0], p[1]])
        edits.set_polygon(self.ed.doc, i, new, "add a corner to")
        self.ed.changed()
        return best

    def polygon_click(self, p: tuple[float, float], pos: tuple[int, int], double: bool) -> None:
        ed = self.ed
        draft = ed.draft
        if draft and len(draft) >= 3 and (double or self.near(pos, draft[0], 9)):
            ed.finish_polygon()
            return
        if draft and self.near(pos, draft[-1], 3):
            return
        draft.append(p)
        ed.say_quietly(f"Corner {len(draft)}. " + ("Click the first corner, double-click or press "
                                                    "Enter to close it; Backspace takes the last "
                                                    "back." if len(draft) >= 3 else
                                                    "Click the next corner."))

    # -- dragging ----------------------------------------------------------------------------
    def motion(self, pos: tuple[int, int], shift: bool, held: bool) -> None:
        ed = self.ed
        d = self.drag
        p = self.pt(pos)
        if d is None or not held:
            self.drag = None if not held else d
            ed.hover(pos, p)
            return
        if d["kind"] == "draw":
            d["end"] = p
            w, h = abs(p[0] - d["start"][0]), abs(p[1] - d["start"][1])
            ed.hint = (f'{w:.1f}" by {h:.1f}"', OK_TEXT)
        elif d["kind"] == "unit":
            dx, dy = p[0] - d["start"][0], p[1] - d["start"][1]
            d["delta"] = (dx, dy)
            ed.preview = moved(ed.view, d["models"], dx, dy)
            self.judge(d["models"], f'Moved {math.hypot(dx, dy):.1f}". ')
        elif d["kind"] == "turn":
            cx, cy = d["about"]
            f = facing_toward(cx, cy, p[0], p[1])
            if shift:
                f = round(f / SNAP) * SNAP % 360
            d["to"] = f
            ed.preview = moved(ed.view, d["models"], 0, 0, f - d["facing"], (cx, cy))
            self.judge(d["models"], f"Facing {f:.0f}°" + (" (15° steps). " if shift else
                                                           " (Shift: steps of 15°). "))
        elif d["kind"] == "vertex":
            poly = [list(v) for v in d["poly"]]
            poly[d["vertex"]] = [p[0], p[1]]
            d["new"] = poly
            ed.preview = with_terrain(ed.view.state, d["piece"], poly, ed)
        elif d["kind"] == "piece":
            dx, dy = p[0] - d["start"][0], p[1] - d["start"][1]
            d["new"] = [[x + dx, y + dy] for x, y in d["poly"]]
            ed.preview = with_terrain(ed.view.state, d["piece"], d["new"], ed)
        elif d["kind"] == "zone" or d["kind"] == "corner":
            assert d["rect"] is not None  # (the zone was found, or its corner, by its box)
            x0, y0, x1, y1 = d["rect"]
            if d["kind"] == "zone":
                dx, dy = p[0] - d["start"][0], p[1] - d["start"][1]
                d["new"] = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
            else:
                fixed = [(x1, y1), (x0, y1), (x0, y0), (x1, y0)][d["corner"]]
                d["new"] = (*fixed, *p)
            ed.zone_preview = (d["zone"], d["new"])
        ed.app.dirty = True

    def judge(self, models: list[str], head: str) -> None:
        """The status line while units move: where they would stand is fine, or why not."""
        ed = self.ed
        why = trouble(ed.state, models, ed)
        ed.trouble = (models, why)
        ed.hint = ((head + f"Not here: {why}.", BAD_TEXT) if why else
                   (head + "Let go to put it here.", OK_TEXT))

    def release(self, pos: tuple[int, int], shift: bool) -> None:
        ed = self.ed
        d, self.drag = self.drag, None
        ed.preview = None
        ed.zone_preview = None
        ed.trouble = None
        ed.hint = None
        if d is None:
            return
        moved_px = math.dist(pos, d["pos"])
        if d["kind"] == "draw":
            (x0, y0), (x1, y1) = d["start"], d["end"]
            if abs(x1 - x0) < 0.2 or abs(y1 - y0) < 0.2:
                ed.say_quietly("Drag across the table to draw (a rectangle at least 0.2\" each "
                               "way).")
                return
            if ed.tool == "zone":
                ed.add_zone(x0, y0, x1, y1)
            else:
                ed.add_piece([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
            return
        if moved_px < CLICK_PX and d["kind"] != "turn":
            return
        doc = ed.doc
        if d["kind"] == "unit" and "delta" in d:
            ed.move_unit(d["unit"], d["model"], *d["delta"])
        elif d["kind"] == "turn" and "to" in d:
            edits.set_facing(doc, d["unit"], d["to"], d["model"])
        elif d["kind"] == "vertex" and "new" in d:
            edits.set_polygon(doc, d["piece"], d["new"], "reshape")
        elif d["kind"] == "piece" and "new" in d:
            edits.set_polygon(doc, d["piece"], d["new"], "move")
        elif (d["kind"] == "zone" or d["kind"] == "corner") and "new" in d:
            zone = edits.zone_table(doc.zones()[d["zone"]].get("side", 1), *d["new"])
            edits.set_zone(doc, d["zone"], zone)
        ed.changed()
        ed.tell_problems()


def with_terrain(state: GameState, i: int, poly: list[list[float]], ed: Editor) -> GameState:
    """A copy of the state with terrain piece ``i`` drawn with this outline."""
    s = state.copy()
    pieces = list(s.terrain)
    tid = ed.doc.terrain()[i].get("id")
    for k, t in enumerate(pieces):
        if t.id == tid:
            pieces[k] = Terrain(t.id, t.kind, tuple((float(x), float(y)) for x, y in poly),
                                t.height, t.name)
    s.terrain = tuple(pieces)
    return s


def trouble(state: GameState, models: list[str], ed: Editor) -> str:
    """Why ``models`` may not stand where they are in ``state`` (off the table, on another
    base, in blocking terrain), or "" (the file's own check follows when they are let go)."""
    sizes = ed.doc.ruleset.base_sizes
    polys = []
    for n in models:
        m = state.models.get(n)
        if m is not None:
            polys.append((m, footprint(parse_base(m.base, sizes), m.x, m.y, m.facing)))
    return polys_trouble(state, [p for _, p in polys], set(models), ed)


def polys_trouble(state: GameState, polys: list[Any], skip: set[str], ed: Editor) -> str:
    tw, th = state.table
    sizes = ed.doc.ruleset.base_sizes
    for p in polys:
        x0, y0, x1, y1 = p.bounds
        if x0 < -1e-6 or y0 < -1e-6 or x1 > tw + 1e-6 or y1 > th + 1e-6:
            return "off the table"
    for o in state.models.values():
        if o.name in skip or not o.on_table:
            continue
        op = None
        for p in polys:
            x0, y0, x1, y1 = p.bounds
            if o.x < x0 - 3 or o.x > x1 + 3 or o.y < y0 - 3 or o.y > y1 + 3:
                continue
            op = op or footprint(parse_base(o.base, sizes), o.x, o.y, o.facing)
            if overlaps(p, op):
                return f"on the base of {o.display or o.name}"
    for t in state.terrain:
        if t.kind in ("obstacle", "impassable"):
            tp = Polygon(t.polygon)
            if any(overlaps(p, tp) for p in polys):
                return f"inside {t.display} ({t.kind})"
    return ""


def ghost_polys(ed: Editor, unit: dict[str, Any], x: float, y: float) -> list[Any]:
    """The bases a profile would stand on, centred at ``x``, ``y``, facing its side's way."""
    rs = ed.doc.ruleset
    f = 0.0 if ed.side == 1 else 180.0
    try:
        shape = parse_base(unit.get("base", rs.default_base), rs.base_sizes)
        places = rs.formation_placements(unit, x, y, f) if unit.get("models", 1) > 1 else None
    except (ValueError, TypeError, KeyError):
        return []
    return [footprint(shape, px, py, pf) for px, py, pf in (places or [(x, y, f)])]


def _segment_distance(p: tuple[float, float], a: Any, b: Any) -> float:
    ax, ay = float(a[0]), float(a[1])
    bx, by = float(b[0]), float(b[1])
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy)
                                                 / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)



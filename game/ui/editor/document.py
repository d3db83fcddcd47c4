"""The scenario being edited: a scenario file's table of keys, every change to it, undo and
redo, its problems (the same checks and messages as loading the file) and saving it.

No pygame here: the editor's window code calls these, and tests drive them directly. Every
edit goes through :meth:`EditDoc.change`, which keeps the table as it was before for undo;
an edit that continues the one before (typing in a field, dragging) can merge into its undo
step. Units, terrain pieces and zones are addressed by their index in the file's lists.
"""

from __future__ import annotations

import copy
import math
import os
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.core.errors import ScenarioError
from game.core.ruleset import Ruleset, get_ruleset, known_rulesets
from game.core.scenario import (
    FORMAT_VERSION,
    ID_RE,
    Problem,
    Review,
    Scenario,
    check_scenario,
    parse_text,
    read_file,
    review_scenario,
)
from game.core.scenario_writer import scenario_toml

UNDO_LIMIT = 300
#: the keys of a unit that say where it stands; every other key is its profile
PLACE_KEYS = ("x", "y", "facing", "positions")
#: how finely positions and facings are written (inches, degrees)
PLACES = 2


def tidy(v: float, places: int = PLACES) -> float:
    """A coordinate as it is written: rounded, and without a negative zero."""
    return round(v, places) + 0.0


def slug(text: str) -> str:
    """An id from a name: "Cold One Knights" -> "cold-one-knights"."""
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s[:32].strip("-") or "unit"


class EditDoc:
    """A scenario being edited. ``data`` is the file's table of keys; ``path`` the file it
    came from or was last saved to (None: never saved)."""

    def __init__(self, data: dict[str, Any], path: Path | None = None) -> None:
        self.data = data
        self.path = path
        self.undo_stack: list[tuple[dict[str, Any], str, Any, int]] = []
        self.redo_stack: list[tuple[dict[str, Any], str, Any, int]] = []
        self.revision = 0
        self._next_revision = 1
        self.saved_revision = 0
        self._review: tuple[int, Review] | None = None
        self.last_good: dict[str, dict[str, Any]] = {}

    # -- making one ------------------------------------------------------------------------------
    @classmethod
    def new(cls, ruleset: str, width: float = 48.0, height: float = 48.0,
            name: str = "New battle", turns: int | None = None, zones: bool = False) -> EditDoc:
        """A battle with no units yet. ``turns``: how many game turns it lasts (None: until
        a side is gone); ``zones``: a deployment zone along each side's table edge (side 1
        at the bottom, side 2 at the top), a quarter of the table deep, at most 12"."""
        get_ruleset(ruleset)  # (an unknown or unavailable ruleset fails here)
        data: dict[str, Any] = {"format": FORMAT_VERSION, "name": name, "ruleset": ruleset,
                                "first_side": 1}
        if turns is not None:
            data["turns"] = turns
        data["table"] = {"width": width, "height": height}
        if zones:
            depth = tidy(min(12.0, height / 4))
            data["deployment"] = [
                {"side": 1, "x": 0.0, "y": tidy(height - depth), "width": width, "height": depth},
                {"side": 2, "x": 0.0, "y": 0.0, "width": width, "height": depth}]
        data["units"] = []
        doc = cls(data)
        doc.saved_revision = -1  # a new battle is not saved yet
        return doc

    @classmethod
    def open(cls, path: str | Path) -> EditDoc:
        """A scenario file to edit. It may have problems (they are shown, to be fixed), but it
        must parse and name a ruleset that exists; raises :class:`ScenarioError` if not."""
        p = Path(path)
        data = read_file(p)
        rid = data.get("ruleset")
        if rid not in known_rulesets():
            raise ScenarioError(f"{p}: ruleset: unknown ruleset {rid!r} (known: "
                                f"{', '.join(known_rulesets())})")
        try:
            get_ruleset(rid)
        except NotImplementedError:
            raise ScenarioError(f'{p}: ruleset: "{rid}" is planned but not available yet') from None
        return cls(data, p)

    # -- what it is ------------------------------------------------------------------------------
    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.data["ruleset"])

    @property
    def name(self) -> str:
        n = self.data.get("name")
        return n if isinstance(n, str) and n.strip() else "Untitled battle"

    @property
    def where(self) -> str:
        """What messages call the file."""
        return self.path.name if self.path is not None else "the new battle"

    @property
    def dirty(self) -> bool:
        return self.revision != self.saved_revision

    def units(self) -> list[dict[str, Any]]:
        got = self.data.setdefault("units", [])
        return got if isinstance(got, list) else []

    def terrain(self) -> list[dict[str, Any]]:
        got = self.data.get("terrain", [])
        return got if isinstance(got, list) else []

    def zones(self) -> list[dict[str, Any]]:
        got = self.data.get("deployment", [])
        return got if isinstance(got, list) else []

    def table(self) -> tuple[float, float]:
        t = self.data.get("table", {})
        try:
            w, h = float(t["width"]), float(t["height"])
        except (KeyError, TypeError, ValueError):
            return 48.0, 48.0
        return (w, h) if all(math.isfinite(v) and 1 <= v <= 1000 for v in (w, h)) else (48.0, 48.0)

    # -- changing it -----------------------------------------------------------------------------
    def change(self, label: str, fn: Callable[[dict[str, Any]], Any], merge: Any = None) -> Any:
        """Carry out one edit (``fn`` changes the table in place) as an undo step named
        ``label``. ``merge``: an edit with the same non-None key as the one just before it
        joins its undo step (typing in one field, one drag)."""
        before = copy.deepcopy(self.data)
        out = fn(self.data)
        if self.data == before:
            return out
        top = self.undo_stack[-1] if self.undo_stack else None
        if merge is not None and top is not None and top[2] == merge and not self.redo_stack:
            pass  # the step that began it keeps the table as it was before all of it
        else:
            self.undo_stack.append((before, label, merge, self.revision))
            del self.undo_stack[:-UNDO_LIMIT]
        self.redo_stack.clear()
        self.revision = self._next_revision
        self._next_revision += 1
        return out

    def end_merge(self) -> None:
        """The next edit starts an undo step of its own, whatever its merge key."""
        if self.undo_stack:
            before, label, _, rev = self.undo_stack[-1]
            self.undo_stack[-1] = (before, label, None, rev)

    def undo(self) -> str | None:
        """Undo the last edit; its name, or None when there is none."""
        if not self.undo_stack:
            return None
        before, label, _, rev = self.undo_stack.pop()
        self.redo_stack.append((self.data, label, None, self.revision))
        self.data, self.revision = before, rev
        return label

    def redo(self) -> str | None:
        if not self.redo_stack:
            return None
        after, label, _, rev = self.redo_stack.pop()
        self.undo_stack.append((self.data, label, None, self.revision))
        self.data, self.revision = after, rev
        return label

    # -- problems --------------------------------------------------------------------------------
    def review(self) -> Review:
        """Every problem, worded as loading the file would, and what can be drawn."""
        if self._review is None or self._review[0] != self.revision:
            got = review_scenario(self.data, self.where, substitute=self._stand_in)
            for i, u in enumerate(self.units()):
                bad = any(p.part == "units" and p.index == i for p in got.problems)
                if not bad and isinstance(u, dict) and isinstance(u.get("id"), str):
                    self.last_good[u["id"]] = copy.deepcopy(u)
            self._review = (self.revision, got)
        return self._review[1]

    def problems(self) -> list[Problem]:
        return self.review().problems

    def problems_of(self, part: str, index: int) -> list[Problem]:
        return [p for p in self.problems() if p.part == part and p.index == index]

    def _stand_in(self, i: int, u: dict[str, Any]) -> dict[str, Any] | None:
        """What to draw for a unit whose profile does not pass yet (a field half typed): its
        place with the last profile of it that passed, else the ruleset's blank; a key of its
        own that is broken too is left to the profile's."""
        rs = self.ruleset
        good = self.last_good.get(u.get("id")) if isinstance(u.get("id"), str) else None
        out = copy.deepcopy(good) if good is not None else {**rs.editor.starting_unit()}
        for key in ("id", "side", "name", *PLACE_KEYS, "base", "models", "files", "joins"):
            v = u.get(key)
            if key not in u:
                if key in ("positions", "joins", "name"):
                    out.pop(key, None)
            elif _usable(key, v, rs):
                out[key] = copy.deepcopy(v)
        if not isinstance(out.get("side"), int) or out.get("side") not in (1, 2):
            out["side"] = 1
        if not isinstance(out.get("id"), str) or not ID_RE.fullmatch(out["id"]):
            out["id"] = f"unit-{i + 1}"
        if isinstance(out.get("files"), int) and isinstance(out.get("models"), int):
            out["files"] = min(out["files"], out["models"])
        return out

    # -- saving ----------------------------------------------------------------------------------
    def check(self) -> Scenario:
        """The scenario as loading its file would take it; raises :class:`ScenarioError` with
        loading's message when it has a problem."""
        return check_scenario(copy.deepcopy(self.data), self.where)

    def text(self) -> str:
        return scenario_toml(self.data)

    def save(self, path: str | Path) -> Path:
        """Write the scenario as TOML (only when it loads: raises :class:`ScenarioError`
        otherwise, and writes nothing). The file is written whole or not at all, and read back
        to make sure it loads as the same scenario."""
        p = Path(path)
        self.check()
        text = self.text()
        if parse_text(text, p.name) != self.data:  # (cannot happen: the writer is exact)
            raise ScenarioError(f"{p.name}: the scenario would not read back the same; not saved")
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".saving-", suffix=".toml", dir=p.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.chmod(tmp, _file_mode(p))
            os.replace(tmp, p)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self.path = p
        self.saved_revision = self.revision
        self._review = None
        return p


def _usable(key: str, v: Any, rs: Ruleset) -> bool:
    """Whether a unit's own ``key`` can be drawn as it is (else the stand-in keeps its own)."""
    whole = isinstance(v, int) and not isinstance(v, bool)
    if key in ("models", "files"):
        return whole and 1 <= v <= (200 if key == "models" else 50)
    if key in ("x", "y", "facing"):
        return (whole or isinstance(v, float)) and math.isfinite(v)
    if key == "base":
        from game.geometry.bases import parse_base

        try:
            parse_base(v, rs.base_sizes)
        except (ValueError, TypeError, AttributeError):
            return False
        return True
    return True


def _file_mode(p: Path) -> int:
    """The mode of the file replaced, or that of a new file under the usual umask."""
    try:
        return p.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask

"""The scenario editor's work for each keystroke or drop: the edit (an undo step), every check
of the file run again, and the battle laid out to draw, on a big battle of each kind; and
writing the file. Target: well under 100 ms an edit (typing stays fluid).
Run: python bench/bench_editor.py"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ui.editor import edits  # noqa: E402
from game.ui.editor.document import EditDoc  # noqa: E402
from game.ui.editor.view import build_view  # noqa: E402


def skirmish(n: int = 200) -> dict[str, Any]:
    units = [{"id": f"m{i}", "side": 1 + i % 2, "x": 2.0 + (i % 20) * 2.5, "y": 2.0 + (i // 20) * 4.0,
              "stats": {"MOV": 5, "MAV": 3, "MA": 1, "DV": 9, "DIS": 5, "DT": 2}, "rules": ["Tough"]}
             for i in range(n)]
    return {"format": 1, "name": "Big skirmish", "ruleset": "skirmish-d10",
            "table": {"width": 60.0, "height": 48.0}, "units": units}


def formations(n: int = 16) -> dict[str, Any]:
    units = [{"id": f"u{i}", "side": 1 + i % 2, "x": 8.0 + (i % 4) * 14, "y": 8.0 + (i // 4) * 10,
              "facing": 0.0, "base": "25x25", "models": 20, "files": 5,
              "troop_type": "regular infantry",
              "stats": {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}}
             for i in range(n)]
    return {"format": 1, "name": "Big battle", "ruleset": "old-world",
            "table": {"width": 72.0, "height": 48.0}, "units": units}


def main() -> None:
    for data in (skirmish(), formations()):
        doc = EditDoc(data)
        view = build_view(doc)
        times = []
        for k in range(30):
            t0 = time.perf_counter()
            edits.set_unit_value(doc, 3, ("name",), f"Unit {k}", merge=("typing",))
            build_view(doc)
            times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        text = doc.text()
        doc.check()
        write = time.perf_counter() - t0
        print(f"{data['ruleset']}: {len(view.state.models)} models, an edit (undo step, checks, "
              f"layout) median {statistics.median(times) * 1000:.0f} ms, worst "
              f"{max(times) * 1000:.0f} ms; the file ({len(text) / 1000:.0f} kB) written and "
              f"checked in {write * 1000:.0f} ms (target: well under 100 ms an edit)")


if __name__ == "__main__":
    main()

"""``run.py report SAVE [--out report.html]``: a battle report of a save as one HTML page
(:mod:`game.report.page`), with a progress bar on stderr for long saves."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

from game.headless import BadInput, one_line

#: saves with at least this many events show a progress bar (on a terminal)
LONG = 2000


def report_command(args: Any) -> int:
    from game.core.replay import put_file, read_save
    from game.report.page import page
    from game.report.pictures import drawer
    from game.report.study import study

    t0 = time.perf_counter()
    out = Path(args.out) if args.out else Path(args.file).with_suffix(".html")
    _check_target(out, args.file)
    save = read_save(args.file)
    save.validate()
    if save.truncated:
        print(f"note: {one_line(save.truncated)}", file=sys.stderr)
    from game.core.ruleset import get_ruleset

    draw = drawer(get_ruleset(save.scenario.ruleset), save.scenario.table)
    bar = Bar() if sys.stderr.isatty() and sum(len(r.events) for r in save.records) >= LONG \
        else None
    done = study(save, draw, bar.update if bar is not None else None)
    text = page(done)
    if bar is not None:
        bar.close()
    try:
        put_file(out, text.encode("utf-8"))
    except OSError as exc:
        raise BadInput(f"--out {out}: cannot be written ({exc.strerror or exc})") from None
    pictures = sum(1 for e in done.turn_ends if e.picture is not None)
    print(f"report: {out} ({done.final.turn} game turns, {len(done.combats)} combats, "
          f"{pictures} pictures; {time.perf_counter() - t0:.1f} s)")
    return 0


def _check_target(out: Path, save: str) -> None:
    """A report is written over a report, never over anything else (the save itself, a
    folder, a file this program did not write)."""
    from game.report.page import GENERATOR

    if out.is_dir():
        raise BadInput(f"--out {out}: is a folder; give a file name like report.html")
    if not out.parent.exists():
        raise BadInput(f"--out {out}: the folder {out.parent} does not exist")
    if out.exists():
        try:
            head = out.open("rb").read(4096)
        except OSError as exc:
            raise BadInput(f"--out {out}: cannot be read ({exc.strerror or exc})") from None
        if GENERATOR.encode() not in head:
            what = "is the save itself" if Path(save).resolve() == out.resolve() else (
                "exists and is not a battle report")
            raise BadInput(f"--out {out}: {what}; not writing over it")


class Bar:
    """A progress bar on stderr."""

    def __init__(self) -> None:
        self.shown = -1

    def update(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        if filled == self.shown and done != total:
            return
        self.shown = filled
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} "
                         "events")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")

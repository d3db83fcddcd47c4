"""Playing on from half way through a saved game, on every shipped map: a game is played and
saved (the AI at ``random`` on both sides, or the map's own orders where its dice are fixed),
then ``play SAVE --headless --at N --ai both=normal --save NEW`` goes on from its middle
event, and ``replay NEW --check`` must accept the result. Prints the time each step takes.
The small maps are also in tests/core/test_position.py. Run: python bench/bench_play_on.py"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import main  # noqa: E402
from game.core.position import spot  # noqa: E402
from game.core.replay import check, read_save  # noqa: E402

MAPS = Path(__file__).resolve().parent.parent / "maps"


def quiet(argv: list[str]) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(argv)


def one(path: Path, folder: Path) -> str:
    full, on = folder / f"{path.stem}.jsonl", folder / f"{path.stem}-on.jsonl"
    first = [] if "dice" in path.read_text() else ["--ai", "both=random"]
    t0 = time.perf_counter()
    if quiet(["play", str(path), "--headless", "--save", str(full), *first]) != 0:
        return f"{path.name}: the first game could not be played"
    t1 = time.perf_counter()
    save = read_save(full)
    half = len(save.event_dicts()) // 2
    if quiet(["play", str(full), "--headless", "--at", str(half), "--ai", "both=normal",
              "--save", str(on)]) != 0:
        return f"{path.name}: playing on from event {half} failed"
    t2 = time.perf_counter()
    res = check(on)
    t3 = time.perf_counter()
    after = read_save(on)
    from game.core.replay import fold_save

    state = fold_save(after)
    kept = spot(save, half).events
    same = after.event_dicts()[:kept] == save.event_dicts()[:kept]
    return (f"{path.name:18s} saved game {len(save.event_dicts()):5d} events ({t1 - t0:5.1f} s); "
            f"on from event {kept:4d}: {len(after.event_dicts()) - kept:5d} events more in "
            f"{t2 - t1:5.1f} s, game over {state.game_over}, winner {state.winner}; "
            f"check {'OK' if res.ok and same else 'FAILED'} ({t3 - t2:.1f} s)")


def main_bench() -> None:
    with tempfile.TemporaryDirectory() as d:
        for path in sorted(MAPS.glob("*.toml")):
            print(one(path, Path(d)), flush=True)


if __name__ == "__main__":
    main_bench()

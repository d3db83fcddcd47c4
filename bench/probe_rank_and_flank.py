"""Whole rank-and-flank games checked as a player reads them: over random set-ups (one
charger, one target, random sizes, places and facings) and over AI-against-AI games on the
shipped maps, in both rulesets, every charge that reaches its target must be fought in that
player turn's combat, every pursuit or follow-up that reaches contact in the next one, and no
unit that has left the table may act, test or be targeted. Prints what it checked and every
problem found (the same checks as tests/rank_and_flank/test_contact_properties.py, more
games).

Run: python bench/probe_rank_and_flank.py [set-ups per ruleset (500)] [AI games per map (4)]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.game import play_out  # noqa: E402
from game.ai.simulate import setup  # noqa: E402
from game.core.engine import Engine  # noqa: E402
from tests.rank_and_flank.random_battles import examine, play, random_setup  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MAPS = {"old-world": ROOT / "maps" / "old-world.toml", "ninth-age": ROOT / "maps" / "ninth-age.toml"}


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    setups = int(argv[0]) if argv else 500
    games = int(argv[1]) if len(argv) > 1 else 4
    bad = 0
    for ruleset, path in MAPS.items():
        t = time.perf_counter()
        contacts = 0
        for seed in range(setups):
            engine, _ = play(random_setup(seed, ruleset), seed)
            found = examine(engine)
            contacts += found.contacts
            for p in found.unfought + found.ghosts + found.locked:
                bad += 1
                print(f"  {ruleset} set-up {seed}: {p}")
            if (seed + 1) % 50 == 0:
                print(f"  {ruleset}: {seed + 1}/{setups} set-ups", end="\r", flush=True)
        print(f"{ruleset}: {setups} random set-ups, {contacts} contacts reached, "
              f"{time.perf_counter() - t:.0f} s")
        for seed in range(games):
            t = time.perf_counter()
            engine = Engine(setup(str(path)), seed=seed)
            play_out(engine, {1: "normal", 2: "normal"})
            found = examine(engine)
            s = engine.state
            print(f"{path.name} seed {seed}: game turn {s.turn}, winner {s.winner} "
                  f"({s.end_reason}), {found.contacts} contacts, "
                  f"{time.perf_counter() - t:.0f} s")
            for p in found.unfought + found.ghosts + found.locked:
                bad += 1
                print(f"  {p}")
    print(f"problems: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

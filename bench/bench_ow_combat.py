"""How many old-world combat rounds between two 20-model units the engine resolves per second
on one core, every step included (Initiative steps, saves, the combat result, Break tests and
the moves after them) with the full event log kept. Target: 2,000 rounds/s.

Each ``end_turn`` plays a whole player turn whose Combat phase fights one round; a new pair of
units is set up (not timed) when one side is gone. Run: python bench/bench_ow_combat.py [seconds]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.commands import Order  # noqa: E402
from game.core.engine import Engine  # noqa: E402
from game.core.scenario import check_scenario  # noqa: E402
from game.rulesets.rank_and_flank.events import CombatResult  # noqa: E402

BASE = 25 / 25.4


def make(seed: int) -> Engine:
    stats = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 4, "W": 1, "I": 3, "A": 1, "Ld": 10}
    unit = {"models": 20, "files": 5, "troop_type": "regular infantry", "base": "25x25",
            "stats": stats, "armour": 5, "weapons": ["hand weapon", "shield"],
            "rules": ["Close Order", "Unbreakable"], "command": ["standard"]}
    data = {
        "format": 1, "name": "bench", "ruleset": "old-world", "seed": seed,
        "table": {"width": 48, "height": 48},
        "units": [
            {"id": "a", "side": 1, "x": 24, "y": 24 + 4 * BASE, "facing": 0, **unit},
            {"id": "b", "side": 2, "x": 24, "y": 24, "facing": 180, **unit},
        ],
    }
    return Engine(check_scenario(data, "bench"))


def main(seconds: float = 3.0) -> None:
    end = Order("end_turn")
    rounds = events = games = 0
    elapsed = cpu = 0.0
    while elapsed < seconds:
        eng = make(games)
        games += 1
        t0, c0 = time.perf_counter(), time.thread_time()
        while not eng.state.game_over and all(u.on_table for u in eng.state.units.values()):
            before = len(eng.log)
            out = eng.execute(end)
            while eng.pending_ask is not None:
                eng.answer_default()
            rounds += sum(1 for e in eng.log[before:] if isinstance(e, CombatResult))
            if not out.ok or eng.state.turn > 50:
                break
        elapsed += time.perf_counter() - t0
        cpu += time.thread_time() - c0
        events += len(eng.log)
    print(f"{rounds} rounds of 20 v 20 in {elapsed:.2f} s: {rounds / elapsed:,.0f} rounds/s "
          f"(CPU {rounds / cpu:,.0f}/s), {events / elapsed:,.0f} events/s, {games} games")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)

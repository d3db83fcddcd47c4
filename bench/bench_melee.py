"""How many one-against-one melees the engine resolves per second on one core.

Each melee: a Fight order and the end of the activation that resolves it (MA 3 each, so three
Attack Checks and three Defensive Strikes), with the full event log kept. Target: 10,000/s
(issue 12). The machine is shared: the CPU-time figure is the steadier one.
Run: python bench/bench_melee.py [seconds]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.commands import Order  # noqa: E402
from game.core.engine import Engine  # noqa: E402
from game.core.scenario import check_scenario  # noqa: E402
from game.rulesets.common.flow import alternating

STATS = {"MOV": 5, "MAV": 2, "MA": 3, "DV": 12, "DIS": 5, "DT": 20}


def make() -> Engine:
    data = {
        "format": 1, "name": "bench", "ruleset": "skirmish-d10", "seed": 1,
        "table": {"width": 24, "height": 24},
        "units": [
            {"id": "a", "side": 1, "x": 12, "y": 10 + 25 / 25.4, "facing": 0, "stats": STATS},
            {"id": "b", "side": 2, "x": 12, "y": 10, "facing": 180, "stats": STATS},
        ],
    }
    return Engine(check_scenario(data, "bench"))


def main(seconds: float = 3.0) -> None:
    fight_a = Order("fight", "a", (("target", "b"),))
    fight_b = Order("fight", "b", (("target", "a"),))
    end = Order("end_activation")
    melees = events = 0
    elapsed = cpu = 0.0
    while elapsed < seconds:
        eng = make()  # a new duel when one ends; setting it up is not timed
        t0, c0 = time.perf_counter(), time.thread_time()
        while not eng.state.game_over:
            eng.execute(fight_a if alternating(eng.state).next_side == 1 else fight_b)
            eng.execute(end)
            melees += 1
        elapsed += time.perf_counter() - t0
        cpu += time.thread_time() - c0
        events += len(eng.log)
    print(f"melees: {melees} in {elapsed:.2f} s = {melees / elapsed:,.0f} melees/s "
          f"(target 10,000), {events / elapsed:,.0f} events/s; "
          f"by this thread's CPU time {melees / cpu:,.0f} melees/s")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)

"""How many ninth-age combat rounds between two 20-model units the engine resolves per second
on one core, every step included (Initiative Steps, saves, the Combat Score, Break Tests and
the flight and pursuit after them) with the full event log kept. The units are two blocks of
5 x 4 infantry; side 1's models are knights and horses (two parts each, striking at two
steps), so the parts and steps of ninth-age are in the figure.

Each ``end_turn`` plays a whole player turn whose Melee phase fights one round; a new pair of
units is set up (not timed) when one side is gone. Run: python bench/bench_na_combat.py [seconds]
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
    rules = ["Unbreakable"]
    block = {"models": 20, "files": 5, "troop_type": "infantry", "base": "25x25",
             "weapons": ["shield"], "rules": rules, "command": ["standard"]}
    one = {"Adv": 4, "Mar": 8, "Dis": 10, "HP": 1, "Def": 3, "Res": 4, "Arm": 2,
           "Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 3}
    two = {k: one[k] for k in ("Adv", "Mar", "Dis", "HP", "Def", "Res", "Arm")}
    parts = [{"name": "rider", "stats": {"Att": 1, "Off": 4, "Str": 4, "AP": 1, "Agi": 4}},
             {"name": "horse", "stats": {"Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 2}}]
    data = {
        "format": 1, "name": "bench", "ruleset": "ninth-age", "seed": seed,
        "table": {"width": 48, "height": 48},
        "units": [
            {"id": "a", "side": 1, "x": 24, "y": 24 + 4 * BASE, "facing": 0, **block,
             "stats": two, "parts": parts},
            {"id": "b", "side": 2, "x": 24, "y": 24, "facing": 180, **block, "stats": one},
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

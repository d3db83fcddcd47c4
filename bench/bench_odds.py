"""How fast the odds come: the exact answer, the first estimate (1,000 samples) and 10,000
samples, wall-clock and by this process's CPU time (the machine is shared: CPU time is the
steadier figure).

Targets (issue 12): first estimate from at least 1,000 samples within 250 ms; 10,000 samples
within 1 s; exact within 50 ms (issue 18: the first exact answer for a shoot order too);
issue 23: 10,000 samples of an old-world charge and the combat it starts within 5 s of one
core's CPU time.

Run: python bench/bench_odds.py [repeats]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core.commands import Order  # noqa: E402
from game.core.engine import Engine  # noqa: E402
from game.core.scenario import check_scenario, load_scenario  # noqa: E402
from game.odds import OddsEstimator  # noqa: E402

STATS = {"MOV": 5, "MAV": 4, "MA": 3, "DV": 10, "DIS": 5, "DT": 3}


def duel() -> Engine:
    data = {
        "format": 1, "name": "bench", "ruleset": "skirmish-d10", "seed": 1,
        "table": {"width": 24, "height": 24},
        "units": [
            {"id": "a", "side": 1, "x": 12, "y": 10 + 25 / 25.4, "facing": 0, "stats": STATS},
            {"id": "b", "side": 2, "x": 12, "y": 10, "facing": 180, "stats": STATS},
        ],
    }
    return Engine(check_scenario(data, "bench"))


def shooting() -> Engine:
    """old-world: 10 handgunners 14" from 10 models standing behind a low wall, in the
    Shooting phase."""
    stats = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}
    unit = {"troop_type": "regular infantry", "models": 10, "files": 5, "stats": stats}
    data = {
        "format": 1, "name": "bench", "ruleset": "old-world", "seed": 1,
        "table": {"width": 48, "height": 48},
        "terrain": [{"id": "wall", "kind": "obstacle", "height": 1.0,
                     "polygon": [[18, 24], [30, 24], [30, 24.3], [18, 24.3]]}],
        "units": [dict(unit, id="a", side=1, x=24, y=40, weapons=["hand weapon", "handgun"]),
                  dict(unit, id="b", side=2, x=24, y=22, facing=180, armour=5)],
        "orders": [{"do": "next_phase"}, {"do": "next_phase"}],
    }
    from game.core.commands import command_from_dict

    e = Engine(check_scenario(data, "bench"))
    for raw in data["orders"]:
        e.run_order(command_from_dict(raw))
    return e


def old_world_charge() -> tuple[Engine, Order]:
    """old-world: five knights 10" from the front of a block of 20 orcs, in the Charge phase.
    The odds play the charge out: the reaction, the charge move, the combat it starts (Combat
    Result, Break test, flight and pursuit) to the end of the player turn."""
    from bench.close_clash import close_clash

    return (Engine(close_clash()),
            Order("charge", "knights", (("target", "orcs"),)))


def timed(est: OddsEstimator, samples: int, jobs: int = 1) -> tuple[float, float, float]:
    """Wall seconds to the first estimate, wall and CPU seconds to all ``samples``."""
    t0, c0 = time.perf_counter(), time.process_time()
    first: list[float] = []
    est.run(samples, batch=1000, jobs=jobs,
            on_update=lambda o: first or first.append(time.perf_counter() - t0))
    return first[0], time.perf_counter() - t0, time.process_time() - c0


def main(repeats: int = 3) -> None:
    fight = Order("fight", "a", (("target", "b"),))
    t0 = time.perf_counter()
    import icepool  # noqa: F401

    imported = time.perf_counter() - t0
    e = duel()
    cold = OddsEstimator(e, fight)
    t0 = time.perf_counter()
    assert cold.exact() is not None
    first_exact = time.perf_counter() - t0
    warm = []
    for _ in range(repeats):
        est = OddsEstimator(e, fight)
        t0 = time.perf_counter()
        est.exact()
        warm.append(time.perf_counter() - t0)
    print(f"exact (skirmish-d10 fight, MA 3 each): first {1000 * first_exact:.1f} ms "
          f"(icepool imported before, {1000 * imported:.0f} ms), then best "
          f"{1000 * min(warm):.1f} ms (target 50 ms)")

    # a shoot order of old-world: the first exact answer in a fresh position (its sight lines
    # drawn for the first time), icepool already imported
    shot_engine = shooting()
    shoot = Order("shoot", "a", (("target", "b"),))
    t0 = time.perf_counter()
    cold_shot = OddsEstimator(shot_engine, shoot)
    built = time.perf_counter() - t0
    t0 = time.perf_counter()
    assert cold_shot.exact() is not None
    first_shot = time.perf_counter() - t0
    print(f"exact (old-world shoot, 10 handguns at 10 models behind a wall): first answer "
          f"{1000 * (built + first_shot):.1f} ms ({1000 * built:.1f} ms checking the order on a "
          f"copy, {1000 * first_shot:.1f} ms the pools; target 50 ms)")

    cases = [("skirmish-d10 fight in contact", e, fight)]
    sc = load_scenario(ROOT / "maps" / "duel.toml")
    raw = {k: v for k, v in sc.raw.items() if k != "orders"}
    e2 = Engine(check_scenario(raw, "duel"), seed=3)
    cases.append(("skirmish-d10 charge then fight (duel.toml)", e2,
                  Order("charge", "orc", (("target", "elf"),))))
    cases.append(("old-world charge and its combat (knights on an infantry block)",
                  *old_world_charge()))
    for name, eng, order in cases:
        # (the old-world charge plays a whole combat: its target is 10,000 in 5 s of CPU)
        slow = name.startswith("old-world")
        for jobs in (1,) if slow else (1, 2):
            runs = [timed(OddsEstimator(eng, order, seed=i), 10000, jobs) for i in range(repeats)]
            f = min(r[0] for r in runs)
            w = min(r[1] for r in runs)
            c = min(r[2] for r in runs)
            cpu = f", this process's CPU {c:.2f} s ({10000 / c:,.0f} samples/s)" if jobs == 1 else ""
            print(f"{name}, {jobs} process{'es' if jobs > 1 else ''}: first 1,000 samples in "
                  f"{1000 * f:.0f} ms{'' if slow else ' (target 250)'}, 10,000 in {w:.2f} s "
                  f"wall (target {'5 s of CPU' if slow else '1 s'}, {10000 / w:,.0f} "
                  f"samples/s){cpu}; best of {repeats}")

if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)

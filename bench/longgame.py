"""A long skirmish-d10 game for the benchmarks: pairs of models in base contact that fight
each other turn after turn until the log holds at least N events (fixed seeds: every run
builds the same game)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.commands import Order  # noqa: E402
from game.core.engine import Engine  # noqa: E402
from game.core.scenario import check_scenario  # noqa: E402
from game.rulesets.common.flow import alternating, units_to_activate

STANDARD = 25.0 / 25.4


def battle(pairs: int = 12) -> Engine:
    units = []
    for i in range(pairs):
        x = 2.0 + i * 3.5
        stats = {"MOV": 6, "MAV": 1, "MA": 3, "DV": 12, "DIS": 5, "DT": 20}
        units.append({"id": f"s1m{i}", "side": 1, "x": x, "y": 20.0 + STANDARD, "facing": 0.0,
                      "stats": stats, "rules": ["Tough"] if i % 3 == 0 else []})
        units.append({"id": f"s2m{i}", "side": 2, "x": x, "y": 20.0, "facing": 180.0,
                      "stats": stats})
    data = {"format": 1, "name": "long game", "ruleset": "skirmish-d10", "seed": 99,
            "table": {"width": 48.0, "height": 48.0}, "units": units}
    return Engine(check_scenario(data, "bench"))


def play(min_events: int) -> Engine:
    eng = battle()
    while len(eng.log) < min_events and not eng.state.game_over:
        s = eng.state
        side = alternating(s).next_side
        waiting = units_to_activate(s, side)
        if not waiting:
            eng.execute(Order("end_turn"))
            continue
        m = s.models[waiting[0]]
        partner = s.models[f"s{3 - side}m{m.name.split('m')[1]}"]
        if partner.on_table:
            eng.execute(Order("fight", m.name, (("target", partner.name),)))
        else:
            eng.execute(Order("pass", m.name))
        eng.execute(Order("end_activation"))
    eng.finish()
    return eng

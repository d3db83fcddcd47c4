"""The Close Clash set-up the old-world benchmarks share: five heavy cavalry 10" from the front
of a block of 20 orcs (the scenario of issue 17), with the dice seed 1."""

from __future__ import annotations

from game.core.scenario import Scenario, check_scenario

STATS = {"M": 7, "WS": 4, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 8}


def close_clash(name: str = "bench") -> Scenario:
    data = {"format": 1, "name": name, "ruleset": "old-world", "seed": 1,
            "table": {"width": 72.0, "height": 48.0},
            "units": [{"id": "knights", "side": 1, "x": 36.0, "y": 36.94, "base": "30x60",
                       "models": 5, "troop_type": "heavy cavalry", "stats": STATS},
                      {"id": "orcs", "side": 2, "x": 36.0, "y": 26.0, "facing": 180.0,
                       "base": "25x25", "models": 20, "troop_type": "regular infantry",
                       "stats": dict(STATS, M=4)}]}
    return check_scenario(data, name)

"""The luck graph's figures: on a scripted-dice fight the expected hits are the odds engine's
exact expected damage (each roll is counted by its ruleset's own rule: tests/core/
test_roll_count.py), and the chance of doing at least as well."""

from __future__ import annotations

import itertools
from math import comb

import pytest

from game.core.commands import Order
from game.core.engine import Engine
from game.core.replay import read_save, write_save
from game.core.ruleset import HITS
from game.core.scenario import check_scenario
from game.odds import OddsEstimator
from game.report.luck import tail
from game.report.study import study
from tests.support import b2b_pair, scenario, unit

# MAV 4 against DV 9: a hit on 5 or more, or a natural 10 (6 faces in 10); MAV 3 against
# DV 10: 7 or more (4 in 10). Enough damage tracks that no hit goes uncounted.
ORC = {"MOV": 5, "MAV": 4, "MA": 3, "DV": 10, "DIS": 5, "DT": 9}
ELF = {"MOV": 5, "MAV": 3, "MA": 2, "DV": 9, "DIS": 5, "DT": 9}


def test_the_luck_graph_expects_what_the_odds_engine_works_out_exactly(tmp_path) -> None:
    ya, yb = b2b_pair()
    dice = [10, 3, 7, 2, 9]  # the orc's three attacks, then the elf's two Defensive Strikes
    data = scenario([unit("orc", 1, 12, yb, stats=ORC), unit("elf", 2, 12, ya, 180, stats=ELF)],
                    dice=dice, seed=5)
    engine = Engine(check_scenario(data, "test"), seed=5)
    fight = Order("fight", "orc", (("target", "elf"),))
    odds = OddsEstimator(engine, fight).exact()
    assert odds is not None and odds.exact
    assert engine.execute(fight).ok
    engine.finish()
    path = tmp_path / "fight.jsonl"
    write_save(engine, path)
    save = read_save(path)
    save.validate()
    luck = study(save).luck
    orc, elf = luck.total(1, HITS), luck.total(2, HITS)
    assert orc.expected == pytest.approx(odds.expected("target"))
    assert elf.expected == pytest.approx(odds.expected("actor"))
    # and those are the numbers the rules give: 3 dice at 6 in 10, 2 dice at 4 in 10
    assert (orc.expected, elf.expected) == pytest.approx((1.8, 0.8))
    # what the dice did: 10 and 7 hit (3 misses); 9 hits (2 misses)
    assert (orc.got, elf.got, orc.dice, elf.dice) == (2, 1, 3, 2)
    assert luck.turns == [1] and luck.kinds == [HITS]
    # two hits or more of three at 0.6: 3 * 0.6^2 * 0.4 + 0.6^3
    assert luck.at_least(1) == pytest.approx(3 * 0.36 * 0.4 + 0.216)


def test_the_chance_of_as_many_successes_or_more() -> None:
    assert tail([0.5] * 4, 3) == pytest.approx(5 / 16)
    assert tail([0.5] * 4, 0) == 1.0 and tail([0.5] * 4, 5) == 0.0
    ps = [0.2, 0.5, 0.9]
    want = sum(
        (ps[0] if a else 1 - ps[0]) * (ps[1] if b else 1 - ps[1]) * (ps[2] if c else 1 - ps[2])
        for a, b, c in itertools.product((0, 1), repeat=3) if a + b + c >= 2)
    assert tail(ps, 2) == pytest.approx(want)
    assert tail([0.3] * 10, 4) == pytest.approx(
        sum(comb(10, k) * 0.3**k * 0.7 ** (10 - k) for k in range(4, 11)))

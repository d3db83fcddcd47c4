"""The AI on huge battles (issue 22: with 2,000 units it had made no move after 150 s): the
ruleset offers the commands of a few units (those nearest the enemy and some at random), the
AI tries a sample of what is offered, fewer the bigger the battle, stops its first round at
its time limit, and says in its explanation when it cut its search. Speed itself is measured
by bench/bench_ai_scale.py, not here."""

from __future__ import annotations

import math
import random

from game.ai.player import (
    FULL_SEARCH,
    MAX_TRIED,
    MIN_TRIED,
    choose,
    material,
    most_tried,
    sample,
)
from game.core.commands import Answer, Order
from game.core.engine import Engine
from game.core.ruleset import Candidate, SampledCandidates
from game.core.scenario import check_scenario
from game.core.spatial import SMALL, nearest_distances
from game.rulesets.common.candidates import AT_RANDOM, MAX_UNITS
from tests.support import scenario, unit


def crowd(per_side: int, gap: float = 10.0) -> Engine:
    """``per_side`` single models a side, in two lines ``gap`` inches apart."""
    units = []
    for i in range(per_side):
        units.append(unit(f"a{i}", 1, 1.5 + 1.6 * i, 12 + gap / 2))
        units.append(unit(f"b{i}", 2, 1.5 + 1.6 * i, 12 - gap / 2, 180))
    data = scenario(units, seed=4)
    data["table"] = {"width": 3 + 1.6 * per_side, "height": 24.0}
    return Engine(check_scenario(data, "crowd"), seed=4)


def test_nearest_distances_are_those_of_every_pair() -> None:
    rng = random.Random(2)
    for n in (3, 40, 300):  # (300 x 300 is past SMALL: the tree)
        a = [(rng.uniform(0, 50), rng.uniform(0, 50)) for _ in range(n)]
        b = [(rng.uniform(0, 50), rng.uniform(0, 50)) for _ in range(n)]
        want = [min(math.hypot(x - ox, y - oy) for ox, oy in b) for x, y in a]
        assert nearest_distances(a, b) == want
        assert nearest_distances(a[::-1], b) == want[::-1]  # asked again, from what it knows
    assert SMALL < 300 * 300
    assert nearest_distances([(1.0, 1.0)], []) == [math.inf]


def test_a_big_battle_offers_the_units_nearest_the_enemy_and_a_few_more() -> None:
    e = crowd(20)
    # move side 2's a3..a7 counterparts close: their side 1 opposite numbers are the nearest
    s = e.state
    from dataclasses import replace

    for i in range(3, 3 + MAX_UNITS - AT_RANDOM):
        s.models[f"b{i}"] = replace(s.models[f"b{i}"], y=s.models[f"a{i}"].y - 3.0)
    got = e.ruleset.advisor.candidates(s, 1, random.Random(1), 0)
    assert isinstance(got, SampledCandidates) and (got.units, got.of) == (MAX_UNITS, 20)
    units = {c.unit for c in got}
    near = {f"a{i}" for i in range(3, 3 + MAX_UNITS - AT_RANDOM)}
    assert near <= units and len(units) == MAX_UNITS
    # a small battle offers every unit, as a plain list
    small = crowd(MAX_UNITS)
    got = small.ruleset.advisor.candidates(small.state, 1, random.Random(1), 0)
    assert not isinstance(got, SampledCandidates)
    assert {c.unit for c in got} == {f"a{i}" for i in range(MAX_UNITS)}


def test_a_sample_keeps_what_decides_first_and_draws_the_rest() -> None:
    def c(kind: str, i: int) -> Candidate:
        cmd = Answer(i) if kind == "answer" else Order(kind, f"m{i}")
        return Candidate(cmd, kind, f"m{i}")

    cands = ([c("move", i) for i in range(50)] + [c("charge", i) for i in range(6)]
             + [c("fight", i) for i in range(4)] + [c("end", 0)] + [c("pass", i) for i in range(9)])
    got = sample(cands, random.Random(3), 20)
    kinds = [x.kind for x in got]
    assert len(got) == 20 and kinds.count("end") == 1 and kinds.count("fight") == 4
    assert kinds.count("charge") == 6 and kinds.count("move") + kinds.count("pass") == 9
    assert got == sorted(got, key=cands.index)  # in the order offered
    assert sample(cands, random.Random(3), 20) == got  # the same seed, the same sample
    assert sample(cands, random.Random(3), 200) == cands


def test_the_bigger_the_battle_the_fewer_tries() -> None:
    assert most_tried(FULL_SEARCH) == MAX_TRIED
    assert most_tried(2 * FULL_SEARCH) == MAX_TRIED // 2
    assert most_tried(2400) == MIN_TRIED  # (60 units of 40 models)


def test_a_big_battle_says_it_was_sampled_and_repeats_itself() -> None:
    e = crowd(40)
    a = choose(e, 1, "normal")
    b = choose(e, 1, "normal")
    assert a.command == b.command and a.reason == b.reason
    assert a.cut.startswith(f"a battle this size is sampled: it weighed {MAX_UNITS} of its 40 "
                            "units")
    assert a.reason.endswith(f"({a.cut})") and a.offered > a.considered > 0
    small = choose(crowd(3), 1, "normal")
    assert small.cut == "" and "(" not in small.reason


def test_a_time_limit_stops_the_first_round_and_says_so() -> None:
    e = crowd(10)
    got = choose(e, 1, "normal", time_budget=0.0)
    assert got.considered >= 1
    assert "its time ran out after 1 of" in got.cut and got.cut in got.reason


def test_a_units_worth_is_worked_out_again_once_it_changes() -> None:
    from dataclasses import replace

    e = crowd(3)
    before = material(e, 1)
    s = e.state
    s.models["b0"] = replace(s.models["b0"], damage=1)
    hurt = material(e, 1)
    assert hurt > before
    s.models["b0"] = replace(s.models["b0"], status="destroyed")
    assert material(e, 1) > hurt

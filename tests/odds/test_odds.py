"""Odds of an action: sampled on copies of the engine, exact where the ruleset declares
independent dice pools, the two agreeing; the CLI and its JSON."""

from __future__ import annotations

import json
import math
import threading
from pathlib import Path

import pytest

from game.cli import main
from game.core.commands import Order
from game.core.engine import Engine
from game.core.scenario import check_scenario
from game.odds import OddsError, OddsEstimator
from tests.support import b2b_pair, scenario, unit

# MAV 4 against DV 9: a hit on 5 or more (6 faces in 10); MAV 3 against DV 10: 7 or more
ORC = {"MOV": 5, "MAV": 4, "MA": 3, "DV": 10, "DIS": 5, "DT": 3}
ELF = {"MOV": 5, "MAV": 3, "MA": 2, "DV": 9, "DIS": 5, "DT": 2}
FIGHT = Order("fight", "orc", (("target", "elf"),))


def duel(**orc_extra) -> dict:
    ya, yb = b2b_pair()
    return scenario([unit("orc", 1, 12, yb, stats=ORC, **orc_extra),
                     unit("elf", 2, 12, ya, 180, stats=ELF)], seed=5)


def engine(data: dict) -> Engine:
    return Engine(check_scenario(data, "test"), seed=5)


def binom(n: int, k: int, p: float) -> float:
    return math.comb(n, k) * p**k * (1 - p) ** (n - k)


def test_exact_odds_of_a_plain_fight_are_two_binomials() -> None:
    odds = OddsEstimator(engine(duel()), FIGHT).exact()
    assert odds is not None and odds.exact
    # three attacks hitting 6 times in 10; the elf has 2 damage tracks (more is not counted)
    want_t = {0: binom(3, 0, .6), 1: binom(3, 1, .6), 2: binom(3, 2, .6) + binom(3, 3, .6)}
    assert odds.damage_to_target == pytest.approx(want_t)
    assert odds.target_destroyed == pytest.approx(want_t[2])
    # two Defensive Strikes hitting 4 times in 10 against the orc's 3 tracks
    want_a = {k: binom(2, k, .4) for k in range(3)}
    assert odds.damage_to_actor == pytest.approx(want_a)
    assert odds.actor_destroyed == 0.0
    assert odds.at_least(1) == pytest.approx(1 - binom(3, 0, .6))
    assert odds.expected("actor") == pytest.approx(0.8)


def test_sampled_odds_agree_with_exact_within_the_sampling_error() -> None:
    est = OddsEstimator(engine(duel()), FIGHT, seed=11)
    exact = est.exact()
    sampled = est.run(6000)
    assert sampled.samples == 6000 and not sampled.exact
    for d, p in exact.damage_to_target.items():
        q = sampled.damage_to_target.get(d, 0.0)
        assert abs(q - p) <= 4 * math.sqrt(p * (1 - p) / 6000) + 1e-9, (d, p, q)
    for d, p in exact.damage_to_actor.items():
        q = sampled.damage_to_actor.get(d, 0.0)
        assert abs(q - p) <= 4 * math.sqrt(p * (1 - p) / 6000) + 1e-9, (d, p, q)
    p = exact.target_destroyed
    assert abs(sampled.target_destroyed - p) <= 4 * sampled.error(p)


def test_no_exact_odds_where_a_rule_or_condition_could_react() -> None:
    assert OddsEstimator(engine(duel(rules=["Tough"])), FIGHT).exact() is None
    data = duel()
    data["units"].append(unit("friend", 1, 12 - 25 / 25.4, b2b_pair()[0], 90))  # touches the elf
    assert OddsEstimator(engine(data), FIGHT).exact() is None
    # a charge moves first: sampled only
    ya, _ = b2b_pair()
    far = scenario([unit("orc", 1, 12, ya + 4, stats=ORC), unit("elf", 2, 12, ya, 180, stats=ELF)])
    est = OddsEstimator(engine(far), Order("charge", "orc", (("target", "elf"),)))
    assert est.exact() is None
    got = est.run(400)
    assert got.samples == 400 and 0 < got.target_destroyed < 1


def test_sampling_never_changes_the_game_and_repeats_itself() -> None:
    e = engine(duel())
    before = (len(e.log), e.state.events_applied, e.dice.count)
    a = OddsEstimator(e, FIGHT, seed=3).run(500, batch=100)
    b = OddsEstimator(e, FIGHT, seed=3).run(500, batch=100)
    assert (len(e.log), e.state.events_applied, e.dice.count) == before
    assert a.damage_to_target == b.damage_to_target and a.damage_to_actor == b.damage_to_actor


def test_the_same_samples_on_two_processes() -> None:
    e = engine(duel())
    one = OddsEstimator(e, FIGHT, seed=8).run(600, batch=100, jobs=1)
    two = OddsEstimator(e, FIGHT, seed=8).run(600, batch=100, jobs=2)
    assert one.damage_to_target == two.damage_to_target
    assert one.damage_to_actor == two.damage_to_actor


def test_a_background_run_refines_and_can_be_cancelled() -> None:
    est = OddsEstimator(engine(duel()), FIGHT)
    seen: list[int] = []
    got_one = threading.Event()

    def update(o) -> None:
        seen.append(o.samples)
        got_one.set()

    th = est.start(10**7, on_update=update, batch=100)
    assert got_one.wait(10)
    est.cancel()
    th.join(10)
    assert not th.is_alive()
    assert seen == sorted(seen) and seen[0] == 100 and est.samples < 10**7


def test_an_order_the_rules_refuse_has_no_odds() -> None:
    ya, _ = b2b_pair()
    far = scenario([unit("orc", 1, 12, ya + 4, stats=ORC), unit("elf", 2, 12, ya, 180, stats=ELF)])
    with pytest.raises(OddsError, match="not in base contact"):
        OddsEstimator(engine(far), FIGHT)
    # a target that does not exist is named as such, not taken for a missing target
    with pytest.raises(OddsError, match='no model or unit "ghost"'):
        OddsEstimator(engine(far), Order("fight", "orc", (("target", "ghost"),)))


def write(tmp_path: Path, data: dict) -> str:
    p = tmp_path / "s.json"
    p.write_text(json.dumps(data))
    return str(p)


def test_cli_json(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, duel())
    assert main(["odds", path, "--unit", "orc", "--do", "fight", "--target", "elf", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["exact"] is True and doc["samples"] == 0
    assert doc["damage_to_target"]["0"] == pytest.approx(binom(3, 0, .6), abs=1e-6)
    assert set(doc) >= {"samples", "exact", "target_destroyed", "actor_destroyed",
                        "damage_to_target", "damage_to_actor"}
    assert main(["odds", path, "--unit", "orc", "--do", "fight", "--target", "elf", "--json",
                 "--sampled", "--samples", "300", "--seed", "4"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["exact"] is False and doc["samples"] == 300
    assert sum(doc["damage_to_target"].values()) == pytest.approx(1.0)


def test_cli_text_and_bad_orders(tmp_path: Path, capsys) -> None:
    path = write(tmp_path, duel())
    assert main(["odds", path, "--unit", "orc", "--do", "fight", "--target", "elf"]) == 0
    out = capsys.readouterr().out
    assert "worked out exactly" in out and "damage tracks to elf" in out
    assert main(["odds", path, "--unit", "orc", "--do", "fight", "--target", "nobody"]) == 2
    assert "nobody" in capsys.readouterr().err
    assert main(["odds", path, "--unit", "orc", "--do", "fight", "--target", "elf",
                 "--frenzy", "2"]) == 2
    err = capsys.readouterr().err
    assert "frenzy" in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("[" * 100_000, "nested far too deep to read"),  # (issue 22: a RecursionError)
        ("[" * 60_000 + "]" * 60_000, "nested far too deep to read"),
        ("[" * 11 + "]" * 11, "lies more than 12 levels deep"),  # as deep as in a scenario
        ("7" * 5000, "a number with thousands of digits"),
        ("18446744073709551616", "beyond the whole numbers a scenario can hold"),
        ("NaN", "not a finite number"),
        ('{"a\\nb": 1}', 'has a key that is not a plain name: "a\\nb"'),
    ],
    ids=["open 100000", "nested 60000", "nested 11", "4301 digits", "65 bits", "nan",
         "line break in a key"],
)
def test_extra_order_arguments_keep_the_limits_of_scenario_values(tmp_path: Path, capsys,
                                                                  value, words) -> None:
    path = write(tmp_path, duel())
    assert main(["odds", path, "--unit", "orc", "--do", "fight", "--target", "elf",
                 "--frenzy", value]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: odds: --frenzy") and words in err and err.count("\n") == 1


def test_an_extra_argument_as_deep_as_a_scenario_allows_reaches_the_rules(tmp_path: Path,
                                                                          capsys) -> None:
    # ten levels inside the order is what a scenario's orders accept: the ruleset judges it
    path = write(tmp_path, duel())
    assert main(["odds", path, "--unit", "orc", "--do", "fight", "--target", "elf",
                 "--frenzy", "[" * 10 + "]" * 10]) == 2
    assert "belongs to the Frenzy Special Ability" in capsys.readouterr().err

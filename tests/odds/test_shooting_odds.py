"""The odds of a shoot order: exact (one pool of shots per group of shooters, each shot's chance
of a lost Wound worked out from its to-hit, to-wound and save rolls) where nothing else in the
turn can touch the two units, agreeing with the sampled odds within the sampling error; sampled
otherwise; and through the command line."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest

from game.cli import main
from game.core.commands import Order
from game.core.engine import Engine
from game.core.scenario import check_scenario
from game.odds import OddsEstimator
from tests.ninth_age.helpers import block as na_block
from tests.ninth_age.helpers import na
from tests.old_world.helpers import block, facing_off, ow

SHOOT = Order("shoot", "a", (("target", "b"),))
TO_SHOOTING_OW = [{"do": "next_phase"}] * 2
TO_SHOOTING_NA = [{"do": "next_phase"}] * 3


def at_shooting(data: dict) -> Engine:
    from game.core.commands import command_from_dict

    eng = Engine(check_scenario(data, "test"), seed=5)
    for raw in data["orders"]:
        assert eng.run_order(command_from_dict(raw)).ok
    return eng


def ow_case(**b_kw) -> dict:
    a = block("a", 1, 24, 44, models=10, weapons=["hand weapon", "handgun"], stats={"BS": 3})
    b = block("b", 2, 24, 0, models=10, armour=4, **b_kw)
    return ow(facing_off(a, b, gap=16.0), orders=TO_SHOOTING_OW)


def agree(exact, sampled) -> None:
    n = sampled.samples
    for d in set(exact.damage_to_target) | set(sampled.damage_to_target):
        p = exact.damage_to_target.get(d, 0.0)
        q = sampled.damage_to_target.get(d, 0.0)
        assert abs(q - p) <= 4 * math.sqrt(max(p * (1 - p), 1e-4) / n) + 1e-9, (d, p, q)
    assert exact.expected() == pytest.approx(sampled.expected(), abs=4 * 1.5 / math.sqrt(n))


def test_the_chance_of_one_shot_is_its_rolls_multiplied():
    # handgun S4 AP -1, Armour Bane (1); BS 3 at long range (16" > 12"): 5+ to hit;
    # S4 v T3 wounds on 3+; armour 4+ at AP -1 needs 5+ (a six to wound: AP -2, needs 6)
    est = OddsEstimator(at_shooting(ow_case()), SHOOT)
    odds = est.exact()
    assert odds is not None and odds.exact
    hit = Fraction(2, 6)
    through = Fraction(1, 6) * Fraction(4, 6) * 3 + Fraction(1, 6) * Fraction(5, 6)
    p = float(hit * through)
    assert odds.damage_to_target[0] == pytest.approx((1 - p) ** 5)  # 5 shooters: one rank
    assert odds.expected() == pytest.approx(5 * p)


def test_exact_shooting_odds_agree_with_sampled_ones_old_world():
    est = OddsEstimator(at_shooting(ow_case(rules=["Ward Save (6+)"])), SHOOT, seed=3)
    exact = est.exact()
    assert exact is not None
    agree(exact, est.run(3000))


def test_exact_shooting_odds_agree_with_sampled_ones_ninth_age():
    a = na_block("a", 1, 24, 44, models=15, weapons=[{"name": "crossbow", "aim": 3}])
    b = na_block("b", 2, 24, 0, models=10, stats={"Arm": 3}, rules=["Aegis (5+)"])
    eng = at_shooting(na(facing_off(a, b, gap=20.0), orders=TO_SHOOTING_NA))
    est = OddsEstimator(eng, SHOOT, seed=4)
    exact = est.exact()
    assert exact is not None
    agree(exact, est.run(3000))


def test_a_ninth_age_shot_ordered_in_the_magic_phase_has_its_exact_odds():
    """From the Magic phase a shot goes straight on to the Shooting phase, nothing happening
    by itself between: its pools are those of the same shot in the Shooting phase, and they
    agree with the shot sampled from the Magic phase (the AI shoots from there; its line
    read "to take 0.0 of its 24 models on average" off three tries)."""
    a = na_block("a", 1, 24, 44, models=15, weapons=[{"name": "crossbow", "aim": 3}])
    b = na_block("b", 2, 24, 0, models=10, stats={"Arm": 3}, rules=["Aegis (5+)"])
    magic = at_shooting(na(facing_off(a, b, gap=20.0), orders=TO_SHOOTING_NA[:-1]))
    shooting = at_shooting(na(facing_off(a, b, gap=20.0), orders=TO_SHOOTING_NA))
    assert magic.state.flow.phase == "magic" and shooting.state.flow.phase == "shooting"
    advisor = magic.ruleset.advisor
    pools = advisor.exact_pools(magic.state, SHOOT)
    assert pools is not None and pools == advisor.exact_pools(shooting.state, SHOOT)
    est = OddsEstimator(magic, SHOOT, seed=6)
    exact = est.exact()
    assert exact is not None and exact.expected() > 0
    agree(exact, est.run(3000))
    # (in the Charge phase the chargers move first: the shot's odds are sampled)
    charge = at_shooting(na(facing_off(a, b, gap=20.0), orders=[{"do": "begin_turn"}]))
    assert charge.state.flow.phase == "charge"
    assert advisor.exact_pools(charge.state, SHOOT) is None


def test_odds_are_sampled_when_a_combat_is_near_or_a_flight_would_cross_a_unit():
    data = ow_case()
    # a friend of b close behind it: a panicked b would flee through it
    # (b stands at y = 26.5, 16" before a)
    data["units"].append(block("c", 2, 24, 21.0, facing=180, models=5))
    assert OddsEstimator(at_shooting(data), SHOOT).exact() is None
    # an engaged pair beside a
    data = ow_case()
    data["units"] += facing_off(block("d", 1, 8, 44, models=5), block("e", 2, 8, 0), gap=0.0)
    assert OddsEstimator(at_shooting(data), SHOOT).exact() is None
    # with neither, exact
    assert OddsEstimator(at_shooting(ow_case()), SHOOT).exact() is not None


def test_a_volley_alone_has_its_pools_whatever_may_follow_it():
    """With a friend close behind the target (its flight from a failed Panic test would cross
    it), the order's odds are sampled, but the volley itself is the same ten handguns: its
    pools are there when asked for it alone, and the window's view of the shot gives its
    average, the same as with nothing behind."""
    data = ow_case()
    data["units"].append(block("c", 2, 24, 21.0, facing=180, models=5))
    crowded, clear = at_shooting(data), at_shooting(ow_case())
    advisor = crowded.ruleset.advisor
    assert advisor.exact_pools(crowded.state, SHOOT) is None
    alone = advisor.exact_pools(crowded.state, SHOOT, alone=True)
    assert alone is not None and alone == advisor.exact_pools(clear.state, SHOOT)
    notes = [e.ruleset.presenter.shot_view(e.state, "a", "b").note for e in (crowded, clear)]
    assert "on average" in notes[0] and notes[0] == notes[1]


def test_odds_of_shooting_from_the_command_line(tmp_path: Path, capsys):
    data = ow_case()
    data["orders"] = []
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    # the file ends before the turn: the Shooting phase is reached without a die, so exact
    assert main(["odds", str(path), "--unit", "a", "--do", "shoot", "--target", "b", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["exact"] is True and doc["samples"] == 0
    assert sum(doc["damage_to_target"].values()) == pytest.approx(1.0)
    assert main(["odds", str(path), "--unit", "a", "--do", "shoot", "--target", "b"]) == 0
    text = capsys.readouterr().out
    assert "worked out exactly" in text and "Wounds to B" in text
    assert main(["odds", str(path), "--unit", "a", "--do", "shoot", "--target", "zz"]) == 2

"""Bludgeon: a hit in its own Fight Action gives the defender -2 MAV on its Defensive Strikes
when it has a smaller Base Size, -1 when the same; never cumulative."""

import pytest

from game.rulesets.skirmish_d10.base_size import size_of_base
from tests.support import damage, rolls, run, scenario, unit

MM = 25.4
DEPTH = {"standard": 25, "cavalry": 50, "large": 50, "giant": 75, "r50": 50, "r32": 32,
         "40x40": 40}
Y_B = 10.0


def fight(dice, a_base="standard", b_base="standard", a_rules=("Bludgeon",), a_ma=1, b_ma=1,
          orders=None):
    """a (below, facing up) against b (above, facing down), bases touching front to front."""
    y_a = Y_B + (DEPTH[a_base] + DEPTH[b_base]) / 2 / MM
    a = unit("a", 1, 12, y_a, 0, base=a_base, stats={"MAV": 4, "MA": a_ma, "DV": 9},
             rules=list(a_rules))
    b = unit("b", 2, 12, Y_B, 180, base=b_base, stats={"MAV": 4, "MA": b_ma, "DV": 9})
    return run(scenario([a, b], orders or [{"unit": "a", "do": "fight", "target": "b"}],
                        dice=dice))


def ds_rolls(eng):
    return rolls(eng, "defensive_strike")


@pytest.mark.parametrize(("a_base", "b_base", "penalty"), [
    ("large", "standard", -2),
    ("giant", "large", -2),
    ("cavalry", "standard", -2),
    ("standard", "standard", -1),
    ("large", "large", -1),
    ("large", "cavalry", -2),
])
def test_penalty_by_base_size(a_base, b_base, penalty):
    # a hits (4 + 5 = 9); b's Defensive Strike rolls 5: 4 + 5 + penalty misses DV 9.
    eng = fight([5, 5], a_base, b_base)
    (ds,) = ds_rolls(eng)
    assert dict(ds.modifiers)["Bludgeon"] == penalty
    assert ds.total == 9 + penalty and ds.outcome == "miss"
    assert damage(eng, "a") == 0


def test_no_penalty_against_a_larger_base():
    eng = fight([5, 5], "standard", "large")
    (ds,) = ds_rolls(eng)
    assert "Bludgeon" not in dict(ds.modifiers) and ds.total == 9
    assert damage(eng, "a") == 1


def test_no_penalty_without_a_hit():
    eng = fight([1, 5], "large", "standard")
    (ds,) = ds_rolls(eng)
    assert "Bludgeon" not in dict(ds.modifiers) and ds.total == 9
    assert damage(eng, "a") == 1


def test_several_hits_are_not_cumulative():
    # Two hits of the same size class: -1 once (4 + 6 - 1 = 9 hits), not -2.
    eng = fight([5, 5, 6, 6], "standard", "standard", a_ma=2, b_ma=2)
    assert [dict(r.modifiers)["Bludgeon"] for r in ds_rolls(eng)] == [-1, -1]
    assert [r.total for r in ds_rolls(eng)] == [9, 9]
    assert damage(eng, "a") == 2


def test_two_bludgeon_models_are_not_cumulative():
    # A unit of two Bludgeon models both hit b; b's Defensive Strikes take -1 once.
    a = {**unit("a", 1, 0, 0, 0, stats={"MAV": 4, "MA": 1, "DV": 9}, rules=["Bludgeon"]),
         "models": 2, "positions": [[11.5, Y_B + 25 / MM, 0], [12.5, Y_B + 25 / MM, 0]]}
    b = unit("b", 2, 12, Y_B, 180, stats={"MAV": 4, "MA": 2, "DV": 9})
    orders = [{"unit": "a.1", "do": "fight", "target": "b"},
              {"unit": "a.2", "do": "fight", "target": "b"}]
    eng = run(scenario([a, b], orders, dice=[5, 5, 6, 6]))
    assert [r.against for r in ds_rolls(eng)] == ["a.1", "a.2"]
    assert [r.total for r in ds_rolls(eng)] == [9, 9]
    assert [dict(r.modifiers)["Bludgeon"] for r in ds_rolls(eng)] == [-1, -1]


def test_penalty_with_bases_given_in_millimetres():
    # A round 50 mm base counts as large: against a standard base that is -2.
    eng = fight([5, 5], "r50", "standard")
    (ds,) = ds_rolls(eng)
    assert dict(ds.modifiers)["Bludgeon"] == -2 and ds.total == 7


@pytest.mark.parametrize(("base", "size"), [
    ("standard", "standard"), ("Giant", "giant"), ("25x25", "standard"), ("r32", "standard"),
    ("r40", "cavalry"), ("40x40", "cavalry"), ("25x50", "cavalry"), ("r50", "large"),
    ("60x60", "large"), ("r80", "giant"), ("100x100", "giant"),
])
def test_base_size_of_named_and_measured_bases(base, size):
    assert size_of_base(base) == size

"""Sweeping Attack (seed 001): after an Advance or March move, the unit may attack one
unengaged enemy unit whose Unit Boundary it crossed (the swept area of its boundary, wheels
included): automatic hits as a ranged Special Attack, once per player turn."""

from __future__ import annotations

import pytest

from game.core import events as ev
from tests.ninth_age.helpers import applied, block, na
from tests.support import events, refusal, result, rolls, run

SKY = {"models": 3, "files": 3, "base": "40x40", "troop_type": "beast",
       "stats": {"Adv": 3, "Mar": 6, "HP": 2, "Str": 4, "AP": 1, "Agi": 5},
       "rules": ["Fly (8, 16)", "Sweeping Attack (D6 hits, Str 4, AP 1)"]}


def over(rules=None, path=(("forward", 14.0),), march=True, dice=None, b_kw=None, more=(),
         adv=None, b_y=30.0):
    a = block("a", 1, 24, 40, **SKY)
    if rules is not None:
        a["rules"] = rules
    if adv is not None:
        a["stats"]["Adv"] = adv
    b = block("b", 2, 24, b_y, **(b_kw or {}))
    order = {"unit": "a", "do": "move", "path": [list(p) for p in path]}
    if march:
        order["march"] = True
    return na([a, b, *more], orders=[order], dice=dice)


def test_a_unit_that_flies_over_an_enemy_sweeps_it_after_the_move():
    # a marches 14" over b (it starts more than 8" away: no March Test). D6: 3 hits at Str 4
    # v Res 3 (3+): 3 3 1 = 2 wounds; AP 1, no Armour: 2 lost. A ranged attack: no combat.
    eng = run(over(dice=[3] + [3, 3, 1]))
    sweep = rolls(eng, "sweeping_attack")[0]
    assert sweep.faces == (3,) and sweep.total == 3 and sweep.against == "b"
    assert [e.kind for e in events(eng, ev.DecisionRequested)] == ["sweeping_attack"]
    assert rolls(eng, "to_wound")[0].target == 3
    out = result(eng)["units"]
    assert out["b"]["models_left"] == 8 and out["a"]["y"] < 30 - 1.0
    moves = [e for e in events(eng, ev.UnitMoved) if e.unit == "a"]
    assert moves[0].reason == "march"


def test_no_sweep_without_crossing_the_enemy_boundary():
    eng = run(over(path=(("forward", 6.0),), dice=[]))
    assert not rolls(eng) and not events(eng, ev.DecisionRequested)


def test_without_brackets_each_model_makes_one_hit_at_its_own_strength_and_ap():
    # three models, one hit each at Str 4 v Res 3 (3+): 3 3 3, no Armour: 3 lost. 3 of b's 10
    # Health Points in one phase is a quarter or more: a Panic Test, 3 3 = 6 against Dis 7
    # holds.
    eng = run(over(rules=["Fly (8, 16)", "Sweeping Attack"], dice=[3, 3, 3] + [3, 3]))
    assert applied(eng, "Sweeping Attack") == ["sweeps B: 3 automatic hits"]
    assert not rolls(eng, "sweeping_attack")
    assert result(eng)["units"]["b"]["models_left"] == 7
    panic, = rolls(eng, "discipline")
    assert panic.model == "b" and panic.outcome == "pass"


def test_random_hits_per_model_are_rolled_for_each_model():
    rules = ["Fly (8, 16)", "Sweeping Attack (D3 hits per model, Str 3, AP 0)"]
    eng = run(over(rules=rules, dice=[1, 3, 6] + [1] * 6))
    assert [r.kept for r in rolls(eng, "sweeping_attack")] == [(1,), (2,), (3,)]
    assert rolls(eng, "to_wound")[0].target == 4  # Str 3 v Res 3


def test_an_enemy_in_combat_is_not_swept():
    friend = block("c", 1, 24, 30 - 25 / 25.4 * 2, facing=180.0)
    eng = run(over(more=(friend,)), seed=3)
    assert not rolls(eng, "sweeping_attack")
    assert not [e for e in events(eng, ev.DecisionRequested) if e.kind == "sweeping_attack"]


def test_a_wheel_sweeps_what_its_corner_passes_over():
    # a wheels 90 degrees to its right on its front-right corner (26.36, 39.21); a lone
    # model stands on the arc its far corner sweeps, clear of where a starts and ends.
    a = block("a", 1, 24, 40, **SKY)
    lone = block("b", 2, 23.18, 36.03, models=1, files=1)
    order = {"unit": "a", "do": "move", "path": [["wheel", 90.0]]}
    eng = run(na([a, lone], orders=[order], dice=[2, 6, 6]))
    assert rolls(eng, "sweeping_attack")[0].against == "b"
    assert result(eng)["units"]["b"]["status"] == "destroyed"


def test_a_unit_that_neither_flies_nor_sweeps_cannot_move_through_an_enemy():
    # b 3" closer: an Advance of 10" takes a clear over it
    msg = refusal(over(rules=[], march=False, path=(("forward", 10.0),), adv=10, b_y=33.0))
    assert 'runs through "B"' in msg
    # the same move by a unit with Sweeping Attack (and no Fly) passes over and sweeps
    eng = run(over(rules=["Sweeping Attack (1)"], march=False, path=(("forward", 10.0),), adv=10,
                   b_y=33.0, dice=[1]))
    assert applied(eng, "Sweeping Attack") == ["sweeps B: 1 automatic hit"]


@pytest.mark.parametrize("text, want", [
    ("D6 hits, Str 4, AP 1", ("D6", False, 4, 1, False)),
    ("D6 hits with Strength 4 and AP 1", ("D6", False, 4, 1, False)),
    ("D3 hits per model, Str 3, AP 0, Flaming Attacks", ("D3", True, 3, 0, True)),
    ("1 hit per model", ("1", True, None, None, False)),
    ("2D6+1, S2, AP -3", ("2D6+1", False, 2, 3, False)),
])
def test_the_brackets_are_read_as_a_profile_writes_them(text, want):
    from game.rulesets.ninth_age.attacks import parse_bracket

    b = parse_bracket(text, hits=True)
    assert (str(b.hits), b.per_model, b.strength, b.ap, b.flaming) == want
    with pytest.raises(ValueError, match="(?i)poisoned attacks. is not understood"):
        parse_bracket(text + ", Poisoned Attacks", hits=True)

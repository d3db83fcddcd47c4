"""Breath Attack (seed 001): once per game, 2D6 automatic hits with the bracketed profile: as a
ranged Special Attack at 6" in the Shooting Phase or as a Stand and Shoot reaction, or in combat
at the part's Agility; 2D6 rolled per model; at its first chance in headless play."""

from __future__ import annotations

from game.core import events as ev
from tests.ninth_age.helpers import CHARGE, block, engaged, facing_off, monster, na, score, steps
from tests.support import events, result, rolls, run

BREATH = "Breath Attack (Str 4, AP 1, Flaming Attacks)"


def dragon(**extra):
    return monster([BREATH], **extra)


def test_a_breath_attack_is_used_at_six_inches_in_the_shooting_phase():
    # 4" away, no orders: in side 1's Shooting Phase the dragon breathes at b: 3 4 = 7 hits
    # at Str 4 v Res 3 (3+): seven 3s; AP 1 against Arm 1: no save. 7 of b's 10 are gone at
    # once; there is no combat.
    dice = [3, 4] + [3] * 7
    eng = run(engaged(a_kw=dragon(), b_kw={"stats": {"Arm": 1}}, gap=4.0, dice=dice))
    breath = rolls(eng, "breath_attack")[0]
    assert breath.faces == (3, 4) and breath.total == 7 and breath.model == "a"
    assert rolls(eng, "to_wound")[0].target == 3
    assert [e.kind for e in events(eng, ev.DecisionRequested)] == ["breath_attack"]
    out = result(eng)["units"]["b"]
    assert out["models_left"] == 3 and out["wounds_taken"] == 7
    assert not steps(eng)


def test_no_breath_beyond_six_inches():
    eng = run(engaged(a_kw=dragon(), gap=6.5, dice=[]))
    assert not rolls(eng) and not events(eng, ev.DecisionRequested)


def test_flaming_breath_rerolls_against_flammable_and_fortitude_cannot_stop_it():
    # 2 3 = 5 hits; wounds 3 3 1 1 2 -> 2; the three failures re-rolled 4 1 5 -> 2 more; b's
    # Fortitude (4+) may not be used against Flaming Attacks: 4 lost.
    dice = [2, 3] + [3, 3, 1, 1, 2] + [4, 1, 5]
    eng = run(engaged(a_kw=dragon(), b_kw={"rules": ["Flammable", "Fortitude (4+)"]}, gap=4.0,
                      dice=dice))
    assert rolls(eng, "reroll_to_wound")[0].total == 2
    assert not rolls(eng, "fortitude_save")
    assert result(eng)["units"]["b"]["models_left"] == 6


def test_a_breath_attack_is_used_once_per_game():
    # Turn 1: breath 1 1 = 2 hits, both fail to wound. Turn 2: nothing left to breathe.
    orders = [{"do": "end_turn"}] * 3
    eng = run(engaged(a_kw=dragon(), gap=4.0, orders=orders, dice=[1, 1, 1, 1]))
    assert len(rolls(eng, "breath_attack")) == 1
    assert [e.phase for e in events(eng, ev.PhaseStarted)].count("shooting") == 3


def test_each_model_rolls_its_own_2d6():
    two = dragon(models=2, files=2)
    dice = [1, 2] + [3, 3] + [1] * 9
    eng = run(engaged(a_kw=two, gap=4.0, dice=dice))
    assert [r.faces for r in rolls(eng, "breath_attack")] == [(1, 2), (3, 3)]
    assert len(rolls(eng, "to_wound")[0].faces) == 9


def test_in_combat_the_breath_is_made_at_the_parts_agility_and_counts_for_the_score():
    # Engaged at the start: no shooting. Step 4: breath 3 2 = 5 hits, wounds 3 3 3 3 3 = 5;
    # the dragon's 2 attacks miss. Step 3: b's three models miss. Score 5 to 0; b (5 models, one
    # Full Rank, as many as the dragon) tests at Dis 7 - 5 = 2: 1 1 holds.
    dice = [3, 2] + [3] * 5 + [1, 1] + [1, 1, 1] + [1, 1]
    eng = run(engaged(a_kw=dragon(), dice=dice))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3"]
    order = [r.purpose for r in rolls(eng)]
    assert order[:3] == ["breath_attack", "to_wound", "to_hit"]
    assert score(eng, 1)["wounds"] == 5
    assert result(eng)["units"]["b"]["models_left"] == 5


def test_kept_breath_in_combat_is_not_used():
    # nothing wounds; b wins on its Rank Bonus and the dragon holds (1 1)
    dice = [1, 1] + [1, 1, 1] + [1, 1]
    eng = run(engaged(a_kw=dragon(), dice=dice, orders=[{"do": "next_phase"}] * 4 + [{"answer": "none"}]))
    assert not rolls(eng, "breath_attack")
    assert eng.state.units["a"].flag("breath_used") is None


def test_stand_and_shoot_with_a_breath_attack():
    # a (infantry) charges the dragon from 5"; the dragon stands and shoots: 2 3 = 5 hits at
    # a: wounds 3 3 3 1 1 = 3; a has 7 left and charges: 4 4 + Adv 4 = 12" reaches. Step 4:
    # a (Agi 3 + 1 charging) with three models touching, then the dragon (Agi 4): all miss;
    # no breath left. Score: a 1 (charge; 7 models: no Rank Bonus) to 0 (the hits of the
    # Stand and Shoot do not count); the dragon holds (1 1).
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 0, **dragon())
    orders = [CHARGE, {"answer": "stand_and_shoot"}]
    dice = [2, 3] + [3, 3, 3, 1, 1] + [4, 4] + [1, 1, 1] + [1, 1] + [1, 1]
    eng = run(na(facing_off(a, b, gap=5.0), orders=orders, dice=dice))
    asked = events(eng, ev.DecisionRequested)[0]
    assert asked.kind == "charge_reaction"
    assert asked.options == ("hold", "flee", "stand_and_shoot")
    order = [r.purpose for r in rolls(eng)]
    assert order[:3] == ["breath_attack", "to_wound", "charge_range"]
    assert score(eng, 1)["total"] == 1 and score(eng, 2)["wounds"] == 0
    assert not [r for r in rolls(eng, "breath_attack")][1:]
    assert result(eng)["units"]["a"]["models_left"] == 7


def test_no_stand_and_shoot_out_of_range():
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 0, **dragon())
    eng = run(na(facing_off(a, b, gap=8.0), orders=[CHARGE], dice=[1, 1]))
    asked = events(eng, ev.DecisionRequested)[0]
    assert asked.options == ("hold", "flee")

"""Breath Attack (seed 001): once per game, 2D6 automatic hits with the bracketed profile: as a
ranged Special Attack at 6" in the Shooting Phase or as a Stand and Shoot reaction, or in combat
at the part's Agility; 2D6 rolled per model; at its first chance in headless play."""

from __future__ import annotations

import pytest

from game.core import events as ev
from tests.ninth_age.helpers import CHARGE, block, engaged, facing_off, monster, na, score, steps
from tests.support import events, result, rolls, run

BREATH = "Breath Attack (Str 4, AP 1, Flaming Attacks)"


def dragon(**extra):
    return monster([BREATH], **extra)


def test_a_breath_attack_is_used_at_six_inches_in_the_shooting_phase():
    # 4" away, no orders: in side 1's Shooting Phase the dragon breathes at b: 3 4 = 7 hits
    # at Str 4 v Res 3 (3+): seven 3s; AP 1 against Arm 1: no save. 7 of b's 10 are gone at
    # once; there is no combat. 7 of its 10 Health Points in one phase is a quarter or more:
    # b takes a Panic Test, 3 4 = 7 against Dis 7: it holds.
    dice = [3, 4] + [3] * 7 + [3, 4]
    eng = run(engaged(a_kw=dragon(), b_kw={"stats": {"Arm": 1}}, gap=4.0, dice=dice))
    breath = rolls(eng, "breath_attack")[0]
    assert breath.faces == (3, 4) and breath.total == 7 and breath.model == "a"
    assert rolls(eng, "to_wound")[0].target == 3
    assert [e.kind for e in events(eng, ev.DecisionRequested)] == ["breath_attack"]
    out = result(eng)["units"]["b"]
    assert out["models_left"] == 3 and out["wounds_taken"] == 7
    assert not steps(eng)
    panic, = rolls(eng, "discipline")
    assert panic.model == "b" and panic.total == 7 and panic.outcome == "pass"
    assert out["status"] == "active"


def test_no_breath_beyond_six_inches():
    eng = run(engaged(a_kw=dragon(), gap=6.5, dice=[]))
    assert not rolls(eng) and not events(eng, ev.DecisionRequested)


def test_flaming_breath_rerolls_against_flammable_and_fortitude_cannot_stop_it():
    # 2 3 = 5 hits; wounds 3 3 1 1 2 -> 2; the three failures re-rolled 4 1 5 -> 2 more; b's
    # Fortitude (4+) may not be used against Flaming Attacks: 4 lost, a Panic Test (4 of 10
    # Health Points): 2 2 holds.
    dice = [2, 3] + [3, 3, 1, 1, 2] + [4, 1, 5] + [2, 2]
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
    # Engaged at the start: no shooting. Step 4: breath 3 2 = 5 hits, wounds 3 3 3 3 3 = 5
    # (b's whole second rank); the dragon's 2 attacks miss. Step 3: b's three models touching
    # the dragon, with no second rank left to support them, miss. Step 0: the Gigantic
    # dragon's own Stomp Attacks (D6): 1 hit, no wound. Score 5 to 0; b (5 models, one Full
    # Rank, as many as the dragon) tests at Dis 7 - 5 = 2: 1 1 holds.
    dice = [3, 2] + [3] * 5 + [1, 1] + [1, 1, 1] + [1] + [1] + [1, 1]
    eng = run(engaged(a_kw=dragon(), dice=dice))
    assert steps(eng) == ["Initiative step 4", "Initiative step 3", "Initiative step 0"]
    order = [r.purpose for r in rolls(eng)]
    assert order[:3] == ["breath_attack", "to_wound", "to_hit"]
    assert score(eng, 1)["wounds"] == 5
    assert result(eng)["units"]["b"]["models_left"] == 5


def test_kept_breath_in_combat_is_not_used():
    # the dragon's 2 attacks, b's 3 + 3 supporting, the dragon's stomp (1 hit): nothing
    # wounds; b wins on its Rank Bonus and the dragon holds (1 1)
    dice = [1, 1] + [1] * 6 + [1] + [1] + [1, 1]
    eng = run(engaged(a_kw=dragon(), dice=dice, orders=[{"do": "next_phase"}] * 4 + [{"answer": "none"}]))
    assert not rolls(eng, "breath_attack")
    assert eng.state.units["a"].flag("breath_used") is None


def charged_dragon(gap, orders=(CHARGE,), dice=None, a_adv=4):
    """a (infantry, 10 models) ``gap`` inches in front of the dragon (Adv 8), charging it."""
    a = block("a", 1, 24, 30, stats={"Adv": a_adv})
    b = block("b", 2, 24, 0, **dragon(stats={"Adv": 8}))
    return na(facing_off(a, b, gap=gap), orders=list(orders), dice=dice)


def test_stand_and_shoot_with_a_breath_attack():
    # a (infantry) charges the dragon from 5"; the dragon stands and shoots: 2 3 = 5 hits at
    # a: wounds 3 3 3 1 1 = 3; a has 7 left and charges: 4 4 + Adv 4 = 12" reaches. Step 4:
    # a (Agi 3 + 1 charging): the three models touching the dragon and the two left in its
    # second rank behind them (supporting), then the dragon (Agi 4): all miss; no breath left.
    # Step 0: the dragon's own Stomp Attacks (Gigantic, D6): 1 hit, no wound. Score: a 1
    # (charge; 7 models: no Rank Bonus) to 0 (the hits of the Stand and Shoot do not count);
    # the dragon holds (1 1).
    orders = [CHARGE, {"answer": "stand_and_shoot"}]
    dice = [2, 3] + [3, 3, 3, 1, 1] + [4, 4] + [1] * 5 + [1, 1] + [1] + [1] + [1, 1]
    eng = run(charged_dragon(5.0, orders, dice))
    asked = events(eng, ev.DecisionRequested)[0]
    assert asked.kind == "charge_reaction"
    assert asked.options == ("hold", "flee", "stand_and_shoot")
    order = [r.purpose for r in rolls(eng)]
    assert order[:3] == ["breath_attack", "to_wound", "charge_range"]
    assert [len(r.faces) for r in rolls(eng, "to_hit")] == [5, 2]
    assert score(eng, 1)["total"] == 1 and score(eng, 2)["wounds"] == 0
    assert not [r for r in rolls(eng, "breath_attack")][1:]
    assert result(eng)["units"]["a"]["models_left"] == 7


def test_stand_and_shoot_breathes_at_a_charger_beyond_six_inches():
    # A Stand and Shoot fires even at a charger beyond the attack's range: from 8" (the
    # Breath's range is 6") the dragon breathes 2 3 = 5 hits: wounds 3 3 1 1 1 = 2 (Str 4 v
    # Res 3, 3+; AP 1, no Armour): a has 8 left and charges 4 4 + 4 = 12". Step 4: a's three
    # touching models and three behind them, then the dragon's 2: all miss; step 0: its stomp
    # (1 hit) fails to wound. a wins 1 (charge) to 0; the dragon holds (1 1).
    orders = [CHARGE, {"answer": "stand_and_shoot"}]
    dice = [2, 3] + [3, 3, 1, 1, 1] + [4, 4] + [1] * 6 + [1, 1] + [1] + [1] + [1, 1]
    eng = run(charged_dragon(8.0, orders, dice))
    assert events(eng, ev.DecisionRequested)[0].options == ("hold", "flee", "stand_and_shoot")
    breath, = rolls(eng, "breath_attack")
    assert breath.model == "b" and breath.total == 5 and breath.against == "a"
    assert rolls(eng, "to_wound")[0].target == 3
    assert result(eng)["units"]["a"]["models_left"] == 8
    assert rolls(eng, "charge_range")[0].outcome == "reaches"


@pytest.mark.parametrize("gap, a_adv, may", [
    (3.5, 4, False),  # the charger starts within its own Adv 4: no Stand and Shoot
    (3.5, 3, True),  # farther than the charger's Adv 3 (the dragon's own Adv 8 does not count)
    (4.5, 4, True),
])
def test_no_stand_and_shoot_at_a_charger_within_its_advance_rate(gap, a_adv, may):
    eng = run(charged_dragon(gap, a_adv=a_adv), finish=False)
    asked = events(eng, ev.DecisionRequested)[0]
    assert asked.kind == "charge_reaction"
    assert asked.options == (("hold", "flee", "stand_and_shoot") if may else ("hold", "flee"))

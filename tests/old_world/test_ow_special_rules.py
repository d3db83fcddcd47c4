"""The special rules of seeds 002 and 003 (and the rules they name), each with scripted dice
checking the numbers the rule implies."""

from __future__ import annotations

from game.core import events as ev
from game.rulesets.rank_and_flank.events import CombatResult
from tests.old_world.helpers import block, facing_off, ld_tests, ow
from tests.support import events, refusal, result, rolls, run

CHARGE = {"unit": "a", "do": "charge", "target": "b"}
# the to-hit dice of a unit 5 wide and at least 2 deep that did not charge (two ranks deep,
# Press of Battle: 10 attacks), all missing
MISS = [1] * 10


def engaged(a_kw=None, b_kw=None, dice=None, orders=(), seed=1):
    a = block("a", 1, 24, 30, **(a_kw or {}))
    b = block("b", 2, 24, 0, **(b_kw or {}))
    return ow(facing_off(a, b), orders=list(orders), dice=dice, seed=seed)


def apart(gap, a_kw=None, b_kw=None, dice=None, orders=(CHARGE,), seed=1):
    a = block("a", 1, 24, 30, **(a_kw or {}))
    b = block("b", 2, 24, 0, **(b_kw or {}))
    return ow(facing_off(a, b, gap=gap), orders=list(orders), dice=dice, seed=seed)


def steps(eng):
    return [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Initiative"]


def score(eng, side, i=0):
    return events(eng, CombatResult)[i].scores[str(side)]


# --- Armour Bane ------------------------------------------------------------------------------


def test_armour_bane_improves_ap_on_a_natural_six_to_wound():
    # a (I5, Armour Bane (1)), two ranks deep (10 attacks), hits 5 times, wounds 6 6 4 4 1:
    # the two 6s are saved at AP -1 (b's 5+ needs a 6), the 4s at AP 0. Saves 5 6 | 5 5: only
    # the first fails. b, 9 left (5 and 4 behind them), misses with its 9 attacks.
    dice = [6] * 5 + [1] * 5 + [6, 6, 4, 4, 1] + [5, 6, 5, 5] + [1] * 9 + [1, 1, 1, 1]
    eng = run(engaged(a_kw={"rules": ["Armour Bane (1)"], "stats": {"I": 5}},
                      b_kw={"armour": 5}, dice=dice))
    saves = [(s.modifiers, s.faces, s.total) for s in rolls(eng, "armour_save")]
    assert saves == [((("AP", -1),), (5, 6), 1), ((), (5, 5), 2)]
    assert result(eng)["units"]["b"]["models_left"] == 9


# --- Close Order ----------------------------------------------------------------------------------


def test_close_order_adds_one_per_unit_in_combat_order_with_enough_unit_strength():
    eng = run(engaged(a_kw={"rules": ["Close Order"]}, b_kw={"rules": []}, dice=MISS * 2 + [1, 1]))
    assert score(eng, 1)["close_order"] == 1 and score(eng, 2)["close_order"] == 0
    # 3 wide and 4 deep is not Combat Order: no bonus
    eng = run(engaged(a_kw={"rules": ["Close Order"], "models": 12, "files": 3},
                      dice=MISS * 2 + [1] * 6))
    assert score(eng, 1)["close_order"] == 0


# --- Elven Reflexes -----------------------------------------------------------------------------------


def test_elven_reflexes_add_one_initiative_in_the_first_round_only():
    # a I3 + 1 = 4, the same as b: one step in round 1; round 2 (side 2's turn): 4 then 3.
    orders = [{"do": "end_turn"}, {"do": "end_turn"}]
    eng = run(engaged(a_kw={"rules": ["Elven Reflexes"]}, b_kw={"stats": {"I": 4}},
                      dice=MISS * 4, orders=orders))
    got = steps(eng)
    assert got == ["Initiative step 4", "Initiative step 4", "Initiative step 3"]


def test_elven_reflexes_never_go_above_ten():
    eng = run(engaged(a_kw={"rules": ["Elven Reflexes"], "stats": {"I": 10}}, dice=MISS * 2))
    assert steps(eng)[0] == "Initiative step 10"


# --- Fear ---------------------------------------------------------------------------------------------


def test_fear_at_charge_a_failed_test_means_no_move():
    # b (20 models, Fear) has the higher Unit Strength: a tests Ld 7 first: 6 6 fails.
    eng = run(apart(4.0, b_kw={"models": 20, "rules": ["Fear"]}, dice=[6, 6]))
    fear = ld_tests(eng, "fear")[0]
    assert fear.model == "a" and fear.target == 7 and fear.outcome == "fail"
    assert not rolls(eng, "charge_range")
    assert not [e for e in events(eng, ev.UnitMoved) if e.unit == "a"]


def test_fear_does_nothing_when_the_causer_is_not_bigger():
    eng = run(apart(4.0, a_kw={"models": 20}, b_kw={"rules": ["Fear"]}, dice=[3, 3] + [1] * 40))
    assert not ld_tests(eng, "fear")


def test_fear_in_combat_a_failed_test_gives_minus_one_to_hit_that_enemy():
    # engaged at the start: a (10) fights b (20, Fear): a tests 6 5 = 11 > 7 and fails. Both
    # miss with their 10 attacks; a loses (ranks 1 v ranks 2 + massed infantry 1) and rolls
    # a double 1: it gives ground.
    eng = run(engaged(b_kw={"models": 20, "rules": ["Fear"]}, dice=[6, 5] + MISS * 2 + [1, 1]))
    assert ld_tests(eng, "fear")[0].outcome == "fail"
    hit = [h for h in rolls(eng, "to_hit") if h.model == "a"][0]
    assert hit.modifiers == (("Fear", -1),)


def test_units_that_cause_fear_are_immune_to_it():
    # both miss with their 10 attacks; a loses and gives ground (a double 1)
    eng = run(engaged(a_kw={"rules": ["Fear"]}, b_kw={"models": 20, "rules": ["Fear"]},
                      dice=MISS * 2 + [1, 1]))
    assert not ld_tests(eng, "fear")


# --- First Charge ----------------------------------------------------------------------------------------


def test_first_charge_disrupts_the_target_until_the_end_of_the_combat_phase():
    # b: 15 models, 5 x 3, rank bonus 2 unless Disrupted
    eng = run(apart(3.0, a_kw={"rules": ["First Charge"]}, b_kw={"models": 15},
                    dice=[3, 3] + MISS * 2 + [1] * 8))
    assert score(eng, 2)["ranks"] == 0
    assert "disrupted" not in eng.state.units["b"].conditions  # ended with the phase
    removed = [e for e in events(eng, ev.UnitConditionRemoved) if e.condition == "disrupted"]
    assert removed and removed[0].unit == "b"
    # the log names the condition as the rules do, with what ended it
    lines = [eng.ruleset.presenter.describe(eng.state, e) for e in eng.log]
    assert any(line and line.endswith("is no longer Disrupted (the Combat phase ended)")
               for line in lines)


def test_without_first_charge_the_target_keeps_its_ranks():
    eng = run(apart(3.0, b_kw={"models": 15}, dice=[3, 3] + MISS * 2 + [1] * 8))
    assert score(eng, 2)["ranks"] == 2


# --- Hatred --------------------------------------------------------------------------------------------------


def test_hatred_rerolls_failed_hits_in_the_first_round():
    # a (I5), two ranks deep, misses all 10, re-rolls them: 6 6 6 and seven 1s: 3 hits
    rerolled = [6, 6, 6] + [1] * 7
    dice = MISS + rerolled + [1, 1, 1] + MISS + [1] * 4
    eng = run(engaged(a_kw={"rules": ["Hatred (all enemies)"], "stats": {"I": 5}}, dice=dice))
    again = rolls(eng, "reroll_to_hit")[0]
    assert again.model == "a" and again.faces == tuple(rerolled) and again.total == 3


def test_hatred_names_the_hated_foes():
    dice = MISS + MISS + [1] * 6
    eng = run(engaged(a_kw={"rules": ["Hatred (High Elves)"], "stats": {"I": 5}}, dice=dice))
    assert not rolls(eng, "reroll_to_hit")  # b is no High Elf
    eng = run(engaged(a_kw={"rules": ["Hatred (High Elves)"], "stats": {"I": 5}},
                      b_kw={"keywords": ["High Elves"]}, dice=MISS + [1] * 20))
    assert rolls(eng, "reroll_to_hit")


# --- Impact Hits ----------------------------------------------------------------------------------------------

CHARIOT = {"models": 1, "files": 1, "troop_type": "heavy chariot", "base": "50x100",
           "stats": {"M": 7, "WS": 4, "S": 5, "T": 5, "W": 4, "I": 4, "A": 2, "Ld": 8},
           "rules": ["Impact Hits (D6+1)"], "armour": 4}


def test_impact_hits_land_before_any_initiative_step():
    # the chariot charges 4": 3 4 -> 7 + 4. Impact: D6 4 + 1 = 5 hits at S5 v T3 (2+):
    # 2 2 2 2 1 = 4 wounds, no armour: 4 of b's models die before anyone strikes.
    dice = [3, 4, 4, 2, 2, 2, 2, 1] + [1] * 30
    eng = run(apart(4.0, a_kw=CHARIOT, dice=dice))
    imp = rolls(eng, "impact_hits")[0]
    assert imp.faces == (4,) and imp.total == 5
    first_wound = rolls(eng, "to_wound")[0]
    assert first_wound.model == "a" and len(first_wound.faces) == 5 and first_wound.target == 2
    log = eng.log
    removed = next(i for i, e in enumerate(log) if isinstance(e, ev.CasualtiesRemoved))
    first_step = next(i for i, e in enumerate(log) if isinstance(e, ev.RuleApplied)
                      and e.rule == "Initiative")
    assert removed < first_step and len(log[removed].models) == 4
    assert score(eng, 1)["wounds"] >= 4


def test_no_impact_hits_after_less_than_three_inches():
    eng = run(apart(2.0, a_kw=CHARIOT, dice=[3, 4] + [1] * 30))
    assert not rolls(eng, "impact_hits")
    assert any(e.rule == "Impact Hits" and "3\" needed" in e.detail
               for e in events(eng, ev.RuleApplied))


def test_a_charge_of_a_hairs_breadth_reads_as_less_than_a_tenth_of_an_inch():
    # 0.03" apart: the charge lands, but 0.0" would read as if nothing had moved
    eng = run(apart(0.03, a_kw=CHARIOT, dice=[3, 4] + [1] * 30))
    said = {e.rule: e.detail for e in events(eng, ev.RuleApplied) if e.model == "a"}
    assert said["Charge"].endswith('after less than 0.1"')
    assert said["Impact Hits"].startswith('moved less than 0.1" before contact')


# --- Stupidity ----------------------------------------------------------------------------------------------


def test_stupidity_failed_means_no_charge_this_turn():
    msg = refusal(apart(4.0, a_kw={"rules": ["Stupidity"]}, dice=[6, 6]))
    assert "Stupid" in msg


def test_stupidity_passed_lets_the_unit_act():
    eng = run(apart(4.0, a_kw={"rules": ["Stupidity"]}, dice=[3, 3, 6, 6] + [1] * 20))
    assert ld_tests(eng, "stupidity")[0].outcome == "pass"
    assert rolls(eng, "charge_range")


def test_no_stupidity_test_while_engaged():
    eng = run(engaged(a_kw={"rules": ["Stupidity"]}, dice=MISS * 2 + [1, 1]))
    assert not ld_tests(eng, "stupidity")


# --- Necromantic Undead, Unstable, Indomitable, Unbreakable ---------------------------------------------------


def test_undead_lose_a_wound_per_point_of_defeat_less_indomitable_and_never_test():
    # a (two ranks deep: 10 attacks) hits 6 6 6 and seven 1s and wounds 6 6 6: b (Undead,
    # Indomitable (1)) loses 3; at the same step all 10 of b's models miss back.
    # side 1: 3 + ranks 1 + massed 1 = 5 v 0: b loses by 5 -> 5 - 1 = 4 more Wounds.
    dice = [6, 6, 6] + [1] * 7 + [6, 6, 6] + MISS + [1] * 4
    eng = run(engaged(b_kw={"rules": ["Necromantic Undead", "Indomitable (1)"]}, dice=dice))
    assert not rolls(eng, "break_test")
    out = result(eng)["units"]["b"]
    assert out["wounds_taken"] == 3 + 4 and out["models_left"] == 3


def test_undead_cannot_march():
    orders = [{"unit": "a", "do": "move", "path": [["forward", 6.0]], "march": True}]
    msg = refusal(apart(20.0, a_kw={"rules": ["Necromantic Undead"]}, orders=orders))
    assert "may not march" in msg


def test_immune_to_psychology_may_not_flee_from_a_charge():
    eng = run(apart(3.0, b_kw={"rules": ["Necromantic Undead"]}, orders=[CHARGE],
                    dice=[3, 3] + [1] * 30))
    assert not [e for e in events(eng, ev.DecisionRequested) if e.kind == "charge_reaction"]


# --- Regeneration -----------------------------------------------------------------------------------------------


def test_regeneration_brings_wounds_back_but_they_count_for_the_result():
    # a (I5; 10 attacks, two ranks deep) wounds b 3 times; b regenerates on 5+: 5 6 1 -> only
    # 1 Wound is lost. b, 9 left (5 and 4 behind them), misses with its 9 attacks.
    dice = [6, 6, 6] + [1] * 7 + [6, 6, 6, 5, 6, 1] + [1] * 9 + [1] * 4
    eng = run(engaged(a_kw={"stats": {"I": 5}}, b_kw={"rules": ["Regeneration (5+)"]}, dice=dice))
    regen = rolls(eng, "regeneration")[0]
    assert regen.faces == (5, 6, 1) and regen.total == 2 and regen.target == 5
    assert result(eng)["units"]["b"]["models_left"] == 9
    assert score(eng, 1)["wounds"] == 3


def test_unstable_wounds_are_not_regenerated():
    # both miss with their 10 attacks; b loses by 2 (ranks 2 + massed 1 v ranks 1) and loses
    # 2 Wounds to Unstable, which it may not regenerate
    dice = MISS + MISS + [1] * 4
    eng = run(engaged(a_kw={"models": 25}, b_kw={"rules": ["Necromantic Undead",
                                                          "Regeneration (2+)"]}, dice=dice))
    assert not rolls(eng, "regeneration")
    assert result(eng)["units"]["b"]["wounds_taken"] > 0


# --- Magical Attacks and Ethereal -------------------------------------------------------------------------------


def test_only_magical_attacks_wound_ethereal_units():
    # a (10 attacks, two ranks deep) hits 5 times: no roll to wound the Ethereal b; b misses
    dice = [6] * 5 + [1] * 5 + MISS + [1] * 6
    eng = run(engaged(a_kw={"stats": {"I": 5}}, b_kw={"rules": ["Ethereal"]}, dice=dice))
    assert not [w for w in rolls(eng, "to_wound") if w.model == "a"]
    # with Magical Attacks the 5 hits roll to wound: 6 6 6 6 6
    eng = run(engaged(a_kw={"stats": {"I": 5}, "rules": ["Magical Attacks"]},
                      b_kw={"rules": ["Ethereal"]}, dice=[6] * 5 + [1] * 5 + [6] * 5 + [1] * 20))
    assert [w for w in rolls(eng, "to_wound") if w.model == "a"][0].faces == (6,) * 5


# --- Spectral Coach ----------------------------------------------------------------------------------------------

COACH = {"models": 1, "files": 1, "troop_type": "heavy chariot", "base": "50x100",
         "stats": {"M": 8, "WS": 3, "S": 5, "T": 6, "W": 4, "I": 2, "A": 2, "Ld": 5},
         "rules": ["Impact Hits (D6+2)", "Spectral Coach", "Magical Attacks"], "armour": 3}


def test_spectral_coach_turned_incorporeal_makes_no_impact_hits():
    orders = [{"answer": True}, CHARGE]
    eng = run(apart(4.0, a_kw=COACH, orders=orders, dice=[3, 4] + [1] * 30))
    assert "incorporeal" in result(eng)["units"]["a"]["conditions"]
    assert not rolls(eng, "impact_hits")


def test_spectral_coach_left_as_it_is_by_default_keeps_its_impact_hits():
    eng = run(apart(4.0, a_kw=COACH, orders=[CHARGE], dice=[3, 4, 2] + [1] * 30))
    assert "incorporeal" not in result(eng)["units"]["a"]["conditions"]
    assert rolls(eng, "impact_hits")[0].total == 4


# --- Terror --------------------------------------------------------------------------------------------------------


def test_terror_a_failed_test_makes_the_target_flee_at_once():
    # b tests Ld 7 at the declaration: 5 4 = 9 fails: it must flee 2D6 (2 3 = 5").
    eng = run(apart(3.0, a_kw={"rules": ["Terror"]}, dice=[5, 4, 2, 3] + [1] * 10))
    ter = ld_tests(eng, "terror")[0]
    assert ter.model == "b" and ter.outcome == "fail"
    assert rolls(eng, "flee")[0].total == 5
    assert not [e for e in events(eng, ev.DecisionRequested) if e.kind == "charge_reaction"]


def test_terror_gives_the_losers_minus_one_leadership_for_the_break_test():
    # a (Terror; 10 attacks, two ranks deep) hits 3 times and wounds 3 times; b, 7 left (5
    # and 2 behind them), misses with its 7. a wins; b's Break test is against Ld 7 - 1 = 6
    dice = [6, 6, 6] + [1] * 7 + [6, 6, 6] + [1] * 7 + [3, 3] + [1] * 4
    eng = run(engaged(a_kw={"rules": ["Terror"], "stats": {"I": 5}}, dice=dice))
    assert rolls(eng, "break_test")[0].target == 6


def test_terror_causers_take_no_terror_test():
    eng = run(apart(3.0, a_kw={"rules": ["Terror"]}, b_kw={"rules": ["Terror"]},
                    dice=[3, 3] + [1] * 30))
    assert not ld_tests(eng, "terror")


# --- found by a blind test ---------------------------------------------------------------------------


def test_causing_fear_gives_no_protection_against_a_terror_causer():
    # a (Fear) fights a bigger b (Terror): a still tests for Fear (6 5: fails). Both miss
    # with their 10 attacks; a loses and gives ground (a double 1).
    eng = run(engaged(a_kw={"rules": ["Fear"]}, b_kw={"models": 20, "rules": ["Terror"]},
                      dice=[6, 5] + MISS * 2 + [1, 1]))
    assert ld_tests(eng, "fear")[0].model == "a"


def test_after_a_failed_fear_test_the_target_has_no_charge_to_react_to():
    eng = run(apart(4.0, b_kw={"models": 20, "rules": ["Fear"]}, dice=[6, 6]))
    assert not [e for e in events(eng, ev.DecisionRequested) if e.kind == "charge_reaction"]

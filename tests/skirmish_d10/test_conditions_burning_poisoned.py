"""The Burning and Poisoned conditions, given by Flame Attack and Poison."""

import pytest

from game.core import events as ev
from game.rulesets.skirmish_d10.conditions import ACTIVATIONS_AHEAD, CONDITIONS
from tests.support import b2b_pair, damage, events, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT_A = {"unit": "a", "do": "fight", "target": "b"}
PASS_A = {"unit": "a", "do": "pass"}
PASS_B = {"unit": "b", "do": "pass"}


def game(dice, orders, rule, b_dt=5, finish=True, **top):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 5}, rules=[rule])
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": b_dt})
    return run(scenario([a, b], orders, dice=dice, **top), finish=finish)


def test_burning_damages_at_the_start_of_each_activation_until_a_six():
    # a's hit (5) sets b burning; b's DS 1. b's activation: 1 damage, out-roll 5 keeps it.
    # Turn 2: a passes; b: 1 damage, out-roll 6 puts it out. Turn 3: nothing more.
    orders = [FIGHT_A, PASS_B, PASS_A, PASS_B, PASS_A, PASS_B]
    eng = game([5, 1, 5, 6], orders, "Flame Attack")
    assert [r.outcome for r in rolls(eng, "burning goes out")] == ["keeps burning", "goes out"]
    assert [e.source for e in events(eng, ev.DamageTaken)] == ["attack", "burning", "burning"]
    assert damage(eng, "b") == 3
    assert "burning" not in eng.state.models["b"].conditions


def test_burning_damage_comes_before_the_roll():
    # b has 2 tracks: the hit and then the fire destroy it, with no out-roll left to make.
    eng = game([5, 1], [FIGHT_A, PASS_B], "Flame Attack", b_dt=2)
    assert eng.state.models["b"].status == "destroyed"
    assert rolls(eng, "burning goes out") == []


def test_poisoned_rolls_at_the_end_of_each_activation():
    # a's hit (5) poisons b; b's DS 1. b's activation ends: 5 is 1 damage. Turn 2: a passes;
    # b's activation ends: 6, the poison ends. Turn 3: nothing more.
    orders = [FIGHT_A, PASS_B, PASS_A, PASS_B, PASS_A, PASS_B]
    eng = game([5, 1, 5, 6], orders, "Poison")
    assert [(r.model, r.outcome) for r in rolls(eng, "poison")] == [
        ("b", "1 damage"), ("b", "poison ends")]
    assert [e.source for e in events(eng, ev.DamageTaken)] == ["attack", "poison"]
    assert damage(eng, "b") == 2
    assert "poisoned" not in eng.state.models["b"].conditions


def test_poison_on_a_one_is_damage_too():
    eng = game([5, 1, 1], [FIGHT_A, PASS_B], "Poison")
    assert rolls(eng, "poison")[0].outcome == "1 damage"
    assert damage(eng, "b") == 2 and "poisoned" in eng.state.models["b"].conditions


# --- what the AI makes of them: the damage still to come, taken off the model's worth --------

HIT = [FIGHT_A, {"do": "end_activation"}]  # a hits (5), b's Defensive Strike misses (1)


def kept(eng):
    b = eng.state.models["b"]
    return CONDITIONS.kept(eng.state, "b", b.conditions)


def test_a_burning_model_is_worth_what_it_keeps_through_the_burns_to_come():
    # game turn 1 of 2, b (DT 5, 1 damage) still to activate: it burns at the start of its two
    # activations left: 1 damage, then out on 6+ (half the time), else 1 more. A model's worth
    # is half kept for its damage tracks: 0.9 now, 0.8 or 0.7 after.
    eng = game([5, 1], HIT, "Flame Attack", finish=False, turns=2)
    assert "burning" in eng.state.models["b"].conditions
    assert kept(eng) == pytest.approx((0.5 * 0.8 + 0.5 * 0.7) / 0.9)
    plain = game([5, 1], HIT, "Tough", finish=False, turns=2)  # the same hit, no fire
    worth = eng.ruleset.advisor.unit_worth
    assert worth(eng.state, "b") == pytest.approx(worth(plain.state, "b") * kept(eng))
    # with 2 tracks, the first burn destroys it: nothing is kept
    assert kept(game([5, 1], HIT, "Flame Attack", b_dt=2, finish=False, turns=2)) == 0.0


def test_a_poisoned_model_is_worth_what_it_keeps_through_the_poison_to_come():
    # the poison rolls at the end of its two activations left: ends on 6+, else 1 damage
    eng = game([5, 1], HIT, "Poison", finish=False, turns=2)
    assert kept(eng) == pytest.approx((0.5 * 0.9 + 0.25 * 0.8 + 0.25 * 0.7) / 0.9)
    # in the game's last turn, while b activates: the roll at the end of this activation
    now = game([5, 1], HIT + [PASS_B], "Poison", finish=False, turns=1)
    assert kept(now) == pytest.approx((0.5 * 0.9 + 0.5 * 0.8) / 0.9)
    # and once b has activated, before a hits it: nothing more is to come
    done = game([5, 1], [PASS_B, {"do": "end_activation"}, *HIT], "Poison", finish=False,
                turns=1, first_side=2)
    assert "poisoned" in done.state.models["b"].conditions
    assert kept(done) == 1.0
    # in a game of no set length, a few activations ahead are counted: more than b's 4 tracks
    # left, so each amount up to 3 has its chance and 4 or more destroy it
    endless = game([5, 1], HIT, "Poison", finish=False)
    assert ACTIVATIONS_AHEAD + 1 > 4
    assert kept(endless) == pytest.approx(
        (0.5 * 0.9 + 0.25 * 0.8 + 0.125 * 0.7 + 0.0625 * 0.6) / 0.9)

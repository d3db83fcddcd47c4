"""The Burning and Poisoned conditions, given by Flame Attack and Poison."""

from game.core import events as ev
from tests.support import b2b_pair, damage, events, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT_A = {"unit": "a", "do": "fight", "target": "b"}
PASS_A = {"unit": "a", "do": "pass"}
PASS_B = {"unit": "b", "do": "pass"}


def game(dice, orders, rule, b_dt=5):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 5}, rules=[rule])
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": b_dt})
    return run(scenario([a, b], orders, dice=dice))


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

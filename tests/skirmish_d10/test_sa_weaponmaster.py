"""Weaponmaster: one missed attack per activation is rolled again (by default the first one);
never a Defensive Strike."""

from game.core import events as ev
from tests.support import b2b_pair, damage, events, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = {"unit": "a", "do": "fight", "target": "b"}


def duel(dice, orders, a_rules=("Weaponmaster",), b_rules=()):
    a = unit("a", 1, 12, Y2, 0, stats={"MA": 2, "DT": 5}, rules=list(a_rules))
    b = unit("b", 2, 12, Y1, 180, stats={"MA": 1, "DT": 5}, rules=list(b_rules))
    return run(scenario([a, b], orders, dice=dice))


def asked(eng):
    return [e for e in events(eng, ev.DecisionRequested) if e.kind == "weaponmaster"]


def test_first_missed_attack_is_rolled_again_by_default():
    # miss (1), again: 9 hits; the second attack misses (2) and stays missed; b's strike 1.
    eng = duel([1, 9, 2, 1], [FIGHT])
    assert [(r.faces[0], r.outcome) for r in rolls(eng, "attack")] == [
        (1, "miss"), (9, "hit"), (2, "miss")]
    assert damage(eng, "b") == 1
    assert len(asked(eng)) == 1 and asked(eng)[0].default is True


def test_declining_keeps_the_reroll_for_a_later_miss():
    # decline for the first miss; the second miss is asked again and rolled again (9).
    orders = [FIGHT, {"do": "end_activation"}, {"answer": False}]
    eng = duel([1, 2, 9, 1], orders)
    assert [r.outcome for r in rolls(eng, "attack")] == ["miss", "miss", "hit"]
    assert len(asked(eng)) == 2
    assert damage(eng, "b") == 1


def test_never_on_a_defensive_strike():
    # b is the Weaponmaster: its missed Defensive Strike stands, nothing is asked.
    eng = duel([1, 1, 1], [FIGHT], a_rules=(), b_rules=("Weaponmaster",))
    assert len(rolls(eng, "defensive_strike")) == 1
    assert asked(eng) == []


def test_once_per_activation_and_again_the_next_one():
    orders = [FIGHT, {"unit": "b", "do": "pass"}, FIGHT]
    # turn 1: miss, again miss, miss (no more), DS; turn 2: miss, again hit, hit, DS
    eng = duel([1, 1, 1, 1, 1, 9, 9, 1], orders)
    assert [r.outcome for r in rolls(eng, "attack")] == [
        "miss", "miss", "miss", "miss", "hit", "hit"]
    used = [e for e in events(eng, ev.FlagSet) if e.flag == "weaponmaster"]
    assert len(used) == 2

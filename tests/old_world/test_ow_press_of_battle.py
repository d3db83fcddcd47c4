"""Press of Battle: regular and heavy infantry in Combat Order fight two ranks deep to their
front, except in a turn they charged. A model of the second rank makes 1 attack (it is not in
base contact); supporting attacks then come from the third rank. Every test counts to-hit
dice: each model here has A1, so a unit's dice are its fighting models."""

from __future__ import annotations

import pytest

from game.core import events as ev
from tests.old_world.helpers import BASE_IN, block, depth, facing_off, ow
from tests.support import events, rolls, run

CHARGE = {"unit": "a", "do": "charge", "target": "b"}
MISSES = [1] * 80  # every roll a 1: nothing hits, so nobody dies and the counts stay clean


def dice_of(eng, unit: str) -> list[int]:
    """How many to-hit dice ``unit`` rolled, roll by roll."""
    return [len(h.faces) for h in rolls(eng, "to_hit") if h.model == unit]


def engaged(a_kw=None, b_kw=None, orders=()):
    a = block("a", 1, 24, 30, **(a_kw or {}))
    b = block("b", 2, 24, 0, **(b_kw or {}))
    return run(ow(facing_off(a, b), orders=list(orders), dice=MISSES))


def pressing(eng) -> list[str]:
    return [e.model for e in events(eng, ev.RuleApplied) if e.rule == "Press of Battle"]


def test_infantry_that_did_not_charge_fight_two_ranks_deep():
    # 10 models, 5 wide and 2 deep, A1, engaged at the start: 5 in base contact + the 5
    # directly behind them, 1 attack each = 10 (without the rule: 5)
    eng = engaged()
    assert dice_of(eng, "a") == [10] and dice_of(eng, "b") == [10]
    assert pressing(eng) == ["a", "b"]  # the log says why


def test_a_second_rank_model_makes_one_attack_whatever_its_attacks():
    # A3: the front rank makes 5 x 3 = 15 in base contact, the second rank 5 x 1 = 5
    eng = engaged(a_kw={"stats": {"A": 3, "I": 5}})
    assert dice_of(eng, "a") == [20]


def test_a_second_rank_model_out_of_reach_does_not_fight():
    # M0: the 5 in base contact fight; the second rank stands a base (0.98") from b, beyond
    # its reach: 5
    eng = engaged(a_kw={"stats": {"M": 0}})
    assert dice_of(eng, "a") == [5]


def test_the_charger_fights_one_rank_deep_the_charged_unit_two():
    # a charges 3" (3 3: 4 + 3 = 7): in its charge turn it fights with its front rank only (5,
    # at I3 + 3); b, which was charged, fights two ranks deep (10)
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 0)
    eng = run(ow(facing_off(a, b, gap=3.0), orders=[CHARGE], dice=[3, 3] + MISSES))
    assert dice_of(eng, "a") == [5] and dice_of(eng, "b") == [10]
    assert pressing(eng) == ["b"]


def test_the_charger_fights_two_ranks_deep_in_the_next_turn():
    # round 1 (side 1's turn): a charged, 5; b 10. Both miss: a draw (ranks 1 each). Round 2
    # (side 2's turn): a did not charge this turn: 10, like b.
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 0)
    orders = [CHARGE, {"do": "end_turn"}, {"do": "end_turn"}]
    eng = run(ow(facing_off(a, b, gap=3.0), orders=orders, dice=[3, 3] + MISSES))
    assert dice_of(eng, "a") == [5, 10] and dice_of(eng, "b") == [10, 10]


@pytest.mark.parametrize("models, files, expected", [
    (10, 2, 2),  # 2 wide, 5 deep: a marching column fights with its front rank only
    (9, 3, 6),   # 3 wide, 3 deep: square is Combat Order, two ranks of 3
    (12, 3, 3),  # 3 wide, 4 deep: marching column again
])
def test_only_a_unit_in_combat_order_presses(models, files, expected):
    # a (narrower than b) fights b's front: its front-rank models all touch b
    eng = engaged(a_kw={"models": models, "files": files})
    assert dice_of(eng, "a") == [expected]


@pytest.mark.parametrize("troop, base, expected", [
    ("regular infantry", "25x25", 10),
    ("heavy infantry", "25x25", 10),
    ("light cavalry", "25x50", 5),
    ("heavy cavalry", "25x50", 5),
    ("war beast", "25x50", 5),
    ("monstrous infantry", "25x25", 5),
])
def test_only_regular_and_heavy_infantry_press(troop, base, expected):
    # 10 models, 5 wide and 2 deep, A1, each within its M of b
    eng = engaged(a_kw={"troop_type": troop, "base": base, "stats": {"M": 8}})
    assert dice_of(eng, "a") == [expected]


@pytest.mark.parametrize("models, expected", [
    (10, 10),  # two ranks: both fight, nobody is left to support
    (15, 15),  # the third rank makes 5 supporting attacks with its spears
    (20, 15),  # the fourth rank does nothing
])
def test_a_thrusting_spear_supports_from_the_third_rank(models, expected):
    eng = engaged(a_kw={"models": models, "weapons": ["thrusting spear"]})
    assert dice_of(eng, "a") == [expected]


def test_spears_that_charged_neither_press_nor_support():
    # a (15, spears) charges: front rank only, 5; b (15, spears), charged: 5 + 5 + 5
    a = block("a", 1, 24, 30, models=15, weapons=["thrusting spear"])
    b = block("b", 2, 24, 0, models=15, weapons=["thrusting spear"])
    eng = run(ow(facing_off(a, b, gap=3.0), orders=[CHARGE], dice=[3, 3] + MISSES))
    assert dice_of(eng, "a") == [5] and dice_of(eng, "b") == [15]


def test_no_press_of_battle_to_a_flank():
    # c's front is flush against b's left flank (b faces down the table: its left is toward
    # +x); nobody is at b's front. b fights c with the file touching it: its 2 models (one per
    # rank), not the file beside them.
    b = block("b", 2, 24, 10, facing=180.0)
    c = block("c", 1, 0, 0, facing=270.0)
    c["x"] = b["x"] + 5 * BASE_IN / 2 + depth(c) / 2
    c["y"] = b["y"]
    eng = run(ow([b, c], dice=MISSES))
    assert dice_of(eng, "b") == [2]
    assert "b" not in pressing(eng)


def test_no_press_of_battle_to_the_rear():
    # c's front is flush against b's rear; nobody is at b's front. b fights c with its rear
    # rank (5), not the rank in front of it.
    b = block("b", 2, 24, 10, facing=180.0)
    c = block("c", 1, 24, 0, facing=180.0)
    c["y"] = b["y"] - depth(b) / 2 - depth(c) / 2
    eng = run(ow([b, c], dice=MISSES))
    assert dice_of(eng, "b") == [5]
    assert "b" not in pressing(eng)


def test_a_front_rank_touching_at_a_corner_fights_two_ranks_deep():
    # b (3 wide, 4 deep) touches only a's front-right corner, its centre in a's front arc.
    # a (M5) fights with its front rank and, pressing, the rank behind it: 10. Without Press
    # of Battle it would be its front rank and the file holding the corner: 5 + 1.
    a = block("a", 1, 24, 30, stats={"M": 5})
    b = block("b", 2, 0, 0, models=12, files=3, facing=180.0, stats={"I": 1})
    b["x"] = a["x"] + 5 * BASE_IN / 2 + 3 * BASE_IN / 2
    b["y"] = a["y"] - depth(a) / 2 - depth(b) / 2
    eng = run(ow([a, b], dice=MISSES))
    assert dice_of(eng, "a") == [10]

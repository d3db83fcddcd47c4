"""After a round: the Combat Score item by item (Health Points, charge, Full Ranks by Height,
Line Formation, standards, flank and rear), ties, Break Tests with the score difference,
Steadfast and Disrupted Ranks, Stubborn and Unbreakable, flight and pursuit, Restrain, Panic
Tests and rallying."""

from __future__ import annotations

import pytest

from tests.ninth_age.helpers import BASE_IN, applied, block, engaged, na, score
from tests.support import refusal, result, rolls, run

#: a unit of 10 (two ranks of 5) fights with its front rank and, as supporting attacks, its
#: second rank: 10 attacks at Off 3 v Def 3 (4+)
MISS = [1] * 10
#: a (Agi 4) strikes first at step 4: of its 10 attacks three hit (6s) and wound (6s), no
#: Armour: b loses 3 models from its rear rank. At step 3 b, now 5 in front and 2 behind,
#: makes 5 + 2 supporting attacks: all miss.
A_KILLS_THREE = [6, 6, 6] + [1] * 7 + [6, 6, 6] + [1] * 7


@pytest.mark.parametrize("a_kw, ranks", [
    ({"models": 15}, 2),  # three Full Ranks of 5
    ({"models": 25}, 3),  # five, but 3 at most
    ({"models": 14}, 1),  # 5 5 4: the short rank is not Full
    ({"models": 16, "files": 8}, 0),  # Line Formation: no Rank Bonus
    ({"models": 6, "files": 3, "base": "40x40", "height": "large"}, 1),  # Large: ranks of 3
    ({"models": 2, "files": 1, "base": "50x50", "height": "gigantic"}, 1),  # Gigantic: of 1
    ({"models": 8, "files": 4}, 0),  # 4 wide: no Full Rank at all
])
def test_rank_bonus_is_one_per_full_rank_after_the_first(a_kw, ranks):
    eng = run(engaged(a_kw={"stats": {"Off": 0}, **a_kw}, b_kw={"stats": {"Att": 0},
                      "rules": ["Unbreakable"]}), seed=5)
    assert score(eng, 1)["ranks"] == ranks


def test_standards_and_the_battle_standard_add_one_each():
    eng = run(engaged(a_kw={"command": ["standard", "battle standard", "musician", "champion"],
                            "stats": {"Off": 0}},
                      b_kw={"stats": {"Off": 0}, "rules": ["Unbreakable"]}), seed=5)
    got = score(eng, 1)
    assert got["standard"] == 1 and got["battle_standard"] == 1


def flanked(facing_of_c, c_kw=None, dice=None, b_kw=None, a_kw=None):
    """b (side 2) faces down the table at (24, 20), a (side 1) fights its front; c (side 1)
    touches b's left flank (as b sees it) or its rear."""
    b = block("b", 2, 24, 20, facing=180.0, **(b_kw or {}))
    b_depth = -(-b["models"] // b["files"]) * BASE_IN
    a = block("a", 1, 24, 20 + b_depth / 2 + BASE_IN, facing=0.0, **(a_kw or {}))
    if facing_of_c == "flank":
        kw = {"models": 4, "files": 2, **(c_kw or {})}
        depth = -(-kw["models"] // kw["files"]) * BASE_IN
        c = block("c", 1, 24 + 2.5 * BASE_IN + depth / 2, 20, facing=270.0, **kw)
    else:
        kw = {"models": 5, "files": 5, **(c_kw or {})}
        c = block("c", 1, 24, 20 - b_depth / 2 - 0.5 * BASE_IN, facing=180.0, **kw)
    return na([a, b, c], dice=dice)


def test_a_flank_gives_one_and_a_rear_two_once_per_side():
    eng = run(flanked("flank", b_kw={"rules": ["Unbreakable"]}), seed=2)
    assert score(eng, 1)["flank"] == 1 and score(eng, 2)["flank"] == 0
    eng = run(flanked("rear", b_kw={"rules": ["Unbreakable"]}), seed=2)
    assert score(eng, 1)["flank"] == 2
    # the log names the item for both, where "flank 2" after a rear charge read as a mistake
    from game.rulesets.rank_and_flank.events import CombatResult

    line = next(eng.ruleset.presenter.describe(eng.state, x) or "" for x in eng.log
                if isinstance(x, CombatResult))
    assert "flank or rear 2)" in line and " flank 2" not in line


def test_a_tie_makes_no_break_test():
    eng = run(engaged(dice=MISS + MISS))
    assert score(eng, 1)["total"] == score(eng, 2)["total"] == 1
    assert not rolls(eng, "break_test")
    assert "a tie" in applied(eng, "Combat Score")[0]


def test_the_break_test_takes_off_the_score_difference():
    # a (Agi 4) kills 3; b misses. 3 + ranks 1 = 4 to 0: Dis 7 - 4 = 3; 2 2 = 4 breaks.
    dice = A_KILLS_THREE + [2, 2] + [3, 3] + [1, 1]
    eng = run(engaged(a_kw={"stats": {"Agi": 4}}, dice=dice))
    brk = rolls(eng, "break_test")[0]
    assert brk.total == 4 and brk.target == 3 and brk.outcome == "break"
    assert brk.modifiers == (("combat score", -4),)
    out = result(eng)["units"]["b"]
    assert out["status"] == "fleeing"


def test_steadfast_ignores_the_difference():
    # b (20, less 3 = 17: three Full Ranks) against a's 2: it loses 4 to 2 and tests against
    # its plain Dis 7. Its second rank is whole, so it strikes back with 5 + 5 supporting.
    dice = A_KILLS_THREE[:13] + MISS + [3, 4]
    eng = run(engaged(a_kw={"stats": {"Agi": 4}}, b_kw={"models": 20}, dice=dice))
    brk = rolls(eng, "break_test")[0]
    assert brk.target == 7 and brk.outcome == "pass" and brk.modifiers == ()
    assert "Steadfast" in applied(eng, "Break Test")[0]


def test_disrupted_ranks_no_steadfast_with_two_full_ranks_in_the_flank():
    # b: 20 models, a (10) in its front, c in its flank. Step 4: a's 10 attacks (5 + 5
    # supporting) kill 2 (b: 18, three Full Ranks). Step 3: c (5 wide, every front model on
    # b's flank: 5 + 5 supporting), then b: its front rank at a and 4 supporting attacks
    # behind it (the fifth second-rank model, in the file along c, touches c and fights it),
    # and its flank file's models in the second and third ranks at c (the fourth rank's fell):
    # all miss. Side 1: 2 + ranks 1 + flank 1 = 4; side 2: ranks 2. b has more Full Ranks than
    # a and c, but c has two Full Ranks (10 models, 5 wide) in its flank: no Steadfast,
    # Dis 7 - 2 = 5.
    deep = {"models": 10, "files": 5}
    dice = [6, 6] + [1] * 8 + [6, 6] + [1] * 10 + [1] * 9 + [1] * 2 + [2, 2]
    eng = run(flanked("flank", c_kw=deep, b_kw={"models": 20}, a_kw={"stats": {"Agi": 4}},
                      dice=dice))
    assert score(eng, 1)["total"] == 4 and score(eng, 2)["total"] == 2
    brk = rolls(eng, "break_test")[0]
    assert brk.target == 5 and brk.modifiers == (("combat score", -2),)
    # c in ranks of 2 (no Full Rank: 2 + 2 supporting attacks) does not disrupt: b is
    # Steadfast.
    dice = [6, 6] + [1] * 8 + [6, 6] + [1] * 4 + [1] * 9 + [1] * 2 + [2, 2]
    eng = run(flanked("flank", b_kw={"models": 20}, a_kw={"stats": {"Agi": 4}}, dice=dice))
    brk = rolls(eng, "break_test")[0]
    assert brk.target == 7 and brk.modifiers == ()


def test_stubborn_ignores_the_difference_and_unbreakable_does_not_test():
    dice = A_KILLS_THREE + [3, 4]
    eng = run(engaged(a_kw={"stats": {"Agi": 4}}, b_kw={"rules": ["Stubborn"]}, dice=dice))
    assert rolls(eng, "break_test")[0].target == 7
    eng = run(engaged(a_kw={"stats": {"Agi": 4}}, b_kw={"rules": ["Unbreakable"]},
                      dice=dice[:-2]))
    assert not rolls(eng, "break_test")
    assert applied(eng, "Unbreakable") == ["passes its Break Test without rolling"]


def test_a_pursuer_that_rolls_at_least_the_flee_destroys_the_fleeing_unit():
    # b breaks (6 6); flees 3 4 = 7"; a pursues 5 2 = 7": caught.
    dice = A_KILLS_THREE + [6, 6] + [3, 4] + [5, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 4}}, dice=dice))
    assert rolls(eng, "flee")[0].total == 7 and rolls(eng, "pursuit")[0].total == 7
    out = result(eng)["units"]
    assert out["b"]["status"] == "destroyed"
    assert eng.state.game_over and eng.state.winner == 1


def test_a_slower_pursuit_lets_the_unit_flee_directly_away():
    # flees 5 5 = 10" straight away from a's front (b turns about and runs up the table);
    # the pursuit 1 2 = 3" falls short.
    dice = A_KILLS_THREE + [6, 6] + [5, 5] + [1, 2]
    eng = run(engaged(a_kw={"stats": {"Agi": 4}}, dice=dice))
    out = result(eng)["units"]
    b, a = out["b"], out["a"]
    assert b["status"] == "fleeing" and b["facing"] == pytest.approx(0.0, abs=1e-6)
    assert b["x"] == pytest.approx(24.0, abs=1e-3)
    assert a["y"] == pytest.approx(30 - 3.0, abs=0.01)  # a moved its 3" after it
    assert b["y"] < a["y"] - 6


def test_a_winner_that_declines_to_pursue_takes_a_restrain_test():
    dice = A_KILLS_THREE + [6, 6] + [3, 3] + [4, 4]
    orders = [{"do": "next_phase"}] * 4 + [{"answer": False}]
    eng = run(engaged(a_kw={"stats": {"Agi": 4}}, dice=dice, orders=orders))
    restrain = rolls(eng, "discipline")[0]
    assert restrain.model == "a" and restrain.faces == (3, 3) and restrain.outcome == "pass"
    assert not rolls(eng, "pursuit")
    assert result(eng)["units"]["a"]["y"] == pytest.approx(30.0, abs=1e-6)


def test_friends_within_six_inches_of_a_unit_that_breaks_take_a_panic_test():
    # d (b's friend) stands 3" to b's side: b breaks (6 6), d tests 5 6 = 11 against Dis 7
    # and fails: flee rolls b 3 3, d 2 2; pursuit 1 1.
    a = block("a", 1, 24, 30, stats={"Agi": 4})
    b = block("b", 2, 24, 30 - 2 * BASE_IN * 2 / 2 - 2 * BASE_IN / 2 * 2, facing=180.0)
    b["y"] = 30 - 2 * BASE_IN
    d = block("d", 2, 24 + 5 * BASE_IN + 3.0, b["y"], facing=180.0)
    dice = A_KILLS_THREE + [6, 6] + [5, 6] + [3, 3] + [2, 2] + [1, 1]
    eng = run(na([a, b, d], dice=dice))
    panic = rolls(eng, "discipline")[0]
    assert panic.model == "d" and panic.total == 11 and panic.outcome == "fail"
    assert applied(eng, "Panic Test")[0].startswith("fails")
    assert result(eng)["units"]["d"]["status"] == "fleeing"
    assert [r.model for r in rolls(eng, "flee")] == ["b", "d"]


def test_a_fleeing_unit_rallies_in_its_movement_phase_and_is_shaken():
    # b breaks and gets away (flee 6 6, pursuit 1 1). Side 2's turn: Rally Test 3 3 passes;
    # b is Shaken for the turn: it may not move.
    dice = A_KILLS_THREE + [6, 6] + [6, 6] + [1, 1] + [3, 3]
    eng = run(engaged(a_kw={"stats": {"Agi": 4}}, dice=dice, orders=[{"do": "end_turn"}] * 2))
    rally = rolls(eng, "discipline")[-1]
    assert rally.model == "b" and rally.outcome == "pass"
    assert result(eng)["units"]["b"]["status"] == "active"
    move = {"unit": "b", "do": "move", "path": [["forward", 1.0]]}
    msg = refusal(engaged(a_kw={"stats": {"Agi": 4}}, dice=dice, orders=[{"do": "end_turn"}, move]))
    assert "Shaken" in msg


def test_a_failed_rally_flees_on():
    dice = A_KILLS_THREE + [6, 6] + [2, 2] + [1, 1] + [6, 6] + [3, 3]
    eng = run(engaged(a_kw={"stats": {"Agi": 4}}, dice=dice, orders=[{"do": "end_turn"}] * 2))
    assert rolls(eng, "discipline")[-1].outcome == "fail"
    assert [r.total for r in rolls(eng, "flee")] == [4, 6]
    assert result(eng)["units"]["b"]["status"] == "fleeing"


CAVALRY = {"troop_type": "cavalry", "base": "25x50"}


def test_cavalry_pursues_with_swiftstride_three_dice_the_lowest_dropped():
    # a is Cavalry (Swiftstride: a Maximised Roll, 3D6 with the lowest dropped). b breaks
    # (6 6) and flees 3 4 = 7"; a's Pursuit roll 2 1 5 keeps 5 + 2 = 7: it catches b (2 + 1
    # = 3 with two dice would not).
    dice = A_KILLS_THREE + [6, 6] + [3, 4] + [2, 1, 5]
    eng = run(engaged(a_kw={"stats": {"Agi": 4}, **CAVALRY}, dice=dice))
    flee, chase = rolls(eng, "flee")[0], rolls(eng, "pursuit")[0]
    assert flee.faces == (3, 4) and flee.total == 7
    assert chase.faces == (2, 1, 5) and chase.kept == (5, 2) and chase.total == 7
    assert result(eng)["units"]["b"]["status"] == "destroyed"


def test_cavalry_flees_with_swiftstride_three_dice_the_lowest_dropped():
    # b is Cavalry: it breaks (6 6) and flees 1 4 5, keeping 5 + 4 = 9"; a's Pursuit roll of
    # 4 4 = 8" falls short (two dice, 1 + 4 = 5", would have been caught).
    dice = A_KILLS_THREE + [6, 6] + [1, 4, 5] + [4, 4]
    eng = run(engaged(a_kw={"stats": {"Agi": 4}}, b_kw=CAVALRY, dice=dice))
    flee, chase = rolls(eng, "flee")[0], rolls(eng, "pursuit")[0]
    assert flee.faces == (1, 4, 5) and flee.kept == (5, 4) and flee.total == 9
    assert chase.faces == (4, 4) and chase.total == 8
    assert result(eng)["units"]["b"]["status"] == "fleeing"

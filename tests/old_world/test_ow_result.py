"""The combat result item by item, Break tests and what follows them."""

from __future__ import annotations

import pytest

from game.core import events as ev
from game.rulesets.rank_and_flank.events import CombatResult
from tests.old_world.helpers import BASE_IN, block, depth, facing_off, ow
from tests.support import events, result, rolls, run

# the to-hit dice of a unit 5 wide and at least 2 deep that did not charge (two ranks deep,
# Press of Battle: 10 attacks), all missing
MISS = [1] * 10


def fight_data(a_kw=None, b_kw=None, dice=None, orders=()):
    a = block("a", 1, 24, 30, **(a_kw or {}))
    b = block("b", 2, 24, 0, **(b_kw or {}))
    return ow(facing_off(a, b), orders=list(orders), dice=dice)


def fight(a_kw=None, b_kw=None, dice=None, seed=1, orders=()):
    return run(fight_data(a_kw, b_kw, dice, orders), seed=seed)


# both sides miss; b (10) loses to a (15) on ranks and massed infantry, rolls 3 4 for its
# Break test and falls back (15 is not more than twice 10) 1" (1 1, the higher 1); a pursues
# 6 6 = 12" and catches it
CAUGHT = MISS * 2 + [3, 4, 1, 1, 6, 6]


def scores(eng):
    cr = events(eng, CombatResult)[0]
    return cr.scores["1"], cr.scores["2"], cr.winner


@pytest.mark.parametrize("models, troop, files, bonus", [
    (10, "regular infantry", 5, 1), (15, "regular infantry", 5, 2), (25, "regular infantry", 5, 2),
    (14, "regular infantry", 5, 1),  # 5 5 4: the short rear rank does not count
    (12, "heavy infantry", 4, 2), (11, "heavy infantry", 4, 1),
    (8, "heavy cavalry", 4, 1), (12, "light cavalry", 4, 0),  # light cavalry needs 5 a rank
    (12, "regular infantry", 3, 0),  # 3 wide, 4 deep: not in Combat Order
])
def test_rank_bonus_by_troop_type(models, troop, files, bonus):
    # both sides miss everything; side 1's score is its rank bonus and whatever else applies
    base = "25x50" if "cavalry" in troop else "25x25"
    eng = fight(a_kw={"models": models, "troop_type": troop, "files": files, "base": base},
                b_kw={"models": 5, "stats": {"I": 1}}, dice=MISS * 4 + [1, 1] * 4)
    one, _, _ = scores(eng)
    assert one["ranks"] == bonus


def test_standard_close_order_and_massed_infantry_add_up():
    # a: 15 regular infantry with Close Order and a standard v b 10: nobody hits with its 10
    # attacks (each fights two ranks deep).
    # side 1: ranks 2 + standard 1 + massed infantry 1 (US 15 v 10) + close order 1 = 5;
    # side 2: ranks 1 + close order 1 = 2. b loses by 3: Ld 7, 2+2 = 4 +3 = 7: gives ground.
    eng = fight(a_kw={"models": 15, "rules": ["Close Order"], "command": ["standard"]},
                b_kw={"rules": ["Close Order"], "stats": {"I": 1}}, dice=MISS * 2 + [2, 2])
    one, two, winner = scores(eng)
    assert (one["ranks"], one["standard"], one["massed_infantry"], one["close_order"]) == (2, 1, 1, 1)
    assert one["total"] == 5 and two["total"] == 2 and winner == 1
    assert rolls(eng, "break_test")[0].outcome == "give_ground"
    out = result(eng)["units"]
    # b gave ground 2" straight back (up the table) and a followed up: still in contact
    assert out["b"]["y"] == pytest.approx(30 - (3 * BASE_IN / 2) - BASE_IN - 2.0, abs=0.01)
    assert "engaged" in out["a"]["conditions"] and "engaged" in out["b"]["conditions"]


def test_a_draw_leaves_both_locked():
    eng = fight(dice=MISS * 2)
    one, two, winner = scores(eng)
    assert winner is None and one["total"] == two["total"] == 1  # rank bonus each
    assert not rolls(eng, "break_test")


@pytest.mark.parametrize("faces, outcome", [
    ((4, 4), "break"),  # 8 is above Ld 7
    ((3, 4), "fall_back"),  # 7 is not, but 7 + 5 is
    ((1, 2), "fall_back"),  # 3 + 5 = 8: still above 7
    ((1, 1), "give_ground"),  # a double 1 always gives ground
])
def test_break_test_outcomes(faces, outcome):
    # a (I3, two ranks deep: 10 attacks) hits 6 6 6 and seven 1s and wounds 6 6 6: b (no
    # armour) loses 3 models, but at the same Initiative step all 10 of its models strike
    # (two ranks deep too) and miss. side 1: wounds 3 + ranks 1 (5 5) + massed infantry 1 (US
    # 10 v 7) = 5; side 2: 0 (7 models, 5 2: no full rank behind). b loses by 5 and tests
    # against Ld 7.
    dice = [6, 6, 6] + [1] * 7 + [6, 6, 6] + MISS + list(faces) + [1] * 4
    eng = fight(dice=dice)
    one, two, _ = scores(eng)
    assert (one["total"], two["total"]) == (5, 0)
    brk = rolls(eng, "break_test")[0]
    assert brk.modifiers == (("combat result", 5),) and brk.total == sum(faces) + 5
    assert brk.target == 7 and brk.outcome == outcome


def test_fall_back_becomes_break_against_more_than_twice_the_unit_strength():
    # a: 25 models (US 25) v b: 10 (US 10 after losses 10 - 0): a misses, b misses; a wins
    # on ranks 2 + massed 1 = 3 v b's ranks 1 = 1: by 2. b rolls 3 4 = 7 (<= 7), 9 > 7: a
    # fall back, but 25 > 2 x 10: it breaks and flees 2D6 (3 3 = 6").
    eng = fight(a_kw={"models": 25}, dice=MISS * 2 + [3, 4, 3, 3, 1, 1])
    brk = rolls(eng, "break_test")[0]
    assert brk.outcome == "break"
    out = result(eng)["units"]
    assert out["b"]["status"] == "fleeing"
    assert rolls(eng, "flee")[0].total == 6


def test_pursuers_that_reach_a_fleeing_unit_destroy_it():
    # as above, b flees 2" (1 1), a pursues 6 6 = 12" and catches it
    eng = fight(a_kw={"models": 25}, dice=MISS * 2 + [3, 4, 1, 1, 6, 6])
    out = result(eng)["units"]
    assert out["b"]["status"] == "destroyed" and out["b"]["models_left"] == 0
    assert result(eng)["winner"] == 1


def test_a_flight_off_the_table_is_fled():
    a = block("a", 1, 24, 9, models=25)
    b = block("b", 2, 24, 0, models=10)
    units = facing_off(a, b)
    eng = run(ow(units, dice=MISS * 2 + [6, 6, 6, 6, 1, 1]))
    out = result(eng)["units"]["b"]
    assert out["status"] == "fled" and out["models_left"] == 0


def test_flank_and_rear_bonuses():
    # c touches b's left flank: side 1 gets +1 for the flank; b is Disrupted (US 10 >= 5): no
    # rank bonus for b.
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 0)
    a, b = facing_off(a, b)
    c = block("c", 1, 0, 0, facing=90.0)
    # b faces down (180): its left, as it sees it, is toward +x
    c["x"] = b["x"] + 5 * BASE_IN / 2 + depth(c) / 2
    c["y"] = b["y"]
    c["facing"] = 270.0
    eng = run(ow([a, b, c], dice=[1] * 40))
    one, two, _ = scores(eng)
    # side 1: ranks 1 (its best unit) + flank 1 + massed infantry 1 (US 20 v 10); side 2:
    # Disrupted, so no rank bonus
    assert (one["ranks"], one["flank"], one["rear"], one["massed_infantry"]) == (1, 1, 0, 1)
    assert one["total"] == 3 and two["ranks"] == 0 and two["total"] == 0


def test_a_pursuer_that_catches_a_unit_falling_back_stays_in_contact_with_it():
    # a (25) wins on ranks and massed infantry (3 v 1); b rolls 3 4: 7, 7 + 2 > 7: falls
    # back (25 is more than twice 10? yes: it breaks)... use 15 models: 15 is not more than
    # twice 10, so b falls back 1" (1 1, the higher 1) and a pursues 6 6 = 12": caught.
    eng = fight(a_kw={"models": 15}, dice=CAUGHT)
    assert rolls(eng, "break_test")[0].outcome == "fall_back"
    out = result(eng)["units"]
    assert out["b"]["status"] == "active"
    assert "engaged" in out["a"]["conditions"] and "engaged" in out["b"]["conditions"]


def test_a_unit_that_fell_back_may_turn_about_to_meet_its_pursuer():
    """As above: b falls back 1" and a pursues 12" and catches it. Rallying at the end of
    its fall back, b may turn about for free (decision ``free_reform``, default no). b faced
    a (facing 180) and fell back straight away from it, so it faces 0 when it rallies: left
    so, a catches it in its rear; turned about it faces 180 again, and a meets its front."""
    from game.rulesets.rank_and_flank import space

    def caught(orders):
        eng = fight(a_kw={"models": 15}, dice=CAUGHT, orders=orders)
        assert rolls(eng, "break_test")[0].outcome == "fall_back"
        asked = [e for e in eng.log if isinstance(e, ev.DecisionRequested)]
        assert [d.kind for d in asked] == ["pursue", "free_reform"]
        return result(eng)["units"]["b"]["facing"], space.facing_touched_by(eng.state, "b", "a")

    assert caught([]) == (0.0, "rear")
    # the pursuit is asked first, then the turn about
    assert caught([{"do": "end_turn"}, {"answer": True}, {"answer": True}]) == (180.0, "front")


def test_an_answer_that_is_not_a_choice_is_refused_with_the_choices_as_a_scenario_writes_them():
    from tests.support import refusal

    orders = [{"do": "end_turn"}, {"answer": True}, {"answer": "maybe"}]
    got = refusal(fight_data({"models": 15}, dice=CAUGHT, orders=orders))
    assert got.endswith('"maybe" is not one of the choices (true, false)')


def test_a_pursuer_that_runs_into_a_combat_not_fought_yet_leaves_its_round_to_the_others():
    """a (28 models, 7 wide) beats b, which flees 12" (6 6) past c's side; a pursues 9" (5 4),
    short of b, and stops against the right flank of c, locked with d and not yet fought this
    phase. Before, a's joining made c and d's combat one that had fought: it was skipped, and
    a charge that landed went unfought (seen in an AI game: the Spirit Host's charge into the
    Corsairs). Now c and d fight their round (10 attacks each) without a, which struck once."""
    a = block("a", 1, 22, 30, models=28, files=7)
    a, b = facing_off(a, block("b", 2, 22, 0))
    c = block("c", 2, 25.8, 18, facing=90.0)
    d = block("d", 1, 0, 18, facing=270.0)
    d["x"] = c["x"] + depth(c) / 2 + depth(d) / 2
    # a's 14 attacks and b's 10 miss; b's Break test 3 4, flee 6 6, a's pursuit 5 4; then d's
    # and c's attacks miss, and c (Disrupted by a in its flank: no rank bonus) loses on d's
    # ranks and takes its Break test: 1 1, it gives ground
    eng = run(ow([a, b, c, d], dice=[1] * 24 + [3, 4, 6, 6, 5, 4] + [1] * 22))
    assert [(r.model, len(r.faces)) for r in rolls(eng, "to_hit")] == [
        ("a", 14), ("b", 10), ("d", 10), ("c", 10)]
    results = events(eng, CombatResult)
    assert [x.units for x in results] == [("a", "b"), ("c", "d")]
    # (a, in c's flank, adds nothing to the round it takes no part in)
    assert (results[1].winner, results[1].scores["1"]["flank"]) == (1, 0)
    pursuit = [m for m in events(eng, ev.UnitMoved) if m.reason == "pursuit"]
    assert [m.unit for m in pursuit] == ["a"] and pursuit[0].distance < 9.0
    out = result(eng)["units"]
    assert out["b"]["status"] == "fleeing" and "engaged" in out["a"]["conditions"]


def test_a_winner_fought_on_its_flank_turns_to_follow_up():
    # a (4 models) touches b's left flank... b wins and a gives ground sideways away from b;
    # b turns to face it and follows up: still in contact
    b = block("b", 2, 24, 24, facing=180.0)
    a = block("a", 1, 0, 24, facing=270.0, models=4, files=4,
              stats={"S": 1, "Ld": 10})
    a["x"] = b["x"] + 5 * BASE_IN / 2 + BASE_IN / 2  # its front against b's left flank
    eng = run(ow([a, b], dice=[1] * 6 + [5, 1]))
    moves = [e for e in events(eng, ev.UnitMoved)]
    assert [m.reason for m in moves] == ["give ground", "follow up"]
    out = result(eng)["units"]
    assert "engaged" in out["a"]["conditions"] and out["b"]["facing"] == 90.0


def test_both_sides_wiped_out_means_no_winner():
    one = {"models": 1, "files": 1, "stats": {"I": 3, "WS": 10, "S": 10}}
    eng = fight(a_kw=dict(one), b_kw=dict(one), dice=[6, 6, 6, 6])
    assert result(eng)["winner"] is None and eng.state.game_over


def test_ws_zero_rolls_no_dice():
    # a has WS 0: it misses without rolling, and b hits it without rolling (10 hits: it
    # fights two ranks deep, Press of Battle; then 10 to-wound dice)
    eng = fight(a_kw={"stats": {"WS": 0, "I": 5}}, dice=[1] * 10 + [1, 1] * 3)
    assert not rolls(eng, "to_hit")
    wound = rolls(eng, "to_wound")[0]
    assert wound.model == "b" and len(wound.faces) == 10

"""Characters that join a unit (the contract's ``joins``): placed in its front rank, fighting
with their own profile, lending the unit their Leadership and some of their rules."""

from __future__ import annotations

import pytest

from tests.old_world.helpers import BASE_IN, block, facing_off, ld_tests, ow
from tests.support import refusal, result, rolls, run

HERO = {"id": "hero", "side": 1, "name": "Hero", "joins": "a", "models": 1,
        "troop_type": "regular infantry",
        "stats": {"M": 4, "WS": 6, "BS": 3, "S": 4, "T": 4, "W": 2, "I": 5, "A": 3, "Ld": 9}}


def with_hero(hero=None, a_kw=None, b_kw=None, dice=None, orders=(), gap=0.0):
    a = block("a", 1, 24, 30, **(a_kw or {}))
    b = block("b", 2, 24, 0, **(b_kw or {}))
    a, b = facing_off(a, b, gap=gap)
    h = dict(HERO)
    h.update(hero or {})
    return ow([a, h, b], orders=list(orders), dice=dice)


def test_a_character_stands_in_the_front_rank_and_the_front_edge_stays():
    eng = run(with_hero(gap=10.0))
    hero = eng.state.models["hero"]
    a = result(eng)["units"]["a"]
    assert (a["files"], a["ranks"]) == (5, 3)  # 10 models and the hero: 5 5 1
    front_y = 30 - BASE_IN  # where the front edge of the 10 models was placed
    assert hero.y == pytest.approx(front_y + BASE_IN / 2, abs=1e-6)
    assert hero.x == pytest.approx(24.0, abs=1e-6)  # the middle of the front rank


def test_the_character_fights_with_its_own_profile_at_its_own_initiative():
    # the hero (I5, A3) hits 3 times and wounds none; then at I3 a (4 beside the hero and 5
    # behind them: Press of Battle) and b (5 + 5) miss with everything.
    eng = run(with_hero(dice=[6] * 3 + [1] * 3 + [1] * 9 + [1] * 10 + [1] * 6))
    first = rolls(eng, "to_hit")[0]
    assert first.model == "hero" and len(first.faces) == 3 and first.target == 3  # WS6 v WS3
    assert [h.model for h in rolls(eng, "to_hit")][:2] == ["hero", "a"]


def test_the_unit_tests_on_the_best_leadership():
    # the hero (I5) misses 3 times; b (I4, WS10), two ranks deep (Press of Battle), makes 10
    # attacks, hits with 5 and wounds 5 times: a has 5 left and the hero; a's 4 front-rank
    # models and the one behind them miss. b wins by 7 (5 wounds, ranks 1, massed infantry 1).
    # a tests against the hero's Ld 9: 3 3 = 6, 13 > 9: falls back.
    dice = [1] * 3 + [6] * 5 + [1] * 5 + [6] * 5 + [1] * 5 + [3, 3] + [1, 1] + [1, 1]
    eng = run(with_hero(dice=dice, b_kw={"stats": {"I": 4, "WS": 10}}))
    brk = rolls(eng, "break_test")[0]
    assert brk.model == "a" and brk.target == 9 and brk.outcome == "fall_back"


def test_stupidity_of_a_character_makes_its_unit_test():
    eng = run(with_hero(hero={"rules": ["Stupidity"]}, gap=10.0, dice=[6, 6]))
    st = ld_tests(eng, "stupidity")[0]
    assert st.model == "a" and st.target == 9 and st.outcome == "fail"
    assert "stupid" in result(eng)["units"]["a"]["conditions"]


def test_a_character_cannot_be_ordered_on_its_own():
    msg = refusal(with_hero(gap=3.0, orders=[{"unit": "hero", "do": "charge", "target": "b"}]))
    assert "order the unit" in msg


def test_undead_and_living_may_not_join():
    from game.core.errors import ScenarioError
    from game.core.scenario import check_scenario

    with pytest.raises(ScenarioError, match="Necromantic Undead"):
        check_scenario(with_hero(hero={"rules": ["Necromantic Undead"]}), "x.toml")



# --- a unit that flies ----------------------------------------------------------------------------

WALL = {"id": "wall", "name": "Tower", "kind": "impassable", "height": 6.0,
        "polygon": [[14.0, 24.0], [34.0, 24.0], [34.0, 26.0], [14.0, 26.0]]}
OVER = {"unit": "a", "do": "move", "path": [["forward", 9.0]]}


def test_a_flying_unit_moves_over_impassable_terrain_and_a_walking_one_does_not():
    def flight(rules: list[str]) -> dict:
        a = block("a", 1, 24, 30, rules=rules, stats={"M": 10})
        return ow([a, block("b", 2, 24, 2, facing=180.0)], orders=[OVER], terrain=[WALL])

    eng = run(flight(["Fly (10)"]), finish=False)
    assert result(eng)["units"]["a"]["y"] == pytest.approx(21.0, abs=1e-3)  # 9" on, past it
    assert "Tower" in refusal(flight([]))  # on foot, as fast: through the tower


def test_only_a_character_that_flies_may_join_a_unit_that_flies():
    from game.core.errors import ScenarioError
    from game.core.scenario import check_scenario

    a = block("a", 1, 24, 30, rules=["Fly (10)"])
    with pytest.raises(ScenarioError, match="Fly"):
        check_scenario(ow([a, dict(HERO), block("b", 2, 24, 2, facing=180.0)]), "test")


def test_a_character_rallies_with_the_unit_it_fled_with():
    # a (with the hero) flees from b's charge (1 1: 2"), b falls short (1 1); at the start of
    # a's turn it rallies on the hero's Leadership 9 (1 1): the hero, who fled with it, stops
    # fleeing too. (Until 2026-12-04 he fled on alone, and the Dreadlord of the shipped
    # old-world battle, his Dreadspears rallied, gave up his points at the end as fleeing.)
    orders = [{"do": "end_turn"}, {"unit": "b", "do": "charge", "target": "a"},
              {"answer": "flee"}, {"do": "end_turn"}, {"do": "begin_turn"}]
    eng = run(with_hero(gap=6.0, orders=orders, dice=[1, 1] + [1, 1] + [1, 1]))
    rally = ld_tests(eng, "rally")[0]
    assert rally.model == "a" and rally.target == 9 and rally.outcome == "pass"
    units = result(eng)["units"]
    assert units["a"]["status"] == "active" and units["hero"]["status"] == "active"

"""The Shooting phase of old-world, with scripted dice: who may shoot, to hit by BS with every
modifier (long range, moving, cover, Multiple Shots, Stand and Shoot), rolls of 7 or more (a 6,
then a second roll), BS 6 and more, to wound by the weapon's Strength, armour with AP and
Armour Bane, ward saves and Regeneration, casualties, and every refusal with its reason."""

from __future__ import annotations

import pytest

from game.core import events as ev
from tests.old_world.helpers import BASE_IN, block, facing_off, ow
from tests.support import events, refusal, result, rolls, run

SHOOT = {"unit": "a", "do": "shoot", "target": "b"}


def facing(gap: float, a_kw: dict | None = None, b_kw: dict | None = None,
           orders: list | None = None, dice: list[int] | None = None, **top) -> dict:
    """a (side 1, 5 models in one rank unless told, a bow) ``gap`` inches in front of b."""
    a_kw = {"models": 5, "weapons": ["hand weapon", "bow"], **(a_kw or {})}
    a = block("a", 1, 24, 44, **a_kw)
    b = block("b", 2, 24, 0, **(b_kw or {}))
    return ow(facing_off(a, b, gap=gap), orders=[SHOOT] if orders is None else orders,
              dice=dice, **top)


def hit_roll(eng, i: int = 0):
    return rolls(eng, "to_hit")[i]


def shooting_notes(eng) -> list[str]:
    return [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Shooting"]


def test_the_front_rank_shoots_and_casualties_come_off():
    # five bows (BS 3: 4+) 10" away, short range: 4 4 3 1 6 -> 3 hits (a 1 always misses);
    # the bow has the shooter's S3 against T3: 4 5 2 -> 2 wounds; b's armour 5+: 5 2 -> one
    # saved. b loses 1 of its 10: not more than a quarter, no Panic test.
    eng = run(facing(10.0, b_kw={"armour": 5}, dice=[4, 4, 3, 1, 6, 4, 5, 2, 5, 2]))
    hit = hit_roll(eng)
    assert hit.target == 4 and hit.modifiers == () and hit.total == 3 and len(hit.faces) == 5
    assert rolls(eng, "to_wound")[0].target == 4 and rolls(eng, "to_wound")[0].total == 2
    assert rolls(eng, "armour_save")[0].total == 1
    assert result(eng)["units"]["b"]["models_left"] == 9
    assert not rolls(eng, "leadership")
    assert "shoots at B with its bow" in shooting_notes(eng)[0]


def test_long_range_is_minus_one():
    # 20" away with a 24" bow: beyond 12", so 4+ at -1: 4 4 5 5 6 -> three hits
    eng = run(facing(20.0, dice=[4, 4, 5, 5, 6] + [1, 1, 1]))
    hit = hit_roll(eng)
    assert hit.modifiers == (("long range", -1),) and hit.total == 3


def test_out_of_range_names_the_distance():
    msg = refusal(facing(25.0))
    assert '25.0" away' in msg and '24" range' in msg and "bow" in msg


def test_moving_costs_one_quick_shot_nothing_ponderous_two():
    move = {"unit": "a", "do": "move", "path": [["forward", 1.0]]}
    eng = run(facing(11.0, orders=[move, SHOOT], dice=[5, 5, 5, 5, 6] + [1, 1, 1, 1, 1]))
    assert hit_roll(eng).modifiers == (("moved", -1),) and hit_roll(eng).total == 5
    eng = run(facing(9.0, a_kw={"weapons": ["shortbow"]}, orders=[move, SHOOT], dice=[4] * 5 + [1] * 5))
    assert hit_roll(eng).modifiers == () and hit_roll(eng).total == 5
    eng = run(facing(11.0, a_kw={"weapons": ["crossbow"]}, orders=[move, SHOOT], dice=[6, 6, 5, 5, 5] + [1, 1]))
    assert hit_roll(eng).modifiers == (("moved", -2),) and hit_roll(eng).total == 2


def test_a_unit_that_marched_may_not_shoot_unless_its_weapon_moves_and_shoots():
    march = {"unit": "a", "do": "move", "path": [["forward", 6.0]], "march": True}
    msg = refusal(facing(20.0, orders=[march, SHOOT]))
    assert "marched" in msg
    eng = run(facing(16.0, a_kw={"weapons": ["javelin"]}, orders=[march, SHOOT],
                     dice=[4] * 5 + [1] * 5))
    # javelins (12", Move and Shoot, Quick Shot) at 16 - 6 = 10" away: long range beyond 6"
    assert hit_roll(eng).modifiers == (("long range", -1),)


@pytest.mark.parametrize("a_kw, orders, word", [
    ({}, [{"unit": "a", "do": "charge", "target": "b"}, {"do": "next_phase"}, SHOOT], "charge"),
    ({}, [SHOOT, SHOOT], "already shot"),
    ({"weapons": ["hand weapon"]}, [SHOOT], "no missile weapon"),
    ({}, [{"unit": "a", "do": "shoot", "target": "b", "weapon": "longbow"}], "has no longbow"),
])
def test_who_may_not_shoot_is_told_why(a_kw, orders, word):
    msg = refusal(facing(8.0, a_kw=a_kw, orders=orders, dice=[3, 3] + [1] * 30))
    assert word in msg


def test_no_shooting_into_or_out_of_combat():
    a = block("a", 1, 24, 44, models=5, weapons=["hand weapon", "bow"])
    b = block("b", 2, 24, 0)
    c = block("c", 1, 10, 44, models=5, weapons=["hand weapon", "bow"])
    units = facing_off(a, b, gap=0.0) + [c]
    assert "in combat" in refusal(ow(units, orders=[SHOOT]))
    assert "nobody may shoot into a combat" in refusal(
        ow(units, orders=[{"unit": "c", "do": "shoot", "target": "b"}]))


def test_a_target_outside_every_front_arc_is_refused():
    a = block("a", 1, 24, 30, models=5, weapons=["hand weapon", "bow"])
    b = block("b", 2, 40, 31, facing=270)  # beside a
    assert "front arc" in refusal(ow([a, b], orders=[SHOOT]))


def test_a_unit_hidden_behind_another_cannot_be_seen():
    # c (a friend of b, wider than both) stands between them: nothing of b can be seen
    a = block("a", 1, 24, 30, models=5, weapons=["hand weapon", "bow"])
    b = block("b", 2, 24, 14, facing=180, models=5)
    c = block("c", 2, 24, 20, facing=180, models=10, files=10, name="Wall of Shields")
    msg = refusal(ow([a, b, c], orders=[SHOOT]))
    assert "cannot see B" in msg and "Wall of Shields" in msg


def test_rolls_of_seven_or_more_need_a_six_then_a_second_roll():
    # BS 2 (5+) at long range and moved: 7+ -> a 6, then 4+. 6 6 6 5 1: three sixes; the
    # second rolls 4 3 6: two hits; S3 v T3: 4 4 -> two wounds, no armour.
    move = {"unit": "a", "do": "move", "path": [["forward", 1.0]]}
    dice = [6, 6, 6, 5, 1] + [4, 3, 6] + [4, 4]
    eng = run(facing(21.0, a_kw={"stats": {"BS": 2}}, orders=[move, SHOOT], dice=dice))
    first = hit_roll(eng)
    assert first.target == 5 and sum(v for _, v in first.modifiers) == -2
    assert first.total == 3 and "roll again" in first.outcome
    second, = rolls(eng, "to_hit_7_plus")
    assert second.target == 4 and second.total == 2
    assert result(eng)["units"]["b"]["models_left"] == 8


def test_a_score_of_ten_or_more_cannot_hit():
    # BS 1 (6+) with a repeater handgun, moved (Ponderous: -2), at long range (-1), firing
    # its Multiple Shots (-1): 10+, no dice are rolled
    move = {"unit": "a", "do": "move", "path": [["forward", 1.0]]}
    weapon = {"name": "repeater handgun"}
    eng = run(facing(14.0, a_kw={"stats": {"BS": 1}, "weapons": [weapon]},
                     orders=[move, SHOOT, {"answer": True}], dice=[]))
    assert not rolls(eng, "to_hit")
    said = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "To hit"]
    assert said and "10+" in said[0] and "cannot" in said[0]


def test_bs_six_and_more_hits_on_two_and_rolls_misses_again():
    # BS 7: 2+, a miss rolled again needing 12 - 7 = 5+. 1 1 2 3 4 -> two misses, again 5 1:
    # one more hit (4 in all)
    eng = run(facing(10.0, a_kw={"stats": {"BS": 7}}, dice=[1, 1, 2, 3, 4, 5, 1] + [1] * 4))
    assert hit_roll(eng).target == 2 and hit_roll(eng).total == 3
    again, = rolls(eng, "reroll_to_hit")
    assert again.target == 5 and again.total == 1
    assert len(rolls(eng, "to_wound")[0].faces) == 4


def test_multiple_shots_are_fired_at_minus_one_by_default_or_once():
    # repeater crossbows (Multiple Shots (2)): BS 4 needs 3+; the extra shots need 4+: twice as
    # many dice at a little less each, so headless play fires them
    w = ["hand weapon", "repeater crossbow"]
    eng = run(facing(10.0, a_kw={"stats": {"BS": 4}, "weapons": w}, dice=[1] * 10))
    asked, = [e for e in events(eng, ev.DecisionRequested) if e.kind == "multiple_shots"]
    assert asked.default is True
    assert len(hit_roll(eng).faces) == 10 and ("Multiple Shots", -1) in hit_roll(eng).modifiers
    eng = run(facing(10.0, a_kw={"stats": {"BS": 4}, "weapons": w},
                     orders=[SHOOT, {"answer": False}], dice=[1] * 5))
    assert len(hit_roll(eng).faces) == 5 and hit_roll(eng).modifiers == ()


def test_volley_fire_adds_half_of_each_rank_behind_unless_the_unit_moved():
    # 15 models, 5 wide: the front rank and 3 of each of the two ranks behind = 11 shots
    eng = run(facing(10.0, a_kw={"models": 15}, dice=[1] * 11))
    assert len(hit_roll(eng).faces) == 11
    assert "Volley Fire" in shooting_notes(eng)[0]
    move = {"unit": "a", "do": "move", "path": [["forward", 0.5]]}
    eng = run(facing(10.5, a_kw={"models": 15}, orders=[move, SHOOT], dice=[1] * 5))
    assert len(hit_roll(eng).faces) == 5


def test_a_handgun_pierces_armour_and_a_crossbows_sixes_pierce_more():
    # handgun S4 AP -1 (Armour Bane (1)): b's 4+ save. Hits 6 6 6 6 6; wounds (S4 v T3, 3+):
    # 6 3 3 3 1 -> four, the six at AP -2. Saves in order: the six's 5 (needs 6 at -2: fails),
    # then 5 5 4 at -1 (5 5 saved, 4 fails).
    dice = [6] * 5 + [6, 3, 3, 3, 1] + [5] + [5, 5, 4]
    eng = run(facing(10.0, a_kw={"weapons": ["handgun"]}, b_kw={"armour": 4}, dice=dice))
    saves = rolls(eng, "armour_save")
    assert [(r.modifiers, r.total) for r in saves] == [((("AP", -2),), 0), ((("AP", -1),), 2)]
    assert result(eng)["units"]["b"]["models_left"] == 8


def test_shooting_meets_the_whole_armour_not_parry():
    # b (regular infantry, hand weapon and shield, armour 5+) would save on 4+ in combat
    # (Parry); against shots it is its own 5+
    dice = [6] * 5 + [6] * 5 + [5] * 5
    eng = run(facing(10.0, b_kw={"armour": 5, "weapons": ["hand weapon", "shield"]}, dice=dice))
    assert rolls(eng, "armour_save")[0].target == 5


def test_ward_saves_and_regeneration_work_against_shots():
    dice = [6] * 5 + [6] * 5 + [5, 5, 1, 1, 1] + [6, 1, 1]
    eng = run(facing(10.0, b_kw={"rules": ["Ward Save (5+)", "Regeneration (6+)"]}, dice=dice + [6, 6]))
    ward, = rolls(eng, "ward_save")
    assert ward.target == 5 and ward.total == 2
    regen, = rolls(eng, "regeneration")
    assert regen.total == 1
    assert result(eng)["units"]["b"]["models_left"] == 8


# (with a 10" gap, a's front edge is at y = 43.5 and b's, facing it, at y = 33.5)
WALL = {"id": "wall", "name": "Stone Wall", "kind": "obstacle", "height": 1.0,
        "polygon": [[14.0, 35.0], [34.0, 35.0], [34.0, 35.3], [14.0, 35.3]]}


def test_a_unit_behind_a_low_wall_has_partial_cover():
    # the whole front of b is behind the wall, which only hides: partial cover, -1
    eng = run(facing(10.0, terrain=[WALL], dice=[5] * 5 + [1] * 5))
    hit = hit_roll(eng)
    assert hit.modifiers == (("partial cover", -1),) and hit.total == 5
    assert any("Stone Wall" in n and "partial cover" in n for n in shooting_notes(eng))


def test_a_unit_half_behind_a_wall():
    # a wall in front of the third of b on a's left: from every shooter some of b's models,
    # never more than half, are hidden: partial cover for all
    half = dict(WALL, polygon=[[14.0, 35.0], [23.0, 35.0], [23.0, 35.3], [14.0, 35.3]])
    eng = run(facing(10.0, terrain=[half], dice=[1] * 5))
    mods = {m for r in rolls(eng, "to_hit") for m in r.modifiers}
    assert mods == {("partial cover", -1)}
    note = [n for n in shooting_notes(eng) if "partial cover" in n][0]
    assert "of its 10 models are hidden by Stone Wall" in note


def test_ignores_cover_leaves_the_wall_out():
    weapon = {"name": "bow", "rules": ["Volley Fire", "Ignores Cover"]}
    eng = run(facing(10.0, a_kw={"weapons": [weapon]}, terrain=[WALL], dice=[1] * 5))
    assert hit_roll(eng).modifiers == ()


def test_a_unit_mostly_hidden_by_another_unit_has_full_cover():
    # c, a friend of b twice as wide as a's front, hides most of b's models from every
    # shooter; the corners of b stick out on both sides, so a still sees it
    a = block("a", 1, 24, 30, models=5, weapons=["hand weapon", "bow"])
    b = block("b", 2, 24, 10, facing=180, models=20, files=10)
    c = block("c", 2, 24, 17, facing=180, models=6, files=6, name="Screen")
    eng = run(ow([a, b, c], orders=[SHOOT], dice=[6] * 5 + [1] * 5))
    assert all(("full cover", -2) in r.modifiers for r in rolls(eng, "to_hit"))


def test_a_wood_between_blocks_sight_and_one_the_target_stands_in_gives_cover():
    wood = {"id": "wood", "name": "Dark Wood", "kind": "area", "height": 3.0,
            "polygon": [[14.0, 36.0], [34.0, 36.0], [34.0, 40.0], [14.0, 40.0]]}
    msg = refusal(facing(10.0, terrain=[wood]))
    assert "Dark Wood" in msg
    inside = dict(wood, polygon=[[14.0, 30.0], [34.0, 30.0], [34.0, 34.0], [14.0, 34.0]])
    eng = run(facing(10.0, terrain=[inside], dice=[1] * 5))
    assert hit_roll(eng).modifiers == (("partial cover", -1),)


def test_a_unit_on_a_hill_shoots_with_two_ranks_and_sees_over_other_units():
    hill = {"id": "hill", "name": "Hill", "kind": "elevation", "height": 1.0,
            "polygon": [[18.0, 38.0], [30.0, 38.0], [30.0, 50.0], [18.0, 50.0]]}
    a = block("a", 1, 24, 44, models=10, weapons=["hand weapon", "longbow"])
    b = block("b", 2, 24, 20, facing=180, models=10)
    c = block("c", 2, 24, 30, facing=180, models=10, files=10)  # would hide b from the plain
    eng = run(ow([a, b, c], orders=[SHOOT], dice=[1] * 10, terrain=[hill]))
    # two ranks (5 + 5); the longbow's Volley Fire adds nothing behind the second rank here
    assert len(hit_roll(eng).faces) == 10
    assert "on a hill" in shooting_notes(eng)[0]
    assert "cannot see" in refusal(ow([a, b, c], orders=[SHOOT]))


def test_a_hill_between_blocks_sight_beyond_its_crest():
    hill = {"id": "hill", "name": "Barrow", "kind": "elevation", "height": 2.0,
            "polygon": [[14.0, 36.0], [34.0, 36.0], [34.0, 40.0], [14.0, 40.0]]}
    assert "Barrow" in refusal(facing(10.0, terrain=[hill]))


def test_a_tall_building_blocks_sight():
    tower = {"id": "tower", "name": "Tower", "kind": "impassable", "height": 6.0,
             "polygon": [[10.0, 36.0], [38.0, 36.0], [38.0, 40.0], [10.0, 40.0]]}
    assert "Tower" in refusal(facing(10.0, terrain=[tower]))


# --- Panic -----------------------------------------------------------------------------------


def test_losing_more_than_a_quarter_of_its_models_to_shooting_tests_panic():
    # 10 models lose 3 (more than 2.5): a Panic test, 6 6 fails; 7 of 10 left (more than
    # half): it falls back in good order, the higher of 3 4 = 4", away from the shooters
    dice = [6, 6, 6, 1, 1] + [6, 6, 6] + [6, 6] + [3, 4]
    eng = run(facing(10.0, dice=dice))
    panic = [e for e in events(eng, ev.RuleApplied) if e.rule == "Panic test"]
    assert panic and "fails" in panic[0].detail
    b = result(eng)["units"]["b"]
    assert b["models_left"] == 7 and b["status"] == "active"
    flee, = rolls(eng, "flee")
    assert flee.total == 4
    moved = [e for e in events(eng, ev.UnitMoved) if e.unit == "b"][-1]
    start = eng.state.units["b"].formation  # (where it ended)
    assert moved.reason == "fall back" and start is not None
    assert moved.y == pytest.approx(44 - BASE_IN / 2 - 10 - BASE_IN - 4.0, abs=0.05)  # 4" away


def test_a_quarter_exactly_is_no_panic_and_the_immune_never_panic():
    eng = run(facing(10.0, b_kw={"models": 8}, dice=[6, 6, 1, 1, 1] + [6, 6]))
    assert result(eng)["units"]["b"]["models_left"] == 6 and not rolls(eng, "leadership")
    eng = run(facing(10.0, b_kw={"rules": ["Immune to Psychology"]},
                     dice=[6, 6, 6, 1, 1] + [6, 6, 6]))
    said = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Panic test"]
    assert said == ["is Immune to Psychology: it passes"] and not rolls(eng, "leadership")


def test_a_panicked_unit_below_half_strength_flees():
    # 4 models lose 3 (75%): fails 6 6; 1 of 4 left: it flees 2D6 (2 3)
    dice = [6, 6, 6, 1, 1] + [6, 6, 6] + [6, 6] + [2, 3]
    eng = run(facing(10.0, b_kw={"models": 4, "files": 4}, dice=dice))
    assert result(eng)["units"]["b"]["status"] == "fleeing"
    assert rolls(eng, "flee")[0].total == 5


def test_friends_of_a_destroyed_unit_test_panic():
    # b (5 models, Unit Strength 5) is wiped out; d, its friend 2" away, tests (6 6: fails)
    # and flees from the closest enemy
    a = block("a", 1, 24, 30, models=5, weapons=["hand weapon", "bow"])
    b = block("b", 2, 24, 20, facing=180, models=5)
    d = block("d", 2, 33, 20, facing=180, models=10)
    dice = [6] * 5 + [6] * 5 + [6, 6] + [3, 3]
    eng = run(ow([a, b, d], orders=[SHOOT], dice=dice))
    out = result(eng)["units"]
    assert out["b"]["status"] == "destroyed"
    panic = [e for e in events(eng, ev.RuleApplied) if e.rule == "Panic test"]
    assert panic[0].model == "d" and "B was destroyed nearby" in panic[0].detail
    assert out["d"]["status"] == "active"  # 10 of 10 left: it falls back in good order


def test_the_charger_takes_no_panic_test_from_stand_and_shoot():
    # b stands and shoots at a (5 models): 6 6 6 6 6 hits at -1, 6 6 6 wounds: a loses 3 of
    # 5 but charges on, untested; a's charge 6 6 reaches
    a = block("a", 1, 24, 30, models=5)
    b = block("b", 2, 24, 0, models=5, weapons=["hand weapon", "bow"])
    orders = [{"unit": "a", "do": "charge", "target": "b"}, {"answer": "stand_and_shoot"}]
    dice = [6] * 5 + [6, 6, 6, 1, 1] + [6, 6] + [1] * 20
    eng = run(ow(facing_off(a, b, gap=6.0), orders=orders, dice=dice))
    assert not [e for e in events(eng, ev.RuleApplied) if e.rule == "Panic test"]
    assert rolls(eng, "charge_range")[0].outcome == "reaches"


# --- Stand and Shoot -----------------------------------------------------------------------------


def test_stand_and_shoot_at_bs_two_needs_a_six_and_a_second_roll():
    # BS 2 (5+) at -1: 6+, which a 6 reaches: no second roll. BS 1 (6+) at -1: 7+: a 6, then 4+
    a = block("a", 1, 24, 30)
    b = block("b", 2, 24, 0, models=5, weapons=["hand weapon", "bow"], stats={"BS": 1})
    orders = [{"unit": "a", "do": "charge", "target": "b"}, {"answer": "stand_and_shoot"}]
    dice = [6, 6, 5, 1, 1] + [4, 3] + [4] + [1, 1] + [1] * 30
    eng = run(ow(facing_off(a, b, gap=6.0), orders=orders, dice=dice))
    first = hit_roll(eng)
    assert first.modifiers == (("Stand and Shoot", -1),) and first.total == 2
    second, = rolls(eng, "to_hit_7_plus")
    assert second.faces == (4, 3) and second.total == 1


def test_quick_shot_may_stand_and_shoot_at_a_close_charger_and_cumbersome_may_not():
    a = block("a", 1, 24, 30)

    def options(weapon):
        b = block("b", 2, 24, 0, models=5, weapons=["hand weapon", weapon])
        eng = run(ow(facing_off(a, dict(b), gap=2.0), orders=[{"unit": "a", "do": "charge",
                                                               "target": "b"}]), finish=False)
        return [e for e in events(eng, ev.DecisionRequested) if e.kind == "charge_reaction"][0].options

    assert "stand_and_shoot" not in options("bow")
    assert "stand_and_shoot" in options("shortbow")
    cumbersome = {"name": "bolt thrower", "range": 48, "S": 6, "AP": -2, "rules": ["Cumbersome"]}
    assert "stand_and_shoot" not in options(cumbersome)


# --- weapons given as tables ----------------------------------------------------------------------


@pytest.mark.parametrize("weapon, word", [
    ({"name": "sling shot", "S": 3}, "range is missing"),
    ({"name": "bow", "AP": 1}, "AP must be a whole number from -10 to 0"),
    ({"name": "bow", "rules": ["Deadly"]}, "unknown weapon rule 'Deadly'"),
    ({"name": "bow", "rules": ["Armour Bane"]}, "Armour Bane takes a whole number"),
    ({"name": "bow", "reach": 3}, "unknown key 'reach'"),
    ({"name": "halberd", "range": 3}, "close combat weapon"),
])
def test_a_weapon_table_that_cannot_be_used_is_named(weapon, word):
    from game.core.errors import ScenarioError
    from game.core.scenario import check_scenario

    data = facing(10.0, a_kw={"weapons": [weapon]})
    with pytest.raises(ScenarioError) as got:
        check_scenario(data, "test")
    assert word in str(got.value) and "weapons[0]" in str(got.value)


def test_a_weapon_table_changes_the_listed_numbers():
    # a "bow" of Strength 5 and AP -2 (a heavier warbow): S5 v T3 wounds on 2+, b's 4+ save
    # needs 6
    weapon = {"name": "bow", "S": 5, "AP": -2}
    dice = [6] * 5 + [2] * 5 + [5] * 5
    eng = run(facing(10.0, a_kw={"weapons": [weapon]}, b_kw={"armour": 4}, dice=dice + [1, 1]))
    assert rolls(eng, "to_wound")[0].target == 2
    assert rolls(eng, "armour_save")[0].total == 0


def test_a_character_in_the_unit_shoots_with_its_own_weapon_and_bs():
    # a hero (BS 6: 2+, misses again on 6+) with a handgun in the front rank of five bowmen
    # (four beside it, one behind: Volley Fire adds it): the bowmen roll first, then the hero
    a = block("a", 1, 24, 44, models=5, weapons=["hand weapon", "bow"])
    hero = {"id": "hero", "side": 1, "name": "Hero", "joins": "a", "models": 1, "base": "25x25",
            "troop_type": "regular infantry", "weapons": ["hand weapon", "handgun"],
            "stats": {"M": 4, "WS": 5, "BS": 6, "S": 4, "T": 4, "W": 2, "I": 5, "A": 2, "Ld": 8}}
    b = block("b", 2, 24, 0)
    dice = [1] * 5 + [1, 1]  # the five bowmen miss; the hero misses, and misses again
    eng = run(ow(facing_off(a, b, gap=10.0) + [hero], orders=[SHOOT], dice=dice))
    groups = rolls(eng, "to_hit")
    assert [(g.model, len(g.faces), g.target) for g in groups] == [("a", 5, 4), ("hero", 1, 2)]
    assert rolls(eng, "reroll_to_hit")[0].target == 6


def test_a_fleeing_or_stupid_unit_may_not_shoot_nor_a_move_or_shoot_weapon_after_a_move():
    # a fled from b's charge (1 1: 2"), b fell short (1 1); in a's turn it fails to rally
    # (6 6) and flees on (1 1) as the Movement phase ends: it may not shoot
    a = block("a", 1, 24, 30, models=5, weapons=["hand weapon", "bow"])
    b = block("b", 2, 24, 0)
    units = facing_off(a, b, gap=6.0)
    charge = [{"do": "end_turn"}, {"unit": "b", "do": "charge", "target": "a"},
              {"answer": "flee"}, {"do": "end_turn"}]
    dice = [1, 1] + [1, 1] + [6, 6] + [1, 1]
    msg = refusal(ow(units, orders=charge + [SHOOT], dice=dice))
    assert "fleeing" in msg
    stupid = facing(8.0, a_kw={"rules": ["Stupidity"]}, dice=[6, 6])
    assert "Stupid" in refusal(stupid)
    weapon = {"name": "bolt thrower", "range": 48, "S": 6, "AP": -2, "rules": ["Move or Shoot"]}
    move = {"unit": "a", "do": "move", "path": [["forward", 1.0]]}
    assert "Move or Shoot" in refusal(facing(8.0, a_kw={"weapons": [weapon]}, orders=[move, SHOOT]))


def test_friends_of_a_unit_run_down_while_fleeing_test_panic():
    # b flees from a's charge (1 1: 2") and is run down (6 6); d, its friend close by, tests
    # Panic (1 1: passes)
    a = block("a", 1, 24, 30, models=5)
    b = block("b", 2, 24, 0, models=5)
    d = block("d", 2, 32, 0, models=10)
    units = facing_off(a, b, gap=4.0)
    d["y"] = units[1]["y"]
    orders = [{"unit": "a", "do": "charge", "target": "b"}, {"answer": "flee"}]
    eng = run(ow(units + [d], orders=orders, dice=[1, 1] + [6, 6] + [1, 1]))
    assert result(eng)["units"]["b"]["status"] == "destroyed"
    panic = [e for e in events(eng, ev.RuleApplied) if e.rule == "Panic test"]
    assert [(p.model, "passes" in p.detail) for p in panic] == [("d", True)]

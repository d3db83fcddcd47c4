"""The Shooting Phase of ninth-age, with scripted dice: who may shoot (the first two ranks, the
Volley Fire rank), Aim and every modifier (Long Range, Moving and Shooting, Stand and Shoot,
Soft and Hard Cover), Hopeless Shots, weapons and their attributes, Heights that see over
units, hills, the Panic Tests shooting causes, the ranged Breath Attack as a shoot order, and
every refusal with its reason."""

from __future__ import annotations

import pytest

from game.core import events as ev
from tests.ninth_age.helpers import block, facing_off, monster, na
from tests.support import events, refusal, result, rolls, run

SHOOT = {"unit": "a", "do": "shoot", "target": "b"}
TO_SHOOTING = [{"do": "next_phase"}] * 3  # Charge, Movement, Magic


def facing(gap: float, a_kw: dict | None = None, b_kw: dict | None = None,
           orders: list | None = None, dice: list[int] | None = None, **top) -> dict:
    """a (side 1, 10 models with bows: two ranks) ``gap`` inches in front of b."""
    a_kw = {"weapons": ["bow"], **(a_kw or {})}
    a = block("a", 1, 24, 44, **a_kw)
    b = block("b", 2, 24, 0, **(b_kw or {}))
    return na(facing_off(a, b, gap=gap), orders=[SHOOT] if orders is None else orders,
              dice=dice, **top)


def hit_roll(eng, i: int = 0):
    return rolls(eng, "to_hit")[i]


def notes(eng, rule: str = "Shooting") -> list[str]:
    return [e.detail for e in events(eng, ev.RuleApplied) if e.rule == rule]


def test_the_first_two_ranks_shoot_at_their_aim():
    # ten bows (Aim 4+) 10" away: 4 4 4 3 3 3 2 2 1 6 -> four hits; Str 3 v Res 3: 4+: 4 4 1 6
    # -> three wounds; b's Armour 1 against AP 0: 6+: 6 1 1 -> one saved. b loses 2 of 10
    # Health Points: less than a quarter, no Panic Test.
    dice = [4, 4, 4, 3, 3, 3, 2, 2, 1, 6] + [4, 4, 1, 6] + [6, 1, 1]
    eng = run(facing(10.0, b_kw={"stats": {"Arm": 1}}, dice=dice))
    hit = hit_roll(eng)
    assert len(hit.faces) == 10 and hit.target == 4 and hit.modifiers == () and hit.total == 4
    assert rolls(eng, "armour_save")[0].target == 6 and rolls(eng, "armour_save")[0].total == 1
    assert result(eng)["units"]["b"]["models_left"] == 8
    assert not rolls(eng, "discipline")
    assert "first two ranks" in notes(eng)[0]


def test_the_aim_of_a_weapon_table_and_its_shots():
    # elves' longbows hit on 3+; throwing weapons make 2 shots each at the wielder's Str 4
    eng = run(facing(10.0, a_kw={"weapons": [{"name": "longbow", "aim": 3}]}, dice=[1] * 10))
    assert hit_roll(eng).target == 3
    eng = run(facing(3.0, a_kw={"models": 5, "weapons": ["throwing weapons"],
                                "stats": {"Str": 4}}, dice=[6] * 10 + [1] * 10))
    assert len(hit_roll(eng).faces) == 10
    assert rolls(eng, "to_wound")[0].target == 3  # Str 4 v Res 3


def test_long_range_and_accurate():
    eng = run(facing(13.0, dice=[1] * 10))
    assert hit_roll(eng).modifiers == (("long range", -1),)
    eng = run(facing(5.0, a_kw={"models": 5, "weapons": ["throwing weapons"]}, dice=[1] * 10))
    assert hit_roll(eng).modifiers == ()  # beyond 4" of 8", but Accurate


def test_out_of_range_names_the_distance():
    msg = refusal(facing(25.0))
    assert '25.0" away' in msg and '24" range' in msg


MOVE = {"unit": "a", "do": "move", "path": [["forward", 1.0]]}


def test_moving_quick_to_fire_and_unwieldy():
    eng = run(facing(11.0, orders=TO_SHOOTING[:1] + [MOVE, SHOOT], dice=[1] * 10))
    assert hit_roll(eng).modifiers == (("moved", -1),)
    eng = run(facing(9.0, a_kw={"weapons": ["pistol"]}, orders=[MOVE, SHOOT], dice=[1] * 10))
    assert hit_roll(eng).modifiers == (("long range", -1),)  # 8" > 6": no -1 for moving
    eng = run(facing(11.0, a_kw={"weapons": ["crossbow"]}, orders=[MOVE, SHOOT], dice=[1] * 10))
    assert hit_roll(eng).modifiers == (("moved", -2),)


def test_marching_and_reforming_stop_shooting():
    march = {"unit": "a", "do": "move", "path": [["forward", 6.0]], "march": True}
    assert "marched" in refusal(facing(16.0, orders=[march, SHOOT]))
    reform = {"unit": "a", "do": "move", "path": [["turn", 180]]}
    assert "reformed" in refusal(facing(16.0, orders=[reform, SHOOT]))
    weapon = {"name": "bow", "rules": ["March and Shoot"]}
    eng = run(facing(16.0, a_kw={"weapons": [weapon]}, orders=[march, SHOOT], dice=[1] * 10))
    assert hit_roll(eng).modifiers == (("moved", -1),)


@pytest.mark.parametrize("orders, word", [
    ([{"unit": "a", "do": "charge", "target": "b"}, SHOOT], "Shaken"),  # it fell short
    ([SHOOT, SHOOT], "already shot"),
    ([{"unit": "a", "do": "shoot", "target": "b", "weapon": "handgun"}], "has no handgun"),
])
def test_who_may_not_shoot_is_told_why(orders, word):
    assert word in refusal(facing(11.0, orders=orders, dice=[1] * 60))


def test_hopeless_shots_need_a_six_then_four():
    # Aim 4+ at long range, moved and in a wood: 7+ -> a 6, then 4+; 8+ cannot hit
    wood = {"id": "w", "name": "Copse", "kind": "area", "height": 3.0,
            "polygon": [[14.0, 27.0], [34.0, 27.0], [34.0, 33.0], [14.0, 33.0]]}
    dice = [6, 6, 1, 1, 1, 1, 1, 1, 1, 1] + [4, 3] + [1]
    eng = run(facing(14.0, orders=[MOVE, SHOOT], dice=dice, terrain=[wood]))
    first = hit_roll(eng)
    assert sum(v for _, v in first.modifiers) == -3 and first.total == 2
    second, = rolls(eng, "hopeless_shot")
    assert second.target == 4 and second.total == 1
    eng = run(facing(17.0, a_kw={"weapons": ["crossbow"]}, orders=[MOVE, SHOOT], dice=[],
                     terrain=[wood]))
    assert not rolls(eng, "to_hit") and "8 or more" in notes(eng, "To hit")[0]


def test_volley_fire_in_line_formation_adds_a_rank_when_not_moved():
    # 24 models 8 wide: three ranks shoot
    eng = run(facing(10.0, a_kw={"models": 24, "files": 8}, dice=[1] * 24))
    assert len(hit_roll(eng).faces) == 24 and "Volley Fire" in notes(eng)[0]
    eng = run(facing(11.0, a_kw={"models": 24, "files": 8}, orders=[MOVE, SHOOT], dice=[1] * 16))
    assert len(hit_roll(eng).faces) == 16


# --- cover and Heights -----------------------------------------------------------------------


# (with a 10" gap, a's front edge is at y = 43.5 and b's, facing it, at y = 33.5)
def terrain(kind: str, y0: float, y1: float, name: str = "Piece", height: float = 1.0,
            x0: float = 14.0, x1: float = 34.0) -> dict:
    return {"id": name.lower().replace(" ", ""), "name": name, "kind": kind, "height": height,
            "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def test_a_forest_gives_soft_cover_and_a_wall_hard_cover():
    eng = run(facing(10.0, dice=[1] * 10, terrain=[terrain("area", 29.0, 34.0, "Copse")]))
    assert hit_roll(eng).modifiers == (("soft cover", -1),)
    eng = run(facing(10.0, dice=[1] * 10, terrain=[terrain("obstacle", 35.0, 35.3, "Wall")]))
    assert hit_roll(eng).modifiers == (("hard cover", -2),)
    assert any("Hard Cover" in n and "Wall" in n for n in notes(eng))


def test_a_wall_before_less_than_half_of_the_facing_gives_no_cover():
    wall = terrain("obstacle", 35.0, 35.3, "Wall", x0=14.0, x1=22.5)
    eng = run(facing(10.0, dice=[1] * 10, terrain=[wall]))
    assert all(r.modifiers == () for r in rolls(eng, "to_hit"))


def test_a_unit_of_the_same_height_in_between_blocks_and_a_gigantic_target_is_seen_over_it():
    a = block("a", 1, 24, 30, weapons=["crossbow"])
    c = block("c", 2, 24, 20, facing=180, models=12, files=12, name="Screen")
    b = block("b", 2, 24, 12, facing=180, models=5)
    assert "Screen" in refusal(na([a, b, c], orders=[SHOOT]))
    big = block("b", 2, 24, 12, facing=180, **monster([]))
    eng = run(na([a, big, c], orders=[SHOOT], dice=[1] * 10))
    # the Screen is lower than the Gigantic target: it does not block, but hides it (Soft;
    # 16" away is long range for a 30" crossbow)
    assert set(hit_roll(eng).modifiers) == {("soft cover", -1), ("long range", -1)}


def test_volley_fire_sees_over_units_of_its_own_height_once_it_sees_the_target():
    # bows (Volley Fire): the Screen before the Gigantic target neither blocks nor hides;
    # a standard target hidden by it is not seen at all, so Volley Fire does not help
    a = block("a", 1, 24, 30, weapons=["bow"])
    c = block("c", 2, 24, 20, facing=180, models=12, files=12, name="Screen")
    big = block("b", 2, 24, 12, facing=180, **monster([]))
    eng = run(na([a, big, c], orders=[SHOOT], dice=[1] * 10))
    assert hit_roll(eng).modifiers == (("long range", -1),)
    small = block("b", 2, 24, 12, facing=180, models=5)
    assert "cannot see" in refusal(na([a, small, c], orders=[SHOOT]))


def test_an_elevated_shooter_sees_over_units_not_on_a_hill():
    hill = terrain("elevation", 38.0, 50.0, "Knoll")
    a = block("a", 1, 24, 44, weapons=["longbow"])
    c = block("c", 2, 24, 30, facing=180, models=12, files=12)
    b = block("b", 2, 24, 20, facing=180, models=5)
    eng = run(na([a, b, c], orders=[SHOOT], dice=[1] * 10, terrain=[hill]))
    assert hit_roll(eng).modifiers == (("long range", -1),)  # no cover from c
    assert "cannot see" in refusal(na([a, b, c], orders=[SHOOT]))


def test_a_hill_between_hides_what_is_behind_it():
    assert "Knoll" in refusal(facing(10.0, terrain=[terrain("elevation", 36.0, 41.0, "Knoll")]))


# --- Panic Tests and the Breath Attack --------------------------------------------------------


def test_losing_a_quarter_of_its_health_points_to_shooting_is_a_panic_test():
    # 10 hits, 3 wounds of b's 10 Health Points (no armour): a Panic Test, 6 6 fails, b flees
    dice = [6] * 10 + [6, 6, 6] + [1] * 7 + [6, 6] + [3, 3]
    eng = run(facing(10.0, dice=dice))
    assert result(eng)["units"]["b"]["models_left"] == 7
    panic, = rolls(eng, "discipline")
    assert panic.outcome == "fail" and panic.against == "a"
    assert result(eng)["units"]["b"]["status"] == "fleeing"


def test_a_breath_attack_by_order_and_only_once():
    breath = {"unit": "a", "do": "shoot", "target": "b", "weapon": "Breath Attack"}
    dragon = monster(["Breath Attack (Str 4, AP 1)"])
    dice = [2, 3] + [1] * 5
    eng = run(facing(4.0, a_kw=dragon, orders=[breath], dice=dice))
    assert rolls(eng, "breath_attack")[0].total == 5
    assert not [e for e in events(eng, ev.DecisionRequested) if e.kind == "breath_attack"]
    msg = refusal(facing(4.0, a_kw=dragon, orders=[breath, breath], dice=dice))
    assert "no Breath Attack left" in msg


def test_a_unit_that_shot_breathes_only_at_the_same_target():
    # the dragon throws javelins at b; its Breath Attack, as the phase ends, is offered at b alone
    dragon = monster(["Breath Attack (Str 4, AP 1)"], weapons=["javelins"])
    c = block("c", 2, 32, 38, facing=180, models=5)
    a = block("a", 1, 24, 44, **dragon)
    b = block("b", 2, 24, 0)
    units = facing_off(a, b, gap=4.0) + [c]
    eng = run(na(units, orders=[SHOOT], dice=[1] * 2 + [1, 1] + [1] * 2), finish=True)
    asked = [e for e in events(eng, ev.DecisionRequested) if e.kind == "breath_attack"]
    assert asked and asked[0].options == ("b", "none")
    other = {"unit": "a", "do": "shoot", "target": "c", "weapon": "Breath Attack"}
    assert "same unit" in refusal(na(units, orders=[SHOOT, other], dice=[1] * 4))


# --- Stand and Shoot -------------------------------------------------------------------------------


def test_stand_and_shoot_with_bows_beyond_their_range_is_at_long_range():
    # a charges b (bows) from 26" away... beyond the charge reach; from 10": b's bows at -1
    # (Stand and Shoot); from within Adv no reaction
    a = block("a", 1, 24, 30, stats={"Adv": 4})
    b = block("b", 2, 24, 0, weapons=["bow"])
    orders = [{"unit": "a", "do": "charge", "target": "b"}, {"answer": "stand_and_shoot"}]
    eng = run(na(facing_off(a, b, gap=10.0), orders=orders, dice=[1] * 10 + [1, 1] + [1] * 40))
    assert hit_roll(eng).modifiers == (("Stand and Shoot", -1),)
    far = {"name": "bow", "range": 8}
    b2 = block("b", 2, 24, 0, weapons=[far])
    eng = run(na(facing_off(a, b2, gap=10.0), orders=orders, dice=[1] * 10 + [1, 1] + [1] * 40))
    assert set(hit_roll(eng).modifiers) == {("Stand and Shoot", -1), ("long range", -1)}


# --- weapons as tables ---------------------------------------------------------------------------


@pytest.mark.parametrize("weapon, word", [
    ({"name": "sling", "Str": 3}, "range is missing"),
    ({"name": "bow", "aim": 7}, "aim must be a whole number from 2 to 6"),
    ({"name": "bow", "rules": ["Lethal"]}, "unknown weapon rule 'Lethal'"),
    ({"name": "great weapon", "range": 3}, "close combat weapon"),
])
def test_a_weapon_table_that_cannot_be_used_is_named(weapon, word):
    from game.core.errors import ScenarioError
    from game.core.scenario import check_scenario

    with pytest.raises(ScenarioError) as got:
        check_scenario(facing(10.0, a_kw={"weapons": [weapon]}), "test")
    assert word in str(got.value) and "weapons[0]" in str(got.value)


def test_steady_aim_and_more_refusals():
    # Steady Aim: no -1 for Stand and Shoot
    a = block("a", 1, 24, 30, stats={"Adv": 4})
    b = block("b", 2, 24, 0, weapons=[{"name": "bow", "rules": ["Volley Fire", "Steady Aim"]}])
    orders = [{"unit": "a", "do": "charge", "target": "b"}, {"answer": "stand_and_shoot"}]
    eng = run(na(facing_off(a, b, gap=10.0), orders=orders, dice=[1] * 10 + [1, 1] + [1] * 40))
    assert hit_roll(eng).modifiers == ()
    # in combat; shooting into a combat; out of the front arc
    c = block("c", 1, 8, 44, weapons=["bow"])
    engaged_units = facing_off(block("a", 1, 24, 44, weapons=["bow"]), block("b", 2, 24, 0), 0.0)
    assert "in combat" in refusal(na(engaged_units, orders=[SHOOT]))
    assert "into a combat" in refusal(na(engaged_units + [c], orders=[
        {"unit": "c", "do": "shoot", "target": "b"}]))
    beside = [block("a", 1, 24, 30, weapons=["bow"]), block("b", 2, 40, 31, facing=270)]
    assert "front arc" in refusal(na(beside, orders=[SHOOT]))

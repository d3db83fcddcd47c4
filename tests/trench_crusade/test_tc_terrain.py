"""Geometry as trench-crusade reads it: levels, climbs and drops along a path, melee reach
across levels, line of sight over terrain of different heights, the Defended Obstacle."""

import dataclasses

import pytest

from game.core.scenario import check_scenario
from game.rulesets.trench_crusade.terrain import (
    climbs_and_drops,
    defended_obstacle,
    in_sight,
    level,
    path_levels,
    reach,
    within,
)
from tests.trench_crusade.helpers import R25, engine_for, game, model, rect

ROOF = rect("roof", "elevation", 8, 2, 16, 8, 3.0)
HILL_ON_ROOF = rect("tower", "elevation", 10, 3, 12, 5, 5.0)


def state(units, terrain):
    eng, _ = engine_for(game(units, terrain=terrain))
    return eng.state


def test_the_highest_elevation_under_the_centre_is_the_level():
    s = state([model("a", 1, 11, 4), model("b", 1, 14, 4), model("c", 2, 20, 20)], [ROOF, HILL_ON_ROOF])
    assert (level(s, s.models["a"]), level(s, s.models["b"]), level(s, s.models["c"])) == (5, 3, 0)


def test_path_levels_and_their_climbs_and_drops():
    s = state([model("c", 2, 20, 20)], [ROOF, HILL_ON_ROOF])
    levels = path_levels(s, (11, 10), (11, 1))  # north across the roof and the tower on it
    assert levels == [0, 3, 5, 3, 0]
    assert climbs_and_drops(levels) == (5, [2, 3])


def test_reach_counts_the_difference_of_levels():
    # a on the roof by its edge, b at its foot, 0.2" between the bases across the table:
    # 3" apart in height, so not within 1"
    a = model("a", 1, 12, 7.5)
    b = model("b", 2, 12, 7.5 + R25 + 0.2)
    s = state([a, b], [ROOF])
    assert reach(s, s.models["a"], s.models["b"]) == pytest.approx((0.2 ** 2 + 3 ** 2) ** 0.5)


@pytest.mark.parametrize("past, near", [(0.0, True), (5e-6, True), (1e-4, False)])
def test_melee_range_is_measured_with_the_rules_one_distance_tolerance(past, near):
    # bases 1" apart on the ground, or 5 millionths more (positions are kept to a millionth),
    # are within melee range; 0.0001" more is not (until 2026-12-07 the tolerance was the
    # ruleset's own millionth, and the other rulesets each had theirs)
    a = model("a", 1, 12, 10)
    b = model("b", 2, 12, 10 + R25 + 1.0 + past)
    s = state([a, b], [])
    assert within(s, s.models["a"], s.models["b"]) is near


@pytest.mark.parametrize("height, seen", [(1.0, True), (1.01, False), (4.0, False)])
def test_terrain_taller_than_one_inch_blocks_sight_on_the_ground(height, seen):
    wall = rect("wall", "obstacle", 4, 11.8, 20, 12.2, height)
    s = state([model("a", 1, 12, 14), model("b", 2, 12, 10)], [wall])
    assert in_sight(s, s.models["a"], s.models["b"]) is seen


def test_a_model_on_high_ground_sees_over_a_wall_no_more_than_one_inch_above_it():
    wall = rect("wall", "obstacle", 4, 11.8, 20, 12.2, 4.0)
    tall = dict(wall, height=4.5)
    roof = rect("roof", "elevation", 4, 13, 20, 16, 3.0)
    s = state([model("a", 1, 12, 14), model("b", 2, 12, 10)], [wall, roof])
    assert in_sight(s, s.models["a"], s.models["b"])
    s = state([model("a", 1, 12, 14), model("b", 2, 12, 10)], [tall, roof])
    assert not in_sight(s, s.models["a"], s.models["b"])


def test_the_roof_a_model_stands_on_does_not_hide_its_foot():
    a = model("a", 1, 12, 7)
    b = model("b", 2, 12, 8 + R25 / 2 + 0.1)
    s = state([a, b], [ROOF])
    assert in_sight(s, s.models["a"], s.models["b"])


def test_sight_goes_round_a_short_wall():
    # the wall covers the straight line between the centres but not the edges of the bases
    post = rect("post", "impassable", 11.9, 11.8, 12.1, 12.2, 3.0)
    s = state([model("a", 1, 12, 14), model("b", 2, 12, 10)], [post])
    assert in_sight(s, s.models["a"], s.models["b"])


def test_defended_obstacle_needs_contact_height_and_position():
    bags = rect("bags", "obstacle", 8, 12.5, 16, 13.0, 1.0)
    a = model("a", 1, 12, 13 + R25 / 2 + 0.3)
    b = model("b", 2, 12, 12.5 - R25 / 2)
    s = state([a, b], [bags])
    assert defended_obstacle(s, s.models["a"], s.models["b"]) == "bags"
    # the attacker touching the bags does not make the target defended
    assert defended_obstacle(s, s.models["b"], s.models["a"]) is None
    low = state([a, b], [dict(bags, height=0.49)])
    assert defended_obstacle(low, low.models["a"], low.models["b"]) is None
    area = state([a, b], [dict(bags, kind="area")])
    assert defended_obstacle(area, area.models["a"], area.models["b"]) is None


def test_what_is_kept_for_one_place_is_not_given_for_another():
    # levels, sight and the Defended Obstacle are kept by where the models stand (the AI asks
    # them thousands of times a game): asked again in the same game once a model has moved,
    # each is answered for its new place
    bags = rect("bags", "obstacle", 8, 12.5, 16, 13.0, 1.0)
    wall = rect("wall", "obstacle", 18, 11.8, 22, 12.2, 4.0)
    a = model("a", 1, 12, 13 + R25 / 2 + 0.3)
    b = model("b", 2, 12, 12.5 - R25 / 2)
    s = state([a, b, model("c", 2, 20, 10)], [bags, wall, ROOF])
    assert defended_obstacle(s, s.models["a"], s.models["b"]) == "bags"
    assert level(s, s.models["b"]) == 0.0
    assert in_sight(s, s.models["a"], s.models["c"])
    moved = s.copy()  # (the same game: the same terrain, and what was kept for it)
    for name, x, y in (("a", 20, 14), ("b", 12, 5)):
        moved.models[name] = dataclasses.replace(moved.models[name], x=x, y=y)
    assert defended_obstacle(moved, moved.models["a"], moved.models["b"]) is None
    assert level(moved, moved.models["b"]) == 3.0  # (on the roof)
    assert not in_sight(moved, moved.models["a"], moved.models["c"])  # (the wall between)


def test_the_trench_map_is_a_valid_scenario():
    from game.core.scenario import load_scenario

    sc = load_scenario("maps/trench.toml")
    kinds = {t.kind for t in sc.terrain}
    assert {"elevation", "obstacle"} <= kinds
    assert check_scenario(sc.raw, "trench.toml").ruleset == "trench-crusade"

"""``space.within``: the one test of "a Unit Boundary within N inches of where something stood"
that both rulesets' Panic tests use (a friend of a unit destroyed or broken within 6"). A
boundary exactly at the distance counts, as does one past it by less than the positions'
precision; a boundary a ten-thousandth further does not. A weapon's range is measured the same
way (both go through ``game.core.measure``)."""

from __future__ import annotations

import pytest
from shapely.geometry import Point, box

from game.core.engine import Engine
from game.core.scenario import check_scenario
from game.rulesets.rank_and_flank import space
from tests.old_world.helpers import block, ow


@pytest.fixture(scope="module")
def engine() -> Engine:
    # ten models in two ranks of five, facing up the table, centred at (24, 30)
    return Engine(check_scenario(ow([block("a", 1, 24, 30)], orders=[]), "test"), seed=1)


@pytest.mark.parametrize(("past", "counts"), [
    (-0.5, True), (0.0, True), (5e-6, True), (1e-4, False), (0.5, False)])
def test_a_boundary_at_the_distance_counts_and_one_past_it_does_not(engine: Engine, past: float,
                                                                     counts: bool) -> None:
    s = engine.state
    right = space.boundary(s, "a").bounds[2]  # (the boundary's right edge, x)
    where = Point(right + 6.0 + past, 30.0)
    assert space.within(s, "a", where, 6.0) is counts


def test_it_measures_to_the_nearest_edge_of_a_unit_outline(engine: Engine) -> None:
    s = engine.state
    minx, miny, maxx, maxy = space.boundary(s, "a").bounds
    # a 4" square whose nearest corner is 3" right and 4" up from the boundary's corner: 5"
    other = box(maxx + 3.0, miny - 8.0, maxx + 7.0, miny - 4.0)
    assert space.within(s, "a", other, 5.0)
    assert not space.within(s, "a", other, 4.99)


@pytest.mark.parametrize(("ruleset", "past", "ok"), [
    ("old-world", 0.0, True), ("old-world", 5e-6, True), ("old-world", 1e-4, False),
    ("ninth-age", 0.0, True), ("ninth-age", 5e-6, True), ("ninth-age", 1e-4, False)])
def test_a_weapons_range_is_measured_with_the_same_tolerance(ruleset: str, past: float,
                                                            ok: bool) -> None:
    """A target 24" away from bows, or 5 millionths past that, is in range; 0.0001" past, it
    is refused as out of range. (Until 2026-12-07 a range, a charge's reach and Impact Hits'
    3" each had their own inline tolerance, a thousand times finer than the positions kept.)"""
    from game.core.commands import Order
    from tests.ninth_age.helpers import block as na_block
    from tests.ninth_age.helpers import na
    from tests.old_world.helpers import facing_off

    if ruleset == "old-world":
        units = facing_off(block("a", 1, 24, 44, weapons=["hand weapon", "bow"]),
                           block("b", 2, 24, 0), gap=24.0 + past)
        data, phases = ow(units, orders=[]), 2
    else:
        units = facing_off(na_block("a", 1, 24, 44, weapons=["bow"]), na_block("b", 2, 24, 0),
                           gap=24.0 + past)
        data, phases = na(units, orders=[]), 3
    e = Engine(check_scenario(data, "test"), seed=1)
    for _ in range(phases):  # (the turn begun, on to the Shooting phase)
        assert e.run_order(Order("next_phase")).ok
    got = e.execute(Order("shoot", "a", (("target", "b"),)))
    assert got.ok is ok
    if not ok:
        assert got.refusal is not None and got.refusal.code == "out_of_range"

"""The promises of the sweeps, checked with the definitions of touching and overlapping on
random set-ups (see ``tests/physics/sweeps.py``; ``bench/probe_sweeps.py`` runs many more).

Each set-up asks ``first_contact_along`` (it stops touching what it runs into, overlapping
nothing, and only when the move pushes into it), ``check_straight_move`` (refused exactly
when the swept area reaches more than the tolerance into something, naming something it
does cross) and ``plan_charge`` (it ends touching the target, overlapping nothing, along a
path that crosses nothing).
"""

from __future__ import annotations

import numpy as np
import pytest

from game.geometry.bases import MM_PER_INCH, footprint, parse_base
from game.geometry.contact import CONTACT_TOL, distance, in_contact, overlaps
from game.physics.movement import check_straight_move, first_contact_along
from tests.physics.sweeps import START, TABLE, Setup, problems, random_setup

SIDE = 25 / MM_PER_INCH
SQ = parse_base("25x25")


@pytest.mark.parametrize("block", range(8))
def test_random_sweeps_keep_their_promises(block: int) -> None:
    found = {}
    for i in range(block * 40, block * 40 + 40):
        setup = random_setup(np.random.default_rng([20261202, i]))
        wrong = problems(setup)
        if wrong:
            found[i] = wrong
    assert found == {}


@pytest.mark.parametrize("into", [1e-7, 5e-7, 0.0, -1e-7])
@pytest.mark.parametrize("direction", [270.0, 0.0, 180.0, 225.0])
def test_a_base_a_hair_into_its_neighbour_may_move_away_or_along(
    into: float, direction: float
) -> None:
    # positions kept to a millionth leave a base flush with another a hair into it: that is
    # touching, and moving away from it or along it is free
    others = {"friend": footprint(SQ, START[0] + SIDE - into, START[1], 0)}
    d, key = first_contact_along(SQ, START, direction, 0, others, {}, 3)
    assert (d, key) == (3.0, None)
    d, key = first_contact_along(SQ, START, 90.0, 0, others, {}, 3)
    assert key == "friend" and d < 1e-6
    assert not overlaps(footprint(SQ, START[0] + d, START[1], 0), others["friend"])


def test_a_path_across_the_middle_of_a_base_is_blocked() -> None:
    # the swept area's middle is the other base's middle: pymunk has no direction to start
    # its search from there, and the sweep measures again a hair aside
    others = {"elf": footprint(SQ, 10, 5, 0)}
    res = check_straight_move(SQ, (5, 5), (15, 5), 90, others, {}, TABLE)
    assert res.blocker == "elf"
    d, key = first_contact_along(SQ, (10 - 2.5, 5), 90, 0, {"elf": others["elf"]}, {}, 5.0)
    assert key == "elf"
    assert 0.0 < distance(footprint(SQ, 7.5 + d, 5, 0), others["elf"]) <= CONTACT_TOL / 2


def test_a_slide_whose_corners_line_up_along_the_path_finds_what_it_crosses() -> None:
    # a square sliding along its own facing sweeps corners that lie on its long sides; kept
    # in the swept area, pymunk missed a base lying across the end of the path
    big = footprint(parse_base("50x50"), 27.44704441433624, 17.287909535953986, 205.50278844314556)
    setup = Setup(SQ, 83.0, 83.0, 12.0, {"b": big}, {})
    d, key = first_contact_along(SQ, START, 83.0, 83.0, setup.others, {}, 12.0)
    assert key == "b"
    assert in_contact(setup.at(d), setup.others["b"], CONTACT_TOL / 2)
    assert problems(setup) == []

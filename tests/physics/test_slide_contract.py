"""The promises of a unit's slide in formation, checked with the definitions of touching and
distance on random set-ups (see ``tests/physics/slides.py``; ``bench/probe_sweeps.py
--blocks`` runs many more).

``Surroundings.travel`` slides a block until it comes within its gap of something (an
enemy's gap, a friend's, 0 from impassable terrain) or touches the table edge: at the
answer it is at that gap from what stopped it, going on would bring that nearer, and the
area it swept came no nearer to anything than its gap or than it already stood.
``Surroundings.clear_beyond`` answers the first distance from its start on where the block
overlaps no unit and stands the gap from every enemy.
"""

from __future__ import annotations

import numpy as np
import pytest

from game.geometry.contact import gap as signed_gap
from game.geometry.formation import Block
from game.geometry.formation_moves import Surroundings
from tests.physics.slides import block_problems, random_block_setup


@pytest.mark.parametrize("block", range(8))
def test_random_slides_keep_their_promises(block: int) -> None:
    found = {}
    for i in range(block * 50, block * 50 + 50):
        setup = random_block_setup(np.random.default_rng([20261202, i]))
        wrong = block_problems(setup)
        if wrong:
            found[i] = (setup.describe(), wrong)
    assert found == {}


def _pair(nudge: float) -> tuple[Block, Block]:
    # a 5-wide block and a friend flush with its right flank, at a slant (positions kept to a
    # millionth leave it a hair either way)
    a = Block(20.0, 20.0, 33.0, 5, 10, 1.0, 1.0)
    b = a.advanced(0.5, (a.width + 2.0) / 2 + nudge)
    return a, Block(b.x, b.y, 33.0, 2, 4, 1.0, 1.0)


@pytest.mark.parametrize("nudge", [1e-7, 0.0, -1e-7])
def test_a_block_slides_along_a_flush_friend_and_stops_when_it_pushes_into_it(
    nudge: float,
) -> None:
    a, b = _pair(nudge)
    env = Surroundings(friends={"b": b.polygon})
    # forward, along the friend's side: the distance stays what it was, so nothing stops it
    assert env.travel(a, a.forward, 6.0, friend_gap=0.0) == (6.0, None)
    # to the right, into it: stopped where it stands
    t, who = env.travel(a, a.right, 6.0, friend_gap=0.0)
    assert who == "b" and t < 1e-6


def test_a_block_a_hair_into_an_enemy_may_back_away_but_not_press_on() -> None:
    a = Block(20.0, 20.0, 0.0, 4, 8, 1.0, 1.0)
    enemy = a.advanced(2.0 - 1e-6)  # its rear 1e-6 into the mover's front
    env = Surroundings(enemies={"e": enemy.polygon})
    back = (-a.forward[0], -a.forward[1])
    t, who = env.travel(a, back, 3.0, gap=1.0)
    assert (t, who) == (3.0, None)
    t, who = env.travel(a, a.forward, 3.0, gap=1.0)
    assert who == "e" and t < 1e-6
    # clear of it: 1" beyond its front (within the 1e-9 a gap is kept to)
    clear = env.clear_beyond(a, a.forward, 0.5, gap=1.0)
    assert signed_gap(a.advanced(clear).polygon, enemy.polygon) == pytest.approx(1.0, abs=2e-9)
    assert clear == pytest.approx(2.0 + 2.0 - 1e-6 + 1.0, abs=2e-9)

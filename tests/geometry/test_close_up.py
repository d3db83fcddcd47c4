"""close_up_shift: an enemy that touched a facing of a unit which then lost models, moved by
the shift, touches the same facing again, along as much of it as before (or all of it, when
the side is now shorter), over random units, facings, offsets and losses."""

from __future__ import annotations

import math
import random

from game.geometry.formation import Block, contact_stretch, make_block, touched_facing
from game.geometry.formation_actions import close_up_shift

BASES = ["25x25", "20x20", "25x50", "40x40"]


def _against(rng: random.Random, unit: Block, facing: str) -> Block:
    """A one-rank enemy flush against ``facing`` of ``unit``, facing it, slid along the side so
    that it touches at least a little of it."""
    other = make_block(0.0, 0.0, 0.0, rng.choice(BASES), (n := rng.randint(1, 6)), n)
    turn = {"front": 180.0, "rear": 0.0, "right": 270.0, "left": 90.0}[facing]
    nx, ny = unit.normal(facing)
    (p, q) = unit.edge(facing)
    t = rng.uniform(-0.45, 0.45)
    mx, my = (p[0] + q[0]) / 2 + t * (q[0] - p[0]), (p[1] + q[1]) / 2 + t * (q[1] - p[1])
    out = other.depth / 2
    return Block(mx + nx * out, my + ny * out, (unit.facing + turn) % 360, other.files,
                 other.models, other.base_w, other.base_d)


def test_the_enemy_touches_the_same_facing_after_the_shift() -> None:
    rng = random.Random(5)
    checked = 0
    for _ in range(400):
        models = rng.randint(4, 30)
        unit = make_block(24.0, 24.0, rng.uniform(0, 360), rng.choice(BASES), models,
                          rng.randint(1, min(models, 8)))
        facing = rng.choice(["front", "rear", "left", "right"])
        enemy = _against(rng, unit, facing)
        if touched_facing(unit, enemy) != facing:
            continue  # (it only touched a corner to begin with)
        after = unit.with_models(rng.randint(1, models - 1))
        dx, dy = close_up_shift(unit, after, facing, enemy)
        moved = Block(enemy.x + dx, enemy.y + dy, enemy.facing, enemy.files, enemy.models,
                      enemy.base_w, enemy.base_d)
        assert touched_facing(after, moved) == facing, (unit, after, enemy, facing)
        # as much of the side as before, or all of it when it is now shorter than that
        (p, q) = after.edge(facing)
        side = math.hypot(q[0] - p[0], q[1] - p[1])
        was = contact_stretch(unit, facing, enemy, tol=1e-6)
        now = contact_stretch(after, facing, moved, tol=1e-6)
        assert now >= min(was, side) - 1e-5
        checked += 1
    assert checked > 200

"""Movement questions for the rules engine: every move that can collide is swept by pymunk,
measured against the definitions of touching in :mod:`game.geometry.contact`.

See :mod:`game.physics.movement` and :mod:`game.physics.charge`.
"""

from .charge import plan_charge
from .movement import (
    ChargePlan,
    MoveCheck,
    check_straight_move,
    first_contact_along,
    separation_ok,
)

__all__ = [
    "ChargePlan",
    "MoveCheck",
    "check_straight_move",
    "first_contact_along",
    "plan_charge",
    "separation_ok",
]

"""How the rules compare a distance measured on the table with one they name ("within 6
inches", "beyond its range", "3 inches or more before contact").

Positions are kept to :data:`game.core.events.POSITION_DIGITS` decimals, so a distance worked
out from two of them may be a millionth or two off the one the players meant: a unit exactly
at the distance counts as at it. :data:`DISTANCE_TOL` is that allowance, and these two
functions are the one place it is applied."""

from __future__ import annotations

#: how far past a distance the rules name (a Panic test's 6", a weapon's range, a charge's
#: reach, Inspire's range, 1" of melee) a model or unit may stand and still count as within it
DISTANCE_TOL = 1e-5


def within(distance: float, inches: float) -> bool:
    """Whether ``distance`` is no more than ``inches``, as the rules measure it."""
    return distance <= inches + DISTANCE_TOL


def short_of(distance: float, inches: float) -> bool:
    """Whether ``distance`` falls short of ``inches``, as the rules measure it (a chariot that
    moved less than 3" before contact)."""
    return distance < inches - DISTANCE_TOL


__all__ = ["DISTANCE_TOL", "short_of", "within"]

"""``game.core.measure``: a distance at the one the rules name, or past it by less than the
rounding of two positions kept to a millionth of an inch, counts as at it; 0.0001" off, not."""

from __future__ import annotations

import pytest

from game.core.measure import short_of, within


@pytest.mark.parametrize(("distance", "inside"), [
    (5.9, True), (6.0, True), (6.0 + 5e-6, True), (6.0 + 1e-4, False), (6.5, False)])
def test_within_allows_for_the_rounding_of_positions(distance: float, inside: bool) -> None:
    assert within(distance, 6.0) is inside


@pytest.mark.parametrize(("moved", "short"), [
    (2.5, True), (3.0 - 1e-4, True), (3.0 - 5e-6, False), (3.0, False), (3.5, False)])
def test_short_of_allows_for_it_the_other_way(moved: float, short: bool) -> None:
    # (a chariot that moved 3" before contact, to the positions' precision, has its Impact Hits)
    assert short_of(moved, 3.0) is short

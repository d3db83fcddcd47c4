"""A dice expression's average is the average of what the rules roll for it."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from game.rulesets.rank_and_flank.dice import parse_dice


def rolled_mean(text: str) -> Fraction:
    """Every roll of the expression's D6s, each as :func:`roll_expr` totals it (a D3 is a D6
    halved rounded up, a total below 0 is 0), averaged."""
    expr = parse_dice(text)
    if not expr.count:
        return Fraction(expr.plus)
    totals = [max(0, sum((f + 1) // 2 if expr.sides == 3 else f for f in faces) + expr.plus)
              for faces in product(range(1, 7), repeat=expr.count)]
    return Fraction(sum(totals), len(totals))


@pytest.mark.parametrize("text", ["D6", "D3", "2D6", "D6+1", "D6-2", "D3-1", "D3-2", "2D3-3",
                                  "3D6-10", "4"])
def test_mean_is_what_is_rolled_on_average(text: str) -> None:
    assert parse_dice(text).mean == pytest.approx(float(rolled_mean(text)))


def test_a_total_below_nothing_counts_as_nothing() -> None:
    # D6-2 rolls 0, 0, 1, 2, 3, 4: 10/6, where 3.5 - 2 would say 1.5
    assert parse_dice("D6-2").mean == pytest.approx(10 / 6)

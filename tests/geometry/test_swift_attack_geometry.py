"""Swift Attack's break-away: the legal end points and the default one, on rotated scenes."""

import math

import pytest

from game.geometry.bases import footprint, parse_base
from game.physics.breakaway import check_break_away, default_break_away

S = 25 / 25.4
NAMED = {"standard": (25.0, 25.0), "large": (50.0, 50.0)}
STD = parse_base("standard", NAMED)
LARGE = parse_base("large", NAMED)
TABLE = (48.0, 48.0)
MOV = 6.0


def place(lx, ly, lf, theta, ox=24.0, oy=24.0):
    t = math.radians(theta)
    return (ox + lx * math.cos(t) - ly * math.sin(t), oy + lx * math.sin(t) + ly * math.cos(t),
            (lf + theta) % 360)


def setup(theta, **extra):
    """A standard mover facing up at the origin, the large model it attacked in front of it."""
    x, y, f = place(0, 0, 0, theta)
    victim = footprint(LARGE, *place(0, -1.5 * S, 180, theta))
    others = {"victim": victim}
    others.update({k: footprint(shp, *place(lx, ly, lf, theta))
                   for k, (shp, lx, ly, lf) in extra.items()})
    return (x, y), f, victim, others


@pytest.mark.parametrize("theta", [0.0, 40.0, 190.0])
def test_default_goes_straight_back_a_full_move(theta):
    start, f, victim, others = setup(theta)
    got = default_break_away(STD, start, f, victim, MOV / 2, MOV, others, {}, TABLE,
                             enemies=["victim"])
    assert got == pytest.approx(place(0, MOV, 0, theta)[:2], abs=1e-3)


@pytest.mark.parametrize("theta", [0.0, 120.0])
def test_default_stops_against_a_friend_behind(theta):
    # the friend's near edge is 5 - S from the mover's back edge
    start, f, victim, others = setup(theta, friend=(STD, 0, 5.0, 0))
    got = default_break_away(STD, start, f, victim, MOV / 2, MOV, others, {}, TABLE,
                             enemies=["victim"])
    assert got == pytest.approx(place(0, 5.0 - S, 0, theta)[:2], abs=0.01)


def test_default_turns_when_straight_back_is_too_short():
    # straight back it would stop 2.5" from the victim, less than half its MOV; 15 degrees
    # either way still runs into the friend; 30 degrees clockwise passes it: a full move
    start, f, victim, others = setup(0.0, friend=(STD, 0, 3.5, 0))
    got = default_break_away(STD, start, f, victim, MOV / 2, MOV, others, {}, TABLE,
                             enemies=["victim"])
    assert got == pytest.approx((24.0 - 3.0, 24.0 + 6 * math.cos(math.radians(30))), abs=1e-3)


def test_what_a_break_away_must_respect():
    start, f, victim, others = setup(0.0, foe=(STD, 3.0, 3.0, 0))
    ok = (24.0, 28.0)
    assert check_break_away(STD, start, ok, f, victim, 3.0, MOV, others, {}, TABLE,
                            enemies=["victim", "foe"]) is None
    too_near = check_break_away(STD, start, (24.0, 26.0), f, victim, 3.0, MOV, others, {},
                                TABLE, enemies=["victim", "foe"])
    assert "at least 3" in too_near
    too_far = check_break_away(STD, start, (24.0, 30.5), f, victim, 3.0, MOV, others, {},
                               TABLE, enemies=["victim", "foe"])
    assert "MOV" in too_far
    # ends touching another enemy (the foe's left edge is at x = 27 - S/2)
    beside = check_break_away(STD, start, (27.0 - S, 27.2), f, victim, 3.0, MOV, others, {},
                              TABLE, enemies=["victim", "foe"])
    assert "base contact" in beside


def test_a_flier_passes_over_bases_but_needs_room_to_land():
    start, f, victim, others = setup(0.0, wall=(LARGE, 0, 3.0, 0))
    over = (24.0, 29.0)  # beyond the large base behind it
    assert check_break_away(STD, start, over, f, victim, 3.0, MOV, others, {}, TABLE,
                            enemies=["victim"]) is not None
    assert check_break_away(STD, start, over, f, victim, 3.0, MOV, others, {}, TABLE,
                            enemies=["victim"], flying=True) is None
    onto = (24.0, 27.0)
    assert check_break_away(STD, start, onto, f, victim, 3.0, MOV, others, {}, TABLE,
                            enemies=["victim"], flying=True) is not None


@pytest.mark.parametrize("theta", [0.0, 40.0])
def test_default_breaks_away_from_a_victim_left_a_hair_into_it(theta):
    # positions kept to a millionth may leave the attacker that far into its victim: they
    # touch, and the attacker may still slide straight back
    x, y, f = place(0, 0, 0, theta)
    victim = footprint(LARGE, *place(0, -1.5 * S + 5e-7, 180, theta))
    got = default_break_away(STD, (x, y), f, victim, MOV / 2, MOV, {"victim": victim}, {},
                             TABLE, enemies=["victim"])
    assert got == pytest.approx(place(0, MOV, 0, theta)[:2], abs=1e-3)

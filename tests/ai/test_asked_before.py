"""What the AI works out from a position does not depend on what it was asked before.

The AI keeps answers it will be asked again (a unit's fight power, terrain grown by a base's
width) in caches that outlive a game. Until 2026-12-04 two of them were kept by less than what
the answer depends on, so a simulated game played differently after other games in the same
process than alone (4 of 20 old-world games against random play, 1 of 10 on the farmstead):
A/B comparisons of AI changes carried noise of their own, and a seed did not give its game.
The fight power's case is in test_fight_odds.py; here, the terrain's.
"""

from __future__ import annotations

from game.ai.simulate import setup
from game.core.engine import Engine


def test_terrain_grown_by_a_width_is_the_same_whichever_width_asked_first() -> None:
    """Two base widths a few ten-thousandths of an inch apart share a kept answer: it is the
    terrain grown by their common thousandth, not by whichever was asked first."""
    from game.rulesets.common import candidates as C
    from game.rulesets.skirmish_d10.ruleset import TABLE

    s = Engine(setup("maps/default.toml"), seed=1).state

    def grown(r: float) -> list[object]:
        keep, corners = C._grown(s, TABLE, r)
        return [p.wkb for p in (*keep, *corners)]

    C._GROWN.clear()
    alone = grown(1.0001)
    assert alone, "the farmstead has terrain that stops a move"
    C._GROWN.clear()
    grown(1.0004)
    assert grown(1.0001) == alone

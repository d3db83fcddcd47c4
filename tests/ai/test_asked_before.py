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


def test_a_units_answers_are_kept_for_its_own_game_not_the_last_one_with_its_name() -> None:
    """The window plays one battle after another, the editor changes a unit's profile under the
    same name, `simulate` plays many games in one process: a unit's charge reach, blows and
    shots are kept for each game apart. Until 2026-12-04 the charge reach and the blows were
    kept by the unit's name, so a second game's faster, harder-hitting unit was given the
    first one's answers."""
    from game.core.scenario import check_scenario
    from game.rulesets.ninth_age.ai import OFFER, fight_power
    from game.rulesets.rank_and_flank.ai import charge_reach
    from tests.ninth_age.helpers import block, facing_off, na

    def game(adv: int, att: int) -> Engine:
        a = block("a", 1, 24, 30, stats={"Adv": adv, "Att": att})
        b = block("b", 2, 24, 0)
        return Engine(check_scenario(na(facing_off(a, b, gap=3.0)), "test"), seed=2)

    slow, fast = game(4, 1).state, game(6, 3).state
    assert charge_reach(OFFER, slow, "a")[0] < charge_reach(OFFER, fast, "a")[0]
    assert fight_power(slow, "a", "b") < fight_power(fast, "a", "b")
    assert charge_reach(OFFER, slow, "a") == charge_reach(OFFER, game(4, 1).state, "a")

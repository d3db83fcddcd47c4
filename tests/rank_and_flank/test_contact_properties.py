"""Properties of whole rank-and-flank games over random set-ups, in both rulesets: a charge
that reaches its target is fought in that player turn's combat, a pursuit or follow-up that
reaches contact is fought in the next, a unit in combat makes no move of its own, and a unit
that has left the table never acts, tests or is targeted again. (``bench/probe_rank_and_flank.py`` runs the same checks over more
set-ups and over AI-against-AI games on the shipped maps.)"""

from __future__ import annotations

import pytest

from tests.rank_and_flank.random_battles import examine, play, random_setup

SETUPS = 120


@pytest.mark.parametrize("ruleset", ["old-world", "ninth-age"])
def test_every_contact_is_fought_and_the_removed_stay_out(ruleset: str) -> None:
    contacts = 0
    problems: list[str] = []
    for seed in range(SETUPS):
        engine, _ = play(random_setup(seed, ruleset), seed)
        found = examine(engine)
        contacts += found.contacts
        problems += [f"seed {seed}: {p}" for p in found.unfought + found.ghosts + found.locked]
    assert not problems, "\n".join(problems[:20])
    assert contacts >= SETUPS // 2  # the set-ups do bring units into contact


CLOSE_CLASH = {
    "format": 1, "name": "Close Clash", "ruleset": "old-world", "first_side": 1,
    "table": {"width": 72.0, "height": 48.0},
    "units": [
        {"id": "knights", "side": 1, "x": 36.0, "y": 36.94, "facing": 0.0, "base": "30x60",
         "models": 5, "files": 5, "troop_type": "heavy cavalry",
         "stats": {"M": 7, "WS": 4, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 8},
         "armour": 2, "weapons": ["hand weapon", "lance", "shield"],
         "rules": ["Close Order", "First Charge"]},
        {"id": "orcs", "side": 2, "x": 36.0, "y": 26.0, "facing": 180.0, "base": "25x25",
         "models": 20, "files": 5, "troop_type": "regular infantry",
         "stats": {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 4, "W": 1, "I": 2, "A": 1, "Ld": 7},
         "armour": 5, "rules": ["Close Order"]},
    ],
    "orders": [{"unit": "knights", "do": "charge", "target": "orcs"}, {"do": "end_turn"}],
}


@pytest.mark.parametrize("seed", range(1, 13))
def test_close_clash_fights_in_the_chargers_combat_phase(seed: int) -> None:
    """Knights 7.8" from an infantry block charge it head on (a 2D6-high + 7 range always
    reaches): the round is fought in side 1's Combat phase, both sides striking."""
    from game.core import events as ev
    from game.rulesets.rank_and_flank.events import CombatResult

    engine, refused = play(CLOSE_CLASH, seed)
    assert not refused
    log = engine.log
    combat = next(i for i, e in enumerate(log) if isinstance(e, ev.PhaseStarted)
                  and e.phase == "combat")
    assert isinstance(log[combat - 1], ev.PhaseEnded) and log[combat].side == 1
    result = next(e for e in log[combat:] if isinstance(e, CombatResult))
    assert set(result.units) == {"knights", "orcs"}
    strikers = {e.model for e in log[combat:] if isinstance(e, ev.DiceRolled)
                and e.purpose == "to_hit"}
    assert strikers == {"knights", "orcs"}

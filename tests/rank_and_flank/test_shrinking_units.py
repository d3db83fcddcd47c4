"""Shrinking units, in both rank-and-flank rulesets: when casualties leave an engaged unit out of
contact with an enemy (a rear attacker killing the rear rank it touched), the units are moved
back into contact on the same facing, so the rear bonus and the models fighting there stay."""

from __future__ import annotations

import pytest

from game.core import events as ev
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.combat import engaged_with
from game.rulesets.rank_and_flank.events import CombatResult
from tests.support import events, run, scenario

BASE = 25 / 25.4

OW = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}
NA = {"Adv": 4, "Mar": 8, "Dis": 7, "HP": 1, "Def": 3, "Res": 3, "Arm": 0,
      "Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 3}


def _unit(uid, side, x, y, facing, models, ruleset, **stats):
    base = dict(OW if ruleset == "old-world" else NA)
    base.update(stats)
    return {"id": uid, "side": side, "name": uid.capitalize(), "x": x, "y": y,
            "facing": facing, "base": "25x25", "models": models, "files": 5,
            "troop_type": "regular infantry" if ruleset == "old-world" else "infantry",
            "stats": base}


def _rear_attack(ruleset: str):
    """b (10 models, 5 wide, facing down the table) between a (in its front) and c (one rank,
    touching b's rear). c strikes first and kills b's whole rear rank."""
    first = {"I": 5} if ruleset == "old-world" else {"Agi": 5}
    no_attacks = {"A": 0} if ruleset == "old-world" else {"Att": 0}
    b = _unit("b", 2, 24, 20, 180.0, 10, ruleset, **no_attacks)
    a = _unit("a", 1, 24, 20 + BASE + BASE, 0.0, 10, ruleset)
    c = _unit("c", 1, 24, 20 - BASE - BASE / 2, 180.0, 5, ruleset, **first)
    # c: 5 hits (6s) and 5 wounds (6s) kill b's rear rank; a misses with all five
    dice = [6] * 10 + [1] * 5 + [6, 6] + [1] * 30
    return run(scenario([a, b, c], dice=dice, ruleset=ruleset,
                        table={"width": 48.0, "height": 48.0}), finish=True)


@pytest.mark.parametrize("ruleset", ["old-world", "ninth-age"])
def test_a_rear_attacker_follows_the_shrinking_rear(ruleset):
    eng = _rear_attack(ruleset)
    removed = next(e for e in events(eng, ev.CasualtiesRemoved) if e.unit == "b")
    assert len(removed.models) == 5
    closed = [e for e in events(eng, ev.UnitMoved) if e.reason == "close up"]
    # c moves one rank's depth (25 mm) down the table, back against b's new rear
    assert [(e.unit, round(e.distance, 4)) for e in closed] == [("c", round(BASE, 4))]
    assert closed[0].y == pytest.approx(20 - BASE - BASE / 2 + BASE, abs=1e-5)
    note = next(e for e in events(eng, ev.RuleApplied) if e.rule == "Close up")
    assert note.model == "c" and "back into contact with B" in note.detail
    # the combat result still counts c in b's rear: +2 (old-world's "rear", ninth-age's
    # "flank" item, +2 for the rear)
    scores = events(eng, CombatResult)[0].scores["1"]
    assert scores["rear" if ruleset == "old-world" else "flank"] == 2


@pytest.mark.parametrize("ruleset", ["old-world", "ninth-age"])
def test_without_room_the_units_lose_contact_and_say_so(ruleset):
    # c is held by d at its rear and b by a at its front: neither may move
    eng = _rear_attack_walled(ruleset)
    assert not [e for e in events(eng, ev.UnitMoved) if e.reason == "close up"]
    note = next(e for e in events(eng, ev.RuleApplied) if e.rule == "Close up")
    assert "loses contact" in note.detail
    s = eng.state
    if s.units["b"].on_table and s.units["c"].on_table:
        assert "c" not in engaged_with(s, "b") or space.facing_touched_by(s, "b", "c") is None


def _rear_attack_walled(ruleset: str):
    """As :func:`_rear_attack`, with d (side 2, no attacks) touching c's rear: c is engaged
    with d too, so it may not follow, and b, engaged with a, may not step back."""
    first = {"I": 5} if ruleset == "old-world" else {"Agi": 5}
    no_attacks = {"A": 0} if ruleset == "old-world" else {"Att": 0}
    b = _unit("b", 2, 24, 20, 180.0, 10, ruleset, **no_attacks)
    a = _unit("a", 1, 24, 20 + BASE + BASE, 0.0, 10, ruleset)
    c = _unit("c", 1, 24, 20 - BASE - BASE / 2, 180.0, 5, ruleset, **first)
    d = _unit("d", 2, 24, 20 - BASE - BASE / 2 - BASE, 180.0, 5, ruleset, **no_attacks)
    dice = [6] * 10 + [1] * 5 + [6, 6] + [1] * 30
    return run(scenario([a, b, c, d], dice=dice, ruleset=ruleset,
                        table={"width": 48.0, "height": 48.0}), finish=True)

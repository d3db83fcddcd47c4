"""Parry: a model on foot with a hand weapon and a shield, attacked from its front, has the
higher of Def + 1 and the attacker's Off; Paired Weapons are not parried."""

from __future__ import annotations

from tests.ninth_age.helpers import engaged
from tests.support import rolls, run

ONE_RANK = {"models": 5}  # one rank each: no supporting attacks to count
SHIELDED = {**ONE_RANK, "weapons": ["shield"], "stats": {"Att": 0}, "rules": ["Unbreakable"]}


def to_hit_target(a_kw):
    eng = run(engaged(a_kw={**ONE_RANK, **a_kw}, b_kw=SHIELDED), seed=1)
    return rolls(eng, "to_hit")[0].target


def test_parry_raises_defence_to_the_attackers_offence():
    # Off 7 against Def 3 hits on 2+ (+4); parried, Def becomes max(3 + 1, 7) = 7: 4+
    assert to_hit_target({"stats": {"Off": 7}}) == 4


def test_parry_gives_at_least_one_more_defence():
    # Off 3 against Def 3 is 4+; parried Def max(4, 3) = 4, Off - Def = -1: still 4+;
    # Off 4 against Def 3 is 3+ (+1); parried Def max(4, 4) = 4: 4+
    assert to_hit_target({"stats": {"Off": 4}}) == 4


def test_paired_weapons_are_not_parried():
    # Off 6 + 1 for Paired Weapons = 7 against Def 3: 2+, no Parry
    assert to_hit_target({"stats": {"Off": 6}, "weapons": ["paired weapons"]}) == 2


def test_the_log_says_when_a_model_parries():
    from game.core import events as ev
    from tests.support import events

    eng = run(engaged(a_kw={**ONE_RANK, "stats": {"Off": 7}}, b_kw=SHIELDED), seed=1)
    lines = [e.detail for e in events(eng, ev.RuleApplied) if e.rule == "Parry"]
    assert lines and "Defensive Skill 7" in lines[0]

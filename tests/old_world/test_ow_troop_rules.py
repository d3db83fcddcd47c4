"""Troop-type rules of the core game, checked against the numbers they imply: the Close Order
bonus needs a Unit Strength of 10, heavy infantry are Steady in the Ranks (only a flanker of
Unit Strength 10 or more Disrupts them), and a heavy chariot's Scythed Wheels give its Impact
Hits AP -2."""

from __future__ import annotations

import pytest

from game.rulesets.rank_and_flank.events import CombatResult
from tests.old_world.helpers import block, facing_off, ow
from tests.support import events, rolls, run

CALM = {"A": 0, "Ld": 10}  # no attacks: only the formation's points count


def first_result(eng):
    return events(eng, CombatResult)[0]


@pytest.mark.parametrize("models, bonus", [(9, 0), (10, 1), (14, 1)])
def test_close_order_needs_a_unit_strength_of_ten(models: int, bonus: int) -> None:
    a = block("a", 1, 24, 30, models=models, rules=["Close Order"], stats=CALM)
    b = block("b", 2, 24, 0, models=5, stats=CALM)
    eng = run(ow(facing_off(a, b)), seed=3)
    assert first_result(eng).scores["1"]["close_order"] == bonus


def _flanked(target_troop: str, flanker_models: int, seed: int = 1):
    """b (10 models, 5 wide, facing down the table) is fought by a from the front and by c,
    whose front is flush against b's right flank (b's right is the table's left)."""
    a = block("a", 1, 24, 30, stats=CALM)
    b = block("b", 2, 24, 0, stats=CALM, troop_type=target_troop,
              base="20x20" if target_troop == "heavy infantry" else "25x25")
    a, b = facing_off(a, b)
    size = "20x20" if target_troop == "heavy infantry" else "25x25"
    side = int(size[:2]) / 25.4
    # two files as wide as b is deep, its ranks going back from b's flank
    c = block("c", 1, 0, b["y"], facing=90.0, models=flanker_models, files=2, stats=CALM,
              base=size)
    ranks = -(-flanker_models // 2)
    c["x"] = b["x"] - 5 * side / 2 - ranks * side / 2
    return run(ow([a, b, c]), seed=seed)


@pytest.mark.parametrize("troop, flanker, disrupted", [
    ("regular infantry", 5, True),   # Unit Strength 5 in a flank Disrupts infantry...
    ("heavy infantry", 5, False),    # ...but not heavy infantry, Steady in the Ranks
    ("heavy infantry", 9, False),
    ("heavy infantry", 10, True),    # Unit Strength 10 does
])
def test_steady_in_the_ranks(troop: str, flanker: int, disrupted: bool) -> None:
    eng = _flanked(troop, flanker)
    two = first_result(eng).scores["2"]
    assert first_result(eng).scores["1"]["flank"] == 1  # c is in b's flank either way
    # b has a second full rank (5 of 5, or of the 4 heavy infantry need): +1 unless Disrupted
    assert two["ranks"] == (0 if disrupted else 1)


CHARIOT = {"models": 1, "files": 1, "troop_type": "heavy chariot", "base": "50x100",
           "stats": {"M": 7, "WS": 4, "S": 5, "T": 5, "W": 4, "I": 4, "A": 2, "Ld": 8},
           "rules": ["Impact Hits (D6+1)"], "armour": 4}


@pytest.mark.parametrize("troop, ap, saved", [("heavy chariot", -2, 2), ("light chariot", 0, 4)])
def test_scythed_wheels_give_a_heavy_chariots_impact_hits_ap_minus_two(troop, ap, saved):
    # charge 3 4 -> 4 + 7; D6 4 + 1 = 5 impact hits at S5 v T3 (2+): 2 2 2 2 1 = 4 wounds.
    # b's 3+ armour: saves 5 4 6 3 hold at AP 0; at AP -2 (5+ in effect) only the 5 and the 6
    a = block("a", 1, 24, 30, **dict(CHARIOT, troop_type=troop))
    b = block("b", 2, 24, 0, armour=3)
    a, b = facing_off(a, b, gap=4.0)
    dice = [3, 4, 4, 2, 2, 2, 2, 1, 5, 4, 6, 3] + [1] * 40
    eng = run(ow([a, b], orders=[{"unit": "a", "do": "charge", "target": "b"}], dice=dice))
    save = rolls(eng, "armour_save")[0]
    assert save.faces == (5, 4, 6, 3) and save.target == 3
    assert save.modifiers == ((("AP", ap),) if ap else ())
    assert save.total == saved

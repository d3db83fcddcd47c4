"""The rank-and-flank threats weigh who would win a fight, not only what the two units are worth.

Before, an attack's share of the fight was the attacker's share of the two units' worth: a
charge of A at B and one of B at A came to the same, whichever unit fought better. In
old-world games against random play the Black Ark Corsairs marched to 2" in front of the Grave
Guard and their Wight King (worth less than the Corsairs without him), were charged, and were
ground down in 39 games of 200.
"""

from __future__ import annotations

import pytest

from game.ai.evaluate import threats_of, weigh
from game.core.engine import Engine
from game.core.scenario import check_scenario


def _ow(units: list[dict[str, object]]) -> Engine:
    from tests.old_world.helpers import ow

    return Engine(check_scenario(ow(units, orders=[]), "test"), seed=2)


def _elite_and_rabble(gap: float = 3.0, **rabble: object) -> Engine:
    from tests.old_world.helpers import block, facing_off

    elite = block("elite", 1, 24, 40, stats={"WS": 5, "S": 4, "T": 4}, armour=4)
    rabble_unit = block("rabble", 2, 24, 0, stats={"WS": 2}, **rabble)
    return _ow(facing_off(elite, rabble_unit, gap=gap))


def test_old_world_fight_power_counts_the_front_ranks_blows_and_the_rank_bonus() -> None:
    """Ten models five wide: five Attacks in the front rank, one rank behind it (+1). The
    elite (WS 5, more than twice the rabble's 2) hit on 2+ and wound T 3 with S 4 on 3+, no
    armour: 5 x 5/6 x 4/6 = 2.78 Wounds, 3.78 with the rank. The rabble hit on 5+, wound T 4
    on 5+, and the elite's 4+ armour saves half: 5 x 2/6 x 2/6 x 1/2 = 0.28, 1.28 with the
    rank."""
    from game.rulesets.old_world.ai import OFFER, fight_power

    s = _elite_and_rabble().state
    assert fight_power(s, "elite", "rabble") == pytest.approx(5 * 5 / 6 * 4 / 6 + 1)
    assert fight_power(s, "rabble", "elite") == pytest.approx(5 * 2 / 6 * 2 / 6 / 2 + 1)
    odds = OFFER.odds_of(s, "elite", "rabble")
    assert odds == pytest.approx(3.7778 / (3.7778 + 1.2778), abs=1e-3)
    assert OFFER.odds_of(s, "rabble", "elite") == pytest.approx(1 - odds)


def test_a_charge_at_a_unit_that_fights_better_gains_the_charger_nothing() -> None:
    """The threats carry the odds, and the weighing uses them: the elite's charge takes more
    of the rabble than the rabble's blows cost it, the rabble's charge at the elite costs it
    more than it takes, so the rabble makes none (with the worths alone, two units of ten
    models at no points each came to the same either way)."""
    e = _elite_and_rabble()
    by = {t.attacker: t for side in (1, 2) for t in threats_of(e, side) if t.kind == "charge"}
    assert by["elite"].odds is not None and by["elite"].odds > 0.5 > (by["rabble"].odds or 1)
    elite, rabble = weigh(e, [by["elite"], by["rabble"]])
    assert elite.net > 0.0 > rabble.net


def test_a_character_in_the_unit_fights_with_it() -> None:
    """A hero who joined the unit adds his Attacks (the Grave Guard's Wight King): the same
    rabble with a WS 6, three-Attack champion of Strength 5 brings more to the fight, and the
    elite's share of it falls. He stands in the front rank, so one of the rabble's five there
    steps back and makes no attack (until 2026-12-04 the estimate counted all five)."""
    from game.rulesets.old_world.ai import OFFER, fight_power
    from tests.old_world.helpers import block, facing_off

    alone = _elite_and_rabble().state
    elite = block("elite", 1, 24, 40, stats={"WS": 5, "S": 4, "T": 4}, armour=4)
    rabble = block("rabble", 2, 24, 0, stats={"WS": 2})
    hero = block("hero", 2, 24, 0, models=1, files=1, joins="rabble",
                 stats={"WS": 6, "S": 5, "A": 3, "W": 2})
    led = _ow([*facing_off(elite, rabble, gap=3.0), hero]).state
    # the hero: 3 Attacks, WS 6 against 5 hits on 3+, S 5 wounds T 4 on 3+, the elite's 4+
    # armour (his hand weapon has no AP) saves half: 3 x 4/6 x 4/6 x 1/2; less the rabble
    # model he displaces: WS 2 hits on 5+, S 3 wounds T 4 on 5+, half saved: 2/6 x 2/6 x 1/2
    more = fight_power(led, "rabble", "elite") - fight_power(alone, "rabble", "elite")
    assert more == pytest.approx(3 * 4 / 6 * 4 / 6 / 2 - 2 / 6 * 2 / 6 / 2)
    assert OFFER.odds_of(led, "elite", "rabble") < OFFER.odds_of(alone, "elite", "rabble")


def _engaged(flanked: bool) -> Engine:
    """The elite (10 models, 5 wide) fought from the front by the rabble and, if ``flanked``,
    by ten more of the enemy flush against its right flank."""
    from tests.old_world.helpers import block, facing_off

    rabble = block("rabble", 1, 24, 30, stats={"WS": 2})
    elite = block("elite", 2, 24, 0, stats={"WS": 5, "S": 4, "T": 4}, armour=4)
    units = facing_off(rabble, elite)
    if flanked:
        side = 25 / 25.4  # a 25 mm base, in inches
        flank = block("flank", 1, 0, elite["y"], facing=90.0, files=2, stats={"A": 0})
        flank["x"] = elite["x"] - 5 * side / 2 - 5 * side / 2
        units.append(flank)
    return _ow(units)


@pytest.mark.parametrize("first", ["open", "flanked"])
def test_a_units_fight_power_loses_its_rank_bonus_once_it_is_disrupted(first: str) -> None:
    """An enemy unit in the elite's flank Disrupts it: no Rank Bonus, 2.78 instead of 3.78.
    The two positions differ only in where an enemy stands, and each is worked out as it is,
    whichever was asked first (until 2026-12-04 the power was kept by the two units' models
    left alone: after a flank charge had been tried, an unflanked unit kept the flanked one's
    figure, and an AI game's moves depended on the games the process had played before)."""
    from game.rulesets.old_world.ai import OFFER, fight_power
    from game.rulesets.old_world.result import disrupted

    states = {"open": _engaged(False).state, "flanked": _engaged(True).state}
    assert disrupted(states["flanked"], "elite") and not disrupted(states["open"], "elite")
    elite = {"open": 5 * 5 / 6 * 4 / 6 + 1, "flanked": 5 * 5 / 6 * 4 / 6}
    for name in (first, *(n for n in states if n != first)):
        s = states[name]
        assert fight_power(s, "elite", "rabble") == pytest.approx(elite[name])
        # the rabble (WS 2, hits on 5+, S 3 wounds T 4 on 5+, 4+ armour) with its rank: 1.28
        theirs = 5 * 2 / 6 * 2 / 6 / 2 + 1
        assert OFFER.odds_of(s, "elite", "rabble") == pytest.approx(
            elite[name] / (elite[name] + theirs))


def test_ninth_age_fight_power_counts_supporting_attacks_saves_and_the_rank_bonus() -> None:
    """Ninth-age weighs fights the same way. Fifteen spearmen five wide (Off 4, Str 3, a spear:
    AP 1 and one more supporting rank) against ten of Def 3, Res 4, Arm 2 and Aegis (5+):
    five attacks from the front rank and ten supporting from the two behind, hitting on 3+,
    wounding on 5+, the armour saving on 6+ and the Aegis on 5+:
    15 x 4/6 x 2/6 x 5/6 x 4/6 = 1.85 Health Points, 3.85 with two Full Ranks behind the
    first. Back: five attacks and five supporting, 4+ to hit and 4+ to wound, no armour:
    10 x 1/2 x 1/2 = 2.5, 3.5 with one Full Rank behind."""
    from game.rulesets.ninth_age.ai import OFFER, fight_power
    from tests.ninth_age.helpers import block, facing_off, na

    spears = block("spears", 1, 24, 30, models=15, weapons=["spear"], stats={"Off": 4})
    guard = block("guard", 2, 24, 0, stats={"Res": 4, "Arm": 2}, rules=["Aegis (5+)"])
    s = Engine(check_scenario(na(facing_off(spears, guard, gap=3.0)), "test"), seed=2).state
    mine = 15 * 4 / 6 * 2 / 6 * 5 / 6 * 4 / 6 + 2
    assert fight_power(s, "spears", "guard") == pytest.approx(mine)
    assert fight_power(s, "guard", "spears") == pytest.approx(10 / 4 + 1)
    assert OFFER.odds_of(s, "spears", "guard") == pytest.approx(mine / (mine + 3.5))


@pytest.mark.parametrize("height", ["standard", "large"])
def test_ninth_age_fight_power_counts_grind_and_stomp_hits_every_round(height: str) -> None:
    """A monster's automatic hits count in its fight as much as its attacks (the Ash Wyrm's
    Grind Attacks and Stomp Attacks ground the Knights of the Ember down over several rounds
    of a fight the attacks alone gave the knights). Two attacks hit Def 3 on 3+ and wound
    Res 3 with Str 5 on 2+, AP 2 against no armour: 2 x 4/6 x 5/6. Grind Attacks (D3), two
    hits on average, and Stomp Attacks (D6), three and a half, wound as well: 5/6 each. Stomp
    only Standard Height models: a Large unit takes the grind, not the stomp."""
    from game.rulesets.ninth_age.ai import fight_power
    from tests.ninth_age.helpers import block, facing_off, monster, na

    beast = block("beast", 1, 24, 30, **monster(["Grind Attacks (D3)", "Stomp Attacks (D6)"]))
    foot = block("foot", 2, 24, 0, height=height)
    s = Engine(check_scenario(na(facing_off(beast, foot, gap=3.0)), "test"), seed=2).state
    auto = 2.0 + (3.5 if height == "standard" else 0.0)
    assert fight_power(s, "beast", "foot") == pytest.approx(2 * 4 / 6 * 5 / 6 + auto * 5 / 6)


@pytest.mark.parametrize("weapon", ["spear", "paired weapons"])
def test_ninth_age_fight_power_counts_the_parry_of_a_shield_and_hand_weapon(weapon: str) -> None:
    """The guard of the test above with a shield and their hand weapons Parry the spearmen's
    attacks against their front: Def 3 becomes the higher of 4 and the spearmen's Off 4, so
    the spears hit on 4+ where they hit on 3+: 15 x 3/6 x 2/6 x 5/6 x 4/6, 1.39 Health Points,
    3.39 with the ranks. Paired Weapons are not parried (and add an attack and a point of Off:
    Off 5 against Def 3, 3+)."""
    from game.rulesets.ninth_age.ai import fight_power
    from tests.ninth_age.helpers import block, facing_off, na

    spears = block("spears", 1, 24, 30, models=15, weapons=[weapon], stats={"Off": 4})
    guard = block("guard", 2, 24, 0, weapons=["shield"], stats={"Res": 4, "Arm": 2},
                  rules=["Aegis (5+)"])
    s = Engine(check_scenario(na(facing_off(spears, guard, gap=3.0)), "test"), seed=2).state
    if weapon == "spear":  # AP 1: the 2 armour saves on 6+
        expected = 15 * 3 / 6 * 2 / 6 * 5 / 6 * 4 / 6 + 2
    else:  # two attacks each in front, one supporting from the rank behind: 10 + 5; no AP
        expected = 15 * 4 / 6 * 2 / 6 * 4 / 6 * 4 / 6 + 2
    assert fight_power(s, "spears", "guard") == pytest.approx(expected)

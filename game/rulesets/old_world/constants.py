"""Every number of old-world's core rules, as data: the to-hit and to-wound charts, troop
types, weapons, armour, the phases. See docs/rules/old-world.md."""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.rank_and_flank.shooting import Missile

RULESET_ID = "old-world"
TITLE = "Warhammer: The Old World"
DIE = 6


#: stat keys and their allowed range (W at least 1)
PROFILE = {"M": (0, 10), "WS": (0, 10), "BS": (0, 10), "S": (0, 10), "T": (0, 10),
           "W": (1, 10), "I": (0, 10), "A": (0, 10), "Ld": (0, 10)}

DEFAULT_FILES = 5
MAX_MODELS = 200

# --- close combat charts (attacker's value: rows, defender's: columns; 1-10) -----------------

#: the D6 roll needed to hit in close combat, by attacker WS (row) and target WS (column)
TO_HIT = (
    (4, 4, 5, 5, 5, 5, 5, 5, 5, 5),
    (3, 4, 4, 4, 5, 5, 5, 5, 5, 5),
    (2, 3, 4, 4, 4, 4, 5, 5, 5, 5),
    (2, 3, 3, 4, 4, 4, 4, 4, 5, 5),
    (2, 2, 3, 3, 4, 4, 4, 4, 4, 4),
    (2, 2, 3, 3, 3, 4, 4, 4, 4, 4),
    (2, 2, 2, 3, 3, 3, 4, 4, 4, 4),
    (2, 2, 2, 3, 3, 3, 3, 4, 4, 4),
    (2, 2, 2, 2, 3, 3, 3, 3, 4, 4),
    (2, 2, 2, 2, 3, 3, 3, 3, 3, 4),
)

#: the D6 roll needed to wound, by Strength (row) and Toughness (column); 0: cannot wound
TO_WOUND = (
    (4, 5, 6, 6, 6, 6, 0, 0, 0, 0),
    (3, 4, 5, 6, 6, 6, 6, 0, 0, 0),
    (2, 3, 4, 5, 6, 6, 6, 6, 0, 0),
    (2, 2, 3, 4, 5, 6, 6, 6, 6, 0),
    (2, 2, 2, 3, 4, 5, 6, 6, 6, 6),
    (2, 2, 2, 2, 3, 4, 5, 6, 6, 6),
    (2, 2, 2, 2, 2, 3, 4, 5, 6, 6),
    (2, 2, 2, 2, 2, 2, 3, 4, 5, 6),
    (2, 2, 2, 2, 2, 2, 2, 3, 4, 5),
    (2, 2, 2, 2, 2, 2, 2, 2, 3, 4),
)


def to_hit_needed(ws_attacker: int, ws_target: int) -> int:
    """The roll needed to hit (a WS of 0 counts as 1 here; WS 0 itself is handled apart)."""
    a, t = min(max(ws_attacker, 1), 10), min(max(ws_target, 1), 10)
    return TO_HIT[a - 1][t - 1]


def to_wound_needed(strength: int, toughness: int) -> int:
    """The roll needed to wound; 0 when the Strength cannot wound that Toughness."""
    s, t = min(max(strength, 1), 10), min(max(toughness, 1), 10)
    return TO_WOUND[s - 1][t - 1]


# --- troop types ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TroopType:
    name: str
    rank_width: int  # models a rank needs to count for the Rank Bonus (0: never)
    max_rank_bonus: int
    unit_strength: int  # per model (0: the model's starting Wounds)
    infantry: bool = False  # regular or heavy infantry: Parry, Press of Battle, Massed Infantry
    cavalry: bool = False
    chariot: bool = False
    impact_ap: int = 0  # the AP of Impact Hits (Scythed Wheels)
    max_armour: int = 2  # the best armour value the type can reach
    disrupt_us: int = 5  # the Unit Strength an enemy needs in its flank or rear to Disrupt it


TROOP_TYPES = {
    t.name: t
    for t in (
        TroopType("regular infantry", 5, 2, 1, infantry=True),
        TroopType("heavy infantry", 4, 2, 1, infantry=True, disrupt_us=10),  # Steady in the Ranks
        TroopType("monstrous infantry", 3, 2, 3),
        TroopType("swarm", 0, 0, 3),
        TroopType("light cavalry", 5, 1, 2, cavalry=True),
        TroopType("heavy cavalry", 4, 1, 2, cavalry=True),
        TroopType("monstrous cavalry", 3, 1, 3, cavalry=True),
        TroopType("war beast", 5, 1, 1),
        TroopType("light chariot", 3, 1, 3, chariot=True, max_armour=3),
        TroopType("heavy chariot", 0, 0, 5, chariot=True, impact_ap=-2, max_armour=3),  # Scythed Wheels
        TroopType("monstrous creature", 0, 0, 0, max_armour=3),
        TroopType("behemoth", 0, 0, 0, max_armour=3),
        TroopType("war machine", 0, 0, 0, max_armour=3),
    )
}

# --- weapons ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Weapon:
    """A close combat weapon. ``strength``: added to the wielder's S; ``ap``: Armour Piercing
    (0 or negative); ``charge_only``: its bonuses (``strength``, ``ap``, ``armour_bane``) count
    only in a turn the wielder charged (otherwise it fights as a hand weapon); ``rules``: rules
    the weapon gives its attacks."""

    name: str
    strength: int = 0
    ap: int = 0
    armour_bane: int = 0
    two_handed: bool = False
    strike_last: bool = False
    extra_attacks: int = 0
    fight_in_extra_rank: bool = False
    no_support_when_charging: bool = False
    charge_only: bool = False
    armour: int = 0  # improvement to the armour save (a shield: 1)
    missile: bool = False  # a missile weapon (its profile is in MISSILES)


WEAPONS = {
    w.name: w
    for w in (
        Weapon("hand weapon"),
        Weapon("additional hand weapon", extra_attacks=1, two_handed=True),
        Weapon("great weapon", strength=2, ap=-2, two_handed=True),
        Weapon("halberd", strength=1, ap=-1, armour_bane=1, two_handed=True),
        Weapon("thrusting spear", fight_in_extra_rank=True, no_support_when_charging=True),
        Weapon("cavalry spear", strength=1, ap=-1, charge_only=True, fight_in_extra_rank=True,
               no_support_when_charging=True),
        Weapon("lance", strength=2, ap=-2, armour_bane=1, charge_only=True),
        Weapon("flail", strength=2, ap=-2, armour_bane=1, charge_only=True, two_handed=True),
        Weapon("morning star", strength=1, ap=-1, armour_bane=1, charge_only=True),
        Weapon("shield", armour=1),
    )
}

# --- missile weapons (docs/rules/old-world.md, "Shooting") -------------------------------------

#: the rules a missile weapon may carry, and whether each takes a value in brackets
MISSILE_RULES = {"armour bane": True, "multiple shots": True, "quick shot": False,
                 "volley fire": False, "move and shoot": False, "move or shoot": False,
                 "ponderous": False, "cumbersome": False, "ignores cover": False}


def _missile(name: str, rng: float, s: int | None, ap: int = 0, *rules: str,
             bonus: int = 0) -> Missile:
    from game.rulesets.rank_and_flank.shooting import weapon_rules

    return Missile(name, rng, s, ap, weapon_rules(rules, MISSILE_RULES, name), strength_bonus=bonus)


#: the missile weapons by name: range, Strength (None: the wielder's), AP, rules
MISSILES = {m.name: m for m in (
    _missile("shortbow", 18, 3, 0, "Quick Shot", "Volley Fire"),
    _missile("bow", 24, None, 0, "Volley Fire"),
    _missile("warbow", 24, None, 0, "Volley Fire"),
    _missile("longbow", 30, 3, 0, "Armour Bane (1)", "Volley Fire"),
    _missile("crossbow", 30, 4, 0, "Armour Bane (2)", "Ponderous"),
    _missile("repeater crossbow", 24, 3, 0, "Armour Bane (1)", "Multiple Shots (2)"),
    _missile("repeater handbow", 12, 3, 0, "Multiple Shots (2)", "Quick Shot"),
    _missile("handgun", 24, 4, -1, "Armour Bane (1)", "Ponderous"),
    _missile("repeater handgun", 24, 4, -1, "Armour Bane (1)", "Multiple Shots (3)", "Ponderous"),
    _missile("pistol", 12, 4, -1, "Armour Bane (1)", "Quick Shot"),
    _missile("brace of pistols", 12, 4, -1, "Armour Bane (1)", "Multiple Shots (2)",
             "Quick Shot"),
    _missile("repeater pistol", 12, 4, -1, "Armour Bane (1)", "Multiple Shots (3)", "Quick Shot"),
    _missile("javelin", 12, None, 0, "Move and Shoot", "Quick Shot"),
    _missile("throwing weapons", 9, None, 0, "Move and Shoot", "Multiple Shots (2)", "Quick Shot"),
    _missile("throwing axe", 9, None, 0, "Quick Shot", bonus=1),
    _missile("sling", 18, 3, 0, "Multiple Shots (2)"),
)}

WEAPONS.update({name: Weapon(name, missile=True) for name in MISSILES})

#: BS 1 to 5 hit on 7 - BS; BS 6 and more hit on 2+ and roll a miss again needing 12 - BS
TO_HIT_BS_LIMIT = 5
#: a score of 7, 8 or 9 needed to hit: a 6, then a second die needing this
SEVEN_PLUS = {7: 4, 8: 5, 9: 6}
LONG_RANGE = -1  # beyond half the weapon's range
MOVING = -1  # the unit moved this turn (Quick Shot: none; Ponderous: -2)
PARTIAL_COVER = -1  # up to half of the target's models hidden from the shooter
FULL_COVER = -2  # more than half
MULTIPLE_SHOTS = -1  # each shot when a Multiple Shots weapon fires its extra shots
PANIC_LOSSES = 0.25  # a unit losing more than this share of its models in a phase tests Panic
PANIC_FRIEND_RANGE = 6.0  # friends this close to a unit destroyed test Panic
PANIC_FRIEND_US = 5  # ... when the destroyed unit had at least this Unit Strength
PANIC_FALL_BACK = 0.5  # a panicked unit with more than this share of its models falls back

#: what the contract's ``command`` list may hold
COMMAND = ("champion", "standard", "musician", "battle standard")

# --- tests and moves -----------------------------------------------------------------------------

GIVE_GROUND = 2.0  # inches a unit that Gives Ground moves back
STAND_AND_SHOOT = -1  # to hit when standing and shooting at a charger
MARCH_TEST_RANGE = 8.0  # a unit wanting to march this close to an enemy tests Leadership first
IMPACT_MIN_MOVE = 3.0  # a charger must have moved this far to make Impact Hits
CHARGE_I_CAP_FRONT = 3
CHARGE_I_CAP_FLANK = 4
OVERKILL_MAX = 5
UNIT_GAP = 1.0  # a unit may not end a move this close to an enemy unit
PERIL_SAFE = 4  # a Peril test (a model fleeing through an enemy unit) loses a Wound below this
CLOSE_ORDER_US = 10  # a Close Order unit in Combat Order needs this Unit Strength for +1

# Rules of the full game as switches. Press of Battle is played: regular and heavy infantry in
# Combat Order fight two ranks deep to their front, except in a turn they charged (see "Who
# fights" in docs/rules/old-world.md). The musician's tie-break is left out (see its
# "Readings chosen").
PRESS_OF_BATTLE = True
MUSICIAN_BREAKS_TIES = False
# --- victory points ------------------------------------------------------------------------------

VP_MARGIN = 100  # a side this many victory points ahead after the last turn wins; else a draw
VP_GENERAL = 100  # the enemy General slain, fled or fleeing at the end
VP_BATTLE_STANDARD = 50  # the enemy Battle Standard Bearer slain, fled or fleeing at the end
VP_STANDARD = 50  # each enemy standard taken (its unit destroyed in combat or run down)

RALLY_HALF = 0.5  # a fleeing unit below this share of its starting models: -1 Ld to rally
RALLY_QUARTER = 0.25  # ... below this share: only a double 1 rallies

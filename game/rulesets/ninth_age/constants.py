"""Every number of ninth-age's core rules, as data: the characteristics, the to-hit, to-wound
and armour bands, Heights and Types, weapons, the combat score, and the switches of full-game
rules this ruleset leaves out. See docs/rules/ninth-age.md."""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.rank_and_flank.shooting import Missile

RULESET_ID = "ninth-age"
TITLE = "The 9th Age: Fantasy Battles (2nd edition)"
DIE = 6


#: the Global, Defensive and Offensive characteristics, each a whole number in its range
GLOBAL = ("Adv", "Mar", "Dis")
DEFENSIVE = ("HP", "Def", "Res", "Arm")
OFFENSIVE = ("Att", "Off", "Str", "AP", "Agi")
#: (Adv and Mar are rates in inches, 0 to 30: a cavalry model with Adv 8 marches 16")
RANGES = {k: (1 if k == "HP" else 0, 30 if k in ("Adv", "Mar") else 10)
          for k in (*GLOBAL, *DEFENSIVE, *OFFENSIVE)}
#: stats keys of a one-part model, in the contract's order
PROFILE = {k: RANGES[k] for k in ("Adv", "Mar", "Dis", "HP", "Def", "Res", "Arm", "Att", "Off",
                                  "Str", "AP", "Agi")}

DEFAULT_FILES = 5

# --- victory points (the simplified way of deciding the winner) -----------------------------------
VP_WIN_SHARE = 0.10  # a lead of a tenth of the game's size (its larger army's points) wins
VP_MASSACRE_SHARE = 0.50  # a lead of more than half of it is a massacre

# --- rolls: bands of the difference between the two values ------------------------------------


def to_hit_needed(off: int, defence: int) -> int:
    """The D6 roll needed to hit in melee, by Offensive Skill minus Defensive Skill."""
    d = off - defence
    if d >= 4:
        return 2
    if d >= 1:
        return 3
    if d >= -3:
        return 4
    if d >= -7:
        return 5
    return 6


def to_wound_needed(strength: int, resilience: int) -> int:
    """The D6 roll needed to wound, by Strength minus Resilience (a 6 always wounds)."""
    d = strength - resilience
    if d >= 2:
        return 2
    if d == 1:
        return 3
    if d == 0:
        return 4
    if d == -1:
        return 5
    return 6


def armour_needed(armour: int, ap: int) -> int | None:
    """The D6 roll an Armour Save needs: 7 minus (Armour minus AP), 2+ at best; None when
    Armour minus AP leaves nothing."""
    left = armour - ap
    if left <= 0:
        return None
    return max(2, 7 - left)


# --- Heights and Types -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Height:
    name: str
    full_rank: int  # models a rank needs to be a Full Rank
    support_cap: int  # the most attacks a model part makes as a supporting attack


HEIGHTS = {h.name: h for h in (
    Height("standard", 5, 1),
    Height("large", 3, 3),
    Height("gigantic", 1, 5),
)}

TYPES = ("infantry", "cavalry", "beast", "construct")

LINE_FORMATION = 8  # a unit with ranks this wide or wider is in Line Formation

# --- weapons ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon. ``strength``, ``ap``, ``attacks``, ``offence``: added to the part's values in
    melee; ``step_zero``: always strikes at Initiative Step 0; ``extra_rank``: Fight in Extra
    Rank; ``first_round``: (Agility, AP) more in the first round of a combat when the unit did
    not charge and is not engaged in a flank or the rear; ``charge``: (Strength, AP) more
    against the enemy in the wielder's front when the wielder charged (Devastating Charge);
    ``infantry``: only Infantry may use it (True) or only other Types (False);
    ``ignores_parry``: its attacks are not Parried."""

    name: str
    strength: int = 0
    ap: int = 0
    attacks: int = 0
    offence: int = 0
    step_zero: bool = False
    two_handed: bool = False
    extra_rank: bool = False
    first_round: tuple[int, int] = (0, 0)
    charge: tuple[int, int] = (0, 0)
    infantry: bool | None = None
    melee: bool = True
    ignores_parry: bool = False


WEAPONS = {w.name: w for w in (
    Weapon("hand weapon"),
    Weapon("great weapon", strength=2, ap=2, step_zero=True, two_handed=True),
    Weapon("halberd", strength=1, ap=1, two_handed=True),
    Weapon("paired weapons", attacks=1, offence=1, two_handed=True, ignores_parry=True),
    Weapon("spear", ap=1, extra_rank=True, first_round=(2, 1), infantry=True),
    Weapon("lance", charge=(2, 2), infantry=False),
    Weapon("light lance", charge=(1, 1), infantry=False),
    Weapon("shield", melee=False),
)}

# --- shooting weapons (docs/rules/ninth-age.md, "Shooting") ------------------------------------

#: the attributes a shooting weapon may carry, and whether each takes a value in brackets
MISSILE_RULES = {"accurate": False, "quick to fire": False, "unwieldy": False,
                 "volley fire": False, "reload": False, "move or fire": False,
                 "march and shoot": False, "steady aim": False, "shoot in extra rank": False}
#: the Aim of a listed weapon given by name only (the profile's bracket: "Bow (4+)")
DEFAULT_AIM = 4


def _missile(name: str, rng: float, shots: int, strength: int | None, ap: int | None,
             *rules: str) -> Missile:
    from game.rulesets.rank_and_flank.shooting import weapon_rules

    return Missile(name, rng, strength, ap, weapon_rules(rules, MISSILE_RULES, name), shots,
                   DEFAULT_AIM)


#: the shooting weapons by name: range, shots, Str and AP (None: the wielder's), attributes
MISSILES = {m.name: m for m in (
    _missile("bow", 24, 1, 3, 0, "Volley Fire"),
    _missile("longbow", 30, 1, 3, 0, "Volley Fire"),
    _missile("crossbow", 30, 1, 4, 1, "Unwieldy"),
    _missile("handgun", 24, 1, 4, 2, "Unwieldy"),
    _missile("pistol", 12, 1, 4, 2, "Quick to Fire"),
    _missile("throwing weapons", 8, 2, None, None, "Quick to Fire", "Accurate"),
    _missile("javelins", 12, 1, None, None, "Quick to Fire"),
)}

WEAPONS.update({name: Weapon(name, melee=False) for name in MISSILES})

#: a score of 7 needed to hit (a Hopeless Shot): a 6, then a second die needing this; 8 or more
#: cannot hit
HOPELESS = {7: 4}
LONG_RANGE = -1  # beyond half the weapon's range (Accurate: none)
MOVING = -1  # the unit moved this player turn (Quick to Fire: none; Unwieldy: -2)
STAND_AND_SHOOT = -1  # a Stand and Shoot reaction (Steady Aim: none)
SOFT_COVER = -1
HARD_COVER = -2
SHOOTING_RANKS = 2  # the first and second ranks shoot
# Cover when more than half of the target's facing is hidden (off: half or more; the 2nd
# edition's texts say both, see the "Readings chosen" of docs/rules/ninth-age.md)
COVER_MORE_THAN_HALF = True

#: what the contract's ``command`` list may hold
COMMAND = ("champion", "standard", "musician", "battle standard")

# --- combat score and tests ----------------------------------------------------------------------

MAX_RANK_BONUS = 3
OVERKILL_MAX = 3  # (Duels only; there are no Duels here, so it is always 0)
FLANK_BONUS = 1
REAR_BONUS = 2
PANIC_RANGE = 6.0  # friendly units this close to a unit that breaks take a Panic Test
MARCH_TEST_RANGE = 8.0  # a unit marching with a non-fleeing enemy this close tests first
UNIT_GAP = 1.0  # a move must end this far from enemy units (charges excepted)
BREATH_RANGE = 6.0
MAX_STEP = 10
IMPACT_STEP = 10
STOMP_STEP = 0

# Rules of the full 2nd-edition game beyond the base mechanics, as switches (the "Readings
# chosen" of docs/rules/ninth-age.md say which are on and why). Those the public 2nd-edition
# rules confirm are on; the two whose wording could not be confirmed are off.
SUPPORTING_ATTACKS = True  # every second rank fights as supporting attacks, not only Fight in Extra Rank
PARRY = True  # on foot with a hand weapon and a shield: better Defensive Skill against the front
TWO_HANDED_DROPS_SHIELD = True  # a two-handed weapon costs a shield's point of Armour in melee
INNATE_HEIGHT_RULES = True  # Large models: Stomp Attacks (1); Gigantic: Stomp Attacks (D6)
TYPE_RULES = True  # Cavalry and Beasts: Swiftstride; Cavalry cannot be Stomped; Constructs do not Stomp
STAND_AND_SHOOT_BEYOND_RANGE = True  # a Stand and Shoot reaction fires at any distance
STAND_AND_SHOOT_MIN_DISTANCE = True  # no Stand and Shoot at a charger within its own Adv
DECIMATED_RALLY = False  # below a quarter of its Health Points: Rally Tests at half Discipline
FLANK_PLUS_TWO_FOR_FULL_RANKS = False  # +2 Flank Bonus from 2 Full Ranks rather than the rear
# Charging Momentum (+1 Agility when charging), confirmed by the 2nd-edition texts.
CHARGING_MOMENTUM = True

"""Every number of the trench-crusade core in one place (docs/rules/trench-crusade.md lists
them with the reasons for the readings chosen)."""

from __future__ import annotations

RULESET_ID = "trench-crusade"
DIE = 6

#: profile keys and their allowed range: Movement in inches, Melee and Ranged as +/-DICE,
#: Armour as the injury modifier of armour and shields together
PROFILE: dict[str, tuple[int, int]] = {
    "Movement": (0, 24),
    "Melee": (-6, 6),
    "Ranged": (-6, 6),
    "Armour": (-3, 0),
}
#: profile keys a unit may leave out, with the value taken then
PROFILE_DEFAULTS: dict[str, int] = {"Ranged": 0, "Armour": 0}
DEFAULT_BASE = "r25"

# --- Success Rolls ------------------------------------------------------------------------
SUCCESS_DICE = 2  # dice kept in a Success Roll (and thrown before +/-DICE)
SUCCESS_AT = 7  # 7 to 11: Success
CRITICAL_AT = 12  # 12: Critical Success; 2 to 6: Failure

# --- Injury Rolls -------------------------------------------------------------------------
INJURY_DICE = 2
BLOODBATH_DICE = 3
NO_EFFECT_MAX = 1  # 1 or less: No Effect
MINOR_HIT_MAX = 6  # 2 to 6: Minor Hit
DOWN_MAX = 8  # 7 to 8: Down; 9 and more: Out of Action
MAX_NEGATIVE_INJURY_MODIFIER = -3
BLOOD_MARKERS_MAX = 6
BLESSING_MARKERS_MAX = 6
BLOODBATH_COST = 6
BLOODBATH_COST_DOWN = 3
ARMOUR_PIERCING = 1

# --- the table ----------------------------------------------------------------------------
MELEE_RANGE = 1.0  # a melee attack reaches a target within 1"
LOS_BLOCKING_HEIGHT = 1.0  # terrain taller than this (above the higher model) blocks sight
COVER_HEIGHT = 0.5  # an obstacle at least this high gives the Defended Obstacle penalty
FALL_HEIGHT = 3.0  # a drop of this much or more is a fall (an Injury Roll)
FALL_STEP = 3.0  # +1 INJURY DICE for every full 3" fallen
DIVE_HEIGHT = 3.0  # a Diving Charge jumps down at least this far
CHARGE_BONUS = 0.0  # inches a Charge may go beyond Movement
CHARGES_STRAIGHT = False  # a Charge takes the shortest route, around what is in the way
EPS = 1e-6

# --- activations --------------------------------------------------------------------------
MOVEMENT_ACTIONS = ("move", "charge", "diving_charge")

#: keywords a model may carry (upper case as the rules write them); only TOUGH and FEAR
#: change the melee rules here, the others are tags
MODEL_KEYWORDS = frozenset(
    {
        "TOUGH", "FEAR", "STRONG", "ELITE", "ARTIFICIAL", "DEMONIC", "BLACK GRAIL", "HERETIC",
        "NEW ANTIOCH", "PILGRIM", "SULTANATE", "THE COURT",
    }
)
#: keywords a weapon may carry: ARMOUR PIERCING and RISKY change melee attacks, the others
#: are tags
WEAPON_KEYWORDS = frozenset({"ARMOUR PIERCING", "RISKY", "ASSAULT", "HEAVY"})
WEAPON_TYPES = ("melee", "ranged")
WEAPON_KEYS = {"name", "type", "attacks", "dice", "injury_dice", "injury_modifier", "keywords",
               "range"}
WEAPON_ATTACKS = (1, 10)
WEAPON_DICE = (-3, 3)
WEAPON_INJURY_MODIFIER = (-3, 3)

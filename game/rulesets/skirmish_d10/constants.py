"""Every number of the skirmish-d10 core in one place (the rules reference documents them)."""

from __future__ import annotations

RULESET_ID = "skirmish-d10"
DIE = 10

#: profile keys and their allowed range
PROFILE: dict[str, tuple[int, int]] = {
    "MOV": (0, 20),
    "MAV": (0, 10),
    "MA": (0, 10),
    "DV": (1, 20),
    "DIS": (0, 10),
    "DT": (1, 20),
}
#: named base sizes in mm (frontage, depth), smallest first: the Base Size order
BASE_SIZES: dict[str, tuple[float, float]] = {
    "standard": (25.0, 25.0),
    "cavalry": (25.0, 50.0),
    "large": (50.0, 50.0),
    "giant": (75.0, 75.0),
}
DEFAULT_BASE = "standard"

ACTIONS_PER_MODEL = 2
CHARGES_STRAIGHT = True  # a Charge goes in one straight line toward its target
NATURAL_HIT = 10  # a natural 10 always hits
DISCIPLINE_TARGET = 10  # d10 + DIS >= 10 passes
TOUGH_TARGET = 6  # d10 >= 6 keeps the model on its last track
SUPPORT_MIN_MODELS = 3
SUPPORT_BONUS = 1
FOCUS_BONUS = 1
SHAKEN_MAV = -1
DISABLED_MA = -1
INSPIRE_RANGE = 6.0
INSPIRE_BONUS = 1
BURNING_OUT = 6  # d10 >= 6: the fire goes out
POISON_ENDS = 6  # d10 >= 6: the poison ends; lower: 1 damage

#: keywords the rules refer to (lower case)
KEYWORDS = frozenset(
    {"construct", "undead", "zombie", "warlord", "captain", "flying", "living", "beast", "hero"}
)

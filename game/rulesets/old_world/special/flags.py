"""Special rules that are facts the core steps ask about (a flag each): Close Order, Fear,
Immune to Psychology, Unbreakable, Unstable, Stubborn, Magical Attacks, Ethereal, Strike
First, Strike Last. What each fact does lives in the step that asks (charges, combat, break
tests); this module only names them and says what they mean for players."""

from __future__ import annotations

from game.rulesets.old_world.rules import OldWorldRule, register


@register
class CloseOrder(OldWorldRule):
    name = "Close Order"
    flags = frozenset({"close_order"})
    summary = "May fight in Close Order: packed ranks that earn more from their formation."
    description = ("The unit may stand in Close Order. In Combat Order (at least as wide as it "
                   "is deep) with a Unit Strength of 10 or more it adds +1 to its side's combat "
                   "result.")


@register
class Fear(OldWorldRule):
    name = "Fear"
    flags = frozenset({"fear"})
    summary = "Causes Fear: bigger Fear-causing units are hard to charge and to fight."
    description = ("An enemy unit that declares a charge against this unit, when this unit has "
                   "the higher Unit Strength, must pass a Leadership test or stay put (a failed "
                   "charge). An enemy unit fighting it, when this unit has the higher Unit "
                   "Strength, tests Leadership as its combat is chosen: on a failure its models "
                   "hit this unit at -1. One Fear test per unit per turn; units that cause Fear "
                   "themselves never test.")


@register
class ImmuneToPsychology(OldWorldRule):
    name = "Immune to Psychology"
    flags = frozenset({"immune_to_psychology"})
    summary = "Passes Fear, Terror and Panic tests automatically, and never flees from a charge."
    description = ("The unit passes every Fear, Terror and Panic test without rolling, and may "
                   "not choose to flee as a charge reaction. Other Leadership tests are taken as "
                   "usual.")


@register
class Unbreakable(OldWorldRule):
    name = "Unbreakable"
    flags = frozenset({"unbreakable"})
    summary = "Never takes a Break test: a lost combat only makes it give ground."
    description = ("When the unit loses a combat it takes no Break test and simply gives "
                   "ground.")


@register
class Unstable(OldWorldRule):
    name = "Unstable"
    flags = frozenset({"unstable"})
    summary = "Loses a Wound for each point it loses a combat by."
    description = ("When its side loses a combat, the unit loses one more Wound for every point "
                   "of the difference, before Break tests, with no save of any kind.")


@register
class Stubborn(OldWorldRule):
    name = "Stubborn"
    flags = frozenset({"stubborn"})
    summary = "The first time it must take a Break test, it may fall back in good order instead."
    description = ("The first time the unit has to take a Break test it may skip the roll and "
                   "fall back in good order, even against a much larger enemy. Headless play "
                   "uses it.")


@register
class MagicalAttacks(OldWorldRule):
    name = "Magical Attacks"
    flags = frozenset({"magical"})
    summary = "Its attacks are magical: they can wound Ethereal enemies."
    description = ("Every attack and hit the unit makes, Impact Hits included, is magical. Only "
                   "magical attacks can wound an Ethereal enemy.")


@register
class Ethereal(OldWorldRule):
    name = "Ethereal"
    flags = frozenset({"ethereal"})
    summary = "Only magical attacks can wound it; terrain does not slow it."
    description = ("Hits from attacks that are not magical cannot wound the unit. It treats all "
                   "terrain as open ground and may pass through impassable terrain, but may not "
                   "end a move in it.")


@register
class StrikeFirst(OldWorldRule):
    name = "Strike First"
    flags = frozenset({"strike_first"})
    summary = "Fights at Initiative 10 (before other modifiers)."
    description = ("In combat the unit's Initiative counts as 10 before any other modifier. A "
                   "unit that has both Strike First and Strike Last uses neither.")


@register
class StrikeLast(OldWorldRule):
    name = "Strike Last"
    flags = frozenset({"strike_last"})
    summary = "Fights at Initiative 1 (before other modifiers)."
    description = ("In combat the unit's Initiative counts as 1 before any other modifier. A "
                   "unit that has both Strike First and Strike Last uses neither.")

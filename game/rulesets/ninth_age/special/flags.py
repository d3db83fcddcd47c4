"""Special rules that are facts the core steps ask about (a flag each): Harnessed, Inanimate,
Flaming Attacks, Flammable, Lethal Strike, Fight in Extra Rank, Unbreakable, Stubborn,
Fearless, Swiftstride. What each fact does lives in the step that asks (combat, saves, Break
Tests, charges); this module only names them and says what they mean for players."""

from __future__ import annotations

from game.rulesets.ninth_age.rules import NinthAgeRule, register


@register
class Harnessed(NinthAgeRule):
    name = "Harnessed"
    flags = frozenset({"harnessed"})
    summary = "A part that pulls or carries: no weapons, no supporting attacks."
    description = ("A model part with this rule (the beasts pulling a chariot) fights with its "
                   "own Strength and AP, never with weapons, and never makes supporting "
                   "attacks. Of a model with several parts, only Harnessed parts may use Stomp "
                   "Attacks, and only Harnessed or Inanimate parts Impact Hits.")


@register
class Inanimate(NinthAgeRule):
    name = "Inanimate"
    flags = frozenset({"inanimate"})
    summary = "A part that makes no close combat attacks (a chariot's chassis)."
    description = ("A model part with this rule makes no close combat attacks and uses no "
                   "weapons. Its Special Attacks are not close combat attacks, so a chassis "
                   "with Impact Hits still makes them.")


@register
class FlamingAttacks(NinthAgeRule):
    name = "Flaming Attacks"
    flags = frozenset({"flaming"})
    summary = "Its attacks burn: no Fortitude against them; failed wounds re-rolled on Flammable."
    description = ("The close combat attacks of a part with this rule are Flaming Attacks: "
                   "the target cannot use Fortitude against them, and failed to-wound rolls "
                   "against a Flammable model are re-rolled. (Special Attacks are Flaming only "
                   "when their brackets say so, like a Breath Attack's.)")


@register
class Flammable(NinthAgeRule):
    name = "Flammable"
    flags = frozenset({"flammable"})
    summary = "Burns easily: Flaming Attacks re-roll failed to-wound rolls against it."
    description = ("When Flaming Attacks (a fire breath, burning blades) fail to wound the model, "
                   "the attacker rolls those to-wound dice again.")


@register
class LethalStrike(NinthAgeRule):
    name = "Lethal Strike"
    flags = frozenset({"lethal_strike"})
    summary = "A natural 6 to wound ignores armour (AP 10) and Fortitude."
    description = ("When a close combat attack of a part with this rule rolls a natural 6 to "
                   "wound, that wound has AP 10 and the target cannot use Fortitude against it.")


@register
class FightInExtraRank(NinthAgeRule):
    name = "Fight in Extra Rank"
    flags = frozenset({"fight_in_extra_rank"})
    summary = "One more rank behind the fighting rank makes supporting attacks."
    description = ("Models in one more rank behind the rank in contact attack across the "
                   "models in front of them, through the unit's front only, each part with as "
                   "many attacks as its Height allows (1 for Standard, 3 for Large, 5 for "
                   "Gigantic). Line Formation and a Spear give the same, and they add up.")


@register
class Unbreakable(NinthAgeRule):
    name = "Unbreakable"
    flags = frozenset({"unbreakable"})
    summary = "Passes every Break Test."
    description = ("When its side loses a round of combat the unit passes its Break Test "
                   "without rolling: it never breaks.")


@register
class Stubborn(NinthAgeRule):
    name = "Stubborn"
    flags = frozenset({"stubborn"})
    summary = "Ignores the score difference in its Break Tests."
    description = ("The unit takes its Break Tests against its plain Discipline, as a Steadfast "
                   "unit does. A character with it gives it to the unit it joins.")


@register
class Fearless(NinthAgeRule):
    name = "Fearless"
    flags = frozenset({"fearless"})
    summary = "Passes Panic Tests and never flees from a charge."
    description = ("The unit passes every Panic Test without rolling, and it may not choose to "
                   "Flee when it is charged.")


@register
class Swiftstride(NinthAgeRule):
    name = "Swiftstride"
    flags = frozenset({"swiftstride"})
    summary = "Charge, flee and pursuit rolls are Maximised: 3D6, the lowest dropped."
    description = ("The unit's Charge Range, Flee and Pursuit rolls are Maximised Rolls: one "
                   "more D6 is rolled and the lowest die is dropped.")

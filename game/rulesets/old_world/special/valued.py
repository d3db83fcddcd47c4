"""Special rules with a value in brackets: Armour Bane (X), Indomitable (X), Regeneration (X+),
Fly (X), Ward Save (X+)."""

from __future__ import annotations

from game.core.state import GameState, Unit
from game.rulesets.old_world.rules import Valued, param_int, register


@register
class ArmourBane(Valued):
    name = "Armour Bane"
    lowest, highest = 1, 6
    summary = "A roll of 6 to wound makes that wound's Armour Piercing X better."
    description = ("When one of the unit's attacks rolls a natural 6 to wound, the armour save "
                   "against that wound is taken with its Armour Piercing improved by the value "
                   "in brackets (a weapon with none counts as -X).")

    def armour_bane(self) -> int:
        return param_int(self, 1)


@register
class Indomitable(Valued):
    name = "Indomitable"
    lowest, highest = 1, 10
    summary = "Loses X fewer Wounds to Unstable."
    description = ("When the unit would lose Wounds to Unstable after a lost combat, it loses "
                   "that many fewer. Values do not add up: a unit uses the best one among its "
                   "models and the characters in it.")

    def indomitable(self) -> int:
        return param_int(self)


@register
class Regeneration(Valued):
    name = "Regeneration"
    lowest, highest = 2, 6
    summary = "A roll of X or more brings back each Wound lost (it still counts in the combat result)."
    description = ("Each time a model of the unit loses a Wound, before it would be removed, a "
                   "D6 is rolled: on the value in brackets or more the Wound comes back. The "
                   "Wound still counts toward the combat result. Armour modifiers do not change "
                   "the roll; Wounds lost to Unstable cannot be regenerated.")

    def regeneration(self) -> int | None:
        return param_int(self, 7)


@register
class WardSave(Valued):
    name = "Ward Save"
    lowest, highest = 2, 6
    summary = "A save of X+ against wounds the armour did not stop, whatever the AP."
    description = ("After a failed (or impossible) armour save, the model rolls a D6: on the "
                   "value in brackets or more the wound is saved. Armour Piercing does not "
                   "change it.")

    def ward(self) -> int | None:
        return param_int(self, 7)


@register
class Fly(Valued):
    name = "Fly"
    lowest, highest = 1, 20
    flags = frozenset({"fly"})
    summary = "Moves, charges and marches by flying, with a Movement of X."
    description = ("The unit may move by flying, using the value in brackets as its Movement: "
                   "it passes over units and terrain, and may march near enemies without a "
                   "test. It does not fly when it pursues or follows up.")

    def fly(self, state: GameState, unit: Unit) -> int | None:
        return param_int(self)

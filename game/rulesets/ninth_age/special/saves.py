"""The Special Saves: Aegis (X+) and Fortitude (X+). A model uses one Special Save against a
wound its Armour did not stop: the best it may use against that wound."""

from __future__ import annotations

from game.rulesets.ninth_age.rules import NinthAgeRule, param_int, register


class SpecialSave(NinthAgeRule):
    takes_param = True
    kind = ""

    @classmethod
    def check_param(cls, param: str) -> str | None:
        text = param.strip().rstrip("+").strip()
        if not text.isdigit() or not 2 <= int(text) <= 6:
            return f"{cls.name} takes the roll it needs in brackets, from 2+ to 6+, like \"{cls.name} (5+)\""
        return None

    def special_save(self) -> tuple[str, int] | None:
        return self.kind, param_int(self, 7)


@register
class Aegis(SpecialSave):
    name = "Aegis"
    kind = "aegis"
    summary = "A Special Save of X+ against any wound its Armour did not stop."
    description = ("After a failed or impossible Armour Save, a D6 of X or more stops the wound "
                   "(rolled as a ward save). A model with several Special Saves uses the best "
                   "one it may against each wound.")


@register
class Fortitude(SpecialSave):
    name = "Fortitude"
    kind = "fortitude"
    summary = "A Special Save of X+, but not against Flaming Attacks or Lethal Strike sixes."
    description = ("After a failed or impossible Armour Save, a D6 of X or more stops the wound. "
                   "It cannot be used against Flaming Attacks, nor against a wound from a "
                   "Lethal Strike that rolled a natural 6 to wound. A model with several "
                   "Special Saves uses the best one it may against each wound.")

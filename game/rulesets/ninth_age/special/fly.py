"""Fly (X, Y): the unit may fly in its Advance and March moves, over units and terrain, with
an Advance of X and a March of Y."""

from __future__ import annotations

from game.rulesets.ninth_age.rules import NinthAgeRule, register


def _values(param: str | None) -> tuple[int, int] | None:
    if param is None or not param.strip():
        return None
    bits = [b.strip().rstrip('"').strip() for b in param.split(",")]
    if len(bits) != 2 or not all(b.isdigit() for b in bits):
        raise ValueError("Fly takes its Advance and March in brackets, like \"Fly (8, 16)\"")
    return int(bits[0]), int(bits[1])


@register
class Fly(NinthAgeRule):
    name = "Fly"
    takes_param = True
    param_optional = True
    summary = "Flies over units and terrain in its Advance and March moves."
    description = ("In its Advance and March moves the unit may pass over other units and "
                   "terrain (it must end clear of them, 1\" or more from enemies), using the "
                   "Advance and March in brackets, like \"Fly (8, 16)\", instead of its own "
                   "(without brackets it flies with its own). Charges, flight and pursuit are "
                   "made on the ground.")

    @classmethod
    def check_param(cls, param: str) -> str | None:
        try:
            _values(param)
        except ValueError as exc:
            return str(exc)
        return None

    def passes_over(self) -> bool:
        return True

    def fly(self) -> tuple[int, int] | None:
        return _values(self.param)

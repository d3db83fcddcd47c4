"""Blood Markers (N) and Blessing Markers (N): markers a model starts the game with."""

from __future__ import annotations

from game.rulesets.trench_crusade.rules import TrenchRule, register


@register
class BloodMarkers(TrenchRule):
    """The model starts with N Blood Markers."""

    name = "Blood Markers"
    takes_param = True
    summary = "Starts the game with this many Blood Markers (at most 6)."
    description = ("Blood Markers mark wounds. The enemy may spend them: each one adds a die to "
                   "an Injury Roll against the model or takes one off its Success Rolls; "
                   "enough of them buy a Bloodbath Roll of three dice.")

    def starting_counters(self) -> dict[str, int]:
        return {"blood_markers": int(self.param or 0)}


@register
class BlessingMarkers(TrenchRule):
    """The model starts with N Blessing Markers."""

    name = "Blessing Markers"
    takes_param = True
    summary = "Starts the game with this many Blessing Markers to spend."
    description = ("Its owner may spend Blessing Markers: each one adds a bonus die to the "
                   "model's Success Roll or takes a die off an Injury Roll against it.")

    def starting_counters(self) -> dict[str, int]:
        return {"blessing_markers": int(self.param or 0)}

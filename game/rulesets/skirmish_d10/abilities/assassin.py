"""Assassin: when the model's hits in its fight are enough to destroy the enemy it attacks,
that enemy may not strike back at it and gets no Tough roll in this melee.

Hook ``on_hit`` (attacker's side, attacks only, not Defensive Strikes): the damage the model
already has plus what this assassin's hits have queued against it in this melee reaching its
damage tracks marks the pair in ``no_ds_against`` and the enemy in ``no_tough``. Damage queued
by other attackers does not count (the effect follows from the assassin's own hits).
"""

from __future__ import annotations

from game.core import events as ev
from game.core.ruleset import Step
from game.rulesets.skirmish_d10.checks import tracks
from game.rulesets.skirmish_d10.melee import Hit, Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, register


@register
class Assassin(SpecialRule):
    name = "Assassin"
    summary = ("Hits that are enough to kill its enemy leave that enemy no strike back and no "
               "Tough roll.")
    description = ("When this model's own hits in a fight add up to enough damage to destroy "
                   "the enemy it attacked, that enemy cannot make Defensive Strikes against it "
                   "and gets no Tough roll in this melee. Damage other attackers did to the "
                   "same enemy does not count.")

    def on_hit(self, melee: Melee, hit: Hit, role: str) -> Step:
        atk = hit.attack
        if role != "attacker" or atk.kind != "attack":
            return
        t = melee.model(atk.target)
        queued = sum(amount for name, amount, _src, by in melee.pending
                     if name == t.name and by == atk.attacker)
        if t.damage + queued + hit.damage < tracks(t):
            return
        if (t.name, atk.attacker) in melee.no_ds_against and t.name in melee.no_tough:
            return
        melee.no_ds_against.add((t.name, atk.attacker))
        melee.no_tough.add(t.name)
        yield ev.RuleApplied(self.name, atk.attacker,
                             "deals a killing blow: no Defensive Strikes back, no Tough roll",
                             t.name)

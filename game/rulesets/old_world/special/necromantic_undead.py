"""Necromantic Undead: Fear, Immune to Psychology, Unbreakable, Unstable, and no marching
unless flying."""

from __future__ import annotations

from game.rulesets.old_world.rules import OldWorldRule, register


@register
class NecromanticUndead(OldWorldRule):
    name = "Necromantic Undead"
    flags = frozenset({"undead", "fear", "immune_to_psychology", "unbreakable", "unstable",
                       "no_march"})
    summary = ("Undead: causes Fear, Immune to Psychology, Unbreakable and Unstable, and may not "
               "march unless it flies.")
    description = ("The models are Undead. They cause Fear, are Immune to Psychology, are "
                   "Unbreakable and Unstable, and may not march unless they move by flying. A "
                   "character with this rule may only join units that have it, and the other "
                   "way round.")

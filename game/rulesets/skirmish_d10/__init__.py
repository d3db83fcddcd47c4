"""skirmish-d10: a d10 fantasy skirmish game (damage tracks, MAV against DV, the Contact Zone
melee) and its melee Special Abilities. See docs/rules/skirmish-d10.md."""

from game.rulesets.skirmish_d10.ruleset import SkirmishD10

RULESET = SkirmishD10()

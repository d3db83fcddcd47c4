"""skirmish-d10: a d10 fantasy skirmish game (damage tracks, MAV against DV, the Contact Zone
melee) and its melee Special Abilities. See docs/rules/skirmish-d10.md."""

from game.rulesets.skirmish_d10.advisor import SkirmishD10Advisor
from game.rulesets.skirmish_d10.editor import SkirmishD10Editor
from game.rulesets.skirmish_d10.presenter import SkirmishD10Presenter
from game.rulesets.skirmish_d10.ruleset import SkirmishD10

RULESET = SkirmishD10(presenter=SkirmishD10Presenter, advisor=SkirmishD10Advisor, editor=SkirmishD10Editor)

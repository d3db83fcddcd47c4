"""trench-crusade: 2D6 Success Rolls with bonus and penalty dice, Injury Rolls and Blood
Markers, models that go Down, and the melee attack sequence with the Diving Charge.
See docs/rules/trench-crusade.md."""

from game.rulesets.trench_crusade.advisor import TrenchCrusadeAdvisor
from game.rulesets.trench_crusade.editor import TrenchCrusadeEditor
from game.rulesets.trench_crusade.presenter import TrenchCrusadePresenter
from game.rulesets.trench_crusade.ruleset import TrenchCrusade

RULESET = TrenchCrusade(presenter=TrenchCrusadePresenter, advisor=TrenchCrusadeAdvisor, editor=TrenchCrusadeEditor)

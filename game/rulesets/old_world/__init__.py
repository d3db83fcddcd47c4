"""old-world: Warhammer: The Old World's rank-and-flank close combat, with units in formation,
player turns of phases, charges, combat results, Break tests, flight and pursuit, and the
special rules of the seeds. See docs/rules/old-world.md."""

from game.rulesets.old_world.advisor import OldWorldAdvisor
from game.rulesets.old_world.editor import OldWorldEditor
from game.rulesets.old_world.presenter import OldWorldPresenter
from game.rulesets.old_world.ruleset import OldWorld

RULESET = OldWorld(presenter=OldWorldPresenter, advisor=OldWorldAdvisor, editor=OldWorldEditor)

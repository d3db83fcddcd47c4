"""The action buttons a ruleset declares for the window (:class:`~game.core.ruleset.UIAction`,
plain data defined with the rest of the ruleset boundary), re-exported for the rulesets."""

from game.core.ruleset import ENEMY, FACING, NEEDS, NONE, POINT, UIAction

__all__ = ["ENEMY", "FACING", "NEEDS", "NONE", "POINT", "UIAction"]

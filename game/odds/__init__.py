"""Odds of a declared action before it is committed: sampled on copies of the engine, or
exact where the ruleset declares the action comes down to independent dice pools. See
:mod:`game.odds.estimate` and docs/ai.md."""

from game.odds.estimate import Odds, OddsError, OddsEstimator, exact_odds, finish

__all__ = ["Odds", "OddsError", "OddsEstimator", "exact_odds", "finish"]

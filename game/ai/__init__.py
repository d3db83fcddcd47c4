"""The AI player (:func:`choose`) and AI-played games (:func:`play_out`).

The AI knows no rule: each ruleset offers candidate commands and what its units are worth
(:meth:`game.core.ruleset.Ruleset.candidates`, :meth:`~game.core.ruleset.Ruleset.unit_worth`),
and every candidate is tried on copies of the engine. See docs/ai.md.
"""

from game.ai.player import (
    LEVELS,
    Cancelled,
    Choice,
    Memory,
    choose,
    idle,
    idle_candidates,
    side_to_act,
)

__all__ = ["LEVELS", "Cancelled", "Choice", "Memory", "choose", "idle", "idle_candidates",
           "side_to_act"]

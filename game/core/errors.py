"""Typed errors and refusals. None of them carries a traceback to the player."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a command was refused, worded for a player. ``code`` is stable for programs."""

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


class Refused(Exception):
    """Raised by a ruleset before it emits anything, to refuse a command."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.refusal = Refusal(code, message)


class ScenarioError(Exception):
    """A scenario or save that cannot be used; the message names file, unit and field."""


class DiceExhausted(Exception):
    """The scenario's scripted dice ran out."""


class ReplayError(Exception):
    """A save or replay that cannot be read or does not check out."""


class ReplayMismatch(ReplayError):
    """A readable save whose recorded events the re-run commands do not give."""

"""Typed errors and refusals. None of them carries a traceback to the player."""

from __future__ import annotations

from dataclasses import dataclass

#: a refusal kind: the action is not open to this unit now, whatever its target or the point
#: chosen (no actions left, not its side's turn, already fought...). The window then leaves the
#: action's button disabled and says nothing on hover, instead of a red "cannot" for each place.
NOT_NOW = "not_now"


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a command was refused, worded for a player. ``code`` is stable for programs;
    ``kind`` is set by the ruleset (:data:`NOT_NOW`, or empty: this target or place is the
    problem)."""

    code: str
    message: str
    kind: str = ""

    def __str__(self) -> str:
        return self.message


class Refused(Exception):
    """Raised by a ruleset before it emits anything, to refuse a command."""

    def __init__(self, code: str, message: str, kind: str = "") -> None:
        super().__init__(message)
        self.refusal = Refusal(code, message, kind)


class ScenarioError(Exception):
    """A scenario or save that cannot be used; the message names file, unit and field."""


class DiceExhausted(Exception):
    """The scenario's scripted dice ran out."""


class ReplayError(Exception):
    """A save or replay that cannot be read or does not check out."""


class ReplayMismatch(ReplayError):
    """A readable save whose recorded events the re-run commands do not give."""


class SaveFailed(ReplayError):
    """A save could not be written on (a full disk, a file-size limit): what was written
    before stays, a whole save of the game up to its last complete command."""

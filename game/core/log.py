"""The dice and rules log in words: one line per event worth reading, as a player would say it.

Events hold ids (``"band.1"``); players read names ("Spear Band 1"). :func:`name_of` finds a
model's, unit's or terrain piece's name in a state, and :func:`player_text` puts names in
place of the quoted ids in a ruleset's sentences (a refusal, a decision's question, the
detail of a rule that fired), so the same words serve the command line, the window and the
event data, which keep the ids.

>>> describe_roll(DiceRolled("attack", "orc", "d10", (7,), (7,), (("MAV", 4), ("Support", 1)),
...                          12, 9, "hit", "elf"))
'orc, attack at elf: d10 7 + MAV 4 + Support 1 = 12 against 9: hit'
>>> describe_roll(DiceRolled("success_roll", "orc", "3d6", (6, 2, 5), (6, 5), (), 11, 7,
...                          "success", "elf", (("Melee", 1),)))
'orc, success roll at elf: 3d6 6 2 5 (kept 6 5) [+1 die Melee] = 11 against 7: success'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.core import events as ev
from game.core.events import DiceRolled

if TYPE_CHECKING:
    from game.core.ruleset import ConditionInfo, TableNote
    from game.core.state import GameState

_QUOTED = re.compile(r'(terrain )?"([A-Za-z0-9_.\-]+)"')
_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
_BRACKETED = re.compile(r"\(([A-Za-z0-9_.\-]+)\)")


def name_of(state: GameState | None, key: str | None) -> str:
    """The name players read for a model, unit or terrain piece id (the id itself when the
    state does not know it)."""
    if key is None:
        return ""
    if state is None:
        return key
    m = state.models.get(key)
    if m is not None:
        return m.display or m.name
    u = state.units.get(key)
    if u is not None:
        return u.display or u.id
    for t in state.terrain:
        if t.id == key:
            return t.name or t.id.replace("-", " ").replace("_", " ")
    return key


def player_text(state: GameState | None, text: str) -> str:
    """``text`` with the quoted ids of models, units and terrain (``"band.1"``,
    ``terrain "wall-west"``) replaced by their names, and words joined by underscores
    (``out_of_action``) written apart."""
    if not text:
        return text

    def swap(m: re.Match[str]) -> str:
        key = m.group(2)
        if state is not None and (key in state.models or key in state.units
                                  or any(t.id == key for t in state.terrain)):
            return name_of(state, key)
        return m.group(0)

    out = _QUOTED.sub(swap, text)
    if state is not None and "(" in out:  # "Defended Obstacle (sandbags-west)"
        out = _BRACKETED.sub(lambda m: f"({name_of(state, m.group(1))})"
                             if any(t.id == m.group(1) for t in state.terrain) else m.group(0), out)
    return _SNAKE.sub(lambda m: m.group(0).replace("_", " "), out)


def show_value(state: GameState | None, value: Any) -> str:
    """An answer or a default as a player reads it: names for ids, yes/no, lists joined."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        if len(value) == 2 and all(isinstance(v, int | float) and not isinstance(v, bool)
                                   for v in value):
            return f"({value[0]:g}, {value[1]:g})"
        return ", ".join(show_value(state, v) for v in value) or "nothing"
    if isinstance(value, str):
        named = name_of(state, value) if state is not None else value
        return words(named) if named == value else named  # ("stand_and_shoot": words)
    if value is None:
        return "nothing"
    return str(value)


def possessive(name: str) -> str:
    """A name's possessive: "Orc Brute's", "Skeleton Warriors'" (not "Warriors's")."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def show_inches(d: float) -> str:
    """A distance as the log reads it: '4.5"', and 'less than 0.1"' for one that would read
    0.0" (a unit already against what stops it moves a hair's breadth)."""
    return f'{d:.1f}"' if d >= 0.05 else 'less than 0.1"'


def plural(n: int, word: str) -> str:
    """"1 game turn", "2 game turns": a count with its word, plural when it is not one."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def words(name: str) -> str:
    """An action or purpose name as words: ``"diving_charge"`` -> ``"diving charge"``."""
    return name.replace("_", " ").replace(":", " ")


def describe_roll(e: DiceRolled, state: GameState | None = None) -> str:
    faces = " ".join(str(f) for f in e.faces)
    if e.kept != e.faces:
        faces += f" (kept {' '.join(str(k) for k in e.kept)})"
    if e.dice_modifiers:
        faces += " [" + ", ".join(
            f"{v:+d} {'die' if abs(v) == 1 else 'dice'} {player_text(state, src)}"
            for src, v in e.dice_modifiers
        ) + "]"
    mods = " ".join(f"{'+' if v >= 0 else '-'} {player_text(state, src)} {abs(v)}"
                    for src, v in e.modifiers)
    shown = mods or e.kept != e.faces or len(e.faces) > 1
    sums = f"{e.die} {faces}" + (f" {mods}" if mods else "") + (f" = {e.total}" if shown else "")
    against = f" against {e.target}" if e.target is not None else ""
    at = f" at {name_of(state, e.against)}" if e.against else ""
    who = f"{name_of(state, e.model)}, " if e.model else ""
    return f"{who}{words(e.purpose)}{at}: {sums}{against}: {words(e.outcome)}"


def describe(e: ev.Event, state: GameState | None = None) -> str | None:
    """A plain line for the shared events, with names from ``state``; rulesets may word
    their own."""

    def n(key: str | None) -> str:
        return name_of(state, key)

    def t(text: str) -> str:
        return player_text(state, text)

    if isinstance(e, DiceRolled):
        return describe_roll(e, state)
    if isinstance(e, ev.RuleApplied):
        detail = t(e.detail)
        if e.detail.startswith('"') or not e.model:  # the detail names its own subject
            whose = f" ({n(e.model)})" if e.model else ""
            return f"{e.rule}{whose}: {detail[:1].upper() + detail[1:]}"
        return f"{e.rule}: {n(e.model)} {detail}"
    if isinstance(e, ev.TurnStarted):
        return f"— game turn {e.turn} —"
    if isinstance(e, ev.TurnEnded):
        return f"— end of game turn {e.turn} —"
    if isinstance(e, ev.GameStarted):
        return f"{e.scenario} ({e.ruleset}), dice seed {e.seed}"
    if isinstance(e, ev.ActivationStarted):
        return f"Side {e.side} activates {n(e.unit)}"
    if isinstance(e, ev.ActivationEnded):
        return f"{n(e.unit)}: the activation ends"
    if isinstance(e, ev.ActionTaken):
        free = " (a free action)" if e.free else ""
        target = f" at {n(e.target)}" if e.target else ""
        return f"{n(e.model)}: {words(e.action).capitalize()}{target}{free}"
    if isinstance(e, ev.ModelMoved):
        verb = {"move": "moves", "charge": "charges"}.get(e.reason, words(e.reason))
        return f'{n(e.model)} {verb} {e.distance:.1f}"'
    if isinstance(e, ev.DamageTaken):
        by = f" by {n(e.by)}" if e.by else ""
        return f"{n(e.model)} takes {e.amount} damage ({t(words(e.source))}{by})"
    if isinstance(e, ev.Healed):
        return f"{n(e.model)} heals {e.amount} ({t(words(e.source))})"
    if isinstance(e, ev.StatusChanged):
        return f"{n(e.model)} is {words(e.status)} ({t(e.reason)})"
    if isinstance(e, ev.ConditionAdded):
        return f"{n(e.model)} becomes {words(e.condition).capitalize()} ({t(e.source)})"
    if isinstance(e, ev.ConditionRemoved):
        return f"{n(e.model)} is no longer {words(e.condition).capitalize()} ({t(e.reason)})"
    if isinstance(e, ev.CounterChanged):
        return f"{n(e.model)}: {words(e.counter)} {e.delta:+d} ({t(e.reason)})"
    if isinstance(e, ev.ModelChangedSide):
        return f"{n(e.model)} now fights for side {e.side} ({t(e.reason)})"
    if isinstance(e, ev.DecisionRequested):
        who = f"{n(e.model)}: " if e.model and f'"{e.model}"' not in e.question else ""
        q = t(e.question)
        return f"Decision — {who}{q[:1].upper() + q[1:]} (default: {show_value(state, e.default)})"
    if isinstance(e, ev.DecisionAnswered):
        return f"Answer: {show_value(state, e.answer)}{' (the default)' if e.by_default else ''}"
    if isinstance(e, ev.GameEnded):
        w = "a draw" if e.winner == "draw" else f"side {e.winner} wins" if e.winner else "no winner"
        return f"Game over: {w} ({t(e.reason)})"
    return None


def models_in(e: ev.Event) -> list[str]:
    """The models an event is about (for highlighting them on the table)."""
    out = []
    for key in ("model", "against", "target", "by"):
        v = getattr(e, key, None)
        if isinstance(v, str):
            out.append(v)
    return out


#: roll outcomes that go the roller's way, and those that do not (the colour of a note)
GOOD_OUTCOMES = frozenset({"hit", "success", "critical", "pass", "passed", "stays", "goes out",
                           "poison ends", "heals", "saved"})
BAD_OUTCOMES = frozenset({"miss", "failure", "fail", "failed", "keeps burning", "1 damage"})


def table_note(state: GameState, e: ev.Event,
               conditions: Mapping[str, ConditionInfo] | None = None) -> TableNote | None:
    """The default of :meth:`Ruleset.table_note`: a roll's total and outcome at the model
    that rolled, damage at the model that took it, a status or condition as it changes."""
    from game.core.ruleset import BAD, GOOD, INFO, TableNote

    def label(name: str) -> str:
        info = (conditions or {}).get(name)
        return info.label if info is not None else words(name).capitalize()

    if isinstance(e, DiceRolled) and e.model:
        tone = GOOD if e.outcome in GOOD_OUTCOMES else BAD if e.outcome in BAD_OUTCOMES else INFO
        return TableNote(e.model, f"{e.total} {words(e.outcome)}", tone)
    if isinstance(e, ev.DamageTaken):
        return TableNote(e.model, f"-{e.amount}", BAD, result=True)
    if isinstance(e, ev.Healed):
        return TableNote(e.model, f"+{e.amount}", GOOD)
    if isinstance(e, ev.StatusChanged):
        return TableNote(e.model, label(e.status), GOOD if e.status == "active" else BAD,
                         result=e.status != "active")
    if isinstance(e, ev.ConditionAdded):
        info = (conditions or {}).get(e.condition)
        return TableNote(e.model, label(e.condition), info.tone if info is not None else BAD)
    if isinstance(e, ev.ConditionRemoved):
        return TableNote(e.model, f"{label(e.condition)} ends", INFO)
    return None

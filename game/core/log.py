"""The dice and rules log in words: one line per event worth reading.

>>> describe_roll(DiceRolled("attack", "orc", "d10", (7,), (7,), (("MAV", 4), ("Support", 1)),
...                          12, 9, "hit", "elf"))
'orc: attack d10 7 + MAV 4 + Support 1 = 12 against 9 (elf): hit'
>>> describe_roll(DiceRolled("success_roll", "orc", "3d6", (6, 2, 5), (6, 5), (), 11, 7,
...                          "success", "elf", (("Melee", 1),)))
'orc: success roll 3d6 6 2 5 (kept 6 5) [+1 die Melee] = 11 against 7 (elf): success'
"""

from __future__ import annotations

from game.core import events as ev
from game.core.events import DiceRolled


def describe_roll(e: DiceRolled) -> str:
    faces = " ".join(str(f) for f in e.faces)
    if e.kept != e.faces:
        faces += f" (kept {' '.join(str(k) for k in e.kept)})"
    if e.dice_modifiers:
        faces += " [" + ", ".join(
            f"{v:+d} {'die' if abs(v) == 1 else 'dice'} {src}" for src, v in e.dice_modifiers
        ) + "]"
    mods = " ".join(f"{'+' if v >= 0 else '-'} {src} {abs(v)}" for src, v in e.modifiers)
    shown = mods or e.kept != e.faces or len(e.faces) > 1
    sums = f"{e.die} {faces}" + (f" {mods}" if mods else "") + (f" = {e.total}" if shown else "")
    against = f" against {e.target}" if e.target is not None else ""
    if e.against:
        against += f" ({e.against})"
    who = f"{e.model}: " if e.model else ""
    return f"{who}{e.purpose.replace('_', ' ')} {sums}{against}: {e.outcome}"


def describe(e: ev.Event) -> str | None:
    """A plain line for the shared events; rulesets may word their own."""
    if isinstance(e, DiceRolled):
        return describe_roll(e)
    if isinstance(e, ev.RuleApplied):
        return f"{e.rule}: {e.model + ' ' if e.model else ''}{e.detail}"
    if isinstance(e, ev.TurnStarted):
        return f"— game turn {e.turn} —"
    if isinstance(e, ev.TurnEnded):
        return f"— end of game turn {e.turn} —"
    if isinstance(e, ev.GameStarted):
        return f"{e.scenario} ({e.ruleset}), seed {e.seed}"
    if isinstance(e, ev.ActivationStarted):
        return f"side {e.side} activates {e.unit}"
    if isinstance(e, ev.ActivationEnded):
        return f"{e.unit}'s activation ends"
    if isinstance(e, ev.ActionTaken):
        free = " (free)" if e.free else ""
        return f"{e.model}: {e.action}{' ' + e.target if e.target else ''}{free}"
    if isinstance(e, ev.ModelMoved):
        return f'{e.model} {e.reason}s {e.distance:.2f}" to ({e.x:.2f}, {e.y:.2f}) facing {e.facing:.0f}°'
    if isinstance(e, ev.DamageTaken):
        by = f" from {e.by}" if e.by else ""
        return f"{e.model} takes {e.amount} damage ({e.source}{by})"
    if isinstance(e, ev.Healed):
        return f"{e.model} heals {e.amount} ({e.source})"
    if isinstance(e, ev.StatusChanged):
        return f"{e.model} is {e.status.replace('_', ' ')} ({e.reason})"
    if isinstance(e, ev.ConditionAdded):
        return f"{e.model} becomes {e.condition} ({e.source})"
    if isinstance(e, ev.ConditionRemoved):
        return f"{e.model} is no longer {e.condition} ({e.reason})"
    if isinstance(e, ev.CounterChanged):
        return f"{e.model}: {e.counter.replace('_', ' ')} {e.delta:+d} ({e.reason})"
    if isinstance(e, ev.ModelChangedSide):
        return f"{e.model} now fights for side {e.side} ({e.reason})"
    if isinstance(e, ev.DecisionRequested):
        return f"decision: {e.question} (default {e.default!r})"
    if isinstance(e, ev.DecisionAnswered):
        return f"answer: {e.answer!r}{' (default)' if e.by_default else ''}"
    if isinstance(e, ev.GameEnded):
        w = "a draw" if e.winner == "draw" else f"side {e.winner} wins" if e.winner else "no winner"
        return f"game over: {w} ({e.reason})"
    return None


def models_in(e: ev.Event) -> list[str]:
    """The models an event is about (for highlighting them on the table)."""
    out = []
    for key in ("model", "against", "target", "by"):
        v = getattr(e, key, None)
        if isinstance(v, str):
            out.append(v)
    return out

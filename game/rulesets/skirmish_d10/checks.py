"""Rolls and damage outside the attack sequence: plain d10 checks, Discipline Checks, and
damage with its Tough rolls. Each is a generator that yields its events and returns a result."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from typing import Any

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10 import constants as K
from game.rulesets.skirmish_d10.rules import Mod, rules_for, total_mods


def d10_chance(target: int, bonus: int = 0) -> float:
    """The chance a d10 plus ``bonus`` reaches ``target`` (:func:`d10_check` with no other
    modifier)."""
    return min(1.0, max(0.0, (K.DIE + 1 - (target - bonus)) / K.DIE))


def d10_check(
    ctx: Context, purpose: str, model: str | None, mods: list[Mod], target: int,
    against: str | None = None, yes: str = "pass", no: str = "fail",
) -> Step:
    """Roll a d10, add ``mods``, compare with ``target``; returns (passed, natural face)."""
    face = ctx.roll(K.DIE, purpose)
    counted, total_mod = total_mods(mods)
    total = face + total_mod
    ok = total >= target
    yield ev.DiceRolled(
        purpose, model, "d10", (face,), (face,), tuple((m.source, m.value) for m in counted),
        total, target, yes if ok else no, against,
    )
    return ok, face


def discipline_check(ctx: Context, model: Model, reason: str) -> Step:
    """d10 + DIS (+1 while Inspired) against 10. Returns True when passed."""
    mods = [Mod("DIS", model.stat("DIS"))]
    if "inspired" in model.conditions:
        mods.append(Mod("Inspire", K.INSPIRE_BONUS))
    ok, _ = yield from d10_check(ctx, f"discipline_check ({reason})", model.name, mods,
                                 K.DISCIPLINE_TARGET)
    return ok


def alive(m: Model) -> bool:
    """On the table and not yet past its last damage track."""
    # skirmish-d10 models are "active" until destroyed; other statuses are off the table
    return m.status == "active" and m.damage < m.stats["DT"][0]


def tracks(m: Model) -> int:
    return m.stat("DT", 0)


def health_share(m: Model, damage: int) -> float:
    """The share of a model's worth it keeps with ``damage`` damage taken, as the AI counts
    it: half its worth goes with its damage tracks, the rest when the last goes."""
    dt = tracks(m)
    if dt and damage >= dt:
        return 0.0
    return 0.5 + 0.5 * ((dt - damage) / dt if dt else 0.0)


def apply_damage(
    ctx: Context, name: str, amount: int, source: str, by: str | None,
    melee: Any = None, no_tough: bool = False,
) -> Step:
    """Damage ``name`` by ``amount`` points. Points that would take it past its last track call
    the ``would_be_destroyed`` hooks (Tough) once each; the first point not saved destroys it.
    Outside a melee a destroyed model is removed at once; inside one, the melee removes it in
    its last step. Returns the points kept."""
    kept = 0
    m = ctx.state.models[name]
    if not m.on_table or amount <= 0:
        return 0
    dt = tracks(m)
    room = max(0, dt - 1 - m.damage)
    safe = min(amount, room)
    if safe:
        yield ev.DamageTaken(name, safe, source, by)
        kept += safe
    for _ in range(amount - safe):
        m = ctx.state.models[name]
        if m.damage >= dt:
            break
        saved = False
        if not no_tough:
            for rule in rules_for(m.rules):
                saved = yield from rule.would_be_destroyed(ctx, m, source, melee)
                if saved:
                    break
        if saved:
            continue
        yield ev.DamageTaken(name, 1, source, by)
        kept += 1
        if melee is None:
            yield ev.StatusChanged(name, "destroyed", source, by)
        break
    return kept

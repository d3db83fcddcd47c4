"""Panic tests in old-world: a Leadership test (2D6, ``leadership``; the log names it the Panic
test) a unit takes at once when

- it loses more than a quarter of the models it had as the phase began to shooting (a
  ``shoot`` order or a Stand and Shoot; not the charger of a Stand and Shoot);
- a friendly unit within 6" of it is destroyed (its last model removed, or run down while
  fleeing), when that unit had a Unit Strength of 5 or more as the phase began (as the step
  that destroyed it began, here);
- a friendly unit flees or falls back in good order through it.

No test is taken by a unit that is engaged in combat, fleeing, charged this turn, or has
tested Panic already in the phase; one Immune to Psychology passes without rolling. A unit
that fails falls back in good order (the higher of 2D6, then it rallies) when more than half
of the models it began the battle with are left, and otherwise flees (2D6): directly away
from the unit whose shooting caused the test, or else from the closest enemy unit that is not
fleeing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterable
from typing import Any

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import units as U
from game.rulesets.rank_and_flank import moves, space
from game.rulesets.rank_and_flank.combat import charged_this_turn, engaged_with

#: the unit flag holding how many models a unit had when its first loss of the phase came
MODELS_AT_PHASE_START = "models_at_phase_start"
TESTED = "panic_tested"


def note_models(ctx: Context, unit: str) -> Step:
    """Remember the unit's models before its first loss to shooting in the phase."""
    rec = ctx.state.units.get(unit)
    if rec is not None and rec.flag(MODELS_AT_PHASE_START) is None:
        yield ev.UnitFlagSet(unit, MODELS_AT_PHASE_START, "phase", len(U.alive(ctx.state, unit)))


def may_test(s: GameState, unit: str) -> bool:
    rec = s.units[unit]
    return (U.host(s, unit) == unit and U.on_table(s, unit) and rec.status == "active"
            and rec.formation is not None and not engaged_with(s, unit)
            and not charged_this_turn(s, unit) and not rec.flag("charge_declared")
            and not rec.flag(TESTED))


def take(ctx: Context, unit: str, why: str, against: str | None = None) -> Step:
    """One Panic test (a pass without rolling when Immune to Psychology). Returns True when
    the unit holds."""
    yield ev.UnitFlagSet(unit, TESTED, "phase", True)
    if U.has(ctx.state, unit, "immune_to_psychology"):
        yield ev.RuleApplied("Panic test", unit, "is Immune to Psychology: it passes")
        return True
    ok = yield from U.leadership_test(ctx, unit, "panic", f"({why})", against=against)
    return ok


def give_way(ctx: Context, failed: dict[str, str | None]) -> Step:
    """The units that failed a Panic test fall back in good order (more than half of their
    starting models left) or flee, away from the unit given or the closest enemy unit that
    is not fleeing."""
    for unit, away in failed.items():
        s = ctx.state
        if not U.on_table(s, unit) or s.units[unit].status != "active":
            continue
        if away is None or not U.on_table(s, away):
            away = moves.closest_enemy(s, unit, active_only=True)
        left = len(U.alive(s, unit))
        kind = "fall_back" if left > U.profile(s, unit).start_models * K.PANIC_FALL_BACK else "panic"
        yield from moves.flee(ctx, unit, away, kind)


def after_shooting(ctx: Context, target: str, shooter: str, where: Any, strength: int,
                   own_test: bool = True) -> Step:
    """After ``shooter`` shot ``target`` (which stood at ``where`` with Unit Strength
    ``strength``): if it was destroyed its friends nearby test; if it lost more than a
    quarter of its models this phase (and ``own_test``), it tests itself."""
    s = ctx.state
    if not U.on_table(s, target):
        if s.units[target].status == "destroyed":
            yield from friends_destroyed(ctx, [(target, where, strength)])
        return
    if not own_test:
        return
    start = s.units[target].flag(MODELS_AT_PHASE_START)
    lost = (start or 0) - len(U.alive(s, target))
    if start and lost > start * K.PANIC_LOSSES and may_test(s, target):
        ok = yield from take(ctx, target, f"it lost {lost} of its {start} models to shooting "
                             "this phase", shooter)
        if not ok:
            yield from give_way(ctx, {target: shooter})


def friends_destroyed(ctx: Context, gone: Iterable[tuple[str, Any, int]]) -> Step:
    """Panic tests of the friends within 6" of each ``(unit, where it stood, its Unit Strength
    before)`` destroyed; those that fail give way."""
    failed: dict[str, str | None] = {}
    for unit, where, strength in gone:
        if strength < K.PANIC_FRIEND_US:
            continue
        side = ctx.state.units[unit].side
        for uid in list(ctx.state.units):
            s = ctx.state
            if s.units[uid].side != side or uid == unit or uid in failed or not may_test(s, uid):
                continue
            if not space.within(s, uid, where, K.PANIC_FRIEND_RANGE):
                continue
            ok = yield from take(ctx, uid, f"{U.name(s, unit)} was destroyed nearby", unit)
            if not ok:
                failed[uid] = None
    yield from give_way(ctx, failed)


def fled_through(ctx: Context, unit: str, friends: Iterable[str]) -> Step:
    """``unit`` fled or fell back through ``friends``: each takes a Panic test."""
    failed: dict[str, str | None] = {}
    for uid in friends:
        s = ctx.state
        if uid not in s.units or not may_test(s, uid):
            continue
        ok = yield from take(ctx, uid, f"{U.name(s, unit)} fled through it", unit)
        if not ok:
            failed[uid] = None
    yield from give_way(ctx, failed)


def standing(s: GameState, units: Iterable[str]) -> list[tuple[str, Any, int]]:
    """Where each of ``units`` stands and its Unit Strength (before a step that may destroy
    it)."""
    return [(u, space.boundary(s, u), U.unit_strength(s, u)) for u in units if U.on_table(s, u)]


def destroyed_since(ctx: Context, before: list[tuple[str, Any, int]]) -> Step:
    """Friends of the units of ``before`` that the step since destroyed take their tests."""
    gone = [(u, where, us) for u, where, us in before
            if ctx.state.units[u].status == "destroyed"]
    if gone:
        yield from friends_destroyed(ctx, gone)


__all__ = ["MODELS_AT_PHASE_START", "after_shooting", "destroyed_since", "fled_through",
           "friends_destroyed", "give_way", "may_test", "note_models", "standing", "take"]

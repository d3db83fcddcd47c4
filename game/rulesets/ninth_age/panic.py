"""Panic Tests in ninth-age: a Discipline test (2D6, ``discipline``) a unit takes at once when

- a friendly unit within 6" of it breaks from combat, or is destroyed (measured from where the
  other unit stood);
- it loses a quarter or more of the Health Points it had when the phase began, to attacks made
  outside a Round of Combat (a ranged Breath Attack in the Shooting Phase, a Sweeping Attack);
  a unit that began the game as a single model does not test for this.

No test is taken by a unit that is engaged in combat, fleeing, or has already passed one this
phase; a Fearless unit passes without rolling. A unit that fails flees at once (2D6, Maximised
with Swiftstride): directly away from the enemy whose attacks caused its losses, else from the
closest enemy unit, where that enemy stood when the test was failed (a pursuit that moves it
before the flight does not change the way the unit runs).

Reading chosen: a charger's losses to a Stand and Shoot reaction make it take no Panic Test
(its charge goes on as declared); if they destroy it, its friends nearby test.
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
from game.geometry.formation import Block
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import units as U
from game.rulesets.rank_and_flank import moves, space
from game.rulesets.rank_and_flank.combat import engaged_with
from game.rulesets.rank_and_flank.units import formation_of

#: the unit flag holding a unit's Health Points when its first out-of-combat loss of the phase
#: came
HP_AT_PHASE_START = "hp_at_phase_start"


def where_it_stood(s: GameState, unit: str) -> Any:
    """The Unit Boundary of ``unit``; for a unit with no models left, its last front rank."""
    if U.alive(s, unit):
        return space.boundary(s, unit)
    f = formation_of(s, space.host_of(s, unit))
    w, d = space.unit_base(s, unit)
    return Block(f.x, f.y, f.facing, max(1, f.files), max(1, f.files), w, d).polygon


def may_test(s: GameState, unit: str) -> bool:
    rec = s.units[unit]
    return (U.host(s, unit) == unit and U.on_table(s, unit) and rec.status == "active"
            and rec.formation is not None and not engaged_with(s, unit)
            and not rec.flag("panic_passed"))


def take(ctx: Context, unit: str, why: str, against: str | None = None) -> Step:
    """One Panic Test (or a Fearless pass). Returns True when the unit holds."""
    s = ctx.state
    if U.has(s, unit, "fearless"):
        yield ev.RuleApplied("Panic Test", unit, "is Fearless: it passes")
        return True
    ok = yield from U.discipline_test(ctx, unit, "discipline", f"its Panic Test ({why})",
                                      "Panic Test", against=against)
    if ok:
        yield ev.UnitFlagSet(unit, "panic_passed", "phase", True)
    return ok


def near(ctx: Context, gone: Iterable[tuple[str, Any, str]], skip: Iterable[str] = ()) -> Step:
    """Panic Tests of the friends within 6" of each ``(unit, where it stood, what happened)``
    ("broke", "was destroyed"). Returns the units that failed (they have not fled yet)."""
    failed: list[str] = []
    skip = set(skip)
    for b, where, what in gone:
        s = ctx.state
        side = s.units[b].side
        for uid, rec in list(s.units.items()):
            s = ctx.state
            if rec.side != side or uid == b or uid in skip or uid in failed or not may_test(s, uid):
                continue
            if not space.within(s, uid, where, K.PANIC_RANGE):
                continue
            ok = yield from take(ctx, uid, f"{U.name(s, b)} {what} nearby", b)
            if not ok:
                failed.append(uid)
    return failed


def note_hp(ctx: Context, unit: str) -> Step:
    """Remember the unit's Health Points before its first out-of-combat loss of the phase."""
    rec = ctx.state.units.get(unit)
    if rec is not None and rec.flag(HP_AT_PHASE_START) is None:
        yield ev.UnitFlagSet(unit, HP_AT_PHASE_START, "phase", U.hp_left(ctx.state, unit))


def after_losses(ctx: Context, unit: str, cause: str, where: Any, own_test: bool = True) -> Step:
    """After attacks by ``cause`` outside combat hit ``unit`` (which stood at ``where``): if it
    was destroyed, its friends nearby test; if it lost a quarter of its Health Points this
    phase (and ``own_test``), it tests itself. Those that fail flee."""
    s = ctx.state
    flee_from: dict[str, str | None] = {}
    if not U.alive(s, unit):
        for u in (yield from near(ctx, [(unit, where, "was destroyed")])):
            flee_from[u] = None
    elif own_test:
        start = s.units[unit].flag(HP_AT_PHASE_START)
        lost = (start or 0) - U.hp_left(s, unit)
        single = U.profile(s, unit).start_models == 1
        if start and not single and lost * 4 >= start and may_test(s, unit):
            ok = yield from take(ctx, unit, f"it lost {lost} of its {start} Health Points this "
                                 "phase", cause)
            if not ok:
                flee_from[unit] = cause
    yield from flee(ctx, flee_from)


def flee(ctx: Context, flee_from: dict[str, str | None]) -> Step:
    """The units that failed a Panic Test roll to flee, then flee, away from the unit given
    (or the closest enemy unit)."""
    from game.rulesets.ninth_age.charges import roll_distance
    from game.rulesets.rank_and_flank.moves import closest_enemy

    rolls = {}
    points = {}
    for u, away in flee_from.items():
        away = away if away is not None and U.on_table(ctx.state, away) else closest_enemy(ctx.state, u)
        flee_from[u] = away
        # away from that enemy as it stood when the test was failed
        points[u] = space.block_of(ctx.state, away).centre if away is not None else None
        rolls[u] = yield from roll_distance(ctx, u, "flee", away)
    for u, away in flee_from.items():
        if U.on_table(ctx.state, u):
            yield from moves.flee(ctx, u, away, "panic", roll=rolls[u], away_point=points[u])


__all__ = ["HP_AT_PHASE_START", "after_losses", "flee", "may_test", "near", "note_hp", "take",
           "where_it_stood"]

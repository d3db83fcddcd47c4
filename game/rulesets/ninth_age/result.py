"""After a round of combat in ninth-age: the Combat Score item by item, Break Tests (Discipline
tests less the score difference, unless Steadfast), Panic Tests of friends near a unit that
breaks or is destroyed (see :mod:`~game.rulesets.ninth_age.panic`), then flight and pursuit.

Order (and so the dice order): the Break Tests of the losing units (2D6 each, in the order they
joined the combat); the Panic Tests of friendly units within 6" of a unit that broke or was
destroyed (2D6 each); the winners' pursuit decisions (a winner that declines takes a Restrain test, 2D6: on a
failure it pursues anyway); the Flee rolls (2D6, of the broken units, then of the panicked
ones); the Pursuit rolls (2D6); then the flee moves and the pursuits: a fleeing unit whose
pursuer rolled at least its Flee roll is destroyed, and the pursuer moves its roll after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from typing import Any

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import panic
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.charges import roll_distance
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import moves, space
from game.rulesets.rank_and_flank.combat import Combat, charged_this_turn, engaged_with
from game.rulesets.rank_and_flank.flow import other_side
from game.rulesets.rank_and_flank.result import Scores, facings_fought, present, totalled
from game.rulesets.rank_and_flank.units import members


def flank_bonus(s: GameState, combat: Combat, side: int) -> int:
    """+1 when the side fights an enemy in its flank, +2 when one in its rear (once per side;
    with FLANK_PLUS_TWO_FOR_FULL_RANKS: +2 when a unit fighting an enemy's flank or rear has two
    Full Ranks)."""
    fought = facings_fought(s, combat, side)
    flank = any(f & {"left", "right"} for f in fought)
    rear = any("rear" in f for f in fought)
    if K.FLANK_PLUS_TWO_FOR_FULL_RANKS:
        if not (flank or rear):
            return 0
        deep = any(U.full_ranks(s, u) >= 2 for u in present(s, combat, side)
                   for e in engaged_with(s, u)
                   if space.facing_touched_by(s, e, u) in ("left", "right", "rear"))
        return K.REAR_BONUS if deep else K.FLANK_BONUS
    return K.REAR_BONUS if rear else K.FLANK_BONUS if flank else 0


def side_scores(s: GameState, combat: Combat) -> Scores:
    """Each side's Combat Score, item by item, with its total."""
    out: Scores = {}
    for side in (1, 2):
        mine = present(s, combat, side)
        sc = {"wounds": combat.inflicted[side], "overkill": 0}
        sc["charge"] = 1 if any(charged_this_turn(s, u) for u in mine) else 0
        sc["ranks"] = max((U.rank_bonus(s, u) for u in mine), default=0)
        command = [c for u in mine for m in members(s, u) for c in U.profile(s, m).command]
        sc["standard"] = command.count("standard")
        sc["battle_standard"] = command.count("battle standard")
        sc["flank"] = flank_bonus(s, combat, side)
        out[side] = sc
    return totalled(out)


def disrupted_ranks(s: GameState, unit: str) -> bool:
    """Engaged in a flank or the rear by an enemy unit with two Full Ranks or more."""
    return any(space.facing_touched_by(s, unit, e) in ("left", "right", "rear")
               and U.full_ranks(s, e) >= 2 for e in engaged_with(s, unit))


def steadfast(s: GameState, combat: Combat, unit: str) -> bool:
    """More Full Ranks than every enemy unit it is engaged with, and not Disrupted Ranks."""
    enemies = [e for e in engaged_with(s, unit) if e in combat.units]
    if not enemies or disrupted_ranks(s, unit):
        return False
    mine = U.full_ranks(s, unit)
    return all(mine > U.full_ranks(s, e) for e in enemies)


def break_test(ctx: Context, combat: Combat, unit: str, diff: int) -> Step:
    """One losing unit's Break Test: a Discipline test less the score difference (Steadfast and
    Stubborn units ignore it; Unbreakable units pass). Returns True when it holds."""
    s = ctx.state
    if U.has(s, unit, "unbreakable"):
        yield ev.RuleApplied("Unbreakable", unit, "passes its Break Test without rolling")
        return True
    why = ""
    if steadfast(s, combat, unit):
        why = " (Steadfast: the score difference does not count)"
    elif U.has(s, unit, "stubborn"):
        why = " (Stubborn: the score difference does not count)"
    mods = () if why else (("combat score", -diff),)
    dis = U.discipline(s, unit) + sum(v for _, v in mods)
    faces = (ctx.roll(K.DIE, "break_test"), ctx.roll(K.DIE, "break_test"))
    total = sum(faces)
    ok = total <= dis
    yield ev.DiceRolled("break_test", unit, "2d6", faces, faces, mods, total, dis,
                        "pass" if ok else "break", None)
    yield ev.RuleApplied("Break Test", unit, ("holds" if ok else "breaks and flees") + why)
    return ok


def away_point(s: GameState, unit: str, enemy: str) -> tuple[float, float]:
    """A point behind the facing of ``enemy`` that ``unit`` was engaged with, so that fleeing
    "away" from it turns the unit's rear to that facing."""
    facing = space.facing_touched_by(s, enemy, unit) or "front"
    block = space.block_of(s, enemy)
    nx, ny = block.normal(facing)
    x, y = block.centre
    bx, by = space.block_of(s, unit).centre
    # the same distance from the fleeing unit as the enemy's centre, straight along the normal
    d = max(1.0, ((bx - x) ** 2 + (by - y) ** 2) ** 0.5)
    return bx - nx * d, by - ny * d


def after_result(ctx: Context, combat: Combat, winner: int | None, diff: int) -> Step:
    """Break Tests, Panic Tests, then flight and pursuit."""
    s = ctx.state
    if winner is None:
        names = " and ".join(U.name(s, u) for u in combat.units if U.on_table(s, u))
        yield ev.RuleApplied("Combat Score", None, f"a tie: both sides win, no Break Tests; "
                             f"{names} fight on")
        return
    losers = present(s, combat, other_side(winner))
    winners = present(s, combat, winner)
    broken: list[str] = []
    where: dict[str, Any] = {}
    for u in losers:
        if not U.on_table(ctx.state, u):
            continue
        held = yield from break_test(ctx, combat, u, diff)
        if not held:
            broken.append(u)
            where[u] = space.boundary(ctx.state, u)
    # friends near a unit that broke, or that this round destroyed, take Panic Tests
    gone = [(u, where[u], "broke") for u in broken]
    for u in combat.units:
        if ctx.state.units[u].status == "destroyed" and not ctx.state.units[u].flag("panic_caused"):
            yield ev.UnitFlagSet(u, "panic_caused", "game", True)
            gone.append((u, panic.where_it_stood(ctx.state, u), "was destroyed"))
    panicked = yield from panic.near(ctx, gone, skip=broken)
    if not broken:
        if panicked:
            yield from panic.flee(ctx, {u: None for u in panicked})
            yield from F.phased(ctx).check_winner(ctx)
        return
    # who pursues whom
    chase: dict[str, str] = {}
    for w in winners:
        s = ctx.state
        if not U.on_table(s, w):
            continue
        touching = engaged_with(s, w)
        beaten = [u for u in broken if u in touching]
        if not beaten or [e for e in touching if e not in broken]:
            continue
        keen = yield Ask("pursue", f"{U.name(s, w)} may pursue {U.name(s, beaten[0])}: does it?",
                         (True, False), True, side=s.units[w].side)
        if not keen:
            held = yield from U.discipline_test(ctx, w, "discipline", "its Restrain test",
                                                "Restrain", against=beaten[0])
            if held:
                continue
            yield ev.RuleApplied("Restrain", w, "pursues all the same")
        chase[w] = beaten[0]
    # where each broken unit flees from: the first winner it touches
    away: dict[str, str] = {}
    for u in broken:
        touching = [w for w in winners if w in engaged_with(ctx.state, u)]
        away[u] = (touching or winners)[0]
    flee_rolls: dict[str, moves.Roll] = {}
    panic_from: dict[str, tuple[str | None, tuple[float, float] | None]] = {}
    for u in [*broken, *panicked]:
        against = away.get(u) or moves.closest_enemy(ctx.state, u)
        if u in panicked:  # away from the closest enemy as things stood when it failed
            at = space.block_of(ctx.state, against).centre if against is not None else None
            panic_from[u] = (against, at)
        flee_rolls[u] = yield from roll_distance(ctx, u, "flee", against)
    chase_rolls: dict[str, moves.Roll] = {}
    for w, u in chase.items():
        chase_rolls[w] = yield from roll_distance(ctx, w, "pursuit", u)
    for u in broken:
        s = ctx.state
        if not U.on_table(s, u):
            continue
        yield from moves.flee(ctx, u, away[u], "break", roll=flee_rolls[u],
                              away_point=away_point(s, u, away[u]))
    for w, u in chase.items():
        s = ctx.state
        if not U.on_table(s, w):
            continue
        aim: Any = space.block_of(s, u)
        aim = (aim.x, aim.y)
        caught = chase_rolls[w].inches >= flee_rolls[u].inches
        if caught and s.units[u].status == "fleeing":
            yield ev.RuleApplied("Pursuit", w, f"rolled {chase_rolls[w].inches}\" against a flee of "
                                 f"{flee_rolls[u].inches}\": it catches {U.name(s, u)}", u)
            yield from moves.caught_fleeing(ctx, w, u)
        elif not caught and U.on_table(s, u):
            yield ev.RuleApplied("Pursuit", w, f"rolled {chase_rolls[w].inches}\" against a flee of "
                                 f"{flee_rolls[u].inches}\": {U.name(s, u)} gets away", u)
        yield from moves.pursuit_move(ctx, w, aim, chase_rolls[w].inches,
                                      None if caught else u)
    for u in panicked:
        s = ctx.state
        if not U.on_table(s, u):
            continue
        against, at = panic_from[u]
        yield from moves.flee(ctx, u, against, "panic", roll=flee_rolls[u], away_point=at)
    yield from F.phased(ctx).check_winner(ctx)


__all__ = ["after_result", "break_test", "disrupted_ranks", "flank_bonus",
           "side_scores", "steadfast"]

"""Moves the rules make a unit in formation do: fleeing (a Break, a flee reaction, a failed
rally, a failed Panic test), falling back in good order, giving ground, following up and
pursuing. The geometry is the formation library's (``game/geometry/formation_actions.py``);
the rulesets decide the distances (the dice, or a roll made beforehand) and what a catch does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.core import events as ev
from game.core.decisions import Ask
from game.core.log import show_inches
from game.core.ruleset import Step
from game.geometry import formation_actions as actions
from game.geometry.formation import Block
from game.geometry.formation_moves import TABLE_EDGE, turn_block
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.charges import MOVED, stopped_why
from game.rulesets.rank_and_flank.dice import roll_2d6
from game.rulesets.rank_and_flank.units import characters_in, name, on_table
from game.rulesets.rank_and_flank.victory import TAKEN

GIVE_GROUND = 2.0  # inches a unit that gives ground moves back

#: what a flee of each kind is called in the log, and why the unit is fleeing
FLEE_WORDS = {"fall_back": "falls back", "break": "flees", "reaction": "flees",
              "rally_failed": "flees on", "panic": "flees"}
FLEE_WHY = {"break": "broke", "reaction": "fled from a charge", "panic": "panicked",
            "rally_failed": "failed to rally"}


@dataclass(frozen=True, slots=True)
class Roll:
    """A distance rolled beforehand: the dice thrown, those kept and the inches."""

    faces: tuple[int, ...]
    kept: tuple[int, ...]
    inches: int


def flee(ctx: Context, unit: str, away_from: str | None, kind: str, roll: Roll | None = None,
         away_point: Sequence[float] | None = None) -> Step:
    """Flee (``kind``: ``break``, ``reaction``, ``rally_failed``, ``panic``) or fall back in
    good order (``fall_back``): turn to face directly away from ``away_from``'s centre (or from
    ``away_point``; a unit that failed to rally runs on the way it faces), then move the
    distance straight ahead: ``roll`` when given, else 2D6 rolled here (the higher die only for
    a fall back); ending on a unit it carries on until clear (1" from enemies). Off the table:
    the unit has fled. Returns how far the centre moved (x, y)."""
    s = ctx.state
    here = space.block_of(s, unit)
    if roll is None:
        faces = roll_2d6(ctx, "flee")
        dist = max(faces) if kind == "fall_back" else sum(faces)
        kept = (max(faces),) if kind == "fall_back" else faces
        yield ev.DiceRolled("flee", unit, "2d6", faces, kept, (), dist, None, f'{dist}"', away_from)
    else:
        dist = roll.inches
    if away_point is not None:
        source: Any = (float(away_point[0]), float(away_point[1]))
    elif away_from is not None and kind != "rally_failed":
        source = space.block_of(s, away_from)
    else:  # straight on: away from a point right behind it
        source = here.to_table(-here.depth, 0.0)
    got = space.kept(("flee", here, source, dist, space.surroundings_key(s, unit)),
                     lambda: actions.flee_move(here, source, float(dist),
                                               space.surroundings(s, unit)))
    end = space.formation_of_block(got.block)
    word = FLEE_WORDS[kind]
    # the units it touches as it turns to flee (those it fought) are not fled through
    me = space.unit_key(s, unit)
    crossed = tuple(k for k in got.passed_through
                    if k not in s.units or not space.rects_touch(me, space.unit_key(s, k)))
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, got.moved,
                       "fall back" if kind == "fall_back" else "flee")
    over = [space.surroundings(s, unit).label(k) for k in crossed] if crossed else []
    if got.carried_on > 0.05:
        yield ev.RuleApplied("Flee", unit, f'carries on {got.carried_on:.1f}" past its roll of '
                             f'{dist}" so as not to end on a unit or within 1" of an enemy'
                             + (f" (it passes over {_listed(over)})" if over else ""))
    elif over and not got.left_table:
        yield ev.RuleApplied("Flee", unit, f"passes over {_listed(over)}")
    if crossed and not got.left_table:
        start = Block(here.x, here.y, got.facing, here.files, here.models, here.base_w,
                      here.base_d)
        yield from F.phased(ctx).fled_through(ctx, unit, start, got.block, crossed)
        if not on_table(ctx.state, unit):
            return end.x - here.x, end.y - here.y
    if got.left_table:
        yield ev.UnitStatusChanged(unit, "fled", f"{word} off the table")
        for c in characters_in(ctx.state, unit):
            yield ev.UnitStatusChanged(c, "fled", f"{word} off the table with its unit")
    elif kind == "fall_back":
        yield ev.RuleApplied("Fall back in good order", unit, "rallies at the end of its move")
        yield from free_reform(ctx, unit, away_from)
    elif s.units[unit].status != "fleeing":
        why = FLEE_WHY[kind]
        yield ev.UnitStatusChanged(unit, "fleeing", why)
        for c in characters_in(ctx.state, unit):
            yield ev.UnitStatusChanged(c, "fleeing", f"{why} with its unit")
    return end.x - here.x, end.y - here.y


def free_reform(ctx: Context, unit: str, enemy: str | None) -> Step:
    """A unit that rallies may reform at once, for free; one that fell back in good order
    rallies at the end of its flee move, facing away from the enemy it fell back from. It is
    asked whether to turn about, to face the way it came (decision ``free_reform``; default
    no: it stays as it fled, and a pursuer that catches it is most often in its rear). A turn
    about its centre takes no more room than the unit has."""
    s = ctx.state
    if not on_table(s, unit) or s.units[unit].status != "active":
        return
    toward = f" to face {name(s, enemy)}" if enemy is not None and enemy in s.units else ""
    turn = yield Ask("free_reform", f"{name(s, unit)} fell back in good order and rallied: "
                     f"turn about{toward} (a free reform)?", (True, False), False,
                     side=s.units[unit].side)
    if not turn:
        return
    end = space.formation_of_block(turn_block(space.block_of(ctx.state, unit), 180.0))
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, 0.0, "free reform")


def rallied(s: Any, unit: str) -> Iterator[ev.Event]:
    """A fleeing unit that passed its Rally test: it stops fleeing, and so do the characters
    in it (they fled with it), and it is marked as rallied this turn (Shaken, in ninth-age)."""
    yield ev.UnitStatusChanged(unit, "active", "rallied")
    for c in characters_in(s, unit):
        yield ev.UnitStatusChanged(c, "active", "rallied with its unit")
    yield ev.UnitFlagSet(unit, "rallied", "player_turn", True)


def closest_enemy(s: Any, unit: str, active_only: bool = False) -> str | None:
    """The enemy unit on the table whose centre is closest to ``unit``'s (``active_only``: not
    fleeing), or None."""
    side = s.units[unit].side
    mine = space.boundary(s, unit).centroid
    best = None
    for uid, rec in s.units.items():
        if rec.side == side or not on_table(s, uid) or rec.formation is None:
            continue
        if active_only and rec.status != "active":
            continue
        d = space.boundary(s, uid).centroid.distance(mine)
        if best is None or d < best[0]:
            best = (d, uid)
    return best[1] if best else None


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def give_ground(ctx: Context, unit: str, enemies: list[str], inches: float = GIVE_GROUND) -> Step:
    """Move straight away from the enemies it fought, without turning; stop on touching
    another unit or impassable terrain (1" short of other enemies). Off the table: destroyed.
    The facings of the enemies it touched are kept (``gave_ground_from``) for a follow up.
    Returns the move (x, y)."""
    s = ctx.state
    here = space.block_of(s, unit)
    facings = tuple((e, space.facing_touched_by(s, e, unit)) for e in enemies)
    yield ev.UnitFlagSet(unit, "gave_ground_from", "phase", facings)
    foes = tuple(space.block_of(s, e) for e in enemies)
    got = space.kept(("give ground", here, foes, inches, tuple(enemies),
                      space.surroundings_key(s, unit)),
                     lambda: actions.give_ground(here, list(foes), inches,
                                                 space.surroundings(s, unit),
                                                 ignore=tuple(enemies)))
    if got.moved < 1e-6:
        yield ev.RuleApplied("Give ground", unit, "has nowhere to go: it stays locked in combat")
        return 0.0, 0.0
    end = space.formation_of_block(got.block)
    yield ev.UnitMoved(unit, end.x, end.y, end.facing, end.files, got.moved, "give ground")
    if got.stopped_by == TABLE_EDGE or not space.within_table(got.block.polygon, s.table):
        yield ev.UnitStatusChanged(unit, "destroyed", "gave ground off the table")
    return end.x - here.x, end.y - here.y


def last_facing(s: Any, winner: str, loser: str) -> str | None:
    """The facing of ``winner`` the loser touched when the combat was worked out (kept on the
    loser as it gave ground), else None."""
    got = s.units[loser].flag("gave_ground_from")
    if got:
        for w, facing in got:
            if w == winner:
                return str(facing)
    return None


#: the free turn a winner makes to face the enemy it fought on that facing
TURN_TO_FACE = {"left": -90.0, "right": 90.0, "rear": 180.0}


def follow_up(ctx: Context, winner: str, loser: str, moved: Any) -> Step:
    """The winner moves straight after a unit that gave ground, back into contact with it;
    one that fought it on a flank or the rear first turns to face it (a free turn)."""
    s = ctx.state
    if not moved or moved == (0.0, 0.0):
        return
    here = space.block_of(s, winner)
    facing = last_facing(s, winner, loser)
    if facing in TURN_TO_FACE:
        here = turn_block(here, TURN_TO_FACE[facing])
    there = space.block_of(s, loser)
    got = space.kept(("follow up", here, there, loser, space.surroundings_key(s, winner)),
                     lambda: actions.follow_up(here, there, space.surroundings(s, winner),
                                               target_key=loser))
    if got.moved < 1e-6:
        yield ev.RuleApplied("Follow up", winner, "cannot follow up: the way is blocked")
        return
    end = space.formation_of_block(got.block)
    yield ev.UnitMoved(winner, end.x, end.y, end.facing, end.files, got.moved, "follow up")


def pursuit_move(ctx: Context, winner: str, aim: Any, inches: float, target: str | None,
                 close_door: bool = False) -> Step:
    """The pursuer turns to face ``aim`` (a unit's block or a point) and moves ``inches``
    straight toward it, stopping on touching ``target`` or anything else; with ``close_door``,
    a pursuer that touched ``target`` closes the door on it as a charge would. A pursuer with
    no room to turn stays where it is (None). Returns the formation library's result
    (``caught``: it touched ``target``)."""
    s = ctx.state
    env = space.surroundings(s, winner)
    here = space.block_of(s, winner)
    got = space.kept(("pursue", here, aim, inches, target, space.surroundings_key(s, winner)),
                     lambda: actions.pursue_move(here, aim, float(inches), env, target_key=target))
    turned = Block(here.x, here.y, got.facing, here.files, here.models, here.base_w, here.base_d)
    if env.overlapping([turned.polygon], ignore=(target,) if target else ()):
        yield ev.RuleApplied("Pursuit", winner, "has no room to turn toward the beaten unit: it "
                             "stays where it is", target)
        return None
    block = got.block
    if close_door and got.caught:
        closer = actions.charge_position(got.block, aim, None, env, target_key=target)
        if closer.reason is None:
            block = closer.block
    end = space.formation_of_block(block)
    if got.moved < MOVED and not got.caught:
        if abs((end.facing - here.facing + 180) % 360 - 180) > 0.01:
            yield ev.UnitMoved(winner, end.x, end.y, end.facing, end.files, 0.0, "turn to pursue")
        yield ev.RuleApplied("Pursuit", winner, "turns toward the beaten unit but cannot move: "
                             + stopped_why(env, got.stopped_by, "there is no room"), target)
        return got
    yield ev.UnitMoved(winner, end.x, end.y, end.facing, end.files, got.moved, "pursuit")
    return got


def caught_fleeing(ctx: Context, winner: str, target: str, how: str = "caught fleeing by") -> Step:
    """A fleeing unit caught by a pursuer is destroyed, with the characters in it."""
    s = ctx.state
    yield ev.UnitFlagSet(target, TAKEN, "game", s.units[winner].side)
    yield ev.UnitStatusChanged(target, "destroyed", f"{how} {name(s, winner)}", winner)
    for c in characters_in(s, target):
        yield ev.UnitStatusChanged(c, "destroyed", "caught with its unit", winner)


def pursue(ctx: Context, winner: str, target: str) -> Step:
    """The winner turns to face the beaten unit and moves 2D6 toward it: a fleeing unit it
    reaches is destroyed; one that fell back in good order is caught (the pursuer closes the
    door on it) and the fight goes on."""
    s = ctx.state
    there = on_table(s, target)
    faces = roll_2d6(ctx, "pursuit")
    dist = sum(faces)
    yield ev.DiceRolled("pursuit", winner, "2d6", faces, faces, (), dist, None, f'{dist}"',
                        target if there else None)
    aim: Any = space.block_of(s, target)
    if not there:  # it has fled the table: go where it was heading, up to the table's edge
        yield from pursuit_move(ctx, winner, (aim.x, aim.y), dist, None)
        return
    got = yield from pursuit_move(ctx, winner, aim, dist, target,
                                  close_door=s.units[target].status == "active")
    if got is None:
        return
    if not got.caught:
        s = ctx.state
        if got.moved >= MOVED:
            gap = space.block_of(s, winner).polygon.distance(space.block_of(s, target).polygon)
            yield ev.RuleApplied("Pursuit", winner, f'pursues {dist}", not enough: it stops '
                                 f"{show_inches(gap)} short of {name(s, target)}, which gets away",
                                 target)
        return
    s = ctx.state
    if s.units[target].status == "fleeing":
        yield from caught_fleeing(ctx, winner, target)
    else:
        yield ev.RuleApplied("Pursuit", winner, f"catches {name(s, target)}: the fight goes on, "
                             "and it counts as charging in the next turn", target)
        yield ev.UnitFlagSet(winner, "engaged_at", "game", s.events_applied)
        facing = space.facing_touched_by(ctx.state, target, winner) or "front"
        yield ev.UnitFlagSet(winner, "charges_next", "game",
                             (target, round(got.moved, 6), facing, False))


__all__ = ["FLEE_WORDS", "GIVE_GROUND", "Roll", "TURN_TO_FACE", "caught_fleeing", "closest_enemy", "flee",
           "follow_up", "free_reform", "give_ground", "last_facing", "pursue", "pursuit_move"]

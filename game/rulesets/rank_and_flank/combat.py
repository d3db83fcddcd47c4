"""Close combat of units in formation, what the rank-and-flank rulesets share: which units are
in which combat (units linked by touching enemies, in the order they began), charging and the
first round of a combat, the Wounds (Health Points) a round takes off a unit and the casualties
that leave its rear rank, and the round itself as steps of simultaneous strikes.

A round (:func:`fight_steps`) is fought in steps from the highest down (Initiative in
old-world, Initiative Steps 10 to 0 by Agility in ninth-age). At each step the strikes planned
for it are rolled, the active side's units first, units in the order they joined the combat;
what a unit loses at a step waits in a :class:`Losses` tally and leaves the table when the
step ends, so everything at one step is simultaneous. The ruleset plans the strikes (each
has a ``unit``, a ``step`` and an ``order`` inside its unit) and rolls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.core import events as ev
from game.core.log import show_inches
from game.core.ruleset import Step
from game.core.state import GameState
from game.geometry import formation_actions as actions
from game.geometry.contact import in_contact
from game.geometry.formation import Block
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.flow import phases
from game.rulesets.rank_and_flank.units import alive, characters_in, host, joined_to, name
from game.rulesets.rank_and_flank.victory import TAKEN

#: the rule whose log line opens each round of a combat ("X and Y fight a round of combat")
ROUND_OF_COMBAT = "Combat"

# --- who is in which combat ------------------------------------------------------------------------


def fighting_units(s: GameState) -> list[str]:
    """Units that can be in a combat: on the table, in formation, not fleeing (characters in a
    unit fight as part of it)."""
    got: list[str] | None = s.placed.get("fighting")
    if got is None:
        got = s.placed["fighting"] = [
            u for u, rec in s.units.items()
            if rec.on_table and rec.status == "active" and rec.formation is not None
            and joined_to(s, u) is None and (alive(s, u) or characters_in(s, u))]
    return got


def engaged_with(s: GameState, unit: str) -> list[str]:
    """Enemy units whose Unit Boundaries touch ``unit``'s (none for a unit that is no longer
    on the table in formation, or is fleeing)."""
    key = ("engaged", unit)
    got: list[str] | None = s.placed.get(key)
    if got is None:
        fighting = fighting_units(s)
        if unit not in fighting:
            got = s.placed[key] = []
            return got
        me = space.unit_key(s, unit)
        side = s.units[unit].side
        got = s.placed[key] = [
            o for o in fighting
            if s.units[o].side != side and space.rects_touch(me, space.unit_key(s, o))]
    return got


def is_engaged(s: GameState, unit: str) -> bool:
    return bool(engaged_with(s, host(s, unit)))


@dataclass(slots=True)
class Combat:
    """The units of one combat (units linked by touching enemies), in the order they joined,
    and, while a round is fought, the Wounds each side has inflicted that count toward the
    combat result."""

    units: list[str]
    inflicted: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    #: what a ruleset's planning keeps while the combat is fought, keyed by the exact values
    #: it was worked out from (a unit's strikes, planned again only when those differ)
    kept: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def side(self, s: GameState, side: int) -> list[str]:
        return [u for u in self.units if s.units[u].side == side]

    def ids(self) -> tuple[str, ...]:
        return tuple(self.units)


def engaged_at(s: GameState, unit: str) -> int:
    got = s.units[unit].flag("engaged_at", 0)
    return int(got) if isinstance(got, int) else 0


def find_combats(s: GameState) -> list[Combat]:
    """Every combat on the table, in the order they began."""
    units = fighting_units(s)
    order = {u: i for i, u in enumerate(s.units)}
    links: dict[str, set[str]] = {u: set() for u in units}
    for u in units:
        for o in engaged_with(s, u):
            links[u].add(o)
    seen: set[str] = set()
    combats = []
    for u in units:
        if u in seen or not links[u]:
            continue
        group, todo = [], [u]
        while todo:
            x = todo.pop()
            if x in seen:
                continue
            seen.add(x)
            group.append(x)
            todo.extend(links[x] - seen)
        group.sort(key=lambda x: (engaged_at(s, x), order[x]))
        combats.append(Combat(group))
    combats.sort(key=lambda c: (min(engaged_at(s, x) for x in c.units), order[c.units[0]]))
    return combats


def fought_before(s: GameState, unit: str, enemy: str) -> bool:
    """Whether ``unit`` has fought a round of combat against ``enemy`` already."""
    got = s.units[host(s, unit)].flag("fought", ())
    return enemy in (got or ())


def first_round(s: GameState, unit: str, enemy: str) -> bool:
    return not fought_before(s, unit, enemy)


def mark_fought(ctx: Context, combat: Combat) -> Step:
    """Note which enemies each unit has now fought a round against (first-round rules)."""
    s = ctx.state
    for unit in combat.units:
        enemies = tuple(e for e in engaged_with(s, unit) if e in combat.units)
        before = tuple(s.units[unit].flag("fought", ()) or ())
        new = tuple(sorted(set(before) | set(enemies)))
        if new != before:
            yield ev.UnitFlagSet(unit, "fought", "game", new)


# --- charging -------------------------------------------------------------------------------------


def charge_of(s: GameState, unit: str) -> tuple[Any, ...] | None:
    """(target, inches moved, facing charged, disordered) when ``unit`` charged this player
    turn, else None."""
    got = s.units[host(s, unit)].flag("charged")
    return tuple(got) if got else None


def charged_this_turn(s: GameState, unit: str) -> bool:
    return charge_of(s, unit) is not None


# --- Wounds lost and casualties ----------------------------------------------------------------------

#: the Wounds (Health Points) each model of a unit has: (state, unit) -> a whole number
PerModel = Callable[[GameState, str], int]


@dataclass(slots=True)
class Losses:
    """Wounds a unit has lost in the current step, not yet taken off the table, and what
    counts toward the combat result."""

    lost: int = 0
    counted: int = 0


def victim_of(s: GameState, target: str) -> str:
    """Who takes hits aimed at a unit: its own models while it has some, else a character."""
    if alive(s, target):
        return target
    chars = characters_in(s, target)
    return chars[0] if chars else target


def wounds_left(s: GameState, unit: str, per_model: int) -> int:
    """The Wounds the unit's models on the table have left."""
    carried = s.units[unit].counters.get("wounds_carried", 0)
    return len(alive(s, unit)) * per_model - carried


def tally(losses: dict[str, Losses], victim: str, kept: int, counted: int) -> None:
    got = losses.setdefault(victim, Losses())
    got.lost += kept
    got.counted += counted


def remove_casualties(ctx: Context, losses: dict[str, Losses], per_model: PerModel,
                      reason: str = "casualties") -> Step:
    """Take the Wounds in ``losses`` off their units: models are removed from the rear rank,
    a wounded model's Wounds carry over."""
    for unit, loss in list(losses.items()):
        if loss.lost:
            yield from take_wounds(ctx, unit, loss.lost, reason, per_model(ctx.state, unit))
    losses.clear()


def take_wounds(ctx: Context, unit: str, n: int, reason: str, per_model: int) -> Step:
    """``unit`` loses ``n`` Wounds: whole models leave its rear rank, the rest carries over to
    the next model to be removed (the unit's ``wounds_carried`` counter); ``wounds_taken``
    counts every Wound it had left to lose."""
    s = ctx.state
    rec = s.units[unit]
    carried = rec.counters.get("wounds_carried", 0)
    have = alive(s, unit)
    total = carried + n
    dead = min(len(have), total // per_model)
    left = total - dead * per_model if dead < len(have) else 0
    real = min(n, len(have) * per_model - carried)
    if real:
        yield ev.UnitCounterChanged(unit, "wounds_taken", real, reason)
    if left != carried:
        yield ev.UnitCounterChanged(unit, "wounds_carried", left - carried, reason)
    if dead:
        h = host(s, unit)
        before = space.block_of(s, h)
        touched = [(e, space.facing_touched_by(s, h, e) or "front") for e in engaged_with(s, h)]
        gone = tuple(m.name for m in have[len(have) - dead:])
        yield ev.CasualtiesRemoved(unit, gone, reason)
        if dead >= len(have):
            if touched:  # destroyed in combat: its standard is taken
                yield ev.UnitFlagSet(unit, TAKEN, "game", s.units[touched[0][0]].side)
            yield from unit_destroyed(ctx, unit, reason)
        elif touched:
            yield from close_up(ctx, h, before, touched)


def close_up(ctx: Context, unit: str, before: Block, touched: Sequence[tuple[str, str]]) -> Step:
    """Shrinking units: after ``unit`` lost models (it stood as ``before``), each enemy of
    ``touched`` (with the facing of ``unit`` it touched) that no longer touches it is moved back
    into contact on that facing, or else ``unit`` is moved back to it; a unit engaged with
    another enemy, or a move that would overlap something, leave the table or touch a new enemy,
    is not made. If neither can move, they lose contact."""
    for enemy, facing in touched:
        s = ctx.state
        if not s.units[enemy].on_table or enemy not in fighting_units(s) \
                or enemy in engaged_with(s, unit):
            continue
        dx, dy = actions.close_up_shift(before, space.block_of(s, unit), facing,
                                        space.block_of(s, enemy))
        for mover, partner, vx, vy in ((enemy, unit, dx, dy), (unit, enemy, -dx, -dy)):
            moved = _shifted(ctx.state, mover, partner, vx, vy)
            if moved is None:
                continue
            end = space.formation_of_block(moved)
            dist = math.hypot(vx, vy)
            yield ev.UnitMoved(mover, end.x, end.y, end.facing, end.files, dist, "close up")
            yield ev.RuleApplied("Close up", mover, f"moves {show_inches(dist)} back into contact with "
                                 f"{name(ctx.state, partner)}", partner)
            break
        else:
            yield ev.RuleApplied("Close up", enemy, f"loses contact with {name(s, unit)}: there "
                                 "is no room to move either back into contact", unit)


def _shifted(s: GameState, mover: str, partner: str, dx: float, dy: float) -> Block | None:
    """``mover``'s formation moved by (dx, dy) if that brings it back against ``partner`` and
    breaks no rule of the move (see :func:`close_up`), else None."""
    if any(e != partner for e in engaged_with(s, mover)):
        return None
    b = space.block_of(s, mover)
    moved = Block(b.x + dx, b.y + dy, b.facing, b.files, b.models, b.base_w, b.base_d)
    env = space.surroundings(s, mover)
    if env.overlapping([moved.polygon]) or not env.on_table(moved):
        return None
    poly = moved.polygon
    side = s.units[mover].side
    for other in fighting_units(s):
        if s.units[other].side == side or other == mover:
            continue
        if in_contact(poly, space.boundary(s, other)) != (other == partner):
            return None
    return moved


def unit_destroyed(ctx: Context, unit: str, reason: str) -> Step:
    """The unit's last model is gone: the unit is destroyed; characters in it stand alone."""
    s = ctx.state
    yield ev.UnitStatusChanged(unit, "destroyed", reason)
    for c in characters_in(s, unit):
        m = alive(s, c)[0]
        yield ev.UnitFlagSet(c, "joined", "game", None)
        yield ev.UnitFlagSet(c, "was_with", "game", unit)
        yield ev.UnitMoved(c, m.x, m.y, m.facing, 1, 0.0, "stands alone")


def keep_characters(s: GameState, combat: Combat) -> None:
    """Characters left alone when their unit is destroyed stay in the combat in its place."""
    out: list[str] = []
    for u in combat.units:
        out.append(u)
        if not s.units[u].on_table:
            out += [c for c, rec in s.units.items() if rec.flag("was_with") == u
                    and rec.on_table and c not in combat.units and c not in out]
    combat.units[:] = out


# --- a round as steps of simultaneous strikes ----------------------------------------------------


class Planned(Protocol):
    """What :func:`fight_steps` reads of a planned strike."""

    @property
    def unit(self) -> str: ...

    @property
    def step(self) -> int: ...

    @property
    def order(self) -> tuple[Any, ...]: ...


def fight_steps(ctx: Context, combat: Combat, plan: Callable[[GameState, Combat], Sequence[Any]],
                strike: Callable[[Any, Combat, Any, dict[str, Losses]], Step],
                per_model: PerModel, label: str = "Initiative step") -> Step:
    """The steps of one round, highest first: at each step the strikes planned for it (planned
    again from the state as it is, so models that stepped up fight and dead ones do not) are
    rolled, the active side's units first, then in the order the units joined the combat and
    by the strike's own ``order``; casualties leave when the step ends. Characters whose unit
    was destroyed fight on in its place."""
    s = ctx.state
    active = phases(s).side
    keep_characters(s, combat)
    steps = sorted({st.step for st in plan(s, combat)}, reverse=True)
    for step in steps:
        s = ctx.state
        where = {u: i for i, u in enumerate(combat.units)}
        strikes = [st for st in plan(s, combat) if st.step == step]
        if not strikes:
            continue
        strikes.sort(key=lambda st: (s.units[st.unit].side != active, where[st.unit], st.order))
        losses: dict[str, Losses] = {}
        yield ev.RuleApplied(label.split()[0], None, f"{label} {step}")
        for st in strikes:
            yield from strike(ctx, combat, st, losses)
        yield from remove_casualties(ctx, losses, per_model)
        keep_characters(ctx.state, combat)


def fight_all(ctx: Context, fight: Callable[[Any, Combat], Step]) -> Step:
    """Fight every combat on the table once, in the order they began (a combat that a pursuit
    or a flight changed is found again), checking for a winner of the game after each. A unit
    that has fought this phase does not fight again: where a pursuit has brought it into a
    combat not fought yet, the others fight that combat's round without it (it fights there
    in the next Combat phase)."""
    done: set[str] = set()
    while not ctx.state.game_over:
        todo = [part for c in find_combats(ctx.state) for part in _not_fought(ctx.state, c, done)]
        if not todo:
            return
        combat = todo[0]
        done |= set(combat.units)
        yield from fight(ctx, combat)
        yield from F.phased(ctx).check_winner(ctx)


def _not_fought(s: GameState, combat: Combat, done: set[str]) -> list[Combat]:
    """The combats the units of ``combat`` that are not in ``done`` make among themselves
    (linked by touching enemies that are not in ``done`` either), in the order they joined."""
    left = [u for u in combat.units if u not in done]
    if len(left) == len(combat.units):
        return [combat]
    out: list[Combat] = []
    seen: set[str] = set()
    for u in left:
        if u in seen:
            continue
        group, todo = set(), [u]
        while todo:
            x = todo.pop()
            if x in group:
                continue
            group.add(x)
            todo.extend(o for o in engaged_with(s, x) if o in left and o not in group)
        seen |= group
        if len(group) > 1:
            out.append(Combat([x for x in left if x in group]))
    return out


def combat_names(s: GameState, combat: Combat) -> str:
    return " and ".join(name(s, u) for u in combat.units)


__all__ = [
    "ROUND_OF_COMBAT", "Combat", "Losses", "close_up", "PerModel", "charge_of", "charged_this_turn", "combat_names",
    "engaged_at", "engaged_with", "fight_all", "fight_steps", "find_combats", "first_round", "fought_before",
    "fighting_units", "is_engaged", "keep_characters", "mark_fought", "remove_casualties", "take_wounds", "tally",
    "unit_destroyed", "victim_of", "wounds_left",
]

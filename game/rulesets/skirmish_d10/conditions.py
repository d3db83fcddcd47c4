"""Conditions (Shaken, Disabled, Burning, Poisoned, Inspired...): what each does at a moment
of the flow (the start or end of its model's activation, the end of the game turn) and when
it ends, in the shared mechanism of :mod:`game.rulesets.common.conditions`. Special rules add
their own (Infected)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterable, Mapping
from typing import Any

from game.core import events as ev
from game.core.ruleset import GOOD, Step
from game.core.state import GameState
from game.rulesets.common.conditions import (
    ACTIVATION_END,
    ACTIVATION_START,
    GAME_TURN_END,
    Condition,
    Conditions,
    Ends,
    Moment,
)
from game.rulesets.common.flow import alternating
from game.rulesets.skirmish_d10 import constants as K
from game.rulesets.skirmish_d10.checks import (
    apply_damage,
    d10_chance,
    d10_check,
    discipline_check,
    health_share,
)

#: skirmish-d10's conditions; rules register their own too (Infected)
CONDITIONS = Conditions()
condition = CONDITIONS.register


def add(ctx: Context, model: str, name: str, source: str, **data: Any) -> Step:
    """Give ``model`` the condition (a model never has a condition twice)."""
    m = ctx.state.models[model]
    if name in m.conditions or not m.on_table:
        return
    data.setdefault("turn", ctx.state.turn)
    data.setdefault("activation", ctx.state.events_applied)
    yield ev.ConditionAdded(model, name, source, tuple(sorted(data.items())))


@condition
class Shaken(Condition):
    name = "shaken"
    description = ("Rattled: -1 MAV on its attacks and Defensive Strikes, and it cannot "
                   "Charge. Each time its unit activates it takes a Discipline Check and "
                   "recovers on a pass; a Warlord or Captain nearby can Inspire it out of it.")

    acts_at = ACTIVATION_START

    def act(self, ctx: Context, holder: str, moment: Moment) -> Step:
        m = ctx.state.models[holder]
        ok = yield from discipline_check(ctx, m, "recover from Shaken")
        if ok:
            yield ev.ConditionRemoved(m.name, "shaken", "passed a Discipline Check")


@condition
class Disabled(Condition):
    name = "disabled"
    description = ("Hampered: -1 MA, so one attack and one Defensive Strike fewer, until the "
                   "end of its next activation.")
    # (at the end of the model's next activation: not the one in which it was gained)
    ends = Ends(ACTIVATION_END, "its next activation ended", outlasts_the_gaining=True)


#: activations counted ahead in a game of no set length
ACTIVATIONS_AHEAD = 6


def activations_left(state: GameState, model: str, this_one: bool) -> int:
    """How many activations ``model``'s unit has left in the game: one a game turn, this game
    turn's if it has not activated yet (``this_one``: or if it is activating now)."""
    unit = state.models[model].unit
    flow = alternating(state)
    now = flow.activation is not None and flow.activation.unit == unit
    left = state.max_turns - state.turn if state.max_turns else ACTIVATIONS_AHEAD
    return max(0, left) + (unit not in flow.activated or (this_one and now))


def kept_through(state: GameState, model: str, chances: Iterable[tuple[int, float]]) -> float:
    """The share of ``model``'s worth it keeps through the damage still to come (``chances``:
    each amount with its chance), as the AI counts a model's worth by its damage tracks."""
    m = state.models[model]
    now = health_share(m, m.damage)
    if now <= 0.0:
        return 1.0
    return sum(p * health_share(m, m.damage + k) for k, p in chances) / now


def ticks(times: int, stop: float, damage_first: bool) -> list[tuple[int, float]]:
    """The damage to come of a condition that acts up to ``times`` more times, each costing 1
    damage and ending it with chance ``stop``, the damage before the roll to end it
    (``damage_first``: the first time always costs) or only if that roll fails: each amount
    with its chance."""
    out, going = [], 1.0
    for taken in range(min(1, times) if damage_first else 0, times):
        out.append((taken, going * stop))  # (ended after ``taken`` damage)
        going *= 1.0 - stop
    out.append((times, going))  # (never ended: damage every time)
    return out


@condition
class Burning(Condition):
    name = "burning"
    description = ("On fire: each time its unit activates it loses 1 damage track, then rolls "
                   "a d10 and puts the fire out on 6 or more.")

    acts_at = ACTIVATION_START

    def act(self, ctx: Context, holder: str, moment: Moment) -> Step:
        m = ctx.state.models[holder]
        yield ev.RuleApplied("Burning", m.name, "burns for 1 damage")
        yield from apply_damage(ctx, m.name, 1, "burning", None)
        m = ctx.state.models[m.name]
        if not m.on_table:
            return
        out, _ = yield from d10_check(ctx, "burning goes out", m.name, [], K.BURNING_OUT,
                                      yes="goes out", no="keeps burning")
        if out:
            yield ev.ConditionRemoved(m.name, "burning", "the fire went out")

    def kept(self, state: GameState, holder: str, data: Mapping[str, Any]) -> float:
        """What it keeps through the burns still to come (1 damage at the start of each of its
        activations left, until a roll puts the fire out)."""
        times = activations_left(state, holder, this_one=False)
        return kept_through(state, holder, ticks(times, d10_chance(K.BURNING_OUT), True))


@condition
class Poisoned(Condition):
    name = "poisoned"
    description = ("At the end of each of its activations it rolls a d10: 6 or more and the "
                   "poison wears off, anything less costs it 1 damage track.")

    acts_at = ACTIVATION_END

    def act(self, ctx: Context, holder: str, moment: Moment) -> Step:
        m = ctx.state.models[holder]
        ends, _ = yield from d10_check(ctx, "poison", m.name, [], K.POISON_ENDS,
                                       yes="poison ends", no="1 damage")
        if ends:
            yield ev.ConditionRemoved(m.name, "poisoned", "the poison wore off")
        else:
            yield from apply_damage(ctx, m.name, 1, "poison", None)

    def kept(self, state: GameState, holder: str, data: Mapping[str, Any]) -> float:
        """What it keeps through the poison still to come (at the end of each of its
        activations left, this one's too: 1 damage unless a roll ends it)."""
        times = activations_left(state, holder, this_one=True)
        return kept_through(state, holder, ticks(times, d10_chance(K.POISON_ENDS), False))


@condition
class Inspired(Condition):
    name = "inspired"
    description = ("Encouraged by a leader: +1 on its Discipline Checks until the end of the "
                   "game turn.")
    tone = GOOD
    ends = Ends(GAME_TURN_END, "the game turn ended")

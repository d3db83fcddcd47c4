"""Conditions (Shaken, Disabled, Burning, Poisoned, Inspired...): what each does at a moment
of the flow (the start or end of its model's activation, the end of the game turn) and when
it ends, in the shared mechanism of :mod:`game.rulesets.common.conditions`. Special rules add
their own (Infected)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from typing import Any

from game.core import events as ev
from game.core.ruleset import GOOD, Step
from game.rulesets.common.conditions import (
    ACTIVATION_END,
    ACTIVATION_START,
    GAME_TURN_END,
    Condition,
    Conditions,
    Ends,
    Moment,
)
from game.rulesets.skirmish_d10 import constants as K
from game.rulesets.skirmish_d10.checks import apply_damage, d10_check, discipline_check

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


@condition
class Inspired(Condition):
    name = "inspired"
    description = ("Encouraged by a leader: +1 on its Discipline Checks until the end of the "
                   "game turn.")
    tone = GOOD
    ends = Ends(GAME_TURN_END, "the game turn ended")

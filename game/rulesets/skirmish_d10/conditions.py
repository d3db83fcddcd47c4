"""Conditions (Shaken, Disabled, Burning, Poisoned, Inspired...) and when they act or end.

Each condition is a registered object with hooks at the start and end of the model's own
activations and at the end of the game turn. Special rules add their own (Infected).
"""

from __future__ import annotations

from typing import Any, ClassVar

from game.core import events as ev
from game.core.ruleset import ConditionInfo, Step
from game.core.state import Model
from game.rulesets.common.flow import alternating
from game.rulesets.skirmish_d10 import constants as K
from game.rulesets.skirmish_d10.checks import apply_damage, d10_check, discipline_check


class Condition:
    name: ClassVar[str] = ""
    #: the name players read ("Shaken")
    label: ClassVar[str] = ""
    #: what it does, in plain words for players
    description: ClassVar[str] = ""

    @classmethod
    def info(cls) -> ConditionInfo:
        return ConditionInfo(cls.name, cls.label or cls.name.capitalize(), cls.description)

    def start_activation(self, ctx: Any, m: Model) -> Step:
        return
        yield

    def end_activation(self, ctx: Any, m: Model) -> Step:
        return
        yield

    def end_of_turn(self, ctx: Any, m: Model) -> Step:
        return
        yield


CONDITIONS: dict[str, Condition] = {}


def condition(cls: type[Condition]) -> type[Condition]:
    CONDITIONS[cls.name] = cls()
    return cls


def add(ctx: Any, model: str, name: str, source: str, **data: Any) -> Step:
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
    description = ("Rattled: fights worse and cannot Charge. When its unit activates it tries "
                   "to recover with a Discipline Check.")

    def start_activation(self, ctx: Any, m: Model) -> Step:
        ok = yield from discipline_check(ctx, m, "recover from Shaken")
        if ok:
            yield ev.ConditionRemoved(m.name, "shaken", "passed a Discipline Check")


@condition
class Disabled(Condition):
    name = "disabled"
    description = "Hampered until the end of its next activation."

    def end_activation(self, ctx: Any, m: Model) -> Step:
        # Ends at the end of the model's next activation: not the one in which it was gained.
        started = alternating(ctx.state).activation_started_at
        if m.conditions["disabled"].get("activation", 0) < started:
            yield ev.ConditionRemoved(m.name, "disabled", "its next activation ended")


@condition
class Burning(Condition):
    name = "burning"
    description = ("On fire: takes 1 damage each time it activates, then may put the fire "
                   "out with a roll.")

    def start_activation(self, ctx: Any, m: Model) -> Step:
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
    description = ("Takes 1 damage at the end of each of its activations until a roll shows "
                   "the poison has worn off.")

    def end_activation(self, ctx: Any, m: Model) -> Step:
        ends, _ = yield from d10_check(ctx, "poison", m.name, [], K.POISON_ENDS,
                                       yes="poison ends", no="1 damage")
        if ends:
            yield ev.ConditionRemoved(m.name, "poisoned", "the poison wore off")
        else:
            yield from apply_damage(ctx, m.name, 1, "poison", None)


@condition
class Inspired(Condition):
    name = "inspired"
    description = "Encouraged by a leader until the end of the game turn."

    def end_of_turn(self, ctx: Any, m: Model) -> Step:
        yield ev.ConditionRemoved(m.name, "inspired", "the game turn ended")

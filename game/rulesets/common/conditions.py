"""Conditions, one mechanism for every ruleset: a condition is a registered object that
says what players read about it, what it does at the moments of the game's flow, and when it
ends by itself, that last as data (:class:`Ends`).

The flow engine (:mod:`game.rulesets.common.turns`) announces the moments (:class:`Moment`):
the start and end of a side turn, as its flow names them (an activation's start and end, a
player turn's start), the end of each phase and the end of a game turn. At a moment, :meth:`Conditions.at_models` and
:meth:`Conditions.at_units` let each condition a model or unit holds act (its :meth:`Condition.act`)
and then end it if its :class:`Ends` falls due, with the reason the log gives.

Gaining a condition is a rule's business (``ConditionAdded`` / ``UnitConditionAdded``);
losing one early too (a passed test, an amputation). Only the ending that comes with time is
here, so no rule writes its own "until" check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from game.core import events as ev
from game.core.ruleset import BAD, ConditionInfo, Step
from game.core.state import GameState

#: the moments of the flows: a unit's activation starts / ends (alternating activations); a
#: side's player turn starts (phased player turns); a phase ends; the game turn ends
ACTIVATION_START = "activation_start"
ACTIVATION_END = "activation_end"
GAME_TURN_END = "game_turn_end"
PLAYER_TURN_START = "player_turn_start"
PHASE_END = "phase_end"


@dataclass(frozen=True, slots=True)
class Moment:
    """A point of the flow at which conditions act and may end. ``phase`` names the phase
    that ends (PHASE_END); ``since`` is the event number at which the activation that ends
    began (ACTIVATION_END), so that a condition can outlast the activation it was gained in."""

    name: str
    phase: str | None = None
    since: int = 0


@dataclass(frozen=True, slots=True)
class Ends:
    """When a condition ends by itself: at the moment ``at`` (of the phase ``phase`` for a
    phase's end), saying ``reason`` in the log. With ``outlasts_the_gaining``, not at the
    moment that closes the activation in which it was gained (the condition's data keeps the
    event number it was gained at as ``activation``), but at the next."""

    at: str
    reason: str
    phase: str | None = None
    outlasts_the_gaining: bool = False

    def due(self, moment: Moment, data: Mapping[str, Any]) -> bool:
        if moment.name != self.at or (self.phase is not None and moment.phase != self.phase):
            return False
        return not self.outlasts_the_gaining or data.get("activation", 0) < moment.since


class Condition:
    """A condition: its name in state, what players read, what it does at one moment of the
    flow (:meth:`act`, at ``acts_at``) and when it ends by itself (``ends``; never, when
    None)."""

    name: ClassVar[str] = ""
    #: the name players read ("Shaken"); the name capitalised when empty
    label: ClassVar[str] = ""
    #: what it does, in plain words for players
    description: ClassVar[str] = ""
    #: its badge on the table (the label's first letter when empty), and whether it helps
    short: ClassVar[str] = ""
    tone: ClassVar[str] = BAD
    #: the moment at which :meth:`act` is called (never, when None)
    acts_at: ClassVar[str | None] = None
    ends: ClassVar[Ends | None] = None

    @classmethod
    def info(cls) -> ConditionInfo:
        return ConditionInfo(cls.name, cls.label or cls.name.capitalize(), cls.description,
                             cls.short, cls.tone)

    def act(self, ctx: Context, holder: str, moment: Moment) -> Step:
        """What the condition does to the model or unit ``holder`` at ``moment`` (a moment
        named ``acts_at``)."""
        return
        yield

    def kept(self, state: GameState, holder: str, data: Mapping[str, Any]) -> float:
        """For the AI's worth of a unit: the share of ``holder`` its side can count on
        keeping while it has the condition (``data``): 1 for most; less for one that will take
        some or all of it away before the game ends (Burning, Poisoned, Infected). It may read
        the game turn and the flow: a model's worth with a condition is not remembered."""
        return 1.0


CondT = TypeVar("CondT", bound=type[Condition])


def plain(name: str, label: str, description: str, short: str = "", tone: str = BAD,
          ends: Ends | None = None) -> type[Condition]:
    """A condition that does nothing by itself (and may end with time): declared as data."""
    return type(f"Plain_{name}", (Condition,), {
        "name": name, "label": label, "description": description, "short": short,
        "tone": tone, "ends": ends})


class Conditions:
    """A ruleset's conditions, by name, in the order declared."""

    def __init__(self, *declared: type[Condition]) -> None:
        self._known: dict[str, Condition] = {}
        for cls in declared:
            self.register(cls)

    def register(self, cls: CondT) -> CondT:
        """Add a condition (usable as a class decorator)."""
        self._known[cls.name] = cls()
        return cls

    def __contains__(self, name: object) -> bool:
        return name in self._known

    def kept(self, state: GameState, holder: str,
             held: Mapping[str, Mapping[str, Any]]) -> float:
        """The share of ``holder`` its side can count on keeping, over the conditions it holds
        (``held``, by name: :meth:`Condition.kept`)."""
        share = 1.0
        for name, data in held.items():
            cond = self._known.get(name)
            if cond is not None:
                share *= cond.kept(state, holder, data)
        return share

    def __getitem__(self, name: str) -> Condition:
        return self._known[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._known)

    def items(self) -> Iterable[tuple[str, Condition]]:
        return self._known.items()

    def infos(self) -> dict[str, ConditionInfo]:
        """What players read about each condition, by name."""
        return {name: c.info() for name, c in self._known.items()}

    # -- the moments -------------------------------------------------------------------------
    def at_models(self, ctx: Context, names: Iterable[str], moment: Moment) -> Step:
        """The conditions of the models ``names`` (those on the table), in name order, act
        at ``moment`` and end if it is their time."""
        def held(name: str) -> Mapping[str, Mapping[str, Any]] | None:
            m = ctx.state.models[name]  # (a model off the table holds nothing that acts)
            return m.conditions if m.on_table else None

        for n in names:
            if ctx.state.models[n].conditions:  # (most hold none: asked of every model)
                yield from self._at(ctx, moment, n, held, ev.ConditionRemoved)

    def at_units(self, ctx: Context, units: Iterable[str], moment: Moment) -> Step:
        """The conditions of the units ``units``, in name order, act at ``moment`` and end
        if it is their time (a unit's conditions are its own whether or not it is on the
        table)."""
        def held(uid: str) -> Mapping[str, Mapping[str, Any]] | None:
            return ctx.state.units[uid].conditions

        for uid in units:
            yield from self._at(ctx, moment, uid, held, ev.UnitConditionRemoved)

    def _at(self, ctx: Context, moment: Moment, holder: str,
            held: Callable[[str], Mapping[str, Mapping[str, Any]] | None],
            removed: Callable[[str, str, str], ev.Event]) -> Step:
        now = held(holder)
        for cname in sorted(now or ()):
            cond = self._known.get(cname)
            now = held(holder)
            if cond is None or now is None or cname not in now:
                continue
            if cond.acts_at == moment.name:
                yield from cond.act(ctx, holder, moment)
                now = held(holder)
            if (cond.ends is not None and now is not None and cname in now
                    and cond.ends.due(moment, now[cname])):
                yield removed(holder, cname, cond.ends.reason)


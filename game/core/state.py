"""The game state and the one place it changes: :func:`apply`.

A :class:`Model` is a frozen record; :class:`GameState` is a small mutable container of them
whose fields change only inside :func:`apply`. :meth:`GameState.copy` is shallow (models are
immutable), which makes snapshots for undo and replay seeking cheap.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from game.core import events as ev


@dataclass(frozen=True, slots=True)
class Terrain:
    id: str
    kind: str  # obstacle | impassable | area | elevation
    polygon: tuple[tuple[float, float], ...]
    height: float = 0.0


@dataclass(frozen=True, slots=True)
class Model:
    """One model on the table. ``stats`` hold one value per damage track (a single value is
    a one-element tuple used on every track); ``damage`` counts the points kept."""

    name: str
    unit: str
    side: int
    x: float
    y: float
    facing: float
    base: str
    stats: dict[str, tuple[int, ...]]
    rules: tuple[str, ...] = ()
    keywords: frozenset[str] = frozenset()
    display: str = ""
    damage: int = 0
    status: str = "active"
    conditions: dict[str, dict[str, Any]] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    flags: dict[str, tuple[str, Any]] = field(default_factory=dict)
    weapons: tuple[Any, ...] = ()

    def stat(self, key: str, track: int | None = None) -> int:
        """The value of ``key`` on the track the model is on (or on ``track``)."""
        values = self.stats[key]
        if len(values) == 1:  # the same on every track: the common case
            return values[0]
        i = self.damage if track is None else track
        if 0 <= i < len(values):
            return values[i]
        return values[-1] if i > 0 else values[0]

    def has_keyword(self, word: str) -> bool:
        return word.lower() in self.keywords

    def flag(self, name: str, default: Any = None) -> Any:
        got = self.flags.get(name)
        return default if got is None else got[1]

    @property
    def on_table(self) -> bool:
        return self.status not in ("destroyed", "fled", "out_of_action", "removed")


@dataclass(slots=True)
class Activation:
    unit: str
    side: int
    actions: dict[str, list[ev.ActionTaken]] = field(default_factory=dict)
    order: list[ev.ActionTaken] = field(default_factory=list)

    def taken(self, model: str) -> list[ev.ActionTaken]:
        return self.actions.get(model, [])


@dataclass
class GameState:
    scenario: str
    ruleset: str
    table: tuple[float, float]
    terrain: tuple[Terrain, ...]
    models: dict[str, Model]
    units: dict[str, tuple[str, ...]]
    first_side: int = 1
    max_turns: int | None = None
    seed: int = 0
    turn: int = 0
    next_side: int = 1
    activation: Activation | None = None
    activated: set[str] = field(default_factory=set)
    pending: ev.DecisionRequested | None = None
    damage_by_side: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    game_over: bool = False
    winner: int | str | None = None
    end_reason: str = ""
    events_applied: int = 0
    activation_started_at: int = 0

    def copy(self) -> GameState:
        """A snapshot: containers copied, immutable models shared."""
        act = self.activation
        if act is not None:
            act = Activation(
                act.unit, act.side, {k: list(v) for k, v in act.actions.items()}, list(act.order)
            )
        new = object.__new__(GameState)
        new.__dict__.update(self.__dict__)  # (no slots: copying one dict is the cheap way)
        new.models = dict(self.models)
        new.activation = act
        new.activated = set(self.activated)
        new.damage_by_side = dict(self.damage_by_side)
        return new

    # -- queries -----------------------------------------------------------------------------
    def unit_side(self, unit: str) -> int:
        return self.models[self.units[unit][0]].side

    def models_of(self, unit: str) -> list[Model]:
        return [self.models[n] for n in self.units[unit]]

    def on_table(self, side: int | None = None) -> list[Model]:
        return [m for m in self.models.values() if m.on_table and (side is None or m.side == side)]

    def unit_alive(self, unit: str) -> bool:
        return any(self.models[n].on_table for n in self.units[unit])

    def any_to_activate(self, side: int) -> bool:
        """Whether ``side`` still has a unit to activate this game turn (cheaper than the list)."""
        models = self.models
        for u, names in self.units.items():
            if u in self.activated or models[names[0]].side != side:
                continue
            for n in names:
                if models[n].on_table:
                    return True
        return False

    def units_to_activate(self, side: int) -> list[str]:
        return [
            u
            for u, names in self.units.items()
            if u not in self.activated
            and self.models[names[0]].side == side
            and self.unit_alive(u)
        ]


_MODEL_SLOTS = tuple(f.name for f in dataclasses.fields(Model))


def _replace(state: GameState, name: str, **changes: Any) -> None:
    # dataclasses.replace re-runs __init__ with every field as a keyword; copying the slots
    # of a frozen record by hand is several times faster, and folding is hot.
    old = state.models[name]
    new = object.__new__(Model)
    for slot in _MODEL_SLOTS:
        object.__setattr__(new, slot, changes[slot] if slot in changes else getattr(old, slot))
    state.models[name] = new


# --- apply ----------------------------------------------------------------------------------

Handler = Callable[[GameState, Any], None]
APPLY: dict[type[ev.Event], Handler] = {}


def applies(cls: type[ev.Event]) -> Callable[[Handler], Handler]:
    """Register the state change for an event class (rulesets may add their own)."""

    def wrap(fn: Handler) -> Handler:
        APPLY[cls] = fn
        return fn

    return wrap


def apply(state: GameState, event: ev.Event) -> GameState:
    """Fold one event into ``state`` (in place) and return it."""
    handler = APPLY.get(type(event))
    if handler is not None:
        handler(state, event)
    state.events_applied += 1
    return state


def fold_dicts(state: GameState, events: Iterable[dict[str, Any]]) -> GameState:
    """Fold events in their saved (dict) form without building event objects: the apply
    handlers only read attributes, which a light namespace provides. About three times
    faster than decoding every event first; used to load saves and seek in replays."""
    by_name = {cls.type: (fn, cls._tuple_fields) for cls, fn in APPLY.items() if fn is not _noop}
    for d in events:
        got = by_name.get(d["type"])
        if got is not None:
            handler, tuples = got
            ns = SimpleNamespace(**d)
            for name in tuples:  # saved as JSON lists: make them the tuples events hold
                v = d.get(name)
                if type(v) is list:
                    setattr(ns, name, ev._frozen(v))
            handler(state, ns)
        state.events_applied += 1
    return state


def fold(state: GameState, events: Iterable[ev.Event]) -> GameState:
    for e in events:
        apply(state, e)
    return state


def _noop(state: GameState, event: Any) -> None:
    return None


for _cls in (ev.GameStarted, ev.DiceRolled, ev.RuleApplied):
    APPLY[_cls] = _noop


@applies(ev.TurnStarted)
def _turn_started(s: GameState, e: ev.TurnStarted) -> None:
    s.turn = e.turn
    s.activated = set()
    other = 2 if s.first_side == 1 else 1
    s.next_side = s.first_side if s.any_to_activate(s.first_side) else other
    for name, m in list(s.models.items()):
        if m.flags and any(scope == "turn" for scope, _ in m.flags.values()):
            _replace(s, name, flags={k: v for k, v in m.flags.items() if v[0] != "turn"})


@applies(ev.TurnEnded)
def _turn_ended(s: GameState, e: ev.TurnEnded) -> None:
    s.activation = None


@applies(ev.ActivationStarted)
def _activation_started(s: GameState, e: ev.ActivationStarted) -> None:
    s.activation = Activation(e.unit, e.side)
    s.activated.add(e.unit)
    s.activation_started_at = s.events_applied


@applies(ev.ActivationEnded)
def _activation_ended(s: GameState, e: ev.ActivationEnded) -> None:
    s.activation = None
    other = 2 if e.side == 1 else 1
    s.next_side = other if s.any_to_activate(other) else e.side
    for name, m in list(s.models.items()):
        if m.flags and any(scope == "activation" for scope, _ in m.flags.values()):
            _replace(s, name, flags={k: v for k, v in m.flags.items() if v[0] != "activation"})


@applies(ev.ActionTaken)
def _action_taken(s: GameState, e: ev.ActionTaken) -> None:
    if s.activation is not None:
        s.activation.actions.setdefault(e.model, []).append(e)
        s.activation.order.append(e)


@applies(ev.GameEnded)
def _game_ended(s: GameState, e: ev.GameEnded) -> None:
    s.game_over = True
    s.winner = e.winner
    s.end_reason = e.reason
    s.activation = None
    s.pending = None


@applies(ev.ModelMoved)
def _moved(s: GameState, e: ev.ModelMoved) -> None:
    _replace(s, e.model, x=e.x, y=e.y, facing=e.facing)


@applies(ev.DamageTaken)
def _damage(s: GameState, e: ev.DamageTaken) -> None:
    m = s.models[e.model]
    _replace(s, e.model, damage=m.damage + e.amount)
    # Damage inflicted, for a game decided on points: by an enemy model, or by no model at
    # all (Poison, Burning: conditions enemies cause) counts for the damaged model's foes;
    # damage to a friend (Swing-Through) counts for nobody.
    by = s.models.get(e.by) if e.by is not None else None
    if by is None or by.side != m.side:
        foe = 2 if m.side == 1 else 1
        s.damage_by_side[foe] = s.damage_by_side.get(foe, 0) + e.amount


@applies(ev.Healed)
def _healed(s: GameState, e: ev.Healed) -> None:
    m = s.models[e.model]
    healed = min(e.amount, m.damage)
    _replace(s, e.model, damage=m.damage - healed)
    # a healed point is no longer damage the enemy inflicted and the model kept
    foe = 2 if m.side == 1 else 1
    s.damage_by_side[foe] = max(0, s.damage_by_side.get(foe, 0) - healed)


@applies(ev.StatusChanged)
def _status(s: GameState, e: ev.StatusChanged) -> None:
    _replace(s, e.model, status=e.status)


@applies(ev.ConditionAdded)
def _cond_added(s: GameState, e: ev.ConditionAdded) -> None:
    m = s.models[e.model]
    conds = dict(m.conditions)
    conds[e.condition] = dict(e.data)
    _replace(s, e.model, conditions=conds)


@applies(ev.ConditionRemoved)
def _cond_removed(s: GameState, e: ev.ConditionRemoved) -> None:
    m = s.models[e.model]
    conds = {k: v for k, v in m.conditions.items() if k != e.condition}
    _replace(s, e.model, conditions=conds)


@applies(ev.CounterChanged)
def _counter(s: GameState, e: ev.CounterChanged) -> None:
    m = s.models[e.model]
    counters = dict(m.counters)
    counters[e.counter] = counters.get(e.counter, 0) + e.delta
    _replace(s, e.model, counters=counters)


@applies(ev.FlagSet)
def _flag(s: GameState, e: ev.FlagSet) -> None:
    m = s.models[e.model]
    flags = dict(m.flags)
    if e.value is None:
        flags.pop(e.flag, None)
    else:
        flags[e.flag] = (e.scope, ev._frozen(e.value))  # a saved list reads back as a tuple
    _replace(s, e.model, flags=flags)


@applies(ev.ModelChangedSide)
def _changed_side(s: GameState, e: ev.ModelChangedSide) -> None:
    _replace(
        s,
        e.model,
        side=e.side,
        keywords=frozenset(k.lower() for k in e.keywords),
        rules=tuple(e.rules),
    )


@applies(ev.DecisionRequested)
def _decision_requested(s: GameState, e: ev.DecisionRequested) -> None:
    s.pending = e


@applies(ev.DecisionAnswered)
def _decision_answered(s: GameState, e: ev.DecisionAnswered) -> None:
    s.pending = None

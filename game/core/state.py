"""The game state and the one place it changes: :func:`apply`.

A :class:`Model` is a frozen record; :class:`GameState` is a small mutable container of them
whose fields change only inside :func:`apply`. :meth:`GameState.copy` is shallow (models are
immutable), which makes snapshots for undo and replay seeking cheap.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.core import events as ev
from game.core.files import collector_paused


@dataclass(frozen=True, slots=True)
class Terrain:
    id: str
    kind: str  # obstacle | impassable | area | elevation
    polygon: tuple[tuple[float, float], ...]
    height: float = 0.0
    name: str = ""  # the name players read (the scenario's "name"), or empty

    @property
    def display(self) -> str:
        return self.name or self.id


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
        return self.status not in OFF_TABLE


@dataclass(frozen=True, slots=True)
class Formation:
    """Where a unit in formation stands: the centre of its Unit Boundary, the direction its
    front rank faces and how many models stand side by side in a rank. Rank-and-flank
    rulesets lay their models out from it (``Model.x``/``y`` follow)."""

    x: float
    y: float
    facing: float
    files: int


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit: its models (by name, in the order the scenario numbers them) and the state
    that belongs to the unit as a whole. A skirmish model is a unit of one whose unit-level
    fields stay empty; units in formation carry their :class:`Formation`."""

    id: str
    side: int
    display: str
    models: tuple[str, ...]
    status: str = "active"
    conditions: dict[str, dict[str, Any]] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)
    flags: dict[str, tuple[str, Any]] = field(default_factory=dict)
    formation: Formation | None = None

    def flag(self, name: str, default: Any = None) -> Any:
        got = self.flags.get(name)
        return default if got is None else got[1]

    @property
    def on_table(self) -> bool:
        return self.status not in OFF_TABLE


#: statuses of a model or unit no longer on the table: the words of the rulesets loaded
#: (:attr:`game.core.ruleset.Ruleset.off_table`); the core names none
OFF_TABLE: set[str] = set()


def declare_off_table(statuses: Iterable[str]) -> None:
    """Statuses a ruleset uses for a model or unit that has left the table."""
    OFF_TABLE.update(statuses)


class FlowState:
    """The turn flow's own bookkeeping (who is due, the current activation or phase...),
    kept by the flow a ruleset declares and changed only by the reducers it contributes.
    Subclasses must copy their mutable parts in :meth:`copy`."""

    def copy(self) -> FlowState:
        return self

    def digest(self) -> Any:
        """A comparable summary (to check that folding and re-running agree)."""
        return None


Handler = Callable[["GameState", Any], None]


@dataclass
class GameState:
    """Everything about a game at one moment. ``flow`` is the turn flow's bookkeeping,
    ``book`` the ruleset's own (values are replaced, never changed in place, so a copy of
    the dict is a snapshot); ``handlers`` the state changes of every event type, the core's
    and the ruleset's (:func:`handlers_for`)."""

    scenario: str
    ruleset: str
    table: tuple[float, float]
    terrain: tuple[Terrain, ...]
    models: dict[str, Model]
    units: dict[str, Unit]
    first_side: int = 1
    max_turns: int | None = None
    seed: int = 0
    turn: int = 0
    flow: FlowState = field(default_factory=FlowState)
    book: dict[str, Any] = field(default_factory=dict)
    pending: ev.DecisionRequested | None = None
    #: how to carry on from the pending decision (the engine's ``Resume``; never saved: a save
    #: re-runs its commands)
    resume: Any = field(default=None, repr=False, compare=False)
    game_over: bool = False
    winner: int | str | None = None
    end_reason: str = ""
    events_applied: int = 0
    handlers: Mapping[type[ev.Event], Handler] = field(default_factory=dict, repr=False)
    #: values worked out from the state (a round's strikes...), kept until the next event that
    #: changes the state: rulesets' caches, never saved or compared
    derived: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    #: values worked out from where the models stand and who is on the table (a model's
    #: place, base, status, side and unit; a unit's models, status, side, formation and
    #: :data:`PLACED_FLAGS`)
    #: alone, kept until one of those changes: the state's own record changes
    #: (:func:`move_model`, :func:`replace_model`, :func:`replace_unit`) empty it, so a Wound
    #: counted, a condition or a die leaves it; never saved or compared
    placed: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    #: the models and the units that hold flags (None: not known yet, looked for when
    #: :func:`clear_scope` first needs them), kept up to date by :func:`replace_model` and
    #: :func:`replace_unit`, so that ending a scope looks at those alone: the flows end one at
    #: every activation and phase, mostly when nothing holds a flag at all
    flagged: tuple[frozenset[str], frozenset[str]] | None = field(
        default=None, repr=False, compare=False)

    def copy(self) -> GameState:
        """A snapshot: containers copied, immutable models and units shared."""
        new = object.__new__(GameState)
        new.__dict__.update(self.__dict__)  # (no slots: copying one dict is the cheap way)
        new.models = dict(self.models)
        new.units = dict(self.units)
        new.flow = self.flow.copy()
        new.book = dict(self.book)
        new.derived = {}  # (a copy may be changed by hand, as a what-if: nothing carried over)
        new.placed = {}
        return new

    # -- queries -----------------------------------------------------------------------------
    def unit_side(self, unit: str) -> int:
        return self.units[unit].side

    def models_of(self, unit: str) -> list[Model]:
        return [self.models[n] for n in self.units[unit].models]

    def on_table(self, side: int | None = None) -> list[Model]:
        return [m for m in self.models.values() if m.on_table and (side is None or m.side == side)]

    def unit_alive(self, unit: str) -> bool:
        models = self.models
        return any(models[n].on_table for n in self.units[unit].models)


_MODEL_SLOTS = tuple(f.name for f in dataclasses.fields(Model))
_UNIT_SLOTS = tuple(f.name for f in dataclasses.fields(Unit))
_USET = {slot: getattr(Unit, slot).__set__ for slot in _UNIT_SLOTS}
(_u_id, _u_side, _u_display, _u_models, _u_status, _u_conditions, _u_counters, _u_flags,
 _u_formation) = (_USET[slot] for slot in ("id", "side", "display", "models", "status",
                                            "conditions", "counters", "flags", "formation"))
if len(_USET) != 9:  # pragma: no cover - a new field of Unit must be copied below too
    raise RuntimeError("Unit has new fields: copy them in replace_unit")


# The slots' own setters (a frozen record refuses setattr, not its slot descriptors).
_SET = {slot: getattr(Model, slot).__set__ for slot in _MODEL_SLOTS}
(_set_name, _set_unit, _set_side, _set_x, _set_y, _set_facing, _set_base, _set_stats, _set_rules,
 _set_keywords, _set_display, _set_damage, _set_status, _set_conditions, _set_counters,
 _set_flags, _set_weapons) = (_SET[slot] for slot in (
    "name", "unit", "side", "x", "y", "facing", "base", "stats", "rules", "keywords", "display",
    "damage", "status", "conditions", "counters", "flags", "weapons"))
if len(_SET) != 17:  # pragma: no cover - a new field of Model must be copied below too
    raise RuntimeError("Model has new fields: copy them in _moved_model")


def _moved_model(old: Model, x: float, y: float, facing: float) -> Model:
    # every slot written out: the layout moves every model of a unit at each step, and this
    # is several times faster than a loop over the slots
    new: Model = object.__new__(Model)
    _set_name(new, old.name)
    _set_unit(new, old.unit)
    _set_side(new, old.side)
    _set_x(new, x)
    _set_y(new, y)
    _set_facing(new, facing)
    _set_base(new, old.base)
    _set_stats(new, old.stats)
    _set_rules(new, old.rules)
    _set_keywords(new, old.keywords)
    _set_display(new, old.display)
    _set_damage(new, old.damage)
    _set_status(new, old.status)
    _set_conditions(new, old.conditions)
    _set_counters(new, old.counters)
    _set_flags(new, old.flags)
    _set_weapons(new, old.weapons)
    return new


def _replace(state: GameState, name: str, **changes: Any) -> None:
    # dataclasses.replace re-runs __init__ with every field as a keyword; copying the slots
    # of a frozen record by hand is several times faster, and folding is hot.
    old = state.models[name]
    new = _moved_model(old, old.x, old.y, old.facing)
    for slot, value in changes.items():
        setter = _SET.get(slot)
        if setter is not None:  # (not a field: ignored, as it always was)
            setter(new, value)
    state.models[name] = new
    if state.placed and not _UNPLACED.issuperset(changes):
        state.placed.clear()
    if "flags" in changes and state.flagged is not None:
        state.flagged = (_note_flags(state.flagged[0], name, new.flags), state.flagged[1])


#: the fields of a model that no value kept in ``GameState.placed`` reads (a change of any
#: other field, a new one included, empties it)
_UNPLACED = frozenset({"stats", "rules", "keywords", "display", "damage", "conditions",
                       "counters", "flags", "weapons"})
#: the fields of a unit that no value kept in ``GameState.placed`` reads
_UNIT_UNPLACED = frozenset({"display", "conditions", "counters"})
#: the flags of a unit that values kept in ``GameState.placed`` read: a character's ``joined``
#: (the unit whose formation it stands in). A unit's other flags come and go at every charge,
#: combat and test (a charge declared, moved, fought...), and the values went with them: in
#: a rank-and-flank game, every unit's place was worked out again a third more often
PLACED_FLAGS = frozenset({"joined"})
_UNIT_FLAGGED = _UNIT_UNPLACED | {"flags"}


def _note_flags(flagged: frozenset[str], key: str, flags: Mapping[str, Any]) -> frozenset[str]:
    """``flagged`` with ``key`` in it if it holds ``flags`` now, else without it."""
    if flags:
        return flagged if key in flagged else flagged | {key}
    return flagged - {key} if key in flagged else flagged


def _flagged(state: GameState) -> tuple[frozenset[str], frozenset[str]]:
    got = state.flagged
    if got is None:
        got = state.flagged = (frozenset(n for n, m in state.models.items() if m.flags),
                               frozenset(u for u, rec in state.units.items() if rec.flags))
    return got


def move_model(state: GameState, name: str, x: float, y: float, facing: float) -> None:
    """Replace model ``name`` with a copy standing at ``x``, ``y`` facing ``facing`` (for
    reducers; the same as ``replace_model(state, name, x=x, y=y, facing=facing)``)."""
    state.models[name] = _moved_model(state.models[name], x, y, facing)
    if state.placed:
        state.placed.clear()


def replace_model(state: GameState, name: str, **changes: Any) -> None:
    """Replace model ``name`` with a copy that has ``changes`` (for reducers)."""
    _replace(state, name, **changes)


def replace_unit(state: GameState, unit: str, **changes: Any) -> None:
    """Replace unit ``unit`` with a copy that has ``changes`` (for reducers)."""
    old = state.units[unit]
    new: Unit = object.__new__(Unit)
    # every slot written out through its own setter, as _moved_model does (a unit changes at
    # every casualty, counter, flag and move of a combat)
    _u_id(new, old.id)
    _u_side(new, old.side)
    _u_display(new, old.display)
    _u_models(new, old.models)
    _u_status(new, old.status)
    _u_conditions(new, old.conditions)
    _u_counters(new, old.counters)
    _u_flags(new, old.flags)
    _u_formation(new, old.formation)
    for slot, value in changes.items():
        setter = _USET.get(slot)
        if setter is not None:  # (not a field: ignored, as it always was)
            setter(new, value)
    state.units[unit] = new
    if state.placed and not _UNIT_UNPLACED.issuperset(changes) and (
            not _UNIT_FLAGGED.issuperset(changes)
            or any(old.flags.get(f) != new.flags.get(f) for f in PLACED_FLAGS)):
        state.placed.clear()
    if "flags" in changes and state.flagged is not None:
        state.flagged = (state.flagged[0], _note_flags(state.flagged[1], unit, new.flags))


def clear_scope(state: GameState, scope: str) -> None:
    """Drop the flags of models and units kept until ``scope`` ends (``"activation"``,
    ``"turn"``, ``"phase"``...). The flows call it when one of their scopes ends."""
    models, units = _flagged(state)
    if models:
        for name in [n for n in state.models if n in models]:  # (in the state's order)
            m = state.models[name]
            if any(sc == scope for sc, _ in m.flags.values()):
                _replace(state, name, flags={k: v for k, v in m.flags.items() if v[0] != scope})
    if units:
        for uid in [u for u in state.units if u in units]:
            rec = state.units[uid]
            if any(sc == scope for sc, _ in rec.flags.values()):
                replace_unit(state, uid,
                             flags={k: v for k, v in rec.flags.items() if v[0] != scope})


# --- apply ----------------------------------------------------------------------------------

#: the core's state changes, by event class: the events every ruleset shares
APPLY: dict[type[ev.Event], Handler] = {}


def applies(cls: type[ev.Event]) -> Callable[[Handler], Handler]:
    """Register the core's state change for an event class."""

    def wrap(fn: Handler) -> Handler:
        APPLY[cls] = fn
        return fn

    return wrap


def _chain(first: Handler, then: Handler) -> Handler:
    def both(state: GameState, event: Any) -> None:
        first(state, event)
        then(state, event)

    return both


def handlers_for(extra: Mapping[type[ev.Event], Handler]) -> dict[type[ev.Event], Handler]:
    """The state changes of a ruleset: for an event class the core changes too, ``extra``'s
    (the flow's and the ruleset's own) first, seeing the state as it was, then the core's;
    ``extra`` alone for the others."""
    out = {cls: fn for cls, fn in APPLY.items() if fn is not _noop}
    for cls, fn in extra.items():
        core = out.get(cls)
        out[cls] = fn if core is None else _chain(fn, core)
    return out


def reduce(state: GameState, handler: Handler, event: Any) -> None:
    """Make the state change ``handler`` of ``event``, and empty ``state.derived`` before (a
    reducer must not read values worked out before it) and after (nor leave behind what it
    worked out half way)."""
    derived = state.derived
    if derived:
        derived.clear()
    handler(state, event)
    if derived:
        derived.clear()


def apply(state: GameState, event: ev.Event) -> GameState:
    """Fold one event into ``state`` (in place) and return it."""
    handler = (state.handlers or APPLY).get(type(event))
    if handler is not None:
        reduce(state, handler, event)
    state.events_applied += 1
    return state


def fold_dicts(state: GameState, events: Iterable[dict[str, Any]]) -> GameState:
    """Fold events in their saved (dict) form without building event objects: the apply
    handlers only read attributes, which the dict itself gives (:class:`_Saved`). About three
    times faster than decoding every event first; used to load saves and seek in replays."""
    with collector_paused():
        return _fold_dicts(state, events)


class _Saved:
    """A saved event as the reducers read it: its fields as attributes (its dict, shared)."""


def _fold_dicts(state: GameState, events: Iterable[dict[str, Any]]) -> GameState:
    by_name = {cls.type: (fn, cls._tuple_fields)
               for cls, fn in (state.handlers or APPLY).items() if fn is not _noop}
    for d in events:
        got = by_name.get(d["type"])
        if got is not None:
            handler, tuples = got
            if tuples:  # saved as JSON lists: given as the tuples events hold (on a copy)
                d = dict(d)
                for name in tuples:
                    v = d.get(name)
                    if type(v) is list:
                        d[name] = ev._frozen(v)
            ns = _Saved()
            ns.__dict__ = d  # (no copy: the reducers only read it)
            reduce(state, handler, ns)
        state.events_applied += 1
    return state


def fold(state: GameState, events: Iterable[ev.Event]) -> GameState:
    for e in events:
        apply(state, e)
    return state


def _noop(state: GameState, event: Any) -> None:
    return None


for _cls in (ev.GameStarted, ev.DiceRolled, ev.RuleApplied, ev.TurnEnded,
             ev.ActivationStarted, ev.ActivationEnded, ev.ActionTaken, ev.PlayerTurnStarted,
             ev.PlayerTurnEnded, ev.PhaseStarted, ev.PhaseEnded):
    APPLY[_cls] = _noop


@applies(ev.TurnStarted)
def _turn_started(s: GameState, e: ev.TurnStarted) -> None:
    s.turn = e.turn
    clear_scope(s, "turn")


@applies(ev.GameEnded)
def _game_ended(s: GameState, e: ev.GameEnded) -> None:
    s.game_over = True
    s.winner = e.winner
    s.end_reason = e.reason
    s.pending = None


@applies(ev.ModelMoved)
def _moved(s: GameState, e: ev.ModelMoved) -> None:
    _replace(s, e.model, x=e.x, y=e.y, facing=e.facing)


@applies(ev.DamageTaken)
def _damage(s: GameState, e: ev.DamageTaken) -> None:
    _replace(s, e.model, damage=s.models[e.model].damage + e.amount)


@applies(ev.Healed)
def _healed(s: GameState, e: ev.Healed) -> None:
    m = s.models[e.model]
    _replace(s, e.model, damage=m.damage - min(e.amount, m.damage))


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
    """The model fights for its new side: a unit of one changes side with it; a model that
    leaves a unit of several becomes a unit of its own on the new side."""
    m = s.models[e.model]
    _replace(
        s,
        e.model,
        side=e.side,
        keywords=frozenset(k.lower() for k in e.keywords),
        rules=tuple(e.rules),
    )
    u = s.units.get(m.unit)
    if u is None or u.side == e.side:
        return
    if u.models == (e.model,):
        replace_unit(s, u.id, side=e.side)
        return
    replace_unit(s, u.id, models=tuple(n for n in u.models if n != e.model))
    uid = e.model if e.model not in s.units else f"{e.model} (side {e.side})"
    s.units[uid] = Unit(uid, e.side, m.display or m.name, (e.model,))
    s.placed.clear()
    _replace(s, e.model, unit=uid)


@applies(ev.DecisionRequested)
def _decision_requested(s: GameState, e: ev.DecisionRequested) -> None:
    s.pending = e


@applies(ev.DecisionAnswered)
def _decision_answered(s: GameState, e: ev.DecisionAnswered) -> None:
    s.pending = None


# --- units ----------------------------------------------------------------------------------


@applies(ev.UnitMoved)
def _unit_moved(s: GameState, e: ev.UnitMoved) -> None:
    replace_unit(s, e.unit, formation=Formation(e.x, e.y, e.facing, e.files))


@applies(ev.UnitStatusChanged)
def _unit_status(s: GameState, e: ev.UnitStatusChanged) -> None:
    replace_unit(s, e.unit, status=e.status)
    if e.status in OFF_TABLE:  # the unit's models leave the table with it
        for name in s.units[e.unit].models:
            if s.models[name].on_table:
                _replace(s, name, status=e.status)


@applies(ev.UnitConditionAdded)
def _unit_cond_added(s: GameState, e: ev.UnitConditionAdded) -> None:
    u = s.units[e.unit]
    replace_unit(s, e.unit, conditions={**u.conditions, e.condition: dict(e.data)})


@applies(ev.UnitConditionRemoved)
def _unit_cond_removed(s: GameState, e: ev.UnitConditionRemoved) -> None:
    u = s.units[e.unit]
    replace_unit(s, e.unit, conditions={k: v for k, v in u.conditions.items() if k != e.condition})


@applies(ev.UnitCounterChanged)
def _unit_counter(s: GameState, e: ev.UnitCounterChanged) -> None:
    u = s.units[e.unit]
    replace_unit(s, e.unit, counters={**u.counters, e.counter: u.counters.get(e.counter, 0) + e.delta})


@applies(ev.UnitFlagSet)
def _unit_flag(s: GameState, e: ev.UnitFlagSet) -> None:
    u = s.units[e.unit]
    flags = dict(u.flags)
    if e.value is None:
        flags.pop(e.flag, None)
    else:
        flags[e.flag] = (e.scope, ev._frozen(e.value))
    replace_unit(s, e.unit, flags=flags)

"""Events: the past-tense facts the engine emits.

The game state is nothing but the fold of these events (see :mod:`game.core.state`). Every
event is a frozen dataclass with a snake_case ``type`` name used in saves and in the JSON of
headless play. Rulesets share this vocabulary; a ruleset that needs something new registers
its own event class with :func:`event_type`.

>>> e = DamageTaken(model="orc", amount=1, source="attack", by="elf")
>>> event_to_dict(e, 7)["type"], event_from_dict(event_to_dict(e, 7)) == e
('damage_taken', True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

EVENT_TYPES: dict[str, type[Event]] = {}

#: the decimals a move's position, facing and distance are kept to (a millionth of an inch):
#: rounded once, in the event, a save re-runs to the same events on any platform (the rules'
#: measuring allows for it: :mod:`game.core.measure`)
POSITION_DIGITS = 6


E = TypeVar("E", bound="Event")


def event_type(name: str) -> Callable[[type[E]], type[E]]:
    """Class decorator: register an event class under its snake_case ``name``."""

    def wrap(cls: type[E]) -> type[E]:
        if name in EVENT_TYPES and EVENT_TYPES[name] is not cls:
            raise ValueError(f"event type {name!r} registered twice")
        cls.type = name
        cls._field_names = tuple(f.name for f in dataclasses.fields(cls))
        cls._tuple_fields = tuple(
            f.name for f in dataclasses.fields(cls) if "tuple" in str(f.type)
        )
        for f in dataclasses.fields(cls):
            if f.name in cls._quiet_defaults:
                _DEFAULTS[(cls, f.name)] = f.default
        _fast_init(cls)
        EVENT_TYPES[name] = cls
        return cls

    return wrap


def _fast_init(cls: type) -> None:
    """Give a frozen slotted event class an ``__init__`` that sets each slot through its
    descriptor: the same fields, order and defaults as the dataclass's own, about twice as
    fast (a frozen dataclass sets every field with ``object.__setattr__``; the engine makes
    an event for every die rolled). Classes with ``__post_init__`` or default factories keep
    the dataclass's."""
    fields = dataclasses.fields(cls)
    if "__post_init__" in vars(cls) or not hasattr(cls, "__slots__") or any(
        f.default_factory is not dataclasses.MISSING or not f.init for f in fields
    ):
        return
    ns: dict[str, Any] = {}
    params, body = [], []
    for i, f in enumerate(fields):
        ns[f"_s{i}"] = getattr(cls, f.name).__set__
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            ns[f"_d{i}"] = f.default
            params.append(f"{f.name}=_d{i}")
        body.append(f"    _s{i}(self, {f.name})\n")
    src = f"def __init__(self, {', '.join(params)}):\n" + ("".join(body) or "    pass\n")
    exec(src, ns)  # noqa: S102 - code built from the class's own field names
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = vars(cls).get("__init__", init).__doc__
    cls.__init__ = init  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. Subclasses are registered with :func:`event_type`."""

    type: ClassVar[str] = "event"
    _field_names: ClassVar[tuple[str, ...]] = ()
    _tuple_fields: ClassVar[tuple[str, ...]] = ()
    #: fields added after the first saves: left out of the dict form while they hold their
    #: default, so older saves and the JSON of rulesets that never use them stay unchanged
    _quiet_defaults: ClassVar[tuple[str, ...]] = ()


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def event_to_dict(event: Event, seq: int | None = None) -> dict[str, Any]:
    """The JSON-ready form: ``seq`` (when given), ``type``, then the event's fields."""
    out: dict[str, Any] = {} if seq is None else {"seq": seq}
    out["type"] = event.type
    quiet = event._quiet_defaults
    for name in event._field_names:
        value = getattr(event, name)
        if name in quiet and value == _DEFAULTS[(type(event), name)]:
            continue
        out[name] = _plain(value)
    return out


_DEFAULTS: dict[tuple[type, str], Any] = {}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from :func:`event_to_dict` output. Raises ``ValueError`` when the type
    is unknown or the fields do not fit."""
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown event type {kind!r}")
    kw = dict(data)
    del kw["type"]
    kw.pop("seq", None)
    for name in cls._tuple_fields:
        v = kw.get(name)
        if type(v) is list:
            kw[name] = _frozen(v)
    try:
        return cls(**kw)
    except TypeError as exc:
        raise ValueError(f"event {kind!r} does not fit: {exc}") from None


# --- game flow ----------------------------------------------------------------------------


@event_type("game_started")
@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    scenario: str
    ruleset: str
    seed: int


@event_type("turn_started")
@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    turn: int


@event_type("turn_ended")
@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    turn: int


@event_type("activation_started")
@dataclass(frozen=True, slots=True)
class ActivationStarted(Event):
    unit: str
    side: int


@event_type("activation_ended")
@dataclass(frozen=True, slots=True)
class ActivationEnded(Event):
    unit: str
    side: int


@event_type("action_taken")
@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A model spent an action (``move``, ``charge``, ``fight``, ``focus``...). ``free`` actions
    (granted by special rules) do not count toward the model's allowance."""

    model: str
    action: str
    target: str | None = None
    free: bool = False


@event_type("player_turn_started")
@dataclass(frozen=True, slots=True)
class PlayerTurnStarted(Event):
    """Side ``side`` starts its player turn (rulesets whose turns are made of phases)."""

    side: int


@event_type("player_turn_ended")
@dataclass(frozen=True, slots=True)
class PlayerTurnEnded(Event):
    side: int


@event_type("phase_started")
@dataclass(frozen=True, slots=True)
class PhaseStarted(Event):
    """A phase of ``side``'s player turn begins (``movement``, ``combat``...)."""

    side: int
    phase: str


@event_type("phase_ended")
@dataclass(frozen=True, slots=True)
class PhaseEnded(Event):
    side: int
    phase: str


@event_type("phase_step")
@dataclass(frozen=True, slots=True)
class PhaseStep(Event):
    """A step inside the current phase begins (the movement phase's charge moves...)."""

    side: int
    phase: str
    step: str


@event_type("game_ended")
@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    winner: int | str | None  # a side, "draw"
    reason: str


# --- dice and explanations ------------------------------------------------------------------


@event_type("dice_rolled")
@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """One roll. ``faces`` are the natural results of every die thrown; ``kept`` those that
    count (pools that keep the highest or lowest); ``modifiers`` are ``(source, value)``
    pairs; ``total`` is kept dice plus modifiers; ``outcome`` is worded by the ruleset
    (``hit``, ``miss``, ``pass``, ``fail``, ``success``, ``critical``...).
    ``dice_modifiers`` are ``(source, dice)`` pairs for pools whose size changes (a ruleset's
    bonus and penalty dice): they decide how many dice are thrown and which are kept, and
    are not added to the total."""

    _quiet_defaults: ClassVar[tuple[str, ...]] = ("dice_modifiers",)

    purpose: str
    model: str | None
    die: str
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    modifiers: tuple[tuple[str, int], ...]
    total: int
    target: int | None
    outcome: str
    against: str | None = None
    dice_modifiers: tuple[tuple[str, int], ...] = ()


@event_type("rule_applied")
@dataclass(frozen=True, slots=True)
class RuleApplied(Event):
    """A special rule (or core rule) did something; ``detail`` says what, in words."""

    rule: str
    model: str | None
    detail: str
    target: str | None = None


# --- models ---------------------------------------------------------------------------------


@event_type("model_moved")
@dataclass(frozen=True, slots=True)
class ModelMoved(Event):
    """A model's new place. ``via``: the points its centre passed on the way when it did not
    go straight (a charge around an obstacle); ``distance`` is then the length of that path."""

    _quiet_defaults: ClassVar[tuple[str, ...]] = ("via",)

    model: str
    x: float
    y: float
    facing: float
    distance: float
    reason: str = "move"
    via: tuple[tuple[float, float], ...] = ()

    def __post_init__(self) -> None:
        # Positions come out of trigonometry and geometry searches whose last bits can differ
        # between platforms and library versions; rounded here, once, a save re-runs to the
        # same events anywhere (a millionth of an inch is far below the contact tolerance).
        for name in ("x", "y", "facing", "distance"):
            object.__setattr__(self, name, round(float(getattr(self, name)), POSITION_DIGITS))
        if self.via:
            object.__setattr__(self, "via", tuple((round(float(px), POSITION_DIGITS),
                                                  round(float(py), POSITION_DIGITS))
                                                  for px, py in self.via))


@event_type("damage_taken")
@dataclass(frozen=True, slots=True)
class DamageTaken(Event):
    """``amount`` points of damage (damage tracks lost, wounds...) kept by ``model``."""

    model: str
    amount: int
    source: str
    by: str | None = None


@event_type("healed")
@dataclass(frozen=True, slots=True)
class Healed(Event):
    model: str
    amount: int
    source: str


@event_type("status_changed")
@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    """``active``, ``destroyed``, ``fled``, ``down``, ``out_of_action``..."""

    model: str
    status: str
    reason: str
    by: str | None = None


@event_type("condition_added")
@dataclass(frozen=True, slots=True)
class ConditionAdded(Event):
    """``data`` holds what the condition needs to expire (e.g. the turn it was gained)."""

    model: str
    condition: str
    source: str
    data: tuple[tuple[str, Any], ...] = ()


@event_type("condition_removed")
@dataclass(frozen=True, slots=True)
class ConditionRemoved(Event):
    model: str
    condition: str
    reason: str


@event_type("counter_changed")
@dataclass(frozen=True, slots=True)
class CounterChanged(Event):
    """A per-model counter (blood markers, blessing markers...) changed by ``delta``."""

    model: str
    counter: str
    delta: int
    reason: str


@event_type("model_changed_side")
@dataclass(frozen=True, slots=True)
class ModelChangedSide(Event):
    """The model now fights for ``side`` with these keywords and special rules."""

    model: str
    side: int
    keywords: tuple[str, ...]
    rules: tuple[str, ...]
    reason: str


@event_type("flag_set")
@dataclass(frozen=True, slots=True)
class FlagSet(Event):
    """A ruleset bookkeeping fact kept until the scope ends (``activation``, ``turn`` or
    ``game``): "Vicious check used", "Weaponmaster re-roll used", "stood up"..."""

    model: str
    flag: str
    scope: str
    value: Any = True


# --- units ----------------------------------------------------------------------------------


@event_type("unit_moved")
@dataclass(frozen=True, slots=True)
class UnitMoved(Event):
    """A unit in formation now stands with the centre of its Unit Boundary at ``x``, ``y``,
    facing ``facing``, ``files`` models wide: a move, wheel, reform, charge, flee... of the
    whole unit is one event. ``distance`` is what the move cost, in inches."""

    unit: str
    x: float
    y: float
    facing: float
    files: int
    distance: float
    reason: str = "move"

    def __post_init__(self) -> None:
        for name in ("x", "y", "facing", "distance"):  # (see ModelMoved)
            object.__setattr__(self, name, round(float(getattr(self, name)), POSITION_DIGITS))


@event_type("unit_status_changed")
@dataclass(frozen=True, slots=True)
class UnitStatusChanged(Event):
    """``active``, ``fleeing``, ``fled``, ``destroyed``..."""

    unit: str
    status: str
    reason: str
    by: str | None = None


@event_type("casualties_removed")
@dataclass(frozen=True, slots=True)
class CasualtiesRemoved(Event):
    """Models of a unit in formation removed as casualties (from its rear rank)."""

    unit: str
    models: tuple[str, ...]
    reason: str


@event_type("unit_condition_added")
@dataclass(frozen=True, slots=True)
class UnitConditionAdded(Event):
    unit: str
    condition: str
    source: str
    data: tuple[tuple[str, Any], ...] = ()


@event_type("unit_condition_removed")
@dataclass(frozen=True, slots=True)
class UnitConditionRemoved(Event):
    unit: str
    condition: str
    reason: str


@event_type("unit_counter_changed")
@dataclass(frozen=True, slots=True)
class UnitCounterChanged(Event):
    """A per-unit counter (wounds taken, wounds carried over...) changed by ``delta``."""

    unit: str
    counter: str
    delta: int
    reason: str


@event_type("unit_flag_set")
@dataclass(frozen=True, slots=True)
class UnitFlagSet(Event):
    """A unit's bookkeeping fact kept until the scope ends (``phase``, ``turn``, ``game``...)."""

    unit: str
    flag: str
    scope: str
    value: Any = True


# --- decisions ------------------------------------------------------------------------------


@event_type("decision_requested")
@dataclass(frozen=True, slots=True)
class DecisionRequested(Event):
    decision_id: str
    kind: str
    model: str | None
    side: int | None
    question: str
    options: tuple[Any, ...]
    default: Any


@event_type("decision_answered")
@dataclass(frozen=True, slots=True)
class DecisionAnswered(Event):
    decision_id: str
    answer: Any
    by_default: bool = False


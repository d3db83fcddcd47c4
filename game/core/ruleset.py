"""What a rule system provides to the engine and the window, and the registry that finds one
by id.

A ruleset turns a validated scenario into the starting :class:`~game.core.state.GameState`,
and handles commands as generators: each ``yield`` gives the engine an event (applied to the
state at once, so the generator sees its effect) or an :class:`~game.core.decisions.Ask`
(the engine pauses until the answer arrives, which the ``yield`` then returns). A ruleset
refuses a command by raising :class:`~game.core.errors.Refused` before yielding anything.

:class:`Ruleset` is the whole boundary: the engine, the command line and the window use
nothing else of a ruleset (no module names, no ``getattr``). Besides the rules it declares
what players see of it as plain data: its special rules and conditions with their
descriptions (:class:`RuleInfo`, :class:`ConditionInfo`), its action buttons
(:class:`UIAction`) and its turn structure (:class:`FlowInfo`).
"""

from __future__ import annotations

import itertools
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from game.core import events as ev
from game.core.commands import Answer, Command, Order
from game.core.decisions import Ask

if TYPE_CHECKING:
    from game.core.engine import Context
    from game.core.scenario import Scenario
from game.core.state import GameState, Handler, Model, declare_off_table

Step = Generator[ev.Event | Ask, Any, Any]


# --- what players see of a ruleset -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuleInfo:
    """A special rule as players read about it: its name as written in profiles, a one-line
    summary and a fuller description (both in plain words, for tooltips, the help screen and
    ``run.py rules``). ``takes_param``: written with a value in brackets, ``Impact Hits (D3)``."""

    name: str
    summary: str
    description: str
    takes_param: bool = False


#: kinds of a unit key the scenario editor offers (:class:`UnitField`)
TEXT = "text"  # free text
WHOLE = "whole"  # a whole number
CHOICE = "choice"  # one of the field's choices
CHOICES = "choices"  # a list of the field's choices (each at most once)
UNIT = "unit"  # the id of another unit (a character joining a unit)
ITEMS = "items"  # a list of values written as in the file, one per line (a list of tables)
FIELD_KINDS = (TEXT, WHOLE, CHOICE, CHOICES, UNIT, ITEMS)


@dataclass(frozen=True, slots=True)
class UnitField:
    """A key of a unit's table that the ruleset takes besides the common ones (``id``,
    ``side``, ``name``, where it stands, ``base``, ``models``, ``files``, ``stats``,
    ``rules``, ``keywords``, ``weapons``), as the scenario editor offers it: its ``label``,
    its ``kind`` (:data:`TEXT`, :data:`WHOLE`, :data:`CHOICE`, :data:`CHOICES`,
    :data:`UNIT`, :data:`ITEMS`), the ``choices`` of a choice, what a new unit gets
    (``default``; None: the key is left out) and a ``tip`` in players' words. A field left
    empty in the editor is left out of the file."""

    key: str
    label: str
    kind: str = TEXT
    choices: tuple[str, ...] = ()
    default: Any = None
    tip: str = ""

    def __post_init__(self) -> None:
        if self.kind not in FIELD_KINDS:
            raise ValueError(f"UnitField {self.key!r}: kind must be one of {FIELD_KINDS}, got {self.kind!r}")


#: tones of what the window shows about a model (colours of badges and notes on the table)
BAD = "bad"  # hurts the model (Shaken, Down, damage, a failed roll)
GOOD = "good"  # helps it (Inspired, a success)
INFO = "info"  # neither (markers, a die result)


@dataclass(frozen=True, slots=True)
class ConditionInfo:
    """A condition or state a model or unit can be in (Shaken, Down, Disrupted...).
    ``short``: its badge on the table (one or two letters; the label's first letter when
    empty); ``tone``: :data:`BAD`, :data:`GOOD` or :data:`INFO`."""

    name: str
    label: str
    description: str
    short: str = ""
    tone: str = BAD


@dataclass(frozen=True, slots=True)
class Mark:
    """Something shown about a model on its card and as a badge by its base: a condition, a
    status (Down), markers it holds. ``short`` is the badge's text (a letter, a number)."""

    key: str
    label: str
    short: str
    description: str
    tone: str = INFO


@dataclass(frozen=True, slots=True)
class StatTable:
    """A model's stats as its card shows them: column names, rows of (row label, values),
    and the row in use (highlighted; None when there is one row only). ``row_title`` heads
    the row labels (empty: no label column)."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    current: int | None = None
    row_title: str = ""


@dataclass(frozen=True, slots=True)
class TableNote:
    """A few words floating up at a model on the table as an event happens (a die result,
    damage taken), in step with the log."""

    model: str
    text: str
    tone: str = INFO
    #: what came of it (damage, a model down or destroyed, a combat's result): the window
    #: shows it first and longest, the rolls that led to it after it
    result: bool = False


@dataclass(frozen=True, slots=True)
class PartInfo:
    """One part of a multipart model (rider and mount, crew and chassis) for the unit card:
    its name, its own characteristics in order, and its rules (the model's included)."""

    name: str
    stats: tuple[tuple[str, int], ...]
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LadderRung:
    """One group of attacks of a combat on its Initiative Step ladder: the step (highest
    first), the unit (or character) striking, who strikes (a part's name, or the unit's), what
    (``close combat`` or a Special Attack's name), how many (attacks, or models making a Special
    Attack) and the enemy unit aimed at."""

    step: int
    unit: str
    who: str
    kind: str
    count: int
    target: str


#: what an action needs from the player before its order can be sent
NONE = "none"  # nothing: the button sends the order at once
POINT = "point"  # a point on the table: the order's "to"
ENEMY = "enemy"  # an enemy model: the order's "target"
FACING = "facing"  # a direction: the order's "to" is where the model stands, "facing" points
#                    at the place clicked (turning in place, where the ruleset allows it)
NEEDS = (NONE, POINT, ENEMY, FACING)


@dataclass(frozen=True, slots=True)
class UIAction:
    """One action button of the window, as plain data (no pygame).

    ``name`` identifies the button (unique); ``order`` is the order's ``do`` (``name`` when
    empty); ``args`` are keys the order always carries, which is how an option of an action
    is a button of its own (``Diving Charge``: ``charge`` with ``dive = true``). ``hotkey``
    is a key name (``"g"``) or empty; ``short`` is the button's text when ``label`` (used in
    the status line: "Click to <label> ...") is too long for a button. With ``needs = ENEMY``
    and ``direct``, the button acts at once on the one enemy the engine accepts (a Fight in
    base contact) and is open only when there is one; without ``direct`` the next click on an
    enemy chooses the target. ``confirm``: a question the window asks first (an order that
    cannot be taken back lightly).
    """

    name: str
    label: str
    hotkey: str = ""
    needs: str = NONE
    tip: str = ""
    order: str = ""
    args: tuple[tuple[str, Any], ...] = ()
    direct: bool = False
    short: str = ""
    confirm: str = ""  # a question the window asks before sending the order ("End the turn?")

    def __post_init__(self) -> None:
        if self.needs not in NEEDS:
            raise ValueError(f"UIAction {self.name!r}: needs must be one of {NEEDS}, got {self.needs!r}")

    @property
    def do(self) -> str:
        return self.order or self.name

    @property
    def button_text(self) -> str:
        text = self.short or self.label
        return f"{text} ({self.hotkey.upper()})" if self.hotkey else text


#: the two shapes of turn a ruleset can declare
ALTERNATING = "alternating"  # the sides take turns activating one unit at a time
PHASES = "phases"  # each side plays a whole player turn made of phases


@dataclass(frozen=True, slots=True)
class FlowInfo:
    """The turn structure a ruleset declares: ``kind`` (:data:`ALTERNATING` or
    :data:`PHASES`), the phases of a player turn in order (empty for alternating
    activations), and the flow orders it takes besides the units' actions."""

    kind: str
    phases: tuple[str, ...] = ()
    flow_orders: tuple[str, ...] = ()


Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Outline:
    """A unit in formation as the window draws it: its Unit Boundary's corners (front-left,
    front-right, rear-right, rear-left as the unit sees them), its side and its name."""

    unit: str
    side: int
    label: str
    corners: tuple[Point, Point, Point, Point]


@dataclass(frozen=True, slots=True)
class Handle:
    """A place on the table a player may grab to move a unit by dragging (a wheel handle at a
    front corner of a unit in formation): its name (given back to :meth:`Ruleset.drag_order`),
    where it is, and its kind ("wheel")."""

    name: str
    x: float
    y: float
    kind: str


@dataclass(frozen=True, slots=True)
class ChargeZone:
    """What a unit could charge, for the window to show before a charge is declared: its
    front arc (a polygon, clipped to the table) and the farthest it could reach (inches from
    its front edge), with the reach it gets on an average roll."""

    unit: str
    arc: tuple[Point, ...]
    reach: float
    likely: float


@dataclass(frozen=True, slots=True)
class ShotView:
    """What a unit could shoot, for the window to show before a shot is given: its range bands
    (each a label and a polygon clipped to the table, the farthest first: "range 24\"", "half
    range 12\""); and, toward an enemy unit, the sight lines of its files (from, to, clear),
    what a shot there would be or why it cannot be made (``note``, ``ok``), and the chance that
    the shot makes the target fail a Panic test (None when it cannot be worked out exactly)."""

    unit: str
    bands: tuple[tuple[str, tuple[Point, ...]], ...]
    target: str | None = None
    lines: tuple[tuple[Point, Point, bool], ...] = ()
    note: str = ""
    ok: bool = False
    panic: float | None = None


# --- what the AI and the odds are given ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Candidate:
    """A command worth trying: ``kind`` says what it is for the explanation (``"fight"``,
    ``"charge"``, ``"move"``, ``"answer"``, ``"end"``, or the action's name), ``unit`` the
    model or unit it is for, ``target`` the enemy it acts on, ``note`` a few words for a move
    (``"toward Elf Blademaster"``, ``"into cover"``). ``shorter``: the same command cut short,
    longest first, each tried in turn when the rules refuse the one before (a move toward an
    enemy that would end too near it, or cost more than the unit may move: the advisor offers
    the way, the rules say how far along it the unit may go); one given as a candidate of its
    own is something else tried in its stead, with its own words (a reform "to face" the
    enemy when no step toward it is allowed). ``goes_at``: a move that goes at the enemy
    ``target`` (straight at it, or round what stands in the way), as against one that keeps
    its distance, falls back or takes cover; the AI says what it feared only of a move that
    does not (its words in ``note`` are for players, not for the AI to read)."""

    command: Command
    kind: str
    unit: str | None = None
    target: str | None = None
    note: str = ""
    shorter: tuple[Command | Candidate, ...] = ()
    goes_at: bool = False


@dataclass(frozen=True, slots=True)
class Threat:
    """An attack a side could make in its next turn or activation, as the AI weighs it:
    ``attacker`` and ``target`` are units (a model's unit in the skirmish rulesets),
    ``chance`` that the attack comes off (a charge reaches, a target is in range),
    ``edge`` how much worse than an attack on its front it is for the target (a flank or rear
    charge), ``kind`` what it is ("charge", "fight", "shoot"), ``facing`` the facing of the
    target it hits, in players' words ("front", "flank", "rear"; "" when it has none), and
    ``declared`` whether it is under way (a charge declared this turn, not yet moved, or the
    next round of a combat the units are locked in) rather than one the side could make, and
    ``share``, when the ruleset knows it, the share of the target the attack would take on
    average (a shot: its expected wounds over those the target has left); such an attack costs
    the attacker nothing back. ``harm`` is the share of the attacker's blows that could wound
    the target at all (below 1 where the target is Ethereal and only some of the attacker's
    blows are magical; 0 where none are). ``odds``, when the ruleset can tell, is the attacker's
    share of the fight: what its blows (and ranks) bring to a round of combat against the
    target, over what both sides' bring (None: the two units' worths stand in for it)."""

    attacker: str
    target: str
    chance: float
    edge: float = 1.0
    kind: str = "charge"
    facing: str = ""
    declared: bool = False
    share: float | None = None
    harm: float = 1.0
    odds: float | None = None


class SampledCandidates(list[Candidate]):
    """What :meth:`Ruleset.candidates` returns in a battle too big to offer every unit's
    commands: those of ``units`` of the ``of`` units that could act now (the nearest to the
    enemy, and a few more at random). The AI says so when it explains its choice."""

    def __init__(self, items: list[Candidate], units: int, of: int) -> None:
        super().__init__(items)
        self.units = units
        self.of = of


def answer_candidates(pending: ev.DecisionRequested) -> list[Candidate]:
    """The answers worth trying for a pending decision: each of its choices, or its default
    when it takes an open answer."""
    options = list(pending.options) if pending.options else [pending.default]
    return [Candidate(Answer(o), "answer", pending.model) for o in options]


@dataclass(frozen=True, slots=True)
class DicePool:
    """``dice`` dice of ``sides`` sides thrown at once; each die showing a face in
    ``hit_faces`` does ``damage`` to ``victim`` (a unit). A die that is only the first of a
    chain of rolls (a shot: to hit, to wound, a save) gives instead the ``chance`` that the
    whole chain ends in ``damage`` (``hit_faces`` is then not used)."""

    dice: int
    sides: int
    hit_faces: tuple[int, ...]
    victim: str
    damage: int = 1
    chance: Fraction | None = None


@dataclass(frozen=True, slots=True)
class PoolOdds:
    r"""A command that comes down to independent :class:`DicePool`\ s. ``actor`` and
    ``target`` are units; ``room`` is the damage each can still take before it is destroyed
    (damage beyond it is not counted)."""

    actor: str
    target: str
    pools: tuple[DicePool, ...]
    room: Mapping[str, int]


# --- counting the successes of a saved roll ---------------------------------------------------

#: what the successes of a roll are (:class:`RollCount`), as a battle report's luck graph groups
#: them: dice that hit, that wound, that save, Break tests passed, other tests passed
HITS = "hits"
WOUNDS = "wounds"
SAVES = "saves"
BREAK_TESTS = "break tests"
TESTS = "tests"
ROLL_KINDS = (HITS, WOUNDS, SAVES, BREAK_TESTS, TESTS)


@dataclass(frozen=True, slots=True)
class RollCount:
    """The successes of one saved roll, counted by its ruleset's own rule: ``kind`` (one of
    :data:`ROLL_KINDS`), ``got`` the successes its dice gave, and ``chances`` the chance of
    each success it could have given, for the same dice thrown at the same target (one per
    die for dice counted one by one, one for a test that the dice pass together). What was
    expected of the roll is the sum of its chances."""

    kind: str
    got: int
    chances: tuple[float, ...]

    @property
    def expected(self) -> float:
        return sum(self.chances)


def count_each(kind: str, faces: Sequence[int], sides: int,
               success: Callable[[int], bool]) -> RollCount:
    """A roll whose dice count one by one: each face for which ``success`` holds is one."""
    p = sum(1 for f in range(1, sides + 1) if success(f)) / sides
    return RollCount(kind, sum(1 for f in faces if success(f)), (p,) * len(faces))


@lru_cache(maxsize=4096)
def _chance_of(n: int, sides: int, success: Callable[..., bool], args: tuple[Any, ...]) -> float:
    ways = sum(1 for c in itertools.product(range(1, sides + 1), repeat=n) if success(c, *args))
    return float(ways / sides**n)


def count_together(kind: str, faces: Sequence[int], sides: int,
                   success: Callable[..., bool], *args: Any) -> RollCount:
    """A roll whose dice pass or fail together (a test): one success when
    ``success(faces, *args)`` holds for the faces thrown (``args``: the roll's numbers it
    compares with, such as its target); its chance over every way the same dice could fall
    (worked out once for the same dice, rule and numbers)."""
    chance = _chance_of(len(faces), sides, success, tuple(args))
    return RollCount(kind, 1 if success(tuple(faces), *args) else 0, (chance,))


# --- the boundary ----------------------------------------------------------------------------


R = TypeVar("R", bound="Ruleset")


class Facet(Generic[R]):
    """One side of a rule system that is not its rules proper: it reads the game through the
    ruleset it belongs to (``self.ruleset``) and never changes it."""

    def __init__(self, ruleset: R) -> None:
        self.ruleset = ruleset


class Presenter(Facet[R], ABC):
    """What the window, the log and the reports show of a game in this rule system: the log's
    sentences, cards, badges, buttons, ghosts, notes and the status line, all in players'
    words. The window reads a ruleset only through its rules and this (``Ruleset.presenter``);
    the defaults suit a ruleset that shows nothing of its own."""

    @abstractmethod
    def describe(self, state: GameState, event: ev.Event) -> str | None:
        """A line for the dice and rules log, or None for events not worth a line."""

    def combat_begins(self, event: ev.Event) -> bool:
        """Whether ``event`` opens a combat in the log (a battle report lists each combat
        with its dice and rules, from this event to the next combat or to the end of its
        activation or phase). The default: a model declares a fight."""
        return isinstance(event, ev.ActionTaken) and (
            event.action == "fight" or event.action.startswith("fight:"))

    def ui_actions(self) -> tuple[UIAction, ...]:
        """The action buttons of the window, in order (the flow orders excluded)."""
        return ()

    def unit_parts(self, state: GameState, unit: str) -> tuple[PartInfo, ...]:
        """The parts of the unit's models, each with its own profile (empty: one-part models
        whose profile is the models' stats)."""
        return ()

    def initiative_ladder(self, state: GameState, unit: str) -> tuple[LadderRung, ...]:
        """The combat the unit is in, as it would be fought now: every group of attacks on its
        step, highest first (empty when the unit is in no combat or the ruleset has no steps)."""
        return ()

    def units_ready(self, state: GameState) -> list[str]:
        """The units of the side that acts now which may still be given orders."""
        return []

    def status_text(self, state: GameState) -> str:
        """One line saying where the game stands (turn, phase, who acts), for the window."""
        return f"Game turn {state.turn}"

    def score_text(self, state: GameState) -> str:
        """One line on the score (for the result screen), or empty."""
        return ""

    def flow_actions(self) -> tuple[UIAction, ...]:
        """The buttons of the flow orders (End activation, End turn, End phase...), after
        the action buttons; the first is also the Enter key."""
        return ()

    def flow_action_open(self, state: GameState, name: str) -> bool:
        """Whether the flow order of button ``name`` may be given now."""
        return not state.game_over

    def model_rules(self, state: GameState, model: Model) -> tuple[tuple[str, RuleInfo | None], ...]:
        """The special rules a model's card lists: each as written, with what players read
        about it (None when the ruleset has no words for it)."""
        known = self.ruleset.rules()
        return tuple((r, known.get(r.split("(", 1)[0].strip().lower())) for r in model.rules)

    def marks(self, state: GameState, model: Model) -> tuple[Mark, ...]:
        """What the card and the badges by its base show about a model besides its stats:
        its conditions and a status other than active. Rulesets add their markers."""
        known = self.ruleset.conditions()
        out = []
        for name in (*([model.status] if model.status != "active" else []), *sorted(model.conditions)):
            info = known.get(name)
            label = info.label if info else name.replace("_", " ").capitalize()
            short = info.short if info is not None and info.short else label[:1].upper()
            out.append(Mark(name, label, short, info.description if info else "",
                            info.tone if info else BAD))
        return tuple(out)

    def stat_table(self, model: Model) -> StatTable:
        """The model's stats for its card: one row, or one row per value when a stat has
        several (the row the model uses highlighted)."""
        keys = tuple(model.stats)
        n = max((len(model.stats[k]) for k in keys), default=1)
        rows = tuple((str(i + 1) if n > 1 else "", tuple(str(model.stat(k, i)) for k in keys))
                     for i in range(n))
        return StatTable(keys, rows, min(model.damage, n - 1) if n > 1 else None)

    def card_notes(self, state: GameState, model: Model) -> tuple[str, ...]:
        """More lines for a model's card (its weapons, what it did this activation...)."""
        return ()

    def wounds(self, model: Model) -> tuple[int, int] | None:
        """(damage taken, the most it can take) for the pips by its base, or None."""
        return None

    def move_allowance(self, state: GameState, model: Model) -> float | None:
        """How far the model may move now, in inches (the move ghost's "of N"), or None."""
        return None

    def ui_order(self, state: GameState, action: UIAction, actor: str, target: str | None = None,
                 point: Point | None = None, face: bool = False) -> Order:
        """The order a window gesture makes: ``action`` for the model ``actor`` (the model
        clicked), at the model ``target`` (ENEMY), to the table ``point`` (POINT; ``face``: turn
        to face the way), or facing ``point`` (FACING). The default orders models by name with
        the contract's ``target``, ``to`` and ``facing``; rulesets whose orders name units or
        take other keys (a move's path) override it."""
        if action.needs == ENEMY:
            return Order(action.do, actor, (("target", target), *action.args))
        m = state.models[actor]
        if action.needs == FACING and point is not None:
            facing = _facing_toward(m.x, m.y, point[0], point[1])
            return Order(action.do, actor, (("to", (m.x, m.y)), ("facing", round(facing, 1)),
                                            *action.args))
        if action.needs == POINT and point is not None:
            x, y = round(point[0], 2), round(point[1], 2)
            args: list[tuple[str, Any]] = [("to", (x, y))]
            if face and (x, y) != (m.x, m.y):
                args.append(("facing", round(_facing_toward(m.x, m.y, x, y), 1)))
            return Order(action.do, actor, (*args, *action.args))
        return Order(action.do, actor, action.args)

    def outlines(self, state: GameState) -> tuple[Outline, ...]:
        """The Unit Boundaries to draw (units in formation), or none."""
        return ()

    def outline_after(self, state: GameState, event: ev.Event) -> Outline | None:
        """Where a unit's boundary stands after ``event`` (a move shown as a ghost), or None."""
        return None

    def order_outline(self, state: GameState, order: Order) -> Outline | None:
        """Where the unit of a move order would stand if the move were allowed (the ghost of a
        refused move shows where it was asked to go), or None."""
        return None

    def charge_zone(self, state: GameState, actor: str) -> ChargeZone | None:
        """The front arc and reach of the unit of model ``actor``, when it could charge."""
        return None

    def shot_view(self, state: GameState, actor: str, target: str | None = None) -> ShotView | None:
        """The range bands of the unit of model ``actor`` when it may shoot in this player
        turn, and toward ``target`` (a model or unit) its sight, cover and odds (see
        :class:`ShotView`); None when it cannot shoot."""
        return None

    def handles(self, state: GameState, actor: str) -> tuple[Handle, ...]:
        """The handles the window offers to drag the unit of model ``actor`` by (none: its
        models are dragged themselves)."""
        return ()

    def drag_order(self, state: GameState, action: UIAction, actor: str, handle: str,
                   start: Point, point: Point) -> Order | None:
        """The order of dragging the unit of ``actor`` by ``handle`` (a :class:`Handle`'s name,
        or ``"body"``: the unit itself) from ``start`` to ``point``; None when the drag asks
        for nothing."""
        return None

    def bumps(self, state: GameState, order: Order) -> tuple[str, ...]:
        """The units and terrain pieces (ids) a move order would run into or end too close to,
        for the window to show; none by default."""
        return ()

    def order_words(self, state: GameState, order: Order) -> str:
        """An order in a player's words for a ghost's label ('wheel 24° right, forward 3"'),
        or empty."""
        return ""

    def charge_end(self, state: GameState, actor: str, target: str) -> Outline | None:
        """Where the unit of ``actor`` would stand if its charge at ``target`` reached (for a
        ruleset whose charges move later than they are declared), or None."""
        return None

    def table_note(self, state: GameState, event: ev.Event) -> TableNote | None:
        """What floats up at a model as ``event`` happens (a die result, damage), or None."""
        from game.core.log import table_note

        return table_note(state, event, self.ruleset.conditions())


def wins_by(lead: float, need: float) -> bool:
    """Whether a lead on the score that decides a game wins it, where a side must be ``need``
    ahead (a ruleset's victory margin; 0: any lead): ahead at all, and by at least ``need``.
    Rank and flank's result (a win by the victory margin) and the AI's evaluation ask this."""
    return lead > 0 and lead >= need


class Advisor(Facet[R]):
    """What the rule system tells the AI, the odds and the simulations
    (``Ruleset.advisor``): the commands worth trying, what a unit is worth, the score that
    decides the game, the dice pools an order comes down to. The AI knows no rule of its
    own: it tries these on copies of the game."""

    def candidates(self, state: GameState, side: int, rng: random.Random,
                   widen: int = 0) -> list[Candidate]:
        r"""The commands worth trying for ``side`` now, as plain :class:`Candidate`\ s: the
        answers to its pending decision, or its orders (every fight and charge target, the
        other actions, moves to sampled points) and the flow order that stops acting. Nothing
        here needs to be legal: the AI tries each on a copy of the engine and drops those the
        rules refuse. ``widen`` asks for that many more sampled move points (the AI asks for
        more when it has time; a negative ``widen`` asks for no moves at all, for a quick look
        at what a side could attack); ``rng`` draws them, so the same seed gives the same list.
        In a battle too big to list every unit's orders, the orders of some of the units,
        returned as :class:`SampledCandidates` (the AI says so in its explanation).

        The default knows no actions: it offers the choices of a pending decision (or its
        default when it has no list of choices) and the order that closes what is in progress,
        or ``end_turn``."""
        pending = state.pending
        if pending is not None:
            return answer_candidates(pending)
        closing = self.ruleset.closing_order(state)
        return [Candidate(closing or Order("end_turn"), "end")]

    def lookahead(self, state: GameState, side: int) -> Command | None:
        """The next order the AI's look-ahead gives for ``side`` before it closes a player turn
        of phases (a shot each unit could still make, at a target worth trying), or None when
        there is none. The default: none."""
        return None

    def unit_worth(self, state: GameState, unit: str) -> float:
        """What ``unit`` is worth to its side as it stands now, in rough points (0 when it has
        left the table): the AI weighs damage dealt and taken with it. It may read only the
        unit's own record and its models' (the AI remembers a unit's worth while these are
        the same). The default counts the unit's models on the table."""
        return float(sum(1 for n in state.units[unit].models if state.models[n].on_table))

    def side_scores(self, state: GameState) -> tuple[float, float] | None:
        """What sides 1 and 2 have scored so far, when the game is decided by comparing scores
        once its last game turn ends (damage inflicted, enemies taken out...): the AI weighs
        the difference beside what the units are worth. None (the default) when the ruleset
        decides the game another way."""
        return None

    def unit_scores(self, state: GameState, unit: str) -> float:
        """What ``unit`` has given the enemy on :meth:`side_scores` as things stand (the
        victory points of its points, its General or standard), in the same units: the AI
        weighs it when it plays a fight out, where the whole score would carry the noise of
        every other fight. 0 (the default) when the score is not counted unit by unit."""
        return 0.0

    def score_to_win(self, state: GameState) -> float:
        """How far ahead on :meth:`side_scores` a side must be to win after the last game
        turn (a ruleset's victory margin, in the same units; :func:`wins_by`); 0 (the
        default): any lead."""
        return 0.0

    def threats(self, state: GameState, side: int, shots: bool = True) -> list[Threat] | None:
        """The attacks ``side``'s units could make in its next turn (or, mid-turn, in the rest
        of this one): for the AI's look at what each enemy can reach (``shots``: the shots it
        could make too, where they are dearer to work out than the rest). None (the default):
        the AI works them out from the fights and charges :meth:`candidates` offers the side
        when it is the side to act."""
        return None

    def unit_damage(self, state: GameState, unit: str) -> int:
        """The damage ``unit`` has taken, in the ruleset's own unit (what its results report
        as ``wounds_taken``); the odds count it before and after every sample."""
        return int(self.ruleset.unit_result(state, unit)["wounds_taken"])

    def exact_pools(self, state: GameState, cmd: Command,
                    alone: bool = False) -> PoolOdds | None:
        """When carrying out ``cmd`` (and closing what it opens) comes down to independent
        pools of dice whose hits each do a fixed damage, with no rule that reacts to the
        results, those pools (the odds are then worked out exactly); otherwise None (the odds
        are sampled by playing the command out). ``alone``: the pools of the command's own
        dice even where something after them could react (a shot's Panic test and flight),
        for what the command itself does on average. The default: never."""
        return None


class EditorSchema(Facet[R]):
    """What the scenario editor offers for a unit of this rule system (``Ruleset.editor``):
    its own keys as fields, the names a profile may use, a blank unit it accepts."""

    #: units of several models stand in formation: the editor places, turns and moves such a
    #: unit as one block (``x``, ``y``, ``facing``, ``files``); otherwise each model of a unit
    #: stands where it is put
    formations: bool = False

    def unit_fields(self) -> tuple[UnitField, ...]:
        """The ruleset's own unit keys (:attr:`unit_keys`) as the editor offers them, in
        the order of its profile form."""
        return ()

    def keyword_names(self) -> tuple[str, ...]:
        """The keywords a profile may give, as written (empty: any word is taken)."""
        return ()

    def profile_lists(self) -> tuple[str, ...]:
        """Which of the lists every unit table may have (``weapons``, ``rules``,
        ``keywords``) the ruleset's profiles use: the editor offers a field for each."""
        return ("weapons", "rules", "keywords")

    def weapon_names(self) -> tuple[str, ...]:
        """Weapons a profile may name as plain words (empty: the ruleset's weapons are
        tables of their own, or it has none)."""
        return ()

    def starting_unit(self) -> dict[str, Any]:
        """A new unit's table before a player fills it in (no ``id``, ``side`` nor place):
        a plain profile that the ruleset accepts. The default: the default base, every stat
        at 3 (within its range) and each field's default."""
        stats = {k: min(hi, max(lo, 3)) for k, (lo, hi) in self.ruleset.profile.items()}
        out: dict[str, Any] = {"base": self.ruleset.default_base, "stats": stats}
        for f in self.unit_fields():
            if f.default is not None:
                out[f.key] = f.default
        return out


class Ruleset(ABC):
    """Base of every rule system. Subclasses set the class attributes and implement the
    abstract methods; the other methods have sensible defaults."""

    #: the id used in scenario files (``"skirmish-d10"``)
    id: str = ""
    #: the name shown to players (``"Warhammer: The Old World"``)
    title: str = ""
    #: stat keys with their allowed (low, high) range, for scenario validation
    profile: Mapping[str, tuple[int, int]] = {}
    #: named base sizes (name -> frontage, depth in mm)
    base_sizes: Mapping[str, tuple[float, float]] = {}
    #: the base of a unit that names none
    default_base: str = "r25"
    #: the largest die the ruleset rolls (scripted dice must be 1 to this)
    die_sides: int = 6
    #: what the damage its results count is called, for players ("damage tracks")
    damage_unit: str = "damage"
    #: unit keys the ruleset takes besides the common ones (``troop_type``, ``joins``...)
    unit_keys: frozenset[str] = frozenset()
    #: the turn structure
    flow: FlowInfo = FlowInfo(ALTERNATING)
    #: the sides of a battle, as scenarios number them
    sides: tuple[int, ...] = (1, 2)
    #: the statuses of a model or unit that has left the table, in the ruleset's own words
    #: (``"destroyed"``, ``"fled"``, ``"out_of_action"``)
    off_table: frozenset[str] = frozenset()
    #: the ruleset's geometry over a state (model footprints, contact, distances): a
    #: ``game.rulesets.common.table.Table``
    table: Any = None
    def __init__(self, presenter: type[Presenter[Any]],
                 advisor: type[Advisor[Any]] = Advisor,
                 editor: type[EditorSchema[Any]] = EditorSchema) -> None:
        """A ruleset is made with the classes of its facets (its package puts them
        together): what it shows, what it tells the AI, what the editor offers."""
        declare_off_table(self.off_table)
        #: what the window, the log and the reports show (see :class:`Presenter`)
        self.presenter: Presenter[Any] = presenter(self)
        #: what the AI, the odds and the simulations are told (see :class:`Advisor`)
        self.advisor: Advisor[Any] = advisor(self)
        #: what the scenario editor offers (see :class:`EditorSchema`)
        self.editor: EditorSchema[Any] = editor(self)

    # -- scenario ------------------------------------------------------------------------
    @abstractmethod
    def check_unit(self, unit: dict[str, Any], where: str) -> None:
        """Raise ``ValueError`` (message without the location) for a unit the ruleset cannot
        use: unknown rule, keyword, base, stat out of range..."""

    def formation_placements(self, unit: dict[str, Any], x: float, y: float,
                             facing: float) -> list[tuple[float, float, float]] | None:
        """Where the models of a unit of several stand, centred on ``x``, ``y`` (the unit's
        table as the file gives it, already checked for ``models``, ``files``, ``base``): a
        list of (x, y, facing), or None for the default (ranks of ``files`` side by side)."""
        return None

    def check_scenario(self, scenario: Scenario) -> None:
        """Checks across units (a character joining a unit...): raise ``ValueError`` with a
        message that names the unit (``units[3] "hero": joins ...``). Default: none."""
        return None

    # -- the scenario editor ---------------------------------------------------------------
    @abstractmethod
    def initial_state(self, scenario: Scenario, seed: int) -> GameState: ...

    def reducers(self) -> Mapping[type[ev.Event], Handler]:
        """State changes of the ruleset's own events, and its own part of shared ones (run
        before the core's, so they see the state as it was), by event class. The engine folds with these (see
        :func:`game.core.state.handlers_for`)."""
        return {}

    # -- commands ------------------------------------------------------------------------
    @abstractmethod
    def start(self, ctx: Context) -> Step:
        """Events at the start of the game (after ``game_started``)."""

    @abstractmethod
    def handle(self, ctx: Context, cmd: Command) -> Step: ...

    def before_order(self, state: GameState, cmd: Command) -> Command | None:
        """Headless play: a command to carry out before ``cmd`` (ending the current
        activation when ``cmd`` is for another unit...), or None."""
        return None

    def closing_order(self, state: GameState) -> Command | None:
        """Headless play, once the orders have run out: the command that closes what is in
        progress (the current activation, the current player turn), or None."""
        return None

    # -- results and words ---------------------------------------------------------------
    @abstractmethod
    def unit_result(self, state: GameState, unit: str) -> dict[str, Any]: ...

    def roll_problem(self, roll: Mapping[str, Any]) -> str | None:
        """What cannot be right in a saved ``dice_rolled`` event (a tampered save's), or None.
        The default: faces the die cannot show, kept dice that were not thrown, or a total
        that is not the kept dice plus the modifiers."""
        return sum_roll_problem(roll)

    def roll_count(self, roll: Mapping[str, Any]) -> RollCount | None:
        """The successes of a saved ``dice_rolled`` event (hits, wounds, saves, tests passed)
        counted by the ruleset's own rule, with what the same dice could have given, for the
        luck graph of a battle report; None for a roll that counts no successes (a charge's
        distance, an injury's severity). The default: none."""
        return None

    def rules(self) -> Mapping[str, RuleInfo]:
        """Every special rule the ruleset knows, by lower-case name."""
        return {}

    def conditions(self) -> Mapping[str, ConditionInfo]:
        """Every condition and status a model or unit can have, by the name used in state."""
        return {}

    def active_side(self, state: GameState) -> int | None:
        """The side whose player acts now (None when nobody is due, e.g. the game is over)."""
        return None

    def acting_unit(self, state: GameState) -> str | None:
        """The unit whose activation is in progress, if the flow has such a thing."""
        return None

    def game_result(self, state: GameState) -> dict[str, Any]:
        """The ruleset's own keys of the ``--json`` result beside the core's (victory points,
        say), replacing the core's where they share a key; none by default."""
        return {}

    # -- what the window shows -------------------------------------------------------------

    # -- for the AI and the odds (game/ai, game/odds) ------------------------------------

def die_sides(die: str) -> int | None:
    """The sides of a die named like "d10" or "3d6", or None for another name."""
    head, sep, tail = die.partition("d")
    if sep and tail.isdigit() and (head == "" or head.isdigit()):
        return int(tail)
    return None


def faces_problem(roll: Mapping[str, Any]) -> str | None:
    """A face the die cannot show, or a kept die that was not thrown."""
    faces, kept = roll["faces"], roll["kept"]
    sides = die_sides(roll["die"])
    bad = [f for f in faces if sides is not None and not 1 <= f <= sides]
    if bad:
        return f"a {roll['die']} cannot show {bad[0]}"
    pool = list(faces)
    for k in kept:
        if k not in pool:
            return f"kept die {k} is not among the dice thrown {faces}"
        pool.remove(k)
    return None


def sum_roll_problem(roll: Mapping[str, Any]) -> str | None:
    """The usual arithmetic: the total is the kept dice plus the modifiers."""
    problem = faces_problem(roll)
    if problem:
        return problem
    kept, mods = roll["kept"], roll["modifiers"]
    want = sum(kept) + sum(v for _, v in mods)
    if want != roll["total"]:
        parts = " + ".join([str(k) for k in kept] + [f"{src} {v}" for src, v in mods])
        return f"{parts} makes {want}, but the total says {roll['total']}"
    return None


def _facing_toward(x0: float, y0: float, x1: float, y1: float) -> float:
    """Degrees clockwise from up of the direction from (x0, y0) to (x1, y1)."""
    return math.degrees(math.atan2(x1 - x0, -(y1 - y0))) % 360


#: the entry-point group rule systems register themselves in (see pyproject.toml): each entry
#: names a ruleset's id and the ``RULESET`` object of its package
ENTRY_POINTS = "contact_zone.rulesets"


@lru_cache(maxsize=1)
def _registered() -> dict[str, Any]:
    """The registered rule systems: those the source tree running declares in its
    pyproject.toml (in the order written there: the same declaration the installed metadata
    is made from, so a checkout run without installing, or over an older install, still finds
    its own), then any other installed package's."""
    import tomllib
    from importlib.metadata import EntryPoint, entry_points

    found: dict[str, Any] = {}
    source = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        project = tomllib.loads(source.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        project = {}
    for name, value in project.get("entry-points", {}).get(ENTRY_POINTS, {}).items():
        found[name] = EntryPoint(name, value, ENTRY_POINTS)
    for ep in entry_points(group=ENTRY_POINTS):
        found.setdefault(ep.name, ep)
    return found


def known_rulesets() -> list[str]:
    """The ids of the rule systems registered, in the order they registered."""
    return list(_registered())


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset registered under ``ruleset_id``. Raises ``KeyError`` for an unknown id and
    ``NotImplementedError`` for one whose package is registered but not there."""
    ep = _registered().get(ruleset_id)
    if ep is None:
        raise KeyError(ruleset_id)
    try:
        rs = ep.load()
    except ModuleNotFoundError as exc:
        if exc.name and ep.value.split(":")[0].startswith(exc.name):
            raise NotImplementedError(ruleset_id) from None
        raise
    assert isinstance(rs, Ruleset)
    return rs

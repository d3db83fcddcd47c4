"""What a rank-and-flank ruleset offers the AI (see
:meth:`game.core.ruleset.Ruleset.candidates`), shared by old-world and ninth-age: in its
player turn a side may charge each enemy unit the rules let it charge, move each free unit
toward the nearest enemy (straight on, after a wheel or a turn, or marching), shoot with each
unit that may at each enemy unit it may shoot at, or end its turn.

Each ruleset says where its charges and moves belong and how far its units move
(:class:`Offer`). Whether a charge is likely to land is not worked out here: the AI plays each
candidate out on a copy of the engine (the turn ended, the charges moved, the combats fought)
and keeps what went well.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from game.core.commands import Order
from game.core.errors import NOT_NOW, Refused
from game.core.ruleset import Candidate, answer_candidates
from game.core.state import Formation, GameState
from game.geometry.bases import facing_toward
from game.rulesets.rank_and_flank.combat import is_engaged
from game.rulesets.rank_and_flank.flow import phases
from game.rulesets.rank_and_flank.units import host

END = Candidate(Order("end_turn"), "end")
BEGIN = Candidate(Order("begin_turn"), "begin")


@dataclass(frozen=True, slots=True)
class Offer:
    """What a ruleset tells the shared candidates.

    ``charge_phases`` / ``move_phases``: the phases of the player turn in which charges are
    declared and moves made (before its turn begins a side is only offered to begin it);
    ``rates(state, unit)``: the
    unit's move and its march, in inches; ``check_charge(state, order)``: the ruleset's own
    check of a charge declaration (raises ``Refused``); ``turn_alone``: a turn on the spot is
    the unit's whole move (it cannot be followed by a step forward)."""

    charge_phases: tuple[str, ...]
    move_phases: tuple[str, ...]
    rates: Callable[[GameState, str], tuple[float, float]]
    check_charge: Callable[[GameState, Order], object]
    turn_alone: bool = False
    shoot_phases: tuple[str, ...] = ()
    check_shoot: Callable[[GameState, Order], object] | None = None


def candidates(offer: Offer, state: GameState, side: int, rng: random.Random,
               widen: int = 0) -> list[Candidate]:
    if state.game_over:
        return []
    if state.pending is not None:
        return answer_candidates(state.pending)
    f = phases(state)
    if f.side != side:
        return []
    if f.phase is None:
        # begin the turn first: what its first phase does by itself (tests, decisions) is
        # then known before any charge or move is weighed
        return [BEGIN]
    out = [END]
    charging = f.phase in offer.charge_phases
    foes = [(uid, u.formation) for uid, u in state.units.items()
            if u.side != side and u.on_table and u.formation is not None]
    if not foes:
        return out
    if f.phase in offer.shoot_phases:
        out += shots(offer, state, side)
    if not charging and f.phase not in offer.move_phases:
        return out
    for uid, u in state.units.items():
        form = u.formation
        if u.side != side or not u.on_table or form is None or u.status != "active":
            continue
        if host(state, uid) != uid or u.flag("charge_declared") or u.flag("moved"):
            continue
        if is_engaged(state, uid):
            continue
        if charging:
            for t, _ in foes:
                order = Order("charge", uid, (("target", t),))
                try:
                    offer.check_charge(state, order)
                except Refused:
                    continue
                out.append(Candidate(order, "charge", uid, t))
        out += _moves(offer, state, uid, foes)
    return out


def _shots(offer: Offer, state: GameState, side: int) -> Iterator[tuple[str, str, Order]]:
    """(unit, target, order) for each unit of the side that may shoot, at each enemy unit it
    may shoot at, the nearest first."""
    if offer.check_shoot is None or state.game_over or state.pending is not None:
        return
    foes = [uid for uid, u in state.units.items()
            if u.side != side and u.on_table and u.formation is not None]
    for uid, u in state.units.items():
        if u.side != side or not u.on_table or u.formation is None or u.status != "active":
            continue
        if host(state, uid) != uid or u.flag("shot") or is_engaged(state, uid):
            continue
        for t in sorted(foes, key=lambda t: _gap(state, uid, t)):
            order = Order("shoot", uid, (("target", t),))
            try:
                offer.check_shoot(state, order)
            except Refused as exc:
                if exc.refusal.kind == NOT_NOW:
                    break  # the unit cannot shoot now, whatever the target
                continue
            yield uid, t, order


def shots(offer: Offer, state: GameState, side: int) -> list[Candidate]:
    """A shoot candidate for each unit of the side that may shoot, at each enemy unit it may
    shoot at."""
    return [Candidate(order, "shoot", uid, t) for uid, t, order in _shots(offer, state, side)]


def first_shot(offer: Offer, state: GameState, side: int) -> Order | None:
    """The look-ahead's next shot: the first unit of the side that may still shoot, at the
    nearest enemy unit it may shoot at; None when no unit can."""
    return next((order for _, _, order in _shots(offer, state, side)), None)


def _gap(state: GameState, unit: str, other: str) -> float:
    from game.rulesets.rank_and_flank import space

    return space.rects_distance(space.unit_key(state, unit), space.unit_key(state, other))


def _moves(offer: Offer, state: GameState, uid: str, foes: list[tuple[str, Formation]]) -> list[Candidate]:
    form = state.units[uid].formation
    assert form is not None
    mov, march = offer.rates(state, uid)
    dist = {t: math.hypot(tf.x - form.x, tf.y - form.y) for t, tf in foes}
    near, nf = min(foes, key=lambda p: dist[p[0]])
    name = state.units[near].display or near
    rel = (facing_toward(form.x, form.y, nf.x, nf.y) - form.facing + 180.0) % 360.0 - 180.0
    paths: list[tuple[tuple[tuple[object, ...], ...], bool]] = []
    if abs(rel) <= 20:
        paths += [((("forward", mov),), False), ((("forward", mov / 2),), False),
                  ((("forward", march),), True)]
    else:
        wheel = max(-90.0, min(90.0, rel))
        paths += [((("wheel", round(wheel, 2)), ("forward", mov / 2)), False),
                  ((("wheel", round(wheel, 2)),), False)]
        turn = 180 if abs(rel) > 135 else (90 if rel > 0 else -90)
        paths.append(((("turn", turn),) if offer.turn_alone
                      else (("turn", turn), ("forward", mov / 2)), False))
    out = []
    for path, marching in paths:
        args: tuple[tuple[str, object], ...] = (("path", path),)
        if marching:
            args += (("march", True),)
        out.append(Candidate(Order("move", uid, args), "move", uid, near,
                             f"toward {name}" + (", marching" if marching else "")))
    return out


__all__ = ["END", "Offer", "candidates", "first_shot", "shots"]

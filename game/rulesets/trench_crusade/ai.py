"""What trench-crusade offers the AI (see :meth:`game.core.ruleset.Ruleset.candidates`): the
orders worth trying for a side and what a model is worth. A Fight's odds are always sampled
(Success and Injury Rolls keep or drop dice and read tables, and Down changes the next roll),
so there are no exact pools here."""

from __future__ import annotations

import random

from game.core.commands import Order
from game.core.errors import Refused
from game.core.ruleset import Candidate
from game.core.state import GameState, Model
from game.rulesets.common.candidates import (
    centre_distance,
    move_points,
    offered,
    radius,
    who_acts,
)
from game.rulesets.common.kept import per_game
from game.rulesets.trench_crusade import constants as K
from game.rulesets.trench_crusade.movement import charge_path, falls_on_the_way
from game.rulesets.trench_crusade.special import tough
from game.rulesets.trench_crusade.terrain import TABLE, enemies_within


def candidates(state: GameState, side: int, rng: random.Random, widen: int = 0) -> list[Candidate]:
    out, units, act, ready = who_acts(state, side, rng)
    if not units:
        return out
    enemies = [o for o in state.models.values() if o.side != side and o.on_table]
    heights = any(t.kind == "elevation" for t in state.terrain)
    for u in units:
        name = state.units[u].models[0]
        m = state.models[name]
        if not m.on_table:
            continue
        taken = [a.action for a in act.taken(name)] if act is not None else []
        if "pass" in taken:
            continue
        close = enemies_within(state, m)
        if "fight" not in taken:
            for t in close:
                out.append(Candidate(Order("fight", name, (("target", t.name),)), "fight",
                                     name, t.name))
        moved = any(a in K.MOVEMENT_ACTIONS for a in taken)
        if not moved:
            mov = float(m.stat("Movement"))
            if m.status == "down" or m.flag("stood_up"):
                mov /= 2.0
            if not close:
                r = radius(TABLE, m)
                for t in enemies:
                    if centre_distance(m, t) <= mov + r + radius(TABLE, t) + 1.0 and \
                            can_charge(state, m, t, mov):
                        out.append(Candidate(Order("charge", name, (("target", t.name),)),
                                             "charge", name, t.name))
                        if heights:
                            out.append(Candidate(
                                Order("charge", name, (("target", t.name), ("dive", True))),
                                "diving charge", name, t.name))
            for p in move_points(state, m, mov, enemies, TABLE, rng, widen, keep_off=1.05,
                                 threat=lambda e: float(e.stat("Movement"))):
                if falls_on_the_way(state, m, (p.x, p.y)):
                    continue  # (no player walks off a roof for a place; a dive is a charge)
                out.append(Candidate(
                    Order("move", name, (("to", (p.x, p.y)), ("facing", p.facing))),
                    "move", name, p.target, p.note, goes_at=p.goes_at))
        if act is None:
            if m.status == "down":
                out.append(Candidate(Order("stand_up", name), "stand up", name))
            out.append(Candidate(Order("pass", name), "pass", name))
    return offered(out, units, ready)


def can_charge(state: GameState, m: Model, t: Model, movement: float) -> bool:
    """Whether ``m`` could charge ``t`` with ``movement`` inches, as the Charge order judges it:
    by the way the charge would really go (round a barricade, climbs counted), not by the
    straight line between them. Kept for the game (its terrain, which every fork shares) by
    where every model stands: the tries of one choice come back to the same places again and
    again, and the attacks to come of every position tried are worked out from the charges
    offered here."""
    kept = per_game(state.terrain, "trench charges")
    key = (m.name, t.name, movement, _standing(state))
    got: bool | None = kept.get(key)
    if got is None:
        try:
            charge_path(state, m, t, movement)
            got = True
        except Refused:
            got = False
        kept[key] = got
    return got


def _standing(state: GameState) -> tuple[tuple[str, str, float, float, float], ...]:
    """Every model on the table as it stands (name, base, place, facing), worked out once for
    the position (``GameState.placed``) rather than for each charger and target asked about."""
    got: tuple[tuple[str, str, float, float, float], ...] | None = state.placed.get(
        "trench standing")
    if got is None:
        got = state.placed["trench standing"] = tuple(
            (o.name, o.base, o.x, o.y, o.facing) for o in state.models.values() if o.on_table)
    return got


#: what TOUGH adds to a model's worth while it has not been used: once spent, the next Out of
#: Action result is final, and the model counts for that much less
TOUGH_WORTH = 1.0
#: the share of a model's worth each marker on it takes (a Blood Marker: the enemy's to spend
#: against it) or gives (a Blessing Marker: its own to spend), down to :data:`LEAST_SHARE`
MARKER_SHARE = 0.05
LEAST_SHARE = 0.6


def model_worth(m: Model) -> float:
    """Rough points for a model: its melee skill, armour, weapons and standing."""
    worth = 2.0 + 0.5 * m.stat("Melee") - 0.3 * m.stat("Armour")
    for w in m.weapons:
        if getattr(w, "melee", False):
            worth += 0.3 * w.attacks + 0.3 * w.dice + 0.3 * w.injury_dice + 0.2 * w.injury_modifier
    if m.has_keyword("elite"):
        worth += 1.0
    if m.has_keyword("tough"):
        worth += TOUGH_WORTH
    return max(worth, 0.5)


def unit_worth(state: GameState, unit: str) -> float:
    m = state.models[state.units[unit].models[0]]
    if not m.on_table:
        return 0.0
    worth = model_worth(m)
    if m.has_keyword("tough") and tough.spent(m):
        worth -= TOUGH_WORTH
    if m.status == "down":  # it stands up at the cost of half a move: a passing setback
        worth *= 0.85
    markers = m.counters.get("blessing_markers", 0) - m.counters.get("blood_markers", 0)
    return worth * max(LEAST_SHARE, 1.0 + MARKER_SHARE * markers)

"""What old-world offers the AI, at a basic level (see
:meth:`game.core.ruleset.Ruleset.candidates`): in its player turn a side may charge each
enemy unit near enough, move toward the nearest enemy (straight on, after a wheel or a turn,
or marching), or end its turn. Whether a charge is likely to land is not worked out here: the
AI plays each candidate out on a copy of the engine (the turn ended, the charges moved, the
combats fought) and keeps what went well."""

from __future__ import annotations

import math
import random

from game.core.commands import Order
from game.core.ruleset import Candidate, answer_candidates
from game.core.state import GameState
from game.geometry.bases import facing_toward
from game.rulesets.old_world.charges import movement_of
from game.rulesets.rank_and_flank.flow import phases

END = Candidate(Order("end_turn"), "end")
#: the farthest a charge may be worth trying: twice the Movement and this much
CHARGE_REACH = 12.0


def candidates(state: GameState, side: int, rng: random.Random, widen: int = 0) -> list[Candidate]:
    if state.game_over:
        return []
    if state.pending is not None:
        return answer_candidates(state.pending)
    f = phases(state)
    if f.side != side:
        return []
    out = [END]
    if f.phase not in (None, "strategy", "movement"):
        return out
    foes = [(uid, u.formation) for uid, u in state.units.items()
            if u.side != side and u.on_table and u.formation is not None]
    if not foes:
        return out
    for uid, u in state.units.items():
        form = u.formation
        if u.side != side or not u.on_table or form is None or u.status == "fleeing":
            continue
        if u.flag("charge_declared") or u.flag("moved"):
            continue
        mov = float(movement_of(state, uid))
        dist = {t: math.hypot(tf.x - form.x, tf.y - form.y) for t, tf in foes}
        for t, _ in foes:
            if dist[t] <= 2 * mov + CHARGE_REACH:
                out.append(Candidate(Order("charge", uid, (("target", t),)), "charge", uid, t))
        near, nf = min(foes, key=lambda p: dist[p[0]])
        name = state.units[near].display or near
        rel = (facing_toward(form.x, form.y, nf.x, nf.y) - form.facing + 180.0) % 360.0 - 180.0
        paths: list[tuple[tuple[tuple[object, ...], ...], bool]] = []
        if abs(rel) <= 20:
            paths += [((("forward", mov),), False), ((("forward", mov / 2),), False),
                      ((("forward", 2 * mov),), True)]
        else:
            wheel = max(-90.0, min(90.0, rel))
            paths += [((("wheel", round(wheel, 2)), ("forward", mov / 2)), False),
                      ((("wheel", round(wheel, 2)),), False)]
            turn = 180 if abs(rel) > 135 else (90 if rel > 0 else -90)
            paths.append(((("turn", turn), ("forward", mov / 2)), False))
        for path, march in paths:
            args: tuple[tuple[str, object], ...] = (("path", path),)
            if march:
                args += (("march", True),)
            out.append(Candidate(Order("move", uid, args), "move", uid, near,
                                 f"toward {name}" + (", marching" if march else "")))
    return out


def unit_worth(state: GameState, unit: str) -> float:
    """Models on the table, each worth its Wounds, Attacks and half its Weapon Skill and
    Toughness."""
    u = state.units[unit]
    total = 0.0
    for n in u.models:
        m = state.models[n]
        if not m.on_table:
            continue
        total += 0.5 * (m.stat("W") + m.stat("A") + 0.5 * (m.stat("WS") + m.stat("T")))
    return total

"""What skirmish-d10 offers the AI and the odds (see :meth:`game.core.ruleset.Ruleset.candidates`):
the orders worth trying for a side, what a model is worth, and when a Fight comes down to two
independent pools of d10s (the odds are then exact)."""

from __future__ import annotations

import random

from game.core.commands import Order
from game.core.ruleset import Candidate, DicePool, PoolOdds
from game.core.state import GameState, Model
from game.rulesets.common.candidates import (
    centre_distance,
    move_points,
    offered,
    radius,
    who_acts,
)
from game.rulesets.common.flow import activation
from game.rulesets.skirmish_d10 import constants as K
from game.rulesets.skirmish_d10.checks import alive, health_share
from game.rulesets.skirmish_d10.conditions import CONDITIONS
from game.rulesets.skirmish_d10.melee import effective_ma
from game.rulesets.skirmish_d10.rules import hooked


def candidates(state: GameState, side: int, rng: random.Random, widen: int = 0) -> list[Candidate]:
    from game.rulesets.skirmish_d10.ruleset import TABLE, fight_targets

    out, units, act, ready = who_acts(state, side, rng)
    if not units:
        return out
    enemies = [o for o in state.models.values() if o.side != side and alive(o)]
    for u in units:
        for name in state.units[u].models:
            m = state.models[name]
            if not alive(m):
                continue
            spent = [a.action for a in act.taken(name) if not a.free] if act is not None else []
            if len(spent) >= K.ACTIONS_PER_MODEL:
                continue
            fought = any(a == "fight" or a.startswith("fight:") for a in spent)
            targets = fight_targets(state, m)
            if not fought:
                for t in targets:
                    out.append(Candidate(Order("fight", name, (("target", t.name),)), "fight",
                                         name, t.name))
            in_contact = any(TABLE.in_contact(m, t) for t in targets)
            mov = m.stat("MOV")
            if not in_contact:
                if "charge" not in spent and "shaken" not in m.conditions:
                    r = radius(TABLE, m)
                    for t in enemies:
                        if centre_distance(m, t) <= mov + r + radius(TABLE, t) + 0.5:
                            out.append(Candidate(Order("charge", name, (("target", t.name),)),
                                                 "charge", name, t.name))
                for p in move_points(state, m, mov, enemies, TABLE, rng, widen,
                                     threat=lambda e: float(e.stat("MOV"))):
                    out.append(Candidate(
                        Order("move", name, (("to", (p.x, p.y)), ("facing", p.facing))),
                        "move", name, p.target, p.note, goes_at=p.goes_at))
            if "focus" not in spent and targets:
                out.append(Candidate(Order("focus", name), "focus", name))
            if m.has_keyword("warlord") or m.has_keyword("captain"):
                out.append(Candidate(Order("inspire", name), "inspire", name))
            if act is None:
                out.append(Candidate(Order("pass", name), "pass", name))
    return offered(out, units, ready)


def model_worth(m: Model) -> float:
    """Rough points for a model at full strength: its attacks, defence and rules."""
    mav = m.stat("MAV", 0)
    worth = (1.0 + 0.3 * m.stat("MA") * (mav + 1) / 5.0 + 0.25 * max(0, m.stat("DV") - 6)
             + 0.2 * len(m.rules))
    if m.has_keyword("warlord"):
        worth += 1.0
    return worth


def unit_worth(state: GameState, unit: str) -> float:
    total = 0.0
    for n in state.units[unit].models:
        m = state.models[n]
        if not alive(m):
            continue
        share = CONDITIONS.kept(state, n, m.conditions) if m.conditions else 1.0
        total += model_worth(m) * health_share(m, m.damage) * share
    return total


def exact_pools(state: GameState, cmd: object) -> PoolOdds | None:
    """A Fight between two models with no special rules and no conditions, touching nobody
    else, with no other Fight in the activation and no rule or condition elsewhere on the
    table that acts when the activation or the game turn ends: the attacker's MA attacks and
    the target's Defensive Strikes are two pools of d10s, each die hitting on a natural 10 or
    on MAV (+1 for Focus) plus the face reaching the other's DV, one damage per hit."""
    from game.rulesets.skirmish_d10.ruleset import TABLE

    if not isinstance(cmd, Order) or cmd.do != "fight" or state.game_over or state.pending:
        return None
    if cmd.unit is None or set(k for k, _ in cmd.args) != {"target"}:
        return None
    m = state.models.get(cmd.unit)
    t = state.models.get(cmd.arg("target")) if isinstance(cmd.arg("target"), str) else None
    if m is None or t is None or not (alive(m) and alive(t)) or m.side == t.side:
        return None
    if m.rules or t.rules or m.conditions or t.conditions:
        return None
    if len(state.units[m.unit].models) != 1 or len(state.units[t.unit].models) != 1:
        return None
    for o in state.models.values():
        if o.on_table and o is not m and o is not t:
            if hooked(o.rules, "end_activation") or hooked(o.rules, "end_of_turn"):
                return None
            if set(o.conditions) - {"inspired"}:
                return None
    act = activation(state)
    focus = 0
    if act is not None:
        if act.unit != m.unit:
            return None
        if any(a.action.startswith("fight") for a in act.order):
            return None
        if any(a.action == "focus" for a in act.taken(m.name)):
            focus = K.FOCUS_BONUS
    if [o.name for o in TABLE.touching(state, m)] != [t.name]:
        return None
    if [o.name for o in TABLE.touching(state, t)] != [m.name]:
        return None

    def faces(mav: int, dv: int) -> tuple[int, ...]:
        return tuple(f for f in range(1, K.DIE + 1) if f >= K.NATURAL_HIT or f + mav >= dv)

    attacks = effective_ma(m)
    strikes = effective_ma(t) if attacks > 0 else 0
    pools = (
        DicePool(attacks, K.DIE, faces(m.stat("MAV") + focus, t.stat("DV")), t.unit),
        DicePool(strikes, K.DIE, faces(t.stat("MAV"), m.stat("DV")), m.unit),
    )
    room = {m.unit: m.stat("DT", 0) - m.damage, t.unit: t.stat("DT", 0) - t.damage}
    return PoolOdds(m.unit, t.unit, pools, room)

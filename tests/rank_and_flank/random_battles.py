"""Random set-ups of units in formation for property tests of both rank-and-flank rulesets, and
the checks they are held to: a charge, pursuit or follow-up that reaches contact is fought, and a
unit that has left the table never acts again.

A set-up is one charger and one target (sizes, troop types, places and facings at random, the
target somewhere ahead of the charger), with orders to charge and then end player turns, so the
combat the charge starts plays out with its break tests, pursuits and follow-ups."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from game.core import events as ev
from game.core.commands import command_from_dict
from game.core.engine import Engine
from game.core.scenario import check_scenario
from game.core.state import GameState, apply
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.combat import engaged_with
from game.rulesets.rank_and_flank.events import CombatResult
from game.rulesets.rank_and_flank.layout import ranks_of

TABLE = (72.0, 48.0)

_OW_STATS = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}
_NA_STATS = {"Adv": 4, "Mar": 8, "Dis": 7, "HP": 1, "Def": 3, "Res": 3, "Arm": 0,
             "Att": 1, "Off": 3, "Str": 3, "AP": 0, "Agi": 3}

#: (troop type, base, Movement / Advance Rate) by ruleset
_KINDS = {
    "old-world": [("regular infantry", "25x25", 4), ("heavy infantry", "20x20", 4),
                  ("heavy cavalry", "30x60", 7), ("light cavalry", "25x50", 8)],
    "ninth-age": [("infantry", "25x25", 4), ("infantry", "20x20", 4),
                  ("cavalry", "25x50", 8), ("cavalry", "30x60", 7)],
}


def _unit(rng: random.Random, ruleset: str, uid: str, side: int) -> dict[str, Any]:
    troop, base, move = rng.choice(_KINDS[ruleset])
    models = rng.randint(3, 20)
    files = rng.randint(1, min(models, 7))
    if ruleset == "old-world":
        stats = dict(_OW_STATS, M=move, WS=rng.randint(2, 5), S=rng.randint(3, 5),
                     T=rng.randint(3, 4), I=rng.randint(1, 5), A=rng.randint(1, 2),
                     Ld=rng.randint(6, 9))
    else:
        stats = dict(_NA_STATS, Adv=move, Mar=2 * move, Off=rng.randint(2, 5),
                     Str=rng.randint(3, 5), Res=rng.randint(3, 4), Agi=rng.randint(1, 5),
                     Att=rng.randint(1, 2), Dis=rng.randint(6, 9))
    return {"id": uid, "side": side, "name": uid.capitalize(), "x": 0.0, "y": 0.0,
            "facing": 0.0, "base": base, "models": models, "files": files,
            "troop_type": troop, "stats": stats}


def _size(u: dict[str, Any]) -> tuple[float, float]:
    w, d = (float(v) / 25.4 for v in u["base"].split("x"))
    return u["files"] * w, ranks_of(u["models"], u["files"]) * d


def random_setup(seed: int, ruleset: str) -> dict[str, Any]:
    """A valid scenario: a charger (side 1) and a target (side 2) up to 14" ahead of it."""
    rng = random.Random(seed)
    for _ in range(200):
        a, b = _unit(rng, ruleset, "charger", 1), _unit(rng, ruleset, "target", 2)
        aw, ad = _size(a)
        bw, bd = _size(b)
        a["x"], a["y"] = rng.uniform(10, TABLE[0] - 10), rng.uniform(10, TABLE[1] - 10)
        a["facing"] = round(rng.uniform(0, 360), 3)
        bearing = math.radians(a["facing"] + rng.uniform(-50, 50))
        reach = ad / 2 + bd / 2 + rng.uniform(0.5, 14.0)
        b["x"] = round(a["x"] + reach * math.sin(bearing), 4)
        b["y"] = round(a["y"] - reach * math.cos(bearing), 4)
        b["facing"] = round(rng.uniform(0, 360), 3)
        a["x"], a["y"] = round(a["x"], 4), round(a["y"], 4)
        key_a = (a["x"], a["y"], a["facing"], aw, ad)
        key_b = (b["x"], b["y"], b["facing"], bw, bd)
        pa, pb = space.rect_of(key_a), space.rect_of(key_b)
        if pa.distance(pb) < 0.5 or not all(space.within_table(p, TABLE) for p in (pa, pb)):
            continue
        orders = [{"unit": "charger", "do": "charge", "target": "target"}]
        orders += [{"do": "end_turn"}] * 6
        return {"format": 1, "name": f"probe {seed}", "ruleset": ruleset,
                "table": {"width": TABLE[0], "height": TABLE[1]}, "first_side": 1,
                "turns": 6, "units": [a, b], "orders": orders}
    raise AssertionError(f"no set-up found for seed {seed}")


def play(data: dict[str, Any], seed: int) -> tuple[Engine, list[str]]:
    """Carry out the orders as headless play does (an order refused is skipped, as a charge
    out of reach is), and the refusals met."""
    sc = check_scenario(data, "probe")
    engine = Engine(sc, seed=seed)
    refused = []
    for raw in sc.orders:
        if engine.state.game_over:
            break
        out = engine.run_order(command_from_dict(raw))
        if not out.ok:
            refused.append(str(out.refusal))
    if not engine.state.game_over:
        engine.finish()
    return engine, refused


@dataclass
class Findings:
    """What a played game showed: contacts reached and not fought, acts of removed units."""

    contacts: int = 0
    unfought: list[str] = field(default_factory=list)
    ghosts: list[str] = field(default_factory=list)
    locked: list[str] = field(default_factory=list)


#: moves that bring a unit into a combat, and the player turn (0 this one, 1 the next) whose
#: Combat phase fights it
_INTO_COMBAT = {"charge": 0, "pursuit": 1, "follow up": 1}

#: a unit's own moves, which a unit in combat may not make
_OWN_MOVES = ("move", "march", "advance", "reform")

#: what a unit that has left the table may still be named in: its own removal and the
#: bookkeeping of the phase it left in
_AFTERLIFE = (ev.UnitStatusChanged, ev.UnitFlagSet, ev.UnitConditionRemoved,
              ev.UnitCounterChanged, CombatResult)


def examine(engine: Engine) -> Findings:
    """Fold the game's events again and check them (see the module)."""
    found = Findings()
    s: GameState = engine.ruleset.initial_state(engine.scenario, engine.seed)
    turn = 0
    expect: list[tuple[int, str, str, str]] = []  # (player turn, mover, enemy, what)
    fought: dict[int, list[set[str]]] = {}
    gone: dict[str, int] = {}
    for i, e in enumerate(engine.log):
        if isinstance(e, ev.PlayerTurnStarted):
            turn += 1
        _ghost_check(s, e, gone, found, i)
        if isinstance(e, ev.UnitMoved) and e.reason in _OWN_MOVES and engaged_with(s, e.unit):
            found.locked.append(f"event {i}: {e.unit} makes a {e.reason} while engaged with "
                                f"{', '.join(engaged_with(s, e.unit))}")
        s = apply(s, e)
        if isinstance(e, ev.UnitStatusChanged) and e.status in ("destroyed", "fled"):
            gone.setdefault(e.unit, i)
        if isinstance(e, CombatResult):
            fought.setdefault(turn, []).append(set(e.units))
        if isinstance(e, ev.UnitMoved) and e.reason in _INTO_COMBAT:
            for other in _touching_enemies(s, e.unit):
                found.contacts += 1
                expect.append((turn + _INTO_COMBAT[e.reason], e.unit, other, f"{e.reason} (event {i})"))
    last = turn
    for when, mover, enemy, what in expect:
        if when > last:
            continue  # the game ended first
        if any({mover, enemy} <= units for units in fought.get(when, [])):
            continue
        if _left_before_combat(engine, when, mover, enemy):
            continue
        found.unfought.append(f"{mover} touched {enemy} by a {what}; not fought in player turn {when}")
    return found


def _touching_enemies(s: GameState, unit: str) -> list[str]:
    side = s.units[unit].side
    me = space.unit_key(s, unit)
    return [o for o, rec in s.units.items()
            if rec.side != side and rec.on_table and rec.formation is not None and o != unit
            and space.rects_touch(me, space.unit_key(s, o))]


def _left_before_combat(engine: Engine, turn: int, a: str, b: str) -> bool:
    """Whether ``a`` or ``b`` was destroyed, fled, broke or fell back before the Combat phase
    of player turn ``turn`` fought (a Stand and Shoot, a Panic test...), or the game ended."""
    t = 0
    for e in engine.log:
        if isinstance(e, ev.PlayerTurnStarted):
            t += 1
        if t > turn:
            return False
        if t == turn and isinstance(e, CombatResult):
            return False
        if isinstance(e, ev.UnitStatusChanged) and e.unit in (a, b) and e.status != "active":
            return True
        if isinstance(e, ev.GameEnded):
            return True
    return True


def _ghost_check(s: GameState, e: ev.Event, gone: dict[str, int], found: Findings, i: int) -> None:
    """A unit that has left the table (destroyed, fled) must not act, test or be targeted."""
    if not gone or isinstance(e, _AFTERLIFE):
        return
    names = []
    for attr in ("unit", "model", "target", "against"):
        v = getattr(e, attr, None)
        if isinstance(v, str):
            names.append(v)
    for n in names:
        unit = s.models[n].unit if n in s.models else n
        if unit in gone:
            found.ghosts.append(f"event {i} ({e.type}) names {n}, which left the table at event {gone[unit]}")

"""Frenzy: before any roll, the model may take up to as many extra attacks (when it fights) or
extra Defensive Strikes (when it is attacked) as it has at the moment; each extra one costs -1
MAV on every Attack Check it makes in this melee. Taking none is the default.

Step 1 (``declare``). The attacker may give its choice on the fight order (``frenzy = 2``);
otherwise, and for a defender, a ``frenzy`` decision is asked (default 0). A Frenzied model
cannot also use First Strike, Pike or Parry in that melee: those rules call
:func:`frenzy_taken`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.melee import Melee, effective_ma
from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, order_key, register


@dataclass(slots=True)
class Frenzied:
    """How many extra attacks or Defensive Strikes each model took with Frenzy in this
    melee, and which of them took strikes."""

    taken: dict[str, int] = field(default_factory=dict)
    strikes: set[str] = field(default_factory=set)


def frenzy_taken(melee: Melee, name: str) -> int:
    """How many extra attacks or Defensive Strikes ``name`` took with Frenzy in this melee."""
    return melee.rule_state(Frenzied).taken.get(name, 0)


@order_key("fight", "frenzy", rule="Frenzy")
def _check_order(model: Model, value: Any) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return f"give a number of extra attacks (0 or more), got {value!r}"
    most = effective_ma(model)
    if value > most:
        return f'"{model.name}" may take at most {most} extra attack{"s" if most != 1 else ""} (its MA)'
    return None


def _can_strike_any(melee: Melee, model: Model) -> bool:
    for f in melee.fights_against(model.name):
        a = melee.model(f.attacker)
        if alive(a) and (melee.table.in_contact(model, a) or (model.name, a.name) in melee.ds_allowed):
            return True
    return False


@register
class Frenzy(SpecialRule):
    name = "Frenzy"
    summary = ("May take extra attacks or Defensive Strikes, each one costing -1 MAV on all of "
               "them.")
    description = ("Before any dice are rolled it may take up to as many extra attacks (when "
                   "it fights) or extra Defensive Strikes (when it is attacked) as it normally "
                   "has. Each extra one gives -1 MAV to every Attack Check it makes in that "
                   "melee. A Frenzied model cannot use First Strike, Pike or Parry in the same "
                   "melee.")
    priority = 40  # declared before Parry, which a Frenzied model may not use

    def declare(self, melee: Melee, model: Model) -> Step:
        if not alive(model):
            return
        fights = [f for f in melee.fights_by(model.name)
                  if f.kind == "fight" and alive(melee.model(f.target))]
        most = effective_ma(model)
        n = 0
        if fights:
            chosen = model.flag("fight.frenzy")
            if chosen is not None:
                n = min(int(chosen), most)
            elif most > 0:
                n = yield Ask(
                    "frenzy",
                    f'How many extra attacks does "{model.name}" take with Frenzy '
                    f"(-1 MAV on all its Attack Checks for each)?",
                    tuple(range(most + 1)), 0, model.name, model.side,
                )
            what = "attack" if n == 1 else "attacks"
        elif melee.fights_against(model.name) and most > 0 and _can_strike_any(melee, model):
            n = yield Ask(
                "frenzy",
                f'How many extra Defensive Strikes does "{model.name}" take with Frenzy '
                f"(-1 MAV on all its Attack Checks for each)?",
                tuple(range(most + 1)), 0, model.name, model.side,
            )
            what = "Defensive Strike" if n == 1 else "Defensive Strikes"
        if not n:
            return
        frenzied = melee.rule_state(Frenzied)
        frenzied.taken[model.name] = n
        if fights:
            melee.extra_attacks[model.name] = melee.extra_attacks.get(model.name, 0) + n
        else:
            frenzied.strikes.add(model.name)
        melee.mav_mods.setdefault(model.name, []).append(Mod("Frenzy", -n))
        melee.ds_mav_mods.setdefault(model.name, []).append(Mod("Frenzy", -n))
        yield ev.RuleApplied("Frenzy", model.name, f"takes {n} extra {what} at -{n} MAV")

    def ds_pool(self, melee: Melee, model: Model, pool: int) -> int:
        if model.name in melee.rule_state(Frenzied).strikes:
            return pool + frenzy_taken(melee, model.name)
        return pool

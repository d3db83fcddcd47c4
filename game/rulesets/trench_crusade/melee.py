"""The Fight action and the Melee Attack sequence.

One Fight action makes the attacks of up to two melee weapons. The attacks of one weapon are
all made before those of the other; the second weapon is the Off-Hand weapon and each of its
attacks takes -1 DICE. Each attack: the weapon, a target within 1" and in line of sight, the
+/-DICE that apply, the Success Roll, and on a hit the Injury Roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from dataclasses import dataclass
from typing import Any

from game.core import events as ev
from game.core.commands import Order
from game.core.errors import NOT_NOW
from game.core.ruleset import Step
from game.core.state import GameState, Model
from game.rulesets.common.rules import Mod
from game.rulesets.trench_crusade.actions import Moment, action, enemy, refuse
from game.rulesets.trench_crusade.injuries import injury_roll
from game.rulesets.trench_crusade.profile import Weapon
from game.rulesets.trench_crusade.rolls import DiceMod, success_roll
from game.rulesets.trench_crusade.rules import RULES, model_rules, weapon_rules
from game.rulesets.trench_crusade.terrain import defended_obstacle, in_sight, within


@dataclass(frozen=True, slots=True)
class Attack:
    weapon: Weapon
    target: str
    off_hand: bool


def melee_weapons(m: Model) -> list[Weapon]:
    return [w for w in m.weapons if isinstance(w, Weapon) and w.melee]


def check_target(s: GameState, m: Model, t_name: Any) -> Model:
    t = enemy(s, m, t_name, "fight")
    if not within(s, m, t):
        raise refuse("out_of_reach", f'"{t.name}" is not within 1" of "{m.name}"')
    if not in_sight(s, m, t):
        raise refuse("no_line_of_sight", f'"{m.name}" cannot see "{t.name}"')
    return t


def _weapon(m: Model, name: Any, where: str) -> Weapon:
    if not isinstance(name, str):
        raise refuse("bad_order", f"{where}: \"weapon\" must be the name of a melee weapon, got {name!r}")
    weapons = melee_weapons(m)
    for w in weapons:
        if w.name == name:
            return w
    for w in weapons:
        if w.name.lower() == name.strip().lower():
            return w
    if any(w.name.lower() == name.strip().lower() for w in m.weapons):
        raise refuse("not_melee", f'{where}: "{name}" is not a melee weapon')
    known = ", ".join(f'"{w.name}"' for w in weapons) or "none"
    raise refuse("unknown_weapon", f'{where}: "{m.name}" has no melee weapon "{name}" (it has {known})')


def plan_attacks(s: GameState, m: Model, cmd: Order) -> list[Attack]:
    """The attacks of one Fight action, in the order they are made."""
    weapons = melee_weapons(m)
    if not weapons:
        raise refuse("no_melee_weapon", f'"{m.name}" has no melee weapon', NOT_NOW)
    listed = cmd.arg("attacks")
    default_target = cmd.arg("target")
    if listed is None:
        if default_target is None:
            near = [o for o in s.models.values() if o.side != m.side and o.on_table
                    and within(s, m, o) and in_sight(s, m, o)]
            if len(near) != 1:
                raise refuse("bad_order", '"fight" needs a target (or "attacks")')
            default_target = near[0].name
        t = check_target(s, m, default_target)
        return [Attack(w, t.name, i == 1) for i, w in enumerate(weapons[:2]) for _ in range(w.attacks)]
    if not isinstance(listed, list | tuple) or not listed:
        raise refuse("bad_order", f'"attacks" must be a list of {{ weapon, target }} tables, got {listed!r}')
    groups: list[tuple[Weapon, list[str]]] = []
    for i, entry in enumerate(listed):
        where = f"attacks[{i}]"
        if not isinstance(entry, dict):
            raise refuse("bad_order", f"{where} must be a table {{ weapon, target }}, got {entry!r}")
        extra = set(entry) - {"weapon", "target"}
        if extra:
            raise refuse("bad_order", f"{where}: unknown key {sorted(extra)[0]!r} (known: target, weapon)")
        w = _weapon(m, entry.get("weapon"), where)
        t = check_target(s, m, entry.get("target", default_target))
        if groups and groups[-1][0] is w:
            groups[-1][1].append(t.name)
        elif any(g[0] is w for g in groups):
            raise refuse(
                "bad_order",
                f'{where}: the attacks of "{w.name}" must come together (one weapon, then the other)',
            )
        else:
            groups.append((w, [t.name]))
    if len(groups) > 2:
        raise refuse("bad_order", "one Fight action uses at most two melee weapons")
    out: list[Attack] = []
    for gi, (w, targets) in enumerate(groups):
        if len(targets) > w.attacks:
            raise refuse(
                "bad_order", f'"{w.name}" makes {w.attacks} attack{"s" if w.attacks != 1 else ""}, not {len(targets)}'
            )
        targets = targets + [targets[-1]] * (w.attacks - len(targets))
        out += [Attack(w, t, gi == 1) for t in targets]
    return out


_WEAPON_HINT = 'name the weapons in "attacks", e.g. attacks = [{ weapon = "Club", target = "b" }]'


@action("fight", keys=("target", "attacks"), hints={"weapon": _WEAPON_HINT, "weapons": _WEAPON_HINT})
class Fight:
    """One Fight action: every attack of up to two melee weapons."""

    @staticmethod
    def plan(ctx: Context, m: Model, cmd: Order, now: Moment) -> list[Attack]:
        if "fight" in now.taken:
            raise refuse("fought_already", f'"{m.name}" has already made a Fight action this activation', NOT_NOW)
        if "pass" in now.taken:
            raise refuse("passed", f'"{m.name}" has passed', NOT_NOW)
        return plan_attacks(ctx.state, m, cmd)

    @staticmethod
    def run(ctx: Context, name: str, attacks: list[Attack]) -> Step:
        yield ev.ActionTaken(name, "fight", attacks[0].target)
        for atk in attacks:
            s = ctx.state
            if s.game_over or not s.models[name].on_table:
                return None
            t = s.models[atk.target]
            if not t.on_table:
                yield ev.RuleApplied(
                    "Melee Attack", name, f'loses its attack with {atk.weapon.name}: "{t.name}" '
                    f'is {t.status.replace("_", " ")}', t.name,
                )
                continue
            outcome = yield from melee_attack(ctx, name, atk)
            for rule in RULES.hooked(weapon_rules(atk.weapon), "after_attack"):
                if (yield from rule.after_attack(ctx, name, atk.weapon, outcome)) == "end":
                    return "risky_failure"
        return None


def attack_dice(s: GameState, a: Model, t: Model, weapon: Weapon, off_hand: bool) -> list[DiceMod]:
    """The +/-DICE of a melee attack's Success Roll (before markers and Down)."""
    mods: list[DiceMod] = [Mod("Melee", a.stat("Melee")), Mod(weapon.name, weapon.dice)]
    for rule in RULES.hooked(model_rules(a), "success_dice"):
        mods += rule.success_dice(s, a, t, weapon, "attacker")
    cover = defended_obstacle(s, a, t)
    if cover:
        mods.append(Mod(f"Defended Obstacle ({cover})", -1))
    if off_hand:
        mods.append(Mod("Off-Hand", -1))
    for rule in RULES.hooked(model_rules(t), "success_dice"):
        mods += rule.success_dice(s, a, t, weapon, "target")
    for rule in RULES.hooked(weapon_rules(weapon), "success_dice"):
        mods += rule.success_dice(s, a, t, weapon, "weapon")
    return [m for m in mods if m.value]


def melee_attack(ctx: Context, name: str, atk: Attack) -> Step:
    """Steps 2 to 4 of one attack, then its Injury Roll on a hit. Returns the roll's outcome."""
    s = ctx.state
    a, t = s.models[name], s.models[atk.target]
    mods = attack_dice(s, a, t, atk.weapon, atk.off_hand)
    if a.flag("diving_charge"):
        yield ev.FlagSet(name, "diving_charge", "game", None)
    outcome = yield from success_roll(ctx, name, "success_roll", mods, against=t.name)
    if outcome == "failure":
        return outcome
    t = ctx.state.models[atk.target]
    dice: list[DiceMod] = [Mod(atk.weapon.name, atk.weapon.injury_dice)]
    if outcome == "critical":
        dice.append(Mod("Critical", 1))
    if t.status == "down":
        dice.append(Mod("Down", 1))
    yield from injury_roll(ctx, t.name, name, dice, atk.weapon, f'melee attack by "{name}"')
    return outcome

"""Swing-Through: the model does not aim at one model; each of its attacks sweeps one side of its
base and is an Attack Check against every model touching that side, friend or foe. The swing
starts at one of that side's two corners and strikes the models in order of their distance from
it, the first at full MAV, the next at -1, the next at -2 and so on; the count starts again with
each attack. It works the same way for its Defensive Strikes: each one is a sweep.

- When: step 3 for its fights (``fight_attacks`` hook) and step 4 for its Defensive Strikes
  (``spend_defensive_strikes`` hook); every other rule applies to each Attack Check as usual.
- A swing is written ``"side/corner"`` (``"front/front-left"``); the corner must be one of the
  side's two ends. A model that also has Reach may instead make a swing over its friends,
  ``"reach side/corner"``: it strikes the enemies in the Reach position across the friends
  touching that side (and not the models touching the side); such a swing is its one Reach
  attack, so at most one per activation. Each attack is one kind of swing or the other.
- Choices: the fight order may give the swings, ``swings = ["front/front-left", "left/back-left"]``
  (one per attack, in order; a single string is used for every attack). A swing not given, or
  no longer possible when the melee resolves, is a ``swing_through`` decision of the model's
  side. Only sides with at least one enemy to strike are offered (for a Defensive Strike: with
  at least one attacker it may strike back at).
- Default: the side with the most enemies to strike (ties: the one holding the fight's target
  or, for a Defensive Strike, its first attacker; then a plain swing before a Reach one; then
  front, right, back, left), from the corner nearest to an enemy on it (ties: the side's first
  corner, clockwise).
- Who may strike back: enemies it struck have their Defensive Strikes as usual; friends it
  struck do not strike back. A Defensive Strike sweep passes over an attacker it may not strike
  back at (Assassin, a Defensive Strike limit used up) without an Attack Check.
- Provoke: after a hit from a Provoke model, its Defensive Strikes must sweep the side that
  model touches (either side when several provokers touch different sides).
- Nothing to sweep: attacks on a model touching none of its sides (a model it trampled), and
  Defensive Strikes at attackers touching none (a trampler), are rolled the ordinary way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import shapely

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import Model
from game.geometry.bases import SIDES
from game.geometry.reach import reach_through
from game.geometry.swing import SIDE_CORNERS, corner_points, on_side, strike_order
from game.rulesets.skirmish_d10.abilities.provoke import provokers
from game.rulesets.skirmish_d10.abilities.reach import reach_attack_made
from game.rulesets.skirmish_d10.base_size import compare_sizes
from game.rulesets.skirmish_d10.checks import alive
from game.rulesets.skirmish_d10.melee import Attack, Fight, Melee
from game.rulesets.skirmish_d10.rules import Mod, SpecialRule, has_rule, order_key, register


@dataclass(slots=True)
class ReachSwings:
    """The models that swung from the Reach position in this melee."""

    models: set[str] = field(default_factory=set)


SWING_PENALTY = -1  # per model struck before, in one swing
REACH_PREFIX = "reach "


def parse_swing(text: Any) -> tuple[str, str, str]:
    """``"front/front-left"`` -> ("b2b", "front", "front-left"); ``"reach left/back-left"``
    -> ("reach", "left", "back-left"). Raises ValueError with a message for a player."""
    if not isinstance(text, str):
        raise ValueError(f'a swing is written "side/corner", got {text!r}')
    raw = text.strip().lower()
    mode = "b2b"
    if raw.startswith(REACH_PREFIX):
        mode, raw = "reach", raw[len(REACH_PREFIX):].strip()
    side, _, corner = raw.partition("/")
    side, corner = side.strip(), corner.strip()
    if side not in SIDES:
        raise ValueError(f'"{text}": the side must be front, right, back or left')
    if corner not in SIDE_CORNERS[side]:
        raise ValueError(f'"{text}": the {side} side runs from the {SIDE_CORNERS[side][0]} '
                         f"corner to the {SIDE_CORNERS[side][1]} corner")
    return mode, side, corner


def swing_text(mode: str, side: str, corner: str) -> str:
    return f"{REACH_PREFIX if mode == 'reach' else ''}{side}/{corner}"


@order_key("fight", "swings", rule="Swing-Through")
def _check_order(model: Model, value: Any) -> str | None:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple) or not items:
        return 'give a swing ("front/front-left") or a list of them, one per attack'
    for item in items:
        try:
            mode, _, _ = parse_swing(item)
        except ValueError as exc:
            return str(exc)
        if mode == "reach" and not has_rule(model, "Reach"):
            return f'"{model.name}" has no Reach to swing over its friends'
    return None


def side_victims(melee: Melee, m: Model, mode: str, side: str) -> list[str]:
    """The models one swing at ``side`` strikes (not yet in strike order)."""
    s, table = melee.state, melee.table
    shape = table.shape(m)
    if mode == "b2b":
        polys = {o.name: table.poly(o) for o in s.models.values()
                 if o.name != m.name and alive(o)}
        return on_side(shape, m.x, m.y, m.facing, side, polys)
    friends = {o.name: table.poly(o) for o in table.touching(s, m, friends_only=True)
               if alive(o) and compare_sizes(o, m) <= 0}
    mine = table.poly(m)
    out: dict[str, None] = {}
    for fname in on_side(shape, m.x, m.y, m.facing, side, friends):
        f = s.models[fname]
        for e in table.touching(s, f, enemies_only=True):
            if alive(e) and not table.in_contact(m, e) and reach_through(
                mine, table.shape(f), f.x, f.y, f.facing, table.poly(e)
            ):
                out.setdefault(e.name)
    return list(out)


def ordered(melee: Melee, m: Model, corner: str, names: list[str]) -> list[str]:
    table = melee.table
    polys = {n: table.poly(melee.model(n)) for n in names}
    return strike_order(table.shape(m), m.x, m.y, m.facing, corner, names, polys)


def swing_options(
    melee: Melee, m: Model, modes: tuple[str, ...], sides: tuple[str, ...],
    wanted: list[str] | None, first: str | None,
) -> tuple[list[str], str | None]:
    """The swings ``m`` may make, as texts, and the default one. A swing is offered when it
    strikes an enemy (``wanted`` None) or one of ``wanted``."""
    found: list[tuple[tuple[int, int, int, int], str, str, list[str]]] = []
    for mi, mode in enumerate(modes):
        for si, side in enumerate(SIDES):
            if side not in sides:
                continue
            victims = side_victims(melee, m, mode, side)
            foes = [v for v in victims if melee.model(v).side != m.side]
            aim = foes if wanted is None else [v for v in victims if v in wanted]
            if not aim:
                continue
            rank = (-len(foes), 0 if first in victims else 1, mi, si)
            found.append((rank, mode, side, foes))
    if not found:
        return [], None
    texts = [swing_text(mode, side, c) for _, mode, side, _ in found for c in SIDE_CORNERS[side]]
    _, mode, side, foes = min(found, key=lambda f: f[0])
    pts = corner_points(melee.table.shape(m), m.x, m.y, m.facing)

    def nearest(corner: str) -> float:
        p = shapely.Point(*pts[corner])
        return min(p.distance(melee.table.poly(melee.model(v))) for v in foes) if foes else 0.0

    corner = min(SIDE_CORNERS[side], key=lambda c: (round(nearest(c), 9),
                                                    SIDE_CORNERS[side].index(c)))
    return texts, swing_text(mode, side, corner)


def _limit_left(melee: Melee, d: str, a: str) -> bool:
    lim = melee.ds_limit(d, a)
    return lim is None or lim > 0


def reach_used(melee: Melee, name: str) -> bool:
    return name in melee.rule_state(ReachSwings).models


def _planned(m: Model, i: int) -> str | None:
    plan = m.flag("fight.swings")
    if plan is None:
        return None
    if isinstance(plan, str):
        return plan
    return plan[i] if i < len(plan) else None


@register
class SwingThrough(SpecialRule):
    name = "Swing-Through"
    summary = "Each attack sweeps one side of its base, hitting everyone touching that side."
    description = ("Instead of aiming at one model, each attack (and each Defensive Strike) "
                   "sweeps one side of its base, starting at a corner: it makes an Attack "
                   "Check against every model touching that side, friend or foe, at full MAV "
                   "for the first, -1 for the next, -2 for the one after and so on.")

    def _choose(self, melee: Melee, m: Model, texts: list[str], default: str,
                planned: str | None, question: str) -> Step:
        if planned is not None:
            mode, side, corner = parse_swing(planned)
            text = swing_text(mode, side, corner)
            if text in texts:
                return text
            yield ev.RuleApplied(self.name, m.name,
                                 f'cannot swing "{planned}" now (nothing to strike there)')
        choice = yield Ask("swing_through", question, tuple(texts), default, m.name, m.side)
        return choice

    def fight_attacks(self, melee: Melee, fight: Fight, n: int) -> Step:
        name = fight.attacker
        target = melee.model(fight.target)
        if not fight.reach and not melee.table.in_contact(melee.model(name), target):
            return False  # a model it does not touch (one it trampled): rolled as usual
        for i in range(n):
            m = melee.model(name)
            if not alive(m):
                break
            modes: tuple[str, ...] = ("b2b", "reach") if has_rule(m, "Reach") and not reach_used(melee, name) \
                else ("b2b",)
            if fight.reach:
                modes = tuple(reversed(modes))
            texts, default = swing_options(melee, m, modes, SIDES, None, fight.target)
            if default is None:
                if i == 0:
                    return False  # nothing on its sides (a trampled model): rolled as usual
                yield ev.RuleApplied(self.name, name, "has no enemy on any side to swing at")
                break
            choice = yield from self._choose(
                melee, m, texts, default, _planned(m, i),
                f'Which side does "{name}" sweep with attack {i + 1} of {n}? '
                f'("side/corner"; "reach side/corner" to strike over a friend)',
            )
            mode, side, corner = parse_swing(choice)
            victims = ordered(melee, m, corner, side_victims(melee, m, mode, side))
            if mode == "reach":
                melee.rule_state(ReachSwings).models.add(name)
            yield ev.RuleApplied(
                self.name, name,
                f"{'reaches over its friends at' if mode == 'reach' else 'sweeps'} its {side} "
                f"side from the {corner} corner: {', '.join(victims)}")
            k = 0
            for v in victims:
                t = melee.model(v)
                if not alive(t):
                    continue
                if t.side != m.side:
                    melee.note_attacker(v, name)
                    if mode == "reach":
                        reach_attack_made(melee, name, v)
                mods = [Mod(self.name, SWING_PENALTY * k)] if k else []
                atk = Attack(name, v, "attack", fight, "attack", i + 1, mods)
                k += 1
                hit = yield from melee.roll(atk)
                if hit.hit:
                    melee.queue_damage(hit)
        return True

    def spend_defensive_strikes(
        self, melee: Melee, defender: Model, targets: list[str], pool: int
    ) -> Step:
        d_name = defender.name
        attacked_by = set(melee.attackers_of.get(d_name, []))
        for i in range(pool):
            d = melee.model(d_name)
            left = [a for a in targets if _limit_left(melee, d_name, a)]
            if not left:
                break
            sides: tuple[str, ...] = SIDES
            forced = provokers(melee, d, left)
            if forced:
                sides = tuple(s for s in SIDES if any(
                    melee.table.side_of(d, melee.model(p)) == s for p in forced))
            modes = ("b2b", "reach") if has_rule(d, "Reach") else ("b2b",)
            texts, default = swing_options(melee, d, modes, sides, left, left[0])
            if default is None:
                if i == 0:
                    return False  # no attacker on its sides (a trampler): spent as usual
                break
            choice = yield from self._choose(
                melee, d, texts, default, None,
                f'Which side does "{d_name}" sweep with Defensive Strike {i + 1} of {pool}? '
                f'("side/corner")',
            )
            mode, side, corner = parse_swing(choice)
            victims = ordered(melee, d, corner, side_victims(melee, d, mode, side))
            yield ev.RuleApplied(self.name, d_name,
                                 f"strikes back sweeping its {side} side from the {corner} "
                                 "corner: " + ", ".join(f'"{v}"' for v in victims))
            k = 0
            for v in victims:
                t = melee.model(v)
                if not alive(t):
                    continue
                if v in attacked_by:
                    if v not in targets or not _limit_left(melee, d_name, v):
                        continue
                    key = (d_name, v)
                    melee.ds_used_against[key] = melee.ds_used_against.get(key, 0) + 1
                mods = [Mod(self.name, SWING_PENALTY * k)] if k else []
                atk = Attack(d_name, v, "defensive", None, "defensive_strike", i + 1, mods)
                k += 1
                hit = yield from melee.roll(atk)
                if hit.hit:
                    melee.queue_damage(hit, "defensive strike")
        return True

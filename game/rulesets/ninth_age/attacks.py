"""What the Special Attacks and ranged attacks of ninth-age share: reading the values in
brackets ("D6+1", "Str 4, AP 1, Flaming Attacks"), rolling a random number of hits once per
model part, resolving automatic hits, and choosing a shooting target (front arc, line of sight,
range).

Special Attacks hit automatically and are not changed by weapons or by the part's attack
attributes: their hits use the part's own Strength and AP, or the values in the rule's
brackets (Breath Attack, Sweeping Attack), with the attributes written there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core import events as ev
from game.core import measure
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.ninth_age import combat as C
from game.rulesets.ninth_age import units as U
from game.rulesets.rank_and_flank import charges as RC
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.combat import Losses, is_engaged, remove_casualties
from game.rulesets.rank_and_flank.dice import DiceExpr, parse_dice, roll_expr

#: attack attributes a Special Attack may carry in brackets, by the words that name them
ATTRIBUTES = {"flaming attacks": "flaming", "flaming": "flaming", "lethal strike": "lethal"}


def dice_problem(param: str) -> str | None:
    try:
        parse_dice(param)
    except ValueError as exc:
        return str(exc)
    return None


@dataclass(frozen=True, slots=True)
class Bracket:
    """What a Special Attack's brackets say: the number of hits (None: the rule's own), rolled
    per model or once, Strength and AP (None: the part's), and attack attributes."""

    hits: DiceExpr | None = None
    per_model: bool = False
    strength: int | None = None
    ap: int | None = None
    flaming: bool = False
    lethal: bool = False


_STR = re.compile(r"\b(?:strength|str|s)\s*[:=]?\s*(\d+)\b")
_AP = re.compile(r"\b(?:armou?r\s+penetration|ap)\s*[:=]?\s*-?\s*(\d+)\b")
_DICE = re.compile(r"\b(\d*\s*d\s*[36](?:\s*[+-]\s*\d+)?|\d+)\b")
_FILLER = {"hit", "hits", "automatic", "with", "and", "at", "of", "per", "model", "each", "x"}


def parse_bracket(param: str | None, hits: bool = False) -> Bracket:
    """What a Special Attack's brackets say, as a profile writes them: ``"Str 4, AP 1,
    Flaming Attacks"`` (also ``S4``, ``Strength 4``, ``AP -1``), and when ``hits``, the number
    of hits: ``"D6 hits, Str 4, AP 1"``, ``"D3 hits per model, Str 3, AP 0"``, ``"2"``. Raises
    ValueError saying what is not understood."""
    if param is None or not param.strip():
        return Bracket()
    low = " ".join(param.lower().replace(",", " , ").split())
    out: dict[str, Any] = {}
    for key, rx in (("strength", _STR), ("ap", _AP)):
        m = rx.search(low)
        if m:
            v = int(m.group(1))
            if not 0 <= v <= 10:
                raise ValueError(f"{m.group(0)!r}: Strength and AP go from 0 to 10")
            out[key] = v
            low = low[:m.start()] + " " + low[m.end():]
    for words in sorted(ATTRIBUTES, key=len, reverse=True):
        if words in low:
            out[ATTRIBUTES[words]] = True
            low = low.replace(words, " ")
    if hits:
        out["per_model"] = "per model" in low or "each model" in low
        m = _DICE.search(low)
        if m:
            out["hits"] = parse_dice(m.group(1).replace(" ", "").upper())
            low = low[:m.start()] + " " + low[m.end():]
    left = [w for w in low.replace(",", " ").split() if w not in _FILLER]
    if left:
        known = "Str X, AP X, Flaming Attacks, Lethal Strike"
        raise ValueError(f"{' '.join(left)!r} is not understood (write it like: "
                         f"{'D6 hits per model, ' if hits else ''}{known})")
    return Bracket(**out)


def part_profile(s: GameState, member: str, part: int, label: str) -> C.HitProfile:
    """Hits at the part's own Strength and AP, with no attack attributes."""
    p = U.parts(s, member)[part]
    return C.HitProfile(p.str_, p.ap, label)


def roll_count(ctx: Context, expr: DiceExpr, purpose: str, member: str, target: str,
               models: int) -> Step:
    """The number of hits of ``models`` model parts: a random number is rolled for each one
    (one ``dice_rolled`` event each). Returns the total."""
    total = 0
    for _ in range(models):
        total += yield from roll_expr(ctx, expr, purpose, member, target)
    return total


def resolve_counted(ctx: Context, combat: Any, st: Any, losses: dict[str, Losses], expr: DiceExpr,
                    purpose: str, label: str) -> Step:
    """A Special Attack of X hits per model part at the part's Strength and AP."""
    hits = yield from roll_count(ctx, expr, purpose, st.member, st.target, len(st.models))
    s = ctx.state
    who = C.part_label(s, st.member, st.part)
    yield ev.RuleApplied(label, st.member, f"{who}causes {hits} automatic "
                         f"hit{'s' if hits != 1 else ''}", st.target)
    if hits:
        yield from C.resolve_hits(ctx, combat, st.member, st.target, hits,
                                  part_profile(s, st.member, st.part, label), losses)


def resolve_ranged(ctx: Context, member: str, target: str, hits: int, prof: C.HitProfile) -> Step:
    """Hits of a ranged attack (not in a round of combat): resolved and their casualties
    removed at once; they count toward no combat score."""
    losses: dict[str, Losses] = {}
    yield from C.resolve_hits(ctx, None, member, target, hits, prof, losses)
    yield from remove_casualties(ctx, losses, U.hp_per_model, prof.source)


# --- shooting targets ------------------------------------------------------------------------------


def can_shoot(s: GameState, unit: str) -> bool:
    """Not fleeing, not in combat, not Shaken (rallied or failed a charge this turn)."""
    rec = s.units[unit]
    if rec.status != "active" or not U.on_table(s, unit) or is_engaged(s, unit):
        return False
    return not (rec.flag("rallied") or rec.flag("charge_failed"))


def in_range(s: GameState, unit: str, target: str, inches: float) -> bool:
    return measure.within(RC.gap(s, unit, target), inches)


def targets(s: GameState, unit: str, inches: float | None,
            sees: Callable[[GameState, str, str], bool] = RC.line_of_sight) -> list[str]:
    """Enemy units the unit may shoot: on the table, not in combat, (partly) in its front arc,
    in its line of sight (``sees``) and within ``inches`` (None: any distance); nearest
    first."""
    side = s.units[unit].side
    out = []
    for uid, rec in s.units.items():
        if rec.side == side or not U.on_table(s, uid) or U.host(s, uid) != uid:
            continue
        if rec.formation is None or is_engaged(s, uid):
            continue
        if inches is not None and not in_range(s, unit, uid, inches):
            continue
        if not RC.in_front_arc(s, unit, uid) or not sees(s, unit, uid):
            continue
        out.append(uid)
    return sorted(out, key=lambda u: (RC.gap(s, unit, u), list(s.units).index(u)))


def distance(s: GameState, unit: str, target: str) -> float:
    return space.rects_distance(space.unit_key(s, unit), space.unit_key(s, target))


__all__ = ["ATTRIBUTES", "Bracket", "can_shoot", "dice_problem", "distance", "in_range",
           "parse_bracket", "part_profile", "resolve_counted", "resolve_ranged", "roll_count",
           "targets"]

"""What the ninth-age rules ask about a unit: its profile, parts, rules and flags, Discipline,
Height, Full Ranks and Line Formation, and the Discipline tests it takes.

A unit with characters in it acts as one for tests (the best Discipline); Stubborn of a
character in it counts for the unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterable

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age.profile import Part, UnitProfile, profiles
from game.rulesets.ninth_age.rules import RULES, NinthAgeRule
from game.rulesets.rank_and_flank.units import (
    alive,
    characters_in,
    files_ranks,
    host,
    lead,
    members,
    name,
    on_table,
    rank_sizes,
)

#: flags a joined character gives the unit it is in
SPREADING = frozenset({"stubborn"})


def profile(s: GameState, unit: str) -> UnitProfile:
    return profiles(s)[unit]


def parts(s: GameState, unit: str) -> tuple[Part, ...]:
    return profile(s, unit).parts


def part_rules(part: Part) -> tuple[NinthAgeRule, ...]:
    return RULES.rules_for(part.rules)


def part_flags(part: Part) -> set[str]:
    out: set[str] = set()
    for r in part_rules(part):
        out.update(r.flags)
    return out


def rules(s: GameState, unit: str) -> tuple[NinthAgeRule, ...]:
    """The rules of the whole model (the unit's ``rules``)."""
    return RULES.rules_for(lead(s, unit).rules)


def own_flags(s: GameState, unit: str) -> set[str]:
    """The facts the unit's rules and its parts' rules give."""
    key = ("flags", unit)
    got: set[str] | None = s.derived.get(key)
    if got is None:
        u = s.units[unit]
        got = set()
        for r in rules(s, unit):
            got.update(r.unit_flags(s, u))
        for p in parts(s, unit):
            got |= part_flags(p)
        s.derived[key] = got
    return got


def flags(s: GameState, unit: str) -> set[str]:
    """The facts the rules ask about the unit as it fights: its own, and what its characters
    spread to it."""
    h = host(s, unit)
    out = set(own_flags(s, h))
    for c in characters_in(s, h):
        out |= own_flags(s, c) & SPREADING
    return out


def has(s: GameState, unit: str, flag: str) -> bool:
    return flag in flags(s, unit)


def hooked(s: GameState, unit: str, hook: str) -> Iterable[tuple[str, NinthAgeRule]]:
    """Every rule of the unit's models and its characters' that changes ``hook``."""
    for u in members(s, unit):
        for r in RULES.hooked(lead(s, u).rules, hook):
            yield u, r


def stat(s: GameState, unit: str, key: str) -> int:
    return lead(s, unit).stat(key)


def discipline(s: GameState, unit: str) -> int:
    """The best Discipline among the unit and its characters."""
    return max(stat(s, u, "Dis") for u in members(s, unit))


def height(s: GameState, unit: str) -> K.Height:
    return profile(s, host(s, unit)).height


def full_ranks(s: GameState, unit: str) -> int:
    """Ranks with at least as many models as the unit's Height needs for a Full Rank."""
    need = height(s, unit).full_rank
    return sum(1 for n in rank_sizes(s, unit) if n >= need)


def line_formation(s: GameState, unit: str) -> bool:
    """Ranks of eight models or more."""
    return files_ranks(s, unit)[0] >= K.LINE_FORMATION


def rank_bonus(s: GameState, unit: str) -> int:
    """+1 per Full Rank after the first, three at most; none in Line Formation."""
    if line_formation(s, unit):
        return 0
    return min(K.MAX_RANK_BONUS, max(0, full_ranks(s, unit) - 1))


def hp_per_model(s: GameState, unit: str) -> int:
    return profile(s, unit).hp


def hp_left(s: GameState, unit: str) -> int:
    carried = s.units[unit].counters.get("wounds_carried", 0)
    return len(alive(s, unit)) * hp_per_model(s, unit) - carried


def fleeing(s: GameState, unit: str) -> bool:
    return s.units[unit].status == "fleeing"


def discipline_test(ctx: Context, unit: str, purpose: str, why: str, label: str,
                    mods: Iterable[tuple[str, int]] = (), against: str | None = None) -> Step:
    """A Discipline test: 2D6 at or under the unit's best Discipline, changed by ``mods``,
    passes (no roll passes or fails by itself). ``label`` names the test in the log ("Panic
    test"). Returns True on a pass."""
    s = ctx.state
    mods = tuple(m for m in mods if m[1])
    dis = discipline(s, unit) + sum(v for _, v in mods)
    faces = (ctx.roll(K.DIE, purpose), ctx.roll(K.DIE, purpose))
    total = sum(faces)
    ok = total <= dis
    yield ev.DiceRolled(purpose, unit, "2d6", faces, faces, mods, total, dis,
                        "pass" if ok else "fail", against)
    if why:
        yield ev.RuleApplied(label, unit, f"{'passes' if ok else 'fails'} {why}", against)
    return ok


__all__ = [
    "alive", "lead", "discipline", "discipline_test", "flags", "fleeing", "full_ranks", "has", "height",
    "hooked", "host", "hp_left", "hp_per_model", "line_formation", "members", "name",
    "on_table", "own_flags", "part_flags", "part_rules", "parts", "profile", "rank_bonus",
    "rules", "stat",
]

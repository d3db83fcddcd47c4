"""What the old-world rules ask about a unit: its profile, rules and flags, Leadership, Unit
Strength, ranks and files, and the Leadership and characteristic tests it takes.

A unit with characters in it acts as one for tests and Unit Strength (the best Leadership;
the sum of Unit Strengths). Fear, Terror, Stupidity, Indomitable and Necromantic Undead of a
joined character act on the combined unit; immunity to Fear and Terror comes only from the
unit's own models (a character does not lend it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterable

from game.core import events as ev
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.old_world import constants as K
from game.rulesets.old_world.profile import UnitProfile, profiles
from game.rulesets.old_world.rules import RULES, OldWorldRule
from game.rulesets.rank_and_flank import combat as RC
from game.rulesets.rank_and_flank.units import (  # the same for every rank-and-flank ruleset
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
SPREADING = frozenset({"fear", "terror", "stupidity", "undead"})


def profile(s: GameState, unit: str) -> UnitProfile:
    return profiles(s)[unit]


def rules(s: GameState, unit: str) -> tuple[OldWorldRule, ...]:
    return RULES.rules_for(lead(s, unit).rules)


def own_flags(s: GameState, unit: str) -> set[str]:
    u = s.units[unit]
    out: set[str] = set()
    for r in rules(s, unit):
        out.update(r.unit_flags(s, u))
    return out


def flags(s: GameState, unit: str) -> set[str]:
    """The facts the rules ask about the unit as it fights: its own, and what its characters
    spread to it."""
    h = host(s, unit)
    out = own_flags(s, h)
    for c in characters_in(s, h):
        out |= own_flags(s, c) & SPREADING
    if "undead" in out:
        out |= {"fear", "immune_to_psychology", "unbreakable", "unstable", "no_march"}
    return out


def has(s: GameState, unit: str, flag: str) -> bool:
    return flag in flags(s, unit)


def hooked(s: GameState, unit: str, hook: str) -> Iterable[tuple[str, OldWorldRule]]:
    """Every rule of the unit and its characters that changes ``hook``, with whose rule it is."""
    for u in members(s, unit):
        for r in RULES.hooked(lead(s, u).rules, hook):
            yield u, r


def frightens(s: GameState, scary: str, unit: str) -> bool:
    """Whether ``scary``'s Fear works on ``unit``: units that cause Fear are immune to it,
    except to the Fear of units that cause Terror; units that cause Terror are immune to both;
    a character's Fear or Terror lends its unit no immunity."""
    if not has(s, scary, "fear") or has(s, unit, "immune_to_psychology"):
        return False
    own = own_flags(s, host(s, unit))
    if "terror" in own:
        return False
    return "fear" not in own or has(s, scary, "terror")


def stat(s: GameState, unit: str, key: str) -> int:
    return lead(s, unit).stat(key)


def leadership(s: GameState, unit: str) -> int:
    """The best Leadership among the unit and its characters."""
    return max(stat(s, u, "Ld") for u in members(s, unit))


def models_left(s: GameState, unit: str) -> int:
    return len(alive(s, unit))


def unit_strength(s: GameState, unit: str) -> int:
    """Models on the table times each one's Unit Strength, characters in the unit added."""
    total = 0
    for u in members(s, unit):
        p = profile(s, u)
        n = len(alive(s, u))
        if p.troop.unit_strength:
            total += n * p.troop.unit_strength
        else:  # monsters, war machines: their starting Wounds each (less those lost: none)
            total += n * p.wounds
    return total


def wounds_left(s: GameState, unit: str) -> int:
    return RC.wounds_left(s, unit, profile(s, unit).wounds)


def combat_order(s: GameState, unit: str) -> bool:
    """At least as wide as it is deep."""
    files, ranks = files_ranks(s, unit)
    return files >= ranks


def fleeing(s: GameState, unit: str) -> bool:
    return s.units[unit].status == "fleeing"


# --- tests ---------------------------------------------------------------------------------------


#: the names of the Leadership tests (their roll's purpose is always ``leadership``)
TESTS = {"fear": "Fear test", "terror": "Terror test", "stupidity": "Stupidity test",
         "rally": "Rally test", "march": "March test", "restraint": "Restraint test",
         "panic": "Panic test"}


def leadership_test(ctx: Context, unit: str, test: str, why: str, mods: Iterable[tuple[str, int]] = (),
                    against: str | None = None, double_one_only: bool = False) -> Step:
    """A Leadership test (``test`` names it: ``fear``, ``rally``...): 2D6 at or under the
    unit's best Leadership (with ``mods`` to the Leadership) passes; a double 1 always passes,
    a double 6 always fails (``double_one_only``: nothing else passes). The roll is a
    ``leadership`` roll; the log line after it says which test it was. Returns True on a
    pass."""
    s = ctx.state
    mods = tuple(m for m in mods if m[1])
    ld = max(0, leadership(s, unit) + sum(v for _, v in mods))
    faces = (ctx.roll(K.DIE, "leadership"), ctx.roll(K.DIE, "leadership"))
    total = sum(faces)
    ok = total == 2 or (not double_one_only and total != 12 and total <= ld)
    word = "pass" if ok else "fail"
    yield ev.DiceRolled("leadership", unit, "2d6", faces, faces, (), total,
                        2 if double_one_only else ld, word, against)
    name = TESTS.get(test, test.replace("_", " ").capitalize())
    shown = f" ({ld_mods_text(mods)})" if mods else ""
    yield ev.RuleApplied(name, unit, f"{'passes' if ok else 'fails'} it{shown}"
                         + (f" {why}" if why else ""), against)
    return ok


def ld_mods_text(mods: Iterable[tuple[str, int]]) -> str:
    return ", ".join(f"{src} {v:+d}" for src, v in mods if v)


__all__ = [
    "SPREADING", "alive", "lead", "combat_order", "files_ranks", "flags", "fleeing", "has", "host", "hooked",
    "leadership", "leadership_test", "members", "models_left", "name", "on_table", "own_flags",
    "profile", "rank_sizes", "rules", "stat", "unit_strength", "wounds_left",
]

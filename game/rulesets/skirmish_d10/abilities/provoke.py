"""Provoke: an enemy this model hit in the melee must spend all its Defensive Strikes on it.
When several Provoke models hit the same enemy, that enemy's controller shares its Defensive
Strikes among them as it likes.

Hook ``allocate`` in step 4. One provoker that can be struck back at: every strike goes to it
(up to any limit on strikes against it). Several: a ``provoke`` decision for the defending side,
a list of provoker names, one per Defensive Strike (default: one at a time, in the order they
attacked). If no provoker can be struck back at (out of B2B, Assassin...), the Defensive Strikes
are spent as usual: the rule directs them, it does not forbid them.
"""

from __future__ import annotations

from game.core import events as ev
from game.core.decisions import PICK_MODELS, Ask
from game.core.ruleset import Step
from game.core.state import Model
from game.rulesets.skirmish_d10.melee import Melee
from game.rulesets.skirmish_d10.rules import SpecialRule, has_rule, register


def provokers(melee: Melee, defender: Model, attackers: list[str]) -> list[str]:
    """The attackers with Provoke that hit ``defender`` in this melee, in the given order."""
    hit_by = {h.attack.attacker for h in melee.hits
              if h.attack.target == defender.name and h.attack.kind == "attack"}
    return [a for a in attackers if a in hit_by and has_rule(melee.model(a), "Provoke")]


@register
class Provoke(SpecialRule):
    name = "Provoke"
    summary = "An enemy it hits must aim all its Defensive Strikes at it."
    description = ("An enemy this model hit in the melee must spend all its Defensive Strikes "
                   "on it. When several models with Provoke hit the same enemy, that enemy's "
                   "player shares its Defensive Strikes among them.")

    def allocate(
        self, melee: Melee, defender: Model, attackers: list[str], pool: int
    ) -> list[str] | Step | None:
        found = provokers(melee, defender, attackers)
        if not found:
            return None
        return self._plan(melee, defender, found, pool)

    def _plan(self, melee: Melee, defender: Model, found: list[str], pool: int) -> Step:
        d = defender.name
        if len(found) == 1:
            p = found[0]
            lim = melee.ds_limit(d, p)
            n = pool if lim is None else max(0, min(pool, lim))
            yield ev.RuleApplied(self.name, p, f'"{d}" must strike back at it', d)
            return [p] * n
        default = melee.default_allocation(d, found, pool)
        quoted = ", ".join(f'"{n}"' for n in found)
        plan = yield Ask(
            "provoke",
            f'"{d}" was provoked by {quoted}: which one does each of its {pool} '
            f"Defensive Strike{'s' if pool != 1 else ''} go to?",
            (), default, d, defender.side,
            check=lambda ans: melee.allocation_problem(d, found, pool, ans),
            pick=PICK_MODELS, choices=tuple(found), count=pool,
        )
        yield ev.RuleApplied(self.name, None,
                             f'"{d}" shares its Defensive Strikes among its provokers', d)
        return list(plan)

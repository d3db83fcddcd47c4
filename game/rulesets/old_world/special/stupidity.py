"""Stupidity: a Leadership test at the start of each of its turns; on a failure the unit
stands dumbly until its next turn starts."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context


from game.core import events as ev
from game.core.ruleset import Step
from game.rulesets.old_world.rules import OldWorldRule, register


@register
class Stupidity(OldWorldRule):
    name = "Stupidity"
    flags = frozenset({"stupidity"})
    summary = "Tests Leadership as each of its turns starts; on a failure it may not move or shoot that turn."
    description = ("At the start of each of its own turns, unless it is fleeing or in combat, "
                   "the unit takes a Leadership test. If it fails it is Stupid until its next "
                   "turn starts: it may not move (except to flee), shoot or cast spells, and "
                   "must hold if charged. It still fights and takes Break tests. A character "
                   "with Stupidity passes it on to the unit it joins.")

    def start_of_turn(self, ctx: Context, unit: str) -> Step:
        from game.rulesets.old_world import units as U
        from game.rulesets.rank_and_flank.combat import is_engaged

        s = ctx.state
        host = U.host(s, unit)
        if U.fleeing(s, host) or is_engaged(s, host):
            return
        if s.units[host].flag("stupidity_tested"):
            return
        yield ev.UnitFlagSet(host, "stupidity_tested", "player_turn", True)
        ok = yield from U.leadership_test(ctx, host, "stupidity", "")
        if not ok:
            yield ev.UnitConditionAdded(host, "stupid", "Stupidity",
                                        (("turn", ctx.state.turn),))

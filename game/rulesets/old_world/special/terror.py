"""Terror: causes Fear; a unit it charges tests Leadership at once or flees; losers of a combat
it wins test to break at -1 Leadership."""

from __future__ import annotations

from game.rulesets.old_world.rules import OldWorldRule, register


@register
class Terror(OldWorldRule):
    name = "Terror"
    flags = frozenset({"terror", "fear"})
    summary = ("Causes Terror: the units it charges may flee at once, and losers against it "
               "break more easily.")
    description = ("The unit also causes Fear. When it declares a charge, the target takes a "
                   "Leadership test straight away: if it fails it must flee; if it passes it "
                   "reacts as usual (a unit that may not flee does not test). When a side with "
                   "a Terror-causing unit wins a combat, each losing unit takes its Break test "
                   "at -1 Leadership. Units that cause Terror are immune to it; causing Fear "
                   "gives no protection.")

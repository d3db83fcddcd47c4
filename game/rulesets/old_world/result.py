"""After a round of combat in old-world: the combat result item by item, Unstable, Break tests
and what the losers and winners do next (give ground, fall back in good order, flee, follow
up, pursue).

Dice order: the Break tests of the losing units (2D6 each, in the order they joined the
combat), then the flee rolls of the units that fall back (2D6, the higher counts) or flee
(2D6), then the winners' pursuit rolls (2D6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from typing import Any

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.core.state import GameState
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import units as U
from game.rulesets.old_world.combat import take_wounds
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import result as RR
from game.rulesets.rank_and_flank import space
from game.rulesets.rank_and_flank.combat import Combat, engaged_with
from game.rulesets.rank_and_flank.flow import other_side
from game.rulesets.rank_and_flank.moves import flee, follow_up, give_ground, pursue
from game.rulesets.rank_and_flank.result import facings_fought, present, totalled


def disrupted(s: GameState, unit: str) -> bool:
    """Disrupted: engaged in a flank or the rear by an enemy unit big enough (Unit Strength 5,
    10 against heavy infantry), or made so by a rule (First Charge)."""
    if "disrupted" in s.units[unit].conditions:
        return True
    need = U.profile(s, unit).troop.disrupt_us
    for e in engaged_with(s, unit):
        facing = space.facing_touched_by(s, unit, e)
        if facing in ("left", "right", "rear") and U.unit_strength(s, e) >= need:
            return True
    return False


def rank_bonus(s: GameState, unit: str) -> int:
    """+1 per rank behind the first with enough models for the troop type, up to its maximum;
    only in Combat Order and when not Disrupted."""
    troop = U.profile(s, unit).troop
    if not troop.rank_width or not U.combat_order(s, unit) or disrupted(s, unit):
        return 0
    full = sum(1 for n in U.rank_sizes(s, unit)[1:] if n >= troop.rank_width)
    return min(full, troop.max_rank_bonus)


def side_scores(s: GameState, combat: Combat) -> dict[int, dict[str, int]]:
    """Each side's combat result, item by item, with its total."""
    out: dict[int, dict[str, int]] = {}
    us = {side: sum(U.unit_strength(s, u) for u in combat.side(s, side) if U.on_table(s, u))
          for side in (1, 2)}
    for side in (1, 2):
        mine = present(s, combat, side)
        shot = sum(got[1] for u in mine if (got := s.units[u].flag("shot_wounds"))
                   and got[0] in combat.units)  # Stand and Shoot this turn
        sc = {"wounds": combat.inflicted[side] + shot}
        sc["ranks"] = max((rank_bonus(s, u) for u in mine), default=0)
        command = set().union(*(U.profile(s, m).command for u in mine for m in U.members(s, u))) \
            if mine else set()
        sc["standard"] = 1 if "standard" in command else 0
        sc["battle_standard"] = 1 if "battle standard" in command else 0
        fought = facings_fought(s, combat, side)  # the facings of each enemy unit fought
        sc["flank"] = sum(1 for touched in fought if touched & {"left", "right"})
        sc["rear"] = sum(2 for touched in fought if "rear" in touched)
        sc["high_ground"] = 0
        sc["overkill"] = 0
        infantry = any(U.profile(s, u).troop.infantry for u in mine)
        sc["massed_infantry"] = 1 if infantry and us[side] > us[other_side(side)] else 0
        sc["close_order"] = sum(
            1 for u in mine if U.has(s, u, "close_order") and U.combat_order(s, u)
            and U.unit_strength(s, u) >= K.CLOSE_ORDER_US)
        sc["musician"] = 0
        out[side] = sc
    totalled(out)
    if K.MUSICIAN_BREAKS_TIES and out[1]["total"] == out[2]["total"]:
        bands = {side: any("musician" in U.profile(s, u).command for u in combat.side(s, side)
                           if U.on_table(s, u)) for side in (1, 2)}
        if bands[1] != bands[2]:
            side = 1 if bands[1] else 2
            out[side]["musician"] = 1
            out[side]["total"] += 1
    return out


def work_out(ctx: Context, combat: Combat) -> Step:
    """The combat result; returns (winner or None, the difference)."""
    return (yield from RR.work_out(ctx, combat, side_scores(ctx.state, combat)))


def after_result(ctx: Context, combat: Combat, winner: int | None, diff: int) -> Step:
    """Unstable, Break tests, then the moves of losers and winners."""
    if winner is None:
        names = " and ".join(U.name(ctx.state, u) for u in combat.units if U.on_table(ctx.state, u))
        yield ev.RuleApplied("Combat result", None, f"a draw: {names} stay locked in combat"
                             if names else "a draw: nobody is left standing")
        return
    loser = other_side(winner)
    s = ctx.state
    losers = [u for u in combat.side(s, loser) if U.on_table(s, u)]
    winners = [u for u in combat.side(s, winner) if U.on_table(s, u)]
    for u in losers:
        yield from unstable(ctx, u, diff)
    outcomes: dict[str, str] = {}
    for u in losers:
        if not U.on_table(ctx.state, u):
            continue
        outcomes[u] = yield from break_test(ctx, combat, u, diff, winners)
    yield from ctx_check_winner(ctx)
    if ctx.state.game_over:
        return
    plans: dict[str, bool] = {}
    for w in winners:
        s = ctx.state
        if not U.on_table(s, w):
            continue
        foes = [u for u in outcomes if u in engaged_with(s, w)]
        if not foes:
            continue
        still = [e for e in engaged_with(s, w) if e not in outcomes]
        if still:
            continue  # still fighting another enemy: it may not pursue or follow up
        if "stupid" in s.units[w].conditions:
            plans[w] = False
            yield ev.RuleApplied("Stupidity", w, "is Stupid: it stays where it is")
            continue
        keen = yield Ask("pursue", f"Should {U.name(s, w)} pursue or follow up the beaten enemy?",
                         (True, False), True, side=s.units[w].side)
        if not keen:  # holding back takes a Restraint test: a failure pursues anyway
            held = yield from U.leadership_test(ctx, w, "restraint", "")
            keen = not held
        plans[w] = bool(keen)
    targets: dict[str, tuple[str, str]] = {}  # winner -> (loser, outcome) it goes after
    for w, keen in plans.items():
        if not keen:
            continue
        foes = [u for u in outcomes if u in engaged_with(ctx.state, w)]
        targets[w] = (foes[0], outcomes[foes[0]])
    moved: dict[str, Any] = {}
    for u, outcome in outcomes.items():
        s = ctx.state
        if not U.on_table(s, u):
            continue
        enemies = [w for w in winners if U.on_table(s, w) and w in engaged_with(s, u)]
        if outcome == "give_ground":
            moved[u] = yield from give_ground(ctx, u, enemies or winners, K.GIVE_GROUND)
        else:
            biggest = max(enemies or winners, key=lambda w: U.unit_strength(ctx.state, w))
            moved[u] = yield from flee(ctx, u, biggest, "fall_back" if outcome == "fall_back" else "break")
    for w, (u, outcome) in targets.items():
        s = ctx.state
        if not U.on_table(s, w):
            continue
        if outcome == "give_ground":
            if U.on_table(s, u):
                yield from follow_up(ctx, w, u, moved.get(u))
        else:
            yield from pursue(ctx, w, u)
    yield from ctx_check_winner(ctx)


def ctx_check_winner(ctx: Context) -> Step:
    yield from F.phased(ctx).check_winner(ctx)


def unstable(ctx: Context, unit: str, diff: int) -> Step:
    """An Unstable unit on the losing side loses a Wound per point of difference, less its best
    Indomitable, with no save of any kind."""
    s = ctx.state
    if not U.has(s, unit, "unstable") or diff <= 0:
        return
    shield = max((r.indomitable() for _, r in U.hooked(s, unit, "indomitable")), default=0)
    lost = max(0, diff - shield)
    why = f"lost the combat by {diff}" + (f", Indomitable ({shield})" if shield else "")
    yield ev.RuleApplied("Unstable", unit, f"loses {lost} Wound{'s' if lost != 1 else ''} ({why})")
    if lost:
        yield from take_wounds(ctx, unit, lost, "Unstable")


def break_test(ctx: Context, combat: Combat, unit: str, diff: int, winners: list[str]) -> Step:
    """One losing unit's Break test; returns ``give_ground``, ``fall_back`` or ``break``."""
    s = ctx.state
    if U.has(s, unit, "unbreakable"):
        yield ev.RuleApplied("Unbreakable", unit, "takes no Break test: it gives ground")
        return "give_ground"
    if U.has(s, unit, "stubborn") and not s.units[unit].flag("stubborn_used"):
        yield ev.UnitFlagSet(unit, "stubborn_used", "game", True)
        yield ev.RuleApplied("Stubborn", unit, "falls back in good order instead of testing")
        return "fall_back"
    ld = U.leadership(s, unit)
    mods = []
    terror = [w for w in winners if U.on_table(s, w) and U.has(s, w, "terror")]
    if terror:  # every losing unit, even one that causes Terror itself
        mods.append(("Terror", -1))
    ld += sum(v for _, v in mods)
    faces = (ctx.roll(K.DIE, "break_test"), ctx.roll(K.DIE, "break_test"))
    natural = sum(faces)
    total = natural + diff
    if natural == 2:
        outcome = "give_ground"
    elif natural > ld:
        outcome = "break"
    elif total > ld:
        outcome = "fall_back"
    else:
        outcome = "give_ground"
    note = ""
    if outcome == "fall_back":
        ours = sum(U.unit_strength(s, u) for u in combat.side(s, s.units[unit].side)
                   if U.on_table(s, u))
        theirs = sum(U.unit_strength(s, w) for w in winners if U.on_table(s, w))
        if theirs > 2 * ours:
            outcome = "break"
            note = f" (the winners' Unit Strength {theirs} is more than twice {ours})"
    words = {"give_ground": "gives ground", "fall_back": "falls back in good order",
             "break": "breaks and flees"}
    mod_text = tuple([("combat result", diff)] if diff else [])
    yield ev.DiceRolled("break_test", unit, "2d6", faces, faces, mod_text, total, ld, outcome,
                        None)
    yield ev.RuleApplied("Break test", unit,
                         f"{words[outcome]}{note}" + (" (Terror: -1 Leadership)" if mods else ""))
    return outcome

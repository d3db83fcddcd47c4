"""old-world: player turns of four phases, units in formation, and what each phase does by
itself. See docs/rules/old-world.md.

- Strategy: at its start, the side's units' Stupid and Incorporeal states end, Stupidity
  tests are taken, the Spectral Coach may turn Incorporeal, fleeing units test to rally.
- Movement: charges are declared first (``charge`` orders, each target reacting at once);
  the first other order (or the end of the phase) moves the chargers in the order declared,
  then the fleeing units that failed to rally flee on; then ``move`` orders.
- Shooting: ``shoot`` orders, one per unit (see ``shooting.py``), each followed by the Panic
  tests it causes.
- Combat: at its start every combat is fought, in the order the combats began: a round, the
  combat result, Break tests, flee and pursuit. As it ends, Disrupted from First Charge ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Mapping, Sequence
from typing import Any

from game.core import events as ev
from game.core.ruleset import (
    CHOICE,
    CHOICES,
    ENEMY,
    FACING,
    POINT,
    UNIT,
    WHOLE,
    RollCount,
    RuleInfo,
    Step,
    UIAction,
    UnitField,
)
from game.core.scenario import Scenario
from game.core.state import GameState, Handler
from game.rulesets.common.conditions import PHASE_END, PLAYER_TURN_START, Conditions, Ends, plain
from game.rulesets.common.orders import Orders
from game.rulesets.common.turns import Phase, Stage
from game.rulesets.old_world import charges, combat, movement, panic, result, shooting
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import units as U
from game.rulesets.old_world.profile import check_unit, placements, profile_of
from game.rulesets.old_world.rules import RULES
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import moves
from game.rulesets.rank_and_flank import units as RF
from game.rulesets.rank_and_flank.combat import fight_all, is_engaged
from game.rulesets.rank_and_flank.setup import build_state
from game.rulesets.rank_and_flank.units import alive
from game.rulesets.rank_and_flank.victory import VictoryRules

#: the orders a unit may be given, each in its phase
ORDERS: Orders[F.PhasedRun] = Orders()
ORDERS.declare("charge", charges.declare, ("target",), phase="movement", label="Charge")
ORDERS.declare("move", movement.move, ("path", "march"), phase="movement", label="Move")
ORDERS.declare("shoot", shooting.shoot, ("target", "weapon"), phase="shooting", label="Shoot")

UI_ACTIONS = (
    UIAction("charge", "Charge", "c", ENEMY, "Declare a charge: click an enemy unit in the front "
             "arc (charges move when the next other order is given)"),
    UIAction("move", "Move", "g", POINT, "Move the selected unit: click ahead to wheel and "
             "advance, behind to step back, beside to move sideways"),
    UIAction("reform", "Reform", "r", FACING, "Reform the selected unit to face where you click "
             "(its whole move)", order="move"),
    UIAction("shoot", "Shoot", "s", ENEMY, "Shoot with the selected unit's missile weapon: "
             "click an enemy unit it sees and has in range"),
)

#: what a unit's state means for players, and when a condition ends by itself
CONDITIONS = Conditions(
    plain("engaged", "Engaged", "In base contact with an enemy unit: it fights in each "
          "Combat phase and may not move away."),
    plain("disrupted", "Disrupted", "Its ranks are in disorder: it gets no Rank Bonus. An "
          "enemy unit of Unit Strength 5 or more in its flank or rear, or a First Charge, does "
          "this.", ends=Ends(PHASE_END, "the Combat phase ended", phase="combat")),
    plain("stupid", "Stupid", "Failed its Stupidity test: until its next turn starts it may "
          "not move except to flee, and must hold if charged.",
          ends=Ends(PLAYER_TURN_START, "its turn starts")),
    plain("incorporeal", "Incorporeal", "The Spectral Coach has become Incorporeal: Ethereal "
          "and flying, but without Impact Hits.",
          ends=Ends(PLAYER_TURN_START, "its turn starts")),
    plain("fleeing", "Fleeing", "Broke or fled from a charge: it runs, may not charge, and "
          "must rally in its next Strategy phase."),
    plain("fled", "Fled", "Ran off the table: out of the game."),
    plain("destroyed", "Destroyed", "Every model was removed, or it was caught fleeing."),
)

UNIT_FIELDS = (
    UnitField("troop_type", "Troop type", CHOICE, tuple(K.TROOP_TYPES), "regular infantry",
              "What kind of troops they are: it sets the ranks the unit needs for its Rank "
              "Bonus, its Unit Strength and how it moves."),
    UnitField("armour", "Armour save", WHOLE, (), None,
              "The roll of a D6 that saves a wound, before modifiers: 2 to 6 (2+ to 6+), or "
              "7 (or empty) for none. It is the save of all its armour, a shield included."),
    UnitField("command", "Command", CHOICES, K.COMMAND, None,
              "The unit's command group: a champion, a standard, a musician, the battle "
              "standard."),
    UnitField("joins", "Joins", UNIT, (), None,
              "A character (a unit of one model) that starts the game in the front rank of "
              "another unit of its side."),
)


class OldWorld(F.PhasedRuleset):
    id = K.RULESET_ID
    title = K.TITLE
    profile = K.PROFILE
    base_sizes: Mapping[str, tuple[float, float]] = {}
    default_base = "25x25"
    die_sides = K.DIE
    damage_unit = "Wounds"
    unit_keys = frozenset({"troop_type", "armour", "command", "joins", "points"})
    actions = ORDERS
    condition_registry = CONDITIONS

    # -- victory (docs/rules/old-world.md, "Victory") ----------------------------------------
    victory = VictoryRules(fleeing=0.5, reduced=0.5, reduced_at=0.25, general=K.VP_GENERAL,
                           battle_standard=K.VP_BATTLE_STANDARD, standard=K.VP_STANDARD)

    def strength(self, state: GameState, unit: str) -> tuple[int, int]:
        """Unit Strength now and at the start (Wounds, for troop types whose Unit Strength is
        their Wounds)."""
        p = U.profile(state, unit)
        if p.troop.unit_strength:
            per = p.troop.unit_strength
            return len(U.alive(state, unit)) * per, p.start_models * per
        return U.wounds_left(state, unit), p.start_models * p.wounds

    def victory_margin(self, state: GameState) -> int:
        return K.VP_MARGIN

    def victory_grade(self, state: GameState, scored: dict[int, int], winner: int) -> str:
        loser = scored[2 if winner == 1 else 1]
        return "a crushing victory" if scored[winner] >= 2 * loser else ""

    # -- the odds --------------------------------------------------------------------------
    # -- for the AI ------------------------------------------------------------------------
    # -- scenario ------------------------------------------------------------------------
    def check_unit(self, unit: dict[str, Any], where: str) -> None:
        check_unit(unit)

    def formation_placements(self, unit: dict[str, Any], x: float, y: float,
                             facing: float) -> list[tuple[float, float, float]] | None:
        return placements(unit, x, y, facing)

    def check_scenario(self, scenario: Scenario) -> None:
        ids = {u.id: (i, u) for i, u in enumerate(scenario.units)}
        for i, u in enumerate(scenario.units):
            if u.joins is None:
                continue
            host = ids[u.joins][1]
            mine = {r.split("(")[0].strip().lower() for r in u.rules}
            theirs = {r.split("(")[0].strip().lower() for r in host.rules}
            for rule in ("necromantic undead", "unbreakable", "ethereal", "fly"):
                if (rule in mine) != (rule in theirs):
                    raise ValueError(f'units[{i}] "{u.id}": joins "{host.id}", but only units '
                                     f"that both have {rule.title()} (or both lack it) may join")

    def initial_state(self, scenario: Scenario, seed: int) -> GameState:
        state = build_state(self, scenario, seed, lambda u: u.stats, self.reducers(),
                            K.DEFAULT_FILES)
        state.book["profiles"] = {u.id: profile_of(u) for u in scenario.units}
        return state

    def reducers(self) -> Mapping[type[ev.Event], Handler]:
        return {**F.FLOW_REDUCERS, **RF.REDUCERS}

    # -- the phases ----------------------------------------------------------------------
    def close_declarations(self, ctx: Context) -> Step:
        """The charges move in the order declared, then fleeing units that failed to rally
        flee on; then the phase's remaining moves may begin."""
        side = F.phases(ctx.state).side
        yield ev.PhaseStep(side, "movement", "charges")
        before = panic.standing(ctx.state, [u for u, rec in ctx.state.units.items()
                                            if rec.status == "fleeing"])
        yield from charges.move_chargers(ctx)
        yield from panic.destroyed_since(ctx, before)  # (fleeing units run down)
        for uid, u in list(ctx.state.units.items()):
            u = ctx.state.units[uid]  # (as things stand after the flights before it)
            if (u.side == side and u.status == "fleeing" and u.flag("rally_failed")
                    and U.on_table(ctx.state, uid)):
                from game.rulesets.rank_and_flank.moves import flee

                yield ev.RuleApplied("Compulsory move", uid, "flees on")
                yield from flee(ctx, uid, None, "rally_failed")
        yield from self.check_winner(ctx)
        yield ev.PhaseStep(side, "movement", "moves")

    def side_turn_starting(self, ctx: Context, side: int, unit: str | None) -> Step:
        """A pursuit that caught a unit last player turn counts as this turn's charge."""
        for uid, u in list(ctx.state.units.items()):
            pending = u.flag("charges_next")
            if pending:
                yield ev.UnitFlagSet(uid, "charged", "player_turn", pending)
                yield ev.UnitFlagSet(uid, "charges_next", "game", None)

    def strategy(self, ctx: Context) -> Step:
        side = F.phases(ctx.state).side
        mine = [uid for uid, u in ctx.state.units.items()
                if u.side == side and U.host(ctx.state, uid) == uid]

        def still_here() -> list[str]:  # (a unit gone from the table takes no more tests)
            return [uid for uid in mine if U.on_table(ctx.state, uid)]

        for uid in still_here():  # a unit's rules and its characters' (Stupidity spreads)
            for _, r in U.hooked(ctx.state, uid, "start_of_turn"):
                yield from r.start_of_turn(ctx, uid)
        for uid in still_here():
            for r in RULES.hooked(U.lead(ctx.state, uid).rules, "command"):
                yield from r.command(ctx, uid)
        for uid in still_here():
            if ctx.state.units[uid].status == "fleeing" and U.on_table(ctx.state, uid):
                yield from self.rally(ctx, uid)

    def rally(self, ctx: Context, unit: str) -> Step:
        """A fleeing unit tests to rally: Leadership, -1 below half its starting models; below
        a quarter only a double 1 rallies it."""
        s = ctx.state
        start = U.profile(s, unit).start_models
        left = len(alive(s, unit))
        mods = [("below half strength", -1)] if left < start * K.RALLY_HALF else []
        quarter = left < start * K.RALLY_QUARTER
        why = "(below a quarter of its models: only a double 1 rallies it)" if quarter else ""
        ok = yield from U.leadership_test(ctx, unit, "rally", why, mods, double_one_only=quarter)
        if ok:
            yield from moves.rallied(s, unit)
        else:
            yield ev.UnitFlagSet(unit, "rally_failed", "player_turn", True)

    def fled_through(self, ctx: Context, unit: str, start: Any, end: Any,
                     crossed: Sequence[str]) -> Step:
        """Each model of a fleeing unit that moved through an enemy unit takes a Peril test
        (a D6 per model and enemy unit: 1 to 3 loses a Wound, taken off as casualties); each
        friendly unit it moved through takes a Panic test."""
        from game.geometry.formation_actions import models_passing_through
        from game.rulesets.rank_and_flank import space

        side = ctx.state.units[unit].side
        friends = [k for k in crossed if k in ctx.state.units and ctx.state.units[k].side == side]
        for k in crossed:
            s = ctx.state
            if k not in s.units or s.units[k].side == side or not U.on_table(s, k):
                continue
            if not U.on_table(s, unit):
                return
            models = models_passing_through(start, end, space.block_of(s, k))
            if not models:
                continue
            faces = tuple(ctx.roll(K.DIE, "peril") for _ in models)
            safe = sum(1 for f in faces if f >= K.PERIL_SAFE)
            lost = len(faces) - safe
            yield ev.DiceRolled("peril", unit, f"{len(faces)}d6", faces, faces, (), safe,
                                K.PERIL_SAFE, f"{lost} Wound{'s' if lost != 1 else ''} lost", k)
            if lost:
                yield from combat.take_wounds(ctx, unit, lost, f"fled through {U.name(s, k)}")
        yield from panic.fled_through(ctx, unit, friends)

    def fight_combats(self, ctx: Context) -> Step:
        yield from fight_all(ctx, self.fight_one)

    def fight_one(self, ctx: Context, fight: Any) -> Step:
        """A round, the combat result, Break tests and what follows; then the Panic tests of
        the friends of units it destroyed."""
        before = panic.standing(ctx.state, fight.units)
        yield from combat.fight_round(ctx, fight)
        winner, diff = yield from result.work_out(ctx, fight)
        yield from result.after_result(ctx, fight, winner, diff)
        if not ctx.state.game_over:
            yield from panic.destroyed_since(ctx, before)

    #: the player turn, phase by phase (run by the flow engine of rank_and_flank/flow.py)
    turn = (
        Phase("strategy", on_start=strategy),
        Phase("movement", opens_with=Stage(
            "declare", orders=("charge",), close=close_declarations,
            too_late="charges are declared at the start of the Movement phase, before any "
                     "other move")),
        Phase("shooting"),
        Phase("combat", on_start=fight_combats),
    )

    # -- results -------------------------------------------------------------------------
    def unit_result(self, state: GameState, unit: str) -> dict[str, Any]:
        out = RF.unit_result(state, unit)
        out["wounds_taken"] = state.units[unit].counters.get("wounds_taken", 0)
        conds = set(out["conditions"])
        if state.units[unit].status == "active" and is_engaged(state, unit):
            conds.add("engaged")
            if result.disrupted(state, U.host(state, unit)):
                conds.add("disrupted")
        out["conditions"] = sorted(conds)
        return out

    def roll_problem(self, roll: Mapping[str, Any]) -> str | None:
        from game.rulesets.old_world.explain import roll_problem

        return roll_problem(roll)

    def roll_count(self, roll: Mapping[str, Any]) -> RollCount | None:
        from game.rulesets.old_world.explain import roll_count

        return roll_count(roll)

    def rules(self) -> Mapping[str, RuleInfo]:
        return RULES.infos()

    # -- the window ------------------------------------------------------------------------

__all__ = ["OldWorld"]

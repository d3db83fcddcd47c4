"""ninth-age: player turns of five phases, units in formation of multipart models, and what each
phase does by itself. See docs/rules/ninth-age.md.

- Charge: ``charge`` orders declare charges, each target reacting at once (Hold, Flee, Stand
  and Shoot); as the phase ends (or when an order of a later phase comes) the chargers move,
  in the order declared.
- Movement: at its start fleeing units test to rally (a failure flees on); then ``move``
  orders (Advance, March, Reform), with Sweeping Attacks after the moves.
- Magic: nothing.
- Shooting: ``shoot`` orders (shooting weapons, the ranged Breath Attack); as it ends, the
  Breath Attacks not used yet (each unit that can, at its first chance).
- Melee: at its start every combat is fought, in the order the combats began: one Round of
  Combat, the Combat Score, Break Tests, Panic Tests, flight and pursuit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

import math
from collections.abc import Mapping
from typing import Any

from game.core import events as ev
from game.core.ruleset import (
    CHOICE,
    CHOICES,
    ENEMY,
    FACING,
    ITEMS,
    POINT,
    UNIT,
    RollCount,
    RuleInfo,
    Step,
    UIAction,
    UnitField,
)
from game.core.scenario import Scenario
from game.core.state import GameState, Handler
from game.rulesets.common.conditions import Conditions, plain
from game.rulesets.common.orders import Orders
from game.rulesets.common.turns import Phase, Stage
from game.rulesets.ninth_age import charges, combat, movement, result, shooting
from game.rulesets.ninth_age import constants as K
from game.rulesets.ninth_age import units as U
from game.rulesets.ninth_age.profile import check_unit, model_stats, profile_of
from game.rulesets.ninth_age.rules import RULES
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import moves
from game.rulesets.rank_and_flank import units as RF
from game.rulesets.rank_and_flank.combat import fight_all, is_engaged
from game.rulesets.rank_and_flank.result import work_out
from game.rulesets.rank_and_flank.setup import build_state, placements
from game.rulesets.rank_and_flank.victory import army_points

#: the orders a unit may be given, each in its phase
ORDERS: Orders[F.PhasedRun] = Orders()
ORDERS.declare("charge", charges.declare, ("target",), phase="charge", label="Charge")
ORDERS.declare("move", movement.move, ("path", "march"), phase="movement", label="Move")
ORDERS.declare("shoot", shooting.shoot, ("target", "weapon"), phase="shooting", label="Shoot")

UI_ACTIONS = (
    UIAction("charge", "Charge", "c", ENEMY, "Declare a charge: click an enemy unit in the front "
             "arc (charges move as the Charge phase ends)"),
    UIAction("move", "Move", "g", POINT, "Move the selected unit: click ahead to wheel and "
             "advance, behind to step back, beside to move sideways"),
    UIAction("reform", "Reform", "r", FACING, "Reform the selected unit to face where you click "
             "(its whole move)", order="move"),
    UIAction("shoot", "Shoot", "s", ENEMY, "Shoot with the selected unit's shooting weapon: "
             "click an enemy unit it sees and has in range"),
)

#: what a unit's state means for players
CONDITIONS = Conditions(
    plain("engaged", "Engaged", "In base contact with an enemy unit: it fights in every Melee "
          "Phase and may not move away."),
    plain("shaken", "Shaken", "Rallied or failed a charge this player turn: it may not move, "
          "charge or shoot until the turn ends."),
    plain("fleeing", "Fleeing", "Broke, panicked or fled from a charge: it runs, may not "
          "charge, and tests to rally in its next Movement Phase."),
    plain("fled", "Fled", "Ran off the table: out of the game."),
    plain("destroyed", "Destroyed", "Every model was removed, or it was caught fleeing."),
)

UNIT_FIELDS = (
    UnitField("troop_type", "Troop type", CHOICE, K.TYPES, "infantry",
              "Infantry, cavalry, beast or construct: how the unit moves and fights."),
    UnitField("height", "Height", CHOICE, tuple(K.HEIGHTS), None,
              "Standard, large or gigantic: how many models make a Full Rank and how many "
              "supporting attacks a model makes (standard when left empty)."),
    UnitField("command", "Command", CHOICES, K.COMMAND, None,
              "The unit's command group: a champion, a standard, a musician, the battle "
              "standard."),
    UnitField("joins", "Joins", UNIT, (), None,
              "A character (a unit of one model) that starts the game in the front rank of "
              "another unit of its side."),
    UnitField("parts", "Parts", ITEMS, (), None,
              "For a model of several parts (rider and mount, crew and chassis): one part per "
              "line, each with its name, its Offensive profile, and its own rules and weapons: "
              "{ name = \"knight\", stats = { Att = 1, Off = 4, Str = 4, AP = 0, Agi = 5 } }. "
              "The model's own stats then leave out Att, Off, Str, AP and Agi."),
)


class NinthAge(F.PhasedRuleset):
    id = K.RULESET_ID
    title = K.TITLE
    profile = K.PROFILE
    base_sizes: Mapping[str, tuple[float, float]] = {}
    default_base = "25x25"
    die_sides = K.DIE
    damage_unit = "Health Points"
    unit_keys = frozenset({"troop_type", "command", "joins", "parts", "height", "points"})
    actions = ORDERS
    condition_registry = CONDITIONS

    # -- the odds --------------------------------------------------------------------------
    # -- for the AI ------------------------------------------------------------------------
    # -- victory (docs/rules/ninth-age.md, "Victory") ----------------------------------------
    def strength(self, state: GameState, unit: str) -> tuple[int, int]:
        """Health Points now and at the start."""
        p = U.profile(state, unit)
        return U.hp_left(state, unit), p.start_models * p.hp

    def victory_margin(self, state: GameState) -> int:
        """A tenth of the game's size (the larger army's points), rounded up."""
        size = max(army_points(state, 1), army_points(state, 2))
        return max(1, math.ceil(size * K.VP_WIN_SHARE))

    def victory_grade(self, state: GameState, scored: dict[int, int], winner: int) -> str:
        size = max(army_points(state, 1), army_points(state, 2))
        lead = abs(scored[1] - scored[2])
        return "a massacre" if size and lead > size * K.VP_MASSACRE_SHARE else ""

    # -- scenario ------------------------------------------------------------------------
    def check_unit(self, unit: dict[str, Any], where: str) -> None:
        check_unit(unit)

    def formation_placements(self, unit: dict[str, Any], x: float, y: float,
                             facing: float) -> list[tuple[float, float, float]] | None:
        return placements(unit, x, y, facing, K.DEFAULT_FILES)

    def initial_state(self, scenario: Scenario, seed: int) -> GameState:
        state = build_state(self, scenario, seed, model_stats, self.reducers(), K.DEFAULT_FILES)
        state.book["profiles"] = {u.id: profile_of(u) for u in scenario.units}
        return state

    def reducers(self) -> Mapping[type[ev.Event], Handler]:
        return {**F.FLOW_REDUCERS, **RF.REDUCERS}

    # -- the phases ----------------------------------------------------------------------
    def move_declared_charges(self, ctx: Context) -> Step:
        """The Charge phase's declarations are over: the chargers move."""
        yield ev.PhaseStep(F.phases(ctx.state).side, "charge", "moves")
        yield from charges.move_chargers(ctx)
        yield from self.check_winner(ctx)

    def end_of_shooting_phase(self, ctx: Context) -> Step:
        yield from shooting.breaths_left(ctx)

    def rally_fleeing(self, ctx: Context) -> Step:
        """Each fleeing unit of the side takes a Rally Test (Discipline): a pass stops it
        fleeing (Shaken for the rest of the turn), a failure makes it flee on 2D6."""
        side = F.phases(ctx.state).side
        for uid in [u for u, rec in ctx.state.units.items() if rec.side == side]:
            s = ctx.state
            if U.host(s, uid) != uid or s.units[uid].status != "fleeing" or not U.on_table(s, uid):
                continue
            mods = []
            if K.DECIMATED_RALLY:
                start = U.profile(s, uid).start_models * U.hp_per_model(s, uid)
                if U.hp_left(s, uid) <= start / 4:
                    mods.append(("Decimated", -(U.discipline(s, uid) // 2)))
            ok = yield from U.discipline_test(ctx, uid, "discipline", "its Rally Test", "Rally",
                                              mods)
            if ok:
                yield from moves.rallied(ctx.state, uid)
            else:
                got = yield from charges.roll_distance(ctx, uid, "flee", None)
                yield ev.RuleApplied("Rally", uid, "flees on")
                yield from moves.flee(ctx, uid, None, "rally_failed", roll=got)
        yield from self.check_winner(ctx)

    def fight_combats(self, ctx: Context) -> Step:
        yield from fight_all(ctx, self.fight_one)

    def fight_one(self, ctx: Context, fight: Any) -> Step:
        """One Round of Combat, the Combat Score, Break Tests, flight and pursuit."""
        yield from combat.fight_round(ctx, fight)
        scores = result.side_scores(ctx.state, fight)
        winner, diff = yield from work_out(ctx, fight, scores)
        yield from result.after_result(ctx, fight, winner, diff)

    #: the player turn, phase by phase (run by the flow engine of rank_and_flank/flow.py)
    turn = (
        Phase("charge", opens_with=Stage(
            "declare", orders=("charge",), close=move_declared_charges,
            too_late="charges are declared in the Charge Phase, before the chargers move")),
        Phase("movement", on_start=rally_fleeing),
        Phase("magic"),
        Phase("shooting", on_end=end_of_shooting_phase),
        Phase("melee", on_start=fight_combats),
    )

    # -- results -------------------------------------------------------------------------
    def unit_result(self, state: GameState, unit: str) -> dict[str, Any]:
        out = RF.unit_result(state, unit)
        out["wounds_taken"] = state.units[unit].counters.get("wounds_taken", 0)
        conds = set(out["conditions"])
        rec = state.units[unit]
        if rec.status == "active" and is_engaged(state, unit):
            conds.add("engaged")
        if rec.status == "active" and (rec.flag("rallied") or rec.flag("charge_failed")):
            conds.add("shaken")
        out["conditions"] = sorted(conds)
        return out

    def roll_problem(self, roll: Mapping[str, Any]) -> str | None:
        from game.rulesets.ninth_age.explain import roll_problem

        return roll_problem(roll)

    def roll_count(self, roll: Mapping[str, Any]) -> RollCount | None:
        from game.rulesets.ninth_age.explain import roll_count

        return roll_count(roll)

    def rules(self) -> Mapping[str, RuleInfo]:
        return RULES.infos()

    # -- the window ------------------------------------------------------------------------
    # -- what the window shows of units in formation --------------------------------------

__all__ = ["NinthAge"]

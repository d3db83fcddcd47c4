"""old-world: player turns of four phases, units in formation, and what each phase does by
itself. See docs/rules/old-world.md.

- Strategy: at its start, the side's units' Stupid and Incorporeal states end, Stupidity
  tests are taken, the Spectral Coach may turn Incorporeal, fleeing units test to rally.
- Movement: charges are declared first (``charge`` orders, each target reacting at once);
  the first other order (or the end of the phase) moves the chargers in the order declared,
  then the fleeing units that failed to rally flee on; then ``move`` orders.
- Shooting: nothing yet.
- Combat: at its start every combat is fought, in the order the combats began: a round, the
  combat result, Break tests, flee and pursuit. As it ends, Disrupted from First Charge ends.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.core import events as ev
from game.core.commands import Order
from game.core.ruleset import Candidate, ConditionInfo, RuleInfo, Step, UIAction
from game.core.scenario import Scenario
from game.core.state import Formation, GameState, Handler, Model, Unit, handlers_for
from game.rulesets.old_world import charges, combat, movement, result
from game.rulesets.old_world import constants as K
from game.rulesets.old_world import units as U
from game.rulesets.old_world.profile import check_unit, placements, profile_of
from game.rulesets.old_world.rules import RULES
from game.rulesets.rank_and_flank import flow as F
from game.rulesets.rank_and_flank import layout
from game.rulesets.rank_and_flank import units as RF
from game.rulesets.rank_and_flank.units import alive, relayout

ACTIONS = {
    "charge": F.PhasedAction("charge", "movement", charges.declare, ("target",), "Charge"),
    "move": F.PhasedAction("move", "movement", movement.move, ("path", "march"), "Move"),
}

UI_ACTIONS = (
    UIAction("charge", "Charge", "c", "enemy", "Declare a charge: click an enemy unit in the front arc"),
    UIAction("move", "Move", "g", "point", "Move the selected unit"),
)

CONDITIONS = {
    c.name: c for c in (
        ConditionInfo("engaged", "Engaged", "In base contact with an enemy unit: it fights in "
                      "each Combat phase and may not move away."),
        ConditionInfo("disrupted", "Disrupted", "Its ranks are in disorder: it gets no Rank "
                      "Bonus. An enemy unit of Unit Strength 5 or more in its flank or rear, "
                      "or a First Charge, does this."),
        ConditionInfo("stupid", "Stupid", "Failed its Stupidity test: until its next turn "
                      "starts it may not move except to flee, and must hold if charged."),
        ConditionInfo("incorporeal", "Incorporeal", "The Spectral Coach has become "
                      "Incorporeal: Ethereal and flying, but without Impact Hits."),
        ConditionInfo("fleeing", "Fleeing", "Broke or fled from a charge: it runs, may not "
                      "charge, and must rally in its next Strategy phase."),
        ConditionInfo("fled", "Fled", "Ran off the table: out of the game."),
        ConditionInfo("destroyed", "Destroyed", "Every model was removed, or it was caught "
                      "fleeing."),
    )
}


class OldWorld(F.PhasedRuleset):
    id = K.RULESET_ID
    title = K.TITLE
    profile = K.PROFILE
    base_sizes: Mapping[str, tuple[float, float]] = {}
    default_base = "25x25"
    die_sides = K.DIE
    unit_keys = frozenset({"troop_type", "armour", "command", "joins"})
    phase_names = K.PHASES
    actions = ACTIONS

    # -- for the AI ------------------------------------------------------------------------
    def candidates(self, state: GameState, side: int, rng: random.Random,
                   widen: int = 0) -> list[Candidate]:
        from game.rulesets.old_world import ai

        return ai.candidates(state, side, rng, widen)

    def unit_worth(self, state: GameState, unit: str) -> float:
        from game.rulesets.old_world import ai

        return ai.unit_worth(state, unit)

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
        models: dict[str, Model] = {}
        units: dict[str, Unit] = {}
        for u in scenario.units:
            names = u.model_names()
            stats = {k: (v,) for k, v in u.stats.items()}
            rules = tuple(u.rules)
            keywords = frozenset(k.lower() for k in u.keywords)
            for n, (x, y, f) in zip(names, u.placements):
                display = u.name if len(names) == 1 else f"{u.name} {n.rsplit('.', 1)[1]}"
                models[n] = Model(name=n, unit=u.id, side=u.side, x=x, y=y, facing=f % 360,
                                  base=u.raw.get("base", self.default_base), stats=stats,
                                  rules=rules, keywords=keywords, display=display,
                                  weapons=tuple(u.raw.get("weapons", [])))
            files = min(u.files or min(len(names), K.DEFAULT_FILES), len(names))
            raw = u.raw
            formation = None
            if u.joins is None:
                formation = Formation(float(raw["x"]), float(raw["y"]),
                                      float(raw.get("facing", 0.0)) % 360, files)
            flags = {"joined": ("game", u.joins)} if u.joins else {}
            units[u.id] = Unit(u.id, u.side, u.name, tuple(names), flags=flags,
                               formation=formation)
        state = GameState(
            scenario=scenario.name, ruleset=self.id, table=scenario.table,
            terrain=scenario.terrain, models=models, units=units,
            first_side=scenario.first_side, max_turns=scenario.turns, seed=seed,
            handlers=handlers_for(self.reducers()),
        )
        state.flow = F.Phases(scenario.first_side)
        state.book["profiles"] = {u.id: profile_of(u) for u in scenario.units}
        for uid, unit in list(state.units.items()):
            f = unit.formation
            if f is None:
                continue
            own = len(unit.models)
            chars = sum(len(state.units[c].models) for c in RF.characters_in(state, uid))
            if chars:  # the characters join the front rank: its front edge stays put
                d = RF.base_inches(state.models[unit.models[0]].base)[1]
                grown = layout.recentre_for(f, own + chars, own, d)
                back = Formation(2 * f.x - grown.x, 2 * f.y - grown.y, f.facing, f.files)
                state.units[uid] = Unit(unit.id, unit.side, unit.display, unit.models,
                                        flags=unit.flags, formation=back)
            relayout(state, uid)
        return state

    def reducers(self) -> Mapping[type[ev.Event], Handler]:
        return {**F.FLOW_REDUCERS, **RF.REDUCERS}

    # -- the phases ----------------------------------------------------------------------
    def phase_started(self, ctx: Any, phase: str) -> Step:
        if phase == "strategy":
            yield from self.strategy(ctx)
        elif phase == "movement":
            yield F.PhaseStep(F.phases(ctx.state).side, phase, "declare")
        elif phase == "combat":
            yield from self.fight_combats(ctx)

    def phase_ending(self, ctx: Any, phase: str) -> Step:
        if phase == "movement" and F.phases(ctx.state).step == "declare":
            yield from self.close_declarations(ctx)
        elif phase == "combat":
            for uid, u in list(ctx.state.units.items()):
                data = u.conditions.get("disrupted")
                if data is not None and data.get("until") == "combat phase":
                    yield ev.UnitConditionRemoved(uid, "disrupted", "the Combat phase ended")

    def before_action(self, ctx: Any, action: F.PhasedAction, cmd: Order) -> Step:
        f = F.phases(ctx.state)
        if action.phase != "movement":
            return
        if action.name == "charge" and f.step != "declare":
            from game.core.errors import Refused

            raise Refused("too_late", "charges are declared at the start of the Movement phase, "
                          "before any other move")
        if action.name != "charge" and f.step == "declare":
            yield from self.close_declarations(ctx)

    def close_declarations(self, ctx: Any) -> Step:
        """The charges move in the order declared, then fleeing units that failed to rally
        flee on; then the phase's remaining moves may begin."""
        side = F.phases(ctx.state).side
        yield F.PhaseStep(side, "movement", "charges")
        yield from charges.move_chargers(ctx)
        for uid, u in list(ctx.state.units.items()):
            if u.side == side and u.status == "fleeing" and u.flag("rally_failed"):
                from game.rulesets.old_world.moves import flee

                yield ev.RuleApplied("Compulsory move", uid, "flees on")
                yield from flee(ctx, uid, None, "rally_failed")
        yield from self.check_winner(ctx)
        yield F.PhaseStep(side, "movement", "moves")

    def strategy(self, ctx: Any) -> Step:
        side = F.phases(ctx.state).side
        for uid, u in list(ctx.state.units.items()):
            if u.side != side:
                continue
            for cond in ("stupid", "incorporeal"):
                if cond in ctx.state.units[uid].conditions:
                    yield ev.UnitConditionRemoved(uid, cond, "its turn starts")
        mine = [uid for uid, u in ctx.state.units.items()
                if u.side == side and U.host(ctx.state, uid) == uid]
        for uid in mine:  # a unit's rules and its characters' (Stupidity spreads)
            for _, r in U.hooked(ctx.state, uid, "start_of_turn"):
                yield from r.start_of_turn(ctx, uid)
        for uid in mine:
            for r in RULES.hooked(U.lead(ctx.state, uid).rules, "command"):
                yield from r.command(ctx, uid)
        for uid in mine:
            if ctx.state.units[uid].status == "fleeing":
                yield from self.rally(ctx, uid)

    def rally(self, ctx: Any, unit: str) -> Step:
        """A fleeing unit tests to rally: Leadership, -1 below half its starting models; below
        a quarter only a double 1 rallies it."""
        s = ctx.state
        start = U.profile(s, unit).start_models
        left = len(alive(s, unit))
        mods = [("below half strength", -1)] if left < start * K.RALLY_HALF else []
        if left < start * K.RALLY_QUARTER:
            faces = (ctx.roll(K.DIE, "rally"), ctx.roll(K.DIE, "rally"))
            ok = faces == (1, 1)
            yield ev.DiceRolled("rally", unit, "2d6", faces, faces, (), sum(faces), 2,
                                "pass" if ok else "fail", None)
        else:
            ok = yield from U.leadership_test(ctx, unit, "rally", "to rally", mods)
        if ok:
            yield ev.UnitStatusChanged(unit, "active", "rallied")
            yield ev.UnitFlagSet(unit, "rallied", "player_turn", True)
        else:
            yield ev.UnitFlagSet(unit, "rally_failed", "player_turn", True)

    def fight_combats(self, ctx: Any) -> Step:
        done: set[str] = set()
        while not ctx.state.game_over:
            todo = [c for c in combat.find_combats(ctx.state) if not set(c.units) & done]
            if not todo:
                return
            fight = todo[0]
            done |= set(fight.units)
            yield from combat.fight_round(ctx, fight)
            winner, diff = yield from result.work_out(ctx, fight)
            yield from result.after_result(ctx, fight, winner, diff)
            yield from self.check_winner(ctx)

    # -- results -------------------------------------------------------------------------
    def unit_result(self, state: GameState, unit: str) -> dict[str, Any]:
        out = RF.unit_result(state, unit)
        out["wounds_taken"] = state.units[unit].counters.get("wounds_taken", 0)
        conds = set(out["conditions"])
        if state.units[unit].status == "active" and combat.is_engaged(state, unit):
            conds.add("engaged")
            if result.disrupted(state, U.host(state, unit)):
                conds.add("disrupted")
        out["conditions"] = sorted(conds)
        return out

    def roll_problem(self, roll: Mapping[str, Any]) -> str | None:
        from game.rulesets.old_world.explain import roll_problem

        return roll_problem(roll)

    def describe(self, state: GameState, event: ev.Event) -> str | None:
        from game.rulesets.old_world.explain import describe

        return describe(state, event)

    def rules(self) -> Mapping[str, RuleInfo]:
        return RULES.infos()

    def conditions(self) -> Mapping[str, ConditionInfo]:
        return CONDITIONS

    def ui_actions(self) -> tuple[UIAction, ...]:
        return UI_ACTIONS


__all__ = ["OldWorld"]

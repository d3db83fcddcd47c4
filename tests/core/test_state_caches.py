"""What the state keeps to go faster must give the answers of working them out afresh."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core import events as ev
from game.core.engine import Engine
from game.core.replay import read_save
from game.core.ruleset import get_ruleset
from game.core.scenario import check_scenario
from game.core.state import Model, apply, clear_scope, fold_dicts
from tests.support import scenario, unit


def _state():  # two skirmish models, a unit of one each
    return Engine(check_scenario(scenario([unit("a", 1, 5, 5), unit("b", 2, 5, 9)]),
                                 "test")).state


def test_ending_a_scope_drops_its_flags_wherever_they_came_from():
    s = _state()
    apply(s, ev.FlagSet("a", "charged", "activation", True))
    apply(s, ev.FlagSet("a", "wounded", "turn", 1))
    apply(s, ev.UnitFlagSet("b", "rallied", "activation", True))
    # a model given a flag without an event (as a set-up may): found all the same
    m = s.models["b"]
    s.models["b"] = Model(m.name, m.unit, m.side, m.x, m.y, m.facing, m.base, m.stats,
                          flags={"braced": ("activation", True)})
    s.flagged = None  # (what a state built by hand starts with)
    clear_scope(s, "activation")
    assert s.models["a"].flags == {"wounded": ("turn", 1)}
    assert s.models["b"].flags == {}
    assert s.units["b"].flags == {}
    # a flag set after the scope ended is dropped when it ends again, and one that is gone
    # is no longer looked at
    apply(s, ev.FlagSet("b", "braced", "activation", True))
    apply(s, ev.FlagSet("a", "wounded", "turn", None))
    assert s.flagged == (frozenset({"b"}), frozenset())
    clear_scope(s, "activation")
    assert s.models["b"].flags == {} and s.models["a"].flags == {}


# --- values kept until a model or a unit they are worked out from changes --------------------

FIXED = Path(__file__).resolve().parent.parent / "fixed_games"


def _standing_answers(s):
    """Everything rank-and-flank keeps in ``state.placed``, asked of every unit."""
    from game.rulesets.ninth_age.combat import contacts
    from game.rulesets.rank_and_flank import space
    from game.rulesets.rank_and_flank.combat import engaged_with, fighting_units
    from game.rulesets.rank_and_flank.units import (
        alive,
        block_models,
        characters_in,
        files_ranks,
    )

    out: list[object] = [list(fighting_units(s))]
    for u, rec in s.units.items():
        out += [[m.name for m in alive(s, u)], characters_in(s, u)]
        if rec.formation is None and space.joined_to(s, u) is None:
            continue
        out += [[(m.name, m.x, m.y) for m in block_models(s, u)], space.unit_key(s, u),
                files_ranks(s, u)]
        enemies = engaged_with(s, u)
        out.append(list(enemies))
        out += [space.model_gaps(s, u, e) for e in enemies]
        if s.ruleset == "ninth-age" and enemies:
            out.append(contacts(s, u, list(enemies)))
    return out


@pytest.mark.parametrize("game", ["old-world.jsonl", "old-world.seed11.jsonl",
                                  "ninth-age.jsonl", "ninth-age.seed11.jsonl"])
def test_values_kept_are_those_worked_out_afresh_after_every_event(game):
    """Folding a whole fixed game event by event, asking after each event (so that the state
    keeps the answers for the events after it): what the state gives is what a fresh copy
    (nothing kept) works out. A cache that outlived a change (a model removed or moved, a
    unit's formation or flags changed) would differ here."""
    save = read_save(FIXED / game)
    state = get_ruleset(save.scenario.ruleset).initial_state(save.scenario, save.seed)
    changed, before = 0, None
    for d in save.event_dicts():
        fold_dicts(state, [d])
        got = _standing_answers(state)
        assert state.placed  # (the answers are kept)
        assert got == _standing_answers(state.copy()), d
        changed += got != before
        before = got
    assert changed > 30  # (events changed the answers, or this test checks nothing)


def test_a_fork_starts_with_what_its_position_kept_and_keeps_its_own_apart():
    """``Engine.fork`` copies what the state kept (the AI's tries of one position then ask
    the rules once): the copy gives the answers a fresh copy works out, a change on the copy
    empties the copy's alone, and what either keeps later is not the other's."""
    from game.core.commands import Order
    from game.rulesets.rank_and_flank import space

    save = read_save(FIXED / "old-world.jsonl")
    e = Engine(save.scenario, seed=save.seed)
    assert e.execute(Order("begin_turn")).ok
    side = e.ruleset.active_side(e.state)
    unit = next(u for u, rec in e.state.units.items() if rec.side == side and rec.formation)
    key = space.unit_key(e.state, unit)
    f = e.fork()
    assert f.state.placed == e.state.placed and f.state.placed is not e.state.placed
    assert _standing_answers(f.state) == _standing_answers(f.state.copy())
    while f.state.flow.phase != "movement":
        assert f.execute(Order("next_phase")).ok
    assert f.execute(Order("move", unit, (("path", (("forward", 2.0),)),))).ok
    assert space.unit_key(f.state, unit) != key  # (worked out again where it stands now)
    assert space.unit_key(e.state, unit) == key  # (the original kept its own)
    e.state.placed["only here"] = 1
    assert "only here" not in f.state.placed


def test_a_units_flags_empty_what_was_kept_only_when_a_character_joins_or_leaves():
    """A unit's flags come and go at every charge and combat; of them, only ``joined`` (the
    unit a character stands in) changes anything kept in ``state.placed``."""
    from game.rulesets.rank_and_flank import space
    from game.rulesets.rank_and_flank.units import characters_in

    save = read_save(FIXED / "old-world.jsonl")
    s = get_ruleset(save.scenario.ruleset).initial_state(save.scenario, save.seed)
    unit = next(u for u, rec in s.units.items() if rec.formation is not None)
    char = next(u for u, rec in s.units.items() if rec.flag("joined"))
    host = s.units[char].flag("joined")
    space.unit_key(s, unit)
    kept = dict(s.placed)
    apply(s, ev.UnitFlagSet(unit, "charge_declared", "turn", ("x", "front")))
    apply(s, ev.UnitFlagSet(char, "fear_tested", "phase", True))
    assert s.placed == kept
    apply(s, ev.UnitFlagSet(char, "joined", "game", None))
    assert not s.placed
    assert char not in characters_in(s, host)

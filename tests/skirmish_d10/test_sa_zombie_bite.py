"""Zombie Bite and Infected: the bite roll, the end-of-turn amputation (default yes), and the
turning at the end of the second game turn after the bite."""

import pytest

from game.ai.evaluate import worth
from game.ai.player import choose
from game.core import events as ev
from game.core.commands import Answer, Order
from tests.support import b2b_pair, damage, events, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = {"unit": "a", "do": "fight", "target": "b"}
END = {"do": "end_turn"}


def game(dice, orders, b_rules=("Tough",), b_keywords=(), b_stats=None, a_rules=("Zombie Bite",),
         finish=True, **top):
    # a: the zombie (MA 1). b: DV 9, MAV 5, 3 tracks, MA 1. c keeps side 2 in the game.
    a = unit("a", 1, 12, Y2, 0, stats={"MA": 1, "DT": 5}, rules=list(a_rules),
             keywords=["Zombie"])
    b = unit("b", 2, 12, Y1, 180, stats={"MA": 1, "MAV": 5, "DV": 9, "DT": 3, **(b_stats or {})},
             rules=list(b_rules), keywords=list(b_keywords))
    c = unit("c", 2, 2, 2, 0)
    return run(scenario([a, b, c], orders, dice=dice, **top), finish=finish)


def asked(eng, kind):
    return [e for e in events(eng, ev.DecisionRequested) if e.kind == kind]


def test_a_hit_infects_and_rolls_where_the_bite_landed():
    eng = game([9, 1, 5], [FIGHT])
    (bite,) = rolls(eng, "zombie_bite")
    assert bite.model == "b" and bite.outcome == "limb"
    cond = eng.state.models["b"].conditions["infected"]
    assert cond["limb"] is True and cond["side"] == 1 and cond["turn"] == 1


def test_amputation_by_default_costs_a_track_and_can_stop_the_infection():
    # bite 3 (limb); end of turn: amputation (default yes), 1 damage, 6 + 3 = 9 >= DV 9.
    eng = game([9, 1, 3, 6], [FIGHT, END])
    (q,) = asked(eng, "amputation")
    assert q.default is True and q.side == 2
    (amp,) = rolls(eng, "amputation")
    assert amp.total == 9 and amp.target == 9
    assert damage(eng, "b") == 2
    assert "infected" not in eng.state.models["b"].conditions


def test_failed_amputation_leaves_the_infection():
    eng = game([9, 1, 3, 5], [FIGHT, END])
    assert rolls(eng, "amputation")[0].total == 8
    assert damage(eng, "b") == 2 and "infected" in eng.state.models["b"].conditions


def test_declined_amputation_costs_nothing():
    eng = game([9, 1, 3], [FIGHT, END, {"answer": False}])
    assert rolls(eng, "amputation") == []
    assert damage(eng, "b") == 1 and "infected" in eng.state.models["b"].conditions


def test_a_bite_on_the_body_cannot_be_amputated():
    eng = game([9, 1, 2], [FIGHT, END])
    assert rolls(eng, "zombie_bite")[0].outcome == "body"
    assert asked(eng, "amputation") == []
    assert "infected" in eng.state.models["b"].conditions


def test_not_turned_at_the_end_of_the_first_game_turn_after_the_bite():
    eng = game([9, 1, 2], [FIGHT, END, END])
    b = eng.state.models["b"]
    assert eng.state.turn == 3 and b.side == 2 and "infected" in b.conditions


def test_turns_at_the_end_of_the_second_game_turn_after_the_bite():
    # bitten in turn 1 (body): at the end of turn 3 b joins side 1 as a zombie, keeps its
    # stats and its damage, and has only Zombie Bite left (Tough is gone).
    eng = game([9, 1, 2], [FIGHT, END, END, END], b_stats={"MAV": [5, 3, 2]})
    b = eng.state.models["b"]
    assert b.side == 1
    assert b.has_keyword("zombie")
    assert b.rules == ("Zombie Bite",)
    assert b.damage == 1 and b.stat("MAV") == 3 and b.stats["MAV"] == (5, 3, 2)
    assert "infected" not in b.conditions
    (turned,) = events(eng, ev.ModelChangedSide)
    assert turned.model == "b" and turned.side == 1


def test_a_turned_model_is_played_by_its_new_side():
    # its unit goes over with it: side 1 activates it, and side 2 is left with c alone
    eng = game([9, 1, 2], [FIGHT, END, END, END])
    s = eng.state
    assert s.units[s.models["b"].unit].side == 1
    assert eng.ruleset.active_side(s) == 1
    assert sorted(eng.ruleset.presenter.units_ready(s)) == ["a", "b"]
    assert eng.execute(Order("pass", "b")).ok
    assert eng.execute(Order("end_activation")).ok
    assert eng.ruleset.active_side(eng.state) == 2
    assert eng.ruleset.presenter.units_ready(eng.state) == ["c"]


def test_zombies_are_not_infected():
    eng = game([9, 1], [FIGHT], b_keywords=["Zombie"])
    assert rolls(eng, "zombie_bite") == []
    assert "infected" not in eng.state.models["b"].conditions


def test_a_model_destroyed_by_the_bite_is_not_infected():
    eng = game([9, 1], [FIGHT], b_rules=(), b_stats={"DT": 1})
    assert rolls(eng, "zombie_bite") == []


def test_a_defensive_strike_bites_too():
    # b is the zombie here: a attacks it, b's strike hits: a is bitten.
    a = unit("a", 1, 12, Y2, 0, stats={"MA": 1, "DT": 5})
    b = unit("b", 2, 12, Y1, 180, stats={"MA": 1, "MAV": 5, "DT": 5}, rules=["Zombie Bite"])
    eng = run(scenario([a, b], [FIGHT], dice=[1, 9, 7]))
    assert rolls(eng, "zombie_bite")[0].model == "a"
    assert eng.state.models["a"].conditions["infected"]["side"] == 2


# --- what the AI makes of it: an Infected model is one its side is about to lose ----------


def worth_of_b(eng):
    return eng.ruleset.advisor.unit_worth(eng.state, "b")


def test_an_infected_model_is_worth_only_the_chance_to_cut_the_infection_out():
    healthy = worth_of_b(game([1, 1], [FIGHT, END], finish=False))  # missed: not bitten
    # bitten on a limb in turn 1, 1 damage; asked at the end of the turn whether to amputate:
    # d10 + 3 >= DV 9 then saves it on a 6 or more (5 faces of 10)
    limb = game([9, 1, 3], [FIGHT, END], finish=False)
    assert limb.pending.kind == "amputation" and limb.state.turn == 1
    hurt = healthy * (0.5 + 0.5 * 2 / 3)  # (a track of 3 lost)
    assert worth_of_b(limb) == pytest.approx(hurt * 0.5)
    # on the body, or once the amputation was declined: it will turn, and is worth nothing
    assert worth_of_b(game([9, 1, 2], [FIGHT, END], finish=False)) == 0.0
    assert worth_of_b(game([9, 1, 3], [FIGHT, END, {"answer": False}], finish=False)) == 0.0
    # unless the game ends before it turns (bitten in turn 1 of 2: it would turn in turn 3)
    body = game([9, 1, 2], [FIGHT, END], finish=False, turns=2)
    assert "infected" in body.state.models["b"].conditions
    assert worth_of_b(body) == pytest.approx(hurt)


def test_the_ai_cuts_off_a_bitten_limb_when_the_model_would_turn_before_the_end():
    # (the AI answered no, sparing the track, and lost the model to the other side two
    # turns later: three of three farmstead games it lost to random play, seeds 1014, 1030
    # and 1036)
    eng = game([9, 1, 3] + [5] * 40, [FIGHT, END], finish=False)
    assert eng.pending is not None and eng.pending.kind == "amputation"
    assert choose(eng, level="normal").command == Answer(True)
    # in the game's last turn it never turns: the track is not worth giving
    last = game([9, 1, 3] + [5] * 40, [FIGHT, END], finish=False, turns=1)
    assert last.pending is not None and last.pending.kind == "amputation"
    assert choose(last, level="normal").command == Answer(False)


def test_the_evaluation_sees_the_model_lost_once_the_turn_of_the_bite_ends():
    # the same model record, one game turn on: the evaluation's remembered worth of a unit
    # must not keep the chance the amputation had
    eng = game([9, 1, 3], [FIGHT, END], finish=False)
    b = eng.state.models["b"]
    assert worth(eng.ruleset, eng.state, "b") > 0.0
    assert eng.execute(Answer(False)).ok
    assert eng.state.turn == 2 and eng.state.models["b"] is b
    assert worth(eng.ruleset, eng.state, "b") == 0.0

"""Rush Attack: Move then Charge, one attack at the end of the charge, resolved with the
activation's melee; at most one Defensive Strike against it."""

from game.core import events as ev
from tests.support import damage, events, rolls, run, scenario, unit

S = 25 / 25.4


def units(**e_stats):
    st = {"MA": 3}
    st.update(e_stats)
    return [unit("r", 1, 12, 20, 0, rules=["Rush Attack"], stats={"MA": 3, "MOV": 5}),
            unit("e", 2, 12, 12, 180, stats=st)]


MOVE_CHARGE = [{"unit": "r", "do": "move", "to": [12, 17]},
               {"unit": "r", "do": "charge", "target": "e"}]


def test_move_then_charge_strikes_once_and_suffers_one_strike_back():
    # r has MA 3 and e has MA 3, yet one attack (4 + 6 hits DV 9) and one Defensive Strike
    # (4 + 9 hits DV 9)
    eng = run(scenario(units(), MOVE_CHARGE, dice=[6, 9]))
    assert [(r.purpose, r.model, r.against) for r in rolls(eng)] == [
        ("attack", "r", "e"), ("defensive_strike", "e", "r")]
    assert (damage(eng, "e"), damage(eng, "r")) == (1, 1)
    taken = [a for a in events(eng, ev.ActionTaken) if a.action.startswith("fight")]
    assert [(a.action, a.target, a.free) for a in taken] == [("fight:rush", "e", True)]


def test_the_attack_is_rolled_with_the_other_fights_of_the_activation():
    # a second model of the same unit fights e too; both attacks come before e strikes back
    u = unit("u", 1, 0, 0, 0, rules=["Rush Attack"], stats={"MA": 1, "MOV": 5},
             positions=[[12, 20, 0], [12 + S, 12, 270]])
    e = unit("e", 2, 12, 12, 180, stats={"MA": 3})
    orders = [{"unit": "u.1", "do": "move", "to": [12, 17]},
              {"unit": "u.1", "do": "charge", "target": "e"},
              {"unit": "u.2", "do": "fight", "target": "e"}]
    eng = run(scenario([u, e], orders, dice=[6, 6, 1, 1, 1]))
    assert [(r.purpose, r.model) for r in rolls(eng, "attack")] == [("attack", "u.1"),
                                                                  ("attack", "u.2")]
    # e's three strikes, shared out by default: only one may go to the rushing model
    assert [r.against for r in rolls(eng, "defensive_strike")] == ["u.1", "u.2", "u.2"]


def near_rusher():
    return unit("r", 1, 12, 17, 0, rules=["Rush Attack"], stats={"MA": 3})


def test_a_charge_alone_is_no_rush_attack():
    eng = run(scenario([near_rusher(), units()[1]], [{"unit": "r", "do": "charge", "target": "e"}],
                       dice=[]))
    assert rolls(eng) == []


def test_charge_then_fight_is_an_ordinary_fight():
    orders = [{"unit": "r", "do": "charge", "target": "e"},
              {"unit": "r", "do": "fight", "target": "e"}]
    eng = run(scenario([near_rusher(), units()[1]], orders, dice=[1, 1, 1, 1, 1, 1]))
    assert len(rolls(eng, "attack")) == 3 and len(rolls(eng, "defensive_strike")) == 3


def test_choosing_among_several_enemies_touched():
    # the charge ends touching e and f; the decision defaults to the charged e, answered f
    f = unit("f", 2, 12 + S, 12 + S + 0.0025, 270, stats={"MA": 1})
    orders = [*MOVE_CHARGE, {"answer": "f"}]
    eng = run(scenario([*units(), f], orders, dice=[6, 1]))
    asked = [e for e in events(eng, ev.DecisionRequested) if e.kind == "rush_attack"]
    assert asked[0].default == "e" and set(asked[0].options) == {"e", "f"}
    assert [(r.purpose, r.against) for r in rolls(eng)] == [("attack", "f"),
                                                           ("defensive_strike", "r")]
    assert (damage(eng, "e"), damage(eng, "f")) == (0, 1)

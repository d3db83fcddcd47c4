"""Move, Charge, climbing and jumping down, falling, the Diving Charge, and Down models."""

import pytest

from game.core import events as ev
from tests.support import events, refusal, rolls, run
from tests.trench_crusade.helpers import R25, counter, game, model, rect, status

ROOF = rect("roof", "elevation", 8, 2, 16, 8, 3.0)  # a 3" high roof, its south edge at y 8
TOWER = rect("tower", "elevation", 8, 2, 16, 8, 6.0)
FAR = model("far", 2, 22, 22)  # an enemy far away, so the game goes on


def moved(eng, name):
    return [e for e in events(eng, ev.ModelMoved) if e.model == name]


# --- Move -------------------------------------------------------------------------------------


def test_move_up_to_movement():
    eng = run(game([model("a", 1, 4, 20), FAR], [{"unit": "a", "do": "move", "to": [4, 14]}]))
    (m,) = moved(eng, "a")
    assert (m.x, m.y, m.distance) == (4, 14, 6)


def test_move_beyond_movement_is_refused():
    msg = refusal(game([model("a", 1, 4, 20), FAR], [{"unit": "a", "do": "move", "to": [4, 13.9]}]))
    assert "Movement is 6" in msg


def test_one_move_or_charge_per_activation():
    orders = [{"unit": "a", "do": "move", "to": [4, 18]}, {"unit": "a", "do": "move", "to": [4, 17]}]
    assert "already moved" in refusal(game([model("a", 1, 4, 20), FAR], orders))


def test_a_move_may_not_end_within_one_inch_of_an_enemy():
    b = model("b", 2, 4, 10)
    msg = refusal(game([model("a", 1, 4, 14), b], [{"unit": "a", "do": "move", "to": [4, 10 + R25 + 0.9]}]))
    assert "Charge instead" in msg


def test_a_model_in_melee_may_move_but_must_stay_within_one_inch():
    a = model("a", 1, 4, 10 + R25)
    b = model("b", 2, 4, 10)
    stay = run(game([a, b], [{"unit": "a", "do": "move", "to": [4.5, 10 + R25 + 0.4]}]))
    assert moved(stay, "a")[0].x == 4.5
    msg = refusal(game([a, b], [{"unit": "a", "do": "move", "to": [4, 10 + R25 + 1.2]}]))
    assert 'stay within 1" of "b"' in msg


def test_climbing_costs_movement():
    # 2" across onto the 3" roof costs 5"; a Movement 4 model cannot make it
    a = {"stats": {"Movement": 5}}
    eng = run(game([model("a", 1, 12, 9.5, **a), FAR], [{"unit": "a", "do": "move", "to": [12, 7.5]}],
                   terrain=[ROOF]))
    assert moved(eng, "a")[0].y == 7.5
    slow = model("a", 1, 12, 9.5, stats={"Movement": 4})
    msg = refusal(game([slow, FAR], [{"unit": "a", "do": "move", "to": [12, 7.5]}], terrain=[ROOF]))
    assert '3" climbing' in msg


def test_jumping_down_costs_nothing_and_a_three_inch_drop_is_a_fall():
    # 4" across and 3" down with Movement 4: allowed; the fall rolls 2D6 +1 INJURY DICE
    a = model("a", 1, 12, 7, stats={"Movement": 4})
    eng = run(game([a, FAR], [{"unit": "a", "do": "move", "to": [12, 11]}], dice=[1, 2, 3],
                   terrain=[ROOF]))
    (inj,) = rolls(eng, "injury_roll")
    assert inj.model == "a" and inj.against is None
    assert inj.dice_modifiers == (('Falling 3"', 1),) and inj.kept == (2, 3)
    assert inj.outcome == "minor_hit" and counter(eng, "a") == 1


def test_six_inch_fall_adds_two_injury_dice():
    a = model("a", 1, 12, 7)
    eng = run(game([a, FAR], [{"unit": "a", "do": "move", "to": [12, 11]}], dice=[1, 4, 4, 2],
                   terrain=[TOWER]))
    inj = rolls(eng, "injury_roll")[0]
    assert inj.dice_modifiers == (('Falling 6"', 2),) and inj.kept == (4, 4)
    assert inj.outcome == "down" and status(eng, "a") == "down"


def test_a_smaller_drop_is_no_fall():
    low = rect("step", "elevation", 8, 2, 16, 8, 2.5)
    eng = run(game([model("a", 1, 12, 7), FAR], [{"unit": "a", "do": "move", "to": [12, 11]}],
                   dice=[], terrain=[low]))
    assert rolls(eng) == []


def test_taken_down_in_its_own_activation_ends_it():
    a = model("a", 1, 12, 7)
    orders = [{"unit": "a", "do": "move", "to": [12, 11]}, {"unit": "a", "do": "pass"}]
    assert "already activated" in refusal(game([a, FAR], orders, dice=[1, 4, 4], terrain=[ROOF]))


# --- Down models --------------------------------------------------------------------------------


def fall_then(orders, units=()):
    """"a" drops 3" off the roof in game turn 1 and is taken Down (keep 4 + 4 = 8), "far"
    passes; ``orders`` follow in game turn 2."""
    a = model("a", 1, 12, 7)
    first = [{"unit": "a", "do": "move", "to": [12, 11]}, {"unit": "far", "do": "pass"}]
    return game([a, FAR, *units], first + orders, dice=[1, 4, 4], terrain=[ROOF])


def test_a_down_model_stands_up_with_half_movement():
    eng = run(fall_then([{"unit": "a", "do": "move", "to": [12, 14]}]))
    changes = [e.status for e in events(eng, ev.StatusChanged) if e.model == "a"]
    assert changes == ["down", "active"]
    assert moved(eng, "a")[1].distance == 3
    msg = refusal(fall_then([{"unit": "a", "do": "move", "to": [12, 14.1]}]))
    assert "Movement is 3" in msg


def test_stand_up_order_activates_a_down_model():
    eng = run(fall_then([{"unit": "a", "do": "stand_up"}]))
    assert status(eng, "a") == "active"
    assert "not Down" in refusal(game([model("a", 1, 4, 4), FAR], [{"unit": "a", "do": "stand_up"}]))


def test_down_charge_range_is_halved_too():
    b = model("b", 2, 2, 11 + R25 + 3.5)
    orders = [{"unit": "b", "do": "pass"}, {"unit": "a", "do": "charge", "target": "b"}]
    msg = refusal(fall_then(orders, [dict(b, x=12)]))
    assert "Movement is 3" in msg


# --- Charge -------------------------------------------------------------------------------------


def test_charge_ends_in_base_contact():
    a, b = model("a", 1, 4, 16), model("b", 2, 4, 10)
    eng = run(game([a, b], [{"unit": "a", "do": "charge", "target": "b"}]))
    (m,) = moved(eng, "a")
    assert m.reason == "charge" and m.y == pytest.approx(10 + R25, abs=0.01)


def test_charge_beyond_movement_is_refused():
    a, b = model("a", 1, 4, 17.5), model("b", 2, 4, 10)
    assert "Movement is 6" in refusal(game([a, b], [{"unit": "a", "do": "charge", "target": "b"}]))


def test_a_model_already_in_melee_cannot_charge():
    a, b, c = model("a", 1, 4, 10 + R25), model("b", 2, 4, 10), model("c", 2, 8, 10)
    assert "Fight instead" in refusal(game([a, b, c], [{"unit": "a", "do": "charge", "target": "c"}]))


def test_charge_against_a_barricade_stops_within_one_inch_of_the_target():
    wall = rect("sandbags", "obstacle", 0, 12.5, 8, 13, 1.0)
    a, b = model("a", 1, 4, 17), model("b", 2, 4, 12.5 - R25 / 2)
    eng = run(game([a, b], [{"unit": "a", "do": "charge", "target": "b"},
                            {"unit": "a", "do": "fight", "target": "b"}], dice=[1, 1, 1], terrain=[wall]))
    (m,) = moved(eng, "a")
    assert 13 + R25 / 2 <= m.y <= 13 + R25 / 2 + 0.01
    assert dict(rolls(eng, "success_roll")[0].dice_modifiers) == {"Defended Obstacle (sandbags)": -1}


def test_a_charge_that_jumps_three_inches_without_diving_falls():
    a, b = model("a", 1, 12, 5), model("b", 2, 12, 10)
    eng = run(game([a, b], [{"unit": "a", "do": "charge", "target": "b"}], dice=[1, 1, 1],
                   terrain=[ROOF]))
    assert moved(eng, "a")[0].y == pytest.approx(10 - R25, abs=0.01)
    assert rolls(eng, "injury_roll")[0].dice_modifiers == (('Falling 3"', 1),)


# --- Diving Charge ------------------------------------------------------------------------------


def dive(dice, orders=None, a=None):
    ua = model("a", 1, 12, 5, **(a or {}))
    ub = model("b", 2, 12, 10)
    orders = orders or [{"unit": "a", "do": "charge", "target": "b", "dive": True}]
    return game([ua, ub], orders, dice, terrain=[ROOF])


def test_diving_charge_success_skips_the_fall_and_adds_a_die_to_the_next_attack():
    fight = [{"unit": "a", "do": "charge", "target": "b", "dive": True},
             {"unit": "a", "do": "fight", "target": "b"}]
    eng = run(dive([3, 4, 1, 1, 2, 1, 1], orders=fight))
    risky = rolls(eng, "diving_charge")[0]
    assert risky.total == 7 and risky.outcome == "success"
    assert rolls(eng, "injury_roll") == []
    attack = rolls(eng, "success_roll")[0]
    assert attack.dice_modifiers == (("Diving Charge", 1),) and attack.kept == (1, 2)
    assert eng.state.models["a"].flag("diving_charge") is None  # used up


def test_the_diving_charge_die_is_for_the_next_attack_only():
    fight = [{"unit": "a", "do": "charge", "target": "b", "dive": True},
             {"unit": "a", "do": "fight", "target": "b"}]
    eng = run(dive([6, 6, 1, 1, 1, 1, 1], orders=fight, a={"weapons": [{"name": "Flail", "attacks": 2}]}))
    assert [r.dice_modifiers for r in rolls(eng, "success_roll")] == [(("Diving Charge", 1),), ()]


def test_diving_charge_failure_takes_the_model_down_and_it_falls():
    # Risky roll 3 + 3 fails: Down (going Down by itself places no Blood Marker), then the
    # falling Injury Roll with +1 INJURY DICE: keep 4 + 3 = 7, a Down result on a model
    # already Down: 2 Blood Markers
    orders = [{"unit": "a", "do": "charge", "target": "b", "dive": True},
              {"unit": "a", "do": "fight", "target": "b"}]
    data = dive([3, 3, 1, 4, 3], orders=orders)
    assert "already activated" in refusal(data)
    eng = run(dive([3, 3, 1, 4, 3]))
    assert rolls(eng, "diving_charge")[0].outcome == "failure"
    inj = rolls(eng, "injury_roll")[0]
    assert inj.dice_modifiers == (('Falling 3"', 1),) and inj.total == 7
    assert status(eng, "a") == "down" and counter(eng, "a") == 2
    assert moved(eng, "a")[0].y == pytest.approx(10 - R25, abs=0.01)


@pytest.mark.parametrize(
    ("dice", "armour", "outcome", "markers"),
    [
        # falling roll 1 1 2 with +1 INJURY DICE: keep 2 + 1 = 3, a Minor Hit: 1 marker
        ([3, 3, 1, 1, 2], 0, "minor_hit", 1),
        # keep 1 + 1, Armour -1: 1, No Effect: the model is Down with no marker at all
        ([3, 3, 1, 1, 1], -1, "no_effect", 0),
    ],
)
def test_a_failed_diving_charge_gives_blood_markers_only_from_the_falling_roll(
        dice, armour, outcome, markers):
    eng = run(dive(dice, a={"stats": {"Movement": 6, "Melee": 0, "Ranged": 0, "Armour": armour}}))
    assert rolls(eng, "diving_charge")[0].outcome == "failure"
    assert rolls(eng, "injury_roll")[0].outcome == outcome
    assert status(eng, "a") == "down"
    assert counter(eng, "a") == markers
    downs = [e for e in events(eng, ev.StatusChanged) if e.model == "a"]
    assert [(e.status, e.reason) for e in downs] == [("down", "failed Diving Charge")]


def test_diving_charge_needs_three_inches_of_height():
    low = rect("step", "elevation", 8, 2, 16, 8, 2.0)
    ua, ub = model("a", 1, 12, 5), model("b", 2, 12, 10)
    msg = refusal(game([ua, ub], [{"unit": "a", "do": "charge", "target": "b", "dive": True}],
                       terrain=[low]))
    assert 'needs 3" or more' in msg


def test_diving_charge_risky_roll_takes_blood_marker_penalties():
    # side 2 spends a's Blood Marker: 3 dice, keep lowest 2 + 4 = 6: a failure
    orders = [{"unit": "a", "do": "charge", "target": "b", "dive": True}, {"answer": 1}]
    eng = run(dive([6, 2, 4, 1, 1, 1], orders=orders, a={"rules": ["Blood Markers (1)"]}))
    risky = rolls(eng, "diving_charge")[0]
    assert risky.dice_modifiers == (("Blood Markers", -1),) and risky.outcome == "failure"


def test_a_charge_goes_around_a_wall_by_the_shortest_route():
    wall = rect("wall", "impassable", 0, 12.5, 8, 13, 3.0)
    a, b = model("a", 1, 4, 17, stats={"Movement": 14}), model("b", 2, 4, 9)
    eng = run(game([a, b, FAR], [{"unit": "a", "do": "charge", "target": "b"}], terrain=[wall]))
    (m,) = moved(eng, "a")
    assert m.reason == "charge" and m.via and all(x > 8 for x, _ in m.via)
    points = [(4.0, 17.0), *m.via, (m.x, m.y)]
    assert m.distance == pytest.approx(sum(
        ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 for a, b in zip(points, points[1:])), abs=1e-4)
    assert ((m.x - 4) ** 2 + (m.y - 9) ** 2) ** 0.5 == pytest.approx(R25 + 0.0025, abs=0.003)
    # with Movement 6 the way around is too long: refused, with the cost of the route
    a6 = model("a", 1, 4, 17)
    text = refusal(game([a6, b, FAR], [{"unit": "a", "do": "charge", "target": "b"}], terrain=[wall]))
    assert "Movement is 6" in text


def test_a_charge_that_would_end_on_another_level_out_of_reach_is_refused():
    # "b" stands on the roof 0.8" from its south edge; "a" below, on the ground: flush with b
    # in plan, the charge would leave "a" at the foot of the roof, 3" below b and out of reach
    up = [model("a", 1, 12, 12), model("b", 2, 12, 7.2), FAR]
    msg = refusal(game(up, [{"unit": "a", "do": "charge", "target": "b"}], terrain=[ROOF]))
    assert 'its charge would end 3" below it, out of reach' in msg
    # the other way: "a" on the roof, "b" on the ground against the roof's edge, so that the
    # charge would stop with "a" still on the roof, 3" above b; a plain charge and a dive alike
    down = [model("a", 1, 12, 4), model("b", 2, 12, 8.2), FAR]
    for order in ({"unit": "a", "do": "charge", "target": "b"},
                  {"unit": "a", "do": "charge", "target": "b", "dive": True}):
        msg = refusal(game(down, [order], terrain=[ROOF]))
        assert 'its charge would end 3" above it, out of reach' in msg

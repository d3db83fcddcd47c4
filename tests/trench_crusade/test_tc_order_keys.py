"""The keys of trench-crusade orders: each action takes its own keys and refuses any other
(``unknown_key``) before anything happens; the one-model units message; the Blood Marker
question and the reasons logged when markers are spent."""

import pytest

from game.core import events as ev
from game.core.commands import command_from_dict
from game.core.engine import Context, Engine
from game.core.errors import Refused, ScenarioError
from game.core.scenario import check_scenario
from tests.support import events, play_file, rolls, run
from tests.trench_crusade.helpers import R25, duel, game, model

FAR = model("far", 2, 22, 22)
HIT = [4, 4]  # a Success (8) with no bonus or penalty dice


def refused(data):
    """Run all orders but the last like headless play; the ruleset must refuse the last one
    before it yields any event, and the log stays as it was. Returns the Refusal."""
    eng = Engine(check_scenario(data, "test"), seed=1)
    *head, last = data["orders"]
    for raw in head:
        out = eng.run_order(command_from_dict(raw))
        assert out.ok, f"{raw} refused: {out.refusal}"
    cmd = command_from_dict(last)
    with pytest.raises(Refused):
        next(eng.ruleset.handle(Context(eng), cmd))
    logged = len(eng.log)
    out = eng.execute(cmd)
    assert not out.ok and len(eng.log) == logged and out.events == []
    return out.refusal


def apart(orders, **kw):
    return game([model("a", 1, 4, 16), model("b", 2, 4, 10), FAR], orders, **kw)


def b2b(orders, **kw):
    return game([model("a", 1, 12, 12 + R25), model("b", 2, 12, 12), FAR], orders, **kw)


MOVE = {"unit": "a", "do": "move", "to": [4, 18], "facing": 90}
CHARGE = {"unit": "a", "do": "charge", "target": "b"}
FIGHT = {"unit": "a", "do": "fight", "target": "b"}

# (the scene with the order valid, the order, the keys its action takes)
CORE = {
    "move": (apart, MOVE, "it takes: to, facing"),
    "charge": (apart, CHARGE, "it takes: target, dive"),
    "fight": (b2b, FIGHT, "it takes: target, attacks"),
    "pass": (apart, {"unit": "a", "do": "pass"}, "it takes no keys"),
    "stand_up": (apart, {"unit": "a", "do": "stand_up"}, "it takes no keys"),
}


@pytest.mark.parametrize("do", sorted(CORE))
def test_an_unknown_key_is_refused_for_every_action(do):
    scene, order, takes = CORE[do]
    ref = refused(scene([{**order, "diev": True}]))
    assert ref.code == "unknown_key"
    assert ref.message == f'order "{do}" has no key "diev" ({takes})'


@pytest.mark.parametrize("do", ["move", "charge", "fight", "pass"])
def test_the_same_order_with_its_own_keys_is_carried_out(do):
    scene, order, _ = CORE[do]
    eng = run(scene([order], dice=[1] * 6))
    assert [a.action for a in events(eng, ev.ActionTaken) if a.model == "a"][0] == do


@pytest.mark.parametrize("do", ["end_activation", "end_turn"])
def test_the_flow_orders_take_no_keys(do):
    ref = refused(apart([{"unit": "a", "do": "move", "to": [4, 18]}, {"do": do, "now": True}]))
    assert ref.code == "unknown_key"
    assert ref.message == f'order "{do}" has no key "now" (it takes no keys)'


def test_a_misspelt_dive_is_not_a_plain_charge():
    ref = refused(apart([{**CHARGE, "diev": True}]))
    assert ref.message == 'order "charge" has no key "diev" (it takes: target, dive)'


@pytest.mark.parametrize("key, value", [("weapon", "Club"), ("dive", True), ("to", [4, 4])])
def test_keys_of_other_actions_are_refused_on_a_fight(key, value):
    ref = refused(b2b([{**FIGHT, key: value}]))
    assert ref.code == "unknown_key"
    assert ref.message.startswith(f'order "fight" has no key "{key}" (it takes: target, attacks)')


def test_a_weapon_key_points_to_attacks():
    ref = refused(b2b([{**FIGHT, "weapon": "Club"}]))
    assert 'name the weapons in "attacks"' in ref.message


def test_valid_keys_work_as_before():
    eng = run(apart([{**CHARGE, "dive": False}]))
    assert [a.action for a in events(eng, ev.ActionTaken)] == ["charge"]
    eng = run(b2b([{"unit": "a", "do": "fight", "attacks": [{"weapon": "Club", "target": "b"}]}],
                  dice=[1, 1]))
    assert rolls(eng, "success_roll")[0].against == "b"
    eng = run(apart([MOVE]))
    m = eng.state.models["a"]
    assert (m.x, m.y, m.facing) == (4, 18, 90)


def test_refused_before_the_previous_activation_is_closed():
    data = apart([{"unit": "a", "do": "move", "to": [4, 18]},
                  {"unit": "b", "do": "move", "to": [4, 8], "diev": 1}])
    assert refused(data).code == "unknown_key"


# --- the profile: one model per unit -----------------------------------------------------------


def test_models_must_be_one():
    u = {**model("a", 1, 4, 4), "models": 2}
    with pytest.raises(ScenarioError) as exc:
        check_scenario(game([u, model("b", 2, 20, 20)]), "x.toml")
    assert str(exc.value) == 'x.toml: units[0] "a": models must be 1: trench-crusade fights model by model'


# --- Blood Markers -----------------------------------------------------------------------------


def blood_question(eng):
    return next(e for e in events(eng, ev.DecisionRequested) if e.kind == "spend_blood_markers")


def test_the_blood_marker_question_mentions_a_bloodbath_only_when_it_is_offered():
    eng = run(duel([*HIT, 1, 1], b={"rules": ["Blood Markers (5)"]}))
    q = blood_question(eng)
    assert "bloodbath" not in q.options
    assert q.question == 'spend how many of "b"\'s 5 Blood Markers (+1 INJURY DICE each)?'
    eng = run(duel([*HIT, 1, 1], b={"rules": ["Blood Markers (6)"]}))
    q = blood_question(eng)
    assert "bloodbath" in q.options
    assert q.question == ('spend how many of "b"\'s 6 Blood Markers (+1 INJURY DICE each, or '
                          '"bloodbath" for 6 to roll 3D6)?')


def test_one_blood_marker_is_asked_about_in_the_singular():
    q = blood_question(run(duel([*HIT, 1, 1], b={"rules": ["Blood Markers (1)"]})))
    assert q.question == 'spend how many of "b"\'s 1 Blood Marker (+1 INJURY DICE each)?'
    assert q.options == (0, 1)


def spent(eng):
    return [(c.counter, c.delta, c.reason) for c in events(eng, ev.CounterChanged) if c.delta < 0]


def test_markers_spent_are_logged_with_a_short_reason():
    orders = [FIGHT, {"answer": 2}]
    eng = run(duel([*HIT, 1, 1, 1, 1], b={"rules": ["Blood Markers (2)"]}, orders=[*orders]))
    assert spent(eng) == [("blood_markers", -2, "spent on an injury roll")]
    orders = [FIGHT, {"answer": 1}, {"answer": 1}]
    eng = run(duel([4, 4, 4, 1, 1, 1], a={"rules": ["Blessing Markers (1)"]},
                   b={"rules": ["Blessing Markers (1)"]}, orders=orders))
    assert spent(eng) == [("blessing_markers", -1, "spent on a success roll"),
                          ("blessing_markers", -1, "spent on an injury roll")]


# --- headless play ------------------------------------------------------------------------------

SCENE = """
format = 1
name = "t"
ruleset = "trench-crusade"
[table]
width = 24.0
height = 24.0
[[units]]
id = "a"
side = 1
x = 4.0
y = 16.0
base = "r25"
stats = { Movement = 6, Melee = 0 }
weapons = [{ name = "Club" }]
[[units]]
id = "b"
side = 2
x = 4.0
y = 10.0
base = "r25"
stats = { Movement = 6, Melee = 0 }
weapons = [{ name = "Club" }]
[[orders]]
unit = "a"
do = "charge"
target = "b"
diev = true
"""


def test_headless_play_exits_2_naming_the_order_and_the_key(tmp_path, capsys):
    code, save = play_file(tmp_path, SCENE)
    err = capsys.readouterr().err
    assert code == 2
    assert ('orders[0] (unit "a", do "charge", target "b"): order "charge" has no key "diev" '
            "(it takes: target, dive)") in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not save.exists()

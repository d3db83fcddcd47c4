"""The keys of skirmish-d10 orders: each action takes its own keys plus those the Special
Abilities of the acting model add; any other key is refused (``unknown_key``) before anything
happens, naming the key and the keys the action takes."""

import pytest

from game.core import events as ev
from game.core.commands import command_from_dict
from game.core.engine import Context, Engine
from game.core.errors import Refused
from game.core.scenario import check_scenario
from tests.support import SKIRMISH_TOML, b2b_pair, events, play_file, run, scenario, unit

Y1, Y2 = b2b_pair()
S = 25.0 / 25.4


def refused(data, at_once=True):
    """Run all orders but the last like headless play; the last one must be refused, leaving
    the log as it was, and (``at_once``) by the ruleset before it yields any event. Returns the
    Refusal."""
    eng = Engine(check_scenario(data, "test"), seed=1)
    *head, last = data["orders"]
    for raw in head:
        out = eng.run_order(command_from_dict(raw))
        assert out.ok, f"{raw} refused: {out.refusal}"
    cmd = command_from_dict(last)
    if at_once:
        with pytest.raises(Refused):
            next(eng.ruleset.handle(Context(eng), cmd))  # refused before its first event
    logged = len(eng.log)
    out = eng.execute(cmd)
    assert not out.ok
    assert len(eng.log) == logged and out.events == []
    return out.refusal


def apart(orders, a_kw=None, **kw):
    """a (side 1) 12" from b (side 2), facing it."""
    return scenario([unit("a", 1, 12, 18, 0, **(a_kw or {})), unit("b", 2, 12, 6, 180)],
                    orders, **kw)


def b2b(orders, a_rules=(), **kw):
    """a in base contact with b, facing it."""
    a = unit("a", 1, 12, Y2, 0, stats={"MA": 2, "DT": 5}, rules=list(a_rules))
    b = unit("b", 2, 12, Y1, 180, stats={"MA": 0, "DT": 9})
    return scenario([a, b], orders, **kw)


def charge_range(orders, **kw):
    return scenario([unit("a", 1, 15, 6, 0, stats={"MOV": 6}), unit("b", 2, 12, 6, 180)],
                    orders, **kw)


def trampler(orders, **kw):
    t = unit("a", 1, 12, 16, 0, base="large", rules=["Trample"], stats={"MOV": 8, "MA": 1})
    e = unit("e", 2, 12, 16 - 2 * S - 0.3, 180, stats={"MA": 0})
    far = unit("far", 2, 2, 2, 180)
    return scenario([t, e, far], orders, **kw)


MOVE = {"unit": "a", "do": "move", "to": [12, 14], "facing": 90}
CHARGE = {"unit": "a", "do": "charge", "target": "b"}
FIGHT = {"unit": "a", "do": "fight", "target": "b"}
TRAMPLE = {"unit": "a", "do": "trample", "direction": "front", "distance": 4}

# (the scene with the order valid, the order, the keys its action takes)
CORE = {
    "move": (apart, MOVE, "it takes: to, facing"),
    "charge": (charge_range, CHARGE, "it takes: target"),
    "fight": (b2b, FIGHT, "it takes: target"),
    "focus": (apart, {"unit": "a", "do": "focus"}, "it takes no keys"),
    "inspire": (lambda o, **kw: apart(o, a_kw={"keywords": ["Warlord"]}, **kw),
                {"unit": "a", "do": "inspire"}, "it takes no keys"),
    "pass": (apart, {"unit": "a", "do": "pass"}, "it takes no keys"),
    "trample": (trampler, TRAMPLE, "it takes: direction, distance"),
}


@pytest.mark.parametrize("do", sorted(CORE))
def test_an_unknown_key_is_refused_for_every_core_action(do):
    scene, order, takes = CORE[do]
    ref = refused(scene([{**order, "diev": True}]))
    assert ref.code == "unknown_key"
    assert ref.message.startswith(f'order "{do}" has no key "diev" ({takes}')


@pytest.mark.parametrize("do", sorted(CORE))
def test_the_same_order_with_its_own_keys_is_carried_out(do):
    scene, order, _ = CORE[do]
    eng = run(scene([order], dice=[1] * 10))
    taken = [a.action for a in events(eng, ev.ActionTaken) if a.model == "a"]
    assert taken and taken[0] in (do, "fight:trample")


@pytest.mark.parametrize("do", ["end_activation", "end_turn"])
def test_the_flow_orders_take_no_keys(do):
    ref = refused(apart([{"unit": "a", "do": "focus"}, {"do": do, "now": True}]))
    assert ref.code == "unknown_key"
    assert ref.message == f'order "{do}" has no key "now" (it takes no keys)'


def test_the_message_lists_the_charge_key():
    ref = refused(charge_range([{**CHARGE, "diev": True}]))
    assert ref.message == 'order "charge" has no key "diev" (it takes: target)'


def test_a_valid_move_keeps_its_keys():
    eng = run(apart([MOVE]))
    m = eng.state.models["a"]
    assert (m.x, m.y, m.facing) == (12, 14, 90)


def test_refused_before_the_previous_activation_is_closed():
    # a's activation is open; b's order would close it first, but its bad key stops it at once
    data = apart([{"unit": "a", "do": "move", "to": [12, 17]},
                  {"unit": "b", "do": "move", "to": [12, 7], "diev": 1}])
    assert refused(data).code == "unknown_key"


# --- keys Special Abilities add ------------------------------------------------------------

RULE_KEYS = [
    ("frenzy", 1, "Frenzy"),
    ("martyr", True, "Martyr"),
    ("swings", "front/front-left", "Swing-Through"),
]


@pytest.mark.parametrize("key, value, rule", RULE_KEYS)
def test_a_fight_key_of_a_rule_the_model_lacks_is_refused_naming_the_rule(key, value, rule):
    ref = refused(b2b([{**FIGHT, key: value}]))
    assert ref.code == "unknown_key"
    assert ref.message == (f'order "fight" has no key "{key}" for "a": "{key}" belongs to the '
                           f'{rule} Special Ability, which "a" does not have (it takes: target)')


@pytest.mark.parametrize("key, value, rule", RULE_KEYS)
def test_a_fight_key_of_the_models_rule_is_taken_and_recorded(key, value, rule):
    eng = run(b2b([{**FIGHT, key: value}], a_rules=[rule], dice=[1] * 12))
    flags = [(f.flag, f.value) for f in events(eng, ev.FlagSet) if f.model == "a"]
    assert (f"fight.{key}", value) in flags


def test_an_unknown_key_lists_the_models_keys_and_the_other_abilities():
    ref = refused(b2b([{**FIGHT, "frenzi": 1}], a_rules=["Frenzy"]))
    assert ref.message == (
        'order "fight" has no key "frenzi" (it takes: target, frenzy; other Special Abilities '
        "add: martyr (Martyr), swings (Swing-Through))"
    )


def test_a_rule_keys_value_is_still_checked():
    ref = refused(b2b([{**FIGHT, "frenzy": 5}], a_rules=["Frenzy"]))
    assert ref.code == "bad_order" and "at most 2" in ref.message


def swift_scene(orders, rules=("Swift Attack",), **kw):
    s = unit("a", 1, 12, 18, 0, rules=list(rules), stats={"MA": 3, "MOV": 6})
    return scenario([s, unit("b", 2, 12, 12, 180, stats={"MA": 3})], orders, **kw)


def test_swift_attacks_attack_key_needs_the_rule():
    ref = refused(swift_scene([CHARGE, {"unit": "a", "do": "move", "attack": "b"}], rules=()))
    assert ref.code == "unknown_key"
    assert ref.message == ('order "move" has no key "attack" for "a": "attack" belongs to the '
                           'Swift Attack Special Ability, which "a" does not have '
                           "(it takes: to, facing)")


def test_swift_attacks_attack_key_is_taken_with_the_rule():
    eng = run(swift_scene([CHARGE, {"unit": "a", "do": "move", "attack": "b"}], dice=[6, 9]))
    acts = [(a.action, a.target) for a in events(eng, ev.ActionTaken) if a.model == "a"]
    assert ("fight:swift", "b") in acts


def test_the_move_of_a_swift_attack_takes_no_facing():
    ref = refused(swift_scene([CHARGE, {"unit": "a", "do": "move", "facing": 90}]))
    assert ref.code == "unknown_key"
    assert ref.message == ('order "move" (the Move of a Swift Attack) has no key "facing" '
                           "(it takes: to, attack)")


def test_attack_on_a_move_that_is_not_a_swift_attack_is_refused():
    # (refused once the activation has started: whether the Move is a Swift Attack's depends
    # on the actions spent in it; the engine undoes the start)
    ref = refused(swift_scene([{"unit": "a", "do": "move", "to": [12, 20], "attack": "b"}]),
                  at_once=False)
    assert ref.code == "bad_order" and "Move of a Swift Attack" in ref.message


def test_trample_keys_are_refused_on_other_actions():
    ref = refused(trampler([{"unit": "a", "do": "move", "to": [12, 18], "direction": "front"}]))
    assert ref.code == "unknown_key"
    assert ref.message.startswith('order "move" has no key "direction" (it takes: to, facing')


# --- headless play --------------------------------------------------------------------------

SCENE = SKIRMISH_TOML + """
[[orders]]
unit = "orc"
do = "focus"
[[orders]]
unit = "orc"
do = "move"
to = [12, 10]
diev = true
"""


def test_headless_play_exits_2_naming_the_order_and_the_key(tmp_path, capsys):
    code, save = play_file(tmp_path, SCENE)
    err = capsys.readouterr().err
    assert code == 2
    assert ('orders[1] (unit "orc", do "move"): order "move" has no key "diev" (it takes: to, '
            "facing; other Special Abilities add: attack (Swift Attack))") in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not save.exists()

"""Life Seize: after destroying an enemy, d10 + the victim's damage tracks, 10+, heals 1; once
per victim; never a Zombie; a destroyed Life Seize model may still try and stays on its last
track."""

from game.core import events as ev
from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
S = 25.0 / 25.4
FIGHT = [{"unit": "a", "do": "fight", "target": "b"}]


def duel(dice, a_stats=None, b_stats=None, a_rules=("Life Seize",), b_rules=(), b_keywords=()):
    a = unit("a", 1, 12, Y2, 0, stats={"MA": 1, "DT": 3, **(a_stats or {})}, rules=list(a_rules))
    b = unit("b", 2, 12, Y1, 180, stats={"MA": 1, "DT": 1, **(b_stats or {})},
             rules=list(b_rules), keywords=list(b_keywords))
    keep = unit("k", 2, 2, 2, 0)  # so the game does not end with b
    keep1 = unit("k1", 1, 22, 2, 0)
    return run(scenario([a, b, keep, keep1], FIGHT, dice=dice))


def test_a_successful_seize_heals_one_point():
    # a kills b (1 track) and takes a strike; seize 9 + 1 = 10.
    eng = duel([9, 9, 9])
    (ls,) = rolls(eng, "life_seize")
    assert ls.model == "a" and ls.total == 10 and ls.outcome == "drained"
    assert damage(eng, "a") == 0
    assert any(isinstance(e, ev.ActionTaken) and e.action == "life_seize" and e.free
               for e in eng.log)


def test_a_failed_seize_heals_nothing():
    eng = duel([9, 9, 8])
    assert rolls(eng, "life_seize")[0].total == 9 and damage(eng, "a") == 1


def test_the_victims_damage_tracks_are_added():
    # b has 4 tracks; a hits 4 times and takes a strike; 6 + 4 = 10 succeeds.
    eng = duel([9, 9, 9, 9, 9, 6], a_stats={"MA": 4}, b_stats={"DT": 4})
    (ls,) = rolls(eng, "life_seize")
    assert ("the victim's DT", 4) in ls.modifiers and ls.outcome == "drained"
    assert damage(eng, "a") == 0


def test_the_seize_comes_before_the_destroyed_leave_the_table():
    eng = duel([9, 9, 9])
    log = eng.log
    seize = next(i for i, e in enumerate(log)
                 if isinstance(e, ev.DiceRolled) and e.purpose == "life_seize")
    gone = next(i for i, e in enumerate(log)
                if isinstance(e, ev.StatusChanged) and e.model == "b")
    assert seize < gone


def test_a_destroyed_seizer_stays_on_its_last_track():
    # a (2 tracks) takes two strikes and is destroyed while killing b; the seize works.
    eng = duel([9, 9, 9, 9], a_stats={"DT": 2}, b_stats={"MA": 2})
    assert rolls(eng, "life_seize")[0].outcome == "drained"
    a = eng.state.models["a"]
    assert a.status == "active" and a.damage == 1
    assert eng.state.models["b"].status == "destroyed"


def test_a_destroyed_seizer_that_fails_is_removed():
    eng = duel([9, 9, 9, 1], a_stats={"DT": 2}, b_stats={"MA": 2})
    assert eng.state.models["a"].status == "destroyed"


def test_zombies_cannot_be_drained():
    eng = duel([9, 9], b_keywords=["Zombie"])
    assert rolls(eng, "life_seize") == []
    assert damage(eng, "a") == 1


def test_no_seize_without_damage_to_heal():
    eng = duel([9, 1])
    assert rolls(eng, "life_seize") == [] and damage(eng, "a") == 0


def test_seizing_on_defence():
    # b has Life Seize: a (1 track) hits b, b's strike kills a; 9 + 1 heals b.
    eng = duel([9, 9, 9], a_rules=(), b_rules=["Life Seize"], a_stats={"DT": 1},
               b_stats={"DT": 3})
    (ls,) = rolls(eng, "life_seize")
    assert ls.model == "b" and damage(eng, "b") == 0


def test_one_seize_per_destroyed_model():
    # a.1 and a.2 both hit b (2 tracks) and both take a strike: one seize only, by a.2
    # whose hit was the one that destroyed b.
    a = unit("a", 1, 0, 0, stats={"MA": 1, "DT": 3}, rules=["Life Seize"], models=2,
             positions=[[12, 12 + S, 0], [12 - S, 12, 90]])
    b = unit("b", 2, 12, 12, 180, stats={"MA": 2, "DT": 2})
    keep = unit("k", 2, 2, 2, 0)
    orders = [{"unit": "a.1", "do": "fight", "target": "b"},
              {"unit": "a.2", "do": "fight", "target": "b"}]
    eng = run(scenario([a, b, keep], orders, dice=[9, 9, 9, 9, 9]))
    (ls,) = rolls(eng, "life_seize")
    assert ls.model == "a.2"
    assert damage(eng, "a.2") == 0 and damage(eng, "a.1") == 1

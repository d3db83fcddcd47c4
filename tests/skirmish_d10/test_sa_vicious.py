"""Vicious: a model it damages takes a Discipline Check or becomes Shaken; one check per damaged
model per activation."""

from tests.support import b2b_pair, damage, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT = [{"unit": "a", "do": "fight", "target": "b"}]
CHECK = "discipline_check (Vicious)"


def game(dice, orders=FIGHT, a_rules=("Vicious",), a_ma=1, b_dt=5):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": a_ma, "DV": 9, "DT": 5}, rules=list(a_rules))
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DIS": 5, "DT": b_dt})
    return run(scenario([a, b], orders, dice=dice))


def test_failed_check_shakes_the_damaged_model():
    # hit 5; b's DS 1 misses; Discipline Check 5 + 4 = 9 < 10: Shaken
    eng = game([5, 1, 4])
    (chk,) = rolls(eng, CHECK)
    assert chk.model == "b" and chk.total == 9 and chk.outcome == "fail"
    assert "shaken" in eng.state.models["b"].conditions


def test_passed_check_leaves_it_steady():
    eng = game([5, 1, 5])
    assert rolls(eng, CHECK)[0].outcome == "pass"
    assert "shaken" not in eng.state.models["b"].conditions


def test_no_check_without_damage():
    eng = game([1, 1])
    assert rolls(eng, CHECK) == []


def test_one_check_for_several_hits_and_points():
    # Two hits of a Mighty Vicious model: 4 points, one check.
    eng = game([5, 5, 1, 4], a_rules=("Vicious", "Mighty"), a_ma=2)
    assert damage(eng, "b") == 4
    assert len(rolls(eng, CHECK)) == 1


def test_one_check_per_activation_for_several_vicious_models():
    # Two Vicious models of one unit damage b: a single check (fails: Shaken).
    a = {**unit("a", 1, 0, 0, 0, stats={"MAV": 4, "MA": 1, "DV": 9}, rules=["Vicious"]),
         "models": 2, "positions": [[11.5, Y2, 0], [12.5, Y2, 0]]}
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 1, "DV": 9, "DIS": 5, "DT": 5})
    orders = [{"unit": "a.1", "do": "fight", "target": "b"},
              {"unit": "a.2", "do": "fight", "target": "b"}]
    eng = run(scenario([a, b], orders, dice=[5, 5, 1, 4]))
    assert damage(eng, "b") == 2
    assert len(rolls(eng, CHECK)) == 1
    assert "shaken" in eng.state.models["b"].conditions


def test_a_new_activation_brings_a_new_check_and_defensive_strikes_count():
    # a's activation: hit, DS 1, check 5 + 5 passes. b's activation: b misses (1), a's
    # Defensive Strike hits (5) and damages b: a second check, 5 + 4 fails.
    orders = [*FIGHT, {"unit": "b", "do": "fight", "target": "a"}]
    eng = game([5, 1, 5, 1, 5, 4], orders=orders)
    assert [r.outcome for r in rolls(eng, CHECK)] == ["pass", "fail"]
    assert "shaken" in eng.state.models["b"].conditions


def test_a_destroyed_model_takes_no_check():
    # b has one damage track; the hit destroys it (no die is scripted for a check).
    eng = game([5, 1], b_dt=1)
    assert eng.state.models["b"].status == "destroyed"
    assert rolls(eng, CHECK) == []

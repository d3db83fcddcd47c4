"""Shock: the charged enemy needs a Discipline Check to make any Defensive Strikes; one check
per Shock charger, one failure is enough; separate from Fearsome's check."""

from tests.support import damage, rolls, run, scenario, unit

CHECK = "discipline_check (Shock)"
CHARGE = [{"unit": "a", "do": "charge", "target": "b"}, {"unit": "a", "do": "fight", "target": "b"}]


def charge(dice, a_rules=("Shock",), b_rules=(), orders=CHARGE):
    # b: DIS 5, so a Discipline Check needs 5+ on the die.
    a = unit("a", 1, 12, 14, 0, stats={"MA": 1, "DT": 5}, rules=list(a_rules))
    b = unit("b", 2, 12, 10, 180, stats={"MA": 2, "DIS": 5}, rules=list(b_rules))
    return run(scenario([a, b], orders, dice=dice))


def test_failed_check_means_no_defensive_strikes():
    # check 4 + 5 = 9 fails; a's attack misses; b strikes back not at all.
    eng = charge([4, 1])
    (chk,) = rolls(eng, CHECK)
    assert chk.model == "b" and chk.total == 9 and chk.outcome == "fail"
    assert rolls(eng, "defensive_strike") == []


def test_passed_check_keeps_the_defensive_strikes():
    eng = charge([5, 1, 9, 9])
    assert rolls(eng, CHECK)[0].outcome == "pass"
    assert len(rolls(eng, "defensive_strike")) == 2
    assert damage(eng, "a") == 2


def test_no_check_without_a_charge():
    a = unit("a", 1, 12, 10 + 25 / 25.4, 0, stats={"MA": 1}, rules=["Shock"])
    b = unit("b", 2, 12, 10, 180, stats={"MA": 2})
    eng = run(scenario([a, b], [CHARGE[1]], dice=[1, 1, 1]))
    assert rolls(eng, CHECK) == []
    assert len(rolls(eng, "defensive_strike")) == 2


def test_a_failed_check_stops_a_pike_strike_too():
    eng = charge([4, 1], b_rules=["Pike"])
    assert rolls(eng, "defensive_first_strike") == []
    assert rolls(eng, "defensive_strike") == []


def two_shock_chargers(dice, second_charges=True):
    a = {**unit("a", 1, 0, 0, stats={"MA": 1, "DT": 5}, rules=["Shock"]), "models": 2,
         "positions": [[12, 14, 0], [16, 10, 270] if second_charges else [12 + 25 / 25.4, 10, 270]]}
    b = unit("b", 2, 12, 10, 180, stats={"MA": 2, "DIS": 5})
    orders = [{"unit": "a.1", "do": "charge", "target": "b"}]
    if second_charges:
        orders.append({"unit": "a.2", "do": "charge", "target": "b"})
    orders += [{"unit": "a.1", "do": "fight", "target": "b"},
               {"unit": "a.2", "do": "fight", "target": "b"}]
    return run(scenario([a, b], orders, dice=dice))


def test_one_check_for_each_shock_charger():
    eng = two_shock_chargers([5, 6, 1, 1, 1, 1])
    assert [r.outcome for r in rolls(eng, CHECK)] == ["pass", "pass"]
    assert len(rolls(eng, "defensive_strike")) == 2


def test_failing_either_check_denies_all_defensive_strikes():
    eng = two_shock_chargers([5, 4, 1, 1])
    assert [r.outcome for r in rolls(eng, CHECK)] == ["pass", "fail"]
    assert rolls(eng, "defensive_strike") == []


def test_once_failed_no_further_check_is_rolled():
    eng = two_shock_chargers([4, 1, 1])
    assert [r.outcome for r in rolls(eng, CHECK)] == ["fail"]
    assert rolls(eng, "defensive_strike") == []


def test_failure_denies_strikes_against_an_attacker_that_did_not_charge():
    # a.2 starts in B2B and only fights; a.1's Shock check fails: b strikes neither.
    eng = two_shock_chargers([4, 1, 1], second_charges=False)
    assert len(rolls(eng, CHECK)) == 1
    assert len(rolls(eng, "attack")) == 2
    assert rolls(eng, "defensive_strike") == []


def test_shock_and_fearsome_are_separate_checks():
    # Fearsome's check at the charge fails (4 + 5): b is Shaken. Shock's check in the melee
    # passes (5 + 5): b strikes back, at -1 MAV for Shaken: 5 + 4 - 1 = 8 misses DV 9.
    eng = charge([4, 5, 1, 5, 5], a_rules=("Shock", "Fearsome"))
    assert [(r.purpose, r.outcome) for r in rolls(eng) if "discipline" in r.purpose] == [
        ("discipline_check (Fearsome)", "fail"), (CHECK, "pass")]
    ds = rolls(eng, "defensive_strike")
    assert len(ds) == 2 and all(r.total == 8 and r.outcome == "miss" for r in ds)
    assert "shaken" in eng.state.models["b"].conditions

"""Disable: a model it hits is Disabled at once (-1 MA) until the end of its next activation;
hit by the Disable model's Fight Action, it strikes back with one Defensive Strike fewer."""

from game.core import events as ev
from game.rulesets.skirmish_d10.abilities.disable import DisableOff
from game.rulesets.skirmish_d10.rules import REGISTRY, SpecialRule
from tests.support import b2b_pair, events, rolls, run, scenario, unit

Y1, Y2 = b2b_pair()
FIGHT_A = {"unit": "a", "do": "fight", "target": "b"}
FIGHT_B = {"unit": "b", "do": "fight", "target": "a"}
PASS_A = {"unit": "a", "do": "pass"}


def game(dice, orders, a_rules=("Disable",)):
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": 1, "DV": 9, "DT": 9}, rules=list(a_rules))
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 2, "DV": 9, "DT": 9})
    return run(scenario([a, b], orders, dice=dice))


def by(eng, purpose, model):
    return [r for r in rolls(eng, purpose) if r.model == model]


def test_hit_costs_a_defensive_strike_in_the_same_fight():
    # a hits; b (MA 2) is Disabled at once and makes only 1 Defensive Strike.
    eng = game([5, 1, 1], [FIGHT_A])
    assert len(rolls(eng, "defensive_strike")) == 1
    assert "disabled" in eng.state.models["b"].conditions


def test_a_miss_leaves_both_defensive_strikes():
    eng = game([4, 1, 1], [FIGHT_A])
    assert len(rolls(eng, "defensive_strike")) == 2
    assert "disabled" not in eng.state.models["b"].conditions


def test_lasts_until_the_end_of_the_hit_models_next_activation():
    # Turn 1: a disables b (5; b's one DS 1). b's activation: 1 attack (1), a's DS 1; then
    # Disabled ends. Turn 2: a passes; b attacks twice again (1, 1), a's DS 1.
    orders = [FIGHT_A, FIGHT_B, PASS_A, FIGHT_B]
    eng = game([5, 1, 1, 1, 1, 1, 1], orders)
    assert len(by(eng, "attack", "b")) == 3
    removed = [e for e in events(eng, ev.ConditionRemoved) if e.condition == "disabled"]
    assert [e.model for e in removed] == ["b"]
    assert "disabled" not in eng.state.models["b"].conditions


def test_a_defensive_strike_hit_disables_the_attacker_through_its_next_activation():
    # Turn 1: a passes; b attacks twice (1, 1) and a's DS hits (5): b Disabled during its own
    # activation, so it keeps the condition. Turn 2: a passes; b attacks once (1); a's DS 1;
    # then Disabled ends.
    orders = [PASS_A, FIGHT_B, PASS_A, FIGHT_B]
    eng = game([1, 1, 5, 1, 1, 1], orders)
    assert len(by(eng, "attack", "b")) == 3
    assert "disabled" not in eng.state.models["b"].conditions
    assert [e.model for e in events(eng, ev.ConditionRemoved) if e.condition == "disabled"] == ["b"]


class _NoDisablePair(SpecialRule):
    """Test stand-in for a rule that switches Disable off for a pair of models."""

    name = "Test No Disable Pair"

    def declare(self, melee, model):
        melee.rule_state(DisableOff).pairs.add((model.name, "b"))
        return
        yield


class _NoDisableFight(SpecialRule):
    """Test stand-in for a rule whose fights cannot Disable (Trample)."""

    name = "Test No Disable Fight"

    def declare(self, melee, model):
        for f in melee.fights_by(model.name):
            f.data["no_disable"] = True
        return
        yield


def test_other_rules_can_switch_it_off(monkeypatch):
    for cls in (_NoDisablePair, _NoDisableFight):
        monkeypatch.setitem(REGISTRY, cls.name.lower(), cls)
        eng = game([5, 1, 1], [FIGHT_A], a_rules=("Disable", cls.name))
        assert len(rolls(eng, "defensive_strike")) == 2, cls.name
        assert "disabled" not in eng.state.models["b"].conditions


def test_disabled_again_in_its_own_activation_lasts_through_the_next():
    # Turn 1: a disables b (5; b's DS 1). b's activation: 1 attack (1); a's DS hits (5) and
    # disables b again, so the condition does not end with this activation. Turn 2: a passes,
    # b attacks once (1), a's DS 1, then it ends.
    orders = [FIGHT_A, FIGHT_B, PASS_A, FIGHT_B]
    eng = game([5, 1, 1, 5, 1, 1], orders)
    assert len(by(eng, "attack", "b")) == 2
    assert "disabled" not in eng.state.models["b"].conditions
    assert [e.model for e in events(eng, ev.ConditionRemoved) if e.condition == "disabled"] == ["b"]


class _DefensiveFirst(SpecialRule):
    """Test stand-in for a Defensive First Strike (Pike): one Defensive Strike against each
    attacker, rolled and applied before the attacks."""

    name = "Test Defensive First"

    def before_strikes(self, melee, model):
        from game.rulesets.skirmish_d10.melee import Attack

        for f in melee.fights_against(model.name):
            melee.prestrikes.append(
                [Attack(model.name, f.attacker, "defensive", None, "defensive_first_strike")])
        return
        yield


def test_a_defensive_first_strike_hit_costs_the_attacker_an_attack(monkeypatch):
    # b (Disable) strikes first and hits (5): a (MA 2) is Disabled before step 3 and makes
    # one attack (1); b has one Defensive Strike left (1).
    monkeypatch.setitem(REGISTRY, _DefensiveFirst.name.lower(), _DefensiveFirst)
    a = unit("a", 1, 12, Y2, 0, stats={"MAV": 4, "MA": 2, "DV": 9, "DT": 9})
    b = unit("b", 2, 12, Y1, 180, stats={"MAV": 4, "MA": 2, "DV": 9, "DT": 9},
             rules=["Disable", _DefensiveFirst.name])
    eng = run(scenario([a, b], [FIGHT_A], dice=[5, 1, 1, 1]))
    assert "disabled" in eng.state.models["a"].conditions
    assert len(by(eng, "attack", "a")) == 1

"""The Melee Attack sequence: weapons, targets within 1" and in sight, the +/-DICE modifiers
(Off-Hand, Defended Obstacle, FEAR), several weapons and several attacks."""

from game.core import events as ev
from tests.support import events, refusal, rolls, run
from tests.trench_crusade.helpers import R25, duel, game, model, rect

MISS = [1, 1]
SWORD_KNIFE = {"weapons": [{"name": "Sword"}, {"name": "Knife"}]}


def test_the_second_weapon_is_the_off_hand_with_one_penalty_die():
    eng = run(duel([*MISS, 6, 6, 2, 1, 1], a=SWORD_KNIFE))
    first, second = rolls(eng, "success_roll")
    assert first.dice_modifiers == () and first.die == "2d6"
    assert second.dice_modifiers == (("Off-Hand", -1),) and second.kept == (6, 2)
    assert second.total == 8 and second.outcome == "success"


def test_all_attacks_of_one_weapon_come_before_the_off_hand():
    # Hammer (2 attacks) then Knife: two rolls with no Off-Hand, then one with it
    a = {"weapons": [{"name": "Hammer", "attacks": 2}, {"name": "Knife"}]}
    eng = run(duel([*MISS, *MISS, 1, 1, 1], a=a))
    mods = [r.dice_modifiers for r in rolls(eng, "success_roll")]
    assert mods == [(), (), (("Off-Hand", -1),)]


def test_a_weapon_with_several_attacks_alone_has_no_off_hand():
    a = {"weapons": [{"name": "Flail", "attacks": 3}]}
    eng = run(duel([*MISS, *MISS, *MISS], a=a))
    assert [r.dice_modifiers for r in rolls(eng, "success_roll")] == [(), (), ()]


def test_only_two_melee_weapons_are_used_in_one_fight_action():
    a = {"weapons": [{"name": "Sword"}, {"name": "Knife"}, {"name": "Spare"}]}
    eng = run(duel([*MISS, 1, 1, 1], a=a))
    assert len(rolls(eng, "success_roll")) == 2


def test_ranged_weapons_make_no_melee_attack():
    a = {"weapons": [{"name": "Rifle", "type": "ranged", "range": 24}, {"name": "Bayonet"}]}
    eng = run(duel([*MISS], a=a))
    (roll,) = rolls(eng, "success_roll")
    assert roll.dice_modifiers == ()  # the Bayonet is the only melee weapon, not an Off-Hand


def test_chosen_order_makes_the_other_weapon_the_off_hand():
    orders = [{"unit": "a", "do": "fight", "attacks": [{"weapon": "Knife", "target": "b"},
                                                        {"weapon": "Sword", "target": "b"}]}]
    eng = run(duel([5, 5, 1, 1, 6, 6, 1, 1, 1], a=SWORD_KNIFE, orders=orders))
    first, second = rolls(eng, "success_roll")
    assert first.dice_modifiers == () and second.dice_modifiers == (("Off-Hand", -1),)


def test_each_attack_may_pick_its_own_target():
    a = model("a", 1, 12, 12 + R25, **SWORD_KNIFE)
    b = model("b", 2, 12, 12)
    c = model("c", 2, 12 + R25, 12 + R25)
    orders = [{"unit": "a", "do": "fight", "attacks": [{"weapon": "Sword", "target": "b"},
                                                        {"weapon": "Knife", "target": "c"}]}]
    eng = run(game([a, b, c], orders, [*MISS, 1, 1, 1]))
    assert [r.against for r in rolls(eng, "success_roll")] == ["b", "c"]


def test_a_target_taken_out_loses_the_attacks_left_against_it():
    a = model("a", 1, 12, 12 + R25, weapons=[{"name": "Flail", "attacks": 2}])
    b, c = model("b", 2, 12, 12), model("c", 2, 20, 20)
    eng = run(game([a, b, c], [{"unit": "a", "do": "fight", "target": "b"}], [4, 4, 6, 6]))
    assert len(rolls(eng, "success_roll")) == 1
    assert not eng.state.game_over
    assert any(e.rule == "Melee Attack" and "loses its attack" in e.detail for e in events(eng, ev.RuleApplied))


def test_target_within_one_inch_may_be_attacked():
    eng = run(duel([*MISS], gap=0.99))
    assert len(rolls(eng, "success_roll")) == 1


def test_target_beyond_one_inch_is_refused():
    msg = refusal(duel([], gap=1.02))
    assert 'not within 1"' in msg


def test_a_friend_cannot_be_attacked():
    a = model("a", 1, 12, 12 + R25)
    f = model("f", 1, 12, 12)
    msg = refusal(game([a, f], [{"unit": "a", "do": "fight", "target": "f"}]))
    assert "your side" in msg


def test_a_model_without_a_melee_weapon_cannot_fight():
    msg = refusal(duel([], a={"weapons": [{"name": "Pistol", "type": "ranged"}]}))
    assert "no melee weapon" in msg


def test_an_unknown_weapon_is_refused():
    orders = [{"unit": "a", "do": "fight", "attacks": [{"weapon": "Axe", "target": "b"}]}]
    assert 'no melee weapon "Axe"' in refusal(duel([], orders=orders))


def test_one_fight_action_per_activation():
    orders = [{"unit": "a", "do": "fight", "target": "b"}, {"unit": "a", "do": "fight", "target": "b"}]
    assert "already made a Fight" in refusal(duel(MISS, orders=orders))


def test_a_weapon_makes_no_more_attacks_than_it_has():
    orders = [{"unit": "a", "do": "fight", "attacks": [{"weapon": "Club", "target": "b"},
                                                        {"weapon": "Club", "target": "b"}]}]
    assert "makes 1 attack" in refusal(duel([], orders=orders))


def test_fear_target_gives_a_penalty_die_unless_the_attacker_has_fear():
    scared = run(duel([6, 6, 1, 1, 1], b={"keywords": ["FEAR"]}))
    roll = rolls(scared, "success_roll")[0]
    assert roll.dice_modifiers == (("FEAR", -1),) and roll.kept == (6, 1)
    fearless = run(duel(MISS, a={"keywords": ["Fear"]}, b={"keywords": ["FEAR"]}))
    assert rolls(fearless, "success_roll")[0].dice_modifiers == ()


def test_risky_weapon_failure_ends_the_activation():
    a = {"weapons": [{"name": "Chainsaw", "keywords": ["RISKY"], "attacks": 2}]}
    orders = [{"unit": "a", "do": "fight", "target": "b"}, {"unit": "a", "do": "move", "to": [20, 20]}]
    assert "already activated" in refusal(duel(MISS, a=a, orders=orders))
    eng = run(duel(MISS, a=a, orders=orders[:1]))
    assert len(rolls(eng, "success_roll")) == 1


# --- line of sight and the Defended Obstacle ------------------------------------------------

# a barricade 0.5" thick between y 12.5 and 13; b stands north of it, a south of it
BARRICADE = rect("sandbags", "obstacle", 8, 12.5, 16, 13.0, 1.0)
B_Y = 12.5 - R25 / 2  # b's base touches the barricade
A_Y = 13.0 + R25 / 2 + 0.3  # a stands 0.3" south of it: 0.8" from b


def across(dice, terrain, a_y=A_Y, b_y=B_Y, **kw):
    a = model("a", 1, 12, a_y, **kw.get("a", {}))
    b = model("b", 2, 12, b_y, **kw.get("b", {}))
    return game([a, b], [{"unit": "a", "do": "fight", "target": "b"}], dice, [terrain])


def test_low_barricade_does_not_block_sight_but_defends_the_target():
    eng = run(across([6, 6, 2, 1, 1], BARRICADE))
    roll = rolls(eng, "success_roll")[0]
    assert roll.dice_modifiers == (("Defended Obstacle (sandbags)", -1),)
    assert roll.kept == (6, 2) and roll.outcome == "success"


def test_a_wall_taller_than_one_inch_blocks_sight():
    wall = dict(BARRICADE, height=1.5)
    assert "cannot see" in refusal(across([], wall))


def test_an_obstacle_lower_than_half_an_inch_gives_no_defence():
    kerb = dict(BARRICADE, height=0.4)
    eng = run(across(MISS, kerb))
    assert rolls(eng, "success_roll")[0].dice_modifiers == ()


def test_the_obstacle_must_touch_the_target():
    # b stands 0.2" back from the barricade, a touches it: no defence for b
    eng = run(across(MISS, BARRICADE, a_y=13.0 + R25 / 2, b_y=B_Y - 0.2))
    assert rolls(eng, "success_roll")[0].dice_modifiers == ()


def test_the_obstacle_must_lie_between_target_and_attacker():
    # both on the south side; b touches the barricade with a behind b: it is not between
    b_y = 13.0 + R25 / 2
    eng = run(across(MISS, BARRICADE, a_y=b_y + R25, b_y=b_y))
    assert rolls(eng, "success_roll")[0].dice_modifiers == ()


def test_a_down_target_gets_no_defended_obstacle():
    a = {"weapons": [{"name": "Flail", "attacks": 2}]}
    # first attack: 6 6 2 (keep lowest 6 2 = 8) hits, injury 4 3 = Down; second: no penalty
    eng = run(across([6, 6, 2, 4, 3, 1, 1], BARRICADE, a=a))
    first, second = rolls(eng, "success_roll")
    assert first.dice_modifiers and second.dice_modifiers == ()

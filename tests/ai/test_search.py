"""How the AI spends its tries: the second round stops giving tries to candidates that more
tries could not make the choice, and the evaluation's shortcuts give what the long way gives."""

from __future__ import annotations

import math

from game.ai.player import (
    FINAL,
    NEAR,
    RACE,
    SETTLED,
    SPREAD,
    WIN,
    _Tries,
    in_the_race,
    race_width,
    settled,
)
from game.core.commands import Order
from game.core.ruleset import Candidate


def tries(index: int, scores: list[float], random_after: bool = True) -> _Tries:
    c = Candidate(Order("end_turn"), "end")
    return _Tries(c, index, None, scores=list(scores), random_after=random_after)


def test_a_candidate_far_behind_gets_no_more_tries_and_the_choice_is_settled() -> None:
    lead = tries(0, [2.0, 2.1, 1.9])
    behind = tries(1, [0.0, 0.1, -0.1])
    # 2 behind, with standard errors of about 0.06 each: far more than RACE of them
    assert in_the_race([lead, behind]) == []


def test_candidates_within_the_dice_of_each_other_both_go_on() -> None:
    lead = tries(0, [1.0, 1.6, 0.4])
    close = tries(1, [0.9, 1.5, 0.3])
    assert in_the_race([lead, close]) == [lead, close]


def test_only_candidates_whose_scores_vary_are_tried_again() -> None:
    # a move that rolls no dice scored once says all there is: it stays in the race as the
    # leader to beat, but only the candidate with dice gets more tries
    still = tries(0, [1.0], random_after=False)
    shot = tries(1, [0.2, 1.9, 0.8])
    assert in_the_race([still, shot]) == [shot]
    # the same shot far behind the move: settled
    poor = tries(1, [-3.0, -2.9, -3.1])
    assert in_the_race([still, poor]) == []


def test_scores_that_happened_to_agree_are_not_taken_as_certain() -> None:
    # three equal scores of a candidate with dice: its spread is taken as SPREAD at least, so
    # one just behind the leader, that the dice could still put more than NEAR ahead, stays
    # in the race (taken at its word, a spread of nothing, it would be out)
    room = RACE * 2 * SPREAD / math.sqrt(3) - NEAR
    assert room > 0
    lead = tries(0, [1.0, 1.0, 1.0])
    close = tries(1, [1.0 - room / 2] * 3)
    assert in_the_race([lead, close]) == [lead, close]
    far = tries(1, [1.0 - 2 * room] * 3)
    assert in_the_race([lead, far]) == []


def test_a_candidate_that_could_only_be_a_little_better_is_not_chased() -> None:
    # two level candidates whose scores hardly vary: nine tries each put the dice's reach
    # under NEAR, so whichever is picked costs next to nothing, and neither is tried again
    n = 9
    assert RACE * 2 * SPREAD / math.sqrt(n) < NEAR
    lead = tries(0, [1.0, 1.01] * 4 + [1.0])
    twin = tries(1, [1.01, 1.0] * 4 + [1.0])
    assert in_the_race([lead, twin]) == []
    # the same means with scores all over the place: the dice could still decide, both go on
    wild = tries(0, [0.0, 2.0] * 4 + [1.0])
    wild2 = tries(1, [2.0, 0.0] * 4 + [1.0])
    assert in_the_race([wild, wild2]) == [wild, wild2]


def test_after_few_tries_the_race_is_wider_as_students_t_is() -> None:
    # Student's t at the one-sided 97.7% of two normal standard errors, df = tries - 1
    exact = {3: 4.53, 4: 3.31, 6: 2.65, 11: 2.28, 21: 2.13, 48: 2.055}
    for n, t in exact.items():
        assert abs(race_width(n) - t) <= 0.04 * t, (n, race_width(n), t)
    assert race_width(2) > race_width(3) > race_width(12) > race_width(1000) > RACE
    assert race_width(1000) < RACE + 0.01


def test_a_best_outcome_unseen_in_four_tries_keeps_a_fight_in_the_race() -> None:
    # the farmstead, seed 80: Sergeant Vell, having charged a Barrow Wight with one damage
    # track left, chooses between ending the activation (no dice: 0.99) and fighting. Over 300
    # throws the fight scores 1.80 on average (4.81 when it takes the wight out and he is
    # unhurt, about a quarter of the time), but his first four tries all fell short:
    end = tries(0, [0.99], random_after=False)
    fight = tries(1, [0.88, 0.88, -0.98, -0.98])
    assert in_the_race([end, fight]) == []  # two normal standard errors: ended, "end" chosen
    assert in_the_race([end, fight], few=True) == [fight]  # still in: it gets more tries
    # ... but the wider race still ends: a fight clearly behind after a dozen tries is dropped
    poor = tries(1, [-2.0, -1.0] * 6)
    assert in_the_race([end, poor], few=True) == []


def test_spread_remembered_per_unit_gives_what_every_pair_gives() -> None:
    from pathlib import Path

    from game.ai.evaluate import spread
    from game.ai.simulate import setup
    from game.core.engine import Engine

    maps = Path(__file__).resolve().parents[2] / "maps"
    e = Engine(setup(str(maps / "old-world.toml")), seed=5)

    def by_hand(side: int) -> float:
        s = e.state
        foes = [(m.x, m.y) for m in s.models.values() if m.side != side and m.on_table]
        per: dict[str, list[float]] = {}
        for m in s.models.values():
            if m.side == side and m.on_table:
                per.setdefault(m.unit, []).append(
                    min(math.hypot(m.x - x, m.y - y) for x, y in foes))
        return sum(sum(d) / len(d) for d in per.values())

    for side in (1, 2):
        assert spread(e.state, side) == by_hand(side)
    # a unit steps forward: asked again (the others' distances remembered), the same answer
    # as working every pair out afresh, and a different one from before
    assert e.execute(Order("begin_turn")).ok
    while e.pending_ask is not None:  # (the Black Coach's Incorporeal: its default)
        e.answer_default()
    first = e.ruleset.active_side(e.state)  # the side that moves first on the map
    before = spread(e.state, first)
    unit = next(u for u, rec in e.state.units.items() if rec.side == first and rec.formation)
    assert e.execute(Order("move", unit, (("path", (("forward", 3.0),)),))).ok
    assert spread(e.state, first) == by_hand(first)
    assert spread(e.state, first) != before


def test_scored_with_the_reply_a_candidate_counts_the_lower_of_the_two_averages() -> None:
    # the opponent picks its reply before the dice fall: over two throws the reply hurts on
    # the first (1 standing, 0 after it) and not on the second (0 standing, 1 after it), so
    # replying or not comes to 0.5 either way; the lower score of each throw would give 0
    bold = tries(0, [0.0, 0.0])
    bold.paired = [(1.0, 0.0), (0.0, 1.0)]
    assert bold.mean == 0.5
    # a move the opponent has no reply to, at 0.3 a try, no longer beats it
    safe = tries(1, [0.3, 0.3])
    safe.paired = [(0.3, 0.3), (0.3, 0.3)]
    assert bold.mean > safe.mean
    # a reply that hurts on average counts in full: the average after it, 0.3 below 1
    exposed = tries(2, [0.2, 0.4])
    exposed.paired = [(1.0, 0.2), (1.0, 0.4)]
    assert math.isclose(exposed.mean, 0.3)
    # with a charge's playouts or the moves after it added on top
    exposed.shift, exposed.after = 0.5, 0.25
    assert math.isclose(exposed.mean, 1.05)


def test_tries_that_end_the_game_get_more_only_while_the_result_hangs_on_the_choice() -> None:
    def ending(index: int, scores: list[float]) -> _Tries:
        t = tries(index, scores)
        t.final = True
        return t

    # two answers whose every try won the game, by a little more or less: more tries can only
    # tell the margin (two such answers took 48 tries each), so neither gets more than usual
    won = [WIN + 1.5 + 0.1 * (i % 3) for i in range(SETTLED)]
    assert settled([ending(0, won), ending(1, won[::-1])])
    # one try of one of them lost: how often each wins is the question, and FINAL stands
    assert not settled([ending(0, won), ending(1, [*won[:-1], -WIN + 1.0])])
    # too few tries to tell, even all won
    assert not settled([ending(0, won), ending(1, won[:SETTLED - 1])])
    # a win against a move whose tries do not end the game: not the same result
    assert not settled([ending(0, won), tries(1, [0.3] * SETTLED)])
    # every try drawn or going on, whatever the candidate: settled
    assert settled([ending(0, [0.2] * SETTLED), tries(1, [0.3])])
    # and a candidate whose tries end the game still gets FINAL times the tries by itself
    assert ending(0, won).most(4) == 4 * FINAL

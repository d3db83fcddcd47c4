"""The strength table's opponent that does nothing (``still``, bench/bench_strength.py)."""

from __future__ import annotations

from bench import bench_strength as B


def test_a_still_opponent_is_never_played_and_the_pairing_is_accepted_only_as_the_second():
    g = B.play("duel", "normal", B.STILL, 1, 11)
    assert g.a_side == 2
    # only the AI's own choices were made: the still side's units were not played at all
    assert set(g.choices) == {"normal"} and g.choices["normal"]
    assert B.main(["--pairings", "still-normal", "--maps", "duel", "--games", "2"]) == 2

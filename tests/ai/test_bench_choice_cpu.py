"""The table of where a game's CPU goes, by the kind of choice (bench/bench_choice_cpu.py)."""

from __future__ import annotations

import re

from bench import bench_choice_cpu as B


def test_every_choice_is_counted_under_its_kind_and_the_shares_make_the_whole_game():
    spent = B.Spent()
    B.play("duel", 21, ("normal", "normal"), spent)
    kinds = {k: len(v) for k, v in spent.kinds.items()}
    assert kinds and all(n > 0 for n in kinds.values())
    assert spent.games == 1 and spent.cpu >= sum(c for v in spent.kinds.values() for c, _ in v)
    lines = B.report("duel", spent)
    shares = [float(x) for x in re.findall(r"(-?\d+\.\d)%", "\n".join(lines[2:]))]
    assert len(shares) == len(kinds) + 1  # each kind, then the engine's own work
    assert abs(sum(shares) - 100.0) < 0.5 and shares[-1] >= 0.0


def test_an_unknown_level_or_map_is_named_and_nothing_is_played(capsys):
    assert B.main(["--levels", "normal", "genius"]) == 2
    assert 'unknown AI level "genius"' in capsys.readouterr().err
    assert B.main(["--maps", "nowhere"]) == 2
    assert 'no map "nowhere"' in capsys.readouterr().err

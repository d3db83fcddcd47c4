"""The table of where a game's CPU goes, by the kind of choice (bench/bench_choice_cpu.py)."""

from __future__ import annotations

import re

import pytest

from bench import bench_choice_cpu as B


def test_every_choice_is_counted_under_its_kind_and_the_shares_make_the_whole_game(monkeypatch):
    import game.ai.game as G

    made = []  # (the choices the AI made, counted apart from the bench's own table)
    real = G.choose
    monkeypatch.setattr(G, "choose", lambda *a, **k: made.append(real(*a, **k)) or made[-1])
    spent = B.Spent()
    B.play("duel", 21, ("normal", "normal"), spent)
    kinds = {k: len(v) for k, v in spent.kinds.items()}
    assert kinds and all(n > 0 for n in kinds.values())
    assert sum(kinds.values()) == len(made)
    assert kinds == {k: sum(B.kind_of(c) == k for c in made) for k in {B.kind_of(c) for c in made}}
    assert spent.games == 1 and spent.cpu >= sum(c for v in spent.kinds.values() for c, _ in v)
    lines = B.report("duel", spent)
    shares = [float(x) for x in re.findall(r"(-?\d+\.\d)%", "\n".join(lines[2:]))]
    assert len(shares) == len(kinds) + 1  # each kind, then the engine's own work
    assert abs(sum(shares) - 100.0) < 0.5 and shares[-1] >= 0.0


@pytest.mark.parametrize("args, named", [(["--levels", "normal", "genius"], "'genius'"),
                                         (["--maps", "nowhere"], "'nowhere'"),
                                         (["--games", "0"], "--games"),
                                         (["--variant", "x=normal:nope=1"], "'nope=1'")])
def test_an_unknown_level_or_map_is_named_and_nothing_is_played(capsys, args, named):
    with pytest.raises(SystemExit) as out:
        B.main(args)
    assert out.value.code == 2
    err = capsys.readouterr()
    assert named in err.err and not err.out


def test_a_variant_is_played_under_its_name(capsys):
    """``--variant`` defines a throwaway level as bench_strength.py does: the games are
    played by it (its choices counted), and the table names it."""
    from game.ai import player as P

    try:
        assert B.main(["--maps", "duel", "--games", "1", "--variant",
                       "ta2=normal:turn_answers=2", "--levels", "ta2", "normal"]) == 0
        assert P.LEVELS["ta2"].turn_answers == 2 and P.LEVELS["normal"].turn_answers != 2
    finally:
        P.LEVELS.pop("ta2", None)
    out = capsys.readouterr().out
    assert out.startswith("ta2 (side 1) against normal (side 2), 1 game a map, seed 21")
    assert "duel: " in out

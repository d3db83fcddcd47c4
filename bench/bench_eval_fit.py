"""How well the evaluation's parts foretell how a game of player turns ends: at the start of
every player turn of the saved games, side 1's material (its units' worth less the enemy's),
its lead on the deciding score (victory points), and the attacks to come of each side as the
evaluation weighs them (under way, and to come split by whether that side moves next); then a
least-squares fit of the game's final lead on those parts, with 90% intervals from resampling
whole games.

Issue 19 wants the AI tuned by self-play. The evaluation adds the parts up with weights chosen
by hand (``Look.next``, ``Look.later``: 0.6 and 0.2 of what the attacks would take); the fit
says what the games played so far make of each part, beside material. A part whose fitted
weight differs from the evaluation's is worth a measured variant (``bench_strength.py
--variant``); what a fit finds is a lead, not a setting: positions the AI chose are not chosen
at random (docs/dev/ai-passes.md, fifty-fourth pass). Figures are printed, never asserted.

Run:
    python run.py simulate maps/old-world.toml --games 120 --seed 6000 --ai both=normal \\
        --keep-saves saves/fit-old-world
    python bench/bench_eval_fit.py saves/fit-old-world [--turns 1-3] [--resamples 300]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.evaluate import NO_LOOK, SCORE_EARLY, SCORE_LATE, evaluate, material, pressure_sides  # noqa: E402
from game.ai.player import LEVELS  # noqa: E402
from game.core.dice import make_dice  # noqa: E402
from game.core.engine import Engine  # noqa: E402
from game.core.errors import ReplayError  # noqa: E402
from game.core.replay import SaveFile, read_save  # noqa: E402
from game.core.ruleset import PHASES  # noqa: E402

#: the parts fitted, in order: a constant, then what the evaluation adds up for side 1
PARTS = ("constant", "lead", "material", "own under way", "own to come, moving next",
         "own to come, moving after", "enemy's under way", "enemy's to come, moving next",
         "enemy's to come, moving after")

#: below this many positions for each weight fitted, the table says the fit is mostly noise
FEW = 20
#: what is said where fewer than two games have positions to fit on
TOO_FEW = ("too few games to fit: give at least two saved games with positions in the game "
           "turns asked for")


@dataclass(frozen=True)
class Position:
    """Side 1's parts at the start of a player turn, and how its game ended."""

    game: str
    turn: int
    parts: tuple[float, ...]  # as PARTS
    final: float  # side 1's lead on the deciding score when the game ended
    evaluation: float = 0.0  # what ``normal``'s evaluation makes of the position, for side 1


def positions(path: Path) -> list[Position]:
    """The positions of one saved game: the start of each player turn."""
    save, engine = opened(path, "this fit is for")
    got: list[tuple[int, tuple[float, ...], float]] = []
    look = LEVELS["normal"].look
    for rec in save.records[1:]:
        assert rec.command is not None
        if getattr(rec.command, "do", None) == "begin_turn":
            got.append((engine.state.turn, parts(engine), evaluate(engine, 1, look)))
        if not engine.execute(rec.command).ok:
            raise SystemExit(f"{path}: the saved game does not re-run ({rec.where})")
    final = lead(engine)
    return [Position(str(path), turn, p, final, v) for turn, p, v in got]


def opened(path: Path, what: str) -> tuple[SaveFile, Engine]:
    """The saved game at ``path`` and an engine at its start, for a tool that reads games of
    player turns (``what`` it is, in the message refusing another kind)."""
    try:
        save = read_save(str(path))
    except ReplayError as exc:
        raise SystemExit(str(exc)) from None  # (it names the file and what is wrong)
    engine = Engine(save.scenario, seed=save.seed, dice=make_dice(save.seed, save.scenario.dice))
    if engine.ruleset.flow.kind != PHASES:
        raise SystemExit(f"{path}: a game of alternating activations; {what} games of player "
                         "turns (rank and flank)")
    return save, engine


def lead(engine: Engine) -> float:
    """Side 1's lead on the deciding score (0 where the ruleset keeps none)."""
    scores = engine.ruleset.advisor.side_scores(engine.state)
    return scores[0] - scores[1] if scores is not None else 0.0


def parts(engine: Engine) -> tuple[float, ...]:
    """Side 1's parts of the evaluation, as :data:`PARTS` (the attacks unweighted)."""
    own, foe = pressure_sides(engine, 1, NO_LOOK)
    return (1.0, lead(engine), material(engine, 1),
            own.under_way, own.to_come * own.moves_next, own.to_come * (not own.moves_next),
            foe.under_way, foe.to_come * foe.moves_next, foe.to_come * (not foe.moves_next))


def weighed(level: str = "normal") -> tuple[str, ...]:
    """How the level's evaluation weighs each of :data:`PARTS` (in a game of player turns), for
    the table: material counts in full, the lead more as the end comes nearer."""
    look = LEVELS[level].look
    fear = look.turn_fear if look.turn_fear is not None else look.fear
    return ("", f"{SCORE_EARLY:g}-{SCORE_LATE:g}", "1", "1", f"{look.next:g}", f"{look.later:g}",
            "-1", f"{-look.next * fear:g}", f"{-look.later * fear:g}")


def fit(rows: Sequence[Position]) -> np.ndarray:
    x = np.array([r.parts for r in rows])
    y = np.array([r.final for r in rows])
    return np.linalg.lstsq(x, y, rcond=None)[0]


def explained(rows: Sequence[Position], weights: np.ndarray | None = None) -> float:
    """The share of the final leads' variance the parts account for, weighed by ``weights``
    (fitted); or, without them, as the evaluation adds them up (only its scale and a constant
    fitted)."""
    y = np.array([r.final for r in rows])
    if weights is None:
        x = np.array([(1.0, r.evaluation) for r in rows])
        weights = np.linalg.lstsq(x, y, rcond=None)[0]
    else:
        x = np.array([r.parts for r in rows])
    left = y - x @ weights
    return float(1.0 - left.var() / y.var()) if y.var() > 0 else 0.0


def report(rows: Sequence[Position], resamples: int, seed: int = 0) -> str:
    """The fitted weights with their 90% intervals (games resampled), and each beside the
    weight of material."""
    games = sorted({r.game for r in rows})
    if len(games) < 2:
        return TOO_FEW
    by_game = {g: [r for r in rows if r.game == g] for g in games}
    weights = fit(rows)
    rng = random.Random(seed)
    again = np.array([fit([r for _ in games for r in by_game[rng.choice(games)]])
                      for _ in range(resamples)])
    low, high = np.percentile(again, 5, axis=0), np.percentile(again, 95, axis=0)
    out = [f"{len(rows)} positions from {len(games)} games; the final lead's spread "
           f"(standard deviation) {np.std([r.final for r in rows]):.2f}",
           f"{'part':32s} {'weight':>7s}   {'90% interval':>17s}   {'beside material':>15s}"
           f"   {'normal weighs it':>16s}"]
    m = weights[2]
    for name, w, lo, hi, own in zip(PARTS, weights, low, high, weighed()):
        ratio = f"{w / m:15.2f}" if name != "constant" and abs(m) > 1e-9 else " " * 15
        out.append(f"{name:32s} {w:7.3f}   {lo:7.3f} .. {hi:7.3f}   {ratio}   {own:>16s}")
    out.append(f"the parts account for {explained(rows, weights):.0%} of the final leads' "
               f"variance; added up as normal's evaluation adds them, {explained(rows):.0%}")
    if len(rows) < FEW * len(PARTS):
        out.append(f"(only {len(rows)} positions for {len(PARTS)} weights: the fit follows "
                   "these games' luck more than the parts; a hundred games or more say more)")
    return "\n".join(out)


def saved_games(paths: Sequence[str]) -> list[Path]:
    """The save files named, and those in the folders named."""
    got: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            got += sorted(p.glob("*.jsonl"))
        elif p.is_file():
            got.append(p)
        else:
            raise SystemExit(f"{p}: no such file or folder")
    if not got:
        raise SystemExit("no saved games found (folders are searched for *.jsonl)")
    return got


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("saves", nargs="+", help="saved games, or folders of them")
    ap.add_argument("--turns", default=None, help="only positions of these game turns: 1-3")
    ap.add_argument("--resamples", type=int, default=300, help="for the intervals")
    args = ap.parse_args(argv)
    lo, hi = 1, 10**9
    if args.turns:
        try:
            lo, hi = (int(t) for t in args.turns.split("-"))
        except ValueError:
            raise SystemExit(f"--turns {args.turns}: give two game turns, as 1-3") from None
    rows = [r for path in saved_games(args.saves) for r in positions(path)
            if lo <= r.turn <= hi]
    if len({r.game for r in rows}) < 2:
        raise SystemExit(TOO_FEW)
    print(report(rows, args.resamples))
    return 0


if __name__ == "__main__":
    sys.exit(main())

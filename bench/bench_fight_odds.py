"""How well the AI's fight odds foretell the fights the rules then played: for every charge
declared in saved rank-and-flank games, the share of the fight the evaluation gave the charger
as it weighed that charge beforehand (its odds of the fight, times the edge of a flank or rear
charge, at most 1), against how the first round of combat after it came out for the charger's
side (won 1, drawn a half, lost 0).

The evaluation weighs every attack to come by these odds (``weigh`` in game/ai/evaluate.py):
what the enemy could do to a unit next turn, and what the unit could do. Where they foretell
nothing, the AI fears the wrong charges and courts the wrong ones, whatever the search does
with them. The table says, for each map, how often the charger won against what the odds
said (the mean of each), the Brier score (the mean squared miss, 0 best; 0.25 is what a
constant one half scores against fights won half the time) and the AUC (the chance that a fight
the charger won had better odds than one it lost: 0.5 is no better than a coin); then each
pairing of charger and target fought often enough. Figures are printed, never asserted.

The charges are those the players chose, mostly where the charge looked good, so the odds are
read on the fights the AI makes, not on every fight it weighs.

Run:
    python run.py simulate maps/ninth-age.toml --games 120 --seed 6000 --ai both=normal \\
        --keep-saves saves/fit-ninth-age
    python bench/bench_fight_odds.py saves/fit-ninth-age [--pairs 5]
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_eval_fit import opened, saved_games  # noqa: E402
from game.ai.evaluate import fight_share  # noqa: E402
from game.core.engine import Engine  # noqa: E402
from game.rulesets.rank_and_flank.events import CombatResult  # noqa: E402


@dataclass(frozen=True)
class Fight:
    """A charge that came to blows: what the odds gave the charger, and how it came out."""

    map: str
    charger: str  # display names
    target: str
    share: float  # the charger's share of the fight as weighed: odds x edge, at most 1
    result: float  # the first round of combat after it, for the charger's side: 1, 0.5 or 0


@dataclass
class Read:
    """What one saved game gave: its fights, and the charges declared in it."""

    fights: list[Fight]
    declared: int  # charges declared (some never came to blows: failed, fled from...)
    weighed: int  # of them, those the evaluation had weighed with odds


def fights_of(path: Path) -> Read:
    """The charges of one saved game, each with the first combat result after it."""
    save, engine = opened(path, "the fight odds are worked out for")
    name = save.scenario.name or path.stem
    waiting: dict[str, tuple[int, str, str, float]] = {}  # charger -> (side, names, share)
    out, declared, weighed = [], 0, 0
    for rec in save.records[1:]:
        command = rec.command
        assert command is not None
        if getattr(command, "do", None) == "charge":
            declared += 1
            got = _share(engine, command.unit or "", dict(command.args).get("target", ""))
            if got is not None:
                weighed += 1
                waiting[command.unit or ""] = got
        outcome = engine.execute(command)
        if not outcome.ok:
            raise SystemExit(f"{path}: the saved game does not re-run ({rec.where})")
        for _, event in outcome.events:
            if not isinstance(event, CombatResult):
                continue
            for unit in [u for u in waiting if u in event.units]:
                side, charger, target, share = waiting.pop(unit)
                result = 0.5 if event.winner not in (1, 2) else float(event.winner == side)
                out.append(Fight(name, charger, target, share, result))
        if getattr(command, "do", None) == "end_turn":
            waiting.clear()  # (charges that never came to blows this turn)
    return Read(out, declared, weighed)


def _share(engine: Engine, unit: str, target: str) -> tuple[int, str, str, float] | None:
    """The charger's side, the two units' names, and the charger's share of the fight as the
    evaluation weighs the charge now (None where it gives no odds)."""
    s = engine.state
    if unit not in s.units or target not in s.units:
        return None
    side = s.units[unit].side
    for t in engine.ruleset.advisor.threats(s, side, False) or []:
        if t.attacker == unit and t.target == target and not t.declared and t.odds is not None:
            return side, s.units[unit].display, s.units[target].display, fight_share(t, t.odds)
    return None


def brier(fights: Sequence[Fight]) -> float:
    return sum((f.share - f.result) ** 2 for f in fights) / len(fights)


def auc(fights: Sequence[Fight]) -> float | None:
    """The chance that a fight won had better odds than a fight lost (ties count half; draws
    left out); None without both."""
    won = [f.share for f in fights if f.result == 1.0]
    lost = [f.share for f in fights if f.result == 0.0]
    if not won or not lost:
        return None
    better = sum((w > v) + 0.5 * (w == v) for w in won for v in lost)
    return better / (len(won) * len(lost))


def report(fights: Sequence[Fight], pairs: int = 5) -> str:
    if not fights:
        return "no charge in these games came to blows: nothing to set the odds against"
    out = [f"{'map':18s} {'fights':>6s} {'won':>5s} {'odds':>5s} {'Brier':>6s} {'AUC':>5s}"]
    by_map: dict[str, list[Fight]] = defaultdict(list)
    for f in fights:
        by_map[f.map].append(f)
    blank = False
    for name, got in sorted(by_map.items()):
        a = auc(got)
        blank = blank or a is None
        out.append(f"{name:18s} {len(got):6d} {_mean(got, 'result'):5.2f} "
                   f"{_mean(got, 'share'):5.2f} {brier(got):6.3f} "
                   f"{'' if a is None else f'{a:.2f}':>5s}")
    if blank:
        out.append("(no AUC where the charger won every fight or lost every one: there is "
                   "nothing to rank)")
    by_pair: dict[tuple[str, str, str], list[Fight]] = defaultdict(list)
    for f in fights:
        by_pair[(f.map, f.charger, f.target)].append(f)
    often = sorted(((k, v) for k, v in by_pair.items() if len(v) >= pairs),
                   key=lambda kv: (kv[0][0], -len(kv[1])))
    if often:
        out += ["", f"charges fought {pairs} times or more:",
                f"{'map':18s} {'charger':22s} {'target':22s} {'fights':>6s} {'won':>5s} "
                f"{'odds':>5s}"]
        out += [f"{m:18s} {c:22s} {t:22s} {len(v):6d} {_mean(v, 'result'):5.2f} "
                f"{_mean(v, 'share'):5.2f}" for (m, c, t), v in often]
    return "\n".join(out)


def _mean(fights: Sequence[Fight], field: str) -> float:
    return sum(getattr(f, field) for f in fights) / len(fights)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("saves", nargs="+", help="saved games, or folders of them")
    ap.add_argument("--pairs", type=int, default=5,
                    help="list a charger and target fought at least this many times")
    args = ap.parse_args(argv)
    if args.pairs < 1:
        raise SystemExit(f"--pairs {args.pairs}: give a whole number of fights, 1 or more")
    fights, declared, weighed = [], 0, 0
    for path in saved_games(args.saves):
        read = fights_of(path)
        fights += read.fights
        declared += read.declared
        weighed += read.weighed
    print(f"{declared} charges declared, {weighed} of them weighed with fight odds, "
          f"{len(fights)} came to blows")
    print(report(fights, args.pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())

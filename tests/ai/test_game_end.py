"""Games that can no longer change (issue 22): without a turn limit, a game in which neither
side can or will close used to play on to a command cap, minutes later. The AI play-out now
ends it as a draw through the engine's own ``declare_draw`` order, whatever the ruleset, with
a log line saying why; the save replays and checks."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai.game import CALM_TURNS, STILL_TURNS, Standstill, play_out
from game.cli import main
from game.core import events as ev
from game.core.commands import DECLARE_DRAW, Order
from game.core.engine import AGREED, Engine
from game.core.replay import check
from game.core.scenario import check_scenario
from tests.old_world.helpers import block, ow
from tests.support import scenario, unit

WALL = {"id": "wall", "name": "Great wall", "kind": "impassable",
        "polygon": [[0, 11], [24, 11], [24, 13], [0, 13]]}


def walled(**top) -> dict:
    """Two models on either side of a wall across the whole table: neither can ever reach
    the other."""
    return scenario([unit("orc", 1, 12, 18), unit("elf", 2, 12, 6, 180)], terrain=[WALL],
                    seed=3, **top)


def ended(e: Engine) -> ev.GameEnded:
    last = e.log[-1]
    assert isinstance(last, ev.GameEnded)
    return last


def test_declare_draw_ends_any_game_at_once_as_a_draw() -> None:
    for data in (walled(), ow([block("a", 1, 20, 40), block("b", 2, 20, 10, 180)])):
        e = Engine(check_scenario(data, "t"), seed=1)
        out = e.execute(Order(DECLARE_DRAW, None, (("reason", "rain stopped play"),)))
        assert out.ok and e.state.game_over and e.state.winner == "draw"
        assert ended(e).reason == "rain stopped play"
        assert "a draw (rain stopped play)" in e.ruleset.presenter.describe(e.state, ended(e))
    e = Engine(check_scenario(walled(), "t"), seed=1)
    assert e.execute(Order(DECLARE_DRAW)).ok and ended(e).reason == AGREED


@pytest.mark.parametrize("order", [Order(DECLARE_DRAW, "orc"),
                                   Order(DECLARE_DRAW, None, (("winner", 1),)),
                                   Order(DECLARE_DRAW, None, (("reason", 3),)),
                                   Order(DECLARE_DRAW, None, (("reason", " "),))],
                         ids=["a unit", "another key", "a reason not text", "a blank reason"])
def test_declare_draw_takes_nothing_but_a_reason(order: Order) -> None:
    e = Engine(check_scenario(walled(), "t"), seed=1)
    out = e.execute(order)
    assert not out.ok and "declare_draw" in str(out.refusal) and not e.state.game_over


def turn_of(e: Engine, index: int) -> int:
    """The game turn event ``index`` of the log happened in."""
    return max((x.turn for x in e.log[:index] if isinstance(x, ev.TurnStarted)), default=0)


def test_walled_apart_the_ai_ends_the_game_once_nothing_can_happen() -> None:
    # the normal AI soon has nowhere better to go: game turns with no die and no move
    e = Engine(check_scenario(walled(), "t"), seed=3)
    play_out(e, {1: "normal", 2: "normal"})
    assert e.state.winner == "draw"
    assert ended(e).reason.startswith(f"no die rolled and nothing moved for {STILL_TURNS} game "
                                      "turns")
    last = max((i for i, x in enumerate(e.log) if isinstance(x, ev.ModelMoved | ev.DiceRolled)),
               default=None)
    busy = turn_of(e, last + 1) if last is not None else 0
    # ended as the STILL_TURNS-th whole game turn after the last one with a move was over
    assert e.state.turn == busy + 1 + STILL_TURNS


def test_random_players_walking_about_end_after_calm_turns() -> None:
    # random players keep moving, so the table changes, but nobody is ever hurt
    e = Engine(check_scenario(walled(), "t"), seed=3)
    play_out(e, {1: "random", 2: "random"})
    assert any(isinstance(x, ev.ModelMoved) for x in e.log)
    assert ended(e).reason.startswith(f"no model has been hurt or taken out for {CALM_TURNS} "
                                      "game turns")
    assert e.state.turn == 1 + CALM_TURNS and e.state.winner == "draw"


def test_a_hurt_model_or_a_die_starts_the_count_again() -> None:
    e = Engine(check_scenario(walled(), "t"), seed=3)
    watch = Standstill(e)
    s = e.state

    def turn_over(events=()) -> str | None:
        s.turn += 1
        return watch.after(e, [(0, x) for x in (*events, ev.TurnStarted(s.turn))])

    roll = ev.DiceRolled("to hit", "orc", "d10", (4,), (4,), (), 4, 9, "miss")
    for _ in range(CALM_TURNS - 1):  # moves and dice, nobody hurt
        s.models["orc"] = replace(s.models["orc"], x=s.models["orc"].x + 0.5)
        assert turn_over([roll]) is None
    s.models["elf"] = replace(s.models["elf"], damage=1)
    assert turn_over() is None  # hurt: the calm count starts again
    for _ in range(STILL_TURNS - 1):
        assert turn_over() is None
    assert turn_over([roll]) is None  # a die rolled: not still
    for _ in range(STILL_TURNS - 1):
        assert turn_over() is None
    assert turn_over().startswith(f"no die rolled and nothing moved for {STILL_TURNS}")
    watch.still = -CALM_TURNS  # (only the calm count left to reach its end)
    for _ in range(CALM_TURNS - 2 * STILL_TURNS - 1):
        assert turn_over() is None
    assert turn_over().startswith(f"no model has been hurt or taken out for {CALM_TURNS}")


def test_headless_play_says_why_and_the_save_checks(tmp_path: Path, capsys) -> None:
    path = tmp_path / "walled.json"
    path.write_text(json.dumps(walled()))
    save = tmp_path / "g.jsonl"
    assert main(["play", str(path), "--headless", "--ai", "both=normal", "--save",
                 str(save)]) == 0
    out = capsys.readouterr().out
    assert "Game over: a draw (no die rolled and nothing moved for 3 game turns: the game " \
           "can no longer change)" in out
    assert out.rstrip().endswith("result: a draw")
    assert check(save).ok
    assert main(["replay", str(save), "--log"]) == 0
    assert "the game can no longer change" in capsys.readouterr().out


def test_a_scenario_may_end_its_orders_with_a_declared_draw(tmp_path: Path, capsys) -> None:
    data = walled(orders=[{"unit": "orc", "do": "move", "to": [12, 16]},
                          {"do": "declare_draw", "reason": "both generals agree"}])
    path = tmp_path / "agreed.json"
    path.write_text(json.dumps(data))
    assert main(["play", str(path), "--headless", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["winner"] == "draw" and doc["game_over"] is True
    assert doc["events"][-1] == {"seq": len(doc["events"]), "type": "game_ended",
                                 "winner": "draw", "reason": "both generals agree"}


def test_ninth_age_without_turns_ends_in_simulate(tmp_path: Path) -> None:
    """The issue's case: maps/ninth-age.toml without its `turns` played on to the command
    cap and `Stuck` escaped simulate after minutes."""
    from game.ai.simulate import GameSpec, play_game

    text = (Path(__file__).resolve().parents[2] / "maps" / "ninth-age.toml").read_text()
    path = tmp_path / "no-turns.toml"
    path.write_text("\n".join(ln for ln in text.splitlines() if not ln.startswith("turns")))
    got = play_game(GameSpec(str(path), 1, ((1, "random"), (2, "random"))))
    assert got.winner in (1, 2, "draw")
    # a rank-and-flank game lasts 6 game turns when the scenario does not say (issue 17)
    assert got.turns <= 6
    assert ("no units left" in got.reason or "game turn 6, the last, is over" in got.reason
            or got.reason.endswith("the game can no longer change"))


def test_a_draw_due_while_a_question_is_open_is_declared_once_it_is_answered(monkeypatch) -> None:
    from game.core.scenario import load_scenario

    e = Engine(load_scenario(Path(__file__).resolve().parents[2] / "maps" / "trench.toml"), seed=4)
    real = Standstill.after

    def after(self, engine, events):
        real(self, engine, events)
        asked = any(isinstance(x, ev.DecisionRequested) for _, x in events)
        return "stopped while asking" if asked and engine.pending_ask is not None else None

    monkeypatch.setattr(Standstill, "after", after)
    play_out(e, {1: "random", 2: "random"})
    assert ended(e).reason == "stopped while asking" and e.state.winner == "draw"
    asked = [x for x in e.log if isinstance(x, ev.DecisionRequested)]
    answered = [x for x in e.log if isinstance(x, ev.DecisionAnswered)]
    assert asked and len(asked) == len(answered)

"""Headless play's own steps, below the command line: loading a scenario and starting its
game, carrying out its orders as ``play --headless`` does, a save's position to go on from, the
``--json`` result, and the one-line messages of bad input. The command line, the AI's
simulations, the odds and the reports all use these."""

from __future__ import annotations

import json
import re
import secrets
import sys
from typing import TYPE_CHECKING, Any, TextIO

from game.core.commands import Command, command_from_dict
from game.core.errors import DiceExhausted
from game.core.replay import SaveFile
from game.core.state import GameState

if TYPE_CHECKING:
    from game.ai.onward import Start
    from game.core.engine import Engine


class BadInput(Exception):
    pass


def ai_players(given: list[tuple[tuple[int, ...], str]]) -> dict[int, str]:
    """The sides the AI plays and their levels, from repeated ``--ai SIDE=LEVEL``."""
    players: dict[int, str] = {}
    for sides, level in given:
        for side in sides:
            if side in players and players[side] != level:
                raise BadInput(f"--ai: side {side} is given two levels ({players[side]} and "
                               f"{level})")
            players[side] = level
    return players


#: characters a terminal may act on: C0 controls (line breaks, ESC, BEL), DEL and C1 controls
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def one_line(text: str) -> str:
    """A message as one line: a line break or other control character that came in with a
    name from the file is shown escaped (\\n, \\u001b), as it would be written in the file."""
    return _CONTROL.sub(lambda m: json.dumps(m.group())[1:-1], text)


def say(text: str, file: TextIO | None = None) -> None:
    """Print text that may hold names from a file (a scenario's, a unit's): its lines as
    they are, any control character in them escaped, so no name can drive the terminal
    (colours, a changed title, a cleared screen, a bell)."""
    print("\n".join(one_line(line) for line in text.split("\n")), file=file)


def _order_error(path: str, i: int, order: dict[str, Any], msg: str) -> BadInput:
    from game.core.scenario import show_value

    what = ", ".join(f"{k} {show_value(v)}" for k, v in order.items()
                     if k in ("unit", "do", "target", "answer"))
    return BadInput(f"{path}: orders[{i}] ({what}): {msg}")


def start_orders(path: str, seed: int | None) -> tuple[Engine, list[Command]]:
    """Load the scenario, check its orders' form and start the game. Returns the engine and
    the commands, not yet carried out."""
    from game.core.engine import Engine
    from game.core.scenario import load_scenario

    sc = load_scenario(path)
    if seed is None:
        seed = sc.seed if sc.seed is not None else secrets.randbelow(2**31)
    commands: list[Command] = []
    for i, raw in enumerate(sc.orders):
        try:
            commands.append(command_from_dict(raw))
        except ValueError as exc:
            raise _order_error(path, i, raw, str(exc)) from None
    try:
        return Engine(sc, seed=seed), commands
    except DiceExhausted as exc:
        raise BadInput(f"{path}: dice: {exc}") from None


def carry_out(path: str, engine: Engine, commands: list[Command], finish: bool = True) -> None:
    """Carry out the orders, then (with ``finish``) close the game as headless play does.
    Raises :class:`BadInput` for a refused order or scripted dice that run out."""
    orders = engine.scenario.orders
    try:
        for i, cmd in enumerate(commands):
            if engine.state.game_over:
                raise _order_error(path, i, orders[i], "the game is already over")
            out = engine.run_order(cmd)
            if not out.ok:
                raise _order_error(path, i, orders[i], str(out.refusal) + _seed_note(engine))
        if finish:
            engine.finish()
    except DiceExhausted as exc:
        raise BadInput(f"{path}: dice: {exc}") from None


def _seed_note(engine: Engine) -> str:
    """Why an order the scenario's author could give may be refused now: the dice were not
    the ones the orders were written for (another seed than the scenario's own)."""
    own = engine.scenario.seed
    if own is None or own == engine.seed or engine.scenario.dice:
        return ""
    return (f" (this run used seed {engine.seed}; the scenario's orders were written for its "
            f"own seed {own}, so the dice fell otherwise: run it without --seed)")


def run_orders(path: str, seed: int | None) -> Engine:
    """Load the scenario and carry out its orders. Returns the engine."""
    engine, commands = start_orders(path, seed)
    carry_out(path, engine, commands)
    return engine


def result_json(engine: Engine) -> dict[str, Any]:
    from game.core.events import event_to_dict

    s = engine.state
    return {
        "scenario": s.scenario,
        "ruleset": s.ruleset,
        "seed": engine.seed,
        "events": [event_to_dict(e, i + 1) for i, e in enumerate(engine.log)],
        "units": {u: engine.ruleset.unit_result(s, u) for u in s.units},
        "winner": s.winner,
        "game_over": s.game_over,
        "turn": s.turn,
        **engine.ruleset.game_result(s),
    }


def save_position(path: str, at: int | None, what: str, cached: bool = False) -> Start:
    """The position of the save at ``path`` after event ``at`` (its end when None) as a
    :class:`game.ai.onward.Start` (``play``, ``odds`` and ``simulate`` from a save), its
    commands re-run and checked. A position inside a command is the one before it (a note on
    stderr says so); a game already over there is refused, as is an event the save does not
    have. ``cached``: see :func:`game.ai.onward.start`."""
    from game.ai.onward import start

    try:
        begin = start(path, at, cached)
    except ValueError as exc:
        raise BadInput(f"{path}: --at {at}: {exc}") from None
    except DiceExhausted as exc:
        raise BadInput(f"{path}: re-running its commands needs more fixed dice: {exc}") from None
    if begin.spot.note:
        print(f"note: {one_line(begin.spot.note)}", file=sys.stderr)
    if begin.engine.state.game_over:
        where = "at its end" if at is None else f"after event {begin.spot.events}"
        raise BadInput(f"{path}: the game is over {where}; give --at N to {what} from an "
                       "earlier position (replay --log numbers the events)")
    return begin


def describe_save(save: SaveFile, state: GameState) -> list[tuple[int, str]]:
    """The save's log in players' words: (event number, line) for every event its ruleset
    describes, with ``state`` the folded state. An event the ruleset cannot describe (an
    edited save whose event says something the game never would) raises
    :class:`ReplayError` naming its line."""
    from game.core.replay import unreadable
    from game.core.ruleset import get_ruleset

    ruleset = get_ruleset(save.scenario.ruleset)
    out = []
    for i, e in enumerate(save.events(), 1):
        try:
            line = ruleset.presenter.describe(state, e)
        except Exception:  # noqa: BLE001 - as in fold_save
            raise unreadable(save, i) from None
        if line:
            out.append((i, line))
    return out

"""Make the pictures of the window in docs/screenshots/: for every shipped map, a battle in
progress (a combat with its notes on the table), the odds panel, a unit in formation being
dragged (the rank-and-flank maps) and the map open in the editor.

    python docs/screenshots/make_screenshots.py [MAP ...]

Each game is played by the AI (easy) with fixed seeds, so the pictures come out the same
each time, but for how many games the odds panel has played when the picture is taken. Runs with SDL's dummy video driver unless SDL_VIDEODRIVER is set (under a virtual
display: ``xvfb-run -a python docs/screenshots/make_screenshots.py``).
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ai import choose  # noqa: E402
from game.ai.player import side_to_act  # noqa: E402
from game.core.ruleset import ENEMY  # noqa: E402

OUT = Path(__file__).resolve().parent
MAPS = ["default", "duel", "rules-study", "trench", "old-world", "ninth-age"]
SEEDS = {"default": 5, "duel": 3, "rules-study": 1, "trench": 17, "old-world": 5, "ninth-age": 2}


def app_for(name: str, saves: Path, **kw: object):  # noqa: ANN201 - (the App)
    from game.ui.app import App

    app = App(scenario=ROOT / "maps" / f"{name}.toml", seed=SEEDS[name], saves_dir=saves,
              handover=False, strict=True, autosave=False, **kw)
    app.run_frames(3)
    return app


def ai_move(app) -> bool:  # noqa: ANN001
    eng = app.session.engine
    if app.state.game_over:
        return False
    side = side_to_act(eng)
    if side is None:
        return False
    app.play.execute(choose(eng.fork(), side, "easy", time_budget=0.3).command)
    return True


def odds_chance(app):  # noqa: ANN001, ANN201
    """(model, enemy, action) the player to act could arm and point at, or None."""
    s = app.state
    for a in app.play.actions.values():
        if a.needs != ENEMY or a.args:
            continue
        for m in s.models.values():
            if not app.play.may_order(m.name) or any(  # (a fresh charge makes a better picture)
                    mk.key == "engaged" for mk in app.ruleset.presenter.marks(s, m)):
                continue
            for o in sorted((o for o in s.models.values() if o.on_table and o.side != m.side),
                            key=lambda o: math.hypot(o.x - m.x, o.y - m.y))[:4]:
                pv = app.session.preview(app.play.enemy_order(a, m.name, o.name))
                if pv is not None and pv.ok:
                    return m.name, o.name, a.name
    return None


def show_odds(app, chance) -> bool:  # noqa: ANN001
    """Arm the action and point at the enemy; wait for the odds to settle a little."""
    model, enemy, action = chance
    app.select(model)
    app.play.do_action(action)
    o = app.state.models[enemy]
    pos = app.camera.to_screen(o.x, o.y)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                 buttons=(0, 0, 0))], 0.0)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        app.step([], 0.0)  # (the notes hold still while the odds are worked out)
        w = app.odds.work
        if w is None or w.done or (w.odds is not None and (w.odds.exact or w.odds.samples >= 4000)):
            break
        time.sleep(0.05)
    app.step([], 0.0)
    return app.odds.rect() is not None


def battle(name: str, saves: Path) -> list[Path]:
    """A combat with its notes, and the odds panel, as the AI plays the map."""
    app = app_for(name, saves)
    out = []
    for _ in range(400):
        before = len(app.notes.items)
        if not ai_move(app):
            break
        got = app.notes.items[before:]
        if len(got) >= 3 and any(f.note.result for f in got):
            for d in app.dialogs:  # (a result screen over the table: the table is the picture)
                d.close()
            for _ in range(int((0.35 * (len(got) - 1) + 0.25) / 0.05)):  # up to the last note
                app.step([], 0.05)
            chance = odds_chance(app)
            if chance is not None:
                show_odds(app, chance)
            out.append(shot(app, f"{name}-battle.png"))
            break
    if not (OUT / f"{name}-battle.png").exists():
        out.append(shot(app, f"{name}-battle.png"))
    return out


def drag(name: str, saves: Path) -> list[Path]:
    """A unit of the side to act dragged by its left front corner: wheeled and on."""
    app = app_for(name, saves)
    app.play.do_action("next_phase")  # (the first phase over: moving is open)
    app.run_frames(90, dt=1 / 30)
    for unit in app.ruleset.presenter.units_ready(app.state):
        model = app.state.units[unit].models[0]
        app.select(model)
        handles = app.ruleset.presenter.handles(app.state, model)
        if not handles:
            continue
        left, right = handles
        width = math.hypot(left.x - right.x, left.y - right.y)
        reach = math.hypot(width, 2.0)
        ang = math.atan2(left.y - right.y, left.x - right.x) + math.radians(20) + math.atan2(2, width)
        to = app.camera.to_screen(right.x + reach * math.cos(ang), right.y + reach * math.sin(ang))
        at = app.camera.to_screen(left.x, left.y)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(at[0]), int(at[1])), rel=(0, 0),
                                     buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(at[0]), int(at[1])), button=1),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=(int(to[0]), int(to[1])), rel=(0, 0),
                                     buttons=(1, 0, 0))])
        app.run_frames(3)
        if app.previews.unit_ghost is not None and app.previews.unit_ghost[1]:
            return [shot(app, f"{name}-drag.png")]
        app.input.press = None
    return []


def editor(name: str, saves: Path) -> list[Path]:
    """The map open in the editor, a unit selected (its form in the Selected tab)."""
    from game.ui.app import App

    app = App(edit=ROOT / "maps" / f"{name}.toml", saves_dir=saves, handover=False, strict=True,
              autosave=False)
    app.run_frames(3)
    units = app.editor.doc.units()
    if units:
        app.editor.select(("unit", len(units) // 2, None))
        app.run_frames(3)
    return [shot(app, f"{name}-editor.png")]


def shot(app, file: str) -> Path:  # noqa: ANN001
    app.flip = False
    path = app.screenshot(OUT / file)
    print(path.relative_to(ROOT))
    work = app.odds.work
    app.odds.cancel()  # (no worker left running when the program ends)
    if work is not None:
        work.thread.join(timeout=10)
    return path


def main(names: list[str]) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        for name in names or MAPS:
            saves = Path(tmp) / name
            battle(name, saves)
            if name in ("old-world", "ninth-age"):
                drag(name, saves)
            editor(name, saves)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

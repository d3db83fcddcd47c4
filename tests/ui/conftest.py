"""The window under SDL's dummy video driver: no display needed."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "maps" / "duel.toml"
DEFAULT = ROOT / "maps" / "default.toml"
TRENCH = ROOT / "maps" / "trench.toml"
STUDY = ROOT / "maps" / "rules-study.toml"


@pytest.fixture
def make_app(tmp_path):
    from game.ui.app import App

    apps = []

    def make(scenario=DUEL, **kw):
        kw.setdefault("saves_dir", tmp_path / "saves")
        kw.setdefault("handover", False)
        kw.setdefault("strict", True)
        kw.setdefault("flip", False)
        app = App(scenario=scenario, **kw) if "replay" not in kw else App(**kw)
        app.run_frames(2)
        apps.append(app)
        return app

    yield make
    for a in apps:
        work = a.odds.work
        a.odds.cancel()  # (no worker left running when the interpreter ends)
        a.opponent.cancel()
        if work is not None:
            work.thread.join(timeout=10)
        if a.session is not None:
            a.session.close()


@pytest.fixture
def scenario_file(tmp_path):
    def write(data, name="test.json"):
        p = tmp_path / name
        p.write_text(json.dumps(data))
        return p

    return write


# --- input helpers ---------------------------------------------------------------------------


def screen_of(app, x, y):
    sx, sy = app.camera.to_screen(x, y)
    return int(round(sx)), int(round(sy))


def shift_key(down):
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    return pygame.event.Event(kind, key=pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT if down else 0,
                              unicode="", scancode=0)


def click(app, pos, button=1, shift=False, frames=1):
    pos = (int(pos[0]), int(pos[1]))
    evs = [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]
    if shift:
        evs = [shift_key(True), *evs, shift_key(False)]
    app.step(evs)
    for _ in range(frames - 1):
        app.step([])


def click_model(app, name, **kw):
    m = app.state.models[name]
    click(app, screen_of(app, m.x, m.y), **kw)


def move_mouse(app, pos):
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))])


def drag(app, a, b, shift_at_drop=False):
    evs = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
           pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))]
    if shift_at_drop:
        evs.append(shift_key(True))
    evs.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    if shift_at_drop:
        evs.append(shift_key(False))
    app.step(evs)


def key(app, k, mod=0, unicode=""):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0),
              pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)])


def ctrl(app, k):
    key(app, k, mod=pygame.KMOD_LCTRL)


def click_button(app, button):
    click(app, button.rect.center)
    app.step([])


def dialogs(app, cls):
    return [d for d in app.dialogs if isinstance(d, cls) and d.alive()]


def choose(app, key_name):
    """Press the button ``key_name`` of the top open choice dialog."""
    from game.ui.dialogs import ChoiceDialog

    (d,) = dialogs(app, ChoiceDialog)[-1:]
    click_button(app, d.buttons[key_name])

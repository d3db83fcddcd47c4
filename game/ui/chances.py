"""The chances of winning (F3 shows or hides them): from the position on the table, quick
games played to the end with the AI on both sides, the share each side won with its 95%
interval, as a bar per side. In the replay viewer also the same figure at the start of every
game turn, as a small graph, so a player sees where the game turned.

The games are played on copies of the game in a worker thread (:func:`game.ai.onward.chances`:
the AI at its quickest level, random legal orders, so that many games come quickly); the bars
fill in as games finish. A new position (an order given, a step in the replay) cancels the
games of the old one. The worker stops by itself after :data:`GAMES` games, so the window is
idle again once the figures are as sure as they get.
"""

from __future__ import annotations

import atexit
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.onward import QUICK_LEVEL, Chances, chances
from game.ui.sprites import SIDE_COLOURS, SIDE_NAMES, font

if TYPE_CHECKING:
    from game.core.engine import Engine
    from game.core.replay import SaveFile
    from game.ui.app import App

#: games played from one position at most
GAMES = 200
#: games played from the start of each game turn in the replay viewer at most, a few at a
#: time for every game turn in turn
TURN_GAMES = 40
TURN_BATCH = 4
#: seconds a position must stay before its games start (a replay playing, or orders given one
#: after the other, would otherwise start and drop games many times a second)
SETTLE = 0.6
PANEL_W = 340
TEXT = (230, 230, 230)
DIM = (165, 165, 170)


def seed_of(engine: Engine) -> int:
    """The games' first seed: from the game's seed and the position (the same figures for the
    same position)."""
    return (engine.seed * 1000003 + engine.state.events_applied * 7919) % (2**63)


#: the worker threads still running, stopped when the program ends (a thread left running
#: while the interpreter shuts down can crash it)
_THREADS: list[tuple[threading.Thread, threading.Event]] = []


@atexit.register
def stop_all(timeout: float = 2.0) -> None:
    """Stop every worker and wait for them a moment."""
    for _, stop in _THREADS:
        stop.set()
    end = time.monotonic() + timeout
    for th, _ in _THREADS:
        th.join(max(0.0, end - time.monotonic()))
    _THREADS.clear()


def start_worker(target: Callable[..., None], args: tuple[Any, ...], stop: threading.Event,
                 name: str) -> threading.Thread:
    """``target(*args)`` in a daemon thread that ``stop`` ends (set when the program ends)."""
    _THREADS[:] = [(t, s) for t, s in _THREADS if t.is_alive()]
    th = threading.Thread(target=target, args=args, daemon=True, name=name)
    _THREADS.append((th, stop))
    th.start()
    return th


class _Work:
    """The games of one position, in a daemon thread. ``make`` gives the engine there (a
    copy handed over, or a save re-run to the position, which may take a moment)."""

    def __init__(self, make: Callable[[], Engine]) -> None:
        self.tally: Chances | None = None
        self.over: int | str | None = None  # the winner, when the game is already over there
        self.error: str | None = None
        self.version = 0
        self.done = False
        self._stop = threading.Event()
        self.thread = start_worker(self._run, (make,), self._stop, "chances")

    def _run(self, make: Callable[[], Engine]) -> None:
        try:
            engine = make()
            if engine.state.game_over:
                self.over = engine.state.winner
                self.version += 1
                return
            chances(engine, GAMES, seed_of(engine), QUICK_LEVEL, self._got, self._stop)
        except Exception as exc:  # noqa: BLE001 - the panel says so; the game is untouched
            self.error = f"{type(exc).__name__}: {exc}"
            self.version += 1
        finally:
            self.done = True

    def _got(self, tally: Chances) -> None:
        self.tally = tally
        self.version += 1

    def cancel(self) -> None:
        self._stop.set()


class _Turns:
    """The games from the start of every game turn of a save, in a daemon thread: the save
    re-run once, a copy kept where each game turn starts, then a few games from each in
    turn, over and over."""

    def __init__(self, save: SaveFile) -> None:
        self.tallies: dict[int, Chances] = {}
        self.version = 0
        self.done = False
        self._stop = threading.Event()
        self.thread = start_worker(self._run, (save,), self._stop, "chances-by-turn")

    def _run(self, save: SaveFile) -> None:
        try:
            starts = turn_starts(save, self._stop)
            played = dict.fromkeys(starts, 0)
            while not self._stop.is_set() and any(n < TURN_GAMES for n in played.values()):
                for turn, engine in starts.items():
                    if self._stop.is_set() or played[turn] >= TURN_GAMES:
                        continue
                    got = chances(engine, TURN_BATCH, seed_of(engine) + played[turn],
                                  QUICK_LEVEL, cancel=self._stop)
                    played[turn] += TURN_BATCH
                    self._add(turn, got)
        except Exception:  # noqa: BLE001 - the graph stays as far as it got
            pass
        finally:
            self.done = True

    def _add(self, turn: int, got: Chances) -> None:
        old = self.tallies.get(turn, Chances())
        wins = {s: old.wins.get(s, 0) + got.wins.get(s, 0) for s in (1, 2)}
        self.tallies = {**self.tallies, turn: Chances(old.games + got.games, wins,
                                                      old.draws + got.draws)}
        self.version += 1

    def cancel(self) -> None:
        self._stop.set()


def turn_starts(save: SaveFile, stop: threading.Event | None = None) -> dict[int, Engine]:
    """A copy of the game where each game turn of the save starts (after the command that
    began it), the game still going on there, by game turn."""
    from game.core.engine import Engine

    engine = Engine(save.scenario, seed=save.seed)
    out: dict[int, Engine] = {}
    for i, rec in enumerate(save.records):
        if stop is not None and stop.is_set():
            break
        if i and (rec.command is None or not engine.execute(rec.command).ok):
            break
        if engine.state.game_over:
            break
        if any(d.get("type") == "turn_started" for d in rec.events):
            out[engine.state.turn] = engine.fork()
    return out


class _Waiting:
    """What the panel shows while the position settles: no games yet."""

    tally: Chances | None = None
    over: int | str | None = None
    error: str | None = None
    done = False


class ChancesView:
    def __init__(self, app: App) -> None:
        self.app = app
        self.on = False
        self.key: object = None
        self.work: _Work | None = None
        self.turns: _Turns | None = None
        self.turns_of: Any = None  # the replay the game turns' figures belong to
        self._shown = (-1, -1)
        self._last_draw = 0.0
        self._since = 0.0  # when the position shown was reached

    def toggle(self) -> None:
        self.on = not self.on
        if not self.on:
            self.cancel()
        self.app.say("Chances of winning shown: quick games from the position fill them in "
                     "(F3 hides them)." if self.on else "Chances of winning hidden.")
        self.app.dirty = True

    def cancel(self) -> None:
        for w in (self.work, self.turns):
            if w is not None:
                w.cancel()
        self.work = self.turns = None
        self.key = self.turns_of = None

    def _wanted(self) -> tuple[Any, ...] | None:
        app = self.app
        if not self.on:
            return None
        if app.mode == "replay" and app.replay is not None:
            from game.core.position import spot

            r = app.replay
            return ("replay", id(r), spot(r.save, r.pos).events)
        if app.mode == "play" and app.session is not None:
            return ("play", id(app.session), len(app.session.engine.log))
        return None

    def update(self) -> bool:
        """Start, cancel or refresh the games; True when the panel must be drawn again."""
        app = self.app
        want = self._wanted()
        changed = False
        now = time.monotonic()
        if want != self.key:
            if self.work is not None:
                self.work.cancel()
            self.key, self.work, self._since = want, None, now
            changed = True
        if want is not None and self.work is None and now - self._since >= SETTLE:
            self.work = _Work(self._maker(want))
            changed = True
        r = app.replay if want is not None and want[0] == "replay" else None
        if r is not self.turns_of:
            if self.turns is not None:
                self.turns.cancel()
            self.turns, self.turns_of = (_Turns(r.save) if r is not None else None), r
            changed = True
        versions = (self.work.version if self.work else -1,
                    self.turns.version if self.turns else -1)
        if versions != self._shown and now - self._last_draw >= 0.25:
            self._shown, self._last_draw = versions, now
            changed = True
        return changed

    def _maker(self, want: tuple[Any, ...]) -> Callable[[], Engine]:
        app = self.app
        if want[0] == "play":
            assert app.session is not None
            engine = app.session.engine.fork()  # (a copy made here, on the frame loop)
            return lambda: engine
        assert app.replay is not None
        save, pos = app.replay.save, app.replay.pos

        def at_position() -> Engine:
            from game.core.position import engine_at

            return engine_at(save, pos)[0]

        return at_position

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        if self.key is None:
            return
        w = self.work or _Waiting()
        graph = self.turns is not None and len(self.turns.tallies) > 1
        view = self.app.layout.view
        rect = pygame.Rect(view.x + 10, view.y + 10, PANEL_W, 116 + (92 if graph else 0))
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel.fill((20, 22, 28, 228))
        pygame.draw.rect(panel, (90, 95, 110), panel.get_rect(), 1)
        f, fb, fs = font(14), font(14, bold=True), font(12)
        panel.blit(fb.render("Chances of winning from here", True, TEXT), (10, 6))
        y = 28
        t = w.tally
        if w.error is not None:
            panel.blit(fs.render("They could not be worked out:", True, DIM), (10, y))
            panel.blit(fs.render(w.error[:44], True, DIM), (10, y + 16))
        elif w.over is not None:
            who = ("a draw" if w.over == "draw" else f"{SIDE_NAMES.get(w.over, '?')} won"
                   if w.over in (1, 2) else "no winner")
            panel.blit(f.render(f"The game is over: {who}.", True, TEXT), (10, y))
        elif t is None or not t.games:
            panel.blit(fs.render("Playing quick games from this position...", True, DIM),
                       (10, y))
        else:
            for side in (1, 2):
                self._bar(panel, side, t, pygame.Rect(10, y, PANEL_W - 20, 18))
                y += 24
            so_far = " so far" if not w.done else ""
            panel.blit(fs.render(f"{t.games} games{so_far}: the AI at random on both sides", True,
                                 DIM), (10, y + 2))
            draws = f"; draws {t.draws / t.games:.0%}" if t.draws else ""
            panel.blit(fs.render(f"95% sure within ±{max(t.margin(1), t.margin(2)):.0%}{draws}",
                                 True, DIM), (10, y + 18))
        if graph:
            self._graph(panel, pygame.Rect(10, 134, PANEL_W - 20, 68))
        surf.blit(panel, rect.topleft)

    def _bar(self, panel: pygame.Surface, side: int, t: Chances, box: pygame.Rect) -> None:
        """A side's share of the games won: the bar to its rate, its 95% interval lighter."""
        colour = SIDE_COLOURS[side]
        label = font(12, bold=True).render(SIDE_NAMES[side], True, TEXT)
        panel.blit(label, (box.x, box.y + 2))
        bar = pygame.Rect(box.x + 42, box.y + 2, box.w - 42 - 112, box.h - 4)
        pygame.draw.rect(panel, (55, 58, 66), bar)
        lo, hi = t.interval(side)
        band = pygame.Rect(bar.x + int(bar.w * lo), bar.y, max(1, int(bar.w * (hi - lo))), bar.h)
        light = tuple(min(255, c + (255 - c) // 2) for c in colour)
        pygame.draw.rect(panel, light, band)
        pygame.draw.rect(panel, colour, (bar.x, bar.y, int(bar.w * t.rate(side)), bar.h))
        text = font(12).render(f"{t.rate(side):.0%} ({lo:.0%} to {hi:.0%})", True, TEXT)
        panel.blit(text, (bar.right + 6, box.y + 2))

    def _graph(self, panel: pygame.Surface, box: pygame.Rect) -> None:
        """Each side's chance at the start of every game turn, as lines; the game turn of
        the position marked."""
        assert self.turns is not None
        tallies = self.turns.tallies
        turns = sorted(tallies)
        fs = font(11)
        panel.blit(fs.render("At the start of each game turn:", True, DIM), (box.x, box.y - 18))
        plot = pygame.Rect(box.x + 34, box.y + 4, box.w - 38, box.h - 18)
        pygame.draw.rect(panel, (40, 42, 50), plot)
        for frac, text in ((0.0, "0%"), (0.5, "50%"), (1.0, "100%")):
            yy = plot.bottom - int(plot.h * frac)
            pygame.draw.line(panel, (70, 74, 84), (plot.x, yy), (plot.right, yy), 1)
            lab = fs.render(text, True, DIM)
            panel.blit(lab, (plot.x - lab.get_width() - 2, yy - lab.get_height() // 2))
        lo_t, hi_t = turns[0], turns[-1]

        def x_of(turn: int) -> int:
            return plot.x + int(plot.w * (turn - lo_t) / max(1, hi_t - lo_t))

        now = self.app.state.turn
        if lo_t <= now <= hi_t:
            pygame.draw.line(panel, (200, 200, 210), (x_of(now), plot.y), (x_of(now), plot.bottom))
        for side in (1, 2):
            pts = [(x_of(turn), plot.bottom - int(plot.h * tallies[turn].rate(side)))
                   for turn in turns if tallies[turn].games]
            if len(pts) > 1:
                pygame.draw.lines(panel, SIDE_COLOURS[side], False, pts, 2)
        for turn in (lo_t, hi_t):
            lab = fs.render(f"turn {turn}", True, DIM)
            x = min(max(plot.x, x_of(turn) - lab.get_width() // 2), plot.right - lab.get_width())
            panel.blit(lab, (x, plot.bottom + 1))

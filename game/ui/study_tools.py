"""The replay viewer's study tools: "Report..." writes a battle report of the save (the page
``run.py report`` writes, in a process of its own so that the window goes on) and opens it in
the browser; "Odds from here" lists the odds of every fight and charge open to the side to act
at the position shown, worked out in a worker thread (exact where the rules allow, else
sampled) and listed as they come."""

from __future__ import annotations

import html
import os
import subprocess
import sys
import tempfile
import threading
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UITextBox

from game.ui.chances import start_worker
from game.ui.dialogs import Dialog

if TYPE_CHECKING:
    from game.core.engine import Engine
    from game.core.replay import SaveFile
    from game.ui.app import App

ROOT = Path(__file__).resolve().parents[2]
#: samples for each action's odds where they cannot be worked out exactly
SAMPLES = 2000


class StudyTools:
    """What the replay viewer's study buttons start, and their progress."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.job: subprocess.Popen[bytes] | None = None
        self.out: Path | None = None
        self._temp: Path | None = None
        self.dialog: OddsHere | None = None

    # -- Report... ---------------------------------------------------------------------------
    def ask_report(self) -> None:
        from game.ui.filedialog import FileDialog

        app = self.app
        r = app.replay
        if r is None:
            return
        if self.job is not None:
            app.say("A report is being written; wait for it to open.")
            return
        src = Path(r.save.path)
        real = src.is_file()
        folder = src.parent if real else app.saves_dir
        name = (src.stem if real else "this-game") + ".html"
        app.open_dialog(FileDialog(app, "Write a battle report", folder, (".html",),
                                   self.write_report, save=True, name=name,
                                   places=app.files.places()))

    def write_report(self, out: Path) -> None:
        """Write the report of the replay's save at ``out``, then open it (see :meth:`update`)."""
        app = self.app
        r = app.replay
        if r is None:
            return
        out = out if out.suffix.lower() in (".html", ".htm") else out.with_suffix(".html")
        src = Path(r.save.path)
        if not src.is_file():  # the game in progress, watched as a replay
            from game.core.replay import write_save

            assert app.session is not None
            fd, tmp = tempfile.mkstemp(suffix=".jsonl", prefix="report-")
            os.close(fd)
            self._temp = src = Path(tmp)
            write_save(app.session.engine, src)
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
        self.out = out
        self.job = subprocess.Popen(
            [sys.executable, "-c", "import sys; from game.cli import main; "
             "sys.exit(main(sys.argv[1:]))", "report", str(src), "--out", str(out)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        app.say(f"Writing the battle report {out.name}...")

    def update(self) -> bool:
        """Whether something must be drawn again: a report finished (it is then opened, or
        the status line says why not), odds came in."""
        changed = self.dialog is not None and self.dialog.update()
        return self._report_done() or changed

    def _report_done(self) -> bool:
        job, app = self.job, self.app
        if job is None or job.poll() is None:
            return False
        err = job.stderr.read().decode("utf-8", "replace") if job.stderr else ""
        self.job = None
        if self._temp is not None:
            self._temp.unlink(missing_ok=True)
            self._temp = None
        out = self.out
        assert out is not None
        if job.returncode != 0:
            why = next((ln for ln in reversed(err.splitlines()) if ln.strip()), "it stopped")
            app.say(f"The report could not be written: {why.removeprefix('error: ')}",
                    (255, 110, 95))
            return True
        opened = False
        try:
            opened = webbrowser.open(out.resolve().as_uri())
        except webbrowser.Error:
            opened = False
        app.say(f"Battle report written: {out}" + (" (opened in your browser)." if opened else
                                                   "; open it in a browser."))
        return True

    def busy(self) -> bool:
        return self.job is not None

    # -- Odds from here -------------------------------------------------------------------------
    def odds_here(self) -> None:
        app = self.app
        r = app.replay
        if r is None:
            return
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = OddsHere(app, r.save, r.pos)
        app.open_dialog(self.dialog)


class OddsHere(Dialog):
    """The odds of each fight and charge the side to act could order at a replay's position,
    filled in as they are worked out (closing the dialog stops the work)."""

    modal = False

    def __init__(self, app: App, save: SaveFile, pos: int) -> None:
        w, h = app.size
        rect = pygame.Rect(0, 0, 640, min(h - 80, 460))
        rect.center = (app.layout.view.centerx, app.layout.view.centery)
        super().__init__(app, rect, "Odds from here")
        self.box = UITextBox("Working out...", pygame.Rect(0, 0, rect.w - 32, rect.h - 60),
                             manager=app.manager, container=self.window)
        self.head = ""
        self.rows: list[str] = []
        self.version = 0
        self._shown = -1
        self.done = False
        self._stop = threading.Event()
        start_worker(self._run, (save, pos), self._stop, "odds-from-here")

    def _run(self, save: SaveFile, pos: int) -> None:
        try:
            from game.core.position import engine_at

            engine, where = engine_at(save, pos)
            self._all(engine, where.events)
        except Exception as exc:  # noqa: BLE001 - the dialog says so; the replay is untouched
            self.rows.append(f"<i>The odds could not be worked out ({html.escape(str(exc))})"
                             "</i>")
        finally:
            self.done = True
            self.version += 1

    def _all(self, engine: Engine, at: int) -> None:
        import random

        from game.ai.player import side_to_act
        from game.odds import OddsError, OddsEstimator

        s, rs = engine.state, engine.ruleset
        side = side_to_act(engine)
        where = f"After event {at}, game turn {s.turn}: {rs.presenter.status_text(s)}"
        if s.game_over or side is None:
            self.head = f"{where}. The game is over: no odds to give."
            return
        cands = [c for c in rs.advisor.candidates(s, side, random.Random(0), -1)
                 if c.kind in ("fight", "charge")]
        self.head = (f"{where}. The odds of each fight and charge side {side} could order "
                     "(exact where the rules allow, else from "
                     f"{SAMPLES:,} samples), decisions on the way taking their defaults:")
        if not cands:
            self.rows.append("<i>No fight or charge is open to it here.</i>")
        self.version += 1
        for c in cands:
            if self._stop.is_set():
                return
            base = engine.fork()
            try:
                base.prepare_order(c.command)
                est = OddsEstimator(base, c.command)
                odds = est.exact() or est.run(
                    SAMPLES, batch=250,
                    on_update=lambda _odds, est=est: est.cancel() if self._stop.is_set() else None)
            except OddsError:
                continue
            self.rows.append(self._row(engine, c, odds))
            self.version += 1

    @staticmethod
    def _row(engine: Engine, cand: Any, odds: Any) -> str:
        from game.core.log import name_of

        s = engine.state
        who, whom = name_of(s, cand.unit), name_of(s, cand.target)
        verb = "fights" if cand.kind == "fight" else "charges"
        how = "exact" if odds.exact else f"± {max(odds.error(odds.target_destroyed), 0.0):.0%}"
        return (f"<b>{html.escape(who)}</b> {verb} <b>{html.escape(whom)}</b>: destroys it "
                f"{odds.target_destroyed:.0%}, is destroyed {odds.actor_destroyed:.0%}; "
                f"damage {odds.expected('target'):.2f} dealt, {odds.expected('actor'):.2f} "
                f"taken ({how})")

    def update(self) -> bool:
        if self.version == self._shown or not self.alive():
            return False
        self._shown = self.version
        text = html.escape(self.head) if self.head else "Working out..."
        self.box.set_text(text + "<br><br>" + "<br>".join(self.rows))
        return True

    def close(self) -> None:
        self._stop.set()
        super().close()

    def on_close(self) -> None:
        self._stop.set()

    def handle(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.close()
            return True
        return False

"""Files and the ways in and out of a game: saving under a name, opening a scenario or a
save, the replay viewer's open, the start screen ("Continue last game"), the result screen,
and asking before leaving a game whose moves are not saved under a name (quitting, opening
another, branching). The autosave keeps every move anyway; the question is a courtesy."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.errors import ReplayError, ScenarioError
from game.core.replay import is_save
from game.ui.dialogs import ChoiceDialog, message_html
from game.ui.filedialog import FileDialog
from game.ui.info import side_label
from game.ui.panels import BAD_TEXT
from game.ui.places import MAPS, writable
from game.ui.replay_model import ReplayModel
from game.ui.session import GameSession, autosave_folder, autosaves, file_time, save_summary, slug

if TYPE_CHECKING:
    from game.ui.app import App


class Files:
    def __init__(self, app: App) -> None:
        self.app = app

    def places(self) -> list[tuple[str, Path]]:
        saves = self.app.saves_dir
        out = [("Scenarios", MAPS), ("Saves", saves)]
        if autosave_folder(saves).is_dir():
            out.append(("Autosaves", autosave_folder(saves)))
        return out

    # -- saving ------------------------------------------------------------------------------
    def ask_save(self, then: Callable[[], None] | None = None) -> None:
        app = self.app
        if app.session is None:
            app.say("There is no game to save (continue from a replay point first).", BAD_TEXT)
            return
        app.saves_dir.mkdir(parents=True, exist_ok=True)
        s = app.session
        name = s.saved_path.name if s.saved_path else f"{slug(s.scenario.name)}-{time.strftime('%Y%m%d-%H%M')}.jsonl"
        folder = s.saved_path.parent if s.saved_path else app.saves_dir

        def picked(path: Path) -> None:
            if self.save_to(path) is not None and then is not None:
                then()

        app.open_dialog(FileDialog(app, "Save the game as", folder, (".jsonl",), picked, save=True,
                                   name=name, places=self.places()))

    def save_to(self, path: str | Path) -> Path | None:
        app = self.app
        if app.session is None:
            return None
        why = writable(path, app.saves_dir)
        if why is not None:
            app.say(f"Not saved: {why}.", BAD_TEXT)
            return None
        try:
            p = app.session.save_as(path)
        except (ValueError, OSError) as exc:
            app.say(f"Not saved: {exc}", BAD_TEXT)
            return None
        app.say(f"Saved as {p.name} (in {p.parent}).")
        return p

    # -- opening -----------------------------------------------------------------------------
    def ask_open(self) -> None:
        """Choose a scenario or a save; it is read first, so a file that cannot be played is
        said so at once, before any question about the game open."""
        app = self.app

        def picked(p: Path) -> None:
            session = self.load(p)
            if session is None:
                return

            def go() -> None:
                self.start(session, p)

            self.guard_unsaved(go, "open another game", on_cancel=session.close)

        app.open_dialog(FileDialog(
            app, "Open a scenario, or a save to play on", MAPS, (".toml", ".json", ".jsonl"),
            picked, places=self.places()))

    def ask_replay(self) -> None:
        app = self.app
        app.saves_dir.mkdir(parents=True, exist_ok=True)

        def picked(path: Path) -> None:
            try:
                app.replay_view.open(ReplayModel.open(path))
            except (ReplayError, ScenarioError, OSError) as exc:
                app.say(f"Cannot open the replay: {exc}", BAD_TEXT)

        app.open_dialog(FileDialog(app, "Open a save to watch", app.saves_dir, (".jsonl",), picked,
                                   places=self.places()))

    def ask_edit(self) -> None:
        """Choose a scenario to open in the editor."""
        app = self.app

        def picked(path: Path) -> None:
            from game.ui.editor import open_editor

            try:
                open_editor(app, path)
            except ScenarioError as exc:
                app.say(f"Cannot edit it: {exc}", BAD_TEXT)

        app.open_dialog(FileDialog(app, "Open a scenario to edit", MAPS, (".toml", ".json"),
                                   picked, places=self.places()))

    def open_path(self, path: str | Path) -> bool:
        session = self.load(Path(path))
        if session is None:
            return False
        self.start(session, Path(path))
        return True

    def load(self, p: Path) -> GameSession | None:
        """The game of a scenario or a save, or None when it cannot be played (the reason
        shown whole in a message)."""
        app = self.app
        try:
            if p.suffix == ".jsonl" or is_save(p):
                return GameSession.from_save(p, app.saves_dir, app.autosave)
            return GameSession.from_scenario_file(p, None, app.saves_dir, app.autosave)
        except (ReplayError, ScenarioError, OSError) as exc:
            self.cannot(f"Cannot open {p.name}", str(exc))
            return None

    def start(self, session: GameSession, p: Path) -> None:
        moves = len(session.commands())
        self.app.start_session(session, f"Opened {p.name}" + (f": {moves} moves played so far."
                                                              if moves else "."))

    def cannot(self, head: str, why: str) -> None:
        """A file that could not be used: the status line says so, a message gives the whole
        reason (a status line would cut a long one off)."""
        app = self.app
        app.say(f"{head}: {why}", BAD_TEXT)
        app.open_dialog(ChoiceDialog(app, head, message_html(head + ".", [why]), [("ok", "OK")],
                                     lambda _key: None, default="ok", cancel="ok"))

    # -- leaving a game ----------------------------------------------------------------------
    def guard_unsaved(self, action: Callable[[], None], what: str,
                      on_cancel: Callable[[], None] | None = None) -> None:
        """Do ``action`` now, or first ask when the game open has moves not saved under a name."""
        app = self.app
        s = app.session
        if s is None or s.unsaved == 0 or not s.commands():
            action()
            return
        where = f"the autosave {s.autosave_path.name}" if s.autosave_path else "no file"
        text = message_html(
            f"This game has {s.unsaved} move{'s' if s.unsaved != 1 else ''} not saved under a name.",
            [f"Save it before you {what}?"],
            f"Nothing is lost either way: every move is kept in {where} (in saves/autosave/).")

        def chosen(key: str) -> None:
            if key == "save":
                self.ask_save(then=action)
            elif key == "go":
                action()
            elif on_cancel is not None:
                on_cancel()

        app.open_dialog(ChoiceDialog(app, "Unsaved moves", text,
                                     [("save", "Save first..."), ("go", "Don't save"),
                                      ("cancel", "Cancel")], chosen, default="save", cancel="cancel"))

    def request_quit(self) -> None:
        """Quit, asking first about moves not saved under a name; asked twice (the window's
        close button again while the question is open), quit at once."""
        app = self.app
        if app.editor is not None and app.editor.doc.dirty:
            app.editor.files.request_quit()  # (asks about the scenario edited, then the game)
            return
        if app.quit_asked:
            app.running = False
            return
        app.quit_asked = True

        def go() -> None:
            app.running = False

        def stay() -> None:
            app.quit_asked = False

        self.guard_unsaved(go, "quit", on_cancel=stay)

    def keep_and_stop(self) -> None:
        """The system asks the window to stop: keep what the player has, ask nothing, end.
        The game's moves are in its autosave already; a scenario being edited with changes
        goes to a recovery file the next start offers."""
        app = self.app
        if app.editor is not None and app.editor.doc.undo_stack and app.editor.doc.dirty:
            from game.ui.editor.recovery import keep

            keep(app.saves_dir, app.editor.doc)
        if app.session is not None:
            app.session.close()
        app.running = False

    # -- the start screen and the result -----------------------------------------------------
    def show_start(self, default_map: Path) -> None:
        """The first thing `python run.py` shows: continue the last game, or start one."""
        app = self.app
        app.play.handover = None  # (the hand-over screen waits for "New game")
        last = next((p for p in autosaves(app.saves_dir) if (save_summary(p) or {}).get("moves")), None)
        choices = []
        lines = []
        if last is not None:
            info = save_summary(last) or {}
            n = info.get("moves", 0)
            lines.append(f"Last game: {info.get('name', last.stem)} ({info.get('ruleset', '')}), "
                         f"{n} move{'s' if n != 1 else ''}, {file_time(last)}.")
            choices.append(("continue", "Continue last game"))
        from game.ui.editor import recovery

        kept = recovery.kept(app.saves_dir)
        if kept is not None:
            lines.append(f"The battle being edited when the window was last closed, "
                         f"{kept.name}, was kept: Recover battle opens it in the editor.")
            choices.append(("recover", "Recover battle"))
        choices += [("new", "New game"), ("open", "Open..."), ("players", "Players..."),
                    ("battle", "New battle"), ("edit", "Edit...")]
        text = message_html("Welcome to Contact Zone.", lines + [
            f"New game: {app.state.scenario} (or open another scenario or save).",
            f"Players: {app.opponent.describe()}; Players... lets the computer play a side.",
            "New battle sets one up with the mouse; Edit... changes a scenario file."],
            "F1 lists every control at any time; Ctrl+P changes the players at any moment.")

        def chosen(key: str) -> None:
            if key == "continue" and last is not None:
                self.open_path(last)
            elif key == "open":
                self.ask_open()
            elif key == "battle":
                from game.ui.editor import open_editor

                open_editor(app, recover=False)
            elif key == "recover":
                recovery.reopen(app)
            elif key == "edit":
                self.ask_edit()
            elif key == "players":
                app.show_players(then=lambda: self.show_start(default_map))
            else:  # New game: the default battle behind the screen
                app.play.after_change()

        app.open_dialog(ChoiceDialog(app, "Contact Zone", text, choices, chosen,
                                     default=choices[0][0], cancel="new", width=660,
                                     text_height=150))

    def show_result(self) -> None:
        app = self.app
        s = app.state
        if s.winner == "draw":
            head = "A draw"
        elif s.winner in (1, 2):
            head = f"{side_label(int(s.winner))} wins"
        else:
            head = "The game is over"
        score = app.session.engine.ruleset.presenter.score_text(s) if app.session else ""
        left = ", ".join(f"{side_label(side)} {len(s.on_table(side))}" for side in (1, 2))
        reason = s.end_reason[:1].upper() + s.end_reason[1:]
        text = message_html(head, [f"{reason}.", f"Game turn {s.turn}. {score}",
                                   f"Models left: {left}."])

        def chosen(key: str) -> None:
            if key == "replay":
                for d in list(app.dialogs):
                    if isinstance(d, ChoiceDialog) and d.keep:
                        d.close()
                app.replay_view.watch_current()
            elif key == "save":
                self.ask_save()

        app.open_dialog(ChoiceDialog(app, "The result", text,
                                     [("replay", "Watch the replay"), ("save", "Save..."),
                                      ("close", "Close")], chosen, default="replay",
                                     cancel="close", keep=("save",)))

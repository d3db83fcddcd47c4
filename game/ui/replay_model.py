"""A save as the replay viewer sees it: its events folded one by one, with snapshots for fast
seeking, the log lines, where activations and game turns begin, and a new game branched from
any point."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core import events as ev
from game.core.commands import command_to_dict
from game.core.errors import ReplayError
from game.core.position import spot
from game.core.replay import SavedRecord, SaveFile, read_save, write_save
from game.core.replay import header as make_header
from game.core.ruleset import get_ruleset
from game.core.state import GameState, apply
from game.ui.session import GameSession, stamp


@dataclass
class LogLine:
    index: int  # the event's position in the log (0-based)
    text: str


class ReplayModel:
    """A save folded event by event, with snapshots every ``every`` events for fast seeking."""

    def __init__(self, save: SaveFile, every: int = 50) -> None:
        self.save = save
        self.every = max(1, every)
        self.ruleset = get_ruleset(save.scenario.ruleset)
        try:
            self.events = save.events()
        except ValueError as exc:
            raise ReplayError(f"{save.path}: {exc}") from None
        st = self.ruleset.initial_state(save.scenario, save.seed)
        self.snapshots: list[GameState] = [st.copy()]
        for i, e in enumerate(self.events, 1):
            apply(st, e)
            if i % self.every == 0:
                self.snapshots.append(st.copy())
        self.final = st
        self.lines: list[LogLine] = []
        for i, e in enumerate(self.events):
            text = self.ruleset.presenter.describe(st, e)
            if text:
                self.lines.append(LogLine(i, text))
        # (activations, or the phases of a player turn in rulesets that have phases)
        self.activations = [i for i, e in enumerate(self.events)
                            if isinstance(e, ev.ActivationStarted | ev.PhaseStarted)]
        self.turns = [i for i, e in enumerate(self.events) if isinstance(e, ev.TurnStarted)]
        self.record_ends: list[int] = []
        n = 0
        for r in save.records:
            n += len(r.events)
            self.record_ends.append(n)
        self.pos = 0
        self.state = self.snapshots[0].copy()

    @classmethod
    def open(cls, path: str | Path) -> ReplayModel:
        return cls(read_save(path))

    @property
    def name(self) -> str:
        return Path(self.save.path).name

    @property
    def length(self) -> int:
        return len(self.events)

    def seek(self, pos: int) -> None:
        pos = max(0, min(self.length, int(pos)))
        if pos == self.pos:
            return
        if pos > self.pos and pos - self.pos <= self.every:
            for e in self.events[self.pos:pos]:
                apply(self.state, e)
        else:
            k = pos // self.every
            st = self.snapshots[k].copy()
            for e in self.events[k * self.every:pos]:
                apply(st, e)
            self.state = st
        self.pos = pos

    def step(self, delta: int) -> None:
        self.seek(self.pos + delta)

    def _jump(self, marks: list[int], forward: bool) -> None:
        # a mark at index i means "just before event i"; landing there shows the event next
        if forward:
            nxt = [i for i in marks if i > self.pos]
            self.seek(nxt[0] if nxt else self.length)
        else:
            prev = [i for i in marks if i < self.pos]
            self.seek(prev[-1] if prev else 0)

    def next_activation(self) -> None:
        self._jump([i + 1 for i in self.activations], True)

    def prev_activation(self) -> None:
        self._jump([i + 1 for i in self.activations], False)

    def next_turn(self) -> None:
        self._jump([i + 1 for i in self.turns], True)

    def prev_turn(self) -> None:
        self._jump([i + 1 for i in self.turns], False)

    def lines_upto(self) -> list[LogLine]:
        return [ln for ln in self.lines if ln.index < self.pos]

    def last_event(self) -> ev.Event | None:
        return self.events[self.pos - 1] if self.pos > 0 else None

    def branch_point(self) -> tuple[int, int]:
        """(records to keep, the event position they end at) for "continue from here": whole
        commands only, the last one ending at or before the current position (the rule of
        every position of a save: :func:`game.core.position.spot`)."""
        where = spot(self.save, self.pos)
        return where.records, where.events

    def branch(self, saves_dir: str | Path, autosave: bool = True) -> tuple[GameSession, Path, int]:
        """A new game from the current position, saved as a new file."""
        keep, at = self.branch_point()
        cmds = [r.command for r in self.save.records[1:keep] if r.command is not None]
        session = GameSession(self.save.scenario, self.save.seed, saves_dir, commands=cmds,
                              autosave=autosave, source=self.save.path)
        path = Path(saves_dir) / f"branch-{stamp()}.jsonl"
        k = 1
        while path.exists():
            path = Path(saves_dir) / f"branch-{stamp()}-{k}.jsonl"
            k += 1
        session.save_as(path)
        return session, path, at


def save_of_session(session: GameSession) -> SaveFile:
    """The session's log as a save (for watching the game in progress as a replay)."""
    eng = session.engine
    records = []
    for rec in eng.records:
        evs = [ev.event_to_dict(e, rec.first + k + 1) for k, e in enumerate(eng.log[rec.first:rec.last])]
        raw = None if rec.command is None else command_to_dict(rec.command)
        records.append(SavedRecord(rec.command, raw, evs))
    return SaveFile("(this game)", make_header(eng), eng.scenario, eng.seed, records)


__all__ = ["LogLine", "ReplayModel", "save_of_session", "write_save"]

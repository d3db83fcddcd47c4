"""Playing a game in the window: selecting models, the action buttons and their hotkeys,
what a click on the table or on an enemy sends, decisions, hand-over between the sides, undo
and redo, the result.

Everything about the game's turn structure is asked of the ruleset through the boundary
(:class:`~game.core.ruleset.Ruleset`): who acts (``active_side``), which unit is acting
(``acting_unit``), which may be given orders (``units_ready``), its action buttons
(``ui_actions``) and the flow orders that end an activation, a phase or a turn
(``flow_actions``). The controller never judges a rule: the engine accepts or refuses each
order, and previews tell what an order would do before it is sent.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.core.commands import Answer, Command, Order
from game.core.engine import Outcome
from game.core.errors import NOT_NOW
from game.core.log import player_text
from game.core.ruleset import ENEMY, FACING, NONE, POINT, UIAction
from game.core.state import Model
from game.ui.decision import DecisionDialog
from game.ui.info import side_label
from game.ui.panels import BAD_TEXT, QUIET, REDO, UNDO

if TYPE_CHECKING:
    from game.ui.app import App


def hotkey_code(name: str) -> int | None:
    """The pygame key code of a hotkey name such as ``"g"`` (None for none)."""
    return getattr(pygame, f"K_{name.lower()}", None) if name else None


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class PlayController:
    def __init__(self, app: App) -> None:
        self.app = app
        self.action_mode: str | None = None  # a button waiting for a click on the table
        self.actions: dict[str, UIAction] = {}  # the ruleset's actions, by name
        self.flow: dict[str, UIAction] = {}  # its flow orders
        self.button_actions: dict[str, UIAction] = {}  # every button, in order
        self.hotkeys: dict[int, str] = {}
        self.seat: int | None = None
        self.handover: int | None = None  # the side the hand-over screen asks to take the seat
        #: the side to hand over to once the player who acted has seen what came of it
        self.pending: int | None = None
        self.waited = 0.0  # seconds the pending hand-over has waited
        #: the log's length when each side last left the seat: what happened since is shown
        #: to it when it takes the seat again
        self.left: dict[int, int] = {}
        self.result_shown = False

    # -- the buttons of a game ---------------------------------------------------------------
    def set_ruleset(self, ruleset: Any) -> None:
        own = list(ruleset.presenter.ui_actions())
        flow = [a for a in ruleset.presenter.flow_actions() if a.name not in {x.name for x in own}]
        self.actions = {a.name: a for a in own}
        self.flow = {a.name: a for a in flow}
        self.button_actions = {a.name: a for a in (*own, *flow, UNDO, REDO)}
        self.hotkeys = {}
        if flow:
            self.hotkeys[pygame.K_RETURN] = flow[0].name
            self.hotkeys[pygame.K_KP_ENTER] = flow[0].name
        for a in (*own, *flow):
            code = hotkey_code(a.hotkey)
            if code is not None:
                self.hotkeys.setdefault(code, a.name)

    def reset(self) -> None:
        self.action_mode = None
        self.seat = None
        self.handover = None
        self.pending = None
        self.left = {}
        state = self.app.session.state if self.app.session else None
        self.result_shown = bool(state and state.game_over)

    # -- who may act -------------------------------------------------------------------------
    def due_side(self) -> int | None:
        s = self.app.session
        if s is None or s.state.game_over:
            return None
        ask = s.engine.pending_ask
        if ask is not None and ask.side:
            return ask.side
        return s.engine.ruleset.active_side(s.state)

    def may_order(self, name: str | None) -> bool:
        """Whether clicks should send orders for this model (its side is the one to act and
        no decision waits); the engine still judges every order."""
        app = self.app
        if name is None or app.session is None or app.mode != "play":
            return False
        s = app.session.state
        m = s.models.get(name)
        return (m is not None and m.on_table and not s.game_over
                and app.session.engine.pending_ask is None and m.side == self.due_side()
                and not app.opponent.plays(m.side) and self.pending is None)

    # -- clicks ------------------------------------------------------------------------------
    def mode_action(self) -> UIAction | None:
        return self.actions.get(self.action_mode) if self.action_mode else None

    def point_action(self) -> UIAction | None:
        """The action a click on the table sends: the pressed one, else the first that takes a
        point (Move)."""
        mode = self.mode_action()
        if mode is not None and mode.needs == POINT:
            return mode
        return next((a for a in self.actions.values() if a.needs == POINT), None)

    def hint(self) -> str:
        """What clicks do with a model selected, from the ruleset's actions."""
        parts = []
        point = self.point_action()
        if point is not None:
            parts.append(f"the table to {point.label.lower()}")
        chain = self.click_chain()
        if chain:
            parts.append("an enemy to " + " or ".join(a.label.lower() for a in reversed(chain)))
        return (" Click " + ", ".join(parts) + ".") if parts else ""

    def click_chain(self) -> list[UIAction]:
        """What a click on an enemy tries with no button pressed, in turn: the actions that
        act at once on an enemy the engine accepts (Fight), then the first other one
        (Charge); actions with options of their own (a Diving Charge) only from their button."""
        plain = [a for a in self.actions.values() if a.needs == ENEMY and not a.args]
        return [a for a in plain if a.direct] + [a for a in plain if not a.direct][:1]

    def click(self, point: tuple[float, float], picked: str | None, shift: bool) -> None:
        app = self.app
        if app.mode != "play":
            app.select(picked)
            return
        sel = app.state.models.get(app.selected) if app.selected else None
        mode = self.mode_action()
        if mode is not None and mode.needs == FACING and sel is not None and self.may_order(sel.name):
            self.execute(self.turn_order(sel, point))
            return
        if picked is None:
            if (sel is not None and self.may_order(sel.name) and self.point_action() is not None
                    and (mode is None or mode.needs == POINT)):
                self.execute(self.move_order(sel.name, point, shift))
            elif not shift:
                app.select(None)
            return
        other = app.state.models[picked]
        if shift:
            app.select(picked)
            return
        if sel is not None and other.side != sel.side and self.may_order(sel.name):
            if mode is not None and mode.needs == ENEMY:
                self.execute(self.enemy_order(mode, sel.name, picked))
            else:
                self.attack(sel.name, picked)
            return
        app.select(picked)

    def attack(self, actor: str, target: str) -> None:
        """Clicking an enemy: Fight when the engine accepts it (base contact), else Charge."""
        chain = self.click_chain()
        if not chain:
            self.app.select(target)
            return
        for a in chain[:-1]:
            order = self.enemy_order(a, actor, target)
            pv = self.app.session.preview(order)
            if pv is not None and pv.ok:
                self.execute(order)
                return
        self.execute(self.enemy_order(chain[-1], actor, target))

    def enemy_order(self, a: UIAction, actor: str, target: str) -> Order:
        """The order of action ``a`` by ``actor`` at the model ``target`` (the ruleset words
        it: by model or by unit)."""
        return self.app.ruleset.presenter.ui_order(self.app.state, a, actor, target=target)

    def move_order(self, name: str, point: tuple[float, float], face: bool) -> Order:
        a = self.point_action() or UIAction("move", "Move", needs=POINT)
        return self.app.ruleset.presenter.ui_order(self.app.state, a, name, point=point, face=face)

    def turn_order(self, m: Model, point: tuple[float, float]) -> Order:
        """Turn ``m`` where it stands to face ``point`` (the Turn button's order)."""
        a = (self.mode_action() or next((x for x in self.actions.values() if x.needs == FACING), None)
             or UIAction("move", "Turn", needs=FACING))
        if a.needs != FACING:
            a = UIAction(a.name, a.label, needs=FACING, order=a.order, args=a.args)
        return self.app.ruleset.presenter.ui_order(self.app.state, a, m.name, point=point)

    def nearby_enemies(self, name: str, reach: float = 3.0) -> list[Model]:
        s = self.app.state
        m = s.models[name]
        out = [o for o in s.models.values()
               if o.side != m.side and o.on_table and math.hypot(o.x - m.x, o.y - m.y) <= reach]
        return sorted(out, key=lambda o: math.hypot(o.x - m.x, o.y - m.y))

    def enemy_targets(self, name: str, a: UIAction) -> list[str]:
        """The enemies near ``name`` the engine accepts as the target of ``a`` now."""
        out = []
        for o in self.nearby_enemies(name):
            pv = self.app.session.preview(self.enemy_order(a, name, o.name))
            if pv is not None and pv.ok:
                out.append(o.name)
        return out

    # -- buttons -----------------------------------------------------------------------------
    def do_action(self, name: str) -> None:
        app = self.app
        if app.mode != "play" or app.session is None:
            return
        if name == UNDO.name:
            self.ask_undo()
            return
        if name == REDO.name:
            self.redo()
            return
        if name in self.flow:
            self.flow_order(self.flow[name])
            return
        a = self.actions.get(name)
        if a is None:
            return
        sel = app.selected
        if sel is None or not self.may_order(sel):
            app.say("Select one of your models first (Tab picks the next one).", BAD_TEXT)
            return
        if a.needs in (POINT, FACING):
            self.action_mode = name
            app.say(f"{a.label}: click on the table "
                    + ("where the model should face." if a.needs == FACING else
                       "where the model should go (Shift: turn to face the way)."))
        elif a.needs == ENEMY and a.direct:
            targets = self.enemy_targets(sel, a)
            if len(targets) == 1:
                self.execute(self.enemy_order(a, sel, targets[0]))
            else:
                self.action_mode = name
                app.say(f"{a.label}: click the enemy." if targets else
                        f"{a.label}: no enemy can be chosen now; click one to hear why.")
        elif a.needs == ENEMY:
            self.action_mode = name
            app.say(f"{a.label}: click an enemy.")
        elif a.needs == NONE:
            self.execute(Order(a.do, sel, a.args))

    def flow_order(self, a: UIAction) -> None:
        app = self.app
        s = app.session
        assert s is not None
        if not s.engine.ruleset.presenter.flow_action_open(s.state, a.name):
            app.say(f"{a.label} is not open now.", QUIET)
            return
        order = Order(a.do, None, a.args)
        if a.confirm:
            app.confirm(a.confirm, lambda: self.execute(order), a.label)
        else:
            self.execute(order)

    def open_buttons(self) -> dict[str, bool]:
        """Which buttons the engine would take now (each tried on a copy of the game)."""
        app = self.app
        session = app.session
        assert session is not None
        s = session.state
        pending = session.engine.pending_ask is not None
        sel = app.selected if self.may_order(app.selected) else None
        out: dict[str, bool] = {UNDO.name: session.can_undo(), REDO.name: bool(session.redo_stack)}
        for name in self.flow:
            out[name] = not pending and session.engine.ruleset.presenter.flow_action_open(s, name)
        for name, a in self.actions.items():
            if sel is None:
                out[name] = False
                continue
            m = s.models[sel]
            if a.needs in (POINT, FACING):
                order = (app.ruleset.presenter.ui_order(s, a, sel, point=(m.x, m.y)) if a.needs == POINT
                         else self.turn_order(m, (m.x, m.y - 1) if m.facing != 0 else (m.x + 1, m.y)))
                pv = session.preview(order)
                out[name] = pv is not None and (pv.ok or pv.refusal.kind != NOT_NOW)
            elif a.needs == ENEMY and a.direct:
                out[name] = bool(self.enemy_targets(sel, a))
            elif a.needs == ENEMY:
                enemies = [o for o in s.models.values() if o.on_table and o.side != m.side]
                if enemies:
                    near = min(enemies, key=lambda o: math.hypot(o.x - m.x, o.y - m.y))
                    pv = session.preview(self.enemy_order(a, sel, near.name))
                    out[name] = pv is not None and (pv.ok or pv.refusal.kind != NOT_NOW)
                else:
                    out[name] = False
            else:
                pv = session.preview(Order(a.do, sel, a.args))
                out[name] = pv is not None and pv.ok
        return out

    # -- carrying out ------------------------------------------------------------------------
    def execute(self, cmd: Command) -> Outcome | None:
        app = self.app
        if app.session is None or app.mode != "play":
            return None
        before = len(app.session.engine.log)
        places = {n: (m.x, m.y) for n, m in app.state.models.items() if m.on_table}
        out = app.session.execute(cmd)
        self.action_mode = None
        if not out.ok:
            app.say(sentence(player_text(app.state, str(out.refusal))) + ".", BAD_TEXT)
            return out
        app.slides.start(places, app.state)
        self.said_after(out, before)
        self.after_change()
        return out

    def said_after(self, out: Outcome, before: int) -> None:
        """The status line after an order: the last thing worth reading that it did, and the
        notes floating up at the models."""
        app = self.app
        eng = app.session.engine
        lines = [eng.ruleset.presenter.describe(eng.state, e) for _, e in out.events]
        lines = [ln for ln in lines if ln]
        app.say(lines[-1] if lines else "Done.")
        if app.session.autosave_problem:
            app.say(app.session.autosave_problem, BAD_TEXT)
            app.session.autosave_problem = None
        app.log_highlight = ()
        app.notes.add(eng.ruleset, eng.state, [e for _, e in out.events])

    def answer(self, cmd: Answer) -> Outcome | None:
        return self.execute(cmd)

    def after_change(self) -> None:
        """After every order (and undo, and opening): hand-over, decisions, the result."""
        app = self.app
        if app.mode != "play" or app.session is None:
            return
        if app.selected and app.selected not in app.state.models:
            app.select(None)
        due = self.due_side()
        ask = app.session.engine.pending_ask
        if app.decision is not None and (ask is None or app.decision.ask is not ask):
            app.decision.close()
            app.decision = None
        ai_due = app.opponent.plays(due)
        if due is not None and app.handover_on and not app.opponent.any_ai() and due != self.seat:
            if app.decision is not None:
                app.decision.close()
                app.decision = None
            if self.seat is None:  # (nobody has acted yet: nothing to see first)
                self.handover = due
                self.left = {s: self.left.get(s, len(app.session.engine.log)) for s in (1, 2)}
            elif self.pending is None:
                self.left[self.seat] = len(app.session.engine.log)
                self.pending, self.waited = due, 0.0
            return
        self.pending = None
        if due is not None:
            self.seat = due
        if ask is not None and app.decision is None and not ai_due:
            app.decision = DecisionDialog(app, ask, side_label(ask.side) if ask.side else "A player")
            app.open_dialog(app.decision)
        if app.state.game_over and not self.result_shown:
            self.result_shown = True
            app.files.show_result()

    #: seconds a hand-over waits, once the notes of the last order are gone, before its screen
    PAUSE = 0.8

    def tick(self, dt: float) -> bool:
        """A hand-over waiting for the player who acted to see what came of it: its screen
        shows once the notes and slides are over (and a short pause). True when it shows."""
        app = self.app
        if self.pending is None:
            return False
        if app.notes.active or app.slides.active:
            self.waited = 0.0
            return False
        self.waited += dt
        if self.waited < self.PAUSE:
            return False
        self.hand_over()
        return True

    def hand_over(self) -> None:
        """Show the hand-over screen now (a click or a key while one waits)."""
        self.handover, self.pending = self.pending, None
        self.app.dirty = True

    def since_seat(self, side: int) -> list[str]:
        """What happened since ``side`` last left the seat, as log lines (the newest last)."""
        eng = self.app.session.engine
        lines = (eng.ruleset.presenter.describe(eng.state, e) for e in eng.log[self.left.get(side, 0):])
        return [ln for ln in lines if ln]

    def take_seat(self) -> None:
        app = self.app
        side = self.seat = self.handover
        self.handover = None
        if side is not None and side in self.left:  # what happened to it, on the table again
            eng = app.session.engine
            app.notes.clear()
            app.notes.add(eng.ruleset, eng.state, eng.log[self.left[side]:])
        self.after_change()

    # -- undo and redo -----------------------------------------------------------------------
    def ask_undo(self) -> None:
        app = self.app
        if app.mode != "play" or app.session is None:
            return
        if not app.session.can_undo():
            app.say("Nothing to undo.", QUIET)
            return
        n = app.opponent.undo_count()
        cmds = app.session.commands()
        last = cmds[len(cmds) - n]  # the order of a person taken back (or the AI's first)
        also = f" and the computer's {n - 1} move{'s' if n > 2 else ''} after it" if n > 1 else ""
        if any(app.session.rolled(i) for i in range(len(cmds) - n, len(cmds))):
            app.confirm(f"Undo \"{self.describe(last)}\"{also}? Dice were rolled; giving the same "
                        "order again rolls the same dice (they follow the game's seed).", self.undo, "Undo")
        else:
            self.undo()

    def undo(self) -> None:
        app = self.app
        assert app.session is not None
        n = max(1, app.opponent.undo_count())
        last = app.session.undo(n)
        app.opponent.rewound()
        self._after_rewind()
        also = " (and the computer's moves after it)" if n > 1 else ""
        app.say(f"Undone: {self.describe(last)}{also}. Ctrl+Y gives it again." if last
                else "Nothing to undo.")

    def redo(self) -> None:
        app = self.app
        if app.session is None or not app.session.redo_stack:
            app.say("Nothing to redo.", QUIET)
            return
        before = len(app.session.engine.log)
        out = app.session.redo()
        if out is None or not out.ok:
            app.say("The order undone can no longer be given.", BAD_TEXT)
            return
        self.said_after(out, before)
        self.after_change()

    def _after_rewind(self) -> None:
        app = self.app
        if app.decision is not None:
            app.decision.close()
            app.decision = None
        app.log_highlight = ()
        app.notes.clear()
        self.result_shown = app.session.state.game_over
        self.seat = self.due_side()
        self.pending = self.handover = None
        self.after_change()

    def describe(self, cmd: Command) -> str:
        """An order in words, with names: "Orc Brute: charge Elf Blademaster"."""
        s = self.app.state
        if isinstance(cmd, Answer):
            from game.core.log import show_value

            return f"the answer {show_value(s, cmd.value)}"
        who = s.models[cmd.unit].display if cmd.unit in s.models else (cmd.unit or "")
        target = cmd.arg("target")
        what = cmd.do.replace("_", " ")
        tname = (s.models[target].display or target) if isinstance(target, str) and target in s.models else ""
        return f"{who + ': ' if who else ''}{what}{' ' + tname if tname else ''}"

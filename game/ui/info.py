"""Words for the window: the model card (from what the ruleset says players see of a model),
and the list of controls shown by F1 (also the tables of docs/ui.md)."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from game.core.ruleset import PartInfo, Ruleset
from game.core.state import GameState, Model
from game.ui.sprites import SIDE_NAMES, shade, side_colour, tone_colour

NB = "\u00a0"


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def side_label(side: int | None) -> str:
    if side is None:
        return "nobody"
    return f"Side {side} ({SIDE_NAMES.get(side, '?')})"


def card_html(state: GameState, m: Model, ruleset: Ruleset) -> str:
    """The card of a model: name and side, its stats, what is shown about it (Down,
    conditions, markers), its damage, keywords, and the ruleset's notes (weapons, what it did
    this activation)."""
    e = html.escape
    lines = [f"<b>{e(m.display or m.name)}</b> — {e(side_label(m.side))}"]
    facts = [f"base {e(m.base)}"]
    wounds = ruleset.presenter.wounds(m)
    if wounds is not None:
        facts.append(f"damage {wounds[0]} of {wounds[1]}")
    lines.append(f"<font color='#b0b0b0'>{' · '.join(facts)}</font>")
    if not m.on_table:
        lines.append(f"<font color='#ff8080'><b>{e(m.status.replace('_', ' ').upper())}</b></font>")
    marks = ruleset.presenter.marks(state, m) if m.on_table else ()
    if marks:
        lines.append(" · ".join(f"<font color='{_hex(tone_colour(mk.tone))}'><b>{e(mk.label)}</b></font>"
                              for mk in marks))
    table = ruleset.presenter.stat_table(m)
    if table.columns:
        widths = [max(3, len(k), *(len(r[1][i]) for r in table.rows))
                  for i, k in enumerate(table.columns)]
        lead = len(table.row_title) + 1 if table.row_title else 0
        head = table.row_title + "".join(NB + k.rjust(w, NB) for k, w in zip(table.columns, widths))
        rows = [f"<font face='fira_code' size=3 color='#b0b0b0'>{e(head[1 - bool(lead):])}</font>"]
        for i, (label, values) in enumerate(table.rows):
            cells = "".join(NB + v.rjust(w, NB) for v, w in zip(values, widths))
            row = e(label.rjust(lead - 1, NB) + cells if lead else cells[1:])
            if table.current == i:
                row = f"<b><font color='#ffe060'>{row}</font></b>"
            rows.append(f"<font face='fira_code' size=3>{row}</font>")
        lines.extend(rows)
    parts = ruleset.presenter.unit_parts(state, m.unit) if m.unit in state.units else ()
    if parts:
        lines.extend(_parts_rows(parts))
    if m.keywords:
        lines.append("Keywords: " + e(", ".join(sorted(k.capitalize() for k in m.keywords))))
    for note in ruleset.presenter.card_notes(state, m):
        lines.append(f"<font color='#d8d8d8'>{e(note)}</font>")
    ladder = ruleset.presenter.initiative_ladder(state, m.unit) if m.on_table and m.unit in state.units else ()
    if ladder:
        lines.append("<b>This combat, step by step</b>")
        for rung in ladder[:LADDER_LINES]:
            who = state.units[rung.unit].display if rung.unit in state.units else rung.unit
            aim = state.units[rung.target].display if rung.target in state.units else rung.target
            side = state.units[rung.unit].side if rung.unit in state.units else 0
            colour = _hex(shade(side_colour(side), 0.35))
            part = f" {rung.who}" if rung.who and rung.who != who else ""
            what = (f"{rung.count} attack{'s' if rung.count != 1 else ''}" if rung.kind == "close combat"
                    else f"{rung.kind} ({rung.count} model{'s' if rung.count != 1 else ''})")
            lines.append(f"<font color='#b0b0b0'>step {rung.step}</font> <font color='{colour}'>{e(who)}</font>"
                         f"{e(part)}: {e(what)} at {e(aim)}")
        if len(ladder) > LADDER_LINES:
            lines.append(f"<font color='#b0b0b0'>... and {len(ladder) - LADDER_LINES} more</font>")
    return "<br>".join(lines)


#: at most this many Initiative steps of a combat on a card
LADDER_LINES = 10


def _parts_rows(parts: Iterable[PartInfo]) -> list[str]:
    """The parts of a multipart model (crew, mount, chassis) as a small table, one row per
    part with its own stats, and its rules under it."""
    e = html.escape
    merged: list[tuple[PartInfo, int]] = []
    for p in parts:  # the same part twice (two crew) is one row "crew x2"
        if merged and merged[-1][0] == p:
            merged[-1] = (p, merged[-1][1] + 1)
        else:
            merged.append((p, 1))
    parts = [PartInfo(p.name + (f" x{n}" if n > 1 else ""), p.stats, p.rules) for p, n in merged]
    keys: list[str] = []
    for p in parts:
        keys += [k for k, _ in p.stats if k not in keys]
    names = [p.name for p in parts]
    lead = max(len(n) for n in names)
    widths = [max(3, len(k), *(len(str(dict(p.stats).get(k, "-"))) for p in parts)) for k in keys]
    head = NB * lead + "".join(NB + k.rjust(w, NB) for k, w in zip(keys, widths))
    out = [f"<font face='fira_code' size=3 color='#b0b0b0'>{e(head)}</font>"]
    for p in parts:
        vals = dict(p.stats)
        row = p.name.ljust(lead, NB) + "".join(NB + str(vals.get(k, "-")).rjust(w, NB)
                                               for k, w in zip(keys, widths))
        out.append(f"<font face='fira_code' size=3>{e(row)}</font>")
        if p.rules:
            out.append(f"<font color='#b0b0b0'>{NB * 2}{e(', '.join(p.rules))}</font>")
    return out


CONTROLS: list[tuple[str, list[tuple[str, str]]]] = [
    ("The table", [
        ("Mouse wheel", "zoom in or out, toward the cursor"),
        ("Right or middle drag", "pan the table"),
        ("Arrow keys", "pan the table"),
        ("+ / -", "zoom in / out at the centre (in a game)"),
        ("0 (zero)", "show the whole table"),
        ("L", "labels: names on every base on or off (by default they show when zoomed in)"),
        ("M", "ruler: drag from a base or point to another; edge to edge, in inches"),
        ("F12", "save a picture of the window in saves/screenshots/"),
    ]),
    ("Playing", [
        ("Left click a model", "select it; its card shows its stats, rules and state"),
        ("Shift + click a model", "select any model without acting"),
        ("Click the table", "with one of your models selected: move it there (a ghost shows the "
                            "inches used; red means the engine refuses, with the reason below)"),
        ("Shift + click the table", "move there and turn to face the way it moves"),
        ("Drag your model", "move it by dragging; release to confirm (hold Shift to face the way)"),
        ("Drag a unit's corner handle", "units in formation: wheel about the other front corner "
                                        "and on, the corner following the pointer; drag the "
                                        "block to slide it ahead, back or sideways"),
        ("Click an enemy", "attack it with the first action that fits: in base contact a fight, "
                           "else a charge (the ghost shows where the charge ends)"),
        ("Tab", "select the next model of the side to act"),
        ("Esc", "cancel the current mode, then clear the selection"),
        ("Right click (no drag)", "cancel the current mode"),
        ("Hover a rule or badge", "what it does"),
        ("Click a log line", "ring the models it names (until the next order)"),
    ]),
    ("Playing against the computer", [
        ("Ctrl+P", "players: Human or AI (easy, normal, hard) for each side, and the AI's pace; "
                   "take a side over at any moment"),
        ("(banner)", "says when the computer is thinking; its reasons and odds go in the log"),
        ("Charge, Fight or Shoot armed, hover an enemy", "the odds panel: the chance to destroy "
                                                         "it and to be destroyed, and the damage "
                                                         "each way"),
        ("Ctrl+Z", "against the computer: takes back its moves and your last order"),
        ("F3", "chances of winning from here on or off: quick games to the end with the AI on "
               "both sides, each side's share of them with its margin"),
    ]),
    ("Decisions", [
        ("Click a choice", "answer with it; the default is highlighted and Enter takes it"),
        ("Click models on the table", "pick them in order when a decision asks for a list"),
        ("Click the table", "when a decision asks for a point"),
    ]),
    ("Files", [
        ("Ctrl+S", "save the game under a name (in saves/)"),
        ("Ctrl+O", "open a scenario (.toml) or a save (.jsonl) to play on"),
        ("Ctrl+R", "open a save in the replay viewer"),
        ("Ctrl+W", "watch this game so far as a replay"),
        ("Ctrl+Z", "undo the last order (asks first when it rolled dice)"),
        ("Ctrl+Y", "redo the order undone (the same dice come up)"),
        ("Ctrl+E", "back to the scenario editor, in a game started from it (F5)"),
        ("(automatic)", "every order is saved as it happens in saves/autosave/"),
    ]),
    ("Replay viewer", [
        ("Space", "play / pause"),
        (", and .", "one event back / forward"),
        ("[ and ]", "previous / next activation"),
        ("Page Up / Page Down", "previous / next game turn"),
        ("Home / End", "first / last event"),
        ("1 2 3 4 5", "speed 0.5x, 1x, 2x, 4x, 8x"),
        ("Timeline", "click or drag anywhere on it to go there"),
        ("B", "continue from here: a new game from this point, saved as a new file"),
        ("Report...", "write a battle report of the save and open it in your browser"),
        ("Odds from here", "the odds of each fight and charge open to the side to act here"),
        ("Chances (F3)", "the chances of winning from here, and at the start of each game turn"),
        ("Esc", "back to the game (when one is open)"),
    ]),
    ("Editing a battle", [
        ("Units tab", "pick a profile (search by name, faction or rule), then click the table "
                      "to place it; or drag it from the list onto the table"),
        ("1 / 2", "new units join side 1 (blue) or side 2 (red)"),
        ("Click / drag", "select a unit, terrain piece or zone; drag it to move it"),
        ("Drag the handle", "turn the selected unit (Shift: in steps of 15 degrees)"),
        ("Q / E", "turn the selected unit 15 degrees left / right (Shift: 1 degree)"),
        ("[ and ]", "fewer / more files in the selected unit's ranks (units in formation)"),
        ("Ctrl+D", "duplicate the selection"),
        ("Del", "delete the selection (over a corner of the selected terrain: that corner)"),
        ("Rectangle / Zone", "drag on the table to draw a piece of terrain / a deployment zone"),
        ("Polygon", "click each corner; click the first one, double-click or Enter closes it; "
                    "Backspace takes the last corner back"),
        ("Drag a corner", "reshape the selected terrain (Ctrl+click an edge adds a corner)"),
        ("Selected tab", "edit the selection's fields; a problem shows in red under its field"),
        ("Ctrl+Z / Ctrl+Y", "undo / redo any edit"),
        ("Ctrl+S", "save the scenario (Ctrl+Shift+S: under another name)"),
        ("Ctrl+N / Ctrl+O", "a new battle / open a scenario to edit"),
        ("F5", "play the battle; Ctrl+E in the game comes back to the editor"),
        ("Esc", "stop placing or drawing, then clear the selection"),
    ]),
    ("Anywhere", [
        ("F1", "this help"),
        ("H", "hand-over screens between sides on or off"),
        ("Enter", "in a dialog: its highlighted button"),
        ("Ctrl+Q", "quit (asks first when moves are not saved under a name)"),
    ]),
]


def help_html(actions: Iterable[Any] = (), ruleset_id: str = "",
              rules: Iterable[tuple[str, str]] = (), conditions: Iterable[tuple[str, str]] = ()) -> str:
    """Every control; first, when given, the buttons of the game open (``UIAction``s: they
    come from its ruleset), then the special rules of its models and the conditions of its
    ruleset, each with what it does."""
    out = []
    actions = [a for a in actions if a.hotkey]
    if actions:
        title = f"This game's actions ({ruleset_id})" if ruleset_id else "This game's actions"
        out.append(f"<b>{html.escape(title)}</b>")
        for a in actions:
            what = a.tip if a.tip.lower().startswith(a.label.lower()) else (
                f"{a.label}: {a.tip}" if a.tip else a.label)
            out.append(f"<font color='#ffe080'>{html.escape(a.hotkey.upper())}</font> — {html.escape(what)}")
        out.append("")
    for title, items in (("The special rules in this game", rules),
                         ("Conditions and states", conditions)):
        items = list(items)
        if items:
            out.append(f"<b>{html.escape(title)}</b>")
            out += [f"<font color='#ffe080'>{html.escape(n)}</font> — {html.escape(t)}"
                    for n, t in items]
            out.append("")
    for title, rows in CONTROLS:
        out.append(f"<b>{html.escape(title)}</b>")
        for key, what in rows:
            out.append(f"<font color='#ffe080'>{html.escape(key)}</font> — {html.escape(what)}")
        out.append("")
    return "<br>".join(out)


def help_markdown() -> str:
    out = []
    for title, rows in CONTROLS:
        out.append(f"### {title}\n")
        out.append("| control | what it does |\n|---|---|")
        for key, what in rows:
            out.append(f"| {key} | {what} |")
        out.append("")
    return "\n".join(out)

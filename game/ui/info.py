"""Words for the window: the unit card, rule descriptions (from the rule classes' docstrings,
read from the ruleset's registry when asked), and the list of controls shown by F1."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from game.core.ruleset import Ruleset
from game.core.state import GameState, Model


def rule_description(ruleset: Ruleset, rule_text: str) -> str:
    """What a special rule does, in the ruleset's own player-facing words."""
    name = rule_text.split("(", 1)[0].strip().lower()
    info = ruleset.rules().get(name)
    if info is None:
        return f"{rule_text}: no description found"
    return info.description or info.summary or f"{rule_text}: no description found"


def condition_description(ruleset: Ruleset, name: str) -> str:
    info = ruleset.conditions().get(name)
    if info is None:
        return f"{name.replace('_', ' ').capitalize()}: a condition on this model."
    return f"{info.label}: {info.description}"


def card_html(state: GameState, m: Model, ruleset: Any) -> str:
    e = html.escape
    lines = [f"<b>{e(m.display or m.name)}</b> — side {m.side}"]
    dt = m.stat("DT", 0) if "DT" in m.stats else None
    dmg = f" · damage {min(m.damage, dt)} of {dt}" if dt else ""
    lines.append(f"<font color='#b0b0b0'>{e(m.name)} · unit {e(m.unit)} · base {e(m.base)}{dmg}</font>")
    if not m.on_table:
        lines.append(f"<font color='#ff8080'><b>{e(m.status.replace('_', ' ').upper())}</b></font>")
    elif m.status != "active":
        lines.append(f"<font color='#ffd060'>{e(m.status.replace('_', ' '))}</font>")
    tracks = max((len(v) for v in m.stats.values()), default=1)
    if dt:
        tracks = max(tracks, dt)
    keys = [k for k in m.stats if k != "DT"]
    if keys:
        # one row per damage track, the track the model is on highlighted
        nb = "\u00a0"
        widths = [max(3, len(k)) for k in keys]
        head = "Track" + "".join(nb + k.rjust(w, nb) for k, w in zip(keys, widths))
        rows = [f"<font face='fira_code' size=3 color='#b0b0b0'>{e(head)}</font>"]
        current = min(m.damage, tracks - 1)
        for i in range(tracks):
            cells = "".join(nb + str(m.stat(k, i)).rjust(w, nb) for k, w in zip(keys, widths))
            row = e(f"{i + 1:>5}".replace(" ", nb) + cells)
            if i == current and m.on_table:
                row = f"<b><font color='#ffe060'>{row}</font></b>"
            rows.append(f"<font face='fira_code' size=3>{row}</font>")
        lines.extend(rows)
    if m.keywords:
        lines.append("Keywords: " + e(", ".join(sorted(k.capitalize() for k in m.keywords))))
    from game.rulesets.common.flow import activation

    act = activation(state)
    if act is not None:
        taken = act.taken(m.name)
        if taken:
            lines.append("This activation: " + e(", ".join(a.action + (f" {a.target}" if a.target else "") for a in taken)))
    return "<br>".join(lines)


CONTROLS: list[tuple[str, list[tuple[str, str]]]] = [
    ("The table", [
        ("Mouse wheel", "zoom in or out, toward the cursor"),
        ("Right or middle drag", "pan the table"),
        ("Arrow keys", "pan the table"),
        ("+ / -", "zoom in / out at the centre (in a game)"),
        ("0 (zero)", "show the whole table"),
        ("N", "names on every base on or off (by default they show when zoomed in)"),
        ("M", "ruler: drag from a base or point to another; edge to edge, in inches"),
    ]),
    ("Playing", [
        ("Left click a model", "select it; its card shows its stats and rules"),
        ("Shift + left click", "select any model without acting"),
        ("Click the table", "with one of your models selected: move it there (a ghost shows the "
                            "inches used; red means the engine refuses, with the reason below)"),
        ("Drag your model", "move it by dragging; release to confirm"),
        ("Shift when confirming a move", "the model turns to face where it moves"),
        ("Click an enemy", "charge it (the ghost shows where you stop) or, in base contact, fight it"),
        ("G", "Move: the next click on the table moves the selected model"),
        ("C", "Charge: the next click on an enemy charges it"),
        ("F", "Fight: fight the enemy in contact (or click one)"),
        ("O", "Focus"),
        ("I", "Inspire (Warlords and Captains)"),
        ("P", "Pass"),
        ("E or Enter", "end the activation (the melee is resolved)"),
        ("T", "end the game turn (asks first)"),
        ("Tab", "select the next model of the side to act"),
        ("Esc", "cancel the current mode, then clear the selection"),
        ("Right click (no drag)", "cancel the current mode"),
        ("Click a log line", "highlight the models it names"),
    ]),
    ("Decisions", [
        ("Dialog", "choose an option (the default is preselected) and press OK; "
                   "lists are typed as names separated by commas"),
    ]),
    ("Files", [
        ("Ctrl+S", "save the game (in saves/)"),
        ("Ctrl+O", "open a scenario (.toml) or a save (.jsonl) to play on"),
        ("Ctrl+R", "open a save in the replay viewer"),
        ("Ctrl+W", "watch this game so far as a replay"),
        ("Ctrl+Z", "undo the last command (asks first when it rolled dice)"),
        ("(automatic)", "every command is saved to saves/autosave.jsonl"),
    ]),
    ("Replay viewer", [
        ("Space", "play / pause"),
        (", and .", "one event back / forward"),
        ("[ and ]", "previous / next activation"),
        ("Page Up / Page Down", "previous / next game turn"),
        ("Home / End", "first / last event"),
        ("1 2 3 4 5", "speed 0.5x, 1x, 2x, 4x, 8x"),
        ("Timeline slider", "drag to any event"),
        ("B", "continue from here: a new game from this point, saved as a new file"),
        ("Esc", "back to the game (when one is open)"),
    ]),
    ("Anywhere", [
        ("F1", "this help"),
        ("H", "hand-over screens between sides on or off"),
        ("Ctrl+Q", "quit"),
    ]),
]


def help_html(actions: Iterable[Any] = (), ruleset_id: str = "") -> str:
    """Every control; first, when given, the action buttons of the game open (``UIAction``s:
    they come from its ruleset)."""
    out = []
    actions = [a for a in actions if a.hotkey]
    if actions:
        title = f"This game's actions ({ruleset_id})" if ruleset_id else "This game's actions"
        out.append(f"<b>{html.escape(title)}</b>")
        for a in actions:
            what = f"{a.label}: {a.tip}" if a.tip else a.label
            out.append(f"<font color='#ffe080'>{html.escape(a.hotkey.upper())}</font> — {html.escape(what)}")
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

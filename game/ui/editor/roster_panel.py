"""The Units tab: the ruleset's roster by faction, searchable; the side new units join; and
the profile chosen, which a click on the table places (or drag it from the list)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UISelectionList, UITextBox, UITextEntryLine

from game.core.errors import ScenarioError
from game.core.roster import Profile, Roster, load_roster
from game.ui.info import side_label

if TYPE_CHECKING:
    from game.ui.editor.editor import Editor

BLANK = "Blank unit"


class RosterPanel:
    def __init__(self, editor: Editor) -> None:
        self.editor = editor
        self.roster: Roster | None = None
        self.problem = ""
        self.elements: list[Any] = []
        self.sides: dict[UIButton, int] = {}
        self.search: UITextEntryLine | None = None
        self.list: UISelectionList | None = None
        self.info: UITextBox | None = None
        self.blank: UIButton | None = None
        self.shown: list[tuple[str, Profile | None]] = []
        self._info_key: Any = None

    def load(self, ruleset: str) -> None:
        try:
            self.roster = load_roster(ruleset)
            self.problem = ""
        except ScenarioError as exc:
            self.roster = Roster(ruleset, ())
            self.problem = f"The roster cannot be read: {exc}"

    # -- building ----------------------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        self.kill()
        m = self.editor.app.manager
        w = rect.w
        self.sides = {}
        for k, side in enumerate((1, 2)):
            b = UIButton(pygame.Rect(rect.x + k * (w // 2), rect.y, w // 2 - 2, 28),
                         f"Place for {side_label(side)}", manager=m,
                         object_id="#default_button" if side == self.editor.side else None,
                         tool_tip_text=None)
            self.sides[b] = side
            self.elements.append(b)
        self.search = UITextEntryLine(pygame.Rect(rect.x, rect.y + 32, w, 30), manager=m,
                                      placeholder_text="Search: name, faction, rule...")
        room = rect.h - 66 - 34  # the list and the profile's box share what is left
        rows = (len(self.roster.profiles) + len(self.roster.factions())
                if self.roster is not None else 0)
        list_h = max(80, min(room - 150, 19 * max(6, rows) + 8))
        self.list = UISelectionList(pygame.Rect(rect.x, rect.y + 66, w, list_h), [], manager=m)
        self.info = UITextBox("", pygame.Rect(rect.x, rect.y + 70 + list_h, w,
                                              room - list_h - 4), manager=m)
        self.blank = UIButton(pygame.Rect(rect.x, rect.bottom - 30, w // 2 - 2, 28), BLANK,
                              manager=m)
        self.elements += [self.search, self.list, self.info, self.blank]
        self.fill()
        self._info_key = None
        self.update()

    def kill(self) -> None:
        for el in self.elements:
            el.kill()
        self.elements = []
        self.list = self.info = self.search = self.blank = None

    def fill(self) -> None:
        """The list: the profiles that match the search, each faction under its name."""
        if self.list is None or self.roster is None:
            return
        words = self.search.get_text() if self.search is not None else ""
        rows: list[tuple[str, Profile | None]] = []
        last = None
        for p in self.roster.search(words):
            if p.faction != last:
                rows.append((p.faction.upper(), None))
                last = p.faction
            size = p.unit.get("models", 1)
            rows.append((f"      {p.name}" + (f"  ({size})" if isinstance(size, int) and size > 1
                                             else ""), p))
        self.shown = rows
        self.list.set_item_list([t for t, _ in rows])

    def profile_at(self, pos: tuple[int, int]) -> Profile | None:
        """The profile whose line is under ``pos`` (a drag starting on the list)."""
        if self.list is None or not self.list.rect.collidepoint(pos):
            return None
        for item in self.list.item_list:
            b = item.get("button_element")
            if b is not None and b.rect.collidepoint(pos):
                return dict(self.shown).get(item["text"])
        return None

    # -- what it shows -----------------------------------------------------------------------
    def update(self) -> None:
        ed = self.editor
        key = (id(ed.armed), ed.side, self.problem)
        if self.info is None or key == self._info_key:
            return
        self._info_key = key
        p = ed.armed
        e = html.escape
        if self.problem:
            text = f"<font color='#ff8a78'>{e(self.problem)}</font>"
        elif p is None:
            empty = not (self.roster and self.roster.profiles)
            text = ("<font color='#a8a8a8'>" + ("This ruleset has no roster yet: place a blank "
                                                "unit and fill in its profile. "
                    if empty else "Choose a unit, then click the table to place it for the side "
                                  "chosen above, or drag it from the list. ")
                    + "Click a unit on the table to edit it.</font>")
        else:
            u = p.unit
            stats = " ".join(f"{k} {_short(v)}" for k, v in u.get("stats", {}).items())
            lines = [f"<b>{e(p.name)}</b> <font color='#a8a8a8'>{e(p.faction)}</font>",
                     e(p.about),
                     f"<font face='fira_code' size=3>{e(stats)}</font>"]
            extra = [str(u.get(k)) for k in ("troop_type",) if u.get(k)]
            extra += [f"base {u.get('base', ed.doc.ruleset.default_base)}"]
            if u.get("rules"):
                extra.append(", ".join(u["rules"]))
            lines.append(f"<font color='#c8c8c8'>{e(' · '.join(extra))}</font>")
            lines.append(f"<font color='#9fe09f'>Click the table to place it for "
                         f"{e(side_label(ed.side))}; Esc when done.</font>")
        self.info.set_text("<br>".join(lines) if p is not None and not self.problem else text)

    # -- events ------------------------------------------------------------------------------
    def handle(self, e: pygame.event.Event) -> bool:
        ed = self.editor
        el = getattr(e, "ui_element", None)
        if e.type == pygame_gui.UI_BUTTON_PRESSED and el in self.sides:
            ed.set_side(self.sides[el])
            return True
        if e.type == pygame_gui.UI_BUTTON_PRESSED and el is self.blank:
            ed.arm(blank_profile(ed))
            return True
        if e.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and el is self.search:
            self.fill()
            return True
        if e.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and el is self.list:
            got = dict(self.shown).get(self.list.get_single_selection() or "")
            ed.arm(got)
            return True
        return e.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION and el is self.list

    def tips(self) -> list[tuple[pygame.Rect, str, str]]:
        out = [(b.rect, f"Place for {side_label(s)}",
                f"New units join {side_label(s)} and face " + ("up the table." if s == 1
                                                               else "down the table.") +
                " Keys 1 and 2 choose too.") for b, s in self.sides.items()]
        if self.blank is not None:
            out.append((self.blank.rect, BLANK, "A unit with a plain profile of this ruleset, "
                                                "to fill in by hand."))
        return out


def _short(v: Any) -> str:
    return "/".join(str(x) for x in v) if isinstance(v, list) else str(v)


def blank_profile(ed: Editor) -> Profile:
    unit = {"name": "New unit", **ed.doc.ruleset.editor.starting_unit()}
    return Profile("New unit", "Blank", "A plain profile to fill in.", unit)

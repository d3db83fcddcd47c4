"""What a ruleset tells the window about its players' actions: one :class:`UIAction` per
button, in the order they are shown. Plain data (no pygame): the window builds its buttons,
hotkeys and click handling from it, and the engine still judges every order.

A ruleset provides them as ``ruleset.ui_actions()``; a ruleset without that method gets
:func:`derive_ui_actions` of its ``actions`` registry. The flow orders every ruleset takes
(``end_activation``, ``end_turn``) are the window's own buttons and are not listed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: what an action needs from the player before its order can be sent
NONE = "none"  # nothing: the button sends the order at once
POINT = "point"  # a point on the table: the order's "to"
ENEMY = "enemy"  # an enemy model: the order's "target"
NEEDS = (NONE, POINT, ENEMY)


@dataclass(frozen=True, slots=True)
class UIAction:
    """One action button.

    ``name`` identifies the button (unique); ``order`` is the order's ``do`` (``name`` when
    empty); ``args`` are keys the order always carries, which is how an option of an action
    is a button of its own (``Diving Charge``: ``charge`` with ``dive = true``). ``hotkey``
    is a key name (``"g"``) or empty; ``short`` is the button's text when ``label`` (used in
    the status line: "Click to <label> ...") is too long for a button. With ``needs = ENEMY`` and ``direct``, the button acts
    at once on the one enemy the engine accepts (a Fight in base contact) and is open only
    when there is one; without ``direct`` the next click on an enemy chooses the target.
    """

    name: str
    label: str
    hotkey: str = ""
    needs: str = NONE
    tip: str = ""
    order: str = ""
    args: tuple[tuple[str, Any], ...] = ()
    direct: bool = False
    short: str = ""

    def __post_init__(self) -> None:
        if self.needs not in NEEDS:
            raise ValueError(f"UIAction {self.name!r}: needs must be one of {NEEDS}, got {self.needs!r}")

    @property
    def do(self) -> str:
        return self.order or self.name

    @property
    def button_text(self) -> str:
        text = self.short or self.label
        return f"{text} ({self.hotkey.upper()})" if self.hotkey else text


def derive_ui_actions(actions: dict[str, Any]) -> tuple[UIAction, ...]:
    """Buttons for a ruleset that declares none: one per registered action, what it needs
    guessed from the keys its order takes (``to``: a point, ``target``: an enemy)."""
    out = []
    for name, act in actions.items():
        keys = tuple(getattr(act, "keys", ()) or ())
        needs = POINT if "to" in keys else ENEMY if "target" in keys else NONE
        out.append(UIAction(name, name.replace("_", " ").capitalize(), needs=needs))
    return tuple(out)


__all__ = ["ENEMY", "NONE", "POINT", "UIAction", "derive_ui_actions"]

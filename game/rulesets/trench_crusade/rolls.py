"""Dice pools and the Success Roll.

A pool starts with a number of d6 that count; every net +DICE throws one die more and keeps
the highest, every net -DICE throws one more and keeps the lowest (bonus and penalty dice
cancel one for one first). Each die is a separate roll of the dice source, in order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.engine import Context

from collections.abc import Iterable
from typing import Any

from game.core import events as ev
from game.core.decisions import Ask
from game.core.ruleset import Step
from game.rulesets.common.flow import other_side
from game.rulesets.common.rules import Mod
from game.rulesets.trench_crusade import constants as K

#: a +/-DICE (or +/-INJURY DICE) source and how many dice it adds (negative: removes): the
#: shared modifier type
DiceMod = Mod


def as_pairs(mods: Iterable[Mod]) -> tuple[tuple[str, int], ...]:
    """Modifiers as a roll event keeps them: (source, value) pairs."""
    return tuple((m.source, m.value) for m in mods)


def net_dice(mods: Iterable[DiceMod]) -> int:
    return sum(m.value for m in mods)


def keep(faces: tuple[int, ...], count: int, net: int) -> tuple[int, ...]:
    """The ``count`` dice that count, in the order they were thrown: the highest when ``net``
    is positive, the lowest when negative, all of them when zero. Ties keep the earlier die.

    >>> keep((6, 2, 5), 2, 1), keep((6, 2, 5), 2, -1), keep((3, 3, 1), 2, 1)
    ((6, 5), (2, 5), (3, 3))
    """
    if net == 0 or len(faces) <= count:
        return tuple(faces)
    order = sorted(range(len(faces)), key=lambda i: (-faces[i] if net > 0 else faces[i], i))
    chosen = sorted(order[:count])
    return tuple(faces[i] for i in chosen)


def roll_pool(ctx: Context, count: int, net: int, purpose: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Throw ``count`` d6 plus one per net bonus or penalty die; returns (faces, kept)."""
    faces = tuple(ctx.roll(K.DIE, purpose) for _ in range(count + abs(net)))
    return faces, keep(faces, count, net)


def success_outcome(total: int) -> str:
    if total >= K.CRITICAL_AT:
        return "critical"
    if total >= K.SUCCESS_AT:
        return "success"
    return "failure"


def success_roll(
    ctx: Context, name: str, purpose: str, mods: list[DiceMod], against: str | None = None,
) -> Step:
    """A Success Roll for model ``name`` with the +/-DICE in ``mods``: a Down model takes
    -1 DICE; its owner may spend Blessing Markers (+1 DICE each), then the opponent its
    Blood Markers (-1 DICE each). Returns ``"failure"``, ``"success"`` or ``"critical"``."""
    mods = [m for m in mods if m.value]
    m = ctx.state.models[name]
    if m.status == "down":
        mods.append(Mod("Down", -1))
    what = purpose.replace("_", " ")
    reason = f"spent on a {what}" if purpose == "success_roll" else f"spent on a {what} roll"
    spent = yield from spend_markers(
        ctx, name, "blessing_markers", m.side, f"+1 DICE each on the {what}", reason=reason,
    )
    if spent:
        mods.append(Mod("Blessing Markers", spent))
    spent = yield from spend_markers(
        ctx, name, "blood_markers", other_side(m.side), f"-1 DICE each on the {what}",
        reason=reason,
    )
    if spent:
        mods.append(Mod("Blood Markers", -spent))
    net = net_dice(mods)
    faces, kept = roll_pool(ctx, K.SUCCESS_DICE, net, purpose)
    total = sum(kept)
    outcome = success_outcome(total)
    yield ev.DiceRolled(
        purpose, name, f"{len(faces)}d6", faces, kept, (), total, K.SUCCESS_AT, outcome,
        against, as_pairs(mods),
    )
    return outcome


def spend_markers(
    ctx: Context, name: str, counter: str, side: int, effect: str, extra: tuple[Any, ...] = (),
    reason: str = "spent",
) -> Step:
    """Ask ``side`` how many of ``name``'s ``counter`` markers to spend (default none) and
    remove them, logging ``reason`` (a short phrase: "spent on an injury roll"). ``effect``
    goes in the question; ``extra`` are further answers allowed (returned as given, nothing
    removed). Returns the number spent or the extra answer."""
    have = ctx.state.models[name].counters.get(counter, 0)
    if have <= 0 and not extra:
        return 0
    word = counter.replace("_", " ").title()  # "Blood Markers"
    if have == 1:
        word = word.removesuffix("s")
    options = (*range(have + 1), *extra)
    answer = yield Ask(
        f"spend_{counter}",
        f'spend how many of "{name}"\'s {have} {word} ({effect})?',
        options, 0, model=name, side=side,
    )
    if isinstance(answer, int) and not isinstance(answer, bool) and answer > 0:
        yield ev.CounterChanged(name, counter, -answer, reason)
    return answer

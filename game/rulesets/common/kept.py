"""Answers kept for one game at a time.

The AI asks the same questions of a position thousands of times (a unit's charge reach, its
blows against an enemy, a shot's share), so they are kept by what they read. What a unit
*is* (its profile) is fixed for a game but not between games: the window plays one battle
after another, the editor changes a unit's profile under the same name, tests and `simulate`
play many games in one process. A cache keyed by a unit's name alone would hand one game's
answer to the next. :func:`per_game` gives each game its own cache, by an object every fork of
the game shares and no other game has (a rank-and-flank game's book of profiles).
"""

from __future__ import annotations

import threading
from typing import Any

#: the games' caches by name, then by the game's object: (that object, its cache). Holding the
#: object keeps its id from being given to another game's while its cache is kept.
_KEPT: dict[str, dict[int, tuple[object, dict[Any, Any]]]] = {}

#: the most games a named cache is kept for at once (the oldest goes first): a process plays
#: its games one after another, and the AI's forks of a game share its object
GAMES = 4

#: the most answers a game's cache holds before it is emptied
ANSWERS = 20000

#: the window asks the AI, the odds and the chances from threads of their own, each maybe for a
#: game of its own: finding or making a game's cache (and dropping the oldest) is one step
_LOCK = threading.Lock()


def per_game(game: object, name: str) -> dict[Any, Any]:
    """The cache called ``name`` of the game whose forks all share ``game``: empty for a game
    not seen lately, emptied once it holds :data:`ANSWERS` answers."""
    with _LOCK:
        games = _KEPT.setdefault(name, {})
        got = games.get(id(game))
        if got is None:
            while len(games) >= GAMES:
                del games[next(iter(games))]
            got = games[id(game)] = (game, {})
        cache = got[1]
        if len(cache) > ANSWERS:
            cache.clear()
        return cache

"""Player words over whole games: in every ruleset, a whole AI game's log lines, notes on the
table, banners, decisions (questions and their buttons), the AI's reasons, the cards of the
models and the result name things by their names: no id, no number after a name, no
underscore, no Python value, and the small grammar (no "Warriors's", no "1 game turns")."""

from __future__ import annotations

import html
import re

import pytest

from game.ai import choose
from game.ai.player import side_to_act
from game.core.engine import Engine
from game.core.log import player_text, show_value
from game.core.scenario import load_scenario
from game.ui import info
from game.ui.decision import choice_label
from tests.ui.conftest import ROOT

MAPS = ["default", "trench", "old-world", "ninth-age"]
GRAMMAR = [
    (re.compile(r"s's\b"), "a possessive after a plural s"),
    (re.compile(r"(?<![\d.,])1 (game turns|turns|models|hits|wounds|Wounds|casualties|dice|points)\b"),
     "one of a plural"),
    (re.compile(r"\bside \d \d"), "a side's number then a score"),
    (re.compile(r"\b(None|True|False)\b|\[['\"]|\{['\"]|\('"), "a Python value"),
    (re.compile(r"_"), "an underscore"),
    (re.compile(r"\b(Discipline|Leadership) -\d"), "a characteristic below zero (a raw value)"),
    (re.compile(r"attacks of [a-z]"), "a part named without its unit"),
]


def player_strings(path, seed=1):
    """Every player-facing string of a whole game on ``path``, AI (easy) on both sides, with
    what it came from."""
    eng = Engine(load_scenario(path), seed=seed)
    rs = eng.ruleset
    out: list[tuple[str, str]] = []

    def look(state, every_card):
        out.append(("banner", rs.presenter.status_text(state)))
        for m in state.models.values() if every_card else ():
            card = re.sub(r"<[^>]+>", " ", html.unescape(info.card_html(state, m, rs)))
            out.append(("card", card))
            out.extend(("badge", mk.label) for mk in rs.presenter.marks(state, m))

    for k in range(3000):
        if eng.state.game_over:
            break
        side = side_to_act(eng)
        ask = eng.pending_ask
        if ask is not None:
            out.append(("question", player_text(eng.state, ask.question)))
            out.extend(("choice", choice_label(eng.state, v)) for v in ask.options or ask.choices)
        choice = choose(eng, side, "easy")  # (no time budget: the same game every run)
        out.append(("ai", choice.reason))
        got = eng.execute(choice.command)
        assert got.ok, got.refusal
        for _, e in got.events:
            line = rs.presenter.describe(eng.state, e)
            if line:
                out.append(("log", line))
            note = rs.presenter.table_note(eng.state, e)
            if note is not None:
                out.append(("note", note.text))
        look(eng.state, every_card=k % 25 == 0)
    assert eng.state.game_over
    look(eng.state, every_card=True)
    out.extend([("result", eng.state.end_reason), ("result", rs.presenter.score_text(eng.state))])
    return eng, out


@pytest.mark.parametrize("name", MAPS)
def test_a_whole_ai_game_speaks_in_names_and_words(name):
    eng, strings = player_strings(ROOT / "maps" / f"{name}.toml")
    s = eng.state
    names = {u.display for u in s.units.values() if u.display} | {
        m.display for m in s.models.values() if m.display}
    places = {t.name for t in s.terrain if t.name}  # terrain names: "Alder copse" is a name
    ids = {i for i in (*s.models, *s.units, *(t.id for t in s.terrain))
           if i not in names}
    shaped = {i for i in ids if re.search(r"[.\-\d]", i)}  # an id by its look: "a.3", "pike1"
    plain = ids - shaped  # a word like "orc": an id when the text is about the game
    bad = []
    for where, text in strings:
        for i in shaped:
            if re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", text):
                bad.append((where, f"id {i}", text))
        if where not in ("card", "badge"):  # (a rule's description may say "wood")
            named = text
            for place in sorted(places, key=len, reverse=True):  # (the words of a name are
                named = named.replace(place, "")  # not ids: "copse" in "Alder copse")
            for i in plain:
                if re.search(rf"(?<![\w\"'-]){re.escape(i)}(?![\w-])", named):
                    bad.append((where, f"id {i}", text))
        for n in names:
            if re.search(rf"\b{re.escape(n)} \d+\b(?![\"'%:.]|\.\d| ?(x|by|of|inch|\"))", text):
                bad.append((where, f"a number after {n}", text))
        for pattern, what in GRAMMAR:
            if pattern.search(text) and (where, text) != ("choice", "None"):  # (a button)
                bad.append((where, what, text))
    assert not bad, "\n".join(f"{w}: {what}: {t}" for w, what, t in dict.fromkeys(bad))
    assert show_value(s, "stand_and_shoot") == "stand and shoot"


def test_a_break_test_and_a_part_s_attacks_are_told_in_words():
    from game.core import events as ev
    from game.rulesets.ninth_age.combat import part_owner

    eng = Engine(load_scenario(ROOT / "maps" / "ninth-age.toml"), seed=1)
    s = eng.state
    lost = ev.DiceRolled("break_test", "spears", "2d6", (5, 5), (5, 5), (("combat score", -9),),
                         10, -3, "break", None)
    assert eng.ruleset.presenter.describe(s, lost) == ("Citizen Spears: Break Test 5 5 = 10 against "
                                             "Discipline 6, -9 for the combat score (no roll can "
                                             "pass) — break")
    held = ev.DiceRolled("break_test", "spears", "2d6", (1, 2), (1, 2), (("combat score", -2),),
                         3, 5, "pass", None)
    assert "against Discipline 7, -2 for the combat score (needs 5 or less)" in eng.ruleset.presenter.describe(
        s, held)
    assert part_owner(s, "boar_riders", 0) == "Boar Riders' rider"
    assert part_owner(s, "spears", 0) == "Citizen Spears"

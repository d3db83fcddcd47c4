"""The banner never hides the end of its sentence: on a rank-and-flank battle at the smallest
window size its words (the score in victory points last) fit, in two lines if need be."""

from __future__ import annotations

from pathlib import Path

from game.ui.panels import banner_lines
from game.ui.sprites import font

OLD_WORLD = Path(__file__).parents[2] / "maps" / "old-world.toml"


def test_a_long_banner_is_broken_in_two_lines_that_fit(make_app):
    app = make_app(OLD_WORLD)
    text, _ = app.panels.banner_text()
    room = app.layout.banner.w - 16
    assert font(13, bold=True).size(text)[0] > room, "(the case this test is about)"
    lines = banner_lines(text, room)
    assert len(lines) == 2
    assert all(font(13, bold=True).size(line)[0] <= room for line in lines)
    assert " · ".join(lines) == text, "broken at a separator, nothing left out"
    assert lines[1].endswith("points)")


def test_a_short_banner_stays_one_line():
    assert banner_lines("Game turn 1 of 6", 400) == ["Game turn 1 of 6"]


def test_a_line_too_long_even_alone_ends_in_an_ellipsis():
    lines = banner_lines("word " * 200, 300)
    assert len(lines) == 2 and all(line.endswith("…") for line in lines)
    assert all(font(13, bold=True).size(line)[0] <= 300 for line in lines)


def test_one_waiting_unit_is_not_counted_as_one_of_one(make_app):
    app = make_app(Path(__file__).parents[2] / "maps" / "rules-study.toml")
    text, _ = app.panels.banner_text()
    assert text.endswith("side 1 to activate its only waiting unit")

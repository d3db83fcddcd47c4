"""``report SAVE --out page.html``: one self-contained HTML page whose every picture is there
(a PNG of the table per game turn, drawn by the window's renderer), whose links all lead
somewhere on the page, with the result, the casualties and each combat in the log's words."""

from __future__ import annotations

import base64
import os
import re
import struct
import zlib
from html.parser import HTMLParser
from pathlib import Path

import pytest

from game.cli import main
from game.core.replay import read_save
from game.report.pictures import png

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

MAPS = Path(__file__).resolve().parents[2] / "maps"


class Page(HTMLParser):
    """What a page holds: ids, links within it, pictures, anything fetched from elsewhere,
    and its text."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.images: list[dict[str, str]] = []
        self.outside: list[str] = []
        self.tags: list[str] = []
        self.text: list[str] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.tags.append(tag)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and a.get("href", "").startswith("#"):
            self.links.append(a["href"][1:])
        if tag == "img":
            self.images.append(a)
        for key in ("src", "href"):
            v = a.get(key, "")
            if v and not v.startswith(("#", "data:")):
                self.outside.append(v)
        if tag in ("script", "link", "iframe", "object"):
            self.outside.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.fixture(scope="module")
def old_world(tmp_path_factory) -> Path:
    """A random game on the shipped old-world map with rounds of combat and shots in it (seed 2:
    random play does not always bring the armies together)."""
    d = tmp_path_factory.mktemp("ow")
    save = d / "ow.jsonl"
    assert main(["play", str(MAPS / "old-world.toml"), "--headless", "--ai", "both=random",
                 "--seed", "2", "--save", str(save)]) == 0
    return save


def write_report(save: Path, capsys, out: Path | None = None) -> tuple[Page, str]:
    capsys.readouterr()
    args = ["report", str(save)] + (["--out", str(out)] if out else [])
    assert main(args) == 0
    said = capsys.readouterr().out
    path = out or save.with_suffix(".html")
    assert f"report: {path}" in said
    text = path.read_text(encoding="utf-8")
    return Page(text), text


def test_every_picture_and_link_of_the_page_is_in_it(old_world, capsys) -> None:
    page, text = write_report(old_world, capsys)
    assert page.outside == []  # nothing to fetch: no network needed
    assert page.links and set(page.links) <= page.ids
    state_turns = re.findall(r'<section id="turn-(\d+)"', text)
    assert len(page.images) >= len(state_turns) >= 1
    for img in page.images:
        head, _, data = img["src"].partition(",")
        assert head == "data:image/png;base64"
        raw = base64.b64decode(data, validate=True)
        assert png_size(raw) == (int(img["width"]), int(img["height"]))
        assert img["alt"]
    # one picture per game turn played, each under its game turn's heading
    save = read_save(old_world)
    ended = sum(1 for d in save.event_dicts() if d["type"] == "turn_ended")
    assert len(state_turns) == ended
    # the battle's name, the armies by name, the result in words
    words = " ".join(page.text)
    assert save.scenario.name in words
    for name in ("Dreadspears", "Black Coach", "Grave Guard"):
        assert name in words
    assert re.search(r"Side [12] wins|A draw", words)


def test_combats_are_given_in_the_log_words(old_world, capsys) -> None:
    page, text = write_report(old_world, capsys)
    capsys.readouterr()
    assert main(["replay", str(old_world), "--log"]) == 0
    log = capsys.readouterr().out.splitlines()
    rounds = [ln for ln in log if "fight a round of combat" in ln]
    shots = [ln for ln in log if "Shooting: " in ln and " shoots at " in ln]
    assert rounds and shots
    summaries = re.findall(r"<summary>(.*?)</summary>", text)
    # a combat of the rank-and-flank rules begins with its round's line, a unit's shooting
    # with its order
    assert len(summaries) == len(rounds) + len(shots)
    assert sum(1 for x in summaries if x.startswith("Shooting: ")) == len(shots)
    for line in rounds:
        n, words = line.strip().split("  ", 1)
        assert f'<li value="{n}">{escape(words)}</li>' in text
    for line in log:
        if ": to hit against " in line:
            n, words = line.strip().split("  ", 1)
            assert f'<li value="{n}" class=roll>{escape(words)}</li>' in text


def escape(text: str) -> str:
    from html import escape as esc

    return esc(text)


def test_casualties_count_each_unit_models(tmp_path, capsys) -> None:
    save = tmp_path / "duel.jsonl"
    assert main(["play", str(MAPS / "duel.toml"), "--headless", "--ai", "both=random",
                 "--save", str(save)]) == 0
    page, text = write_report(save, capsys, tmp_path / "r.html")
    words = " ".join(page.text)
    state = read_save(save)
    from game.core.replay import fold_save
    from game.core.ruleset import get_ruleset

    final = fold_save(state)
    rs = get_ruleset(state.scenario.ruleset)
    for u in final.units:
        r = rs.unit_result(final, u)
        name = final.units[u].display or u
        # the row: models at the start (1 each in a duel), lost, left, damage taken
        left = r["models_left"]
        row = (f'{name}</td><td class="n">1</td><td class="n">{1 - left}</td>'
               f'<td class="n">{left}</td><td class="n">{r["wounds_taken"]}</td>')
        assert row in text, row
    assert "Luck of the dice" in words


def test_a_report_is_written_over_a_report_and_nothing_else(tmp_path, capsys, old_world) -> None:
    other = tmp_path / "notes.html"
    other.write_text("<html>my notes</html>")
    capsys.readouterr()
    assert main(["report", str(old_world), "--out", str(other)]) == 2
    assert "not a battle report" in capsys.readouterr().err
    assert other.read_text() == "<html>my notes</html>"
    assert main(["report", str(old_world), "--out", str(old_world)]) == 2
    assert "is the save itself" in capsys.readouterr().err
    assert main(["report", str(old_world), "--out", str(tmp_path)]) == 2
    again = tmp_path / "again.html"
    write_report(old_world, capsys, again)
    first = again.read_bytes()
    write_report(old_world, capsys, again)
    assert again.read_bytes() == first  # the same save gives the same page


def test_a_picture_is_a_png_any_reader_opens() -> None:
    import pygame

    rgb = bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
    data = png(rgb, 2, 2)
    assert png_size(data) == (2, 2)
    raw = zlib.decompress(data[data.index(b"IDAT") + 4:])
    assert raw == b"\x00" + rgb[:6] + b"\x00" + rgb[6:]
    import io

    surf = pygame.image.load(io.BytesIO(data), "x.png")
    assert surf.get_at((1, 0))[:3] == (0, 255, 0) and surf.get_at((0, 1))[:3] == (0, 0, 255)

"""A battle report as one self-contained HTML page: the battle's name, armies and result, the
casualties of each unit, the luck of each side's dice (table and graphs, inline SVG), then
game turn by game turn a picture of the table (a PNG inside the page) and every combat with
its dice and rules in the log's words. Nothing is fetched when the page is opened: no
scripts, no fonts, no pictures from elsewhere."""

from __future__ import annotations

import base64
import math
from html import escape
from pathlib import Path

from game.core import events as ev
from game.core.log import words
from game.report.charts import luck_chart
from game.report.luck import KIND_WORDS, Tally
from game.report.study import Combat, Study, TurnEnd, unit_name

#: the mark of a page this program wrote (a report may be written over one, never over
#: anything else)
GENERATOR = "Contact Zone battle report"
#: the most game turns the casualties table gives a column each
TURN_COLUMNS = 12

STYLE = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328;
       margin: 0 auto; max-width: 980px; padding: 1.5em 1.2em 4em; background: #fbfaf7; }
h1 { margin: 0 0 .2em; font-size: 1.9em; }
h2 { margin-top: 2em; border-bottom: 2px solid #d8d4c8; padding-bottom: .2em; }
h3 { margin: 1.6em 0 .5em; }
.sub { color: #5b6068; margin: 0 0 1em; }
.result { background: #efe9dc; border-left: 5px solid #8a7a55; padding: .7em 1em;
          margin: 1em 0; }
.result strong { font-size: 1.15em; }
nav { font-size: .93em; background: #f1efe9; padding: .6em .9em; border-radius: 6px; }
nav a { margin-right: .55em; white-space: nowrap; }
table { border-collapse: collapse; margin: .6em 0 1em; font-size: .93em; }
th, td { border: 1px solid #d8d4c8; padding: .28em .6em; text-align: left;
         vertical-align: top; }
th { background: #f1efe9; }
td.unit { white-space: nowrap; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.side { display: inline-block; width: .8em; height: .8em; border-radius: 2px;
        margin-right: .35em; vertical-align: -1px; }
.armies { display: flex; gap: 2em; flex-wrap: wrap; }
.armies > div { flex: 1 1 380px; }
figure { margin: .4em 0 1em; }
figure img { max-width: 100%; height: auto; border: 1px solid #c9c4b6; }
figcaption { color: #5b6068; font-size: .9em; }
details { margin: .3em 0; border: 1px solid #e2ded3; border-radius: 5px; background: #fff;
          padding: .3em .7em; }
summary { cursor: pointer; }
ol.log { margin: .4em 0; padding-left: 3.6em; font-size: .92em; }
ol.log li.roll { color: #123e7a; }
.chart { display: block; margin: .5em 0 1.2em; max-width: 100%; height: auto;
         background: #fff; border: 1px solid #e2ded3; }
.chart .title { font-weight: 600; font-size: 14px; }
.chart .tick, .chart .legend { font-size: 11.5px; fill: #444; }
.chart .axis { font-size: 11.5px; fill: #666; }
.chart .zero { stroke: #888; stroke-width: 1; }
.note { color: #5b6068; font-size: .93em; }
"""


def side_names(study: Study) -> dict[int, tuple[str, tuple[int, int, int]]]:
    """Each side's name and colour, as the window shows them."""
    from game.ui.sprites import SIDE_COLOURS, SIDE_NAMES

    return {side: (f"Side {side} ({SIDE_NAMES[side].lower()})", SIDE_COLOURS[side])
            for side in (1, 2)}


def _swatch(colour: tuple[int, int, int]) -> str:
    return f'<span class="side" style="background:rgb{colour}"></span>'


def page(study: Study, title_note: str = "") -> str:
    """The whole report."""
    s, final, rs = study.save, study.final, study.ruleset
    sides = side_names(study)
    name = s.scenario.name or Path(s.path).stem
    ruleset = rs.title or rs.id
    turns = [t for t in study.turn_ends if not t.last]
    out = ['<!DOCTYPE html>', '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f'<meta name="generator" content="{GENERATOR}">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{escape(name)}: battle report</title>", f"<style>{STYLE}</style>",
           "</head>", "<body>",
           f"<h1>{escape(name)}</h1>",
           f'<p class="sub">{escape(ruleset)} · battle report of {escape(Path(s.path).name)} '
           f"· {len(study.events):,} events · {final.turn} game turn"
           f"{'s' if final.turn != 1 else ''} · dice seed {s.seed}"
           + (f" · {escape(title_note)}" if title_note else "") + "</p>"]
    out.append(_result(study))
    out.append(_contents(study))
    out.append(_armies(study, sides))
    out.append(_casualties(study, sides, turns))
    out.append(_luck(study, sides))
    out.append('<h2 id="turns">Game turn by game turn</h2>')
    out.append('<p class="note">The table as it stood when each game turn ended, then the '
               "combats fought in that game turn, each with its dice and the rules that "
               "applied as the log gives them (open one to read it).</p>")
    for end in study.turn_ends:
        out.append(_turn(study, end, sides))
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


def _result(study: Study) -> str:
    final, rs = study.final, study.ruleset
    if final.game_over:
        w = final.winner
        head = ("A draw" if w == "draw" else f"Side {w} wins" if w in (1, 2) else "No winner")
    else:
        head = f"The save ends in game turn {final.turn}, before the game is over"
    parts = [f"<strong>{escape(head)}</strong>"]
    if final.game_over and final.end_reason:
        parts.append(f" ({escape(final.end_reason)})")
    score = rs.presenter.score_text(final)
    if score:
        parts.append(f"<br>{escape(score)}")
    return f'<div class="result" id="result">{"".join(parts)}</div>'


def _contents(study: Study) -> str:
    links = ['<a href="#result">Result</a>', '<a href="#armies">Armies</a>',
             '<a href="#casualties">Casualties</a>', '<a href="#luck">Luck of the dice</a>',
             '<a href="#turns">Game turns</a>:']
    for end in study.turn_ends:
        label = f"{end.turn}" if not end.last else "the end"
        links.append(f'<a href="#{_anchor(end)}">{label}</a>')
    return "<nav>" + " ".join(links) + "</nav>"


def _anchor(end: TurnEnd) -> str:
    return "end" if end.last else f"turn-{end.turn}"


def _armies(study: Study, sides: dict[int, tuple[str, tuple[int, int, int]]]) -> str:
    start = study.start
    out = ['<h2 id="armies">Armies</h2>', '<div class="armies">']
    for side, (name, colour) in sides.items():
        units = [u for u, rec in start.units.items() if rec.side == side]
        out.append(f"<div><h3>{_swatch(colour)}{escape(name)}</h3><table>"
                   "<tr><th>Unit</th><th>Models</th></tr>")
        for u in units:
            out.append(f"<tr><td>{escape(unit_name(start, u))}</td>"
                       f'<td class="n">{study.models_at_start.get(u, 0)}</td></tr>')
        out.append("</table></div>")
    out.append("</div>")
    return "\n".join(out)


def _status(text: str) -> str:
    return "on the table" if text == "active" else words(text)


def _casualties(study: Study, sides: dict[int, tuple[str, tuple[int, int, int]]],
                turns: list[TurnEnd]) -> str:
    final, rs = study.final, study.ruleset
    by_turn = len(turns) <= TURN_COLUMNS
    split = by_turn and bool(turns)
    span = ' rowspan="2"' if split else ""
    head = (f"<tr><th{span}>Unit</th><th{span}>Models at the start</th><th{span}>Lost</th>"
            f"<th{span}>Left</th><th{span}>{escape(rs.damage_unit.capitalize())} taken</th>"
            f"<th{span}>At the end</th>")
    if split:
        head += (f'<th colspan="{len(turns)}">Models lost in game turn</th></tr><tr>'
                 + "".join(f'<th class="n">{t.turn}</th>' for t in turns))
    out = ['<h2 id="casualties">Casualties</h2>', "<table>", head + "</tr>"]
    for side, (_, colour) in sides.items():
        for u, rec in final.units.items():
            if rec.side != side:
                continue
            result = rs.unit_result(final, u)
            start = study.models_at_start.get(u, 0)
            left = int(result["models_left"])
            row = (f'<tr><td class="unit">{_swatch(colour)}{escape(unit_name(final, u))}</td>'
                   f'<td class="n">{start}</td><td class="n">{max(0, start - left)}</td>'
                   f'<td class="n">{left}</td><td class="n">{result["wounds_taken"]}</td>'
                   f"<td>{escape(_status(str(result['status'])))}</td>")
            if by_turn:
                before = start
                for t in turns:
                    now = t.models.get(u, before)
                    lost = before - now
                    row += f'<td class="n">{lost if lost > 0 else ""}</td>'
                    before = now
            out.append(row + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _luck(study: Study, sides: dict[int, tuple[str, tuple[int, int, int]]]) -> str:
    luck = study.luck
    out = ['<h2 id="luck">Luck of the dice</h2>']
    kinds = luck.kinds
    if not kinds:
        out.append("<p>No roll of this game counts hits, wounds, saves or tests.</p>")
        return "\n".join(out)
    out.append(
        '<p class="note">Every roll is counted the way its rules count it: the dice that hit, '
        "wound or save, and the tests passed. What was expected is what the same dice, "
        "thrown at the same numbers, give on average. A side above what was expected had "
        "the better of the dice; the chance of as many or more says how unusual that is "
        "(50% is an ordinary game, 5% a lucky one, 95% an unlucky one).</p>")
    for side, (name, colour) in sides.items():
        t = luck.total(side)
        if not t.dice:
            continue
        chance = luck.at_least(side)
        out.append(f"<p>{_swatch(colour)}<strong>{escape(name)}</strong> {_verdict(t)}: "
                   f"{t.got} successes where the same rolls give {t.expected:.1f} on average "
                   f"({t.luck:+.1f}); as many or more come up in {_pct(chance)} of games.</p>")
    head = "<tr><th></th>" + "".join(
        f"<th>{_swatch(colour)}{escape(name)}</th>" for name, colour in sides.values()) + "</tr>"
    out += ["<table>", head]
    for kind in [*kinds, None]:
        label = "All of them" if kind is None else KIND_WORDS.get(kind, kind).capitalize()
        cells = []
        for side in sides:
            t = luck.total(side, kind)
            cells.append(f"<td>{t.got} of {t.expected:.1f} expected ({t.luck:+.1f}); "
                         f"as many or more: {_pct(luck.at_least(side, kind))}</td>"
                         if t.dice else "<td>none rolled</td>")
        out.append(f"<tr><th>{escape(label)}</th>{''.join(cells)}</tr>")
    out.append("</table>")
    out.append('<p class="note">The graphs follow each side game turn by game turn: the line '
               "is how many successes its dice had given so far beyond (above zero) or short "
               "of (below zero) what was expected; the shaded band around zero is where that "
               "running total stays 95 times in 100 with ordinary luck. A line outside its "
               "band is a run of luck out of the ordinary. Rest the pointer on a point for "
               "that game turn's figures.</p>")
    turns = list(range(1, max([study.final.turn, *luck.turns]) + 1))
    out.append(luck_chart(luck, None, sides, "All dice: successes above or below expected",
                          turns))
    for kind in kinds:
        words_ = KIND_WORDS.get(kind, kind)
        out.append(luck_chart(luck, kind, sides, f"{words_.capitalize()}: above or below "
                                                 "expected", turns))
    return "\n".join(out)


def _verdict(t: Tally) -> str:
    sd = math.sqrt(t.variance)
    if sd == 0 or abs(t.luck) < sd:
        return "was about as lucky as expected"
    return "was luckier than expected" if t.luck > 0 else "was less lucky than expected"


def _pct(p: float) -> str:
    if p >= 0.995 and p < 1.0:
        return "more than 99%"
    if 0.0 < p < 0.005:
        return "fewer than 1%"
    return f"{100 * p:.0f}%"


def _turn(study: Study, end: TurnEnd, sides: dict[int, tuple[str, tuple[int, int, int]]]) -> str:
    if end.last:
        title = (f"The end of the save (game turn {end.turn})" if not study.final.game_over
                 else f"The end of the game (game turn {end.turn})")
        caption = (f"The table after event {end.event}, the last of the save"
                   if not study.final.game_over else "The table when the game ended")
    else:
        title = f"Game turn {end.turn}"
        caption = f"The table at the end of game turn {end.turn}"
    out = [f'<section id="{_anchor(end)}">', f"<h3>{escape(title)}</h3>"]
    if end.picture is not None:
        data = base64.b64encode(end.picture).decode("ascii")
        w, h = _png_size(end.picture)
        out.append(f'<figure><img src="data:image/png;base64,{data}" width="{w}" height="{h}" '
                   f'alt="{escape(caption)}"><figcaption>{escape(caption)}</figcaption></figure>')
    before = study.turn_ends.index(end)
    first = study.turn_ends[before - 1].event if before else 0
    combats = [c for c in study.combats if first < c.events[0] <= end.event]
    if not combats:
        out.append('<p class="note">No combat.</p>')
    for c in combats:
        out.append(_combat(study, c, sides))
    out.append("</section>")
    return "\n".join(out)


def _combat(study: Study, combat: Combat,
            sides: dict[int, tuple[str, tuple[int, int, int]]]) -> str:
    lines = [(n, study.line(n)) for n in combat.events]
    shown = [(n, text) for n, text in lines if text]
    # its title: its first line that is not a question or an answer
    titles = [text for n, text in shown if not isinstance(
        study.events[n - 1], ev.DecisionRequested | ev.DecisionAnswered)]
    title = titles[0] if titles else shown[0][1] if shown else "A combat"
    dice = []
    for side, (_, colour) in sides.items():
        t = combat.luck.get(side)
        if t is not None and t.dice:
            dice.append(f"{_swatch(colour)}{t.got} success{'es' if t.got != 1 else ''} "
                        f"({t.expected:.1f} expected)")
    summary = escape(title) + (" — " + ", ".join(dice) if dice else "")
    items = []
    for n, text in shown:
        roll = isinstance(study.events[n - 1], ev.DiceRolled)
        items.append(f'<li value="{n}"{" class=roll" if roll else ""}>{escape(text or "")}</li>')
    return (f"<details><summary>{summary}</summary><ol class=\"log\">{''.join(items)}</ol>"
            "</details>")


def _png_size(data: bytes) -> tuple[int, int]:
    """The width and height written in a PNG's header."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")

"""The luck graph as inline SVG (no plotting library needed, nothing fetched when the page is
opened): for each side, game turn by game turn, how many more (or fewer) successes its dice
had given so far than the same rolls give on average, with the band that holds such a
running total 95 times in 100 when nothing but ordinary luck is at work."""

from __future__ import annotations

import math
from html import escape

from game.report.luck import KIND_WORDS, Luck

WIDTH, HEIGHT = 900, 250
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 46, 34


def rgb(colour: tuple[int, int, int]) -> str:
    r, g, b = colour
    return f"#{r:02x}{g:02x}{b:02x}"


def luck_chart(luck: Luck, kind: str | None, sides: dict[int, tuple[str, tuple[int, int, int]]],
               title: str, turns: list[int]) -> str:
    """A chart of the running luck of each side's dice of ``kind`` (every kind when None)
    over the game turns ``turns``: ``sides`` maps a side to its name and colour."""
    series: dict[int, list[tuple[float, float, int, float]]] = {}
    for side in sides:
        points = []
        for turn in turns:
            so_far = luck.total(side, kind, upto=turn)
            now = luck.in_turn(side, turn, kind)
            points.append((so_far.luck, 1.96 * math.sqrt(so_far.variance), now.got,
                           now.expected))
        series[side] = points
    top = max([abs(v) + 0.5 for pts in series.values() for v, _, _, _ in pts]
              + [b for pts in series.values() for _, b, _, _ in pts] + [1.0])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    n = len(turns)

    def x(i: int) -> float:
        return LEFT + (plot_w * (i + 0.5) / n if n else 0)

    def y(v: float) -> float:
        return TOP + plot_h / 2 - v / top * (plot_h / 2)

    what = KIND_WORDS.get(kind, kind) if kind is not None else "successes of every kind"
    out = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" '
           f'height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-label="{escape(title)}">',
           f'<text x="{LEFT}" y="18" class="title">{escape(title)}</text>']
    # the bands of ordinary luck, then the axes, then the lines
    for side, (_, colour) in sides.items():
        pts = series[side]
        if not pts:
            continue
        upper = " ".join(f"{x(i):.1f},{y(b):.1f}" for i, (_, b, _, _) in enumerate(pts))
        lower = " ".join(f"{x(i):.1f},{y(-b):.1f}" for i, (_, b, _, _) in
                         reversed(list(enumerate(pts))))
        out.append(f'<polygon points="{upper} {lower}" fill="{rgb(colour)}" '
                   f'fill-opacity="0.10" stroke="none"/>')
    out.append(f'<line x1="{LEFT}" y1="{y(0):.1f}" x2="{WIDTH - RIGHT}" y2="{y(0):.1f}" '
               f'class="zero"/>')
    for v in _ticks(top):
        out.append(f'<text x="{LEFT - 6}" y="{y(v) + 4:.1f}" class="tick" '
                   f'text-anchor="end">{v:+g}</text>' if v else
                   f'<text x="{LEFT - 6}" y="{y(v) + 4:.1f}" class="tick" '
                   f'text-anchor="end">0</text>')
    every = max(1, math.ceil(n / 16))
    for i, turn in enumerate(turns):
        if i % every == 0 or i == n - 1:
            out.append(f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 16}" class="tick" '
                       f'text-anchor="middle">{turn}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 4}" class="axis" '
               f'text-anchor="middle">game turn</text>')
    out.append(f'<text x="12" y="{TOP + plot_h / 2:.1f}" class="axis" text-anchor="middle" '
               f'transform="rotate(-90 12 {TOP + plot_h / 2:.1f})">above / below expected'
               '</text>')
    for side, (name, colour) in sides.items():
        pts = series[side]
        if not pts:
            continue
        line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, (v, _, _, _) in enumerate(pts))
        out.append(f'<polyline points="{line}" fill="none" stroke="{rgb(colour)}" '
                   f'stroke-width="2.5"/>')
        for i, (v, _, got, expected) in enumerate(pts):
            tip = (f"{name}, game turn {turns[i]}: {got} {what} ({expected:.1f} expected); "
                   f"so far {v:+.1f}")
            out.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3.2" '
                       f'fill="{rgb(colour)}"><title>{escape(tip)}</title></circle>')
    for k, (_, (name, colour)) in enumerate(sides.items()):
        lx = LEFT + 140 * k
        out.append(f'<rect x="{lx}" y="27" width="11" height="11" fill="{rgb(colour)}"/>'
                   f'<text x="{lx + 16}" y="37" class="legend">{escape(name)}</text>')
    out.append(f'<text x="{LEFT + 300}" y="37" class="legend">line: so far; shaded: the '
               "band of ordinary luck</text>")
    out.append("</svg>")
    return "\n".join(out)


def _ticks(top: float) -> list[float]:
    """Round values from -top to top: the finest of 1, 2 or 5 times a power of ten that puts
    one to three of them on each side of zero."""
    mag = 10.0 ** math.floor(math.log10(top / 3)) if top > 0 else 1.0
    for m in (1, 2, 5, 10, 20, 50):
        step = m * mag
        k = math.floor(top / step + 1e-9)
        if k <= 3:
            break
    return [round(i * step, 6) for i in range(-k, k + 1)]

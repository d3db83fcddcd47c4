"""The odds panel: with Charge, Fight or Shoot armed (its button or key) and one of your models
selected, hovering an enemy shows what the action is likely to do before you commit it: the
chance the enemy is destroyed and the chance yours is, the average damage each way, the
chance of each amount of damage to the enemy as a small bar chart ("at least N" under it),
and how sure the figures are (exact, or the number of samples and the error).

The figures come from :class:`game.odds.OddsEstimator` on a copy of the game, in a worker
thread: an exact answer where the ruleset allows one, else samples in batches, the panel
refined as each batch arrives. Moving the pointer to another enemy (or away) cancels the
work at once, so the frame never waits for it.
"""

from __future__ import annotations

import threading
import time
from typing import TYPE_CHECKING, Any

import pygame

from game.core.ruleset import ENEMY
from game.ui.sprites import font
from game.ui.tooltip import wrap

if TYPE_CHECKING:
    from game.odds import Odds
    from game.ui.app import App

#: samples taken at most for one hover (the panel refines as they come)
SAMPLES = 20_000
BATCH = 250
PANEL_W, PANEL_H = 360, 176
#: the margin shown beside each figure: this many standard errors (about 95% of the time the
#: true chance lies within it)
MARGIN = 1.96
BARS = "<bars>"  # (the chart's place among the panel's lines)
BAR_BINS = 10  # damage 0..9 shown as bars, the rest in the last one ("9+")
TEXT = (230, 230, 230)
DIM = (165, 165, 170)
GOOD = (120, 210, 120)
BAD = (235, 110, 95)
BAR = (110, 160, 235)
BAR_KILL = (235, 170, 80)


class _Work:
    """The odds of one order, worked out in a daemon thread."""

    def __init__(self, engine: Any, order: Any) -> None:
        self.odds: Odds | None = None
        self.error: str | None = None
        self.refused = False
        self.version = 0  # counts updates, so the panel redraws only when something changed
        self.done = False
        self.est: Any = None
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(engine, order), daemon=True,
                                       name="odds-panel")
        self.thread.start()

    def _run(self, engine: Any, order: Any) -> None:
        from game.odds import OddsError, OddsEstimator

        try:
            self.est = OddsEstimator(engine, order)
            if self._stop.is_set():
                return
            exact = self.est.exact()
            if exact is not None:
                self._got(exact)
                return
            self.est.run(SAMPLES, batch=BATCH, on_update=self._got)
        except OddsError as exc:
            self.refused = True  # the rules refuse it here: the panel says why
            self.error = str(exc)
            self.version += 1
        except Exception as exc:  # noqa: BLE001 - the panel says so; the game is untouched
            self.error = f"the odds could not be worked out ({type(exc).__name__}: {exc})"
            self.version += 1
        finally:
            self.done = True

    def _got(self, odds: Odds) -> None:
        self.odds = odds
        self.version += 1

    def cancel(self) -> None:
        self._stop.set()
        if self.est is not None:
            self.est.cancel()


class OddsView:
    def __init__(self, app: App) -> None:
        self.app = app
        self.key: Any = None
        self.work: _Work | None = None
        self.label = ""  # "Charge Greenhide Choppas"
        self.actor = ""
        self.target = ""
        self.refusal: str | None = None  # the engine refuses the order here: why, instead
        self.shown: Odds | None = None  # the figures the lines were last made of
        self._shown = -1
        self._last_draw = 0.0

    def _wanted(self) -> tuple[Any, ...] | None:
        """What the panel should show odds for now: (game, position, action, actor, target)."""
        app = self.app
        if app.mode != "play" or app.session is None or app.modal_open() or app.play.handover is not None:
            return None
        a = app.play.mode_action()
        sel, hov = app.selected, app.hovered
        if a is None or a.needs != ENEMY or sel is None or hov is None:
            return None
        s = app.state
        if sel not in s.models or hov not in s.models or s.models[hov].side == s.models[sel].side:
            return None
        if not app.play.may_order(sel) or not s.models[hov].on_table:
            return None
        return (id(app.session), len(app.session.engine.log), a.name, sel, hov)

    def cancel(self) -> None:
        self.refusal = None
        if self.work is not None:
            self.work.cancel()
            self.work = None

    def update(self) -> bool:
        """Start, cancel or refine the panel; True when it must be drawn again."""
        want = self._wanted()
        if want != self.key:
            self.cancel()
            self.key = want
            self._shown = -1
            if want is not None:
                self._start(want)
            return True
        w = self.work
        if w is None or w.version == self._shown:
            return False
        now = time.monotonic()
        if not w.done and now - self._last_draw < 0.1:  # at most ten redraws a second
            return False
        self._shown = w.version
        self._last_draw = now
        return True

    def busy(self) -> bool:
        return self.work is not None and (not self.work.done or self.work.version != self._shown)

    def _start(self, key: tuple[Any, ...]) -> None:
        app = self.app
        _, _, action, actor, target = key
        a = app.play.actions[action]
        s = app.state
        self.actor = s.models[actor].display or actor
        self.target = s.models[target].display or target
        self.label = f"{a.label} {self.target}"
        order = app.play.enemy_order(a, actor, target)
        pv = app.session.preview(order)
        if pv is not None and not pv.ok:  # refused here: say why instead of odds
            from game.core.log import player_text

            self.refusal = (app.previews.blind_words() if app.session.blind(order) else
                            player_text(s, str(pv.refusal)))
            return
        self.work = _Work(app.session.engine.fork(), order)

    # -- drawing -----------------------------------------------------------------------------
    def rect(self) -> pygame.Rect | None:
        """Where the panel is drawn (None while it is not shown): notes keep off it."""
        return self._rect(self.lines())

    def _rect(self, lines: list[tuple[str, tuple[int, int, int], Any]]) -> pygame.Rect | None:
        """The panel as tall as its lines (a long refusal, figures that wrap), at least
        PANEL_H."""
        if self.key is None or (self.work is None and self.refusal is None):
            return None
        h = 12
        for text, _, fnt in lines:
            h += 68 if text == BARS else len(wrap(text, PANEL_W - 20, fnt)) * (fnt.get_height() + 1)
        h = max(PANEL_H, h)
        view = self.app.layout.view
        return pygame.Rect(view.x + 10, view.bottom - h - 10, PANEL_W, h)

    def draw(self, surf: pygame.Surface) -> None:
        lines = self.lines()  # (once: the odds may move on in their thread meanwhile)
        rect = self._rect(lines)
        if rect is None:
            return
        panel = pygame.Surface(rect.size)  # opaque: nothing on the table shows through
        panel.fill((20, 22, 28))
        pygame.draw.rect(panel, (90, 95, 110), panel.get_rect(), 1)
        y = 6
        for text, colour, fnt in lines:
            if text == BARS:
                assert self.shown is not None
                self._bars(panel, self.shown, pygame.Rect(10, y + 2, PANEL_W - 20, 62))
                y += 68
                continue
            for part in wrap(text, PANEL_W - 20, fnt):
                t = fnt.render(part, True, colour)
                panel.blit(t, (10, y))
                y += t.get_height() + 1
        surf.blit(panel, rect.topleft)

    def lines(self) -> list[tuple[str, tuple[int, int, int], Any]]:
        """The panel's lines as (text, colour, font); :data:`BARS` stands for the chart."""
        w = self.work
        f, fb, fs = font(14), font(14, bold=True), font(12)
        out: list[tuple[str, tuple[int, int, int], Any]] = [(f"Odds: {self.label}", TEXT, fb)]
        odds = self.shown = w.odds if w is not None else None
        problem = self.refusal if w is None else w.error
        if problem is not None:
            from game.core.log import player_text

            problem = player_text(self.app.state, problem).rstrip(".")
            out.append((f"No odds: {problem}.", BAD, f))
        elif odds is None or odds.samples == 0 and not odds.exact:
            out.append(("working out...", DIM, f))
        else:
            out.append((f"Destroy it: {odds.target_destroyed:.0%}"
                        f"{self._margin(odds, odds.target_destroyed)}   be destroyed: "
                        f"{odds.actor_destroyed:.0%}{self._margin(odds, odds.actor_destroyed)}",
                        TEXT, f))
            out.append((f"Average damage: {odds.expected('target'):.2f}"
                        f"{self._spread(odds, 'target')} dealt, {odds.expected('actor'):.2f}"
                        f"{self._spread(odds, 'actor')} taken", DIM, fs))
            out.append((BARS, DIM, fs))
            if odds.exact:
                out.append(("exact: worked out from the dice, not sampled", DIM, fs))
            else:
                most = max((odds.at_least(i) for i in range(1, BAR_BINS)), key=odds.error,
                           default=0.0)
                out.append((f"{odds.samples:,} games played{'' if w is None or w.done else ' so far'}"
                            f"; each chance within the margin shown (the bars' within "
                            f"{self._margin(odds, most)[2:]})", DIM, fs))
        return out

    @staticmethod
    def _margin(odds: Odds, p: float) -> str:
        """" ±1.2%": the margin of the chance ``p`` (nothing when it is exact)."""
        if odds.exact or odds.samples <= 0:
            return ""
        if min(p, 1 - p) * odds.samples < 0.5:  # never (or always) seen: an upper bound
            bound = f"{3 / odds.samples:.2%}"
            return f" (under {bound})" if p < 0.5 else f" (over {1 - 3 / odds.samples:.2%})"
        m = MARGIN * odds.error(p)
        return f" ±{m:.1%}" if m < 0.1 else f" ±{m:.0%}"

    @staticmethod
    def _spread(odds: Odds, to: str) -> str:
        """" ±0.05": the margin of an average damage (its standard error from the spread of
        the damage over the games played)."""
        if odds.exact or odds.samples <= 1:
            return ""
        dist = odds.damage_to_target if to == "target" else odds.damage_to_actor
        mean = odds.expected(to)
        var = sum(p * (d - mean) ** 2 for d, p in dist.items())
        return f" ±{MARGIN * (var / odds.samples) ** 0.5:.2f}"

    def _bars(self, panel: pygame.Surface, odds: Odds, box: pygame.Rect) -> None:
        """The chance of each amount of damage to the target as bars, with the damage under
        each and the chance of at least that much under it."""
        fs = font(11)
        lead = 50  # the rows' names on the left
        for text, dy in (("damage", 25), ("at least", 12)):
            t = fs.render(text, True, DIM)
            panel.blit(t, (box.x, box.y + box.h - dy))
        dist = odds.damage_to_target
        bins = [0.0] * BAR_BINS
        for d, p in dist.items():
            bins[min(max(d, 0), BAR_BINS - 1)] += p
        top = max(bins) or 1.0
        bw = (box.w - lead) // BAR_BINS
        kill = self._room(odds)
        for i, p in enumerate(bins):
            h = int((box.h - 26) * p / top)
            x = box.x + lead + i * bw
            colour = BAR_KILL if kill is not None and i >= kill else BAR
            if h:
                pygame.draw.rect(panel, colour, (x + 2, box.y + box.h - 26 - h, bw - 4, h))
            label = f"{i}+" if i == BAR_BINS - 1 else str(i)
            t = fs.render(label, True, DIM)
            panel.blit(t, (x + (bw - t.get_width()) // 2, box.y + box.h - 25))
            if i:
                al = odds.at_least(i)
                t = fs.render(f"{al:.0%}" if al >= 0.005 else "-", True, TEXT)
                panel.blit(t, (x + (bw - t.get_width()) // 2, box.y + box.h - 12))

    def _room(self, odds: Odds) -> int | None:
        """The damage that destroys the target, where the ruleset counts it (for the bars'
        colour), else None."""
        app = self.app
        s = app.state
        if odds.target not in s.units:
            return None
        left = 0
        for n in s.units[odds.target].models:
            w = app.ruleset.presenter.wounds(s.models[n]) if s.models[n].on_table else None
            if w is None:
                return None
            left += max(0, w[1] - w[0])
        return max(1, left) if left else None

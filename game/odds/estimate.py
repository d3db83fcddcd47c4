"""The odds of a declared action from the current position: how likely the target and the
actor are to be destroyed, and the whole distribution of the damage each takes, with "at
least N" odds, expected values and the sampling error.

Two ways, one answer:

- **Sampled** (every ruleset, every special rule): the action is carried out on copies of the
  engine, each with dice of its own, and played out to the end of what it opens (a charge is
  followed by the fight against its target; then the activation, or the player turn, is
  closed, which resolves the melee; decisions take their defaults). Each copy is one sample.
- **Exact** where the ruleset declares that the action comes down to independent pools of
  dice (:meth:`~game.core.ruleset.Ruleset.exact_pools`): the distributions are worked out
  with icepool.

Damage is counted in the ruleset's own unit, as its results report it (``wounds_taken``:
damage tracks in skirmish-d10, Blood Markers in trench-crusade, wounds in old-world).

:class:`OddsEstimator` is safe to run off the window's frame loop: :meth:`~OddsEstimator.run`
refines the estimate batch by batch (calling back with each new estimate) and stops soon after
:meth:`~OddsEstimator.cancel`; it never changes the engine it was given.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.commands import Order
from game.core.dice import SeededDice
from game.core.engine import Engine
from game.core.ruleset import PoolOdds

#: the estimator whose batches the forked worker processes sample
_FORKED: OddsEstimator | None = None


def _forked_sample(batch: int, k: int) -> tuple[dict[int, int], dict[int, int], int, int, int]:
    assert _FORKED is not None
    return _FORKED._sample(batch, k)


class OddsError(ValueError):
    """The action cannot be tried here (refused by the rules, names no target...)."""


@dataclass
class Odds:
    """What a declared action is likely to do. Distributions map damage taken (in the
    ruleset's own unit) to its chance."""

    actor: str  # units
    target: str
    samples: int
    exact: bool
    target_destroyed: float
    actor_destroyed: float
    damage_to_target: dict[int, float] = field(default_factory=dict)
    damage_to_actor: dict[int, float] = field(default_factory=dict)
    seconds: float = 0.0

    def at_least(self, n: int, to: str = "target") -> float:
        """The chance of ``n`` or more damage to the target (``to="actor"``: to the actor)."""
        dist = self.damage_to_target if to == "target" else self.damage_to_actor
        return sum(p for d, p in dist.items() if d >= n)

    def expected(self, to: str = "target") -> float:
        dist = self.damage_to_target if to == "target" else self.damage_to_actor
        return sum(d * p for d, p in dist.items())

    def error(self, p: float) -> float:
        """The standard error of a chance ``p`` estimated from these samples (0 if exact)."""
        if self.exact or self.samples <= 0:
            return 0.0
        return math.sqrt(max(p * (1 - p), 0.0) / self.samples)

    def to_json(self) -> dict[str, Any]:
        def dist(d: dict[int, float]) -> dict[str, float]:
            return {str(k): round(v, 6) for k, v in sorted(d.items())}

        def at_least(d: dict[int, float]) -> dict[str, float]:
            top = max(d, default=0)
            return {str(n): round(sum(p for k, p in d.items() if k >= n), 6)
                    for n in range(1, top + 1)}

        return {
            "actor": self.actor,
            "target": self.target,
            "samples": self.samples,
            "exact": self.exact,
            "target_destroyed": round(self.target_destroyed, 6),
            "actor_destroyed": round(self.actor_destroyed, 6),
            "damage_to_target": dist(self.damage_to_target),
            "damage_to_actor": dist(self.damage_to_actor),
            "at_least_to_target": at_least(self.damage_to_target),
            "at_least_to_actor": at_least(self.damage_to_actor),
            "expected_damage_to_target": round(self.expected("target"), 6),
            "expected_damage_to_actor": round(self.expected("actor"), 6),
            "standard_error": {
                "target_destroyed": round(self.error(self.target_destroyed), 6),
                "actor_destroyed": round(self.error(self.actor_destroyed), 6),
            },
        }


class OddsEstimator:
    """The odds of ``order`` in ``engine``'s current position.

    >>> est = OddsEstimator(engine, Order("fight", "orc", (("target", "elf"),)))  # doctest: +SKIP
    >>> est.exact()              # None unless the ruleset declares exact pools  # doctest: +SKIP
    >>> odds = est.run(10_000)   # or in a thread, with on_update and cancel()  # doctest: +SKIP

    Raises :class:`OddsError` at once when the rules refuse the order here. ``seed`` fixes the
    samples' dice (default: from the game's seed and the position).
    """

    def __init__(self, engine: Engine, order: Order, seed: int | None = None) -> None:
        self.order = order
        self.ruleset = engine.ruleset
        s = engine.state
        if order.unit is None:
            raise OddsError(f'"{order.do}" names no unit')
        self.actor = _unit_of(engine, order.unit)
        target = order.arg("target")
        if not isinstance(target, str):
            raise OddsError(f'"{order.do}" needs a target to give odds for')
        if _unit_of(engine, target, missing=None) is None:
            raise OddsError(f'there is no model or unit "{target}" to give odds against')
        self.target = _unit_of(engine, target)
        self.target_model = target
        if seed is None:
            seed = (engine.seed * 1000003 + s.events_applied * 7919) % (2**63)
        self._seed = seed
        self._batches = 0
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self._before = {u: self._wounds(s, u) for u in (self.actor, self.target)}
        # the order once, to check it and to keep its result when it rolls no dice
        base = engine.fork(SeededDice(seed))
        try:
            out = base.execute(order)
        except Exception as exc:  # noqa: BLE001 - scripted dice run out, a rule that crashes
            raise OddsError(f"the order cannot be tried here: {exc}") from None
        if not out.ok:
            raise OddsError(str(out.refusal))
        self._engine = engine.fork()  # a snapshot: the game may go on while this samples
        # an order that rolls no dice (a Fight declared, a charge moved) is carried out once
        self._base = base if base.dice.count == 0 else None  # type: ignore[attr-defined]
        self._charge_fight = order.do == "charge" and self.ruleset.flow.kind == "alternating"
        self._fight = Order("fight", order.unit, (("target", target),))
        if self._base is not None and self._charge_fight and not base.state.game_over:
            # and so is the fight after a charge, when declaring it rolls nothing either
            then = self._base.fork(SeededDice(seed))
            if then.execute(self._fight).ok and then.dice.count == 0 \
                    and then.pending_ask is None:  # type: ignore[attr-defined]
                self._base, self._charge_fight = then, False
        self.side = engine.state.units[self.actor].side
        self._target_hits: dict[int, int] = {}
        self._actor_hits: dict[int, int] = {}
        self._t_gone = self._a_gone = self._n = 0
        self._elapsed = 0.0
        self._exact: Odds | None = None
        self._exact_done = False

    # -- exact ---------------------------------------------------------------------------
    def exact(self) -> Odds | None:
        """The exact odds when the ruleset declares the action comes down to independent
        dice pools, else None. Worked out once."""
        if not self._exact_done:
            self._exact_done = True
            t0 = time.perf_counter()
            pools = self.ruleset.advisor.exact_pools(self._engine.state, self.order)
            if pools is not None:
                self._exact = exact_odds(pools, time.perf_counter() - t0)
        return self._exact

    # -- sampled -------------------------------------------------------------------------
    def cancel(self) -> None:
        """Stop :meth:`run` soon (from any thread)."""
        self._cancel.set()

    @property
    def samples(self) -> int:
        return self._n

    def latest(self) -> Odds:
        """The estimate from the samples taken so far."""
        with self._lock:
            n = max(self._n, 1)
            return Odds(self.actor, self.target, self._n, False, self._t_gone / n,
                        self._a_gone / n,
                        {k: v / n for k, v in sorted(self._target_hits.items())},
                        {k: v / n for k, v in sorted(self._actor_hits.items())},
                        self._elapsed)

    def run(self, samples: int, batch: int = 1000,
            on_update: Callable[[Odds], None] | None = None,
            time_limit: float | None = None, jobs: int = 1) -> Odds:
        """Take ``samples`` more samples (fewer if cancelled or past ``time_limit``
        seconds), calling ``on_update`` with the estimate after each ``batch``. ``jobs`` > 1
        spreads the batches over that many processes (forked, so nothing is copied but the
        counts; not from a thread of a program that runs other threads, such as the
        window). The samples are the same whatever ``jobs``: batch ``k`` always throws the
        dice of its own seed."""
        t0 = time.perf_counter()
        first = self._batches
        count = math.ceil(samples / batch) if samples > 0 else 0
        sizes = [min(batch, samples - i * batch) for i in range(count)]
        if jobs > 1 and count > 1:
            done = self._run_pool(first, sizes, jobs, on_update, time_limit, t0)
        else:
            done = 0
            for k, size in enumerate(sizes):
                if self._cancel.is_set():
                    break
                self._add(self._sample(first + k, size))
                done += 1
                if on_update is not None:
                    on_update(self.latest())
                if time_limit is not None and time.perf_counter() - t0 > time_limit:
                    break
        self._batches = first + done
        with self._lock:
            self._elapsed += time.perf_counter() - t0
        return self.latest()

    def _run_pool(self, first: int, sizes: list[int], jobs: int,
                  on_update: Callable[[Odds], None] | None, time_limit: float | None,
                  t0: float) -> int:
        from game.workers import process_pool

        global _FORKED
        _FORKED = self
        done = 0
        with process_pool(jobs) as pool:  # (forked: the workers start with this estimator)
            futures = [pool.submit(_forked_sample, first + k, size)
                       for k, size in enumerate(sizes)]
            try:
                for fut in futures:  # in batch order: the same sums whatever the jobs
                    if self._cancel.is_set() or (
                            time_limit is not None and time.perf_counter() - t0 > time_limit):
                        break
                    self._add(fut.result())
                    done += 1
                    if on_update is not None:
                        on_update(self.latest())
            finally:
                for fut in futures:
                    fut.cancel()
        _FORKED = None
        return done

    def start(self, samples: int, on_update: Callable[[Odds], None] | None = None,
              batch: int = 250) -> threading.Thread:
        """:meth:`run` in a daemon thread (started); :meth:`cancel` stops it."""
        th = threading.Thread(target=self.run, args=(samples, batch, on_update), daemon=True,
                              name="odds")
        th.start()
        return th

    def _add(self, got: tuple[dict[int, int], dict[int, int], int, int, int]) -> None:
        t_hits, a_hits, t_gone, a_gone, k = got
        with self._lock:
            for d, c in t_hits.items():
                self._target_hits[d] = self._target_hits.get(d, 0) + c
            for d, c in a_hits.items():
                self._actor_hits[d] = self._actor_hits.get(d, 0) + c
            self._t_gone += t_gone
            self._a_gone += a_gone
            self._n += k

    def _sample(self, batch: int, k: int) -> tuple[dict[int, int], dict[int, int], int, int, int]:
        """``k`` samples with the dice of batch number ``batch``: the damage counts each way
        and how often the target and the actor were destroyed."""
        # one stream of dice per batch, the samples one after the other (seeding a generator
        # for each sample would cost more than a tenth of the sample)
        dice = SeededDice((self._seed * 1000003 + batch) % (2**63))
        order = self.order
        charge_fight, fight = self._charge_fight, self._fight
        actor, target = self.actor, self.target
        before_t, before_a = self._before[target], self._before[actor]
        t_hits: dict[int, int] = {}
        a_hits: dict[int, int] = {}
        t_gone = a_gone = 0
        for _ in range(k):
            if self._base is not None:
                e = self._base.fork(dice)
            else:
                e = self._engine.fork(dice)
                e.execute(order)
            if charge_fight and not e.state.game_over:
                e.execute(fight)
            finish(e)
            s = e.state
            dt = self._wounds(s, target) - before_t
            da = self._wounds(s, actor) - before_a
            t_hits[dt] = t_hits.get(dt, 0) + 1
            a_hits[da] = a_hits.get(da, 0) + 1
            if not s.unit_alive(target):
                t_gone += 1
            if not s.unit_alive(actor):
                a_gone += 1
        return t_hits, a_hits, t_gone, a_gone, k

    def _wounds(self, s: Any, unit: str) -> int:
        return self.ruleset.advisor.unit_damage(s, unit)


def finish(e: Engine, limit: int = 20) -> None:
    """Close what the action opened (the activation, the player turn), decisions taking
    their defaults."""
    rs = e.ruleset
    for _ in range(limit):
        if e.state.game_over:
            return
        if e.pending_ask is not None:
            e.answer_default()
            continue
        closing = rs.closing_order(e.state)
        if closing is None:
            return
        e.execute(closing)
        if e.pending_ask is None:
            return


def _unit_of(engine: Engine, name: str, missing: Any = ...) -> Any:
    s = engine.state
    if name in s.models:
        return s.models[name].unit
    if name in s.units:
        return name
    if missing is not ...:
        return missing
    raise OddsError(f'there is no unit or model named "{name}"')


def exact_odds(p: PoolOdds, seconds: float = 0.0) -> Odds:
    """The distributions of :class:`~game.core.ruleset.PoolOdds` worked out with icepool."""
    import icepool

    t0 = time.perf_counter()
    dists: dict[str, dict[int, float]] = {}
    for victim in (p.target, p.actor):
        total: Any = icepool.Die([0])
        for pool in p.pools:
            if pool.victim != victim or pool.dice <= 0:
                continue
            if pool.chance is not None:
                p_num, p_den = pool.chance.numerator, pool.chance.denominator
                die = icepool.Die({pool.damage: p_num, 0: p_den - p_num}) if p_num else \
                    icepool.Die([0])
            else:
                die = icepool.Die([pool.damage if f in pool.hit_faces else 0
                                   for f in range(1, pool.sides + 1)])
            total = total + pool.dice @ die
        room = p.room.get(victim, 10**9)
        capped = total.map(lambda d, room=room: min(d, room))
        dists[victim] = {int(o): float(q) for o, q in zip(capped.outcomes(),
                                                           capped.probabilities())}
    room_t, room_a = p.room.get(p.target, 10**9), p.room.get(p.actor, 10**9)
    t_dist, a_dist = dists[p.target], dists[p.actor]
    return Odds(p.actor, p.target, 0, True,
                sum(q for d, q in t_dist.items() if d >= room_t),
                sum(q for d, q in a_dist.items() if d >= room_a),
                t_dist, a_dist, seconds + time.perf_counter() - t0)

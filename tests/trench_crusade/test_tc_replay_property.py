"""Random trench games (random legal orders, random answers, random dice seeds) replay exactly:
the save re-runs to the same events and folding the events gives the same state."""

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.commands import Answer, Order
from game.core.engine import Engine
from game.core.replay import check, write_save
from game.core.scenario import load_scenario
from game.rulesets.common.flow import activation, alternating, units_to_activate

TRENCH = load_scenario("maps/trench.toml")


def candidates(eng: Engine, pick) -> list[Order]:
    """Orders worth trying now, most of them legal (the engine refuses the rest): mostly
    fights and charges first, the quieter orders after."""
    s = eng.state
    act = activation(s)
    names = [act.unit] if act is not None else []
    names += [u for u in units_to_activate(s, alternating(s).next_side)]
    bold: list[Order] = []
    calm: list[Order] = []
    for name in names[:3]:
        m = s.models[name]
        enemies = [o.name for o in s.models.values() if o.side != m.side and o.on_table]
        for e in enemies:
            bold.append(Order("fight", name, (("target", e),)))
            bold.append(Order("charge", name, (("target", e), ("dive", pick(2) == 1))))
        angle = math.radians(pick(360))
        dist = pick(7) + 0.5
        to = (round(m.x + dist * math.sin(angle), 3), round(m.y - dist * math.cos(angle), 3))
        calm.append(Order("move", name, (("to", to),)))
        calm.append(Order("stand_up", name))
        calm.append(Order("pass", name))
    calm.append(Order("end_activation"))
    if pick(6) == 0:
        calm.append(Order("end_turn"))
    bold = _turned(bold, pick)
    calm = _turned(calm, pick)
    return bold + calm if pick(4) else calm + bold


def _turned(orders: list[Order], pick) -> list[Order]:
    if not orders:
        return orders
    k = pick(len(orders))
    return orders[k:] + orders[:k]


def play(seed: int, data: st.DataObject, steps: int) -> Engine:
    eng = Engine(TRENCH, seed=seed)

    def pick(n: int) -> int:
        return data.draw(st.integers(0, n - 1))

    for _ in range(steps):
        if eng.state.game_over:
            break
        ask = eng.pending_ask
        if ask is not None:
            assert eng.execute(Answer(ask.options[pick(len(ask.options))])).ok
            continue
        for order in candidates(eng, pick):
            if eng.execute(order).ok:
                break
    eng.finish()
    return eng


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), data=st.data())
def test_random_trench_games_replay_exactly(tmp_path_factory, seed, data):
    eng = play(seed, data, 30)
    path = tmp_path_factory.mktemp("saves") / "game.jsonl"
    write_save(eng, path)
    result = check(path)
    assert result.ok and result.events == len(eng.log)

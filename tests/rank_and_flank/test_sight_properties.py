"""Sight and cover over random set-ups, in both rank-and-flank rulesets: what is in the way only
ever takes sight away and adds cover; with nothing in the way every file that has the target in
its arc sees it, with no cover; a unit on a hill sees at least what it saw from the plain; and
every model a plan lets shoot is in range, in a file that sees, within the ranks allowed."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from game.core.engine import Engine
from game.core.errors import Refused, ScenarioError
from game.core.scenario import check_scenario
from game.rulesets.ninth_age import shooting as NS
from game.rulesets.old_world import shooting as OS
from game.rulesets.rank_and_flank import shooting as RS
from game.rulesets.rank_and_flank import sight
from tests.rank_and_flank.random_battles import random_setup

SETUPS = 60
WEAPON = {"old-world": ["hand weapon", "longbow"], "ninth-age": ["longbow"]}
RULES = {"old-world": OS, "ninth-age": NS}


def engine(data: dict[str, Any]) -> Engine | None:
    try:
        return Engine(check_scenario(data, "probe"), seed=1)
    except ScenarioError:
        return None


def shooter_setup(seed: int, ruleset: str) -> dict[str, Any]:
    data = random_setup(seed, ruleset)
    data["orders"] = []
    shooter, target = data["units"]
    shooter["weapons"] = WEAPON[ruleset]
    shooter["id"], target["id"] = "a", "b"
    return data


def with_screen(data: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The set-up with a wall, a wood, a hill or a third unit somewhere between the two."""
    a, b = data["units"]
    t = rng.uniform(0.25, 0.75)
    x = a["x"] + t * (b["x"] - a["x"]) + rng.uniform(-2, 2)
    y = a["y"] + t * (b["y"] - a["y"]) + rng.uniform(-2, 2)
    kind = rng.choice(["obstacle", "impassable", "area", "elevation", "unit"])
    out = dict(data, units=[dict(u) for u in data["units"]], terrain=[])
    if kind == "unit":
        c = dict(a, id="c", name="Screen", side=rng.choice([1, 2]), x=round(x, 3), y=round(y, 3),
                 facing=round(rng.uniform(0, 360), 2), models=rng.randint(3, 12))
        c["files"] = min(c["models"], rng.randint(1, 8))
        c.pop("weapons", None)
        out["units"].append(c)
        return out
    ang = rng.uniform(0, math.pi)
    length, width = rng.uniform(2, 10), (0.3 if kind == "obstacle" else rng.uniform(1, 4))
    ux, uy = math.cos(ang), math.sin(ang)
    corners = [(x + sx * ux * length / 2 - sy * uy * width / 2,
                y + sx * uy * length / 2 + sy * ux * width / 2)
               for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    out["terrain"] = [{"id": "piece", "kind": kind, "height": rng.choice([0.5, 1.0, 3.0]),
                       "polygon": [[round(px, 3), round(py, 3)] for px, py in corners]}]
    return out


def read(eng: Engine, ruleset: str) -> tuple[np.ndarray, list[int]]:
    s = eng.state
    pic = sight.picture(s, "a", "b")
    rules = RULES[ruleset]
    r = rules.reading(s, pic)
    sees = RS.seeing_files(r)
    if ruleset == "old-world":
        hidden = (r.hidden(1), r.hidden(2))
        covers = [OS.cover(s, r, hidden, f.index)[0] for f in pic.files]
    else:
        covers = [NS.cover(s, r, f.index)[0] for f in pic.files]
    return sees, covers


@pytest.mark.parametrize("ruleset", ["old-world", "ninth-age"])
def test_what_is_in_the_way_only_takes_sight_away_and_adds_cover(ruleset: str) -> None:
    checked = 0
    for seed in range(SETUPS):
        rng = random.Random(seed)
        plain = shooter_setup(seed, ruleset)
        base = engine(plain)
        screened_data = with_screen(plain, rng)
        screened = engine(screened_data) if screened_data else None
        if base is None or screened is None:
            continue
        sees0, cover0 = read(base, ruleset)
        sees1, cover1 = read(screened, ruleset)
        # with nothing in the way, every file that has the target in its arc sees it
        pic = sight.picture(base.state, "a", "b")
        in_arc = pic.in_arc[:, pic.sight_ends()].any(axis=1)
        assert (sees0 == in_arc).all(), seed
        assert cover0 == [0] * len(cover0), seed
        # a screen takes sight away and adds cover, never the reverse (a unit on a hill aside)
        assert not (sees1 & ~sees0).any(), seed
        assert all(c1 >= c0 for c1, c0, s1 in zip(cover1, cover0, sees1, strict=True) if s1), seed
        checked += 1
    assert checked >= SETUPS // 2


def screened(ruleset: str, offset: int, place: Any = None) -> Iterator[tuple[int, dict[str, Any], Engine]]:
    """(seed, set-up, engine) of the random set-ups with screens placed by ``place``
    (:func:`with_screen` by default; the dice of set-up ``seed`` are ``offset + seed``), those
    the scenario check accepts."""
    for seed in range(SETUPS):
        rng = random.Random(offset + seed)
        data = (place or with_screen)(shooter_setup(seed, ruleset), rng)
        eng = engine(data) if data else None
        if eng is not None:
            yield seed, data, eng


@pytest.mark.parametrize("ruleset", ["old-world", "ninth-age"])
def test_a_plan_shoots_only_with_models_in_range_in_seeing_files_and_allowed_ranks(ruleset: str) -> None:
    planned = 0
    for seed, _, eng in screened(ruleset, 1000):
        s = eng.state
        rules = RULES[ruleset]
        weapon = rules.weapon_for(s, "a", None)
        try:
            plan = rules.plan(s, "a", "b", weapon)
        except Refused as exc:
            assert exc.refusal.code in ("out_of_range", "not_in_arc", "no_line_of_sight"), seed
            continue
        pic = sight.picture(s, "a", "b")
        r = rules.reading(s, pic)
        sees = RS.seeing_files(r)
        if ruleset == "ninth-age":  # once it sees, Volley Fire sees over units of its height
            sees = RS.seeing_files(rules.reading(s, pic, volley=True))
        rank_of = {m: (f.index, rank) for f in pic.files for m, rank in f.models}
        deepest = 2 if ruleset == "old-world" else 3  # (a hill; Volley Fire in Line Formation)
        volley = ruleset == "old-world"  # the longbow's Volley Fire: half of each rank behind
        for g in plan.groups:
            for m in g.models:
                f, rank = rank_of[m]
                assert sees[f], seed
                assert pic.distance[m] <= weapon.range + 1e-9, seed
                assert volley or rank < deepest, seed
        planned += 1
    assert planned >= SETUPS // 4


def test_a_unit_on_a_hill_sees_at_least_what_it_saw_from_the_plain() -> None:
    checked = 0
    for seed in range(3 * SETUPS):
        rng = random.Random(2000 + seed)
        data = with_screen(shooter_setup(seed, "old-world"), rng)
        if data is None or data.get("terrain"):
            continue  # (a third unit only)
        base = engine(data)
        a = data["units"][0]
        hill = dict(data, terrain=[{"id": "hill", "kind": "elevation", "height": 1.0,
                                    "polygon": [[a["x"] - 9, a["y"] - 9], [a["x"] + 9, a["y"] - 9],
                                                [a["x"] + 9, a["y"] + 9], [a["x"] - 9, a["y"] + 9]]}])
        high = engine(hill)
        if base is None or high is None or not OS.on_hill(high.state, "a"):
            continue
        sees0, _ = read(base, "old-world")
        sees1, _ = read(high, "old-world")
        assert not (sees0 & ~sees1).any(), seed
        checked += 1
    assert checked >= 10


def anywhere(data: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The set-up with a screen (:func:`with_screen`) and a second one anywhere on the table."""
    out = with_screen(data, rng)
    if out is None:
        return None
    far = with_screen(dict(out, units=[dict(u) for u in out["units"][:2]]), rng)
    if far is None:
        return out
    dx, dy = rng.uniform(-20, 20), rng.uniform(-20, 20)
    for t in far.get("terrain", []):
        out["terrain"] = [*out.get("terrain", []), dict(t, id="far", polygon=[
            [px + dx, py + dy] for px, py in t["polygon"]])]
    for u in far["units"][2:]:
        out["units"] = [*out["units"], dict(u, id="far", x=u["x"] + dx, y=u["y"] + dy)]
    return out


@pytest.mark.parametrize("ruleset", ["old-world", "ninth-age"])
def test_leaving_out_what_lies_outside_the_two_units_hull_changes_no_reading(
        ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the picture keeps only the screens touching the convex hull of the two units; with every
    # screen kept (a hull as big as the table), each file sees and has cover just the same
    checked = 0
    for seed, data, eng in screened(ruleset, 3000, anywhere):
        sees, covers = read(eng, ruleset)
        kept = len(sight.picture(eng.state, "a", "b").screens)
        with monkeypatch.context() as m:
            m.setattr(sight, "_hull", lambda a, b: sight.Polygon(
                [(-1e3, -1e3), (1e3, -1e3), (1e3, 1e3), (-1e3, 1e3)]))
            whole = engine(data)
            assert whole is not None
            sees_all, covers_all = read(whole, ruleset)
            every = len(sight.picture(whole.state, "a", "b").screens)
        assert (sees == sees_all).all() and covers == covers_all, seed
        checked += every > kept
    assert checked >= 5  # (set-ups where a screen was left out)

"""The card of a multipart model (ninth-age): one row per part with its own stats (two alike
folded into one "x2" row), each part's rules as chips, and in combat the Initiative Steps."""

from __future__ import annotations

import json

from game.ui import info
from tests.ninth_age.helpers import block, chariot, facing_off, na


def _scenario(tmp_path, gap):
    parts = chariot()["parts"]
    parts.insert(2, dict(parts[1]))  # a second crew member
    a = block("a", 1, 24, 30, name="Ember Chariot", **{**chariot(), "parts": parts})
    b = block("b", 2, 24, 0, name="Choppas")
    p = tmp_path / "na.json"
    p.write_text(json.dumps(na(facing_off(a, b, gap=gap), seed=3)))
    return p


def test_the_card_lists_each_part_with_its_stats_and_rules(make_app, tmp_path):
    app = make_app(_scenario(tmp_path, gap=8.0))
    app.select("a")
    card = info.card_html(app.state, app.state.models["a"], app.ruleset)
    assert "crew x2" in card and card.count("crew") == 1  # two alike crew: one row
    assert "chassis" in card and "steed" in card
    assert "Inanimate, Impact Hits (D3)" in card
    assert "step by step" not in card  # not in combat
    app.run_frames(2)
    chips = [title for _, title, _ in app.panels.chips]
    assert "Impact Hits" in chips and "Harnessed" in chips


def test_in_combat_the_card_shows_the_initiative_steps(make_app, tmp_path):
    app = make_app(_scenario(tmp_path, gap=0.0))
    card = info.card_html(app.state, app.state.models["a"], app.ruleset)
    assert "step by step" in card
    ladder = app.ruleset.presenter.initiative_ladder(app.state, "a")
    # the crew (Agi 4) strike before the steed (Agi 3), the Choppas at their Agi 3
    first = [r for r in ladder if r.unit == "a"]
    assert [r.step for r in first] == sorted((r.step for r in first), reverse=True)
    assert any(r.unit == "b" for r in ladder)


def test_the_card_shows_the_stomp_attacks_a_large_model_has_by_its_height(monkeypatch):
    from game.core.engine import Engine
    from game.core.ruleset import get_ruleset
    from game.core.scenario import check_scenario
    from game.rulesets.ninth_age import constants as K
    from tests.ninth_age.helpers import engaged, monster

    def card(**kw):
        eng = Engine(check_scenario(engaged(a_kw=monster([], **kw), gap=5.0), "t"), seed=1)
        return info.card_html(eng.state, eng.state.models["a"], get_ruleset("ninth-age"))

    assert "Stomp Attacks (1)" in card(height="large")
    assert "Stomp Attacks (D6)" in card(height="gigantic")
    assert "Stomp Attacks" not in card(height="standard")
    monkeypatch.setattr(K, "INNATE_HEIGHT_RULES", False)
    assert "Stomp Attacks" not in card(height="large")


def test_the_card_shows_the_swiftstride_cavalry_and_beasts_have_by_their_type(monkeypatch):
    from game.core.engine import Engine
    from game.core.ruleset import get_ruleset
    from game.core.scenario import check_scenario
    from game.rulesets.ninth_age import constants as K
    from tests.ninth_age.helpers import engaged

    def card(troop):
        eng = Engine(check_scenario(engaged(a_kw={"troop_type": troop}, gap=5.0), "t"), seed=1)
        return info.card_html(eng.state, eng.state.models["a.1"], get_ruleset("ninth-age"))

    assert "Swiftstride" in card("cavalry") and "Swiftstride" in card("beast")
    assert "Swiftstride" not in card("infantry")
    monkeypatch.setattr(K, "TYPE_RULES", False)
    assert "Swiftstride" not in card("cavalry")

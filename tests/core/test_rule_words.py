"""Every special rule and condition of every ruleset has words for players: a one-sentence
summary and a description, with no developer terms, and ``run.py rules`` lists each once."""

from __future__ import annotations

import re

import pytest

from game.cli import main
from game.core.ruleset import get_ruleset

RULESETS = ["skirmish-d10", "trench-crusade"]
JARGON = re.compile(r"``|\bhook\b|\bstep \d|\bflag\b|_|\bB2B\b|\bNone\b|\bTrue\b|\bdecision\b",
                    re.IGNORECASE)


@pytest.mark.parametrize("rid", RULESETS)
def test_every_rule_has_a_summary_and_a_description_in_plain_words(rid):
    rules = get_ruleset(rid).rules()
    assert rules
    for info in rules.values():
        assert info.summary.endswith((".", ")")) and info.summary.count(". ") == 0, info.name
        assert len(info.description) > len(info.summary) >= 20, info.name
        # the summary does not just repeat the rule's name ("Swift Attack: hit and run.")
        assert not info.summary.lower().startswith(info.name.lower() + ":"), info.name
        for text in (info.summary, info.description):
            assert not JARGON.search(text), (info.name, JARGON.search(text).group(0))


@pytest.mark.parametrize("rid", RULESETS)
def test_every_condition_has_a_label_and_a_description(rid):
    conds = get_ruleset(rid).conditions()
    assert conds
    for name, info in conds.items():
        assert info.label and info.label[0].isupper() and "_" not in info.label, name
        assert len(info.description) >= 30 and not JARGON.search(info.description), name


def test_rules_lists_every_ruleset_each_rule_once(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for rid in RULESETS:
        assert f"{rid}\n" in out
        for info in get_ruleset(rid).rules().values():
            lines = [ln for ln in out.splitlines() if ln.strip().startswith(info.name + " ")
                     or ln.strip().startswith(info.name + " (X)")]
            assert len(lines) == 1, info.name
            assert info.summary in lines[0]


def test_rules_of_one_ruleset_and_an_unknown_one(capsys):
    assert main(["rules", "trench-crusade"]) == 0
    out = capsys.readouterr().out
    assert "Blessing Markers (X)" in out and "Tough " not in out
    assert main(["rules", "chess"]) == 2
    err = capsys.readouterr().err
    assert '"chess"' in err and "skirmish-d10" in err

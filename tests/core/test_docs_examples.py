"""The scenario page's example plays as written: a player copying it gets a battle."""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_of_the_scenario_page_plays_headless(tmp_path, capsys):
    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", text, re.S)
    scenario = blocks[0]
    orders = next(b for b in blocks if b.lstrip().startswith("[[orders]]"))
    path = tmp_path / "ambush.toml"
    path.write_text(scenario + "\n" + orders, encoding="utf-8")
    assert main(["play", str(path), "--headless", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Captain Ash charges Wolf 1" in out and "Captain Ash fights Wolf 1" in out
    # the README sends players to this page, not outside the project
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/scenario-format.md" in readme and "shared/" not in readme



def test_the_unit_in_formation_example_sets_up_a_block(tmp_path, capsys):
    text = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```toml\n(.*?)```", text, re.S) if "files = " in b)
    head = 'format = 1\nname = "x"\nruleset = "ninth-age"\n[table]\nwidth = 48\nheight = 48\n'
    path = tmp_path / "block.toml"
    path.write_text(head + block, encoding="utf-8")
    assert main(["play", str(path), "--headless", "--json", "--seed", "1"]) == 0
    unit = json.loads(capsys.readouterr().out)["units"]["spears"]
    # 20 models, 5 a rank: four ranks
    assert (unit["models_left"], unit["files"], unit["ranks"]) == (20, 5, 4)

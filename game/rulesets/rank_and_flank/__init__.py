"""The engine the rank-and-flank rulesets share: units in formation, player turns of phases."""

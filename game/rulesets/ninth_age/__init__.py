"""ninth-age: The 9th Age (2nd edition) on the rank-and-flank engine: units in formation of
multipart models, player turns of five phases, charges, Initiative Steps by Agility, the Combat
Score, Break Tests, flight and pursuit, and the five Special Attacks of seed 001. See
docs/rules/ninth-age.md."""

from game.rulesets.ninth_age.advisor import NinthAgeAdvisor
from game.rulesets.ninth_age.editor import NinthAgeEditor
from game.rulesets.ninth_age.presenter import NinthAgePresenter
from game.rulesets.ninth_age.ruleset import NinthAge

RULESET = NinthAge(presenter=NinthAgePresenter, advisor=NinthAgeAdvisor, editor=NinthAgeEditor)

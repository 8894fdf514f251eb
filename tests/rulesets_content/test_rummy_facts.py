"""Ripper rummy: deck composition, deals, the fixed scores of the seed, and playtest labels."""

from __future__ import annotations

import pytest
from gaslight.domain.rules.ruleset import resolve

from tests.rulesets_content.conftest import load_ruleset_file

RUMMY, _ = load_ruleset_file("ripper-rummy")
VARIANTS = [None, *(v.id for v in RUMMY.variants)]
EVIDENCE = ("suspects * evidence_per_suspect", "wild_cards", "letter_cards")
GAVELS = ("suspect_gavels", "alibi_gavels", "victim_gavels", "scene_gavels", "commissioner_gavels", "strike_gavels")
# Point values the seed (or the public facts in the rulings) fixes; every other point value is ours.
FROM_THE_SOURCE = {"letter_points", "ripper_escape_points", "vote_points"}


def count(params, names: tuple[str, ...]) -> int:
    total = 0
    for name in names:
        if "*" in name:
            left, right = (part.strip() for part in name.split("*"))
            total += params[left] * params[right]
        else:
            total += params[name]
    return total


@pytest.mark.parametrize(("players", "cards"), [("2", 10), ("3", 9), ("4", 8)])
def test_deal_by_player_count(players: str, cards: int) -> None:
    assert resolve(RUMMY).parameters["hand_size_by_players"][players] == cards


@pytest.mark.parametrize("variant", VARIANTS)
def test_deck_is_36_evidence_25_gavel_and_the_escape(variant: str | None) -> None:
    params = resolve(RUMMY, variant).parameters
    assert (count(params, EVIDENCE), count(params, GAVELS), params["escape_cards"]) == (36, 25, 1)


@pytest.mark.parametrize(("name", "value"), [
    ("target_score", 100), ("ripper_escape_points", 35), ("letter_points", 3), ("vote_points", 10),
    ("jack_multiplier", 2), ("escape_penalty_per_victim", 2), ("victims_for_escape", 5), ("victim_draw", 2),
    ("strike_reveal", 5), ("meld_size", 3), ("suspects", 6), ("evidence_per_suspect", 5),
])
def test_fixed_values_of_the_seed(name: str, value: int) -> None:
    assert resolve(RUMMY).parameters[name] == value


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_deal_leaves_a_case_file(variant: str | None) -> None:
    params = resolve(RUMMY, variant).parameters
    deck = count(params, EVIDENCE) + count(params, GAVELS) + params["escape_cards"]
    left = {players: deck - int(players) * cards - 1 for players, cards in params["hand_size_by_players"].items()}
    assert min(left.values()) > 0


def test_point_values_not_in_the_source_are_labelled_playtest() -> None:
    ours = [p for p in RUMMY.parameters if p.name.endswith("_points") and p.name not in FROM_THE_SOURCE]
    unlabelled = [p.name for p in ours if "(playtest)" not in p.title or "Playtest value" not in p.description]
    assert (len(ours), unlabelled) == (6, [])


@pytest.mark.parametrize(("variant", "rule_id", "phrase"), [
    (None, "rummy.setup", "10 each with two players, 9 each with three and 8 each with four"),
    (None, "rummy.deck", "The deck has 62 cards"),
    (None, "rummy.scoring.escapes", "Ripper Escape scores 35"),
    (None, "rummy.scoring.game", "reaches 100 or more"),
    ("high-stakes", "rummy.scoring.game", "reaches 150 or more"),
    ("high-stakes", "rummy.scoring.escapes", "Ripper Escape scores 45"),
    ("open-votes", "rummy.scoring.escapes", "voted for that suspect scores 10"),
])
def test_rule_text_shows_the_numbers(variant: str | None, rule_id: str, phrase: str) -> None:
    stack = list(resolve(RUMMY, variant).rules)
    texts = {}
    while stack:
        rule = stack.pop()
        texts[rule.id] = " ".join(rule.text.split())
        stack += rule.rules
    assert phrase in texts[rule_id]

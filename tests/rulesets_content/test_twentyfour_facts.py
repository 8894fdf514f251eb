"""24: hour cards, seasons, layout, dice, skills and the three-player stand-in."""

from __future__ import annotations

import pytest
from gaslight.domain.rules.ruleset import resolve

from tests.rulesets_content.conftest import load_ruleset_file

TWENTY_FOUR, _ = load_ruleset_file("twenty-four")
VARIANTS = [None, *(v.id for v in TWENTY_FOUR.variants)]


def rules_by_id(variant: str | None) -> dict[str, object]:
    stack, found = list(resolve(TWENTY_FOUR, variant).rules), {}
    while stack:
        rule = stack.pop()
        found[rule.id] = rule
        stack += rule.rules
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_detective_has_24_hours(variant: str | None) -> None:
    params = resolve(TWENTY_FOUR, variant).parameters
    cards = params["action_card_values"]
    assert (cards, sum(cards), params["hours_per_season"]) == ((0, 0, 1, 2, 3, 3, 4, 5, 6), 24, 24)


@pytest.mark.parametrize("variant", VARIANTS)
def test_two_rounds_of_cards_use_the_whole_hand(variant: str | None) -> None:
    params = resolve(TWENTY_FOUR, variant).parameters
    hand = len(params["action_card_values"]) + 1  # the numbered cards and Hero Time
    assert 2 * params["incidents_per_season"] == hand


@pytest.mark.parametrize(("name", "value"), [
    ("seasons", 3), ("incidents_per_season", 5), ("places", 2), ("detectives", 5), ("players_min", 3),
    ("players_max", 5), ("assist_cards", 14), ("assist_points", 1), ("coop_set_size", 3), ("die_faces", 8),
    ("green_bonus", (1, 2)), ("red_bonus", (2, 3)), ("green_damage", 1), ("red_damage", 2),
    ("injury_threshold", 2), ("tough_injury_threshold", 3), ("death_bonus_base", 6), ("skills_from_season", 2),
    ("hero_clash_value", 0), ("hero_clash_skill_value", 3), ("mastermind_value", 6),
])
def test_default_numbers(name: str, value: object) -> None:
    assert resolve(TWENTY_FOUR).parameters[name] == value


def test_thirty_incident_cards_in_six_suits_topped_by_the_mastermind() -> None:
    params = resolve(TWENTY_FOUR).parameters
    suits, values = params["suits"], params["suit_values"]
    assert (len(suits), len(suits) * len(values), max(values)) == (6, 30, params["mastermind_value"])


@pytest.mark.parametrize(("variant", "column"), [(None, 5), ("seed-text-hidden-column", 4)])
def test_face_down_column(variant: str | None, column: int) -> None:
    params = resolve(TWENTY_FOUR, variant).parameters
    assert (params["hidden_column"], 1 <= column <= params["incidents_per_season"]) == (column, True)


def test_five_detective_skills() -> None:
    skills = rules_by_id(None)["twentyfour.skills"]
    assert len(skills.rules) == resolve(TWENTY_FOUR).parameters["detectives"] == 5


def test_the_stand_in_is_part_of_the_base_rules_with_three_players() -> None:
    """Seed 001: with three players a stand-in detective is required, not optional."""
    rules = rules_by_id(None)
    for rule_id in ("twentyfour.setup.npc", "twentyfour.season.npc-cards"):
        assert (rules[rule_id].active, rules[rule_id].option) == (True, None)
        assert rules[rule_id].text.startswith("With three players")
    assert "npc" not in resolve(TWENTY_FOUR).options


@pytest.mark.parametrize(("variant", "rule_id", "phrase"), [
    (None, "twentyfour.season.placement", "the cards of column 5 are dealt face down"),
    ("seed-text-hidden-column", "twentyfour.season.placement", "the cards of column 4 are dealt face down"),
    (None, "twentyfour.season.last-season", "In season 3,"),
    (None, "twentyfour.season.last-season", "the whole first-place row face down"),
    (None, "twentyfour.components", "hours 0, 0, 1, 2, 3, 3, 4, 5, 6 (adding up to 24) and one Hero Time"),
    ("draft-assists", "twentyfour.scoring", "2 for each assist card"),
])
def test_rule_text_shows_the_numbers(variant: str | None, rule_id: str, phrase: str) -> None:
    assert phrase in " ".join(rules_by_id(variant)[rule_id].text.split())

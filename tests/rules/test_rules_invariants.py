"""Invariants from the seeds, on the project's resolved rulesets: the defaults and every variant."""

from __future__ import annotations

import pytest
from gaslight.domain.rules.ruleset import resolve
from gaslight.outputs.sheets import movement_sheet_spec

from tests.rules.rulesfix import scenario

RED_CIRCLES = 8  # rulings: the published board has 8 red circles, one women token each on night 1


def variants(game: str) -> list[str | None]:
    return [None, *(v.id for v in scenario(game).variants)]


@pytest.mark.parametrize("variant", variants("hunt"))
def test_women_tokens_are_red_circles_minus_crime_scenes_so_far(variant):
    p = resolve(scenario("hunt"), variant).parameters
    victims = p["victims_per_night"]
    expected = tuple(RED_CIRCLES - sum(victims[:night]) for night in range(p["nights"]))
    assert p["women_per_night"] == expected


@pytest.mark.parametrize("variant", variants("hunt"))
def test_marked_women_are_the_victims_still_to_come(variant):
    p = resolve(scenario("hunt"), variant).parameters
    victims = p["victims_per_night"]
    assert p["marked_women_per_night"] == tuple(sum(victims[night:]) for night in range(p["nights"]))


@pytest.mark.parametrize("variant", variants("hunt"))
def test_every_per_night_list_has_one_entry_per_night(variant):
    p = resolve(scenario("hunt"), variant).parameters
    for name in ("coaches_per_night", "alleys_per_night", "women_per_night", "marked_women_per_night",
                 "victims_per_night"):
        assert len(p[name]) == p["nights"], name


def test_default_hunt_matches_the_seeds():
    p = resolve(scenario("hunt")).parameters
    assert (p["coaches_per_night"], p["alleys_per_night"], p["victims_per_night"]) == (
        (3, 2, 2, 1), (2, 2, 1, 1), (1, 1, 2, 1))
    assert (p["police_count"], p["fake_patrols"]) == (5, 2)


def test_default_movement_sheet_has_twenty_boxes_per_night():
    sheet = movement_sheet_spec(resolve(scenario("hunt")))
    assert sheet.boxes_per_night == 20
    assert sheet.labels == ("V", "IV", "III", "II", "I", *map(str, range(1, 16)))


@pytest.mark.parametrize("variant", variants("hunt"))
def test_sheet_boxes_follow_the_track_parameters(variant):
    effective = resolve(scenario("hunt"), variant)
    p = effective.parameters
    assert movement_sheet_spec(effective).boxes_per_night == len(p["time_of_crime_spaces"]) + p["moves_per_night"]


def test_long_night_variant_gives_twenty_two_boxes():
    long_nights = [v.id for v in scenario("hunt").variants
                   if resolve(scenario("hunt"), v.id).parameters["moves_per_night"] == 17]
    assert long_nights
    for variant in long_nights:
        assert movement_sheet_spec(resolve(scenario("hunt"), variant)).boxes_per_night == 22


def test_seed_003_hideout_variant_switches_the_hideout_option():
    assert resolve(scenario("hunt")).options["no_special_move_onto_hideout"] is False
    assert resolve(scenario("hunt"), "seed-003-hideout").options["no_special_move_onto_hideout"] is True


@pytest.mark.parametrize("variant", variants("twentyfour"))
def test_each_detectives_action_cards_sum_to_the_hours(variant):
    p = resolve(scenario("twentyfour"), variant).parameters
    assert sum(p["action_card_values"]) == p["hours_per_season"] == 24
    assert sorted(p["action_card_values"]) == [0, 0, 1, 2, 3, 3, 4, 5, 6]


@pytest.mark.parametrize("variant", variants("rummy"))
def test_rummy_deals_ten_nine_eight(variant):
    p = resolve(scenario("rummy"), variant).parameters
    assert dict(p["hand_size_by_players"]) == {"2": 10, "3": 9, "4": 8}


@pytest.mark.parametrize("game", ["hunt", "walton", "rummy", "twentyfour"])
def test_every_variant_resolves_and_keeps_rule_ids_unique(game):
    for variant in variants(game):
        ids = [rule.id for rule in resolve(scenario(game), variant).walk()]
        assert len(ids) == len(set(ids)) and ids

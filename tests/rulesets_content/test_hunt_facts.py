"""Whitechapel hunt: the seeds' numbers and invariants, on the default rules and on every variant."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gaslight.domain.rules.ruleset import resolve
from gaslight.domain.rules.variants import EffectiveRule, EffectiveRuleset

from tests.rulesets_content.conftest import load_ruleset_file

HUNT, _ = load_ruleset_file("whitechapel-hunt")
VARIANTS = [None, *(v.id for v in HUNT.variants)]
RED_CIRCLES = 8  # women tokens on the first night: one per red circle of the board

DEFAULTS = [
    ("nights", 4),
    ("moves_per_night", 15),
    ("time_of_crime_spaces", ("V", "IV", "III", "II", "I")),
    ("police_count", 5),
    ("fake_patrols", 2),
    ("coaches_per_night", (3, 2, 2, 1)),
    ("alleys_per_night", (2, 2, 1, 1)),
    ("women_per_night", (8, 7, 6, 4)),
    ("marked_women_per_night", (5, 4, 3, 1)),
    ("victims_per_night", (1, 1, 2, 1)),
    ("clues_per_false_clue", 5),
    ("letters_nights", (2, 3, 4)),
    ("max_police_steps", 2),
    ("clue_markers", 19),
]


def rules_of(resolved: EffectiveRuleset) -> Iterator[EffectiveRule]:
    stack = list(resolved.rules)
    while stack:
        rule = stack.pop(0)
        yield rule
        stack[:0] = rule.rules


def active_ids(resolved: EffectiveRuleset) -> set[str]:
    return {r.id for r in rules_of(resolved) if r.active}


def rule_text(resolved: EffectiveRuleset, rule_id: str) -> str:
    return next(r.text for r in rules_of(resolved) if r.id == rule_id)


@pytest.mark.parametrize(("name", "value"), DEFAULTS)
def test_default_parameters_follow_the_seeds(name: str, value: object) -> None:
    assert resolve(HUNT).parameters[name] == value


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_per_night_list_has_one_entry_per_night(variant: str | None) -> None:
    params = resolve(HUNT, variant).parameters
    lists = ["coaches_per_night", "alleys_per_night", "women_per_night", "marked_women_per_night",
             "victims_per_night"]
    assert {name: len(params[name]) for name in lists} == dict.fromkeys(lists, params["nights"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_women_tokens_are_red_circles_left_without_a_crime_scene(variant: str | None) -> None:
    params = resolve(HUNT, variant).parameters
    victims = params["victims_per_night"]
    expected = tuple(RED_CIRCLES - sum(victims[:night]) for night in range(params["nights"]))
    assert params["women_per_night"] == expected


@pytest.mark.parametrize("variant", VARIANTS)
def test_marked_women_are_the_victims_still_to_come(variant: str | None) -> None:
    params = resolve(HUNT, variant).parameters
    victims = params["victims_per_night"]
    assert params["marked_women_per_night"] == tuple(sum(victims[night:]) for night in range(params["nights"]))


@pytest.mark.parametrize("variant", VARIANTS)
def test_letter_nights_are_nights_of_the_game(variant: str | None) -> None:
    params = resolve(HUNT, variant).parameters
    assert set(params["letters_nights"]) <= set(range(1, params["nights"] + 1))


@pytest.mark.parametrize(("variant", "boxes"), [(None, 20), ("long-night", 22), ("all-optional-rules", 20)])
def test_movement_sheet_boxes_per_night(variant: str | None, boxes: int) -> None:
    params = resolve(HUNT, variant).parameters
    assert len(params["time_of_crime_spaces"]) + params["moves_per_night"] == boxes


@pytest.mark.parametrize(("variant", "phrase"), [
    (None, "Jack's track has 20 spaces"),
    ("long-night", "Jack's track has 22 spaces"),
    (None, "killing at V leaves him 19."),
    ("long-night", "killing at V leaves him 21."),
    ("long-night", "reaches space 17 and he has not escaped"),
])
def test_track_rule_text_follows_the_parameters(variant: str | None, phrase: str) -> None:
    text = rule_text(resolve(HUNT, variant), "hunt.track")
    assert phrase in " ".join(text.split())


@pytest.mark.parametrize(("variant", "options"), [
    (None, {"letters": False, "false_clues": False, "wide_area_arrest": False,
            "no_special_move_onto_hideout": False}),
    ("seed-003-hideout", {"letters": False, "false_clues": False, "wide_area_arrest": False,
                          "no_special_move_onto_hideout": True}),
    ("all-optional-rules", {"letters": True, "false_clues": True, "wide_area_arrest": True,
                            "no_special_move_onto_hideout": False}),
    ("letters", {"letters": True, "false_clues": False, "wide_area_arrest": False,
                 "no_special_move_onto_hideout": False}),
])
def test_options_by_variant(variant: str | None, options: dict[str, bool]) -> None:
    assert dict(resolve(HUNT, variant).options) == options


@pytest.mark.parametrize(("variant", "on", "off"), [
    (None, {"hunt.jack.special-arrival", "hunt.police.arrest"},
     {"hunt.jack.no-special-arrival", "hunt.optional.letters", "hunt.optional.false-clues",
      "hunt.police.wide-area-arrest"}),
    ("seed-003-hideout", {"hunt.jack.no-special-arrival"}, {"hunt.jack.special-arrival"}),
    ("all-optional-rules", {"hunt.optional.letters.pawn", "hunt.optional.false-clues", "hunt.police.wide-area-arrest",
                            "hunt.jack.letter-pawn"}, set()),
    ("learning-game", set(), {"hunt.night.patrol-peek"}),
])
def test_rules_switched_by_variant(variant: str | None, on: set[str], off: set[str]) -> None:
    active = active_ids(resolve(HUNT, variant))
    assert (on - active, off & active) == (set(), set())


def test_the_four_letters_are_written() -> None:
    letters = next(r for r in rules_of(resolve(HUNT, "letters")) if r.id == "hunt.optional.letters")
    assert [r.id for r in letters.rules] == [
        "hunt.optional.letters.first", "hunt.optional.letters.second",
        "hunt.optional.letters.third", "hunt.optional.letters.pawn"]


@pytest.mark.parametrize(("rule_id", "phrase"), [
    ("hunt.night.special-tokens", "coaches, night by night: 3 / 2 / 2 / 1"),
    ("hunt.night.special-tokens", "alleys, night by night: 2 / 2 / 1 / 1"),
    ("hunt.night.patrols", "7 patrol tokens"),
    ("hunt.police.move", "up to 2 crossings"),
    ("hunt.optional.false-clues", "found 5 clues"),
    ("hunt.setup.hideout", "not** a red circle"),
])
def test_rule_text_shows_parameter_values(rule_id: str, phrase: str) -> None:
    text = rule_text(resolve(HUNT, "all-optional-rules"), rule_id)
    assert phrase in " ".join(text.split())


def test_the_bundle_includes_the_three_optional_rule_variants() -> None:
    assert [r.id for r in HUNT.variant("all-optional-rules").includes] == ["letters", "false-clues", "wide-area-arrest"]


def test_from_night_two_any_patrol_token_goes_where_a_pawn_ended() -> None:
    """Seeds 000 and 003: from the second night five tokens, whatever they are, go where the police pawns stood
    the night before, and the other two on other yellow crossings. The aid said the blanks went on yellow crossings
    (issue 35 §5)."""
    aid = next(rule.aid for rule in rules_of(resolve(HUNT, None)) if rule.id == "hunt.night.patrols")
    assert aid == ("The head hides 5 real and 2 blank patrol tokens: night 1 on yellow crossings; later, 5 of them, "
                   "real or blank, where the pawns ended, the other 2 on other yellow crossings.")

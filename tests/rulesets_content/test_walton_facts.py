"""Walton case game: hand sizes, the round's numbers, difficulty levels, the two-player changes."""

from __future__ import annotations

import pytest
from gaslight.domain.rules.ruleset import resolve

from tests.rulesets_content.conftest import load_ruleset_file

WALTON, _ = load_ruleset_file("walton")


def active(variant: str | None) -> set[str]:
    stack, ids = list(resolve(WALTON, variant).rules), set()
    while stack:
        rule = stack.pop()
        if rule.active:
            ids.add(rule.id)
        stack += rule.rules
    return ids


@pytest.mark.parametrize(("variant", "expected"), [
    (None, {"cards_per_case": 70, "hand_size": 6, "keep_after_round": 3, "draw_if_no_offer": 3,
            "references_per_turn": 2, "card_value_min": 1, "card_value_max": 3, "suspect_references": 6,
            "motives_per_suspect": 3, "traces_per_weapon": 2}),
    ("two-players", {"cards_per_case": 70, "hand_size": 6, "keep_after_round": 3, "draw_if_no_offer": 2,
                     "references_per_turn": 4, "card_value_min": 1, "card_value_max": 3, "suspect_references": 6,
                     "motives_per_suspect": 3, "traces_per_weapon": 2}),
])
def test_numbers_by_variant(variant: str | None, expected: dict[str, int]) -> None:
    params = resolve(WALTON, variant).parameters
    assert {name: params[name] for name in expected} == expected


def test_difficulty_levels_and_no_accomplice_at_the_three_easiest() -> None:
    params = resolve(WALTON).parameters
    levels, easy = params["difficulty_levels"], params["levels_without_accomplice"]
    assert (levels, easy, levels[: len(easy)] == easy) == (("I", "A", "B", "C", "D", "E", "S"), ("I", "A", "B"), True)


@pytest.mark.parametrize(("variant", "on", "off"), [
    (None, {"walton.solve.wrong", "walton.turn.no-offer"}, {"walton.solve.app", "walton.turn.two-player-discard"}),
    ("two-players", {"walton.turn.two-player-discard", "walton.solve.wrong"}, {"walton.solve.app"}),
    ("app-check", {"walton.solve.app"}, {"walton.solve.wrong", "walton.turn.two-player-discard"}),
])
def test_rules_switched_by_variant(variant: str | None, on: set[str], off: set[str]) -> None:
    ids = active(variant)
    assert (on - ids, off & ids) == (set(), set())


@pytest.mark.parametrize("variant", [None, "two-players", "app-check"])
def test_a_round_can_always_refill_hands(variant: str | None) -> None:
    params = resolve(WALTON, variant).parameters
    assert 0 <= params["keep_after_round"] < params["hand_size"] < params["cards_per_case"]


def test_each_card_type_has_a_rule() -> None:
    cards = next(r for r in resolve(WALTON).rules if r.id == "walton.cards")
    assert [r.id for r in cards.rules] == [
        "walton.cards.motive", "walton.cards.alibi", "walton.cards.means", "walton.cards.scheme",
        "walton.cards.opportunity"]

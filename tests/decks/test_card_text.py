"""Printed card text held to the ruleset: card text quotes ruleset parameters, and the rules a card summarises
say the same on the card as in the rules (seeds 001 and 002)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import Deck
from gaslight.outputs.deck_cards import printed_deck
from gaslight.project import Project, load_project

from tests.conftest import messages
from tests.decks.conftest import DECKS, RULESETS, deck_of, edited_deck_errors


def printed(project: Project, deck_id: str) -> Deck:
    return printed_deck(project, deck_of(project, deck_id))


def card_text(deck: Deck, card_id: str) -> str:
    return next(c.text for c in deck.cards if c.id == card_id)


def test_anvil_prints_the_rulesets_season_damage_thresholds(bundled: tuple[Project, Report]) -> None:
    """Seed 001: damage builds up over a season; Anvil is hurt only at 3 or more (others at 2)."""
    deck = printed(bundled[0], "twenty-four")
    assert card_text(deck, "detective-anvil") == (
        "Damage seriously injures you, or kills you, only once it reaches 3 in a season (others: 2).")


def test_a_ruleset_change_reaches_the_printed_card(tmp_path: Path) -> None:
    rules = (RULESETS / "twenty-four.yaml").read_text(encoding="utf-8")
    old = "  tough_injury_threshold:\n    type: integer\n    default: 3\n"
    assert rules.count(old) == 1
    (tmp_path / "rules.yaml").write_text(rules.replace(old, old.replace("3", "4")), encoding="utf-8")
    shutil.copy(DECKS / "twenty-four.yaml", tmp_path / "deck.yaml")
    project, report = load_project([tmp_path])
    assert messages(report) == []
    assert "reaches 4 in a season" in card_text(printed(project, "twenty-four"), "detective-anvil")


@pytest.mark.parametrize("kind", ["suspect", "alibi"])
def test_suspect_and_alibi_cards_need_a_meld_anywhere_on_the_table(bundled: tuple[Project, Report], kind: str) -> None:
    """Seed 002: a suspect or alibi card needs a meld of its colour on the table, whoever laid it."""
    deck = printed(bundled[0], "ripper-rummy")
    cards = [c for c in deck.cards if c.type == kind]
    assert len(cards) == (6 if kind == "suspect" else 5)
    for card in cards:
        assert "on the table (anyone's)" in card.text, card.id
        assert "your own" not in card.text and "beside your" not in card.text, card.id


def test_an_unknown_parameter_in_card_text_is_located(tmp_path: Path) -> None:
    assert edited_deck_errors(tmp_path, "twenty-four", "reaches {{ tough_injury_threshold }}",
                              "reaches {{ tough_threshold }}") == [
        "deck.yaml:105:5: error: cards[28].text: deck twenty-four: card 'detective-anvil' uses "
        "'{{ tough_threshold }}' but ruleset 'twenty-four' has no parameter 'tough_threshold' "
        "(fix: did you mean 'tough_injury_threshold'?)"]


def test_card_text_quoting_rules_needs_a_ruleset(tmp_path: Path) -> None:
    shutil.copy(DECKS / "twenty-four.yaml", tmp_path / "deck.yaml")
    _, report = load_project([tmp_path])
    assert [m.split(": error: ")[1] for m in messages(report)] == [
        "cards[28].text: deck twenty-four: card 'detective-anvil' quotes ruleset parameters but the deck has no "
        "ruleset (fix: add the game's ruleset to the project (or its bundled game to gaslight.yaml), or "
        "write the numbers out)"]


def test_a_text_that_cannot_render_is_reported_not_raised(tmp_path: Path) -> None:
    assert edited_deck_errors(tmp_path, "twenty-four", "reaches {{ tough_injury_threshold }}",
                              "reaches {{ range(3) }}") == [
        "deck.yaml:105:5: error: cards[28].text: deck twenty-four: card 'detective-anvil' text cannot be printed: "
        "calls such as range() are not allowed in rule text (fix: check the {{ … }} placeholders against the "
        "parameters)"]

"""The two bundled decks: clean under 'gaslight check', with the composition the issue asks for."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from gaslight.cli import main
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import Deck
from gaslight.project import Project, load_project

from tests.conftest import messages
from tests.decks.conftest import DECKS, RULESETS, deck_of, edited_deck_errors

deck = deck_of


def counts(d: Deck, key: Callable[..., object]) -> Counter[object]:
    return Counter(key(card) for card in d.expanded())


def test_both_decks_check_clean_with_their_rulesets(bundled: tuple[Project, Report]) -> None:
    project, report = bundled
    assert messages(report) == []
    assert sorted(d.id for d in project.of_kind("deck")) == ["ripper-rummy", "twenty-four"]


def test_gaslight_check_on_the_decks_exits_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(DECKS)]) == 0
    rulesets = ", ".join(os.path.relpath(RULESETS / name) for name in ("ripper-rummy.yaml", "twenty-four.yaml"))
    assert capsys.readouterr().out.splitlines() == [f"checked {DECKS} with what it needs: {rulesets}",
                                                    "0 errors, 0 warnings"]


def test_ripper_rummy_has_the_62_cards_of_the_issue(bundled: tuple[Project, Report]) -> None:
    d = deck(bundled[0], "ripper-rummy")
    assert d.size == 62
    by_type = counts(d, lambda c: c.type)
    assert by_type == {"evidence": 30, "wild": 2, "letter": 4, "suspect": 6, "alibi": 5, "victim": 5, "scene": 5,
                       "resigns": 2, "strike": 2, "escape": 1}
    evidence = counts(d, lambda c: c.suit if c.type == "evidence" else None)
    del evidence[None]
    assert sorted(evidence.values()) == [5] * 6
    suspects = [s for s in d.suits if s.group == "suspect"]
    assert sorted(s.rank for s in suspects) == [1, 2, 3, 4, 5, 6]
    assert all(c.value == 3 for c in d.cards if c.type == "letter")
    assert [c.value for c in d.cards if c.type == "escape"] == [35]
    # Every value the seed does not give is labelled a playtest value.
    assert all(c.playtest for c in d.cards if c.value is not None and c.type not in ("letter", "escape"))


def test_twenty_four_has_the_components_of_the_issue(bundled: tuple[Project, Report]) -> None:
    d = deck(bundled[0], "twenty-four")
    by_group = counts(d, lambda c: d.type_of(c).group)
    assert by_group == {"incident": 30, "detective": 5, "action": 50, "assist": 14, "bonus": 6}
    assert counts(d, lambda c: c.type)["hero"] == 5
    for suit in (s.id for s in d.suits if s.group == "incident"):
        assert sorted(c.value for c in d.expanded() if c.type == "incident" and c.suit == suit) == [2, 3, 3, 4, 6]
    for suit in (s.id for s in d.suits if s.group == "detective"):
        hours = sorted(c.value for c in d.expanded() if c.type == "action" and c.suit == suit)
        assert hours == [0, 0, 1, 2, 3, 3, 4, 5, 6] and sum(hours) == 24
        assert [c.name for c in d.expanded() if c.type == "hero" and c.suit == suit] == ["Hero Time"]
    assert sorted(c.value for c in d.cards if c.type == "detective") == [1, 2, 3, 4, 5]
    dice = [p for p in d.components if p.kind == "die"]
    assert [(p.faces, p.copies) for p in dice] == [(8, 1), (8, 1)]
    assert sum(1 for c in d.cards if c.get("skill_id") == "lone-hunter") == 1


def test_a_value_that_disagrees_with_the_ruleset_is_located(tmp_path: Path) -> None:
    found = edited_deck_errors(tmp_path, "ripper-rummy", "name: {en: The postcard, ja: 葉書}, value: 3",
                               "name: {en: The postcard, ja: 葉書}, value: 4")
    assert found == [
        "deck.yaml:98:5: error: cards[20].value: deck ripper-rummy: card 'letter-postcard' is worth 4, ruleset "
        "'ripper-rummy' sets letter_points to 3 (fix: write 'value: 3' or change the ruleset's parameter)",
        "deck.yaml:156:7: error: composition.rules[3]: deck ripper-rummy: type 'letter' has values [3, 3, 3, 4], "
        "composition requires [3, 3, 3, 3] (fix: missing [3]; unexpected [4] on letter-postcard)",
    ]


def test_the_starter_deck_checks_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "my-deck.yaml"
    assert main(["new", "deck", str(target)]) == 0
    capsys.readouterr()
    assert main(["check", str(target)]) == 0
    assert capsys.readouterr().out.strip() == "0 errors, 0 warnings"


def test_composition_rules_linked_to_ruleset_parameters(tmp_path: Path) -> None:
    rules = (RULESETS / "twenty-four.yaml").read_text(encoding="utf-8")
    old = "  assist_cards:\n    type: integer\n    default: 14\n"
    assert rules.count(old) == 1
    (tmp_path / "rules.yaml").write_text(rules.replace(old, old.replace("14", "12")), encoding="utf-8")
    deck_text = (DECKS / "twenty-four.yaml").read_text(encoding="utf-8")
    link = "values_parameter: suit_values}"
    assert deck_text.count(link) == 1
    (tmp_path / "deck.yaml").write_text(deck_text.replace(link, "values_parameter: suit_value}"), encoding="utf-8")
    _, report = load_project([tmp_path])
    found = [m.split(": error: ")[1] for m in messages(report)]
    assert found == [
        "composition.rules[1].values_parameter: deck twenty-four: ruleset 'twenty-four' has no parameter "
        "'suit_value' (fix: did you mean 'suit_values'?)",
        "composition.rules[6]: deck twenty-four: type 'assist' has 14 cards, ruleset 'twenty-four' sets "
        "assist_cards to 12 (fix: add or remove copies so the count matches, or change the ruleset's parameter)",
    ]

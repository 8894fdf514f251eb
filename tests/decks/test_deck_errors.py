"""Deck loading and composition checks: every mistake located, messages pinned."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.project import Project

from tests.conftest import messages

BASE = """\
# yaml-language-server: $schema=../schemas/deck.schema.json
kind: deck
id: mini
title: Mini deck
game: other
suits:
  - {id: red, name: Red, rank: 1}
  - {id: blue, name: Blue, rank: 2}
types:
  - {id: number, name: Number, requires: [suit, value]}
  - id: joker
    name: Joker
    fields:
      copies_as: {type: suit, required: true}
      bonus: {type: integer}
    show: [copies_as]
cards:
  - {id: red-1, type: number, suit: red, name: Red one, value: 1, copies: 2}
  - {id: red-2, type: number, suit: red, name: Red two, value: 2}
  - {id: blue-1, type: number, suit: blue, name: Blue one, value: 1, copies: 2}
  - {id: blue-2, type: number, suit: blue, name: Blue two, value: 2}
  - {id: joker, type: joker, name: Joker, fields: {copies_as: red}}
composition:
  total: 7
  rules:
    - {type: number, suits: [red, blue], count: 3, values: [1, 1, 2], sum: 4}
    - {type: joker, count: 1}
"""

COUNT_FIX = "(fix: add or remove copies so the count matches, or change the rule)"
TOTAL_FIX = "(fix: add or remove cards or copies, or change 'total')"
SUM_FIX = "(fix: change a value or the rule's sum)"

CASES: dict[str, tuple[str, str, list[str]]] = {
    "a missing copy": ("name: Red one, value: 1, copies: 2}", "name: Red one, value: 1}", [
        "mini.yaml:24:10: error: composition.total: deck mini: the deck has 6 cards, "
        f"composition requires 7 {TOTAL_FIX}",
        "mini.yaml:26:7: error: composition.rules[0]: deck mini: type 'number', suit 'red' has 2 cards, "
        f"composition requires 3 {COUNT_FIX}",
        "mini.yaml:26:7: error: composition.rules[0]: deck mini: type 'number', suit 'red' has values [1, 2], "
        "composition requires [1, 1, 2] (fix: missing [1])",
        "mini.yaml:26:7: error: composition.rules[0]: deck mini: type 'number', suit 'red' values sum to 3, "
        f"composition requires 4 {SUM_FIX}",
    ]),
    "an extra card": ("  - {id: joker,", "  - {id: red-3, type: number, suit: red, name: Red three, value: 3}\n"
                      "  - {id: joker,", [
        "mini.yaml:25:10: error: composition.total: deck mini: the deck has 8 cards, "
        f"composition requires 7 {TOTAL_FIX}",
        "mini.yaml:27:7: error: composition.rules[0]: deck mini: type 'number', suit 'red' has 4 cards, "
        f"composition requires 3 {COUNT_FIX}",
        "mini.yaml:27:7: error: composition.rules[0]: deck mini: type 'number', suit 'red' has values [1, 1, 2, 3], "
        "composition requires [1, 1, 2] (fix: unexpected [3] on red-3)",
        "mini.yaml:27:7: error: composition.rules[0]: deck mini: type 'number', suit 'red' values sum to 7, "
        f"composition requires 4 {SUM_FIX}",
    ]),
    "a wrong value": ("name: Blue two, value: 2}", "name: Blue two, value: 5}", [
        "mini.yaml:26:7: error: composition.rules[0]: deck mini: type 'number', suit 'blue' has values [1, 1, 5], "
        "composition requires [1, 1, 2] (fix: missing [2]; unexpected [5] on blue-2)",
        "mini.yaml:26:7: error: composition.rules[0]: deck mini: type 'number', suit 'blue' values sum to 7, "
        f"composition requires 4 {SUM_FIX}",
    ]),
    "an unknown card type": ("{id: blue-2, type: number", "{id: blue-2, type: numbr", [
        "mini.yaml:21:24: error: cards[3].type: card type 'numbr' does not exist "
        "(fix: name one of the deck's types: joker, number)",
    ]),
    "an unknown suit": ("{id: blue-2, type: number, suit: blue", "{id: blue-2, type: number, suit: green", [
        "mini.yaml:21:38: error: cards[3].suit: suit 'green' does not exist "
        "(fix: name one of the deck's suits: blue, red)",
    ]),
    "an undeclared field": ("fields: {copies_as: red}", "fields: {copies_as: red, colour: red}", [
        "mini.yaml:22:76: error: cards[4].fields.colour: type 'joker' has no field 'colour' "
        "(fix: use a field the type declares: bonus, copies_as)",
    ]),
    "a field of the wrong type": ("fields: {copies_as: red}", "fields: {copies_as: red, bonus: two}", [
        "mini.yaml:22:75: error: cards[4].fields.bonus: field 'bonus' must be a whole number "
        "(fix: write a whole number here)",
    ]),
    "a suit field naming no suit": ("fields: {copies_as: red}", "fields: {copies_as: green}", [
        "mini.yaml:22:63: error: cards[4].fields.copies_as: suit 'green' does not exist "
        "(fix: name one of the deck's suits: blue, red)",
    ]),
    "a required field left out": ("fields: {copies_as: red}", "fields: {bonus: 2}", [
        "mini.yaml:22:5: error: cards[4]: a 'joker' card needs the field 'copies_as' "
        "(fix: add 'fields: {copies_as: …}' to this card)",
    ]),
    "a required value left out": ("name: Blue two, value: 2}", "name: Blue two}", [
        "mini.yaml:21:5: error: cards[3]: a 'number' card needs a value (fix: add 'value:' to this card)",
    ]),
    "a repeated card id": ("{id: blue-2,", "{id: blue-1,", [
        "mini.yaml:21:10: error: cards[3].id: id 'blue-1' is already used by cards[2] "
        "(fix: give every entry of 'cards' its own id)",
    ]),
    "a repeated tie-break rank": ("{id: blue, name: Blue, rank: 2}", "{id: blue, name: Blue, rank: 1}", [
        "mini.yaml:8:34: error: suits[1].rank: rank 1 is already used by suit 'red' "
        "(fix: give every suit of a group its own tie-break rank)",
    ]),
    "a rule naming no suit": ("suits: [red, blue]", "suits: [red, bleu]", [
        "mini.yaml:26:35: error: composition.rules[0].suits[1]: suit 'bleu' does not exist "
        "(fix: name one of the deck's suits: blue, red)",
    ]),
    "a shown field that is not declared": ("show: [copies_as]", "show: [copies_as, colour]", [
        "mini.yaml:16:23: error: types[1].show[1]: type 'joker' has no field 'colour' "
        "(fix: list only fields declared under 'fields')",
    ]),
    "a rule that requires nothing": ("    - {type: joker, count: 1}", "    - {type: joker}", [
        "mini.yaml:27:7: error: composition.rules[1]: a mapping matches none of the allowed forms "
        "(fix: give at least one of count, values or sum (or their _parameter forms))",
    ]),
    "a colour that is not #rrggbb": ("{id: red, name: Red, rank: 1}", "{id: red, name: Red, rank: 1, colour: red}", [
        "mini.yaml:7:43: error: suits[0].colour: the text 'red' does not have the expected form (^#[0-9A-Fa-f]{6}$) "
        "(fix: write a colour as #rrggbb, for example #8b1e2d)",
    ]),
}

Check = Callable[..., tuple[Project, Report]]
WriteYaml = Callable[[str, str], Path]


def test_the_base_deck_is_clean(write_yaml: WriteYaml, check: Check) -> None:
    project, report = check(write_yaml("decks/mini.yaml", BASE))
    assert messages(report) == []
    (deck,) = project.of_kind("deck")
    assert deck.size == 7 and len(deck.expanded()) == 7 and len(deck.rules) == 3  # the suits rule applies per suit


@pytest.mark.parametrize("name", list(CASES))
def test_mistakes_are_located_and_explained(name: str, write_yaml: WriteYaml, check: Check) -> None:
    old, new, expected = CASES[name]
    assert BASE.count(old) == 1
    _, report = check(write_yaml("decks/mini.yaml", BASE.replace(old, new)))
    assert messages(report) == expected


def test_every_broken_rule_is_reported_in_one_run(write_yaml: WriteYaml, check: Check) -> None:
    text = BASE.replace("name: Blue two, value: 2}", "name: Blue two, value: 5}").replace(
        "  - {id: joker, type: joker, name: Joker, fields: {copies_as: red}}",
        "  - {id: joker, type: joker, name: Joker, copies: 2, fields: {copies_as: red}}")
    _, report = check(write_yaml("decks/mini.yaml", text))
    assert [m.split(": error: ")[1].split(" (fix")[0] for m in messages(report)] == [
        "composition.total: deck mini: the deck has 8 cards, composition requires 7",
        "composition.rules[0]: deck mini: type 'number', suit 'blue' has values [1, 1, 5], "
        "composition requires [1, 1, 2]",
        "composition.rules[0]: deck mini: type 'number', suit 'blue' values sum to 7, composition requires 4",
        "composition.rules[1]: deck mini: type 'joker' has 2 cards, composition requires 1",
    ]

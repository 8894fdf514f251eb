"""Numbers a file can hold are bounded by the schema: huge or fractional values are located errors, and
the other files of the run are still checked (no raw solver or memory errors)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from gaslight.project import load_project

from tests.conftest import REPO, messages

CASE = sorted((REPO / "scenarios/walton/cases").glob("*.yaml"))[0]


def _project(tmp_path: Path, case_edit: tuple[str, str] | None, copies: str | None) -> list[str]:
    shutil.copy(REPO / "scenarios/walton/mansion.yaml", tmp_path / "mansion.yaml")
    text = CASE.read_text(encoding="utf-8")
    if case_edit:
        text = re.sub(case_edit[0], case_edit[1], text, count=1)
    (tmp_path / "case.yaml").write_text(text, encoding="utf-8")
    shutil.copy(REPO / "scenarios/rulesets/ripper-rummy.yaml", tmp_path / "rules.yaml")
    deck = (REPO / "scenarios/decks/ripper-rummy.yaml").read_text(encoding="utf-8")
    if copies:
        deck = deck.replace("copies: 2", f"copies: {copies}", 1)
    (tmp_path / "deck.yaml").write_text(deck, encoding="utf-8")
    _, report = load_project([tmp_path], deep=True)
    return messages(report)


@pytest.mark.parametrize(("number", "expected"), [
    ("2147483648", "case.yaml:61:13: error: cards[6].number: 2147483648 is too large (maximum 999) "
                   "(fix: write a number of at most 999)"),
    ("7.0", "case.yaml:61:13: error: cards[6].number: expected a whole number, found the number 7.0 "
            "(fix: write it without the decimal point: 7)"),
])
def test_a_card_number_out_of_bounds_is_located_and_the_deck_is_still_checked(tmp_path, number, expected):
    found = _project(tmp_path, (r"number: 7\b", f"number: {number}"), "2.0")
    assert found == [expected, "deck.yaml:70:131: error: cards[0].copies: expected a whole number, found the "
                               "number 2.0 (fix: write how many copies, from 1 to 100)"]


@pytest.mark.parametrize(("copies", "expected"), [
    ("10000000", "deck.yaml:70:131: error: cards[0].copies: 10000000 is too large (maximum 100) "
                 "(fix: write how many copies, from 1 to 100)"),
])
def test_a_deck_cannot_ask_for_millions_of_cards(tmp_path, copies, expected):
    assert _project(tmp_path, None, copies) == [expected]


def test_a_billion_copies_written_as_a_float_is_both_too_many_and_not_whole(tmp_path):
    assert _project(tmp_path, None, "1e9") == [
        "deck.yaml:70:131: error: cards[0].copies: 1000000000.0 is too large (maximum 100) "
        "(fix: write how many copies, from 1 to 100)",
        "deck.yaml:70:131: error: cards[0].copies: expected a whole number, found the number 1000000000.0 "
        "(fix: write how many copies, from 1 to 100)"]

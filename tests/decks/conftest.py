"""The bundled decks with their rulesets, loaded once per test module."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from gaslight.diagnostics import Report
from gaslight.domain.decks.deck import Deck
from gaslight.project import Project, load_project

from tests.conftest import REPO, messages

DECKS = REPO / "scenarios" / "decks"
RULESETS = REPO / "scenarios" / "rulesets"


@pytest.fixture(scope="module")
def bundled() -> tuple[Project, Report]:
    return load_project([DECKS, RULESETS])


def deck_of(project: Project, deck_id: str) -> Deck:
    found = project.by_id("deck", deck_id)
    assert found is not None, deck_id
    return found


def edited_deck_errors(folder: Path, stem: str, old: str, new: str) -> list[str]:
    """The messages of bundled deck ``stem`` with ``old`` written as ``new``, checked with its ruleset in
    ``folder``."""
    shutil.copy(RULESETS / f"{stem}.yaml", folder / "rules.yaml")
    text = (DECKS / f"{stem}.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    (folder / "deck.yaml").write_text(text.replace(old, new), encoding="utf-8")
    _, report = load_project([folder])
    return messages(report)
